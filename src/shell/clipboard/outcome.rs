//! What a copy or a read did, in words for the status bar.

/// What is being copied, for the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Content {
    Fen,
    LichessUrl,
    /// The moves of play mode or playback.
    Pgn,
}

impl Content {
    fn name(self) -> &'static str {
        match self {
            Content::Fen => "FEN",
            Content::LichessUrl => "lichess URL",
            Content::Pgn => "PGN",
        }
    }
}

/// Where the text went, or came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// The desktop clipboard ("X11" or "Wayland"), held by the background holder: it stays
    /// after fenboard exits.
    Desktop(&'static str),
    /// The desktop clipboard owned by fenboard itself (the holder could not start): it goes
    /// when fenboard exits.
    DesktopWhileRunning(&'static str),
    /// An OSC 52 sequence written to the terminal.
    Osc52,
    /// An OSC 52 sequence through tmux with `set-clipboard on` (tmux keeps a buffer).
    Osc52Tmux,
    /// An OSC 52 sequence in a tmux passthrough.
    Osc52Passthrough,
    /// tmux's paste buffer (`load-buffer -w`, which also sends OSC 52 to the terminal).
    TmuxBuffer,
    /// The in-memory clipboard of tests.
    Memory,
}

/// The result of a copy or a read, ready for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Copied {
        content: Content,
        via: Via,
        /// Why the preferred clipboard was not used, when a fallback was.
        fallback_from: Option<String>,
    },
    CopyFailed {
        content: Content,
        reason: String,
    },
    /// Text read for `v`: still to be cleaned up and loaded.
    Read {
        text: String,
        via: Via,
    },
    ReadFailed {
        reason: String,
    },
    /// `d`: the diagram's files written; `copied` says where the image went, or why not.
    Exported {
        svg: String,
        png: String,
        copied: Result<String, String>,
    },
    ExportFailed {
        reason: String,
    },
}

impl Outcome {
    /// The status bar line.
    pub fn message(&self) -> String {
        match self {
            Outcome::Copied {
                content,
                via,
                fallback_from,
            } => {
                let what = content.name();
                let how = match via {
                    Via::Desktop(name) => format!("{what} copied ({name} clipboard)"),
                    Via::DesktopWhileRunning(name) => {
                        format!("{what} copied ({name} clipboard, only while fenboard runs)")
                    }
                    Via::Osc52 => format!("{what} copied via OSC 52"),
                    Via::Osc52Tmux => format!("{what} copied via OSC 52 (tmux clipboard)"),
                    Via::Osc52Passthrough => {
                        format!("{what} copied via OSC 52 (tmux passthrough)")
                    }
                    Via::TmuxBuffer => format!("{what} copied to the tmux buffer"),
                    Via::Memory => format!("{what} copied (memory clipboard)"),
                };
                match fallback_from {
                    Some(why) => format!("{how}; {why}"),
                    None => how,
                }
            }
            Outcome::CopyFailed { content, reason } => {
                format!("Could not copy the {}: {reason}", content.name())
            }
            Outcome::Read { via, .. } => match via {
                Via::TmuxBuffer => "Pasted from the tmux buffer".into(),
                Via::Memory => "Pasted from the memory clipboard".into(),
                Via::Desktop(name) | Via::DesktopWhileRunning(name) => {
                    format!("Pasted from the {name} clipboard")
                }
                Via::Osc52 | Via::Osc52Tmux | Via::Osc52Passthrough => "Pasted".into(),
            },
            Outcome::ReadFailed { reason } => format!("Cannot read the clipboard: {reason}"),
            Outcome::Exported { svg, png, copied } => {
                // One line: the PNG is named like the SVG, so only its extension is repeated.
                let png = match png.strip_suffix(".png") {
                    Some(stem) if svg.strip_suffix(".svg") == Some(stem) => ".png",
                    _ => png,
                };
                match copied {
                    Ok(via) => format!("Diagram written: {svg} + {png}; image copied ({via})"),
                    Err(why) => format!("Diagram written: {svg} + {png}; image not copied: {why}"),
                }
            }
            Outcome::ExportFailed { reason } => format!("Diagram not written: {reason}"),
        }
    }

    /// Whether the status bar should show this as an error.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Outcome::CopyFailed { .. } | Outcome::ReadFailed { .. } | Outcome::ExportFailed { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copied(content: Content, via: Via) -> String {
        Outcome::Copied {
            content,
            via,
            fallback_from: None,
        }
        .message()
    }

    #[test]
    fn messages_say_what_happened() {
        assert_eq!(
            copied(Content::Fen, Via::Desktop("X11")),
            "FEN copied (X11 clipboard)"
        );
        assert_eq!(copied(Content::Fen, Via::Osc52), "FEN copied via OSC 52");
        assert_eq!(
            copied(Content::LichessUrl, Via::Desktop("Wayland")),
            "lichess URL copied (Wayland clipboard)"
        );
        assert_eq!(copied(Content::Pgn, Via::Osc52), "PGN copied via OSC 52");
        assert_eq!(
            copied(Content::Fen, Via::TmuxBuffer),
            "FEN copied to the tmux buffer"
        );
        let fallback = Outcome::Copied {
            content: Content::Fen,
            via: Via::Osc52,
            fallback_from: Some("no X11 clipboard: connection refused".into()),
        };
        assert_eq!(
            fallback.message(),
            "FEN copied via OSC 52; no X11 clipboard: connection refused"
        );
        assert!(!fallback.is_error());
    }

    #[test]
    fn failures_say_why() {
        let failed = Outcome::CopyFailed {
            content: Content::Fen,
            reason: "nothing to copy".into(),
        };
        assert_eq!(failed.message(), "Could not copy the FEN: nothing to copy");
        assert!(failed.is_error());
        let read = Outcome::ReadFailed {
            reason: "no display".into(),
        };
        assert_eq!(read.message(), "Cannot read the clipboard: no display");
        assert!(read.is_error());
    }
}

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
    /// The status bar line, in English (tests and logs).
    pub fn message(&self) -> String {
        self.message_in(crate::i18n::Lang::En)
    }

    /// The status bar line in `lang` (the reasons from the system stay as it gave them).
    pub fn message_in(&self, lang: crate::i18n::Lang) -> String {
        use crate::i18n::{fmt, tr};
        match self {
            Outcome::Copied {
                content,
                via,
                fallback_from,
            } => {
                let what = content.name();
                let (id, name) = match via {
                    Via::Desktop(name) => ("clip-copied-desktop", *name),
                    Via::DesktopWhileRunning(name) => ("clip-copied-desktop-while-running", *name),
                    Via::Osc52 => ("clip-copied-osc52", ""),
                    Via::Osc52Tmux => ("clip-copied-osc52-tmux", ""),
                    Via::Osc52Passthrough => ("clip-copied-osc52-passthrough", ""),
                    Via::TmuxBuffer => ("clip-copied-tmux-buffer", ""),
                    Via::Memory => ("clip-copied-memory", ""),
                };
                let how = fmt(lang, id, &[("what", what.into()), ("name", name.into())]);
                match fallback_from {
                    Some(why) => format!("{how}; {why}"),
                    None => how,
                }
            }
            Outcome::CopyFailed { content, reason } => fmt(
                lang,
                "clip-copy-failed",
                &[("what", content.name().into()), ("reason", reason.into())],
            ),
            Outcome::Read { via, .. } => match via {
                Via::TmuxBuffer => tr(lang, "clip-pasted-tmux-buffer").into(),
                Via::Memory => tr(lang, "clip-pasted-memory").into(),
                Via::Desktop(name) | Via::DesktopWhileRunning(name) => {
                    fmt(lang, "clip-pasted-desktop", &[("name", (*name).into())])
                }
                Via::Osc52 | Via::Osc52Tmux | Via::Osc52Passthrough => {
                    tr(lang, "clip-pasted").into()
                }
            },
            Outcome::ReadFailed { reason } => {
                fmt(lang, "clip-read-failed", &[("reason", reason.into())])
            }
            Outcome::Exported { svg, png, copied } => {
                // One line: the PNG is named like the SVG, so only its extension is repeated.
                let png = match png.strip_suffix(".png") {
                    Some(stem) if svg.strip_suffix(".svg") == Some(stem) => ".png",
                    _ => png,
                };
                let files = [("svg", svg.as_str().into()), ("png", png.into())];
                match copied {
                    Ok(via) => fmt(
                        lang,
                        "diagram-written-copied",
                        &[files[0].clone(), files[1].clone(), ("via", via.into())],
                    ),
                    Err(why) => fmt(
                        lang,
                        "diagram-written-not-copied",
                        &[files[0].clone(), files[1].clone(), ("why", why.into())],
                    ),
                }
            }
            Outcome::ExportFailed { reason } => {
                fmt(lang, "diagram-not-written", &[("reason", reason.into())])
            }
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

//! What the editor's terminal runtime says outside the screen's panels: on stderr when the
//! terminal, its input or the signals cannot be had, after quitting, when a signal ends the
//! editor, and the rescue files found at opening. Messages with an id are in `locales/*.ftl`
//! (`crate::i18n`); the ones printed when the program cannot go on stay English.

use crate::i18n::{Lang, Msg, fmt};

/// On stderr after quitting that way.
pub const QUIT_UNREAD_NOTE: Msg = Msg("quit-unread-note");

// The editor's own messages on stderr.
pub const NO_SIGNALS: &str = "cannot watch the signals that end a process";
pub const NO_TERMINAL: &str = "cannot use the terminal (/dev/tty)";
pub const NO_INPUT: &str = "cannot watch the terminal for input";
pub const NO_COLLECTION: &str = "no collection is open";

/// The final FEN could not go to stdout: it is given here instead.
pub fn fen_not_written(fen: &str, why: &str) -> String {
    format!("cannot write the FEN to stdout: {why}; it was: {fen}")
}

/// Rescue files (`FILE.save`, `FILE.save.1`, …) newer than the file opened, every one named:
/// the first with its folder, the others beside it by their names alone.
pub fn newer_rescues(lang: Lang, paths: &[std::path::PathBuf]) -> Option<String> {
    let (first, rest) = paths.split_first()?;
    let mut names = first.display().to_string();
    for p in rest {
        let name = p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        names.push_str(", ");
        names.push_str(&name);
    }
    // The names first: a narrow message line cuts the end.
    Some(fmt(
        lang,
        "newer-rescues",
        &[("names", names.as_str().into()), ("n", paths.len().into())],
    ))
}

/// A Popeye input opened: where it saves, whether that file is there already, how many of its
/// problems did not read.
pub fn popeye_opened(lang: Lang, inp: &str, epd: &str, exists: bool, unread: usize) -> String {
    fmt(
        lang,
        "popeye-opened",
        &[
            ("inp", inp.into()),
            ("epd", epd.into()),
            ("exists", if exists { "yes" } else { "no" }.into()),
            ("unread", unread.into()),
        ],
    )
}

/// Killed by `signal`, the unsaved changes went to `path`.
pub fn rescued(signal: &str, path: &str) -> String {
    format!("{signal}: unsaved changes written to {path}")
}

pub fn rescue_failed(signal: &str, why: &str) -> String {
    format!("{signal}: unsaved changes lost: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_newer_rescue_is_named() {
        use std::path::PathBuf;
        assert_eq!(newer_rescues(Lang::En, &[]), None);
        let one = newer_rescues(Lang::En, &[PathBuf::from("d/a.fen.save")]).unwrap();
        assert!(
            one.starts_with("d/a.fen.save: unsaved changes from a killed session"),
            "{one}"
        );
        let three = newer_rescues(
            Lang::En,
            &[
                PathBuf::from("d/a.fen.save"),
                PathBuf::from("d/a.fen.save.1"),
                PathBuf::from("d/a.fen.save.2"),
            ],
        )
        .unwrap();
        assert!(
            three.starts_with("d/a.fen.save, a.fen.save.1, a.fen.save.2: unsaved changes"),
            "{three}"
        );
    }
}

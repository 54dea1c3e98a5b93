//! The program's command line and the one way its own messages reach the user, shared by the
//! subcommands (`crate::cmd`) and the editor's terminal runtime (`crate::tui`).
//!
//! Every subcommand is `run(args) -> Result<ExitCode>`: its normal output goes to stdout, and
//! whatever stops it short comes back as a `Failure` that `main` prints through `report`, the
//! one path to stderr for the program's own messages.

use std::fmt;

pub mod args;
pub mod output;

/// The language of the program's screen and human output, chosen once in `main`.
static LANG: std::sync::OnceLock<crate::i18n::Lang> = std::sync::OnceLock::new();

/// Chooses the language: `--lang` when given, else the locale of the environment.
pub fn set_lang(arg: Option<args::LangArg>) {
    let lang = arg.map_or_else(
        || crate::i18n::detect(|name| std::env::var(name).ok()),
        args::LangArg::lang,
    );
    let _ = LANG.set(lang);
}

/// `--notation`, when given: how moves are written instead of the language's default.
static NOTATION: std::sync::OnceLock<Option<crate::core::notation::Notation>> =
    std::sync::OnceLock::new();

pub fn set_notation(wanted: Option<crate::core::notation::Notation>) {
    let _ = NOTATION.set(wanted);
}

/// `--notation` as given, for every game.
pub fn notation_override() -> Option<crate::core::notation::Notation> {
    NOTATION.get().copied().flatten()
}

/// How moves of `game` are written: `--notation` when it fits the game, else the language's.
pub fn notation(game: crate::core::Game) -> crate::core::notation::Notation {
    let wanted = NOTATION.get().copied().flatten();
    crate::core::notation::Notation::chosen(wanted, lang().code(), game)
}

/// The language chosen (English before `set_lang`, as in tests).
pub fn lang() -> crate::i18n::Lang {
    LANG.get().copied().unwrap_or_default()
}

/// Why a command stopped: the lines to tell the user and the exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub status: u8,
    pub lines: Vec<String>,
}

impl Failure {
    /// A failure with one line of explanation.
    pub fn new(status: u8, line: impl Into<String>) -> Failure {
        Failure {
            status,
            lines: vec![line.into()],
        }
    }

    /// More lines of explanation after those already there.
    pub fn with_lines(mut self, lines: impl IntoIterator<Item = String>) -> Failure {
        self.lines.extend(lines);
        self
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

impl std::error::Error for Failure {}

/// What a subcommand returns.
pub type Result<T> = std::result::Result<T, Failure>;

/// Prints the program's own message `line` for `command` (`""` for the editor) on stderr:
/// `fenboard perft: …`.
pub fn report(command: &str, line: &str) {
    eprintln!("{}", message(command, line));
}

/// A line as `report` prints it.
pub fn message(command: &str, line: &str) -> String {
    if command.is_empty() {
        format!("fenboard: {line}")
    } else {
        format!("fenboard {command}: {line}")
    }
}

/// Reports every line of a failure and gives its exit status.
pub fn exit_with(command: &str, failure: &Failure) -> std::process::ExitCode {
    for line in &failure.lines {
        report(command, line);
    }
    std::process::ExitCode::from(failure.status)
}

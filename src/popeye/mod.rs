//! Popeye's problem language: reading an input file (`.inp`) into problems, each one a record
//! fenboard solves and keeps (`problem.rs`), and writing a record back as Popeye input
//! (`write.rs`).
//!
//! Only the orthodox part is read: `begin`, `pieces` (Popeye's letters, S for the knight),
//! `forsyth`, `stipulation`, `option`, `twin`, `author`, `origin`, `title`, `award`,
//! `remark`, `next`, `end`, in English, French or German (the word that begins the input
//! chooses), abbreviated as Popeye allows and in any case. Anything fairy (a condition, a fairy
//! piece, a neutral man, a fairy option or goal) makes its problem an error naming the word;
//! the problems after it are read as usual.

pub mod problem;
pub mod read;
pub mod words;
pub mod write;

pub use problem::Problem;
pub use read::{Input, read};

use std::ops::Range;

/// Something wrong in a Popeye input: where (a byte span of the text, and its 1-based line and
/// column), a stable code and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub span: Range<usize>,
    pub line: usize,
    pub col: usize,
    pub code: Code,
    pub message: String,
}

/// What kind of problem a diagnostic reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// The input does not begin with `beginproblem` (or its French or German word).
    NoBegin,
    /// A word that is no command where a command is expected.
    UnknownWord,
    /// An abbreviation that begins several keywords.
    Ambiguous,
    /// A fairy condition, piece, colour, option or twin command: fenboard solves orthodox
    /// problems only.
    Fairy,
    /// A piece, square, number or stipulation that does not read.
    BadValue,
    /// A problem with no stipulation or no pieces.
    Incomplete,
    /// A twin command fenboard's twin reader refuses.
    BadTwin,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NoBegin => "popeye_no_begin",
            Code::UnknownWord => "popeye_unknown_word",
            Code::Ambiguous => "popeye_ambiguous",
            Code::Fairy => "popeye_fairy",
            Code::BadValue => "popeye_bad_value",
            Code::Incomplete => "popeye_incomplete",
            Code::BadTwin => "popeye_bad_twin",
        }
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: error[{}]: {}",
            self.line,
            self.col,
            self.code.as_str(),
            self.message
        )
    }
}

/// Whether `text` reads as Popeye input: its first word begins a problem in one of Popeye's
/// languages (`begin`, `beginproblem`, `DebutProbleme`, `AnfangProblem`, abbreviated).
pub fn looks_like_popeye(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.len() >= 3 && words::begin_language(w).is_some())
}

/// The first problem of pasted Popeye text: a whole input, or its commands without
/// `beginproblem` (`pieces white kc8 qd1 black ka8 stipulation #2`); `None` when the text is
/// not Popeye's.
pub fn pasted(text: &str) -> Option<Problem> {
    let first = text.split_whitespace().next()?;
    let read = if looks_like_popeye(text) {
        read::read(text)
    } else {
        let lang = words::Language::ALL.into_iter().find(|&l| {
            first.len() >= 3
                && matches!(
                    words::command(l, first),
                    words::Match::One(
                        words::Command::Pieces
                            | words::Command::Forsyth
                            | words::Command::Stipulation
                    )
                )
        })?;
        let begin = match lang {
            words::Language::English => "beginproblem",
            words::Language::French => "debutprobleme",
            words::Language::German => "anfangproblem",
        };
        read::read(&format!("{begin}\n{text}"))
    };
    read.problems.into_iter().next()
}

/// Whether `path` names a Popeye input (`.inp`, any case).
pub fn is_popeye_path(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("inp"))
}

/// Whether `path` is a Popeye input: named `.inp`, or a file whose first word begins a Popeye
/// problem.
pub fn is_popeye_file(path: &std::path::Path) -> bool {
    use std::io::Read as _;
    if is_popeye_path(path) {
        return true;
    }
    if !path.is_file() {
        return false;
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && looks_like_popeye(&String::from_utf8_lossy(&head))
}

/// The whole text of a Popeye input (at most the largest collection fenboard opens).
pub fn read_file(path: &std::path::Path) -> std::io::Result<String> {
    use std::io::Read as _;
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(crate::collection::MAX_FILE + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > crate::collection::MAX_FILE {
        return Err(std::io::Error::other("too large for a Popeye input"));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

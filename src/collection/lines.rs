//! Splitting a file's bytes into lines without copying them: each line is a byte range of the
//! original buffer plus the line ending that followed it, so that writing the lines back gives
//! the same bytes.

use std::ops::Range;

use crate::core::fen::is_fen_space;

/// The bytes that ended a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eol {
    /// The last line of a file without a final newline.
    None,
    Lf,
    CrLf,
}

impl Eol {
    pub const fn bytes(self) -> &'static [u8] {
        match self {
            Eol::None => b"",
            Eol::Lf => b"\n",
            Eol::CrLf => b"\r\n",
        }
    }
}

/// The UTF-8 byte order mark some editors put at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line of `bytes`: its content (without the line ending) and its line ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    pub content: Range<usize>,
    pub eol: Eol,
}

/// The lines of `bytes[start..]`. Only LF ends a line (a CR before it makes CRLF); a last line
/// without a newline is a line with `Eol::None`; an empty tail after a final newline is no line.
pub fn split(bytes: &[u8], start: usize) -> impl Iterator<Item = RawLine> + '_ {
    let mut pos = start;
    std::iter::from_fn(move || {
        if pos >= bytes.len() {
            return None;
        }
        let begin = pos;
        match bytes[begin..].iter().position(|&b| b == b'\n') {
            Some(n) => {
                let lf = begin + n;
                pos = lf + 1;
                if lf > begin && bytes[lf - 1] == b'\r' {
                    Some(RawLine {
                        content: begin..lf - 1,
                        eol: Eol::CrLf,
                    })
                } else {
                    Some(RawLine {
                        content: begin..lf,
                        eol: Eol::Lf,
                    })
                }
            }
            None => {
                pos = bytes.len();
                Some(RawLine {
                    content: begin..bytes.len(),
                    eol: Eol::None,
                })
            }
        }
    })
}

/// What a line holds, judged on its bytes: the one rule for the editor's collections and
/// `fenboard check` alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Nothing but whitespace, as the FEN reader counts it (space, tab, CR, LF, VT, FF).
    Blank,
    /// First non-blank byte is `#`.
    Comment,
    /// Anything else: a FEN or EPD record, or a line that tries to be one.
    Record,
}

pub fn kind(content: &[u8]) -> Kind {
    match content.iter().find(|&&b| !is_fen_space(b)) {
        None => Kind::Blank,
        Some(b'#') => Kind::Comment,
        Some(_) => Kind::Record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<(&[u8], Eol)> {
        split(bytes, 0)
            .map(|l| (&bytes[l.content], l.eol))
            .collect()
    }

    #[test]
    fn mixed_line_endings_are_told_apart() {
        assert_eq!(
            lines(b"a\r\nb\nc"),
            [
                (&b"a"[..], Eol::CrLf),
                (&b"b"[..], Eol::Lf),
                (&b"c"[..], Eol::None)
            ]
        );
    }

    #[test]
    fn a_lone_cr_stays_in_the_line() {
        assert_eq!(lines(b"a\rb\n"), [(&b"a\rb"[..], Eol::Lf)]);
    }

    #[test]
    fn empty_lines_and_final_newline() {
        assert_eq!(lines(b""), []);
        assert_eq!(lines(b"\n"), [(&b""[..], Eol::Lf)]);
        assert_eq!(
            lines(b"\n\r\n"),
            [(&b""[..], Eol::Lf), (&b""[..], Eol::CrLf)]
        );
    }

    #[test]
    fn lines_put_back_together_give_the_input() {
        let input: &[u8] = b"x\r\n\n  y \r\rz\n\xFF\xFEw";
        let mut out = Vec::new();
        for l in split(input, 0) {
            out.extend_from_slice(&input[l.content]);
            out.extend_from_slice(l.eol.bytes());
        }
        assert_eq!(out, input);
    }

    #[test]
    fn kinds() {
        assert_eq!(kind(b""), Kind::Blank);
        assert_eq!(kind(b" \t\r"), Kind::Blank);
        assert_eq!(kind(b"\x0b"), Kind::Blank);
        assert_eq!(kind(b"\x0c \x0b"), Kind::Blank);
        assert_eq!(kind(b"\x1b"), Kind::Record);
        assert_eq!(kind(b"  # note"), Kind::Comment);
        assert_eq!(kind(b"8/8/8/8/8/8/8/8 w - - 0 1"), Kind::Record);
        assert_eq!(kind(b"\xFF"), Kind::Record);
    }
}

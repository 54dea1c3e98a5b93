//! Reading one record line: where its FEN text is and, for EPD, where its operations are.
//! Nothing is copied; the result is byte ranges of the line's text.

use std::ops::Range;

/// The parts of one record line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The FEN text: the whole trimmed line for FEN, the four fields for EPD.
    pub fen: Range<usize>,
    /// EPD only: the operations (`bm Qg6; id "WAC.001";`), trimmed; empty when there are none.
    pub ops: Option<Range<usize>>,
}

impl Parts {
    pub fn is_epd(&self) -> bool {
        self.ops.is_some()
    }
}

/// Splits a record line. A line is EPD when a fifth field follows the four position fields and
/// starts `;`-terminated operations (see `looks_epd`), or when it has exactly four fields in a
/// file that holds EPD (`epd_file`). Anything else is FEN text, left whole for the FEN reader to judge.
pub fn parts(text: &str, epd_file: bool) -> Parts {
    let mut fields = words(text).peekable();
    // A `FEN:` prefix belongs to the FEN text; it does not count as a field.
    if fields.peek().is_some_and(|w| &text[w.clone()] == "FEN:") {
        fields.next();
    }
    let first: Vec<Range<usize>> = fields.by_ref().take(5).collect();
    let trimmed = trimmed(text);
    match first.len() {
        5 if looks_epd(text, &first) => Parts {
            fen: trimmed.start..first[3].end,
            ops: Some(first[4].start..trimmed.end),
        },
        4 if epd_file => Parts {
            fen: trimmed.clone(),
            ops: Some(trimmed.end..trimmed.end),
        },
        _ => Parts {
            fen: trimmed,
            ops: None,
        },
    }
}

/// The first four whitespace-separated fields of a FEN, joined by single spaces.
pub fn four_fields(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

fn trimmed(text: &str) -> Range<usize> {
    let start = text.len() - text.trim_start().len();
    let end = text.trim_end().len().max(start);
    start..end
}

/// Byte ranges of the whitespace-separated words of `text`.
fn words(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut pos = 0;
    std::iter::from_fn(move || {
        let rest = &text[pos..];
        let start = pos + (rest.len() - rest.trim_start().len());
        if start >= text.len() {
            return None;
        }
        let len = text[start..]
            .find(char::is_whitespace)
            .unwrap_or(text.len() - start);
        pos = start + len;
        Some(start..pos)
    })
}

/// Whether five fields start an EPD record rather than a FEN or a stray line: the fifth is an
/// opcode (a letter, then letters, digits or `_`), not a number (a FEN's halfmove clock), and
/// the operations end with `;`. This is the rule `fenboard check` follows, so that a line is
/// EPD to both; "not a fen at all" stays whole for the FEN reader to complain about.
fn looks_epd(text: &str, fields: &[Range<usize>]) -> bool {
    let opcode = &text[fields[4].clone()];
    opcode
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && opcode
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b';')
        && text[fields[4].start..].contains(';')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, epd_file: bool) -> (&str, Option<&str>) {
        let p = parts(text, epd_file);
        (&text[p.fen], p.ops.map(|o| &text[o]))
    }

    #[test]
    fn a_fen_is_the_whole_trimmed_line() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(split(&format!("  {fen} \t"), false), (fen, None));
        assert_eq!(split(fen, true), (fen, None));
    }

    #[test]
    fn epd_splits_into_four_fields_and_operations() {
        let line =
            "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1  w -  - bm Qg6; id \"WAC.001\"; ";
        assert_eq!(
            split(line, false),
            (
                "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1  w -  -",
                Some("bm Qg6; id \"WAC.001\";")
            )
        );
    }

    #[test]
    fn four_fields_are_epd_only_in_an_epd_file() {
        let line = "8/8/8/8/8/8/8/K6k w - -";
        assert_eq!(split(line, false), (line, None));
        assert_eq!(split(line, true), (line, Some("")));
    }

    #[test]
    fn bad_clocks_keep_the_line_fen() {
        let line = "8/8/8/8/8/8/8/K6k w - - -3 1";
        assert_eq!(split(line, false), (line, None));
    }

    #[test]
    fn fen_prefix_is_not_a_field() {
        let line = "FEN: 8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(split(line, false), (line, None));
    }

    #[test]
    fn short_and_odd_lines_are_fen_text() {
        assert_eq!(split("hello", false), ("hello", None));
        assert_eq!(split("a x c d e", false), ("a x c d e", None));
        assert_eq!(split("a b c d e;", false), ("a b c d", Some("e;")));
        assert_eq!(split("not a fen at all", false), ("not a fen at all", None));
        assert_eq!(split("8/8 w - - bm", false), ("8/8 w - - bm", None));
        assert_eq!(split("8/8 w - - x 1", false), ("8/8 w - - x 1", None));
        assert_eq!(
            split("8/8 w - - 0 1 bm e4;", false),
            ("8/8 w - - 0 1 bm e4;", None)
        );
        assert_eq!(split("8/8 w - - -x;", false), ("8/8 w - - -x;", None));
        assert_eq!(
            split("8/8 w - -  hmvc 3;", false),
            ("8/8 w - -", Some("hmvc 3;"))
        );
        assert_eq!(split("   ", false), ("", None));
        assert_eq!(split("é ü ß ñ 字", false), ("é ü ß ñ 字", None));
    }

    #[test]
    fn four_fields_of_a_fen() {
        assert_eq!(
            four_fields("8/8/8/8/8/8/8/K6k b - - 0 1"),
            "8/8/8/8/8/8/8/K6k b - -"
        );
        assert_eq!(four_fields("8/8 w"), "8/8 w");
    }
}

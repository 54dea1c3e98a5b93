//! The FEN line: the text under the board, shown as the position's FEN and edited as a line.

use std::ops::Range;

use crate::core::fen::{self, Field, Read};
use crate::core::{Diagnostic, Game, Position};

/// The FEN line's text and editing state. Offsets are in characters, like diagnostic spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FenLine {
    pub text: String,
    /// Cursor position in characters, 0..=len.
    pub cursor: usize,
    /// The text is the user's own (typed or a paste that did not read), not the position's FEN.
    pub editing: bool,
    /// The position the text reads as, shown on the board while editing.
    pub preview: Option<Position>,
    /// Reading problems of the text while editing.
    pub diagnostics: Vec<Diagnostic>,
}

impl FenLine {
    /// A line showing a position's FEN.
    pub fn showing(fen: &str) -> FenLine {
        FenLine {
            text: fen.to_owned(),
            cursor: fen.chars().count(),
            ..FenLine::default()
        }
    }

    /// A line holding the user's text with what reading it gave.
    pub fn editing_text(
        text: &str,
        preview: Option<Position>,
        diagnostics: Vec<Diagnostic>,
    ) -> FenLine {
        let text = one_line(text);
        FenLine {
            cursor: text.chars().count(),
            text,
            editing: true,
            preview,
            diagnostics,
        }
    }

    /// Shows a position's FEN again (not editing).
    pub fn show(&mut self, fen: &str) {
        if self.text != fen {
            self.text = fen.to_owned();
            self.cursor = self.cursor.min(self.len());
        }
        self.editing = false;
        self.preview = None;
        self.diagnostics.clear();
    }

    pub fn len(&self) -> usize {
        self.text.chars().count()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The first error's span, clamped to the text.
    pub fn error_span(&self) -> Option<Range<usize>> {
        if !self.editing {
            return None;
        }
        let len = self.len();
        self.diagnostics
            .iter()
            .filter(|d| d.is_error())
            .find_map(|d| d.span.clone())
            .map(|s| s.start.min(len)..s.end.min(len).max(s.start.min(len)))
    }

    fn byte_at(&self, char_index: usize) -> usize {
        self.text
            .char_indices()
            .nth(char_index)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Inserts text at the cursor (control characters become spaces: the line stays one line).
    pub fn insert(&mut self, text: &str) {
        let text = one_line(text);
        let at = self.byte_at(self.cursor);
        self.text.insert_str(at, &text);
        self.cursor += text.chars().count();
    }

    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.len());
    }

    pub fn home(&mut self) {
        self.cursor = 0;
    }

    pub fn end(&mut self) {
        self.cursor = self.len();
    }

    /// Deletes the character before the cursor; false when there is none.
    pub fn backspace(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        let at = self.byte_at(self.cursor);
        self.text.remove(at);
        true
    }

    /// Deletes the character under the cursor; false when there is none.
    pub fn delete(&mut self) -> bool {
        if self.cursor >= self.len() {
            return false;
        }
        let at = self.byte_at(self.cursor);
        self.text.remove(at);
        true
    }

    /// Deletes everything before the cursor; false when there is nothing.
    pub fn delete_to_start(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        let at = self.byte_at(self.cursor);
        self.text.replace_range(..at, "");
        self.cursor = 0;
        true
    }
}

/// The text on one line: line breaks and tabs become spaces, other control characters the
/// replacement character, so that nothing can upset the terminal.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if c.is_control() => '\u{FFFD}',
            c => c,
        })
        .collect()
}

/// Reads `text` as a FEN, telling the game from its shape; a standard-looking chess FEN stays
/// Chess960 while editing Chess960.
pub fn read_fen(text: &str, current: Game) -> Read {
    let read = fen::read(text, None);
    match &read.position {
        Some(pos) if pos.game == Game::Chess && current == Game::Chess960 => {
            fen::read(text, Some(Game::Chess960))
        }
        _ => read,
    }
}

/// Reads a FEN text that may be a whole EPD record (`<fen> id "x"; c0 "y";`): the position from
/// its fields (the diagnostics' spans counted in the whole text; four fields need no clocks),
/// and its operations as written when it has any.
pub fn read_record(text: &str, current: Game) -> (Read, Option<String>) {
    let parts = crate::collection::record::parts(text, false);
    let Some(ops) = parts.ops.clone().filter(|r| !r.is_empty()) else {
        return (read_fen(text, current), None);
    };
    let mut read = read_fen(&text[parts.fen.clone()], current);
    let shift = text[..parts.fen.start].chars().count();
    for d in &mut read.diagnostics {
        if let Some(span) = &mut d.span {
            *span = span.start + shift..span.end + shift;
        }
    }
    if parts.is_four_fields() {
        read.diagnostics
            .retain(|d| d.code != crate::core::Code::MissingFields);
    }
    (read, Some(text[ops].to_owned()))
}

/// Character range of FEN field `field` in `text`, fields being runs of non-whitespace.
pub fn field_span(text: &str, field: Field) -> Option<Range<usize>> {
    let mut index = 0u8;
    let mut start = None;
    let mut count = 0;
    for (i, c) in text.chars().enumerate() {
        count = i + 1;
        match (c.is_whitespace(), start) {
            (false, None) => {
                index += 1;
                start = Some(i);
            }
            (true, Some(s)) => {
                if index == field.number() {
                    return Some(s..i);
                }
                start = None;
            }
            _ => {}
        }
    }
    match start {
        Some(s) if index == field.number() => Some(s..count),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_spans_count_characters() {
        let t = "8/8 w - - 0 1";
        assert_eq!(field_span(t, Field::Placement), Some(0..3));
        assert_eq!(field_span(t, Field::Side), Some(4..5));
        assert_eq!(field_span(t, Field::Fullmove), Some(12..13));
        assert_eq!(field_span("  é  x", Field::Side), Some(5..6));
        assert_eq!(field_span("", Field::Placement), None);
    }

    #[test]
    fn editing_moves_by_characters_not_bytes() {
        let mut line = FenLine::showing("aé");
        line.left();
        line.insert("ü");
        assert_eq!(line.text, "aüé");
        assert!(line.backspace());
        assert!(line.delete());
        assert_eq!(line.text, "a");
        line.home();
        assert!(!line.backspace());
        assert!(line.delete());
        assert!(!line.delete());
        line.insert("xyz");
        line.left();
        assert!(line.delete_to_start());
        assert_eq!((line.text.as_str(), line.cursor), ("z", 0));
        line.end();
        line.right();
        assert_eq!(line.cursor, 1);
    }

    #[test]
    fn control_characters_never_reach_the_line() {
        assert_eq!(one_line("a\nb\tc\u{0}d\u{1b}"), "a b c\u{FFFD}d\u{FFFD}");
    }
}

//! The Record overlay's data: the current record's EPD operations as rows (author and source,
//! id, stipulation, solution, then every other operation as written), the line being typed
//! into one, and what a typed value becomes in the record or why it cannot.

use super::fen_line::FenLine;
use super::solving::{Ask, AskError};
use crate::collection::epd;

/// The rows every record shows, filled or not, before its other operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// `c0`: the author and the source, as composers write them under a diagram.
    Author,
    Id,
    /// `stip "…"`, or `dm N` for a direct mate: what `S` solves.
    Stipulation,
    /// `c1`: the solution, as text.
    Solution,
}

impl Known {
    pub const ALL: [Known; 4] = [
        Known::Author,
        Known::Id,
        Known::Stipulation,
        Known::Solution,
    ];

    /// The opcode the row writes.
    pub const fn opcode(self) -> &'static str {
        match self {
            Known::Author => "c0",
            Known::Id => "id",
            Known::Stipulation => "stip",
            Known::Solution => "c1",
        }
    }

    /// Whether an operation named `code` is this row's.
    fn owns(self, code: &str) -> bool {
        code == self.opcode() || (self == Known::Stipulation && code == "dm")
    }
}

/// What a row of the overlay stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    Known(Known),
    /// Another operation: its place among the record's operations and its opcode.
    Other {
        index: usize,
        code: String,
    },
    /// The last row: a new operation, typed as `opcode operand`.
    New,
}

/// One row: what it is and its value as shown (empty when the record has none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub slot: Slot,
    pub value: String,
}

/// The rows for a record's operations (`ops`, as written) and its stipulation as the editor
/// reads it.
pub fn entries(ops: Option<&str>, stipulation: Option<&str>) -> Vec<Entry> {
    let ops = ops.unwrap_or("");
    let mut rows: Vec<Entry> = Known::ALL
        .iter()
        .map(|&k| Entry {
            slot: Slot::Known(k),
            value: match k {
                Known::Stipulation => stipulation.unwrap_or("").to_owned(),
                _ => epd::operand(ops, k.opcode()).unwrap_or("").to_owned(),
            },
        })
        .collect();
    let mut seen = [false; 4];
    for (index, op) in epd::operations(ops).enumerate() {
        let (code, operand) = split_op(op);
        // The first operation of each known row is that row; any later one is listed as written.
        if let Some(k) = Known::ALL.iter().position(|k| k.owns(code))
            && !std::mem::replace(&mut seen[k], true)
        {
            continue;
        }
        rows.push(Entry {
            slot: Slot::Other {
                index,
                code: code.to_owned(),
            },
            value: operand.to_owned(),
        });
    }
    rows.push(Entry {
        slot: Slot::New,
        value: String::new(),
    });
    rows
}

/// The place of the first operation `known` owns among the record's operations.
pub fn known_index(ops: Option<&str>, known: Known) -> Option<usize> {
    epd::operations(ops.unwrap_or("")).position(|op| known.owns(split_op(op).0))
}

/// An operation's opcode and its operand as written (trimmed).
pub fn split_op(op: &str) -> (&str, &str) {
    let op = op.trim();
    let (code, rest) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
    (code, rest.trim())
}

/// The overlay: the chosen row, and the value being typed into one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordView {
    pub selected: usize,
    pub edit: Option<RecordEdit>,
}

/// A value being typed: which row, the text (the FEN line's editing, cursor and all), and why
/// the last Enter refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordEdit {
    pub slot: Slot,
    pub line: FenLine,
    pub error: Option<ValueError>,
}

/// The longest value the prompt takes, in characters (a record line stays far below the
/// length that stops being a record).
pub const VALUE_MAX: usize = 2000;

/// Why a typed value does not go into the record. Nothing is lost: the text stays in the
/// prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// A text value (author, id, solution) with a `"`: EPD strings have no way to write one.
    Quote,
    /// An operand with a `;` outside quotes, which would end the operation there.
    Semicolon,
    /// An operand with a quote that is not closed.
    OpenQuote,
    /// A new operation that does not start with an opcode (a letter, then letters, digits or
    /// `_`, at most 15).
    Opcode(String),
    /// A new operation with nothing but its opcode is fine; one with no opcode at all is not.
    NoOpcode,
    /// The stipulation does not read.
    Stipulation(AskError),
    /// The record's line would not read back with it (its position text does not leave room
    /// for operations, say).
    DoesNotFit,
}

/// What a typed value does to the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Write this operation (`c0 "A. Composer"`), in place of the row's or after the others.
    Write(String),
    /// Store this stipulation the way `S` does.
    Stipulation(Ask),
    /// An empty value: the row's operation goes.
    Remove,
}

/// Reads what was typed into `slot`'s prompt.
pub fn change(slot: &Slot, typed: &str) -> Result<Change, ValueError> {
    let typed = typed.trim();
    match slot {
        _ if typed.is_empty() && *slot != Slot::New => Ok(Change::Remove),
        Slot::Known(Known::Stipulation) => Ask::parse(typed)
            .map(Change::Stipulation)
            .map_err(ValueError::Stipulation),
        Slot::Known(k) => {
            if typed.contains('"') {
                return Err(ValueError::Quote);
            }
            Ok(Change::Write(format!("{} \"{typed}\"", k.opcode())))
        }
        Slot::Other { code, .. } => {
            operand_ok(typed)?;
            Ok(Change::Write(format!("{code} {typed}")))
        }
        Slot::New => {
            let (code, operand) = split_op(typed);
            if code.is_empty() {
                return Err(ValueError::NoOpcode);
            }
            let opcode = code.len() <= 15
                && code.starts_with(|c: char| c.is_ascii_alphabetic())
                && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !opcode {
                return Err(ValueError::Opcode(code.to_owned()));
            }
            operand_ok(operand)?;
            Ok(Change::Write(match operand {
                "" => code.to_owned(),
                _ => format!("{code} {operand}"),
            }))
        }
    }
}

/// An operand written as typed must stay one operation: no `;` outside quotes, every quote
/// closed.
fn operand_ok(operand: &str) -> Result<(), ValueError> {
    let mut quoted = false;
    for c in operand.chars() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return Err(ValueError::Semicolon),
            _ => {}
        }
    }
    if quoted {
        Err(ValueError::OpenQuote)
    } else {
        Ok(())
    }
}

/// What the prompt of `entry` starts with: a text value without its quotes (it is typed
/// without them), another operation's operand as written, nothing for a new one.
pub fn prefill(entry: &Entry) -> String {
    entry.value.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_rows_come_first_then_the_others_as_written_then_a_new_one() {
        let ops = r#"bm Qg6; c0 "A, 1900"; dm 2; c2 "x; y"; c0 "again";"#;
        let rows = entries(Some(ops), Some("#2"));
        let shown: Vec<(&Slot, &str)> = rows.iter().map(|e| (&e.slot, e.value.as_str())).collect();
        let other = |index, code: &str| Slot::Other {
            index,
            code: code.to_owned(),
        };
        assert_eq!(
            shown,
            [
                (&Slot::Known(Known::Author), "A, 1900"),
                (&Slot::Known(Known::Id), ""),
                (&Slot::Known(Known::Stipulation), "#2"),
                (&Slot::Known(Known::Solution), ""),
                (&other(0, "bm"), "Qg6"),
                (&other(3, "c2"), "\"x; y\""),
                (&other(4, "c0"), "\"again\""),
                (&Slot::New, ""),
            ]
        );
        assert_eq!(known_index(Some(ops), Known::Stipulation), Some(2));
        assert_eq!(known_index(Some(ops), Known::Id), None);
        assert_eq!(entries(None, None).len(), 5);
    }

    #[test]
    fn typed_values_become_operations_or_say_why_not() {
        let author = Slot::Known(Known::Author);
        assert_eq!(
            change(&author, "  Ненад Петрович, 1950; 1st Prize "),
            Ok(Change::Write(
                "c0 \"Ненад Петрович, 1950; 1st Prize\"".into()
            ))
        );
        assert_eq!(change(&author, "say \"hi\""), Err(ValueError::Quote));
        assert_eq!(change(&author, "   "), Ok(Change::Remove));
        let stip = Slot::Known(Known::Stipulation);
        assert!(matches!(change(&stip, "h#2"), Ok(Change::Stipulation(_))));
        assert!(matches!(
            change(&stip, "mate in two"),
            Err(ValueError::Stipulation(_))
        ));
        let bm = Slot::Other {
            index: 0,
            code: "bm".into(),
        };
        assert_eq!(
            change(&bm, "Qg6 Rf7"),
            Ok(Change::Write("bm Qg6 Rf7".into()))
        );
        assert_eq!(change(&bm, "Qg6; Rf7"), Err(ValueError::Semicolon));
        assert_eq!(change(&bm, "\"open"), Err(ValueError::OpenQuote));
        assert_eq!(
            change(&Slot::New, "c2 \"a; b\""),
            Ok(Change::Write("c2 \"a; b\"".into()))
        );
        assert_eq!(change(&Slot::New, "noop"), Ok(Change::Write("noop".into())));
        assert_eq!(change(&Slot::New, ""), Err(ValueError::NoOpcode));
        assert_eq!(
            change(&Slot::New, "2x y"),
            Err(ValueError::Opcode("2x".into()))
        );
        assert_eq!(
            change(&Slot::New, "ü 1"),
            Err(ValueError::Opcode("ü".into()))
        );
    }
}

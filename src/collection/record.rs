//! Reading one record line: where its FEN text is and, when it has any, where its EPD
//! operations are. Nothing is copied; the result is byte ranges of the line's text.
//!
//! Records come in three forms, and an edited record keeps its own:
//! - a FEN (one to six fields, perhaps `FEN:` first), the whole trimmed line;
//! - EPD: four position fields, then operations (`bm Qg6; id "WAC.001";`);
//! - a full six-field FEN, then operations (`… w KQkq - 0 1 ;D1 20 ;D2 400`, the perft suites).
//!
//! Operations either end with `;` (EPD) or are introduced by it (`;D1 20` or `; D1 20`, the
//! perft suites); text after the last `;` is kept too (see `epd::operations`).

use std::ops::Range;

use crate::core::fen::is_fen_space;

/// The parts of one record line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The FEN text: the whole trimmed line for a FEN, the position fields for a record with
    /// operations.
    pub fen: Range<usize>,
    /// The operations (`bm Qg6; id "WAC.001";` or `;D1 20 ;D2 400`), trimmed; empty for a
    /// four-field record in an `.epd` file; `None` for a FEN.
    pub ops: Option<Range<usize>>,
    /// How many position fields precede the operations: 4 (EPD) or 6; 0 for a FEN.
    pub fields: u8,
}

impl Parts {
    /// Whether the record has an operations part (even an empty one): EPD or six fields +
    /// operations.
    pub fn is_epd(&self) -> bool {
        self.ops.is_some()
    }

    /// Whether the position fields are EPD's four (no clocks), so that missing clocks are
    /// normal, not a problem.
    pub fn is_four_fields(&self) -> bool {
        self.fields == 4
    }

    /// The bytes between the position fields and the operations (usually one space; none in
    /// `- 0 1;D1 20`), kept as they were when the record is rewritten.
    pub fn gap(&self) -> Range<usize> {
        match &self.ops {
            Some(ops) => self.fen.end..ops.start,
            None => self.fen.end..self.fen.end,
        }
    }
}

/// Lines longer than this many bytes are not records: they are reported as `line_too_long`
/// (by `fenboard check` and in the editor alike) and not read.
pub use crate::core::fen::MAX_LEN as MAX_LINE;

/// Splits a record line (see the module's comment for the forms). Four fields with nothing
/// after them are EPD only in a file that holds EPD (`epd_file`). A line that fits no form, or
/// is longer than [`MAX_LINE`] (then untrimmed), is FEN text, left whole for the FEN reader to
/// judge.
pub fn parts(text: &str, epd_file: bool) -> Parts {
    if text.len() > MAX_LINE {
        // Whole, untrimmed: the reader judges the line by its length, as `fenboard check` does.
        return Parts {
            fen: 0..text.len(),
            ops: None,
            fields: 0,
        };
    }
    let trimmed = trimmed(text);
    let fen = Parts {
        fen: trimmed.clone(),
        ops: None,
        fields: 0,
    };
    // Operations contain `;`: without one only a bare four-field EPD record is possible.
    if !epd_file && !text.as_bytes().contains(&b';') {
        return fen;
    }
    let bytes = text.as_bytes();
    let mut words = Words {
        bytes,
        pos: 0,
        last_end: 0,
    };
    let mut first = words.next();
    // A `FEN:` prefix belongs to the FEN text; it does not count as a field.
    if first
        .as_ref()
        .is_some_and(|w| bytes[w.clone()].eq_ignore_ascii_case(b"FEN:"))
    {
        first = words.next();
    }
    if first.is_none() || (0..3).any(|_| words.next().is_none()) {
        return fen;
    }
    let with_ops = |fields: u8, end: usize, ops_start: usize| Parts {
        fen: trimmed.start..end,
        ops: Some(ops_start..trimmed.end.max(ops_start)),
        fields,
    };
    let fourth_end = words.last_end;
    match words.peek_ops(trimmed.end) {
        Next::End if epd_file => return with_ops(4, fourth_end, trimmed.end),
        Next::End => return fen,
        Next::Ops(at) => return with_ops(4, fourth_end, at),
        Next::Word => {}
    }
    // Two clocks, then operations: the six-field form.
    for _ in 0..2 {
        match words.next() {
            Some(w) if bytes[w.clone()].iter().all(u8::is_ascii_digit) => {}
            _ => return fen,
        }
    }
    match words.peek_ops(trimmed.end) {
        Next::Ops(at) => with_ops(6, words.last_end, at),
        Next::End | Next::Word => fen,
    }
}

/// The first four whitespace-separated fields of a FEN, joined by single spaces.
pub fn four_fields(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The record line for `canonical` (a canonical FEN) in the form of the record `parts` found
/// in `text`: a FEN alone, or its four or six fields followed by the record's own gap and
/// operations, as they were.
pub fn rewrite(text: &str, parts: &Parts, canonical: &str) -> String {
    let Some(ops) = parts.ops.clone() else {
        return canonical.to_owned();
    };
    let fields = match parts.fields {
        4 => four_fields(canonical),
        _ => canonical.to_owned(),
    };
    if ops.is_empty() {
        return fields;
    }
    let gap = &text[parts.gap()];
    format!("{fields}{gap}{}", &text[ops])
}

/// The record line `text` (split as `parts`) with its EPD operation `opcode` set to `operand`
/// (written as given: `2`, `"h#2"`) and the operations named in `drop` removed. The first
/// operation of that name is replaced where it stands, else the new one goes after the others;
/// every other byte stays. A FEN gets operations after its fields. `None` when the line would
/// not read back with the operation (a FEN of five fields, say).
pub fn set_operation(
    text: &str,
    parts: &Parts,
    opcode: &str,
    operand: &str,
    drop: &[&str],
    epd_file: bool,
) -> Option<String> {
    let new_op = format!("{opcode} {operand}");
    let (before, ops, after) = split(text, parts);
    let named = |op: &str, name: &str| op.split_whitespace().next() == Some(name);
    let mut out = String::with_capacity(ops.len() + new_op.len() + 2);
    let mut rest = 0;
    let mut placed = false;
    for (at, op) in super::epd::operations_at(ops) {
        let (start, end) = bounds(at, op);
        if !placed && named(op, opcode) {
            out.push_str(&ops[rest..start]);
            out.push_str(&new_op);
            rest = end;
            placed = true;
        } else if named(op, opcode) || drop.iter().any(|d| named(op, d)) {
            out.push_str(&ops[rest..start]);
            rest = end + removed_tail(&ops[end..]);
        }
    }
    out.push_str(&ops[rest..]);
    if !placed {
        out = appended(&out, &new_op);
    }
    let line = assemble(before, parts, &out, after);
    let back = self::parts(&line, epd_file);
    let reads = back.ops.as_ref().is_some_and(|r| {
        super::epd::operand(&line[r.clone()], opcode) == Some(operand.trim_matches('"'))
    }) && line[back.fen.clone()] == text[parts.fen.clone()];
    reads.then_some(line)
}

/// One change to a record's operations, by their order in the line (as
/// `epd::operations` counts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpEdit<'a> {
    /// Operation `i` becomes this text (`c0 "A. Composer"`), where it stands.
    Replace(usize, &'a str),
    /// Operation `i` goes, with its `;` and the spaces after it.
    Remove(usize),
    /// A new operation after the others.
    Append(&'a str),
}

/// The record line `text` (split as `parts`) with one operation replaced, removed or added,
/// every other byte as it was; a FEN gets operations after its fields. `None` when the line
/// would not read back as the same position with exactly the operations asked for (a text
/// with a `;` of its own, a FEN of five fields, no operation `i`).
pub fn edit_operation(text: &str, parts: &Parts, edit: OpEdit, epd_file: bool) -> Option<String> {
    let (before, ops, after) = split(text, parts);
    let list: Vec<(usize, &str)> = super::epd::operations_at(ops).collect();
    let mut wanted: Vec<&str> = list.iter().map(|(_, op)| op.trim()).collect();
    let out = match edit {
        OpEdit::Replace(i, new) => {
            let (start, end) = list.get(i).map(|&(at, op)| bounds(at, op))?;
            wanted[i] = new.trim();
            format!("{}{}{}", &ops[..start], new.trim(), &ops[end..])
        }
        OpEdit::Remove(i) => {
            let (start, end) = list.get(i).map(|&(at, op)| bounds(at, op))?;
            wanted.remove(i);
            let rest = end + removed_tail(&ops[end..]);
            format!("{}{}", &ops[..start], &ops[rest..])
        }
        OpEdit::Append(new) => {
            wanted.push(new.trim());
            appended(ops, new.trim())
        }
    };
    let line = assemble(before, parts, &out, after);
    let back = self::parts(&line, epd_file);
    let got: Vec<&str> = back.ops.as_ref().map_or_else(Vec::new, |r| {
        super::epd::operations(&line[r.clone()])
            .map(str::trim)
            .collect()
    });
    let reads = got == wanted && line[back.fen.clone()] == text[parts.fen.clone()];
    reads.then_some(line)
}

/// The text before the operations, the operations, and the text after them (for a FEN: its
/// fields, nothing, and its trailing spaces).
fn split<'a>(text: &'a str, parts: &Parts) -> (&'a str, &'a str, &'a str) {
    match &parts.ops {
        Some(r) => (&text[..r.start], &text[r.clone()], &text[r.end..]),
        None => (&text[..parts.fen.end], "", &text[parts.fen.end..]),
    }
}

/// Where operation `op`, found at byte `at` of the operations, starts and ends without its
/// surrounding spaces.
fn bounds(at: usize, op: &str) -> (usize, usize) {
    let lead = op.len() - op.trim_start().len();
    (at + lead, at + op.trim_end().len())
}

/// How many bytes after a removed operation go with it: its `;` and the spaces before the next
/// one.
fn removed_tail(tail: &str) -> usize {
    let semi = tail.find(';').map_or(tail.len(), |i| i + 1);
    semi + tail[semi..].len() - tail[semi..].trim_start().len()
}

/// `ops` with `new_op` after the others, in the form they are written in: `;` after each (EPD),
/// or before each (the perft suites' `;D1 20 ;D2 400`).
fn appended(ops: &str, new_op: &str) -> String {
    let ops = trim_end(ops);
    if ops.is_empty() {
        format!("{new_op};")
    } else if ops.ends_with(';') {
        format!("{ops} {new_op};")
    } else if ops.starts_with(';') {
        format!("{ops} ;{new_op}")
    } else {
        format!("{ops}; {new_op};")
    }
}

/// The line again from its parts, with `ops` for its operations (a space before them when
/// nothing separates them from the fields).
fn assemble(before: &str, parts: &Parts, ops: &str, after: &str) -> String {
    if ops.trim().is_empty() {
        // The last operation went: the line ends with its fields.
        return format!("{}{after}", before.trim_end());
    }
    // Operations the line had keep what stood before them (`- 0 1;D1 20` stays without a space).
    let had_ops = parts.ops.as_ref().is_some_and(|r| !r.is_empty());
    let gap = if had_ops || before.ends_with(char::is_whitespace) {
        ""
    } else {
        " "
    };
    format!("{before}{gap}{}{after}", trim_end(ops))
}

/// `text` without the spaces `parts` trims off a line: free text ending in other spaces (a
/// no-break space) keeps them.
fn trim_end(text: &str) -> &str {
    text.trim_end_matches(|c: char| c.is_ascii() && is_fen_space(c as u8))
}

fn trimmed(text: &str) -> Range<usize> {
    let bytes = text.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_fen_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_fen_space(b))
        .map_or(start, |i| i + 1);
    start..end
}

/// What follows the last word read.
enum Next {
    /// Nothing (trailing whitespace at most).
    End,
    /// Operations, starting at this byte.
    Ops(usize),
    /// Another word that does not start operations.
    Word,
}

/// The words of a record line: runs of bytes that are neither FEN whitespace nor `;`.
struct Words<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Where the last word returned ended.
    last_end: usize,
}

impl Words<'_> {
    fn skip_space(&mut self) {
        while self.pos < self.bytes.len() && is_fen_space(self.bytes[self.pos]) {
            self.pos += 1;
        }
    }

    /// The next word, or `None` at the end or at a `;`.
    fn next(&mut self) -> Option<Range<usize>> {
        self.skip_space();
        let start = self.pos;
        while self.pos < self.bytes.len()
            && !is_fen_space(self.bytes[self.pos])
            && self.bytes[self.pos] != b';'
        {
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        self.last_end = self.pos;
        Some(start..self.pos)
    }

    /// Whether operations start after the current word: a `;`, or an opcode (a letter, then
    /// letters, digits or `_`) with a `;` somewhere after it.
    fn peek_ops(&mut self, end: usize) -> Next {
        self.skip_space();
        let at = self.pos;
        if at >= end {
            return Next::End;
        }
        if self.bytes[at] == b';' {
            return Next::Ops(at);
        }
        let mut word_end = at;
        while word_end < end && !is_fen_space(self.bytes[word_end]) && self.bytes[word_end] != b';'
        {
            word_end += 1;
        }
        let word = &self.bytes[at..word_end];
        let opcode = word[0].is_ascii_alphabetic()
            && word.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_');
        if opcode && self.bytes[word_end..end].contains(&b';') {
            Next::Ops(at)
        } else {
            Next::Word
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str, opcode: &str, operand: &str, drop: &[&str]) -> Option<String> {
        set_operation(text, &parts(text, true), opcode, operand, drop, true)
    }

    #[test]
    fn an_operation_is_set_in_place_and_the_rest_kept_byte_for_byte() {
        let line = "kbK5/pp6/1P6/8/8/8/8/R7 w - -  id \"m\";  bm Ra6; dm 2;";
        assert_eq!(
            set(line, "dm", "3", &["stip"]).unwrap(),
            "kbK5/pp6/1P6/8/8/8/8/R7 w - -  id \"m\";  bm Ra6; dm 3;"
        );
        // Another stipulation replaces dm: stip goes where dm was, dm is dropped.
        assert_eq!(
            set(line, "stip", "\"h#2\"", &["dm"]).unwrap(),
            "kbK5/pp6/1P6/8/8/8/8/R7 w - -  id \"m\";  bm Ra6; stip \"h#2\";"
        );
        let both = "8/8/8/8/8/8/8/K6k w - - dm 2; c0 \"x; y\"; stip \"s#2\";";
        assert_eq!(
            set(both, "dm", "2", &["stip"]).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - dm 2; c0 \"x; y\";"
        );
    }

    #[test]
    fn records_without_the_operation_get_it_after_the_others() {
        assert_eq!(
            set("8/8/8/8/8/8/8/K6k w - - bm Ka2;", "dm", "2", &[]).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - bm Ka2; dm 2;"
        );
        assert_eq!(
            set(
                "8/8/8/8/8/8/8/K6k w - - bm Ka2; id \"open\"",
                "dm",
                "2",
                &[]
            )
            .unwrap(),
            "8/8/8/8/8/8/8/K6k w - - bm Ka2; id \"open\"; dm 2;"
        );
        assert_eq!(
            set("8/8/8/8/8/8/8/K6k w - -", "dm", "2", &[]).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - dm 2;"
        );
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            set_operation(fen, &parts(fen, false), "dm", "2", &[], false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1 dm 2;"
        );
        let perft = "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3";
        assert_eq!(
            set_operation(perft, &parts(perft, false), "dm", "2", &[], false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;dm 2"
        );
    }

    fn edit(text: &str, e: OpEdit, epd_file: bool) -> Option<String> {
        edit_operation(text, &parts(text, epd_file), e, epd_file)
    }

    #[test]
    fn an_operation_is_replaced_where_it_stands_and_nothing_else_moves() {
        let line = "kbK5/pp6/1P6/8/8/8/8/R7 w - -  id \"m\";  c0 \"old\"; dm 2;";
        assert_eq!(
            edit(line, OpEdit::Replace(1, "c0 \"Neü, 1920; 1st Pr.\""), true).unwrap(),
            "kbK5/pp6/1P6/8/8/8/8/R7 w - -  id \"m\";  c0 \"Neü, 1920; 1st Pr.\"; dm 2;"
        );
        // Of two operations with one name, the one asked for changes.
        let twice = "8/8/8/8/8/8/8/K6k w - - c2 \"a\"; c2 \"b\";";
        assert_eq!(
            edit(twice, OpEdit::Replace(1, "c2 \"z\""), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - c2 \"a\"; c2 \"z\";"
        );
    }

    #[test]
    fn an_operation_is_removed_with_its_semicolon_and_the_last_leaves_the_fields() {
        let line = "8/8/8/8/8/8/8/K6k w - - id \"x\"; c0 \"y\"; dm 2;";
        assert_eq!(
            edit(line, OpEdit::Remove(1), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - id \"x\"; dm 2;"
        );
        assert_eq!(
            edit(line, OpEdit::Remove(2), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - id \"x\"; c0 \"y\";"
        );
        let one = "8/8/8/8/8/8/8/K6k w - - c0 \"y\";";
        assert_eq!(
            edit(one, OpEdit::Remove(0), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - -"
        );
        let six = "8/8/8/8/8/8/8/K6k w - - 0 1 c0 \"y\";";
        assert_eq!(
            edit(six, OpEdit::Remove(0), false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        );
        assert_eq!(edit(line, OpEdit::Remove(3), true), None);
    }

    #[test]
    fn a_new_operation_goes_after_the_others_in_their_form() {
        assert_eq!(
            edit(
                "8/8/8/8/8/8/8/K6k w - - bm Ka2;",
                OpEdit::Append("c0 \"A\""),
                true
            )
            .unwrap(),
            "8/8/8/8/8/8/8/K6k w - - bm Ka2; c0 \"A\";"
        );
        assert_eq!(
            edit("8/8/8/8/8/8/8/K6k w - -", OpEdit::Append("id \"1\""), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - id \"1\";"
        );
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(
            edit(fen, OpEdit::Append("id \"1\""), false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1 id \"1\";"
        );
        let perft = "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3";
        assert_eq!(
            edit(perft, OpEdit::Append("D2 9"), false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9"
        );
        // Operations right after the fields stay there; free text keeps its last no-break space.
        let tight = "8/8/8/8/8/8/8/K6k w - - 0 1;D1 3";
        assert_eq!(
            edit(tight, OpEdit::Append("D2 9"), false).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - 0 1;D1 3 ;D2 9"
        );
        let free = "8/8/8/8/8/8/8/K6k w - - id \"x\"; posted by A\u{a0}";
        assert_eq!(
            edit(free, OpEdit::Replace(0, "id \"y\""), true).unwrap(),
            "8/8/8/8/8/8/8/K6k w - - id \"y\"; posted by A\u{a0}"
        );
    }

    #[test]
    fn an_operation_that_would_not_read_back_as_typed_is_refused() {
        let line = "8/8/8/8/8/8/8/K6k w - - id \"x\";";
        // An unquoted `;` would make two operations of one; an open quote would swallow the rest.
        assert_eq!(edit(line, OpEdit::Append("c0 a; b"), true), None);
        assert_eq!(edit(line, OpEdit::Replace(0, "id \"open"), true), None);
        let five = "8/8/8/8/8/8/8/K6k w - - 0";
        assert_eq!(edit(five, OpEdit::Append("id \"1\""), false), None);
    }

    #[test]
    fn a_line_that_would_not_read_back_is_left_alone() {
        let five = "8/8/8/8/8/8/8/K6k w - - 0";
        assert_eq!(
            set_operation(five, &parts(five, false), "dm", "2", &[], false),
            None
        );
        let garbage = "not a fen at all";
        assert_eq!(
            set_operation(garbage, &parts(garbage, false), "dm", "2", &[], false),
            None
        );
    }

    fn split(text: &str, epd_file: bool) -> (&str, Option<&str>) {
        let p = parts(text, epd_file);
        (&text[p.fen], p.ops.map(|o| &text[o]))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_fen_is_the_whole_trimmed_line() {
        assert_eq!(split(&format!("  {START} \t"), false), (START, None));
        assert_eq!(split(START, true), (START, None));
        assert_eq!(parts(START, false).fields, 0);
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
        assert_eq!(parts(line, false).fields, 4);
    }

    #[test]
    fn six_fields_then_operations_are_the_perft_suite_form() {
        let line = format!("{START} ;D1 20 ;D2 400");
        assert_eq!(split(&line, false), (START, Some(";D1 20 ;D2 400")));
        assert_eq!(parts(&line, false).fields, 6);
        let line = format!("{START}; D1 20; D2 400");
        assert_eq!(split(&line, false), (START, Some("; D1 20; D2 400")));
        let line = format!("{START} D1 20; D2 400;");
        assert_eq!(split(&line, false), (START, Some("D1 20; D2 400;")));
        let p = parts(&line, false);
        assert_eq!(&line[p.gap()], " ");
    }

    #[test]
    fn operations_introduced_by_a_semicolon_after_four_fields() {
        let line = "8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 9";
        assert_eq!(
            split(line, false),
            ("8/8/8/8/8/8/8/K6k w - -", Some(";D1 3 ;D2 9"))
        );
        let line = "8/8/8/8/8/8/8/K6k w - -;D1 3";
        let p = parts(line, false);
        assert_eq!(
            (&line[p.fen.clone()], p.fields),
            ("8/8/8/8/8/8/8/K6k w - -", 4)
        );
        assert_eq!(&line[p.gap()], "");
    }

    #[test]
    fn free_text_after_the_last_operation_stays_with_the_operations() {
        let line = "8/8/8/8/8/8/8/K6k w - - id \"ZPTS.02\"; CCC post 27.4.2004 by someone";
        assert_eq!(
            split(line, false).1,
            Some("id \"ZPTS.02\"; CCC post 27.4.2004 by someone")
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
        let line = "8/8/8/8/8/8/8/K6k w - - -3 1 ;D1 3";
        assert_eq!(split(line, false), (line, None));
        let line = "8/8/8/8/8/8/8/K6k w - - 0 ;D1 3";
        assert_eq!(split(line, false), (line, None));
    }

    #[test]
    fn fen_prefix_is_not_a_field() {
        let line = "FEN: 8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(split(line, false), (line, None));
        let line = "FEN: 8/8/8/8/8/8/8/K6k w - - bm Kb2;";
        assert_eq!(
            split(line, false),
            ("FEN: 8/8/8/8/8/8/8/K6k w - -", Some("bm Kb2;"))
        );
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
            ("8/8 w - - 0 1", Some("bm e4;"))
        );
        assert_eq!(split("8/8 w - - -x;", false), ("8/8 w - - -x;", None));
        assert_eq!(
            split("8/8 w - -  hmvc 3;", false),
            ("8/8 w - -", Some("hmvc 3;"))
        );
        assert_eq!(split("8/8;8 w - - 0 1", false), ("8/8;8 w - - 0 1", None));
        assert_eq!(split(";;;;", false), (";;;;", None));
        assert_eq!(split("   ", false), ("", None));
        assert_eq!(split("   ", true), ("", None));
        assert_eq!(split("\x0b\x0c", false), ("", None));
        assert_eq!(split("é ü ß ñ 字;", false), ("é ü ß ñ 字;", None));
        assert_eq!(split("é ü ß ñ 字", false), ("é ü ß ñ 字", None));
    }

    #[test]
    fn a_line_too_long_is_not_split() {
        let line = format!("8/8/8/8/8/8/8/K6k w - - c0 \"{}\";", "x".repeat(MAX_LINE));
        assert_eq!(split(&line, false), (line.as_str(), None));
        let padded = format!("  8/8/8/8/8/8/8/K6k w - - 0 1{}", " ".repeat(MAX_LINE));
        assert_eq!(split(&padded, false), (padded.as_str(), None));
    }

    #[test]
    fn rewriting_keeps_the_form() {
        let canonical = "8/8/8/8/8/8/8/K5k1 b - - 3 7";
        for (line, expected) in [
            ("8/8/8/8/8/8/8/K6k w - - 0 1", canonical.to_string()),
            (
                "8/8/8/8/8/8/8/K6k w - -  bm Kb2; id \"x\";",
                "8/8/8/8/8/8/8/K5k1 b - -  bm Kb2; id \"x\";".to_string(),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;D2 9",
                format!("{canonical} ;D1 3 ;D2 9"),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - 0 1;D1 3",
                format!("{canonical};D1 3"),
            ),
            (
                "8/8/8/8/8/8/8/K6k w - - ;D1 3",
                "8/8/8/8/8/8/8/K5k1 b - - ;D1 3".to_string(),
            ),
        ] {
            let p = parts(line, false);
            assert_eq!(rewrite(line, &p, canonical), expected, "{line}");
        }
        let bare = "8/8/8/8/8/8/8/K6k w - -";
        assert_eq!(
            rewrite(bare, &parts(bare, true), canonical),
            "8/8/8/8/8/8/8/K5k1 b - -"
        );
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

//! EPD operations: `opcode operand…` after the position fields, each ended by `;` (EPD) or
//! introduced by it (`;D1 20 ;D2 400`, the perft suites), read in place. Whatever follows the
//! last `;` counts as one more operation, so free text there (`id "x"; CCC post by …`) is kept
//! and shown like the rest; only operations fenboard knows (`Dn count`) are ever judged.

use std::ops::Range;

/// The operand of the first operation named `opcode` in `ops`, without its quotes when it is a
/// string (`id "WAC.001";` gives `WAC.001`). A `;` inside a quoted string does not end the
/// operation; an unterminated last operation still counts.
pub fn operand<'a>(ops: &'a str, opcode: &str) -> Option<&'a str> {
    operations(ops).find_map(|op| {
        let op = op.trim();
        let (code, rest) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        (code == opcode).then(|| unquote(rest.trim()))
    })
}

/// `text` as an EPD string operand: in double quotes, a `"` in it made a `'` and control
/// characters spaces (EPD strings have no escape), so that the record stays one line that reads
/// back.
pub fn quoted(text: &str) -> String {
    let clean: String = text
        .chars()
        .map(|c| match c {
            '"' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    format!("\"{clean}\"")
}

/// The operations of `ops`, each without its `;`.
pub fn operations(ops: &str) -> impl Iterator<Item = &str> {
    operations_at(ops).map(|(_, op)| op)
}

/// The operations of `ops` with the byte offset of each in `ops`.
pub fn operations_at(ops: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = ops;
    std::iter::from_fn(move || {
        loop {
            if rest.trim().is_empty() {
                return None;
            }
            let mut quoted = false;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    if c == '"' {
                        quoted = !quoted;
                    }
                    c == ';' && !quoted
                })
                .map(|(i, _)| i);
            let (op, next) = match end {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, ""),
            };
            let at = ops.len() - rest.len();
            rest = next;
            if !op.trim().is_empty() {
                return Some((at, op));
            }
        }
    })
}

/// A perft count: `Dn count` says there are `count` leaf nodes `n` plies below the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftCount {
    pub depth: u32,
    pub count: u64,
}

/// An operation fenboard knows that is not written as it should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The bytes of the operation (trimmed) in `ops`.
    pub span: Range<usize>,
    pub message: String,
}

/// The perft counts of `ops` in order (`D1 20`, `D2 400`, …), or why one is malformed.
/// Depths above `max_depth` are malformed: no search that deep could finish.
pub fn perft_counts(
    ops: &str,
    max_depth: u32,
) -> impl Iterator<Item = Result<PerftCount, Malformed>> + '_ {
    operations_at(ops).filter_map(move |(at, op)| {
        let start = at + (op.len() - op.trim_start().len());
        let op = op.trim();
        let span = start..start + op.len();
        let (code, operands) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        let depth = code.strip_prefix('D')?;
        if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
            return None; // another opcode that starts with D (`dm` is lower case)
        }
        let malformed = |message: String| {
            Some(Err(Malformed {
                span: span.clone(),
                message,
            }))
        };
        let depth = match depth.parse::<u32>() {
            Ok(d) if d <= max_depth => d,
            _ => {
                return malformed(format!(
                    "the perft depth of `{}` is above the maximum of {max_depth}",
                    shown(code)
                ));
            }
        };
        let mut words = operands.split_whitespace();
        let count = match (words.next(), words.next()) {
            (None, _) => return malformed(format!("`{}` has no count", shown(code))),
            (Some(_), Some(_)) => {
                return malformed(format!(
                    "`{}` has more than one operand: `{}`",
                    shown(code),
                    shown(operands.trim())
                ));
            }
            (Some(n), None) => n,
        };
        match count.parse::<u64>() {
            Ok(count) if operands.trim().bytes().all(|b| b.is_ascii_digit()) => {
                Some(Ok(PerftCount { depth, count }))
            }
            _ => malformed(format!(
                "the count of `{}` must be a whole number, not `{}`",
                shown(code),
                shown(count)
            )),
        }
    })
}

/// Text from a file, made safe to print: control characters escaped.
fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    crate::core::escape::controls(text)
}

fn unquote(operand: &str) -> &str {
    operand
        .strip_prefix('"')
        .map(|s| s.strip_suffix('"').unwrap_or(s))
        .unwrap_or(operand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_operands() {
        let ops = r#"bm Qg6; id "WAC.001"; c0 "Morphy, 1856";"#;
        assert_eq!(operand(ops, "id"), Some("WAC.001"));
        assert_eq!(operand(ops, "bm"), Some("Qg6"));
        assert_eq!(operand(ops, "c0"), Some("Morphy, 1856"));
        assert_eq!(operand(ops, "dm"), None);
    }

    #[test]
    fn semicolons_inside_strings_do_not_end_an_operation() {
        let ops = r#"c0 "a; b"; id "x";"#;
        assert_eq!(operand(ops, "c0"), Some("a; b"));
        assert_eq!(operand(ops, "id"), Some("x"));
    }

    #[test]
    fn sloppy_operations_still_read() {
        assert_eq!(operand(r#"id "open"#, "id"), Some("open"));
        assert_eq!(operand("id bare", "id"), Some("bare"));
        assert_eq!(operand(";; id  x ;", "id"), Some("x"));
        assert_eq!(operand("id", "id"), Some(""));
        assert_eq!(operand("", "id"), None);
        assert_eq!(operands_count("a 1; b 2;; c"), 3);
    }

    fn operands_count(ops: &str) -> usize {
        operations(ops).count()
    }
}

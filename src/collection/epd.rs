//! EPD operations: `opcode operand…;` pairs after the four position fields, read in place.

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

/// The operations of `ops`, each without its terminating `;`.
pub fn operations(ops: &str) -> impl Iterator<Item = &str> {
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
            rest = next;
            if !op.trim().is_empty() {
                return Some(op);
            }
        }
    })
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

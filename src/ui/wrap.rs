//! Word wrapping by characters, for panels and the help overlay.

/// Greedy word wrap by characters; a word longer than the width is cut.
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut pieces = Vec::new();
    for word in s.split(' ') {
        let chars: Vec<char> = word.chars().collect();
        if chars.is_empty() {
            continue;
        }
        pieces.extend(chars.chunks(width).map(|c| c.iter().collect::<String>()));
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for piece in pieces {
        let len = cur.chars().count();
        if len > 0 && len + 1 + piece.chars().count() > width {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&piece);
    }
    out.push(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_every_word_within_the_width() {
        let lines = wrap(
            "put that piece on the cursor square (upper case White/Red)",
            12,
        );
        assert!(lines.iter().all(|l| l.chars().count() <= 12), "{lines:?}");
        assert_eq!(
            lines.join(" "),
            "put that piece on the cursor square (upper case White/Red)"
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("a b", 0), ["a", "b"]);
    }
}

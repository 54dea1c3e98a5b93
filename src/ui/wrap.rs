//! Word wrapping and padding by display width (a CJK character takes two columns), for panels
//! and the help overlay.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The columns `s` takes on a terminal.
pub fn width(s: &str) -> usize {
    s.width()
}

/// `s` padded with spaces on the right to `width` columns (as is when wider).
pub fn pad(s: &str, width: usize) -> String {
    let mut out = s.to_owned();
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(s.width())));
    out
}

/// Splits `word` into pieces of at most `width` columns (a character wider than that alone).
fn chunks(word: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut used = 0;
    for c in word.chars() {
        let w = c.width().unwrap_or(0);
        if used > 0 && used + w > width {
            out.push(std::mem::take(&mut cur));
            used = 0;
        }
        cur.push(c);
        used += w;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Greedy word wrap by display width; a word wider than the width is cut (CJK text, which has
/// no spaces, is cut between characters).
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut used = 0;
    for piece in s.split(' ').flat_map(|word| chunks(word, width)) {
        let mut piece = piece.as_str();
        // Chinese breaks between any two characters: fill the line before moving on.
        if used > 0 && used + 1 + piece.width() > width && piece.width() > piece.chars().count() {
            let room = width.saturating_sub(used + 1);
            let mut head_width = 0;
            let split = piece
                .char_indices()
                .find(|&(_, c)| {
                    head_width += c.width().unwrap_or(0);
                    head_width > room
                })
                .map_or(piece.len(), |(i, _)| i);
            if split > 0 {
                cur.push(' ');
                cur.push_str(&piece[..split]);
                out.push(std::mem::take(&mut cur));
                used = 0;
                piece = &piece[split..];
            }
        }
        let w = piece.width();
        if piece.is_empty() {
            continue;
        }
        if used > 0 && used + 1 + w > width {
            out.push(std::mem::take(&mut cur));
            used = 0;
        }
        if !cur.is_empty() {
            cur.push(' ');
            used += 1;
        }
        cur.push_str(piece);
        used += w;
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

    #[test]
    fn wide_characters_count_two_columns() {
        let lines = wrap("把光标所在的格子清空 然后 走棋", 7);
        assert!(lines.iter().all(|l| width(l) <= 7), "{lines:?}");
        assert_eq!(lines[0], "把光标");
        // A line is filled before Chinese text moves on to the next.
        assert_eq!(
            wrap("分析面板：UCI 引擎在你编辑时", 16),
            ["分析面板：UCI 引", "擎在你编辑时"]
        );
        assert_eq!(
            lines.concat().replace(' ', ""),
            "把光标所在的格子清空然后走棋"
        );
        // A wide character never splits, even in a column narrower than it.
        assert_eq!(wrap("将军", 1), ["将", "军"]);
        assert_eq!(width("红方 to move"), 12);
        assert_eq!(pad("将", 4), "将  ");
        assert_eq!(width(&pad("将", 4)), 4);
        assert_eq!(pad("abcdef", 3), "abcdef");
    }
}

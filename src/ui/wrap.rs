//! Word wrapping and padding by display width (a CJK character takes two columns), for panels
//! and the help overlay.

use ratatui::text::{Line, Span};
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

/// `s` cut to `width` columns, the cut marked with an ellipsis (as is when it fits).
pub fn cut(s: &str, width: usize) -> String {
    if s.width() <= width {
        s.to_owned()
    } else {
        marked_head(s, width)
    }
}

/// The longest start of `s` that leaves a column of `width` for the ellipsis, and the
/// ellipsis (nothing at all in no room).
fn marked_head(s: &str, width: usize) -> String {
    let mut out = String::new();
    if width == 0 {
        return out;
    }
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// `line` cut to `width` columns, the cut marked with an ellipsis in the style of the span
/// it falls in (as is when it fits).
pub fn fit(line: Line<'_>, width: usize) -> Line<'static> {
    let fits = line.width() <= width;
    let mut out: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for span in line.spans {
        let w = span.width();
        if fits || used + w < width {
            out.push(Span::styled(span.content.into_owned(), span.style));
            used += w;
        } else {
            out.push(Span::styled(
                marked_head(&span.content, width - used),
                span.style,
            ));
            break;
        }
    }
    Line::from(out).style(line.style)
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

    #[test]
    fn cuts_go_by_columns_and_always_say_so() {
        assert_eq!(cut("1.Qa7! zugzwang", 10), "1.Qa7! zu…");
        assert_eq!(cut("1.Qa7!", 10), "1.Qa7!");
        // Two columns a character: the cut leaves a column for the ellipsis.
        assert_eq!(cut("2.车九进一 将4平5", 8), "2.车九…");
        assert_eq!(width(&cut("2.车九进一 将4平5", 8)), 7);
        assert_eq!(cut("车九", 1), "…");
        assert_eq!(cut("abc", 0), "");
        let line = Line::from(vec![Span::raw("1.车九进一"), Span::raw(" 将4平5")]);
        let cut = fit(line, 12);
        assert_eq!(cut.to_string(), "1.车九进一 …");
        assert!(cut.width() <= 12);
        // A span ending exactly at the edge with more after it is cut too.
        let line = Line::from(vec![Span::raw("abcde"), Span::raw("fg")]);
        assert_eq!(fit(line, 5).to_string(), "abcd…");
    }
}

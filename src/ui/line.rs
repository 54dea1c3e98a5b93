//! Lines drawn exactly as ratatui draws a left-aligned `Line`, with a shortcut for plain text.
//!
//! ratatui splits every span into grapheme clusters and measures each one; for the text that
//! makes up most of the screen (ASCII, marks such as `✓ ▸ ·`, arrows) each character is a
//! grapheme of its own and one cell wide, and writing it directly costs a fraction of that.

use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// Renders `line` into the first row of `area`, as `Line::render` does.
pub fn render(line: &Line, area: Rect, buf: &mut Buffer) {
    let plain = matches!(line.alignment, None | Some(Alignment::Left))
        && line.spans.iter().all(|s| s.content.chars().all(is_plain));
    if !plain {
        line.render(area, buf);
        return;
    }
    let area = area.intersection(buf.area);
    if area.is_empty() || line.spans.iter().all(|s| s.content.is_empty()) {
        return;
    }
    buf.set_style(Rect { height: 1, ..area }, line.style);
    let (mut x, y, right) = (area.x, area.y, area.right());
    for span in &line.spans {
        let style = Style::default().patch(span.style);
        for c in span.content.chars() {
            if x >= right {
                return;
            }
            buf[(x, y)].set_char(c).set_style(style);
            x += 1;
        }
    }
}

/// Whether `c` is, wherever it stands, a grapheme cluster of its own and one column wide:
/// printable ASCII, and characters one column wide from blocks with no combining marks, no
/// joiners and no format characters (Latin-1 and Latin Extended, punctuation, arrows,
/// mathematical and technical symbols, box drawing, shapes, dingbats).
fn is_plain(c: char) -> bool {
    match c {
        ' '..='~' => true,
        '\u{a0}'..='\u{ac}'
        | '\u{ae}'..='\u{2ff}'
        | '\u{2010}'..='\u{2027}'
        | '\u{2030}'..='\u{205e}'
        | '\u{2070}'..='\u{20cf}'
        | '\u{2100}'..='\u{2bff}' => c.encode_utf8(&mut [0; 4]).cell_width() == 1,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};
    use ratatui::text::Span;

    #[test]
    fn draws_what_ratatui_draws() {
        let styles = [
            Style::new(),
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new()
                .bg(Color::Rgb(1, 2, 3))
                .remove_modifier(Modifier::BOLD),
        ];
        let texts = [
            "",
            "abc",
            " 1 ",
            "piece placement",
            "帥 將",
            "✓ legal",
            "a\tb",
            "x y",
            "▸ · ✗ ←→↑↓",
            "a\u{301}b",
            "©™⌚",
            "e\u{20dd}",
            "♜♞♝",
            "─│┌┐",
            "‼\u{fe0f}",
            "a\u{200d}b",
            "é½",
        ];
        let mut lines = Vec::new();
        for (i, a) in texts.iter().enumerate() {
            for (j, b) in texts.iter().enumerate() {
                let line = Line::from(vec![
                    Span::styled(*a, styles[i % 3]),
                    Span::styled(*b, styles[j % 3]),
                ])
                .style(styles[(i + j) % 3]);
                lines.push(line.clone());
                lines.push(line.right_aligned());
            }
        }
        let full = Rect::new(0, 0, 24, 3);
        for line in &lines {
            for area in [
                Rect::new(0, 0, 24, 1),
                Rect::new(3, 1, 10, 2),
                Rect::new(20, 2, 10, 1),
                Rect::new(30, 0, 5, 1),
                Rect::new(2, 0, 0, 1),
            ] {
                let mut ours = Buffer::empty(full);
                let mut theirs = Buffer::empty(full);
                ours.set_string(
                    0,
                    0,
                    "~~~~~~~~~~~~~~~~~~~~~~~~",
                    Style::new().fg(Color::Blue),
                );
                theirs.clone_from(&ours);
                render(line, area, &mut ours);
                line.render(area, &mut theirs);
                assert_eq!(ours, theirs, "{line:?} in {area:?}");
            }
        }
    }
}

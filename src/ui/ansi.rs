//! A rendered `Buffer` as printable text: plain, or with ANSI SGR colours and attributes.

use std::fmt::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::style::{Color, Modifier};

/// The buffer's rows as lines of text. Without colour, trailing blanks are trimmed; with colour,
/// attributes are reset at the end of each line so that nothing leaks into what follows.
pub fn buffer_to_text(buf: &Buffer, color: bool) -> String {
    let mut out = String::new();
    let area = buf.area;
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut current: Option<(Color, Color, Modifier)> = None;
        let mut hidden = 0u16;
        for x in area.left()..area.right() {
            let cell = &buf[(x, y)];
            if hidden > 0 {
                // The second column of a wide character: the terminal draws nothing here.
                hidden -= 1;
                continue;
            }
            hidden = cell_width(cell).saturating_sub(1);
            if color {
                let style = (cell.fg, cell.bg, cell.modifier);
                if current != Some(style) {
                    line.push_str(&sgr(cell));
                    current = Some(style);
                }
            }
            line.push_str(cell.symbol());
        }
        if color {
            line.push_str("\x1b[0m");
        } else {
            line.truncate(line.trim_end().len());
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn cell_width(cell: &Cell) -> u16 {
    ratatui::text::Span::raw(cell.symbol()).width() as u16
}

/// The escape sequence that sets exactly `cell`'s colours and attributes.
fn sgr(cell: &Cell) -> String {
    let mut params = String::from("0");
    let m = cell.modifier;
    for (flag, code) in [
        (Modifier::BOLD, "1"),
        (Modifier::DIM, "2"),
        (Modifier::ITALIC, "3"),
        (Modifier::UNDERLINED, "4"),
        (Modifier::REVERSED, "7"),
        (Modifier::CROSSED_OUT, "9"),
    ] {
        if m.contains(flag) {
            params.push(';');
            params.push_str(code);
        }
    }
    color_params(&mut params, cell.fg, 30);
    color_params(&mut params, cell.bg, 40);
    format!("\x1b[{params}m")
}

/// Appends the SGR parameters of `color` (`base` 30 for foreground, 40 for background).
fn color_params(params: &mut String, color: Color, base: u8) {
    let named = |i: u8| base + i;
    let bright = |i: u8| base + 60 + i;
    let _ = match color {
        Color::Reset => Ok(()),
        Color::Black => write!(params, ";{}", named(0)),
        Color::Red => write!(params, ";{}", named(1)),
        Color::Green => write!(params, ";{}", named(2)),
        Color::Yellow => write!(params, ";{}", named(3)),
        Color::Blue => write!(params, ";{}", named(4)),
        Color::Magenta => write!(params, ";{}", named(5)),
        Color::Cyan => write!(params, ";{}", named(6)),
        Color::Gray => write!(params, ";{}", named(7)),
        Color::DarkGray => write!(params, ";{}", bright(0)),
        Color::LightRed => write!(params, ";{}", bright(1)),
        Color::LightGreen => write!(params, ";{}", bright(2)),
        Color::LightYellow => write!(params, ";{}", bright(3)),
        Color::LightBlue => write!(params, ";{}", bright(4)),
        Color::LightMagenta => write!(params, ";{}", bright(5)),
        Color::LightCyan => write!(params, ";{}", bright(6)),
        Color::White => write!(params, ";{}", bright(7)),
        Color::Indexed(i) => write!(params, ";{};5;{i}", base + 8),
        Color::Rgb(r, g, b) => write!(params, ";{};2;{r};{g};{b}", base + 8),
    };
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    use super::*;

    #[test]
    fn plain_text_skips_the_hidden_half_of_wide_characters() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 2));
        buf.set_string(0, 0, "車─a", Style::new());
        buf.set_string(0, 1, "x", Style::new());
        assert_eq!(buffer_to_text(&buf, false), "車─a\nx\n");
    }

    #[test]
    fn colour_is_emitted_once_per_run_and_reset_at_line_end() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        let red = Style::new()
            .fg(Color::Rgb(200, 0, 0))
            .bg(Color::Indexed(17));
        buf.set_string(0, 0, "ab", red.add_modifier(Modifier::BOLD));
        let text = buffer_to_text(&buf, true);
        assert_eq!(text, "\x1b[0;1;38;2;200;0;0;48;5;17mab\x1b[0m \x1b[0m\n");
    }
}

//! The FEN line: its text, the cursor while editing, the selected field and the first error.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use crate::editor::{Focus, State};

/// The FEN line: its text, the cursor while editing, the selected field and the first error.
pub struct FenLineBar<'a> {
    pub state: &'a State,
    pub theme: &'a Theme,
}

impl Widget for FenLineBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        fen_line(self.state, self.theme, area, buf);
    }
}

fn fen_line(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    // While the board shows moves, the line still holds the setup: its label says so.
    let title = if state.line.is_some() {
        text::SETUP_FEN_TITLE
    } else {
        text::FEN_TITLE
    };
    let label = format!(" {} ", title.tr(state.options.lang));
    let focused = state.focus == Focus::FenLine;
    let label_style = if focused { t.border_focused } else { t.label };
    buf.set_stringn(
        r.x,
        r.y,
        &label,
        r.width as usize,
        label_style.add_modifier(Modifier::BOLD),
    );
    let x0 = r.x + super::super::wrap::width(&label) as u16;
    if x0 >= r.right() {
        return;
    }
    let width = (r.right() - x0) as usize;
    let chars: Vec<char> = state.fen_line_text().chars().collect();
    let highlight = state.focused_field_span();
    let error = state.fen_line_error_span();
    let cursor = focused.then_some(state.fen_line.cursor);
    // Scroll so that the cursor, else the highlighted span, else the error stays in view.
    let target = cursor
        .map(|c| c..c + 1)
        .or_else(|| highlight.clone())
        .or_else(|| error.clone())
        .unwrap_or(0..0);
    let total = chars.len() + usize::from(focused);
    let start = if total <= width {
        0
    } else {
        let end = target.end.min(total);
        let start = end.saturating_sub(width);
        start.min(target.start).min(total - width)
    };
    let mut x = x0;
    let mut shown_end = start;
    for (i, c) in chars.iter().enumerate().skip(start) {
        let mut style = t.fen;
        if highlight.as_ref().is_some_and(|h| h.contains(&i)) {
            style = style.patch(t.fen_focused);
        }
        if error.as_ref().is_some_and(|e| e.contains(&i)) {
            style = style.patch(t.fen_error);
        }
        if cursor == Some(i) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let mut s = [0u8; 4];
        let (nx, _) = buf.set_stringn(
            x,
            r.y,
            c.encode_utf8(&mut s),
            (r.right() - x) as usize,
            style,
        );
        if nx == x {
            break;
        }
        x = nx;
        shown_end = i + 1;
        if x >= r.right() {
            break;
        }
    }
    // A FEN cut by a narrow screen says so at the cut, unless the user is editing it (the
    // cursor shows where the text goes on).
    if !focused && x > x0 {
        if start > 0 {
            buf.set_stringn(x0, r.y, "…", 1, t.muted);
        }
        if shown_end < chars.len() {
            buf.set_stringn(x - 1, r.y, "…", 1, t.muted);
        }
    }
    if cursor == Some(chars.len()) && x < r.right() {
        buf.set_stringn(x, r.y, " ", 1, t.fen.add_modifier(Modifier::REVERSED));
    }
    // An empty error span (a missing field) is marked just after the text.
    if let Some(e) = &error
        && e.is_empty()
        && x < r.right()
        && cursor != Some(chars.len())
    {
        buf.set_stringn(x, r.y, "_", 1, t.fen_error);
    }
}

//! The FEN line: its text, the cursor while editing, the selected field and the first error.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use std::ops::Range;

use crate::editor::{Focus, State};
use crate::i18n::Lang;

/// The FEN line: its text, the cursor while editing, the selected field and the first error.
#[derive(Clone, Debug, PartialEq)]
pub struct FenLineBar {
    pub lang: Lang,
    pub focused: bool,
    /// The board shows a line: the FEN line holds its setup, and its label says so.
    pub setup: bool,
    pub text: String,
    /// The span of the field selected in the fields panel.
    pub highlight: Option<Range<usize>>,
    /// The span of the first error.
    pub error: Option<Range<usize>>,
    /// Where the cursor is while the line is edited (in characters).
    pub cursor: usize,
    pub theme: Theme,
}

impl FenLineBar {
    pub fn new(state: &State, theme: &Theme) -> FenLineBar {
        FenLineBar {
            lang: state.options.lang,
            focused: state.focus == Focus::FenLine,
            setup: state.line.is_some(),
            text: state.fen_line_text().to_owned(),
            highlight: state.focused_field_span(),
            error: state.fen_line_error_span(),
            cursor: state.fen_line.cursor,
            theme: theme.clone(),
        }
    }
}

impl Widget for &FenLineBar {
    fn render(self, area: Rect, buf: &mut Buffer) {
        fen_line(self, area, buf);
    }
}

fn fen_line(p: &FenLineBar, r: Rect, buf: &mut Buffer) {
    let t = &p.theme;
    let title = if p.setup {
        text::SETUP_FEN_TITLE
    } else {
        text::FEN_TITLE
    };
    let label = format!(" {} ", title.tr(p.lang));
    let focused = p.focused;
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
    let chars: Vec<char> = p.text.chars().collect();
    let (highlight, error) = (&p.highlight, &p.error);
    let cursor = focused.then_some(p.cursor);
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
    // Where the first and the last character shown start (a wide one takes two columns).
    let (mut first_end, mut last_x) = (x0, x0);
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
        if x == x0 {
            first_end = nx;
        }
        last_x = x;
        x = nx;
        shown_end = i + 1;
        if x >= r.right() {
            break;
        }
    }
    // A FEN cut by a narrow screen says so at the cut, unless the user is editing it (the
    // cursor shows where the text goes on).
    if !focused && x > x0 {
        // The mark takes the place of the whole character it covers.
        if start > 0 {
            let w = usize::from(first_end - x0);
            buf.set_stringn(x0, r.y, super::super::wrap::pad("…", w), w, t.muted);
        }
        if shown_end < chars.len() {
            let w = usize::from(x - last_x);
            buf.set_stringn(last_x, r.y, super::super::wrap::pad("…", w), w, t.muted);
        }
    }
    if cursor == Some(chars.len()) && x < r.right() {
        buf.set_stringn(x, r.y, " ", 1, t.fen.add_modifier(Modifier::REVERSED));
    }
    // An empty error span (a missing field) is marked just after the text.
    if let Some(e) = error
        && e.is_empty()
        && x < r.right()
        && cursor != Some(chars.len())
    {
        buf.set_stringn(x, r.y, "_", 1, t.fen_error);
    }
}

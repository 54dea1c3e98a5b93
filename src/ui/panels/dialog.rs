//! The question dialogs over the screen: delete a record, unsaved changes, the Chess960
//! number.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::super::layout::centered;
use super::super::text;
use super::super::theme::Theme;
use super::boxed;
use crate::editor::Overlay;

/// A question dialog, centred over `area`.
pub struct Dialog<'a> {
    pub overlay: &'a Overlay,
    pub theme: &'a Theme,
}

impl Widget for Dialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        dialog(self.overlay, self.theme, area, buf);
    }
}

fn dialog(overlay: &Overlay, t: &Theme, area: Rect, buf: &mut Buffer) {
    let (title, body, keys) = match overlay {
        Overlay::ConfirmDelete => (
            text::CONFIRM_DELETE_TITLE,
            text::CONFIRM_DELETE.to_owned(),
            text::CONFIRM_DELETE_KEYS,
        ),
        Overlay::ConfirmQuit => (
            text::CONFIRM_QUIT_TITLE,
            text::CONFIRM_QUIT.to_owned(),
            text::CONFIRM_QUIT_KEYS,
        ),
        Overlay::Chess960Prompt(typed) => (
            text::CHESS960_TITLE,
            format!("{} {typed}_", text::CHESS960_PROMPT),
            text::CHESS960_KEYS,
        ),
        Overlay::Help => return,
    };
    let width = (body.chars().count().max(keys.chars().count()) as u16 + 4).max(30);
    let r = centered(area, width, 6);
    Clear.render(r, buf);
    buf.set_style(r, t.overlay);
    let inner = boxed(title, t.border_focused, r, buf);
    Paragraph::new(vec![
        Line::raw(""),
        Line::styled(body, t.message),
        Line::raw(""),
        Line::styled(keys, t.key),
    ])
    .style(t.overlay)
    .alignment(ratatui::layout::Alignment::Center)
    .wrap(Wrap { trim: true })
    .render(inner, buf);
}

//! The question dialogs over the screen: delete a record, unsaved changes, the file changed on
//! disk, a FEN line that does not read at quit, the Chess960 number.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap::wrap;
use super::boxed;
use super::centered;
use crate::editor::Overlay;

/// A question dialog, centred over `area`.
pub struct Dialog<'a> {
    pub overlay: &'a Overlay,
    pub lang: crate::i18n::Lang,
    pub theme: &'a Theme,
}

impl Widget for Dialog<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        dialog(self.overlay, self.lang, self.theme, area, buf);
    }
}

fn dialog(overlay: &Overlay, lang: crate::i18n::Lang, t: &Theme, area: Rect, buf: &mut Buffer) {
    let (title, body, keys) = match overlay {
        Overlay::ConfirmDelete => (
            text::CONFIRM_DELETE_TITLE,
            text::CONFIRM_DELETE.tr(lang).to_owned(),
            text::CONFIRM_DELETE_KEYS,
        ),
        Overlay::ConfirmQuit => (
            text::CONFIRM_QUIT_TITLE,
            text::CONFIRM_QUIT.tr(lang).to_owned(),
            text::CONFIRM_QUIT_KEYS,
        ),
        Overlay::ChangedOnDisk => (
            text::CHANGED_ON_DISK_TITLE,
            text::CHANGED_ON_DISK.tr(lang).to_owned(),
            text::CHANGED_ON_DISK_KEYS,
        ),
        Overlay::QuitUnread => (
            text::QUIT_UNREAD_TITLE,
            text::QUIT_UNREAD.tr(lang).to_owned(),
            text::QUIT_UNREAD_KEYS,
        ),
        Overlay::Chess960Prompt(typed) => (
            text::CHESS960_TITLE,
            format!("{} {typed}_", text::CHESS960_PROMPT.tr(lang)),
            text::CHESS960_KEYS,
        ),
        Overlay::Promotion(..) => (
            text::PROMOTION_TITLE,
            text::PROMOTION_PROMPT.tr(lang).to_owned(),
            text::PROMOTION_KEYS,
        ),
        Overlay::StipulationPrompt { text, .. } => (
            text::STIPULATION_TITLE,
            format!("{} {text}_", text::STIPULATION_PROMPT.tr(lang)),
            text::STIPULATION_KEYS,
        ),
        Overlay::Help | Overlay::Record(_) => return,
    };
    let refusal = match overlay {
        Overlay::StipulationPrompt {
            error: Some(why), ..
        } => Some(text::stipulation_refused(lang, why)),
        _ => None,
    };
    let (title, keys) = (title.tr(lang), keys.tr(lang));
    let widest = refusal.as_ref().map_or(0, |r| super::super::wrap::width(r));
    let width = (super::super::wrap::width(&body)
        .max(super::super::wrap::width(keys))
        .max(widest) as u16
        + 4)
    .max(30)
    .min(area.width);
    // As tall as the wrapped text: the keys line must never be cut off.
    let inner_width = usize::from(width.saturating_sub(4).max(1));
    let mut lines = vec![Line::raw("")];
    match overlay {
        Overlay::StipulationPrompt {
            text,
            selected: true,
            ..
        } => lines.extend(selected_prompt(lang, text, inner_width, t)),
        _ => lines.extend(
            wrap(&body, inner_width)
                .into_iter()
                .map(|l| Line::styled(l, t.message)),
        ),
    }
    if let Some(why) = &refusal {
        lines.extend(
            wrap(why, inner_width)
                .into_iter()
                .map(|l| Line::styled(l, t.error)),
        );
    }
    lines.push(Line::raw(""));
    lines.extend(
        wrap(keys, inner_width)
            .into_iter()
            .map(|l| Line::styled(l, t.key)),
    );
    let r = centered(area, width, lines.len() as u16 + 2);
    super::clear_for_overlay(r, buf);
    buf.set_style(r, t.overlay);
    let inner = boxed(title, t.border_focused, r, buf);
    Paragraph::new(lines)
        .style(t.overlay)
        .alignment(ratatui::layout::Alignment::Center)
        .render(inner, buf);
}

/// The stipulation prompt with its prefill selected (typing replaces it): the prefill in the
/// selection's colours, on the label's line when it fits there, else on a line of its own.
fn selected_prompt(
    lang: crate::i18n::Lang,
    typed: &str,
    inner_width: usize,
    t: &Theme,
) -> Vec<Line<'static>> {
    let label = text::STIPULATION_PROMPT.tr(lang);
    let value = vec![
        Span::styled(typed.to_owned(), t.focused_row),
        Span::styled("_", t.message),
    ];
    let one_line = super::super::wrap::width(label) + 1 + super::super::wrap::width(typed) + 1;
    if one_line <= inner_width {
        let mut spans = vec![Span::styled(format!("{label} "), t.message)];
        spans.extend(value);
        return vec![Line::from(spans)];
    }
    let mut lines: Vec<Line<'static>> = wrap(label, inner_width)
        .into_iter()
        .map(|l| Line::styled(l, t.message))
        .collect();
    lines.push(Line::from(value));
    lines
}

//! The Record overlay (`i`): the record's operations as rows of label and value, the chosen
//! one highlighted, the value being typed in place with its cursor, and why the last Enter
//! refused it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap::{self, wrap};
use super::{boxed, centered, clear_for_overlay};
use crate::editor::record::{Entry, RecordView, Slot};
use crate::editor::{State, update};
use crate::i18n::Lang;

/// The widest the overlay gets: room for an author and a source on one line.
const WIDEST: u16 = 76;

/// Everything the overlay draws.
pub struct RecordOverlay<'a> {
    pub view: &'a RecordView,
    pub entries: Vec<Entry>,
    /// No collection is open: the rows belong to the position alone.
    pub loose: bool,
    pub lang: Lang,
    pub theme: &'a Theme,
}

impl<'a> RecordOverlay<'a> {
    pub fn new(state: &State, view: &'a RecordView, theme: &'a Theme) -> RecordOverlay<'a> {
        RecordOverlay {
            view,
            entries: update::record_entries(state),
            loose: state.collection.is_none(),
            lang: state.options.lang,
            theme,
        }
    }

    fn label(&self, entry: &Entry) -> String {
        match &entry.slot {
            Slot::Known(k) => text::record_label(self.lang, *k).to_owned(),
            Slot::Other { code, .. } => code.clone(),
            Slot::New => text::RECORD_NEW.tr(self.lang).to_owned(),
        }
    }

    /// The row of `entry`: its label padded to `label_width`, then its value cut to what is
    /// left (or, being typed, the text around the cursor).
    fn row(&self, i: usize, entry: &Entry, label_width: usize, width: usize) -> Line<'static> {
        let t = self.theme;
        let chosen = i == self.view.selected;
        let base = if chosen { t.focused_row } else { t.overlay };
        let label = wrap::pad(&self.label(entry), label_width);
        let room = width.saturating_sub(label_width + 2);
        let mut spans = vec![Span::styled(format!("{label}  "), base.patch(t.label))];
        match self.view.edit.as_ref().filter(|_| chosen) {
            Some(edit) => spans.extend(typed(&edit.line.text, edit.line.cursor, room, t)),
            None if entry.slot == Slot::New => {}
            None if entry.value.is_empty() => spans.push(Span::styled("—", base.patch(t.muted))),
            None => spans.push(Span::styled(wrap::cut(&entry.value, room), base)),
        }
        let used: usize = spans.iter().map(|s| s.width()).sum();
        if chosen && used < width {
            spans.push(Span::styled(" ".repeat(width - used), base));
        }
        Line::from(spans)
    }
}

/// The text being typed, cut to `room` columns around the cursor, the cursor shown reversed.
fn typed(text: &str, cursor: usize, room: usize, t: &Theme) -> Vec<Span<'static>> {
    let chars: Vec<char> = text.chars().collect();
    let room = room.max(2);
    // The first character shown: far enough on that the cursor (and one cell for it) fits.
    let mut start = 0;
    while start < cursor && wrap::width(&chars[start..cursor].iter().collect::<String>()) + 1 > room
    {
        start += 1;
    }
    let mut spans = Vec::new();
    let mut used = 0;
    let cursor_style = t.message.add_modifier(Modifier::REVERSED);
    for (i, &c) in chars.iter().enumerate().skip(start) {
        let w = wrap::width(c.encode_utf8(&mut [0; 4]));
        if used + w > room {
            break;
        }
        let style = if i == cursor { cursor_style } else { t.message };
        spans.push(Span::styled(c.to_string(), style));
        used += w;
    }
    if cursor >= chars.len() && used < room {
        spans.push(Span::styled(" ", cursor_style));
    }
    spans
}

impl Widget for RecordOverlay<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let width = WIDEST.min(area.width);
        let inner_width = usize::from(width.saturating_sub(4).max(1));
        let label_width = self
            .entries
            .iter()
            .map(|e| wrap::width(&self.label(e)))
            .max()
            .unwrap_or(0)
            .min(inner_width / 3);
        let mut below: Vec<Line> = Vec::new();
        let editing = self.view.edit.as_ref();
        if editing.is_some_and(|e| e.slot == Slot::New) {
            below.extend(
                wrap(text::RECORD_NEW_PROMPT.tr(self.lang), inner_width)
                    .into_iter()
                    .map(|l| Line::styled(l, t.hint)),
            );
        }
        if let Some(why) = editing.and_then(|e| e.error.as_ref()) {
            below.extend(
                wrap(&text::record_refused(self.lang, why), inner_width)
                    .into_iter()
                    .map(|l| Line::styled(l, t.error)),
            );
        }
        if self.loose {
            below.extend(
                wrap(text::RECORD_LOOSE.tr(self.lang), inner_width)
                    .into_iter()
                    .map(|l| Line::styled(l, t.muted)),
            );
        }
        // Borders, a blank line above and below the rows, and one before the notes.
        let notes = if below.is_empty() { 0 } else { below.len() + 1 };
        let fixed = 4 + notes;
        let room = usize::from(area.height).saturating_sub(fixed).max(1);
        let rows = self.entries.len().min(room);
        // Scrolled so that the chosen row is in view.
        let first = (self.view.selected + 1).saturating_sub(rows);
        let mut lines = vec![Line::raw("")];
        for (i, entry) in self.entries.iter().enumerate().skip(first).take(rows) {
            lines.push(self.row(i, entry, label_width, inner_width));
        }
        lines.push(Line::raw(""));
        if !below.is_empty() {
            lines.push(Line::raw(""));
            lines.extend(below);
        }
        let r = centered(area, width, lines.len() as u16 + 2);
        clear_for_overlay(r, buf);
        buf.set_style(r, t.overlay);
        let inner = boxed(text::RECORD_TITLE.tr(self.lang), t.border_focused, r, buf);
        let inner = Rect::new(
            inner.x + 1,
            inner.y,
            inner.width.saturating_sub(2),
            inner.height,
        );
        Paragraph::new(lines)
            .style(t.overlay.patch(Style::new()))
            .render(inner, buf);
    }
}

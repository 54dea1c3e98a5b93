//! The title bar: the game, the collection and record, the modified mark.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use crate::editor::State;

/// The title bar: the game, the collection and record, the modified mark.
pub struct Title<'a> {
    pub state: &'a State,
    pub theme: &'a Theme,
}

impl Widget for Title<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        title(self.state, self.theme, area, buf);
    }
}

fn title(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let lang = state.options.lang;
    buf.set_style(r, t.title);
    let mut spans = vec![
        Span::styled(
            format!(" {} ", text::APP_NAME),
            t.title.add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            format!("· {} ", text::game_name(lang, state.game())),
            t.title,
        ),
    ];
    // The composers' way: `#2 (3+4)`, the stipulation when the record has one.
    let (white, black) = state.piece_count();
    let count = spans.len();
    let problem = match state.stipulation() {
        Some(stipulation) => format!("· {stipulation} {} ", text::piece_count(white, black)),
        None => format!("· {} ", text::piece_count(white, black)),
    };
    spans.push(Span::styled(problem, t.title));
    let mut id = None;
    if let Some(c) = &state.collection {
        let name = c
            .path()
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        spans.push(Span::styled(format!("· {name} "), t.title));
        if let Some((i, n)) = state.record_label() {
            spans.push(Span::styled(
                format!("· {} ", text::record(lang, i, n)),
                t.title,
            ));
        }
        if let Some(record_id) = state.record_id() {
            id = Some(spans.len());
            spans.push(Span::styled(format!("· id \"{record_id}\" "), t.title));
        }
    }
    if state.is_modified() {
        spans.push(Span::styled(
            format!("· {} ", text::MODIFIED_MARK.tr(lang)),
            t.title_modified,
        ));
    }
    // The modified mark matters more than the record's id and the piece count: drop the id,
    // then the count, while the line does not fit (the id comes later, so removing it first
    // leaves the count's index valid).
    let too_wide =
        |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>() > usize::from(r.width);
    for i in [id, Some(count)].into_iter().flatten() {
        if too_wide(&spans) {
            spans.remove(i);
        }
    }
    let line = Line::from(spans);
    let used = line.width() as u16;
    line.render(r, buf);
    let help = text::TITLE_HELP.tr(lang);
    let w = super::super::wrap::width(help) as u16;
    if r.width >= used + w {
        buf.set_stringn(r.right() - w, r.y, help, w as usize, t.title);
    }
}

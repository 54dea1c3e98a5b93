//! The fields panel: the six FEN fields, the selected one marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap;
use super::{border_style, boxed};
use crate::core::fen::Field;
use crate::core::{Color, Game};
use crate::editor::{Focus, State};
use crate::i18n::Lang;

/// The fields panel: the six FEN fields, the selected one marked.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldsPanel {
    pub lang: Lang,
    pub game: Game,
    pub focused: bool,
    /// The FEN whose fields are shown.
    pub fen: String,
    pub field: Field,
    /// The side to move, named in words.
    pub turn: Color,
    pub theme: Theme,
}

impl FieldsPanel {
    pub fn new(state: &State, theme: &Theme) -> FieldsPanel {
        let shown = state.shown_position();
        FieldsPanel {
            lang: state.options.lang,
            game: shown.game,
            focused: state.focus == Focus::Fields,
            fen: state.fen().to_owned(),
            field: state.field,
            turn: shown.turn,
            theme: theme.clone(),
        }
    }
}

impl Widget for &FieldsPanel {
    fn render(self, area: Rect, buf: &mut Buffer) {
        fields(self, area, buf);
    }
}

/// The field names that fit in the panel's inside, and the column where the values start
/// (after the selection mark, the number and the names).
pub(crate) fn field_columns(inner: Rect, lang: Lang) -> ([&'static str; 6], u16) {
    // The long names only where they leave room for a useful part of the placement (20
    // columns): values matter more than names.
    let long = inner.width >= 2 + 2 + 24 + 2 + 20;
    let names = if long {
        text::FIELD_NAMES
    } else {
        text::FIELD_SHORT_NAMES
    }
    .map(|m| m.tr(lang));
    let name_width = names.iter().map(|n| wrap::width(n)).max().unwrap_or(0) as u16;
    (names, inner.x + 1 + 2 + name_width + 2)
}

fn fields(p: &FieldsPanel, r: Rect, buf: &mut Buffer) {
    let (t, focused, lang) = (&p.theme, p.focused, p.lang);
    let inner = boxed(
        text::FIELDS_TITLE.tr(lang),
        border_style(focused, t),
        r,
        buf,
    );
    let values: Vec<&str> = p.fen.split(' ').collect();
    let (names, value_x) = field_columns(inner, lang);
    let name_width = (value_x - inner.x - 5) as usize;
    for (field, name) in Field::ALL.into_iter().zip(names.iter()) {
        let i = field.index();
        if i as u16 >= inner.height {
            break;
        }
        let selected = p.field == field;
        let value = match field {
            Field::Side => text::side_value(lang, p.turn, p.game),
            _ => values.get(i).copied().unwrap_or("").to_owned(),
        };
        let row_style = if selected && focused {
            t.focused_row
        } else {
            Style::new()
        };
        let marker = if selected { "▸" } else { " " };
        let room = (inner.width as usize).saturating_sub(2 + 2 + name_width + 2);
        let value = wrap::cut(&value, room);
        let line = Line::from(vec![
            Span::styled(marker, t.key),
            Span::styled(format!("{field} "), t.label),
            Span::styled(wrap::pad(name, name_width + 2), t.label),
            Span::styled(value, t.value),
        ])
        .style(row_style);
        let row = Rect::new(inner.x, inner.y + i as u16, inner.width, 1);
        buf.set_style(row, row_style);
        line.render(row, buf);
    }
}

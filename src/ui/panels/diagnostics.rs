//! The diagnostics panel: the status line, every problem, the record's EPD operations.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap::wrap;
use super::boxed;
use crate::core::status::Status;
use crate::core::{Color, Diagnostic, Game, Severity};
use crate::editor::State;
use crate::i18n::Lang;

/// The diagnostics panel: the status line, every problem, the record's EPD operations.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagnosticsPanel {
    pub lang: Lang,
    pub game: Game,
    /// The FEN line being edited does not read: that is all the panel says.
    pub not_parsed: bool,
    pub status: Option<Status>,
    pub diagnostics: Vec<Diagnostic>,
    pub turn: Color,
    /// The record's EPD operations.
    pub operations: Option<String>,
    pub theme: Theme,
}

impl DiagnosticsPanel {
    pub fn new(state: &State, theme: &Theme) -> DiagnosticsPanel {
        let shown = state.shown_position();
        DiagnosticsPanel {
            lang: state.options.lang,
            game: shown.game,
            not_parsed: state.fen_line.editing && state.fen_line.preview.is_none(),
            status: state.status,
            diagnostics: state.diagnostics.clone(),
            turn: shown.turn,
            operations: state.record_operations().map(str::to_owned),
            theme: theme.clone(),
        }
    }

    /// The rows the panel would fill at `width` columns (its border included), for the
    /// layout to share the room with the panels under it.
    pub fn wanted_height(&self, width: u16) -> u16 {
        let inner = usize::from(width.saturating_sub(2));
        if inner == 0 {
            return 0;
        }
        (self.lines(inner).len() as u16).saturating_add(2)
    }
}

impl Widget for &DiagnosticsPanel {
    fn render(self, r: Rect, buf: &mut Buffer) {
        diagnostics(self, r, buf);
    }
}

fn diagnostics(p: &DiagnosticsPanel, r: Rect, buf: &mut Buffer) {
    let (t, lang) = (&p.theme, p.lang);
    let inner = boxed(text::DIAGNOSTICS_TITLE.tr(lang), t.border, r, buf);
    let width = inner.width as usize;
    if width == 0 {
        return;
    }
    let mut lines = p.lines(width);
    let rows = inner.height as usize;
    // Too many lines: the last row says how many are hidden, when there is room to spare one.
    if lines.len() > rows && rows >= 3 {
        let hidden = lines.len() - (rows - 1);
        lines.truncate(rows - 1);
        lines.push(Line::styled(text::more_lines(lang, hidden), t.muted));
    }
    for (i, line) in lines.iter().enumerate().take(rows) {
        line.render(Rect::new(inner.x, inner.y + i as u16, inner.width, 1), buf);
    }
}

impl DiagnosticsPanel {
    /// Every line of the panel at `width` columns inside its border.
    fn lines(&self, width: usize) -> Vec<Line<'_>> {
        let (t, lang, game) = (&self.theme, self.lang, self.game);
        let errors = self.diagnostics.iter().filter(|d| d.is_error()).count();
        let mut lines: Vec<Line> = Vec::new();
        if self.not_parsed {
            for part in wrap(text::NOT_PARSED.tr(lang), width) {
                lines.push(Line::styled(part, t.error));
            }
        } else {
            let status = text::status_line(lang, self.status.as_ref(), errors, self.turn, game);
            let (mark, style) = if errors > 0 {
                ("✗ ", t.error)
            } else {
                ("✓ ", t.ok)
            };
            for (i, part) in wrap(&status, width - 2).into_iter().enumerate() {
                let lead = if i == 0 { mark } else { "  " };
                lines.push(Line::from(vec![
                    Span::styled(lead, style),
                    Span::styled(part, style),
                ]));
            }
        }
        if self.diagnostics.is_empty() {
            lines.push(Line::styled(text::NO_PROBLEMS.tr(lang), t.muted));
        }
        // Each problem: a line with its mark, code and field, then its message indented under it.
        let messages = text::diagnostic_messages(lang, &self.diagnostics, game);
        for (d, message) in self.diagnostics.iter().zip(messages.iter()) {
            let (mark, style) = match d.severity {
                Severity::Error => ("✗ ", t.error),
                Severity::Warning => ("! ", t.warning),
            };
            lines.push(Line::from(vec![
                Span::styled(mark, style),
                Span::styled(d.code.as_str(), style),
                Span::styled(format!(" · {}", text::field_ref(lang, d.field)), t.muted),
            ]));
            for part in wrap(message, width.saturating_sub(2).max(1)) {
                lines.push(Line::raw(format!("  {part}")));
            }
        }
        // The record's EPD operations (the key move, the composer, the solution), one per line,
        // after the problems; the id is already in the title.
        if let Some(ops) = &self.operations {
            let shown: Vec<&str> = crate::collection::epd::operations(ops)
                .map(str::trim)
                .filter(|op| !op.starts_with("id ") && *op != "id")
                .collect();
            if !shown.is_empty() {
                lines.push(Line::raw(""));
                lines.push(Line::styled(text::EPD_OPERATIONS.tr(lang), t.muted));
            }
            for op in shown {
                for part in wrap(op, width.saturating_sub(2).max(1)) {
                    lines.push(Line::raw(format!("  {part}")));
                }
            }
        }
        lines
    }
}

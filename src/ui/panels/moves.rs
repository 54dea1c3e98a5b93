//! The Moves panel of playback and play mode: where the board stands in the line, then the
//! moves numbered as a game score (SAN; WXF in xiangqi), the move on the board marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::{boxed, ellipsis};
use crate::core::Color;
use crate::editor::line::{Line, LineKind};

/// The Moves panel, drawn while the board shows a line.
pub struct MovesPanel<'a> {
    pub line: &'a Line,
    pub theme: &'a Theme,
}

impl Widget for MovesPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let title = match self.line.kind {
            LineKind::Play => text::PLAY_TITLE,
            LineKind::Playback => text::PLAYBACK_TITLE,
        };
        let title = format!("{title} · {}", text::MOVES_TITLE);
        let inner = boxed(&title, self.theme.border_focused, area, buf);
        render(self.line, self.theme, inner, buf);
    }
}

/// One row of the score: a move number, White's (Red's) move and Black's, each with the index
/// of its ply.
struct Row<'a> {
    number: String,
    moves: [Option<(usize, &'a str)>; 2],
}

fn rows(line: &Line) -> Vec<Row<'_>> {
    let mut rows: Vec<Row> = Vec::new();
    let mut number = line.setup.fullmove.max(1);
    let mut turn = line.setup.turn;
    for (i, ply) in line.plies.iter().enumerate() {
        let column = usize::from(turn == Color::Black);
        if column == 0 || rows.is_empty() {
            rows.push(Row {
                number: format!("{number}."),
                moves: [None, None],
            });
        }
        if let Some(row) = rows.last_mut() {
            row.moves[column] = Some((i, ply.notation.as_str()));
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    rows
}

fn render(line: &Line, t: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let width = usize::from(inner.width);
    let header = text::line_position(line.at, line.plies.len());
    buf.set_stringn(inner.x, inner.y, ellipsis(&header, width), width, t.muted);
    let rows = rows(line);
    if rows.is_empty() {
        if inner.height > 1 {
            buf.set_stringn(inner.x, inner.y + 1, text::NO_MOVES_YET, width, t.muted);
        }
        return;
    }
    let room = usize::from(inner.height - 1);
    // The row of the move on the board stays in sight: the window scrolls to it.
    let current = line.at.checked_sub(1);
    let current_row = current
        .and_then(|c| rows.iter().position(|r| r.moves.iter().flatten().any(|m| m.0 == c)))
        .unwrap_or(0);
    let first = (current_row + 1).saturating_sub(room);
    let number_width = rows.iter().map(|r| r.number.len()).max().unwrap_or(2);
    let cell = (width.saturating_sub(number_width + 1) / 2).clamp(1, 10);
    for (k, row) in rows.iter().skip(first).take(room).enumerate() {
        let y = inner.y + 1 + k as u16;
        let mut spans = vec![Span::styled(
            format!("{:>number_width$} ", row.number),
            t.label,
        )];
        for (column, slot) in row.moves.into_iter().enumerate() {
            let (text, style, mark) = match slot {
                Some((i, san)) if Some(i) == current => (san, t.focused_row, "▸"),
                Some((_, san)) => (san, t.value, " "),
                // Black began: White's move of the first row was before the setup.
                None if column == 0 => ("…", t.muted, " "),
                None => ("", t.muted, " "),
            };
            spans.push(Span::styled(mark, t.key));
            let shown = ellipsis(text, cell.saturating_sub(1));
            spans.push(Span::styled(
                format!("{shown:<w$}", w = cell.saturating_sub(1)),
                style,
            ));
        }
        TextLine::from(spans).render(Rect::new(inner.x, y, inner.width, 1), buf);
    }
}

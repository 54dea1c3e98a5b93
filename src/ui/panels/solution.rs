//! The Solution panel: the solve's progress, then its result as problem magazines print it —
//! the key with `!` and its threat, each defence with its continuations (duals and short
//! variations marked), tries with their refutations, helpmate solutions — one line per row
//! of `editor::solving`, the chosen one highlighted; cooked keys in red, a stale result
//! marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::{border_style, boxed};
use crate::editor::solving::{Item, Phase, Row, Solving};
use crate::solve::{Move, Outcome, Threat};

/// The Solution panel, drawn while it is open.
pub struct SolutionPanel<'a> {
    pub solving: &'a Solving,
    pub focused: bool,
    pub theme: &'a Theme,
}

impl Widget for SolutionPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let inner = boxed(
            text::SOLUTION_TITLE,
            border_style(self.focused, t),
            area,
            buf,
        );
        if inner.width == 0 || inner.height == 0 {
            return;
        }
        let width = usize::from(inner.width);
        let mut lines = vec![fit(header(self.solving, t), width)];
        let rows = self.solving.rows();
        // A footer with the panel's keys when there is room for it and a tree to choose from.
        let footer = self.focused && !rows.is_empty() && inner.height >= 4;
        let room = usize::from(inner.height) - 1 - usize::from(footer);
        let cooked = match &self.solving.phase {
            Phase::Done(s) => s.solution.is_cooked(),
            _ => false,
        };
        let first = first_shown(self.solving.selected, rows.len(), room);
        for row in rows.iter().skip(first).take(room) {
            lines.push(fit(row_line(row, cooked, t), width));
        }
        for (i, line) in lines.into_iter().enumerate() {
            let r = Rect::new(inner.x, inner.y + i as u16, inner.width, 1);
            if i > 0 && first + i - 1 == self.solving.selected && self.focused {
                buf.set_style(r, t.focused_row);
            }
            line.render(r, buf);
        }
        if footer {
            let r = Rect::new(inner.x, inner.bottom() - 1, inner.width, 1);
            Line::styled(text::SOLUTION_KEYS, t.hint).render(r, buf);
        }
    }
}

/// The first row shown so that the chosen one is in the `room` rows shown.
pub fn first_shown(selected: usize, rows: usize, room: usize) -> usize {
    if room == 0 || rows <= room {
        return 0;
    }
    selected.saturating_sub(room - 1).min(rows - room)
}

/// The first line: progress while it runs, else the result's summary, marked stale when the
/// board shows another position now.
fn header<'a>(s: &'a Solving, t: &Theme) -> Line<'a> {
    let stip = s.request.ask.to_string();
    let mut spans = match &s.phase {
        Phase::Running { .. } if s.cancelled => vec![Span::styled(text::SOLVING_STOPPING, t.muted)],
        Phase::Running {
            nodes,
            millis,
            done,
            total,
        } => vec![Span::styled(
            text::solving_progress(&stip, *nodes, *millis, *done, *total),
            t.label,
        )],
        Phase::Refused(why) => vec![Span::styled(text::solve_refused(why), t.error)],
        Phase::Done(solved) => {
            let sol = &solved.solution;
            let help = sol.stipulation.is_help();
            let found = if help {
                sol.solutions.len()
            } else {
                sol.keys.len()
            };
            let style = match sol.outcome {
                Outcome::Solved if sol.is_cooked() => t.error,
                Outcome::Solved => t.ok,
                Outcome::NoSolution => t.error,
                Outcome::Unfinished => t.warning,
            };
            vec![Span::styled(
                text::solution_summary(
                    &stip,
                    sol.outcome,
                    help,
                    found,
                    sol.is_cooked(),
                    sol.nodes,
                    sol.seconds,
                ),
                style,
            )]
        }
    };
    if s.stale {
        spans.insert(
            0,
            Span::styled(format!("{} · ", text::SOLUTION_STALE), t.warning),
        );
    }
    Line::from(spans)
}

/// One row of the tree.
fn row_line(row: &Row, cooked: bool, t: &Theme) -> Line<'static> {
    let indent = " ".repeat(usize::from(row.depth) * 2);
    let mut spans = vec![Span::raw(indent)];
    match &row.item {
        Item::Attack {
            number,
            mv,
            key,
            threat,
        } => {
            let style = match (key, cooked) {
                (true, true) => t.error,
                (true, false) => t.ok,
                (false, _) => t.value,
            };
            let mark = if *key { "!" } else { "" };
            spans.push(Span::styled(format!("{number}.{}{mark}", mv.san), style));
            match threat {
                Threat::None => {}
                Threat::Zugzwang => {
                    spans.push(Span::styled(
                        format!(" {}", text::SOLUTION_ZUGZWANG),
                        t.muted,
                    ));
                }
                Threat::Moves(ms) => {
                    let ms: Vec<String> = ms
                        .iter()
                        .map(|m| format!("{}.{}", number + 1, m.san))
                        .collect();
                    spans.push(Span::styled(
                        format!(" {} {}", text::SOLUTION_THREAT, ms.join(", ")),
                        t.muted,
                    ));
                }
            }
        }
        Item::Defence {
            number,
            mv,
            ends,
            short,
        } => {
            spans.push(Span::styled(format!("{number}...{}", mv.san), t.label));
            for end in ends {
                spans.push(Span::styled(
                    format!(" {}.{}", number + 1, end.san),
                    t.value,
                ));
            }
            if ends.len() > 1 {
                spans.push(Span::styled(
                    format!(" ({})", text::SOLUTION_DUALS),
                    t.warning,
                ));
            }
            if *short {
                spans.push(Span::styled(format!(" {}", text::SOLUTION_SHORT), t.muted));
            }
        }
        Item::Try { mv, refutations } => {
            let refs: Vec<String> = refutations
                .iter()
                .map(|r| format!("1...{}!", r.san))
                .collect();
            spans.push(Span::styled(format!("1.{}?", mv.san), t.warning));
            spans.push(Span::styled(
                format!(" {} {}", text::SOLUTION_BUT, refs.join(", ")),
                t.muted,
            ));
        }
        Item::Help { moves, short, half } => {
            let style = if cooked { t.error } else { t.ok };
            spans.push(Span::styled(help_text(moves, *half), style));
            if *short {
                spans.push(Span::styled(format!(" {}", text::SOLUTION_SHORT), t.muted));
            }
        }
    }
    Line::from(spans)
}

/// A helpmate solution numbered as composers write it: `1.Kg3 Re2#`, and `1...` first for
/// h#n.5, which opens with the side to move's extra half move.
fn help_text(moves: &[Move], half: bool) -> String {
    let offset = usize::from(half);
    let mut parts = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let j = i + offset;
        parts.push(if j % 2 == 0 {
            format!("{}.{}", j / 2 + 1, m.san)
        } else if i == 0 {
            format!("1...{}", m.san)
        } else {
            m.san.clone()
        });
    }
    parts.join(" ")
}

/// `line` cut to `width` columns, an ellipsis where it was cut.
fn fit(line: Line<'_>, width: usize) -> Line<'static> {
    let mut out: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    let total = line.width();
    for span in line.spans {
        let style: Style = span.style;
        let w = span.width();
        if total <= width || used + w < width {
            out.push(Span::styled(span.content.into_owned(), style));
            used += w;
            continue;
        }
        let room = width.saturating_sub(used + 1);
        let cut: String = span.content.chars().take(room).collect();
        out.push(Span::styled(format!("{cut}…"), style));
        break;
    }
    Line::from(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_row_is_always_in_view() {
        assert_eq!(first_shown(0, 100, 10), 0);
        assert_eq!(first_shown(9, 100, 10), 0);
        assert_eq!(first_shown(10, 100, 10), 1);
        assert_eq!(first_shown(99, 100, 10), 90);
        assert_eq!(first_shown(5, 3, 10), 0);
        assert_eq!(first_shown(5, 100, 0), 0);
    }

    #[test]
    fn long_lines_end_with_an_ellipsis_short_ones_are_whole() {
        let l = fit(
            Line::from(vec![Span::raw("1.Qa7!"), Span::raw(" zugzwang")]),
            10,
        );
        assert_eq!(l.to_string(), "1.Qa7! zu…");
        assert_eq!(l.width(), 10);
        let l = fit(Line::from("1.Qa7!"), 10);
        assert_eq!(l.to_string(), "1.Qa7!");
    }
}

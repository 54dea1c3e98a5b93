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
use super::super::wrap::fit;
use super::{border_style, boxed};
use crate::editor::solving::{Item, Phase, Row, Solving};
use crate::solve::{Named, Outcome, Threat};

/// The Solution panel, drawn while it is open.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionPanel {
    /// What is solved and how far it got (the tree behind it is shared, not copied).
    pub solving: Solving,
    pub focused: bool,
    pub lang: crate::i18n::Lang,
    pub theme: Theme,
}

impl SolutionPanel {
    /// The panel while it is open.
    pub fn new(state: &crate::editor::State, theme: &Theme) -> Option<SolutionPanel> {
        Some(SolutionPanel {
            solving: state.solving.clone()?,
            focused: state.focus == crate::editor::Focus::Solution,
            lang: state.options.lang,
            theme: theme.clone(),
        })
    }
}

impl Widget for &SolutionPanel {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let lang = self.lang;
        // Unfocused, the title says how to get in.
        let title = if self.focused {
            text::SOLUTION_TITLE.tr(lang).to_owned()
        } else {
            format!(
                "{} · {}",
                text::SOLUTION_TITLE.tr(lang),
                text::SOLUTION_ENTER.tr(lang)
            )
        };
        let inner = boxed(&title, border_style(self.focused, t), area, buf);
        if inner.width == 0 || inner.height == 0 {
            return;
        }
        let width = usize::from(inner.width);
        let mut lines = header(&self.solving, lang, t, width);
        lines.truncate(usize::from(inner.height));
        let head = lines.len();
        let rows = self.solving.rows();
        let room = usize::from(inner.height) - head;
        let cooked = match &self.solving.phase {
            Phase::Done(s) => s.is_cooked(),
            _ => false,
        };
        let first = first_shown(self.solving.selected, rows.len(), room);
        for row in rows.iter().skip(first).take(room) {
            lines.push(row_line(row, cooked, lang, t, width));
        }
        for (i, line) in lines.into_iter().enumerate() {
            let r = Rect::new(inner.x, inner.y + i as u16, inner.width, 1);
            if i >= head && first + i - head == self.solving.selected && self.focused {
                buf.set_style(r, t.focused_row);
            }
            line.render(r, buf);
        }
    }
}

/// The index of the tree's row drawn at a screen cell of the panel drawn over `area`.
pub fn row_at(
    solving: &Solving,
    lang: crate::i18n::Lang,
    area: Rect,
    col: u16,
    row: u16,
) -> Option<usize> {
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    if !inner.contains(ratatui::layout::Position::new(col, row)) {
        return None;
    }
    let mono = Theme::new(super::super::theme::ColorMode::Mono);
    let head = header(solving, lang, &mono, usize::from(inner.width))
        .len()
        .min(usize::from(inner.height));
    let room = usize::from(inner.height) - head;
    let y = usize::from(row - inner.y).checked_sub(head)?;
    let rows = solving.rows().len();
    let index = first_shown(solving.selected, rows, room) + y;
    (index < rows).then_some(index)
}

/// The rows the panel would fill: its border, the first line (two when it wraps) and the
/// tree.
pub fn wanted_height(solving: &Solving) -> u16 {
    let rows = solving.rows().len().min(usize::from(u16::MAX) - 4) as u16;
    rows + 4
}

/// The first row shown so that the chosen one is in the `room` rows shown.
pub fn first_shown(selected: usize, rows: usize, room: usize) -> usize {
    if room == 0 || rows <= room {
        return 0;
    }
    selected.saturating_sub(room - 1).min(rows - room)
}

/// The first lines: progress while it runs, else the result's summary, marked stale when the
/// board shows another position now; its parts wrap between them when the panel is narrow.
fn header(s: &Solving, lang: crate::i18n::Lang, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let stip = s.request.ask.to_string();
    let (parts, style) = match &s.phase {
        Phase::Running { .. } if s.cancelled => {
            (vec![text::SOLVING_STOPPING.tr(lang).to_owned()], t.muted)
        }
        Phase::Running {
            nodes,
            millis,
            done,
            total,
        } => (
            text::solving_progress(lang, &stip, *nodes, *millis, *done, *total),
            t.label,
        ),
        Phase::Refused(why) => (vec![text::solve_refused(lang, why)], t.error),
        Phase::Done(solved) => {
            let sol = &solved.solution;
            let help = sol.stipulation.is_help();
            // Counted as Popeye counts: a series selfmate's lines that differ only in the
            // other side's forced mate are one solution; short solutions apart.
            let found = if help {
                text::Found {
                    help,
                    full: sol.solution_count(false),
                    short: sol.solution_count(true),
                }
            } else {
                text::Found {
                    help,
                    full: sol.keys.len(),
                    short: 0,
                }
            };
            let cooked = solved.is_cooked();
            let style = match sol.outcome {
                Outcome::Solved if cooked => t.error,
                Outcome::Solved => t.ok,
                Outcome::NoSolution => t.error,
                Outcome::Unfinished => t.warning,
            };
            let parts = text::solution_summary(
                lang,
                &stip,
                sol.outcome,
                found,
                cooked,
                sol.nodes,
                sol.seconds,
            );
            (parts, style)
        }
    };
    let mut parts: Vec<(String, Style)> = parts.into_iter().map(|p| (p, style)).collect();
    if s.stale {
        parts.insert(0, (text::SOLUTION_STALE.tr(lang).to_owned(), t.warning));
    }
    pack(parts, width)
}

/// Parts joined by ` · ` into as few lines of `width` as they fit (a part too long for a line
/// ends with an ellipsis).
fn pack(parts: Vec<(String, Style)>, width: usize) -> Vec<Line<'static>> {
    let sep = text::SOLUTION_SEPARATOR;
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (part, style) in parts {
        let w = Span::raw(part.as_str()).width();
        if !spans.is_empty() && used + super::super::wrap::width(sep) + w > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if !spans.is_empty() {
            spans.push(Span::styled(sep, style));
            used += super::super::wrap::width(sep);
        }
        used += w;
        spans.push(Span::styled(part, style));
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines.into_iter().map(|l| fit(l, width)).collect()
}

/// One row of the tree in `width` columns: indented by its depth, then what its item says.
fn row_line(
    row: &Row,
    cooked: bool,
    lang: crate::i18n::Lang,
    t: &Theme,
    width: usize,
) -> Line<'static> {
    let indent = usize::from(row.depth) * 2;
    let room = width.saturating_sub(indent);
    let mut spans = vec![Span::raw(" ".repeat(indent))];
    spans.extend(match &row.item {
        Item::Attack {
            number,
            mv,
            key,
            threat,
        } => attack_spans(*number, mv, *key, threat, cooked, lang, t),
        Item::Twin { label, text } => twin_spans(*label, text, t),
        Item::Defence { .. } => defence_spans(&row.item, lang, t, room),
        Item::Try { mv, refutations } => try_spans(mv, refutations, lang, t),
        Item::Help { moves, short, half } => {
            let style = if cooked { t.error } else { t.ok };
            let mut spans = vec![Span::styled(help_text(moves, *half, row.series), style)];
            spans.extend(short_span(*short, lang, t));
            spans
        }
    });
    fit(Line::from(spans), width)
}

/// A key (`1.Ra6!`, green, red when cooked) or a continuation, with its threat or zugzwang.
fn attack_spans(
    number: u32,
    mv: &Named,
    key: bool,
    threat: &Threat<Named>,
    cooked: bool,
    lang: crate::i18n::Lang,
    t: &Theme,
) -> Vec<Span<'static>> {
    let style = match (key, cooked) {
        (true, true) => t.error,
        (true, false) => t.ok,
        (false, _) => t.value,
    };
    let mark = if key { "!" } else { "" };
    let mut spans = vec![Span::styled(format!("{number}.{}{mark}", mv.san), style)];
    match threat {
        Threat::None => {}
        Threat::Zugzwang => spans.push(Span::styled(
            format!(" {}", text::SOLUTION_ZUGZWANG.tr(lang)),
            t.muted,
        )),
        Threat::Moves(ms) => {
            let ms: Vec<String> = ms
                .iter()
                .map(|m| format!("{}.{}", number + 1, m.san))
                .collect();
            spans.push(Span::styled(
                format!(" {} {}", text::SOLUTION_THREAT.tr(lang), ms.join(", ")),
                t.muted,
            ));
        }
    }
    spans
}

/// A twin's heading: `a)`, `b) move a1 a2`.
fn twin_spans(label: char, commands: &str, t: &Theme) -> Vec<Span<'static>> {
    let mut spans = vec![Span::styled(format!("{label})"), t.key)];
    if !commands.is_empty() {
        spans.push(Span::styled(format!(" {commands}"), t.label));
    }
    spans
}

/// A defence, the others met the same way, and the moves that finish after them, in `room`
/// columns: when the defences do not all fit, the last of them give way to `…` so that the
/// finishing moves stay in sight (`1...Bh2, Bg3, … 2.Rxa7#`).
fn defence_spans(
    item: &Item,
    lang: crate::i18n::Lang,
    t: &Theme,
    room: usize,
) -> Vec<Span<'static>> {
    let Item::Defence {
        number,
        mv,
        others,
        ends,
        short,
        variation,
    } = item
    else {
        return Vec::new();
    };
    let mut tail = Vec::new();
    // Several ways to finish after a variation are duals: said before them, so a cut line
    // still says it. After a defence the threat still meets they are not.
    if *variation && ends.len() > 1 {
        tail.push(Span::styled(
            format!(" {}", text::SOLUTION_DUALS.tr(lang)),
            t.warning,
        ));
    }
    for end in ends {
        tail.push(Span::styled(
            format!(" {}.{}", number + 1, end.san),
            t.value,
        ));
    }
    tail.extend(short_span(*short, lang, t));
    let tail_width: usize = tail.iter().map(Span::width).sum();
    let names: Vec<&str> = std::iter::once(mv)
        .chain(others)
        .map(|m| m.san.as_str())
        .collect();
    let head = defences_text(*number, &names, room.saturating_sub(tail_width));
    let mut spans = vec![Span::styled(head, t.label)];
    spans.extend(tail);
    spans
}

/// `1...Bh2, Bg3, Bf4` in `room` columns if it fits, else as many of the defences as fit with
/// `, …` after them (at least the first). When not even the first fits so, all are given: the
/// finishing moves cannot be kept in sight, and the line is cut at its end as any other.
fn defences_text(number: u32, names: &[&str], room: usize) -> String {
    let all = format!("{number}...{}", names.join(", "));
    let least = format!("{number}...{}, …", names[0]);
    if super::super::wrap::width(&all) <= room || super::super::wrap::width(&least) > room {
        return all;
    }
    let mut shown = 1;
    while shown + 1 < names.len() {
        let more = format!("{number}...{}, …", names[..=shown].join(", "));
        if super::super::wrap::width(&more) > room {
            break;
        }
        shown += 1;
    }
    format!("{number}...{}, …", names[..shown].join(", "))
}

/// A try and its refutations: `1.Qb7? but 1...Kg1!`.
fn try_spans(
    mv: &Named,
    refutations: &[Named],
    lang: crate::i18n::Lang,
    t: &Theme,
) -> Vec<Span<'static>> {
    let refs: Vec<String> = refutations
        .iter()
        .map(|r| format!("1...{}!", r.san))
        .collect();
    vec![
        Span::styled(format!("1.{}?", mv.san), t.warning),
        Span::styled(
            format!(" {} {}", text::SOLUTION_BUT.tr(lang), refs.join(", ")),
            t.muted,
        ),
    ]
}

/// ` (short)` after a short variation or solution.
fn short_span(short: bool, lang: crate::i18n::Lang, t: &Theme) -> Option<Span<'static>> {
    short.then(|| Span::styled(format!(" {}", text::SOLUTION_SHORT.tr(lang)), t.muted))
}

/// A helpmate solution numbered as composers write it: `1.Kg3 Re2#`, and `1...` first for
/// h#n.5, which opens with the side to move's extra half move; a series move by move
/// (`1.Kxa6 2.Ka7 Ra4#`).
fn help_text(moves: &[Named], half: bool, series: usize) -> String {
    let names: Vec<&str> = moves.iter().map(|m| m.san.as_str()).collect();
    crate::editor::solving::numbered(&names, half, series).join(" ")
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
    fn the_first_line_wraps_between_its_parts() {
        let parts = |v: &[&str]| v.iter().map(|p| (p.to_string(), Style::new())).collect();
        let lines = pack(parts(&["#2", "sound: 1 key", "351 nodes", "0.0 s"]), 40);
        assert_eq!(lines.len(), 1);
        assert_eq!(
            lines[0].to_string(),
            "#2 · sound: 1 key · 351 nodes · 0.0 s"
        );
        let lines = pack(parts(&["#2", "sound: 1 key", "351 nodes", "0.0 s"]), 20);
        let shown: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(shown, ["#2 · sound: 1 key", "351 nodes · 0.0 s"]);
        let lines = pack(parts(&["a part far too long for the line"]), 10);
        assert_eq!(lines[0].to_string(), "a part fa…");
    }

    /// The panel's first line for `stip` solved from `fen`.
    fn summary(fen: &str, stip: &str) -> String {
        use crate::editor::solving::{self, Ask, Request, Solved, Solving};
        let position = crate::core::fen::read(fen, None).position.unwrap();
        let ask = Ask::parse(stip).unwrap();
        let solution = crate::solve::solve(
            &position,
            ask.stipulation,
            &solving::options(ask, 2),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        let solving = Solving {
            request: Request {
                id: 1,
                position,
                ask,
                twins: Vec::new(),
            },
            fen: fen.into(),
            phase: Phase::Done(Solved::new(crate::solve::named(&solution))),
            stale: false,
            cancelled: false,
            selected: 0,
            twins: String::new(),
        };
        let mono = Theme::new(super::super::super::theme::ColorMode::Mono);
        let lines = header(&solving, crate::i18n::Lang::En, &mono, 200);
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn found_counts_solutions_as_popeye_does() {
        // After 1.Qg1+ Black must take the queen, with the rook or the queen, and both mate:
        // two lines, one solution.
        let shown = summary("8/8/8/8/3q2r1/8/4r2Q/5k1K w - - 0 1", "ser-s#1");
        assert!(shown.contains("sound: 1 solution ·"), "{shown}");
        // Three series helpmates in three and a short one in two: cooked, the short apart.
        let shown = summary("8/1pK5/R7/k7/1R6/8/8/8 b - - 0 1", "ser-h#3");
        assert!(
            shown.contains("cooked: 3 solutions and 1 short ·"),
            "{shown}"
        );
    }

    #[test]
    fn a_set_line_too_wide_keeps_its_mate_and_cuts_its_defences() {
        // Morphy's set play: the bishop's six moves, all met by 2.Rxa7#.
        let fen = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
        let position = crate::core::fen::read(fen, None).position.unwrap();
        let ask = crate::editor::solving::Ask::parse("#2 setplay").unwrap();
        let solution = crate::solve::solve(
            &position,
            ask.stipulation,
            &crate::editor::solving::options(ask, 2),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        let rows = crate::editor::solving::rows(&crate::solve::named(&solution));
        let set = rows.iter().find(|r| r.dots).expect("the set line");
        let mono = Theme::new(super::super::super::theme::ColorMode::Mono);
        let wide = row_line(set, false, crate::i18n::Lang::En, &mono, 80).to_string();
        assert_eq!(wide.matches(", ").count(), 5, "all six shown: {wide}");
        for width in [33, 24, 18] {
            let line = row_line(set, false, crate::i18n::Lang::En, &mono, width).to_string();
            assert!(line.ends_with(" 2.Rxa7#"), "{width}: {line}");
            assert!(line.contains(", … "), "{width}: {line}");
            assert!(super::super::super::wrap::width(&line) <= width, "{line}");
            assert!(
                line.starts_with(&wide[..7]),
                "the first defence stays: {line}"
            );
        }
    }

    #[test]
    fn defences_give_way_only_when_that_brings_the_mates_into_sight() {
        let names = ["Bh2", "Bg3", "Bf4"];
        assert_eq!(defences_text(1, &names, 40), "1...Bh2, Bg3, Bf4");
        let cut = defences_text(1, &names, 15);
        assert!(cut.ends_with(", …") && cut.starts_with("1...Bh2"), "{cut}");
        assert!(super::super::super::wrap::width(&cut) <= 15, "{cut}");
        // No room even for the first and `…`: nothing is given up for nothing.
        assert_eq!(defences_text(1, &names, 5), "1...Bh2, Bg3, Bf4");
    }
}

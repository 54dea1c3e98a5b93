//! The Analysis panel: the engine's name, depth and speed, then its best lines with their
//! scores from White's (Red's) side and their first moves in SAN (xiangqi: WXF).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::boxed;
use crate::core::notation::{Notation, read_line};
use crate::core::{Diagnostic, Position};
use crate::editor::State;
use crate::editor::analysis::{Analysis, Bound, Phase, PvLine, Score};
use crate::i18n::Lang;

/// The Analysis panel, drawn while it is open.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisPanel {
    pub lang: Lang,
    pub analysis: Analysis,
    /// The position shown, which the engine's lines are named from.
    pub position: Position,
    pub notation: Notation,
    /// Why the position is not sent, when it is illegal: its first error.
    pub error: Option<Diagnostic>,
    pub theme: Theme,
}

impl AnalysisPanel {
    /// The panel while it is open.
    pub fn new(state: &State, theme: &Theme) -> Option<AnalysisPanel> {
        let analysis = state.analysis.as_ref()?;
        let position = state.shown_position();
        Some(AnalysisPanel {
            lang: state.options.lang,
            analysis: analysis.clone(),
            position: *position,
            notation: state.options.notation(position.game),
            error: state.diagnostics.iter().find(|d| d.is_error()).cloned(),
            theme: theme.clone(),
        })
    }
}

impl Widget for &AnalysisPanel {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let inner = boxed(
            text::ANALYSIS_TITLE.tr(self.lang),
            self.theme.border,
            area,
            buf,
        );
        if inner.width == 0 || inner.height == 0 {
            return;
        }
        let width = inner.width as usize;
        let mut lines = vec![self.header()];
        if self.analysis.phase == Phase::Running {
            for pv in &self.analysis.report.lines {
                lines.push(pv_line(
                    &self.position,
                    pv,
                    self.notation,
                    width,
                    &self.theme,
                ));
            }
        }
        for (i, line) in lines.iter().enumerate().take(inner.height as usize) {
            line.render(Rect::new(inner.x, inner.y + i as u16, inner.width, 1), buf);
        }
    }
}

impl AnalysisPanel {
    fn header(&self) -> Line<'_> {
        let (t, lang, analysis) = (&self.theme, self.lang, &self.analysis);
        let name = analysis.engine.as_deref().unwrap_or(text::ENGINE.tr(lang));
        match &analysis.phase {
            Phase::Starting => Line::styled(text::ENGINE_STARTING.tr(lang), t.muted),
            Phase::Running => {
                let r = &analysis.report;
                let mut spans = vec![Span::styled(name, t.label)];
                if r.depth > 0 {
                    spans.push(Span::styled(
                        text::engine_progress(lang, r.depth, r.nps),
                        t.muted,
                    ));
                }
                Line::from(spans)
            }
            Phase::Illegal => {
                let why = self
                    .error
                    .as_ref()
                    .map(|d| text::diagnostic_message(lang, d, self.position.game))
                    .unwrap_or_default();
                Line::styled(text::engine_not_sent(lang, &why), t.warning)
            }
            Phase::GameOver => Line::styled(text::ENGINE_GAME_OVER.tr(lang), t.muted),
            Phase::Unavailable(reason) => {
                Line::styled(text::engine_unavailable(lang, reason), t.error)
            }
        }
    }
}

fn pv_line(
    position: &Position,
    pv: &PvLine,
    notation: Notation,
    width: usize,
    t: &Theme,
) -> Line<'static> {
    let score = score_text(pv.score, pv.bound);
    let style = match pv.score {
        Score::Mate(_) => t.ok,
        Score::Centipawns(_) => t.value,
    };
    let room = width.saturating_sub(super::super::wrap::width(&score) + 1);
    let moves = moves_text(position, &pv.moves, notation, room);
    Line::from(vec![
        Span::styled(score, style),
        Span::raw(" "),
        Span::styled(moves, t.value),
    ])
}

/// `+0.35`, `-1.20`, `#2` (White mates), `#-3` (Black mates); `≥`/`≤` for a bound.
pub fn score_text(score: Score, bound: Bound) -> String {
    let mark = match bound {
        Bound::Exact => "",
        Bound::Lower => "≥",
        Bound::Upper => "≤",
    };
    match score {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let cp = cp.unsigned_abs();
            format!("{mark}{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(n) => format!("{mark}#{n}"),
    }
}

/// The moves numbered from the position's move number (`12.Nf3 Nc6 13.Bb5`, or `12...Nc6`
/// when Black starts), written in `notation`, as many whole moves as fit in `room` columns.
pub fn moves_text(
    position: &Position,
    moves: &[String],
    notation: Notation,
    room: usize,
) -> String {
    let names = written(position, moves, notation);
    let width = super::super::wrap::width;
    let mut out = String::new();
    let mut number = position.fullmove.max(1);
    let mut white = position.turn == crate::core::Color::White;
    for (i, name) in names.iter().enumerate() {
        let mut word = String::new();
        if white {
            word.push_str(&format!("{number}."));
        } else if i == 0 {
            word.push_str(&format!("{number}..."));
        }
        word.push_str(name);
        let need = width(&word) + usize::from(!out.is_empty());
        if width(&out) + need > room {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&word);
        if !white {
            number += 1;
        }
        white = !white;
    }
    out
}

/// The moves' names in `notation` (played out on the position, so checks and mates are
/// marked). Stops at the first move that does not fit the position.
fn written(position: &Position, moves: &[String], notation: Notation) -> Vec<String> {
    let line = read_line(position, Notation::Coordinates, moves);
    notation.write_line(position, &line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, fen};

    fn native(p: &Position) -> Notation {
        Notation::default_for("en", p.game)
    }

    fn position(text: &str) -> Position {
        fen::read(text, None).position.expect("a FEN that reads")
    }

    #[test]
    fn scores_read_as_on_lichess() {
        assert_eq!(score_text(Score::Centipawns(35), Bound::Exact), "+0.35");
        assert_eq!(score_text(Score::Centipawns(-120), Bound::Exact), "-1.20");
        assert_eq!(score_text(Score::Centipawns(0), Bound::Exact), "+0.00");
        assert_eq!(score_text(Score::Mate(2), Bound::Exact), "#2");
        assert_eq!(score_text(Score::Mate(-3), Bound::Exact), "#-3");
        assert_eq!(score_text(Score::Centipawns(7), Bound::Lower), "≥+0.07");
    }

    #[test]
    fn chess_lines_in_san_with_move_numbers() {
        let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let moves: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            moves_text(&start, &moves, native(&start), 80),
            "1.e4 e5 2.Nf3 Nc6 3.Bb5"
        );
        // Whole words only.
        assert_eq!(moves_text(&start, &moves, native(&start), 12), "1.e4 e5");
        let black = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 7");
        let moves: Vec<String> = ["e7e5", "g1f3"].map(String::from).to_vec();
        assert_eq!(
            moves_text(&black, &moves, native(&black), 80),
            "7...e5 8.Nf3"
        );
        // Mate marked; a move that does not fit the position ends the line.
        let mate = position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let moves: Vec<String> = ["a1a8", "h7h6"].map(String::from).to_vec();
        assert_eq!(moves_text(&mate, &moves, native(&mate), 80), "1.Ra8#");
        let nonsense: Vec<String> = ["e2e4"].map(String::from).to_vec();
        assert_eq!(moves_text(&mate, &nonsense, native(&mate), 80), "");
    }

    #[test]
    fn xiangqi_lines_in_wxf() {
        let start = position(Game::Xiangqi.start_fen());
        // Cannon to the centre, horse out: 1.C2.5 H8+7 (both sides count files from their right).
        let moves: Vec<String> = ["h2e2", "h9g7"].map(String::from).to_vec();
        assert_eq!(
            moves_text(&start, &moves, native(&start), 80),
            "1.C2.5 H8+7"
        );
        let nonsense: Vec<String> = ["e5e6"].map(String::from).to_vec();
        assert_eq!(moves_text(&start, &nonsense, native(&start), 80), "");
    }

    #[test]
    fn chess960_castling_as_king_takes_rook() {
        let p = position("1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 9");
        let moves: Vec<String> = ["c1g1", "c8b8"].map(String::from).to_vec();
        assert_eq!(moves_text(&p, &moves, native(&p), 80), "9.O-O O-O-O");
    }
}

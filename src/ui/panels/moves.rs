//! The Moves panel of playback and play mode: where the board stands in the line, then the
//! moves numbered as a game score (SAN; WXF in xiangqi), the move on the board marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap::cut;
use super::boxed;
use crate::core::Color;
use crate::editor::line::{Line, LineKind};

/// The Moves panel, drawn while the board shows a line.
#[derive(Clone, Debug, PartialEq)]
pub struct MovesPanel {
    pub line: Line,
    pub lang: crate::i18n::Lang,
    pub theme: Theme,
}

impl MovesPanel {
    /// The panel while the board shows a line.
    pub fn new(state: &crate::editor::State, theme: &Theme) -> Option<MovesPanel> {
        Some(MovesPanel {
            line: state.line.clone()?,
            lang: state.options.lang,
            theme: theme.clone(),
        })
    }
}

impl Widget for &MovesPanel {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let title = match self.line.kind {
            LineKind::Play => text::PLAY_TITLE,
            LineKind::Playback => text::PLAYBACK_TITLE,
        };
        let lang = self.lang;
        let title = format!("{} · {}", title.tr(lang), text::MOVES_TITLE.tr(lang));
        let inner = boxed(&title, self.theme.border_focused, area, buf);
        render(&self.line, lang, &self.theme, inner, buf);
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
    let first = line.setup.fullmove.max(1);
    let mut turn = line.setup.turn;
    for (i, ply) in line.plies.iter().enumerate() {
        let column = column(line, i, turn);
        if column == 0 || rows.is_empty() {
            rows.push(Row {
                number: format!("{}.", first as usize + rows.len()),
                moves: [None, None],
            });
        }
        if let Some(row) = rows.last_mut() {
            row.moves[column] = Some((i, ply.notation.as_str()));
        }
        turn = turn.other();
    }
    rows
}

/// The column of the score the `i`-th ply goes in, `turn` moving in a game score: White's
/// (Red's) first, Black's second. A series is numbered move by move as composers write it
/// (`1.Kxa6 2.Ka7 3.b6 Ra4#`): each of its moves first on a row of its own, the reply after
/// it second, and the moves after that by turns.
fn column(line: &Line, i: usize, turn: Color) -> usize {
    match i.checked_sub(line.series) {
        _ if line.series == 0 => usize::from(turn == Color::Black),
        None => 0,
        Some(after) => usize::from(after % 2 == 0),
    }
}

/// Where the score's rows go: the first row shown (the row of the move on the board stays in
/// sight), the width of the move numbers and of each move's cell.
struct Columns {
    first: usize,
    number_width: usize,
    cell: usize,
}

fn columns(rows: &[Row], current: Option<usize>, room: usize, width: usize) -> Columns {
    let current_row = current
        .and_then(|c| {
            rows.iter()
                .position(|r| r.moves.iter().flatten().any(|m| m.0 == c))
        })
        .unwrap_or(0);
    let number_width = rows.iter().map(|r| r.number.len()).max().unwrap_or(2);
    Columns {
        first: (current_row + 1).saturating_sub(room),
        number_width,
        cell: (width.saturating_sub(number_width + 1) / 2).clamp(1, 10),
    }
}

/// The index of the move drawn at a screen cell of the panel drawn over `area`, if any.
pub fn ply_at(line: &Line, area: Rect, col: u16, row: u16) -> Option<usize> {
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    if inner.height < 2 || !inner.contains(ratatui::layout::Position::new(col, row)) {
        return None;
    }
    let y = usize::from(row.checked_sub(inner.y + 1)?);
    let rows = rows(line);
    let c = columns(
        &rows,
        line.at.checked_sub(1),
        usize::from(inner.height - 1),
        usize::from(inner.width),
    );
    let r = rows.get(c.first + y)?;
    let x = usize::from(col - inner.x).checked_sub(c.number_width + 1)?;
    r.moves.get(x / c.cell).copied().flatten().map(|m| m.0)
}

fn render(line: &Line, lang: crate::i18n::Lang, t: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let width = usize::from(inner.width);
    let header = text::line_position(lang, line.at, line.plies.len());
    buf.set_stringn(inner.x, inner.y, cut(&header, width), width, t.muted);
    let rows = rows(line);
    if rows.is_empty() {
        if inner.height > 1 {
            buf.set_stringn(
                inner.x,
                inner.y + 1,
                text::NO_MOVES_YET.tr(lang),
                width,
                t.muted,
            );
        }
        return;
    }
    let room = usize::from(inner.height - 1);
    let current = line.at.checked_sub(1);
    let Columns {
        first,
        number_width,
        cell,
    } = columns(&rows, current, room, width);
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
            let shown = cut(text, cell.saturating_sub(1));
            // Padded by columns: a Chinese move is twice as wide as its characters.
            spans.push(Span::styled(
                super::super::wrap::pad(&shown, cell.saturating_sub(1)),
                style,
            ));
        }
        TextLine::from(spans).render(Rect::new(inner.x, y, inner.width, 1), buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use crate::core::Game;
    use crate::editor::keys::{self, Code, Key};
    use crate::editor::update::start_playback;
    use crate::editor::{Action, Options, State, update};
    use crate::ui::ansi::buffer_to_text;
    use crate::ui::screen::{View, render};
    use crate::ui::theme::{ColorMode, Theme};

    fn state(fen: &str, game: Game) -> State {
        State::from_fen(fen, Some(game), Options::default())
    }

    fn text(state: &State, w: u16, h: u16) -> String {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        render(
            state,
            &View::new(Theme::new(ColorMode::Mono)),
            area,
            &mut buf,
        );
        buffer_to_text(&buf, false)
    }

    /// Types `keys` (characters; `>` is Enter) through the key table.
    fn typed(s: &mut State, keys: &str) {
        for c in keys.chars() {
            let code = if c == '>' { Code::Enter } else { Code::Char(c) };
            if let Some(action) = keys::action(s, Key::plain(code), Default::default()) {
                update(s, action);
            }
        }
    }

    fn uci(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn chess_play_mode_120x40() {
        let mut s = state(Game::Chess.start_fen(), Game::Chess);
        typed(&mut s, "Mge2>ge4>ge7>ge5>gg1>gf3>gb8>");
        let screen = text(&s, 120, 40);
        assert!(screen.contains("Play · Moves"), "{screen}");
        assert!(screen.contains("move 3 of 3"), "{screen}");
        assert!(screen.contains("1.  e4"), "{screen}");
        assert!(screen.contains("▸Nf3"), "{screen}");
        assert!(
            screen.contains("setup FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "{screen}"
        );
        assert!(screen.contains("Black to move"), "{screen}");
        insta::assert_snapshot!(screen);
    }

    #[test]
    fn chess_playback_80x24_black_to_move_first() {
        let mut s = state("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", Game::Chess);
        start_playback(&mut s, &uci(&["e8d7", "e2e4", "d7e6", "e4e5"]));
        update(&mut s, Action::LineForward);
        update(&mut s, Action::LineForward);
        let screen = text(&s, 80, 24);
        assert!(screen.contains("Playback · Moves"), "{screen}");
        assert!(screen.contains("move 2 of 4"), "{screen}");
        assert!(screen.contains("7.  …"), "{screen}");
        assert!(screen.contains("8. ▸e4"), "{screen}");
        insta::assert_snapshot!(screen);
    }

    #[test]
    fn xiangqi_play_mode_120x40_and_playback_80x24() {
        let mut s = state(Game::Xiangqi.start_fen(), Game::Xiangqi);
        typed(&mut s, "Mgh2>ge2>gh9>gg7>");
        let screen = text(&s, 120, 40);
        assert!(screen.contains("1.  C2.5"), "{screen}");
        assert!(screen.contains("▸H8+7"), "{screen}");
        insta::assert_snapshot!("xiangqi_play_mode_120x40", screen);
        let mut p = state(Game::Xiangqi.start_fen(), Game::Xiangqi);
        start_playback(&mut p, &uci(&["h2e2", "h9g7", "h0g2"]));
        update(&mut p, Action::LineLast);
        let screen = text(&p, 80, 24);
        assert!(screen.contains("move 3 of 3"), "{screen}");
        assert!(screen.contains("▸H2+3"), "{screen}");
        insta::assert_snapshot!("xiangqi_playback_80x24", screen);
    }

    #[test]
    fn both_modes_at_both_sizes_in_both_games() {
        for (game, moves) in [
            (Game::Chess, ["e2e4", "c7c5", "g1f3"]),
            (Game::Xiangqi, ["b2e2", "b9c7", "b0c2"]),
        ] {
            let mut play = state(game.start_fen(), game);
            update(&mut play, Action::PlayMode);
            let mut back = state(game.start_fen(), game);
            start_playback(&mut back, &uci(&moves));
            update(&mut back, Action::LineForward);
            let name = game.to_string().to_lowercase();
            for &(w, h) in &[(120, 40), (80, 24)] {
                let screen = text(&play, w, h);
                assert!(screen.contains("Play · Moves") && screen.contains("no moves yet"));
                insta::assert_snapshot!(format!("{name}_play_start_{w}x{h}"), screen);
                let screen = text(&back, w, h);
                assert!(screen.contains("Playback · Moves") && screen.contains("move 1 of 3"));
                insta::assert_snapshot!(format!("{name}_playback_first_move_{w}x{h}"), screen);
            }
        }
    }

    #[test]
    fn a_long_line_keeps_the_current_move_in_sight() {
        let mut s = state(Game::Chess.start_fen(), Game::Chess);
        let knights = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let line: Vec<String> = (0..40).map(|i| knights[i % 4].to_string()).collect();
        start_playback(&mut s, &line);
        update(&mut s, Action::LineLast);
        let screen = text(&s, 80, 24);
        assert!(screen.contains("move 40 of 40"), "{screen}");
        assert!(screen.contains("20."), "{screen}");
        assert!(screen.contains("▸Ng8"), "{screen}");
        assert!(!screen.contains(" 1. "), "{screen}");
        update(&mut s, Action::LineFirst);
        let screen = text(&s, 80, 24);
        assert!(screen.contains("setup · 40 moves"), "{screen}");
        assert!(screen.contains(" 1. "), "{screen}");
    }

    #[test]
    fn the_promotion_prompt_sits_over_the_board() {
        let mut s = state("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Game::Chess);
        typed(&mut s, "Mge7>ge8>");
        let screen = text(&s, 80, 24);
        assert!(screen.contains("Promotion"), "{screen}");
        assert!(
            screen.contains("q queen · r rook · b bishop · n knight"),
            "{screen}"
        );
        insta::assert_snapshot!(screen);
    }

    fn state_in(fen: &str, game: Game, options: Options) -> State {
        State::from_fen(fen, Some(game), options)
    }

    #[test]
    fn the_moves_are_written_as_the_language_reads_them() {
        use crate::core::notation::Notation;
        use crate::i18n::Lang;
        let zh = Options {
            lang: Lang::Zh,
            ..Options::default()
        };
        // Xiangqi in Chinese: 炮二平五 马８进７, not C2.5 H8+7.
        let mut s = state_in(Game::Xiangqi.start_fen(), Game::Xiangqi, zh);
        typed(&mut s, "Mgh2>ge2>gh9>gg7>");
        let screen = text(&s, 120, 40);
        assert!(screen.contains("炮二平五"), "{screen}");
        assert!(screen.contains("马８进７"), "{screen}");
        assert!(!screen.contains("C2.5"), "{screen}");
        // Black's move lines up in its column: the cell is measured in columns.
        let row = screen.lines().find(|l| l.contains("炮二平五")).unwrap();
        let at = |s: &str| crate::ui::wrap::width(&row[..row.find(s).unwrap()]);
        assert_eq!(at("马８进７") - at("炮二平五"), 10, "{row}");
        // Chess in Spanish: the knight is a caballo (C), not N.
        let es = Options {
            lang: Lang::Es,
            ..Options::default()
        };
        let mut s = state_in(Game::Chess.start_fen(), Game::Chess, es);
        typed(&mut s, "Mge2>ge4>ge7>ge5>gg1>gf3>");
        let screen = text(&s, 120, 40);
        assert!(screen.contains("▸Cf3"), "{screen}");
        assert!(!screen.contains("Nf3"), "{screen}");
        let pgn = s.line.as_ref().unwrap().pgn("x");
        assert!(pgn.contains("2. Nf3"), "PGN stays in English SAN: {pgn}");
        // --notation figurine overrides the language; in xiangqi it leaves the default.
        let figurine = Options {
            lang: Lang::Es,
            notation: Some(Notation::Figurine),
            ..Options::default()
        };
        let mut s = state_in(Game::Chess.start_fen(), Game::Chess, figurine);
        typed(&mut s, "Mge2>ge4>ge7>ge5>gg1>gf3>");
        let screen = text(&s, 120, 40);
        assert!(screen.contains("▸♘f3"), "{screen}");
        let mut s = state_in(Game::Xiangqi.start_fen(), Game::Xiangqi, figurine);
        typed(&mut s, "Mgh2>ge2>");
        assert!(text(&s, 120, 40).contains("C2.5"));
        // The PGN stays SAN whatever the screen writes.
        let pgn = s.line.as_ref().unwrap().pgn("x");
        assert!(pgn.contains("C2.5"), "{pgn}");
    }

    #[test]
    fn a_series_is_numbered_move_by_move_with_its_reply_beside_the_last() {
        // A series helpmate: Black's three moves, then White's mate.
        let p = crate::core::fen::read("8/1pK5/R7/k7/1R6/8/8/8 b - - 0 1", None)
            .position
            .unwrap();
        let uci: Vec<String> = ["a5a6", "a6a7", "a7a8", "b4a4"].map(String::from).into();
        let (line, dropped) = crate::editor::line::Line::series_from_uci(p, &uci, 3);
        assert_eq!(dropped, 0);
        let shown: Vec<(String, [Option<usize>; 2])> = super::rows(&line)
            .iter()
            .map(|r| (r.number.clone(), r.moves.map(|m| m.map(|(i, _)| i))))
            .collect();
        let want = [
            ("1.", [Some(0), None]),
            ("2.", [Some(1), None]),
            ("3.", [Some(2), Some(3)]),
        ]
        .map(|(n, m)| (n.to_owned(), m));
        assert_eq!(shown, want);
    }
}

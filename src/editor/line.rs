//! A line of moves from a setup position: what playback steps through and what play mode
//! builds. Pure data: the setup, each move with its notation and the position after it, and
//! how far along the board is.

use super::action::Towards;
use crate::core::moves::{self, Move, Refusal};
use crate::core::notation::Notation;
use crate::core::{Game, Position, Square};

/// What the line is for: stepping through a given line, or making moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    Playback,
    Play,
}

/// One move of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Move,
    /// In the line's notation, in the position before the move.
    pub notation: String,
    pub uci: String,
    pub after: Position,
}

/// A setup and moves from it; `at` moves of them are on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub kind: LineKind,
    pub setup: Position,
    pub plies: Vec<Ply>,
    pub at: usize,
    /// How the moves are written (the language's default, or `--notation`).
    pub style: Notation,
    /// The first `series` moves are one side's series: the other side stands still after
    /// each of them but the last (0: the sides take turns throughout).
    pub series: usize,
}

impl Line {
    /// An empty line from `setup`, its moves written as SAN or WXF.
    pub fn new(kind: LineKind, setup: Position) -> Line {
        Line {
            kind,
            setup,
            plies: Vec::new(),
            at: 0,
            style: native(setup.game),
            series: 0,
        }
    }

    /// The same line with its moves written in `style` (when it writes this game's moves).
    pub fn written_in(mut self, style: Notation) -> Line {
        if style.fits(self.setup.game) {
            self.style = style;
            let mut before = self.setup;
            for ply in &mut self.plies {
                ply.notation = notation(&before, ply.mv, style);
                before = ply.after;
            }
        }
        self
    }

    /// The line of UCI moves from `setup`, as far as they are legal (the moves that are not
    /// and all after them are left out; the count of those is returned too).
    pub fn from_uci(setup: Position, uci: &[String]) -> (Line, usize) {
        Line::series_from_uci(setup, uci, 0)
    }

    /// As `from_uci`, the first `series` moves played by one side in a row: after each of them
    /// but the last the other side passes (a series mover's play).
    pub fn series_from_uci(setup: Position, uci: &[String], series: usize) -> (Line, usize) {
        let mut line = Line::new(LineKind::Playback, setup);
        line.series = series;
        for (i, text) in uci.iter().enumerate() {
            let pos = *line.position();
            match moves::parse_uci(&pos, text) {
                Some(mv) if line.push(mv).is_ok() => {}
                _ => return (line.rewound(), uci.len() - i),
            }
            if i + 1 < series
                && let Some(ply) = line.plies.last_mut()
            {
                ply.after = passed(ply.after);
            }
        }
        (line.rewound(), 0)
    }

    fn rewound(mut self) -> Line {
        self.at = 0;
        self
    }

    /// The position on the board: the setup after `at` moves.
    pub fn position(&self) -> &Position {
        match self.at {
            0 => &self.setup,
            n => &self.plies[n - 1].after,
        }
    }

    /// The last move played to reach the board's position, to highlight.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        self.at
            .checked_sub(1)
            .map(|i| (self.plies[i].mv.from, self.plies[i].mv.to))
    }

    /// One move forward or back; false at the end.
    pub fn forward(&mut self) -> bool {
        let moved = self.at < self.plies.len();
        self.at = (self.at + 1).min(self.plies.len());
        moved
    }

    pub fn back(&mut self) -> bool {
        let moved = self.at > 0;
        self.at = self.at.saturating_sub(1);
        moved
    }

    /// To the last move (`Next`) or back to the setup (`Prev`).
    pub fn to_end(&mut self, towards: Towards) {
        self.at = match towards {
            Towards::Next => self.plies.len(),
            Towards::Prev => 0,
        };
    }

    /// Plays `mv` on the board's position: the moves after it are dropped and it becomes the
    /// last one.
    pub fn push(&mut self, mv: Move) -> Result<(), Refusal> {
        let before = *self.position();
        let (mv, after) = moves::resolve(&before, mv)?;
        let ply = Ply {
            mv,
            notation: notation(&before, mv, self.style),
            uci: moves::uci(&before, mv),
            after,
        };
        self.plies.truncate(self.at);
        self.plies.push(ply);
        self.at = self.plies.len();
        Ok(())
    }

    /// Takes the last move back; false when there is none.
    pub fn take_back(&mut self) -> bool {
        self.plies.truncate(self.at);
        let taken = self.plies.pop().is_some();
        self.at = self.plies.len();
        taken
    }

    /// The moves numbered as a game score: `1. e4 e5 2. Nf3`, `1... e5` when Black begins.
    /// Each entry is (move number and dots, notation, index of the ply).
    pub fn numbered(&self) -> Vec<(Option<String>, &str)> {
        let mut out = Vec::with_capacity(self.plies.len());
        let mut number = self.setup.fullmove.max(1);
        let mut turn = self.setup.turn;
        for (i, ply) in self.plies.iter().enumerate() {
            let label = match (turn, i) {
                (crate::core::Color::White, _) => Some(format!("{number}.")),
                (crate::core::Color::Black, 0) => Some(format!("{number}...")),
                _ => None,
            };
            out.push((label, ply.notation.as_str()));
            if turn == crate::core::Color::Black {
                number += 1;
            }
            turn = turn.other();
        }
        out
    }

    /// The moves as a PGN game from the setup: `[FEN]`/`[SetUp]` headers (and `[Variant]` for
    /// Chess960 and xiangqi), the numbered moves, `*`.
    pub fn pgn(&self, setup_fen: &str) -> String {
        let mut out = String::new();
        match self.setup.game {
            Game::Chess => {}
            Game::Chess960 => out.push_str("[Variant \"Chess960\"]\n"),
            Game::Xiangqi => out.push_str("[Variant \"xiangqi\"]\n"),
        }
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{setup_fen}\"]\n\n"));
        let mut score: Vec<String> = Vec::new();
        // PGN is SAN (xiangqi: WXF) whatever the screen writes.
        let mut before = self.setup;
        for ((label, _), ply) in self.numbered().into_iter().zip(&self.plies) {
            if let Some(label) = label {
                score.push(label);
            }
            score.push(notation(&before, ply.mv, native(self.setup.game)));
            before = ply.after;
        }
        score.push("*".to_owned());
        out.push_str(&score.join(" "));
        out.push('\n');
        out
    }
}

/// The position with the other side to move (no en passant: it belonged to the side passing).
pub fn passed(mut p: Position) -> Position {
    p.turn = p.turn.other();
    p.ep = None;
    p
}

/// SAN for chess, WXF for xiangqi: what PGN and the solver write.
fn native(game: Game) -> Notation {
    if game.is_xiangqi() {
        Notation::Wxf
    } else {
        Notation::San
    }
}

/// The one place the Moves panel's moves get their names: `style` (Chinese 炮二平五, Spanish
/// letters, figurines, WXF), SAN with `+`/`#` for chess through shakmaty.
pub fn notation(before: &Position, mv: Move, style: Notation) -> String {
    if before.game.is_xiangqi() || style != Notation::San {
        return style.write(before, mv);
    }
    match moves::shakmaty_move(before, mv) {
        Some((chess, m)) => shakmaty::san::SanPlus::from_move(chess, m).to_string(),
        None => moves::uci(before, mv),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn uci(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_line_steps_through_its_positions_and_names_its_moves() {
        let start = Position::start(Game::Chess);
        let (mut line, dropped) = Line::from_uci(start, &uci(&["f2f3", "e7e5", "g2g4", "d8h4"]));
        assert_eq!(dropped, 0);
        assert_eq!(line.at, 0);
        assert_eq!(line.position(), &start);
        let names: Vec<&str> = line.plies.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(names, ["f3", "e5", "g4", "Qh4#"]);
        assert!(line.forward());
        assert_eq!(
            line.last_move(),
            Some((Square::new(5, 1), Square::new(5, 2)))
        );
        line.to_end(Towards::Next);
        assert!(!line.forward());
        assert_eq!(line.at, 4);
        assert!(line.back());
        assert_eq!(line.at, 3);
        line.to_end(Towards::Prev);
        assert!(!line.back());
        assert_eq!(line.last_move(), None);
    }

    #[test]
    fn illegal_and_garbage_moves_end_the_line_there() {
        let start = Position::start(Game::Chess);
        let (line, dropped) = Line::from_uci(start, &uci(&["e2e4", "e2e4", "e7e5"]));
        assert_eq!((line.plies.len(), dropped), (1, 2));
        let (line, dropped) = Line::from_uci(start, &uci(&["\u{1F600}", ""]));
        assert_eq!((line.plies.len(), dropped), (0, 2));
    }

    #[test]
    fn xiangqi_moves_are_named_in_wxf() {
        let start = Position::start(Game::Xiangqi);
        let (line, _) = Line::from_uci(start, &uci(&["h2e2", "h9g7"]));
        let names: Vec<&str> = line.plies.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(names, ["C2.5", "H8+7"]);
    }

    #[test]
    fn numbering_starts_where_the_setup_does_and_pgn_has_its_headers() {
        let setup = fen::read("4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", None)
            .position
            .unwrap();
        let mut line = Line::new(LineKind::Play, setup);
        for m in ["e8d7", "e2e4", "d7e6"] {
            let mv = moves::parse_uci(line.position(), m).unwrap();
            line.push(mv).unwrap();
        }
        let pgn = line.pgn(&fen::write(&setup));
        assert_eq!(
            pgn,
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 Ke6 *\n"
        );
        assert!(line.take_back());
        assert_eq!(line.plies.len(), 2);
        let x = Line::new(LineKind::Play, Position::start(Game::Xiangqi));
        assert!(x.pgn("x").starts_with("[Variant \"xiangqi\"]\n"));
    }

    #[test]
    fn a_move_played_back_in_the_line_drops_the_moves_after_it() {
        let start = Position::start(Game::Chess);
        let (mut line, _) = Line::from_uci(start, &uci(&["e2e4", "e7e5"]));
        line.forward();
        let mv = moves::parse_uci(line.position(), "c7c5").unwrap();
        line.push(mv).unwrap();
        let names: Vec<&str> = line.plies.iter().map(|p| p.notation.as_str()).collect();
        assert_eq!(names, ["e4", "c5"]);
    }
}

//! Stipulations: what a problem asks for (`#2`, `s=3`, `h#2.5`…), read from and written as the
//! notation composers use.

use std::fmt;
use std::str::FromStr;

pub use super::goal::Goal;
use crate::core::Color;

/// Who plays towards the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The side to move forces the goal against every defence.
    Direct,
    /// The side to move forces the other side to reach the goal against itself.
    SelfPlay,
    /// Both sides cooperate; the other side's last move reaches the goal (the side to move's,
    /// for `h#n.5`). Black begins `h#n`, White `h#n.5`.
    Help,
    /// Reflexmate (`r#n`): a selfmate in which either side must reach the goal in one whenever
    /// it can.
    Reflex,
    /// Series (`ser-#n`): the side to move plays n moves in a row, the other side standing
    /// still; the n-th reaches the goal, no earlier one gives check.
    Series,
    /// Series helpmate (`ser-h#n`): Black plays n moves in a row (none but the last giving
    /// check), then White reaches the goal in one.
    SeriesHelp,
    /// Series selfmate (`ser-s#n`): the side to move plays n moves in a row (none but the last
    /// giving check), then every move of the other side reaches the goal (it has one).
    SeriesSelf,
}

impl Play {
    /// The play's prefix in a stipulation (`ser-h`).
    pub const fn prefix(self) -> &'static str {
        match self {
            Play::Direct => "",
            Play::SelfPlay => "s",
            Play::Help => "h",
            Play::Reflex => "r",
            Play::Series => "ser-",
            Play::SeriesHelp => "ser-h",
            Play::SeriesSelf => "ser-s",
        }
    }

    /// A series of moves by one side.
    pub const fn is_series(self) -> bool {
        matches!(self, Play::Series | Play::SeriesHelp | Play::SeriesSelf)
    }
}

/// What a stipulation looks like, said when one does not read.
const EXPECTED: &str = "expected #n, s#n, h#n, h#n.5, r#n, ser-#n, ser-h#n or ser-s#n, or another goal for # (= stalemate, + check, x capture, % win a piece, ep en passant, 00 castling; n a number of moves)";

/// The most moves a stipulation may ask for: deeper problems are far beyond an exhaustive search.
pub const MAX_MOVES: u32 = 30;

/// A stipulation such as `#2`, `s=3` or `h#2.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stipulation {
    pub play: Play,
    pub goal: Goal,
    /// The number of moves `n` (for `h#n.5`, the whole moves before the extra half move).
    pub moves: u32,
    /// `h#n.5`: the side to move starts and also makes the last, mating move.
    pub half: bool,
}

impl Stipulation {
    pub const fn new(play: Play, goal: Goal, moves: u32) -> Stipulation {
        Stipulation {
            play,
            goal,
            moves,
            half: false,
        }
    }

    /// The number of single moves (plies) of a full-length solution.
    pub const fn plies(&self) -> u32 {
        match self.play {
            Play::Direct | Play::SelfPlay | Play::Reflex => 2 * self.moves - 1,
            Play::Help => 2 * self.moves + self.half as u32,
            Play::Series => self.moves,
            Play::SeriesHelp | Play::SeriesSelf => self.moves + 1,
        }
    }

    /// The answer is whole lines (help and series play), not keys with variations.
    pub const fn is_help(&self) -> bool {
        matches!(self.play, Play::Help) || self.play.is_series()
    }

    /// The side that plays first: Black for `h#n` and `ser-h#n`, White for `h#n.5`, whatever
    /// the position says, unless `as_given`; the side to move `fen_turn` otherwise.
    pub const fn first_side(&self, fen_turn: Color, as_given: bool) -> Color {
        match self.play {
            _ if as_given => fen_turn,
            Play::Help if self.half => Color::White,
            Play::Help | Play::SeriesHelp => Color::Black,
            _ => fen_turn,
        }
    }

    /// Whether the order of play is fixed by the stipulation (help play and series helpmates).
    pub const fn fixed_order(&self) -> bool {
        matches!(self.play, Play::Help | Play::SeriesHelp)
    }
}

/// Why a stipulation does not read: the message, and what is wrong for a screen to word in
/// its own language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StipulationError(pub String, pub Problem);

/// What is wrong with a stipulation's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No goal sign (`#` or `=`) where one is expected.
    NoGoal,
    /// A half move on a stipulation that is not a helpmate.
    HalfOnlyInHelp,
    /// A fraction other than `.5`.
    OnlyHalf,
    /// No number of moves after the goal sign.
    NoNumber,
    /// More moves than a number can hold.
    TooLarge,
    /// Zero moves.
    Zero,
    /// More moves than `MAX_MOVES`.
    TooMany,
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StipulationError {}

impl FromStr for Stipulation {
    type Err = StipulationError;

    fn from_str(text: &str) -> Result<Stipulation, StipulationError> {
        let fail =
            |why: &str, problem| StipulationError(format!("stipulation '{text}': {why}"), problem);
        let t = text.trim();
        let (series, t) = match t.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("ser-") => (true, &t[4..]),
            _ => (false, t),
        };
        let (kind, rest) = match t.chars().next() {
            Some(c @ ('s' | 'S' | 'h' | 'H' | 'r' | 'R')) => (c.to_ascii_lowercase(), &t[1..]),
            _ => (' ', t),
        };
        let play = match (series, kind) {
            (false, ' ') => Play::Direct,
            (false, 's') => Play::SelfPlay,
            (false, 'h') => Play::Help,
            (false, _) => Play::Reflex,
            (true, ' ') => Play::Series,
            (true, 's') => Play::SeriesSelf,
            (true, 'h') => Play::SeriesHelp,
            (true, _) => return Err(fail(EXPECTED, Problem::NoGoal)),
        };
        let Some((goal, number)) = Goal::read(rest) else {
            return Err(fail(EXPECTED, Problem::NoGoal));
        };
        if let Some((first, extra)) = number.split_once(char::is_whitespace) {
            return Err(fail(
                &format!(
                    "unexpected '{}' after '{}{first}': a stipulation is one word (#2, h#2.5)",
                    extra.trim(),
                    &t[..t.len() - number.len()]
                ),
                Problem::NoNumber,
            ));
        }
        let (whole, half) = match number.split_once('.') {
            Some((w, "5")) if play == Play::Help => (w, true),
            Some((_, "5")) => {
                return Err(fail(
                    "only helpmates take a half move (h#n.5)",
                    Problem::HalfOnlyInHelp,
                ));
            }
            Some(_) => return Err(fail("the only fraction is .5 (h#2.5)", Problem::OnlyHalf)),
            None => (number, false),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(
                "expected the number of moves after the goal sign (#2)",
                Problem::NoNumber,
            ));
        }
        let moves: u32 = whole
            .parse()
            .map_err(|_| fail("the number of moves is far too large", Problem::TooLarge))?;
        if moves == 0 && !half {
            return Err(fail(
                "the number of moves must be at least 1",
                Problem::Zero,
            ));
        }
        if moves > MAX_MOVES {
            return Err(fail(
                &format!("at most {MAX_MOVES} moves can be searched exhaustively"),
                Problem::TooMany,
            ));
        }
        Ok(Stipulation {
            play,
            goal,
            moves,
            half,
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let play = self.play.prefix();
        let goal = self.goal.sign();
        let half = if self.half { ".5" } else { "" };
        write!(f, "{play}{goal}{}{half}", self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_and_writes_back() {
        for text in [
            "#2", "=3", "s#2", "s=1", "h#3", "h=2", "h#2.5", "h=1.5", "h#0.5", "#30", "r#2", "r=3",
            "ser-#4", "ser-=2", "ser-h#5", "ser-h=3", "ser-s#6", "ser-s=2", "x3", "hx2", "h002",
            "ser-x4", "ser-hep2", "%2", "h%1.5", "+2", "ep1", "002", "ser-h003",
        ] {
            let s: Stipulation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(s.to_string(), text);
        }
        let s: Stipulation = " H#2.5 ".parse().unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.half),
            (Play::Help, Goal::Mate, 2, true)
        );
        let s: Stipulation = "SER-H#5".parse().unwrap();
        assert_eq!((s.play, s.moves), (Play::SeriesHelp, 5));
        assert_eq!("R#3".parse::<Stipulation>().unwrap().play, Play::Reflex);
        let s: Stipulation = "H002".parse().unwrap();
        assert_eq!((s.play, s.goal, s.moves), (Play::Help, Goal::Castling, 2));
        let s: Stipulation = "SER-EP3".parse().unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves),
            (Play::Series, Goal::EnPassant, 3)
        );
    }

    #[test]
    fn help_play_begins_with_black_and_the_half_move_with_white() {
        let first =
            |t: &str, turn, as_given| t.parse::<Stipulation>().unwrap().first_side(turn, as_given);
        assert_eq!(first("h#2", Color::White, false), Color::Black);
        assert_eq!(first("h#2.5", Color::Black, false), Color::White);
        assert_eq!(first("ser-h#3", Color::White, false), Color::Black);
        assert_eq!(first("h#2", Color::White, true), Color::White);
        assert_eq!(first("#2", Color::Black, false), Color::Black);
        assert_eq!(first("ser-#3", Color::White, false), Color::White);
    }

    #[test]
    fn plies_count_every_single_move() {
        let plies = |t: &str| t.parse::<Stipulation>().unwrap().plies();
        assert_eq!(plies("#1"), 1);
        assert_eq!(plies("#3"), 5);
        assert_eq!(plies("s#2"), 3);
        assert_eq!(plies("h#2"), 4);
        assert_eq!(plies("h#2.5"), 5);
        assert_eq!(plies("h#0.5"), 1);
        assert_eq!(plies("r#2"), 3);
        assert_eq!(plies("ser-#4"), 4);
        assert_eq!(plies("ser-h#4"), 5);
        assert_eq!(plies("ser-s#4"), 5);
    }

    #[test]
    fn words_after_the_stipulation_are_named_as_the_problem() {
        for (text, named) in [
            ("#2 tries", "'tries' after '#2'"),
            ("h#2.5 x", "'x' after 'h#2.5'"),
        ] {
            let err = text.parse::<Stipulation>().expect_err(text).to_string();
            assert!(err.contains(named), "{text}: {err}");
        }
    }

    #[test]
    fn garbage_is_refused_with_a_reason() {
        for text in [
            "",
            "#",
            "#0",
            "2",
            "x#2",
            "#-1",
            "#2.5",
            "h#2.3",
            "h#.5",
            "#31",
            "#99999999999",
            "#2 extra",
            "s",
            "h#",
            "##2",
            "#²",
            "ｈ#2",
            "ser-",
            "ser-r#2",
            "ser-#2.5",
            "r#2.5",
            "ser#2",
            "ser--#2",
            "rr#2",
            "h00",
            "xx2",
            "e2",
            "0",
            "h0 2",
            "ep",
        ] {
            let err = text.parse::<Stipulation>().expect_err(text);
            assert!(err.to_string().contains("stipulation"), "{text}: {err}");
        }
    }
}

//! Stipulations: what a problem asks for (`#2`, `s=3`, `h#2.5`…), read from and written as the
//! notation composers use.

use std::fmt;
use std::str::FromStr;

/// Who plays towards the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// The side to move forces the goal against every defence.
    Direct,
    /// The side to move forces the other side to reach the goal against itself.
    SelfPlay,
    /// Both sides cooperate; the other side's last move reaches the goal (the side to move's,
    /// for `h#n.5`).
    Help,
}

/// How the play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The side to move after the last move is in check with no legal move (in xiangqi: has no
    /// legal move at all, which loses).
    Mate,
    /// The side to move after the last move is not in check and has no legal move.
    Stalemate,
}

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
            Play::Direct | Play::SelfPlay => 2 * self.moves - 1,
            Play::Help => 2 * self.moves + self.half as u32,
        }
    }

    pub const fn is_help(&self) -> bool {
        matches!(self.play, Play::Help)
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
        let (play, rest) = if let Some(r) = t.strip_prefix(['s', 'S']) {
            (Play::SelfPlay, r)
        } else if let Some(r) = t.strip_prefix(['h', 'H']) {
            (Play::Help, r)
        } else {
            (Play::Direct, t)
        };
        let (goal, number) = if let Some(r) = rest.strip_prefix('#') {
            (Goal::Mate, r)
        } else if let Some(r) = rest.strip_prefix('=') {
            (Goal::Stalemate, r)
        } else {
            return Err(fail(
                "expected #n, =n, s#n, s=n, h#n, h=n, h#n.5 or h=n.5 (n a number of moves)",
                Problem::NoGoal,
            ));
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
        let play = match self.play {
            Play::Direct => "",
            Play::SelfPlay => "s",
            Play::Help => "h",
        };
        let goal = match self.goal {
            Goal::Mate => '#',
            Goal::Stalemate => '=',
        };
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
            "#2", "=3", "s#2", "s=1", "h#3", "h=2", "h#2.5", "h=1.5", "h#0.5", "#30",
        ] {
            let s: Stipulation = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(s.to_string(), text);
        }
        let s: Stipulation = " H#2.5 ".parse().unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.half),
            (Play::Help, Goal::Mate, 2, true)
        );
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
        ] {
            let err = text.parse::<Stipulation>().expect_err(text);
            assert!(err.to_string().contains("stipulation"), "{text}: {err}");
        }
    }
}

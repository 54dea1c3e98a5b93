//! Problems: stipulations and an exact, exhaustive solver for chess and xiangqi. Pure library
//! code over core's rules: no terminal. [`solve`] takes a cancellation flag and a progress
//! callback so that a caller can run it on a worker thread and stop it at any time.

mod driver;
mod goal;
mod intelligent;
mod json;
mod memory;
mod named;
mod pins;
mod rules;
mod search;
pub mod stipulation;
mod table;
pub mod text;
pub mod twin;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use named::{Named, each_line, named, named_but_lines};
pub use stipulation::{Goal, Play, Problem, Stipulation, StipulationError};
pub use table::megabytes_available;

/// A move as the solver reports it: core's move, castling as UCI writes it for the game (the
/// king to its destination, in Chess960 onto its rook). [`named`] gives it its names.
pub use crate::core::notation::Move;

use crate::core::{Color, Game, Position};

/// What the attacker threatens after a move, if the defender could pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Threat<M = Move> {
    /// The move gives check, ends the play or leaves no move to threaten with.
    None,
    /// Nothing is threatened: the defender is lost only because it must move.
    Zugzwang,
    /// The attacker's first moves of its shortest threat.
    Moves(Vec<M>),
}

/// An attacking move with everything that follows: the key, or a continuation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M = Move> {
    pub mv: M,
    /// The attacking moves, this one included, in which the goal is forced.
    pub length: u32,
    pub threat: Threat<M>,
    /// Every defence with its continuations (empty after a move that reaches the goal).
    pub defences: Vec<Defence<M>>,
}

/// A defence and every attacking move that still wins after it (more than one: duals).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence<M = Move> {
    pub mv: M,
    /// The defence stops the threat, or at least one of several (a variation), or there is no
    /// threat; false when every threat move still wins after it, so its continuations are no
    /// duals.
    pub variation: bool,
    /// Empty when the defence itself ends the play (a selfmate's mate).
    pub continuations: Vec<Line<M>>,
    /// The attacker wins faster after it than the stipulation allows (a short variation).
    pub short: bool,
}

/// A first move that fails to only one or two defences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try<M = Move> {
    pub mv: M,
    pub refutations: Vec<M>,
}

/// A whole helpmate solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine<M = Move> {
    pub moves: Vec<M>,
    /// Fewer moves than the stipulation.
    pub short: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Solved,
    NoSolution,
    /// Cancelled before the search was complete: what is reported is proved, but more may exist.
    Unfinished,
}

impl Outcome {
    /// The name in `--json` output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::NoSolution => "no_solution",
            Outcome::Unfinished => "unfinished",
        }
    }
}

/// Everything the solver proved about a problem: its moves as the solver found them
/// (`Solution<Move>`), or with their names for a reader (`Solution<Named>`, see [`named`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M = Move> {
    /// The side that began when it is not the FEN's: help play's fixed order.
    pub order: Option<Color>,
    /// With `Options::force`: the legality rules the position breaks.
    pub forced: Vec<String>,
    /// With `Options::set_play`, direct, self and reflex play: the other side's moves in the
    /// diagram that the attacker has an answer to, with its shortest answers.
    pub set: Vec<Defence<M>>,
    /// With `Options::set_play`, help play: the solutions with White beginning, one half move
    /// shorter.
    pub set_lines: Vec<HelpLine<M>>,
    pub game: Game,
    pub fen: String,
    pub stipulation: Stipulation,
    pub checks: bool,
    pub outcome: Outcome,
    /// Direct and self play: every key (more than one: cooked), in move generation order.
    pub keys: Vec<Line<M>>,
    /// With `Options::tries`: first moves refuted by one or two defences.
    pub tries: Vec<Try<M>>,
    /// Helpmates: every solution, the short ones first.
    pub solutions: Vec<HelpLine<M>>,
    /// The variation trees were cut at `Options::tree_limit` lines.
    pub truncated: bool,
    pub nodes: u64,
    pub seconds: f64,
    /// The transposition table's size in bytes.
    pub table_bytes: usize,
}

impl<M: PartialEq> Solution<M> {
    /// More than one key, or for helpmates more than one full-length solution.
    pub fn is_cooked(&self) -> bool {
        if self.stipulation.is_help() {
            self.solution_count(false) > 1
        } else {
            self.keys.len() > 1
        }
    }

    /// Help and series play: how many short (or full-length) solutions there are. The lines
    /// of a series selfmate that differ only in the other side's forced mate are one solution.
    pub fn solution_count(&self, short: bool) -> usize {
        let series_self = self.stipulation.play == Play::SeriesSelf;
        fn series<M>(h: &HelpLine<M>) -> &[M] {
            &h.moves[..h.moves.len().saturating_sub(1)]
        }
        let mut count = 0;
        for (i, h) in self.solutions.iter().enumerate() {
            let same = series_self
                && i > 0
                && self.solutions[i - 1].short == h.short
                && series(&self.solutions[i - 1]) == series(h);
            if h.short == short && !same {
                count += 1;
            }
        }
        count
    }

    pub fn has_solution(&self) -> bool {
        !self.keys.is_empty() || !self.solutions.is_empty()
    }
}

impl Solution<Named> {
    /// The JSON object of one solution (one line of `fenboard solve --json`; README).
    pub fn to_json(&self) -> serde_json::Value {
        json::solution(self)
    }
}

impl Solution {
    /// `named(self).to_json()` with `null` for the helpmate lines, made from `named`
    /// (`named_but_lines(self)`), for a caller to add fields to before `write_json` writes it.
    pub fn json_head(&self, named: &Solution<Named>) -> serde_json::Value {
        json::head(named, self)
    }

    /// `head` (from `json_head`) written as `named(self).to_json()` would be, each helpmate
    /// line named as it is written: a cooked helpmate's millions of lines are never held
    /// named, nor as values.
    pub fn write_json(
        &self,
        head: &serde_json::Value,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        json::write(out, head, &mut |f| named::each_line(self, f))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Every move of the attacking side must give check (xiangqi's continuous-check puzzles).
    pub checks: bool,
    /// Also look for tries and their refutations.
    pub tries: bool,
    /// Search threads (1 or more).
    pub threads: usize,
    /// The transposition table's size in MB.
    pub hash_mb: usize,
    /// The most lines the variation trees of all keys may hold together.
    pub tree_limit: usize,
    /// Help play with the FEN's side beginning instead of the stipulation's fixed order.
    pub as_given: bool,
    /// Solve a position that the legality rules refuse (as far as move generation allows).
    pub force: bool,
    /// Also work out the set play.
    pub set_play: bool,
    /// Help and series play: stop after this many solutions.
    pub max_solutions: Option<usize>,
    /// Chess help and series play (h#, h=, ser-#, ser-=, ser-h#, ser-h=): pass over every
    /// position from which the goal is out of reach of the moves left (`intelligent`); the
    /// solutions are the same, found sooner. No effect on other play.
    pub intelligent: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            checks: false,
            tries: false,
            threads: 1,
            hash_mb: 64,
            tree_limit: 20_000,
            as_given: false,
            force: false,
            set_play: false,
            max_solutions: None,
            intelligent: true,
        }
    }
}

/// How far a search has come, reported to the progress callback about ten times a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub nodes: u64,
    pub root_done: usize,
    pub root_total: usize,
    pub elapsed: Duration,
}

/// Why a problem cannot be solved at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position is not legal (the message says why).
    Illegal(String),
    /// The stipulation makes no sense in this game.
    Unsupported(String),
}

impl SolveError {
    /// An illegal position for `reason`. The rules' own messages begin with the words
    /// "illegal position" themselves; they are said once.
    pub(crate) fn illegal(reason: impl std::fmt::Display) -> SolveError {
        let reason = reason.to_string();
        let bare = reason
            .strip_prefix("illegal position")
            .map(|rest| rest.trim_start_matches([':', ',', ' ']));
        SolveError::Illegal(bare.unwrap_or(&reason).to_owned())
    }
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Illegal(why) => write!(f, "illegal position: {why}"),
            SolveError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves `stipulation` from `position`. Exhaustive: every key or solution reported is proved
/// and none is missed, unless `cancel` is set, which ends the search within milliseconds with
/// `Outcome::Unfinished` and what was proved so far. `progress` is called on this thread.
pub fn solve(
    position: &Position,
    stipulation: Stipulation,
    options: &Options,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution, SolveError> {
    driver::solve(position, stipulation, options, cancel, progress)
}

#[cfg(test)]
mod tests;

//! What the editor knows of an engine's analysis: plain data that the shell's UCI client sends
//! in as actions and the Analysis panel draws. No process, no protocol here.

use crate::core::Color;

/// An evaluation from White's (Red's) side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns; positive favours White/Red.
    Centipawns(i32),
    /// Mate in this many moves; positive: White/Red mates, negative: Black mates.
    Mate(i32),
}

impl Score {
    /// The same score seen from the side to move's point of view, as UCI gives it, turned to
    /// White's (Red's) side.
    pub fn from_mover(score: Score, mover: Color) -> Score {
        match mover {
            Color::White => score,
            Color::Black => match score {
                Score::Centipawns(cp) => Score::Centipawns(cp.saturating_neg()),
                Score::Mate(n) => Score::Mate(n.saturating_neg()),
            },
        }
    }
}

/// Whether a score is exact or only a bound the search has proved so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// At least this good for the side to move.
    Lower,
    /// At most this good for the side to move.
    Upper,
}

/// One principal variation (UCI `multipv` k).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// 1 for the best line.
    pub rank: u8,
    pub depth: u32,
    pub score: Score,
    pub bound: Bound,
    /// The moves, in the engine's coordinates turned to fenboard's (`e2e4`, xiangqi `h2e2`).
    pub moves: Vec<String>,
}

/// The engine's latest report on one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    /// Best first, at most as many as the engine was asked for.
    pub lines: Vec<PvLine>,
}

impl Report {
    /// Takes a new line in place of the line of the same rank, so while the engine works
    /// through a new depth the panel keeps showing the other lines of the previous one.
    pub fn merge(&mut self, line: PvLine) {
        self.depth = self.depth.max(line.depth);
        match self.lines.iter_mut().find(|l| l.rank == line.rank) {
            Some(old) => *old = line,
            None => self.lines.push(line),
        }
        self.lines.sort_by_key(|l| l.rank);
    }
}

/// Where the analysis stands, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The engine process is being started and asked `uci`/`isready`.
    Starting,
    /// Thinking about the position; the report grows.
    Running,
    /// The position cannot be sent (illegal): the reason.
    NotSent(String),
    /// No engine, or it failed or died: the reason.
    Unavailable(String),
}

/// The Analysis panel's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The engine's `id name`, once known.
    pub engine: Option<String>,
    pub phase: Phase,
    pub report: Report,
    /// The FEN the report is about; reports about another position are dropped.
    pub fen: String,
}

impl Analysis {
    pub fn starting(fen: String) -> Analysis {
        Analysis {
            engine: None,
            phase: Phase::Starting,
            report: Report::default(),
            fen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: u8, depth: u32, cp: i32) -> PvLine {
        PvLine {
            rank,
            depth,
            score: Score::Centipawns(cp),
            bound: Bound::Exact,
            moves: vec!["e2e4".into()],
        }
    }

    #[test]
    fn scores_turn_to_whites_side() {
        assert_eq!(
            Score::from_mover(Score::Centipawns(35), Color::Black),
            Score::Centipawns(-35)
        );
        assert_eq!(
            Score::from_mover(Score::Mate(-2), Color::Black),
            Score::Mate(2)
        );
        assert_eq!(
            Score::from_mover(Score::Mate(3), Color::White),
            Score::Mate(3)
        );
    }

    #[test]
    fn lines_are_kept_by_rank_and_ordered() {
        let mut r = Report::default();
        r.merge(line(2, 5, 10));
        r.merge(line(1, 5, 20));
        r.merge(line(3, 5, 5));
        r.merge(line(1, 6, 25));
        assert_eq!(r.depth, 6);
        let ranks: Vec<u8> = r.lines.iter().map(|l| l.rank).collect();
        assert_eq!(ranks, [1, 2, 3]);
        assert_eq!(r.lines[0].score, Score::Centipawns(25));
    }
}

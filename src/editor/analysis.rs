//! What the editor knows of an engine's analysis: plain data that the terminal runtime's UCI client sends
//! in as actions and the Analysis panel draws. No process, no protocol here.

use std::sync::Arc;

use crate::core::{Color, Game};

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
    /// The position is illegal: engines are not given one (its diagnostics say why).
    Illegal,
    /// The side to move has no legal move: nothing to analyse.
    GameOver,
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
    /// The FEN the report is about (empty when none was sent); reports about another position
    /// are dropped.
    pub fen: Arc<str>,
}

impl Analysis {
    pub fn starting(fen: Arc<str>) -> Analysis {
        Analysis {
            engine: None,
            phase: Phase::Starting,
            report: Report::default(),
            fen,
        }
    }
}

/// A position for the engine: its canonical FEN (shared, cheap to pass around) and game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub fen: Arc<str>,
    pub game: Game,
}

/// What the engine client reports. Reports about a position carry its FEN, so that a late
/// line about a position already left is dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    /// The engine answered `uci`: its name.
    Ready { name: String },
    /// A principal variation, score from White's (Red's) side.
    Line { fen: Arc<str>, line: PvLine },
    /// Node counters of the running search.
    Counters {
        fen: Arc<str>,
        nodes: Option<u64>,
        nps: Option<u64>,
    },
    /// The engine cannot be used (none found, did not answer, died): the reason.
    Failed { reason: String },
}

impl Analysis {
    /// Takes a report of the engine client.
    pub fn take(&mut self, event: EngineEvent) {
        match event {
            EngineEvent::Ready { name } => self.engine = Some(name),
            EngineEvent::Line { fen, line } if *fen == *self.fen => {
                self.phase = Phase::Running;
                self.report.merge(line);
            }
            EngineEvent::Counters { fen, nodes, nps } if *fen == *self.fen => {
                if let Some(n) = nodes {
                    self.report.nodes = n;
                }
                if let Some(n) = nps {
                    self.report.nps = n;
                }
            }
            EngineEvent::Line { .. } | EngineEvent::Counters { .. } => {}
            EngineEvent::Failed { reason } => self.phase = Phase::Unavailable(reason),
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
    fn reports_about_another_position_are_dropped() {
        let mut a = Analysis::starting("8/8/8/8/8/8/8/K6k w - - 0 1".into());
        a.take(EngineEvent::Ready {
            name: "Stockfish 15.1".into(),
        });
        assert_eq!(a.engine.as_deref(), Some("Stockfish 15.1"));
        assert_eq!(a.phase, Phase::Starting);
        a.take(EngineEvent::Line {
            fen: Arc::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            line: line(1, 9, 50),
        });
        assert!(a.report.lines.is_empty());
        a.take(EngineEvent::Line {
            fen: Arc::from("8/8/8/8/8/8/8/K6k w - - 0 1"),
            line: line(1, 9, 0),
        });
        assert_eq!(a.phase, Phase::Running);
        assert_eq!(a.report.depth, 9);
        a.take(EngineEvent::Counters {
            fen: Arc::from("8/8/8/8/8/8/8/K6k w - - 0 1"),
            nodes: Some(1000),
            nps: None,
        });
        assert_eq!(a.report.nodes, 1000);
        a.take(EngineEvent::Failed {
            reason: "the engine exited".into(),
        });
        assert_eq!(a.phase, Phase::Unavailable("the engine exited".into()));
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

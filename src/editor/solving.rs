//! What the editor knows of a solve: the request it sent, the progress and the result the
//! shell's worker reports as actions, and the solution tree flattened into the rows the
//! Solution panel shows and Enter plays. No thread, no solver call here.

use std::collections::HashMap;
use std::sync::Arc;

use crate::core::Position;
use crate::solve::{self, Defence, Line, Move, Outcome, Progress, Solution, Stipulation, Threat};

/// What the stipulation prompt asks for: `#2`, or `#2 tries`, `#3 checks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ask {
    pub stipulation: Stipulation,
    /// Also look for tries and their refutations.
    pub tries: bool,
    /// Every attacking move must give check (xiangqi's continuous-check puzzles).
    pub checks: bool,
}

/// The words the prompt takes after the stipulation.
pub const TRIES_WORD: &str = "tries";
pub const CHECKS_WORD: &str = "checks";

/// Why the prompt's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskError {
    /// Nothing but spaces (or only `tries`/`checks`).
    Empty,
    /// The stipulation does not read: the solver's reason (its English text and its kind).
    Stipulation(String, crate::solve::Problem),
    /// A word after the stipulation that is neither `tries` nor `checks`.
    Word(String),
}

impl Ask {
    /// Reads the prompt's text: a stipulation, then the words `tries` and `checks` in any
    /// order. Garbage gives the reason.
    pub fn parse(text: &str) -> Result<Ask, AskError> {
        let mut stipulation = None;
        let (mut tries, mut checks) = (false, false);
        for word in text.split_whitespace() {
            match word {
                TRIES_WORD => tries = true,
                CHECKS_WORD => checks = true,
                _ if stipulation.is_some() => return Err(AskError::Word(word.to_owned())),
                _ => {
                    let s = word.parse::<Stipulation>();
                    stipulation = Some(s.map_err(|e| AskError::Stipulation(e.0, e.1))?);
                }
            }
        }
        let Some(stipulation) = stipulation else {
            return Err(AskError::Empty);
        };
        Ok(Ask {
            stipulation,
            tries,
            checks,
        })
    }
}

impl std::fmt::Display for Ask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.stipulation)?;
        if self.tries {
            write!(f, " {TRIES_WORD}")?;
        }
        if self.checks {
            write!(f, " {CHECKS_WORD}")?;
        }
        Ok(())
    }
}

/// A solve for the terminal runtime's worker: `id` tells its reports from those of an older one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: u64,
    pub position: Position,
    pub ask: Ask,
}

/// What the solver worker reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    Progress {
        id: u64,
        progress: Progress,
    },
    /// The search ended: complete, cancelled (`Outcome::Unfinished`, with what was proved), or
    /// refused by the solver (the reason).
    Done {
        id: u64,
        result: Result<Solved, String>,
    },
}

/// A finished solution, shared between the panel and the cache. Two are equal when they are
/// the same result (a result never changes once made), so comparing frames stays cheap.
#[derive(Clone, Debug)]
pub struct Solved {
    pub solution: Arc<Solution>,
    pub rows: Arc<[Row]>,
}

impl PartialEq for Solved {
    fn eq(&self, other: &Solved) -> bool {
        Arc::ptr_eq(&self.solution, &other.solution)
    }
}

impl Eq for Solved {}

impl Solved {
    pub fn new(solution: Solution) -> Solved {
        let rows = rows(&solution).into();
        Solved {
            solution: Arc::new(solution),
            rows,
        }
    }
}

/// Where the solve stands, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The worker is searching: nodes so far, milliseconds, first moves done of all.
    Running {
        nodes: u64,
        millis: u64,
        done: usize,
        total: usize,
    },
    Done(Solved),
    /// Not solved: the position is illegal, or the solver refused the stipulation (the reason).
    Refused(String),
}

/// The Solution panel's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solving {
    pub request: Request,
    /// The canonical FEN solved: the result is stale while the position differs from it.
    pub fen: Arc<str>,
    pub phase: Phase,
    /// The position changed since: the result is not about what the board shows.
    pub stale: bool,
    /// Esc was pressed while it ran.
    pub cancelled: bool,
    /// The chosen row of the tree (Enter plays it).
    pub selected: usize,
}

impl Solving {
    /// The rows of a finished result (none while it runs).
    pub fn rows(&self) -> &[Row] {
        match &self.phase {
            Phase::Done(s) => &s.rows,
            _ => &[],
        }
    }

    pub fn is_running(&self) -> bool {
        matches!(self.phase, Phase::Running { .. })
    }
}

/// Complete results by (canonical FEN, what was asked): `S` on a position solved before shows
/// the result at once.
#[derive(Clone, Debug, Default)]
pub struct Cache {
    results: HashMap<(Arc<str>, Ask), Solved>,
}

impl Cache {
    pub fn get(&self, fen: &str, ask: Ask) -> Option<&Solved> {
        self.results.get(&(Arc::from(fen), ask))
    }

    /// Keeps a result that is complete; an unfinished one is not worth keeping.
    pub fn put(&mut self, fen: Arc<str>, ask: Ask, solved: &Solved) {
        if solved.solution.outcome != Outcome::Unfinished {
            self.results.insert((fen, ask), solved.clone());
        }
    }

    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }
}

/// One row of the solution tree as the panel shows it: what it says and, for a row with
/// play, the moves (UCI) from the setup position to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Indentation level: 0 for keys, tries and helpmate solutions.
    pub depth: u16,
    pub item: Item,
    pub moves: Vec<String>,
}

/// What a row says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// An attacking move: a key (`1.Qa7!`, `key`) or a deeper continuation (`2.Rd2`), with the
    /// threat after it, numbered `number`.
    Attack {
        number: u32,
        mv: Move,
        key: bool,
        threat: Threat,
    },
    /// A defence (`1...Kg1`) and the continuations that end the play at once (`2.Rd2#`; more
    /// than one: duals).
    Defence {
        number: u32,
        mv: Move,
        ends: Vec<Move>,
        short: bool,
    },
    /// A first move refuted by one or two defences: `1.Qb7? but 1...Kg1!`.
    Try { mv: Move, refutations: Vec<Move> },
    /// A whole helpmate solution; `half` for h#n.5 (it opens with `1...`).
    Help {
        moves: Vec<Move>,
        short: bool,
        half: bool,
    },
}

/// The solution's rows in the order solve's text output prints them.
pub fn rows(s: &Solution) -> Vec<Row> {
    let mut out = Vec::new();
    if s.stipulation.is_help() {
        for h in &s.solutions {
            out.push(Row {
                depth: 0,
                moves: h.moves.iter().map(|m| m.uci.clone()).collect(),
                item: Item::Help {
                    moves: h.moves.clone(),
                    short: h.short,
                    half: s.stipulation.half,
                },
            });
        }
        return out;
    }
    for key in &s.keys {
        attack_rows(&mut out, key, 1, 0, true, &mut Vec::new());
    }
    for t in &s.tries {
        let mut moves = vec![t.mv.uci.clone()];
        moves.extend(t.refutations.first().map(|r| r.uci.clone()));
        out.push(Row {
            depth: 0,
            item: Item::Try {
                mv: t.mv.clone(),
                refutations: t.refutations.clone(),
            },
            moves,
        });
    }
    out
}

fn attack_rows(
    out: &mut Vec<Row>,
    line: &Line,
    number: u32,
    depth: u16,
    key: bool,
    path: &mut Vec<String>,
) {
    path.push(line.mv.uci.clone());
    out.push(Row {
        depth,
        item: Item::Attack {
            number,
            mv: line.mv.clone(),
            key,
            threat: line.threat.clone(),
        },
        moves: path.clone(),
    });
    for d in &line.defences {
        defence_rows(out, d, number, depth + 1, path);
    }
    path.pop();
}

fn defence_rows(out: &mut Vec<Row>, d: &Defence, number: u32, depth: u16, path: &mut Vec<String>) {
    // Continuations that end the play go on the defence's row; the others get their own.
    let (ends, deeper): (Vec<&Line>, Vec<&Line>) =
        d.continuations.iter().partition(|c| c.defences.is_empty());
    path.push(d.mv.uci.clone());
    let mut moves = path.clone();
    moves.extend(ends.first().map(|c| c.mv.uci.clone()));
    out.push(Row {
        depth,
        item: Item::Defence {
            number,
            mv: d.mv.clone(),
            ends: ends.iter().map(|c| c.mv.clone()).collect(),
            short: d.short,
        },
        moves,
    });
    for c in deeper {
        attack_rows(out, c, number + 1, depth + 1, false, path);
    }
    path.pop();
}

/// The number of worker threads a solve in the editor uses: every core but one, so that the
/// keys stay quick (at least one).
pub fn threads(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// The solver's options for what was asked.
pub fn options(ask: Ask, cores: usize) -> solve::Options {
    solve::Options {
        checks: ask.checks,
        tries: ask.tries,
        threads: threads(cores),
        ..solve::Options::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn solved(fen: &str, stip: &str, tries: bool) -> Solution {
        let p = crate::core::fen::read(fen, None).position.unwrap();
        let ask = Ask::parse(stip).unwrap();
        let ask = Ask { tries, ..ask };
        solve::solve(
            &p,
            ask.stipulation,
            &options(ask, 2),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap()
    }

    #[test]
    fn the_prompt_reads_a_stipulation_and_its_words() {
        let a = Ask::parse(" #2 tries ").unwrap();
        assert_eq!(a.stipulation.to_string(), "#2");
        assert!(a.tries && !a.checks);
        let a = Ask::parse("checks h#3").unwrap();
        assert!(a.checks && a.stipulation.is_help());
        assert_eq!(a.to_string(), "h#3 checks");
        for garbage in ["", "   ", "x#2", "#2 #3", "#2 foo", "tries", "#0", "ｈ#2"] {
            assert!(Ask::parse(garbage).is_err(), "{garbage:?}");
        }
    }

    #[test]
    fn a_directmate_tree_gives_the_key_its_defences_and_their_lines() {
        // Morphy's mate in two: 1.Ra6! bxa6 2.b7#.
        let s = solved("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2", false);
        let rows = rows(&s);
        let Item::Attack { mv, key: true, .. } = &rows[0].item else {
            panic!("{rows:?}");
        };
        assert_eq!(mv.san, "Ra6");
        assert_eq!(rows[0].moves, ["a1a6"]);
        let bxa6 = rows
            .iter()
            .find(|r| matches!(&r.item, Item::Defence { mv, .. } if mv.san == "bxa6"))
            .expect("the defence bxa6");
        assert_eq!(bxa6.depth, 1);
        assert_eq!(bxa6.moves, ["a1a6", "b7a6", "b6b7"]);
    }

    #[test]
    fn tries_come_after_the_keys_with_their_refutation() {
        let s = solved("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2", true);
        let rows = rows(&s);
        let first_try = rows
            .iter()
            .position(|r| matches!(r.item, Item::Try { .. }))
            .expect("a try");
        assert!(rows[first_try..].iter().all(|r| r.depth == 0));
        let Item::Try { refutations, .. } = &rows[first_try].item else {
            unreachable!()
        };
        assert_eq!(rows[first_try].moves.len(), 2);
        assert_eq!(rows[first_try].moves[1], refutations[0].uci);
    }

    #[test]
    fn helpmate_solutions_are_one_row_each_with_every_move() {
        let s = solved("7k/8/6K1/1p6/8/8/8/R7 b - - 0 1", "h#1", false);
        let rows = rows(&s);
        assert!(!rows.is_empty());
        assert_eq!(rows.len(), s.solutions.len());
        for (r, h) in rows.iter().zip(&s.solutions) {
            assert_eq!(r.moves.len(), h.moves.len());
        }
    }

    #[test]
    fn editor_solves_leave_a_core_for_the_keys() {
        assert_eq!(threads(1), 1);
        assert_eq!(threads(2), 1);
        assert_eq!(threads(8), 7);
        assert_eq!(threads(0), 1);
    }

    #[test]
    fn only_complete_results_are_cached() {
        let mut cache = Cache::default();
        let s = solved("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2", false);
        let ask = Ask::parse("#2").unwrap();
        let mut unfinished = s.clone();
        unfinished.outcome = Outcome::Unfinished;
        cache.put(Arc::from("a"), ask, &Solved::new(unfinished));
        assert!(cache.is_empty());
        cache.put(Arc::from("a"), ask, &Solved::new(s));
        assert!(cache.get("a", ask).is_some());
        assert!(cache.get("b", ask).is_none());
        assert!(cache.get("a", Ask { tries: true, ..ask }).is_none());
    }
}

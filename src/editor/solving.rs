//! What the editor knows of a solve: the request it sent, the progress and the result the
//! shell's worker reports as actions, and the solution tree flattened into the rows the
//! Solution panel shows and Enter plays. No thread, no solver call here.

use std::collections::HashMap;
use std::sync::Arc;

use crate::core::Position;
use crate::solve::{self, Defence, Line, Named, Outcome, Progress, Solution, Stipulation, Threat};

/// What the stipulation prompt asks for: `#2`, or `#2 tries`, `#3 checks`, `#2 setplay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ask {
    pub stipulation: Stipulation,
    /// Also look for tries and their refutations.
    pub tries: bool,
    /// Every attacking move must give check (xiangqi's continuous-check puzzles).
    pub checks: bool,
    /// Also work out the set play (the other side's moves in the diagram).
    pub set_play: bool,
}

/// The words the prompt takes after the stipulation.
pub const TRIES_WORD: &str = "tries";
pub const CHECKS_WORD: &str = "checks";
pub const SET_PLAY_WORD: &str = "setplay";
/// The word that begins a twin in Popeye's words, after everything else: `#2 twin move c8
/// d7`; each `twin` one more (b), c), …).
pub const TWIN_WORD: &str = "twin";

/// Why the prompt's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskError {
    /// Nothing but spaces (or only `tries`/`checks`).
    Empty,
    /// The stipulation does not read: the solver's reason (its English text and its kind).
    Stipulation(String, crate::solve::Problem),
    /// A word after the stipulation that is neither `tries` nor `checks`.
    Word(String),
    /// A twin that does not read: the twin reader's reason (English).
    Twin(String),
}

/// What the prompt asks for with the twins it gives (`#2 twin move c8 d7 twin cont add black
/// pe4`), in the form of the EPD `twins` operation (`b) move c8 d7 c) cont add black pe4`);
/// `None` when it gives none, and the record's twins are solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    pub ask: Ask,
    pub twins: Option<String>,
}

impl Asked {
    /// Reads the prompt's text: `Ask::parse` up to the first `twin`, then the twins, each
    /// from its `twin` to the next, checked by the twin reader. Garbage gives the reason.
    pub fn parse(text: &str) -> Result<Asked, AskError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(first) = words.iter().position(|w| *w == TWIN_WORD) else {
            return Ok(Asked {
                ask: Ask::parse(text)?,
                twins: None,
            });
        };
        let ask = Ask::parse(&words[..first].join(" "))?;
        let mut twins = Vec::new();
        for (i, commands) in words[first + 1..].split(|w| *w == TWIN_WORD).enumerate() {
            let label = char::from(b'b' + (i as u8).min(24));
            twins.push(format!("{label}) {}", commands.join(" ")));
        }
        let twins = twins.join(" ");
        crate::solve::twin::parse_list(&twins).map_err(|e| AskError::Twin(e.to_string()))?;
        Ok(Asked {
            ask,
            twins: Some(twins),
        })
    }
}

impl std::fmt::Display for Asked {
    /// As typed: the ask, then each twin after its `twin`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.ask)?;
        let Some(twins) = &self.twins else {
            return Ok(());
        };
        let Ok(list) = crate::solve::twin::parse_list(twins) else {
            return Ok(());
        };
        for t in list {
            write!(f, " {TWIN_WORD} {}", t.text)?;
        }
        Ok(())
    }
}

impl Ask {
    /// Reads the prompt's text: a stipulation, then the words `tries`, `checks` and `setplay`
    /// in any order. Garbage gives the reason.
    pub fn parse(text: &str) -> Result<Ask, AskError> {
        let mut stipulation = None;
        let (mut tries, mut checks, mut set_play) = (false, false, false);
        for word in text.split_whitespace() {
            match word {
                TRIES_WORD => tries = true,
                CHECKS_WORD => checks = true,
                SET_PLAY_WORD => set_play = true,
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
            set_play,
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
        if self.set_play {
            write!(f, " {SET_PLAY_WORD}")?;
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
    /// The record's twins (b), c), …), each solved after the diagram.
    pub twins: Vec<TwinAsk>,
}

/// A twin of the diagram as the record's `twins` operation makes it: its letter, its
/// commands, and the position and stipulation they give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinAsk {
    pub label: char,
    pub text: String,
    pub position: Position,
    pub stipulation: Stipulation,
}

/// A twin's solution.
#[derive(Clone, Debug, PartialEq)]
pub struct TwinSolution {
    pub label: char,
    pub text: String,
    pub solution: Solution<Named>,
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
    /// The diagram's solution (the twin a) when there are twins).
    pub solution: Arc<Solution<Named>>,
    /// The twins b), c), … with theirs.
    pub twins: Arc<[TwinSolution]>,
    pub rows: Arc<[Row]>,
}

impl PartialEq for Solved {
    fn eq(&self, other: &Solved) -> bool {
        Arc::ptr_eq(&self.solution, &other.solution)
    }
}

impl Eq for Solved {}

impl Solved {
    pub fn new(solution: Solution<Named>) -> Solved {
        Solved::with_twins(solution, Vec::new())
    }

    /// The diagram's solution and its twins' (none: a problem without twins).
    pub fn with_twins(solution: Solution<Named>, twins: Vec<TwinSolution>) -> Solved {
        let rows = if twins.is_empty() {
            rows(&solution)
        } else {
            twinned_rows(&solution, &twins)
        };
        Solved {
            solution: Arc::new(solution),
            twins: twins.into(),
            rows: rows.into(),
        }
    }

    /// Every solution shown: the diagram's, then the twins'.
    pub fn all(&self) -> impl Iterator<Item = &Solution<Named>> {
        std::iter::once(&*self.solution).chain(self.twins.iter().map(|t| &t.solution))
    }

    /// Sound when every twin is (a twinned problem is sound when each of its twins is).
    pub fn is_cooked(&self) -> bool {
        self.all().any(Solution::is_cooked)
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
    /// The record's twins' commands solved with it (`""`: none).
    pub twins: String,
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

    /// The position of the chosen row's twin, while that is not the setup's (the board shows
    /// it while the row is chosen).
    pub fn twin_position(&self) -> Option<&Position> {
        let row = self.rows().get(self.selected)?;
        row.twin.filter(|&l| l != 'a').map(|_| &row.from)
    }
}

/// Complete results by (canonical FEN, what was asked): `S` on a position solved before shows
/// the result at once.
#[derive(Clone, Debug, Default)]
pub struct Cache {
    results: HashMap<(Arc<str>, Ask, String), Solved>,
}

impl Cache {
    /// The result for `fen`, `ask` and the twins' commands (`""` without twins).
    pub fn get(&self, fen: &str, ask: Ask, twins: &str) -> Option<&Solved> {
        self.results.get(&(Arc::from(fen), ask, twins.to_owned()))
    }

    /// Keeps a result that is complete; an unfinished one is not worth keeping.
    pub fn put(&mut self, fen: Arc<str>, ask: Ask, twins: &str, solved: &Solved) {
        if solved.all().all(|s| s.outcome != Outcome::Unfinished) {
            self.results
                .insert((fen, ask, twins.to_owned()), solved.clone());
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
/// play, the moves (UCI) from `from` to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Indentation level: 0 for keys, tries, set play, helpmate solutions and twin headings.
    pub depth: u16,
    pub item: Item,
    pub moves: Vec<String>,
    /// The position the moves start from: the setup, the setup with the other side to move
    /// (set play, a helpmate's fixed order), or a twin's position.
    pub from: Position,
    /// The twin the row belongs to (`None` without twins).
    pub twin: Option<char>,
    /// The play opens with the second side's move, numbered `1...` (set play, h#n.5).
    pub dots: bool,
    /// The first `series` moves are a series, one side's moves in a row while the other
    /// stands still (0: the sides take turns).
    pub series: usize,
}

/// What a row says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A twin's heading: `a)` for the diagram, `b) move c3 d4` for a twin.
    Twin { label: char, text: String },
    /// An attacking move: a key (`1.Qa7!`, `key`) or a deeper continuation (`2.Rd2`), with the
    /// threat after it, numbered `number`.
    Attack {
        number: u32,
        mv: Named,
        key: bool,
        threat: Threat<Named>,
    },
    /// A defence (`1...Kg1`), with the defences after which the same threat moves still win
    /// (`others`: `1...Re1, Re2, Rd3 2.Qc7#`), and the continuations that end the play at
    /// once (`2.Rd2#`). Several continuations are duals only after a `variation`.
    Defence {
        number: u32,
        mv: Named,
        others: Vec<Named>,
        ends: Vec<Named>,
        short: bool,
        variation: bool,
    },
    /// A first move refuted by one or two defences: `1.Qb7? but 1...Kg1!`.
    Try { mv: Named, refutations: Vec<Named> },
    /// A whole helpmate solution; `half` when it opens with `1...` (h#n.5, or a helpmate's
    /// set play).
    Help {
        moves: Vec<Named>,
        short: bool,
        half: bool,
    },
}

/// The position a solution's play starts from (its FEN, which has the side that begins).
fn start_of(s: &Solution<Named>) -> Position {
    crate::core::fen::read(&s.fen, Some(s.game))
        .position
        .unwrap_or_else(|| Position::empty(s.game))
}

/// The position with the other side to move (no en passant: it belonged to the side passing).
fn passed(mut p: Position) -> Position {
    p.turn = p.turn.other();
    p.ep = None;
    p
}

/// Rows of a twinned problem: `a)` and the diagram's rows, then each twin's heading and rows.
fn twinned_rows(diagram: &Solution<Named>, twins: &[TwinSolution]) -> Vec<Row> {
    let mut out = Vec::new();
    let parts = std::iter::once(('a', "", diagram)).chain(
        twins
            .iter()
            .map(|t| (t.label, t.text.as_str(), &t.solution)),
    );
    for (label, text, s) in parts {
        out.push(Row {
            depth: 0,
            item: Item::Twin {
                label,
                text: text.to_owned(),
            },
            moves: Vec::new(),
            from: start_of(s),
            twin: Some(label),
            dots: false,
            series: 0,
        });
        let first = out.len();
        out.extend(rows(s));
        for r in &mut out[first..] {
            r.twin = Some(label);
        }
    }
    out
}

/// The solution's rows in the order solve's text output prints them: the set play, then the
/// keys with their variations, then the tries; helpmates' set play, then their solutions.
/// Defences met the same way: the answers' coordinates, the defences, the answers.
type Group<'a> = (Vec<&'a str>, Vec<&'a Defence<Named>>, Vec<&'a Line<Named>>);

pub fn rows(s: &Solution<Named>) -> Vec<Row> {
    let mut out = Vec::new();
    let from = start_of(s);
    if s.stipulation.is_help() {
        let play = s.stipulation.play;
        let help = |h: &solve::HelpLine<Named>, half: bool, from: Position, series: usize| Row {
            depth: 0,
            moves: h.moves.iter().map(|m| m.uci.to_string()).collect(),
            item: Item::Help {
                moves: h.moves.clone(),
                short: h.short,
                half,
            },
            from,
            twin: None,
            dots: half,
            series,
        };
        for h in &s.set_lines {
            out.push(help(h, !s.stipulation.half, passed(from), 0));
        }
        for h in &s.solutions {
            let series = if play.is_series() {
                solve::text::series_moves(play, h.moves.len())
            } else {
                0
            };
            out.push(help(h, s.stipulation.half, from, series));
        }
        return out;
    }
    let mut tree = Tree {
        out: &mut out,
        from: passed(from),
        path: Vec::new(),
        dots: true,
    };
    tree.defences(&s.set, &[], 1, 0);
    tree.from = from;
    tree.dots = false;
    for key in &s.keys {
        tree.attack(key, 1, 0, true);
    }
    for t in &s.tries {
        let mut moves = vec![t.mv.uci.to_string()];
        moves.extend(t.refutations.first().map(|r| r.uci.to_string()));
        out.push(Row {
            depth: 0,
            item: Item::Try {
                mv: t.mv.clone(),
                refutations: t.refutations.clone(),
            },
            moves,
            from,
            twin: None,
            dots: false,
            series: 0,
        });
    }
    out
}

/// The walk through a variation tree: the rows so far, where the play starts and the moves
/// down to the line being walked.
struct Tree<'a> {
    out: &'a mut Vec<Row>,
    from: Position,
    path: Vec<String>,
    /// Set play: the rows' play opens with the defender's move.
    dots: bool,
}

impl Tree<'_> {
    fn push(&mut self, depth: u16, item: Item, moves: Vec<String>) {
        self.out.push(Row {
            depth,
            item,
            moves,
            from: self.from,
            twin: None,
            dots: self.dots,
            series: 0,
        });
    }

    fn attack(&mut self, line: &Line<Named>, number: u32, depth: u16, key: bool) {
        self.path.push(line.mv.uci.to_string());
        let item = Item::Attack {
            number,
            mv: line.mv.clone(),
            key,
            threat: line.threat.clone(),
        };
        self.push(depth, item, self.path.clone());
        let threats: Vec<&str> = match &line.threat {
            Threat::Moves(ms) => ms.iter().map(|m| m.uci.as_str()).collect(),
            _ => Vec::new(),
        };
        self.defences(&line.defences, &threats, number, depth + 1);
        self.path.pop();
    }

    /// The variations each on its row; the defences after which the threat still works
    /// gathered on one row per way the threat meets them, after the variations.
    fn defences(&mut self, defences: &[Defence<Named>], threats: &[&str], number: u32, depth: u16) {
        let mut groups: Vec<Group> = Vec::new();
        for d in defences {
            let answers: Vec<&Line<Named>> = if d.variation {
                d.continuations.iter().collect()
            } else {
                d.continuations
                    .iter()
                    .filter(|c| threats.contains(&c.mv.uci.as_str()))
                    .collect()
            };
            // Set play has no threat: its defences met by the same mates share a line
            // (`1...Bh2, Bg3 2.Rxa7#`, as composers write `1...B~`).
            let own_row = d.variation && !self.dots;
            if own_row || !answers.iter().all(|c| c.defences.is_empty()) {
                self.defence(
                    d,
                    &[],
                    &d.continuations.iter().collect::<Vec<_>>(),
                    number,
                    depth,
                );
                continue;
            }
            let key: Vec<&str> = answers.iter().map(|c| c.mv.uci.as_str()).collect();
            match groups.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, ds, _)) => ds.push(d),
                None => groups.push((key, vec![d], answers)),
            }
        }
        for (_, ds, answers) in groups {
            self.defence(ds[0], &ds[1..], &answers, number, depth);
        }
    }

    fn defence(
        &mut self,
        d: &Defence<Named>,
        others: &[&Defence<Named>],
        continuations: &[&Line<Named>],
        number: u32,
        depth: u16,
    ) {
        // Continuations that end the play go on the defence's row; the others get their own.
        let (ends, deeper): (Vec<&Line<Named>>, Vec<&Line<Named>>) =
            continuations.iter().partition(|c| c.defences.is_empty());
        self.path.push(d.mv.uci.to_string());
        let mut moves = self.path.clone();
        moves.extend(ends.first().map(|c| c.mv.uci.to_string()));
        let item = Item::Defence {
            number,
            mv: d.mv.clone(),
            others: others.iter().map(|o| o.mv.clone()).collect(),
            ends: ends.iter().map(|c| c.mv.clone()).collect(),
            short: d.short,
            variation: d.variation,
        };
        self.push(depth, item, moves);
        for c in deeper {
            self.attack(c, number + 1, depth + 1, false);
        }
        self.path.pop();
    }
}

/// The chosen row's play as text with move numbers (`1.Ra6 bxa6 2.b7#`; `1...Bc7 2.Rxa7#`
/// for set play; `1.Kxa6 2.Ka7 Ra4#` for a series), its moves written as `notation` writes
/// them; a twin's row says its twin.
pub fn line_text(row: &Row, notation: crate::core::notation::Notation) -> String {
    let (line, _) = super::line::Line::series_from_uci(row.from, &row.moves, row.series);
    let line = line.written_in(notation);
    let mut parts = Vec::new();
    if let Some(label) = row.twin {
        parts.push(format!("{label})"));
    }
    let names: Vec<&str> = line.plies.iter().map(|p| p.notation.as_str()).collect();
    parts.extend(numbered(&names, row.dots, row.series));
    parts.join(" ")
}

/// Moves numbered as composers write them: by turns (`1.Kg3 Re2#`), `1...` first when the
/// play opens with the second side's move (`dots`); the first `series` moves a series, each
/// with its number, and the reply after it without (`1.Kxa6 2.Ka7 Ra4#`).
pub fn numbered(names: &[&str], dots: bool, series: usize) -> Vec<String> {
    let offset = usize::from(dots);
    let mut parts = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let j = i + offset;
        parts.push(if i < series {
            format!("{}.{name}", i + 1)
        } else if series > 0 {
            (*name).to_owned()
        } else if j % 2 == 0 {
            format!("{}.{name}", j / 2 + 1)
        } else if i == 0 {
            format!("1...{name}")
        } else {
            (*name).to_owned()
        });
    }
    parts
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
        set_play: ask.set_play,
        threads: threads(cores),
        ..solve::Options::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    fn solved(fen: &str, stip: &str, tries: bool) -> Solution<Named> {
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
        .map(|s| solve::named(&s))
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
    fn the_prompt_reads_twins_in_popeyes_words_after_the_word_twin() {
        let a = Asked::parse("#2 setplay twin move c8 d7 twin cont add black pe4").unwrap();
        assert!(a.ask.set_play);
        assert_eq!(
            a.twins.as_deref(),
            Some("b) move c8 d7 c) cont add black pe4")
        );
        assert_eq!(
            a.to_string(),
            "#2 setplay twin move c8 d7 twin cont add black pe4"
        );
        assert_eq!(Asked::parse("h#2 tries").unwrap().twins, None);
        for garbage in [
            "#2 twin",
            "#2 twin move c8",
            "#2 twin fly c8 d7",
            "twin move c8 d7",
        ] {
            assert!(Asked::parse(garbage).is_err(), "{garbage:?}");
        }
        assert!(matches!(
            Asked::parse("#2 twin twin move a1 a2"),
            Err(AskError::Twin(_))
        ));
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
        cache.put(Arc::from("a"), ask, "", &Solved::new(unfinished));
        assert!(cache.is_empty());
        cache.put(Arc::from("a"), ask, "", &Solved::new(s));
        assert!(cache.get("a", ask, "").is_some());
        assert!(cache.get("b", ask, "").is_none());
        assert!(cache.get("a", Ask { tries: true, ..ask }, "").is_none());
    }
}

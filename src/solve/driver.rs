//! Runs a solve: the rules for the game, the first moves split over threads, each key's tree
//! and each helpmate line made readable, progress reported on the caller's thread.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::goal::Goal;
use super::memory;
use super::rules::Rules;
use super::rules::chess::ChessRules;
use super::rules::xiangqi::XiangqiRules;
use super::search::{REACH_BYTES, Search};
use super::stipulation::Play;
use super::table::Table;
use super::{
    Defence, HelpLine, Line, Options, Outcome, Progress, Solution, SolveError, Stipulation, Threat,
    Try,
};
use crate::core::legality::chess::{castling_mode, to_chess, to_chess_forced};
use crate::core::xiangqi::Mailbox;
use crate::core::{Position, fen, legality};

pub(super) fn solve(
    given: &Position,
    stip: Stipulation,
    options: &Options,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Solution, SolveError> {
    let mut position = *given;
    let first = stip.first_side(given.turn, options.as_given);
    let order = (first != given.turn).then_some(first);
    if order.is_some() {
        // The other side begins: an en passant right belongs to the side the FEN names.
        position.turn = first;
        position.ep = None;
    }
    let errors: Vec<String> = legality::diagnose(&position)
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.message)
        .collect();
    if !errors.is_empty() && !options.force {
        return Err(SolveError::Illegal(errors.join("; ")));
    }
    let fen = fen::write(&position);
    let set_lines = if options.set_play && stip.play == Play::Help {
        help_set_play(&position, stip, options, cancel)?
    } else {
        Vec::new()
    };
    let finish = |mut s: Solution| {
        s.order = order;
        s.forced = errors;
        s.set_lines = set_lines;
        s
    };
    if !stip.goal.ends_the_game()
        && !matches!(
            stip.play,
            Play::Direct | Play::Help | Play::Series | Play::SeriesHelp
        )
    {
        return Err(SolveError::Unsupported(format!(
            "{stip}: the goal {} is solved in direct, help and series play ({g}3, h{g}2, ser-{g}3, ser-h{g}3)",
            stip.goal.sign(),
            g = stip.goal.sign()
        )));
    }
    if position.game.is_xiangqi() {
        if !XiangqiRules::supports(stip.goal) {
            let why = match stip.goal {
                Goal::Stalemate => "xiangqi has no stalemate (a side without a move loses): use #n",
                Goal::EnPassant => "xiangqi has no en passant",
                _ => "xiangqi has no castling",
            };
            return Err(SolveError::Unsupported(format!("{stip}: {why}")));
        }
        let mb = Mailbox::new(&position).map_err(SolveError::illegal)?;
        let rules = XiangqiRules::new(mb);
        Ok(finish(run(
            rules, &position, fen, stip, options, cancel, progress,
        )))
    } else {
        let chess = if options.force {
            to_chess_forced(&position)
        } else {
            to_chess(&position)
        }
        .map_err(SolveError::illegal)?;
        let rules = ChessRules::new(chess, castling_mode(position.game));
        Ok(finish(run(
            rules, &position, fen, stip, options, cancel, progress,
        )))
    }
}

/// A helpmate's set play: the other side begins, one half move shorter (`h#2` → `h#1.5`).
fn help_set_play(
    position: &Position,
    stip: Stipulation,
    options: &Options,
    cancel: &AtomicBool,
) -> Result<Vec<HelpLine>, SolveError> {
    let set = if stip.half {
        Stipulation {
            half: false,
            ..stip
        }
    } else if stip.moves > 1 {
        Stipulation {
            moves: stip.moves - 1,
            half: true,
            ..stip
        }
    } else {
        Stipulation {
            moves: 0,
            half: true,
            ..stip
        }
    };
    let mut other = *position;
    other.turn = other.turn.other();
    other.ep = None;
    let options = Options {
        set_play: false,
        as_given: true,
        force: true,
        ..*options
    };
    Ok(solve(&other, set, &options, cancel, &mut |_| {})?.solutions)
}

/// How long a search runs on the caller's thread alone before the workers start.
const SPREAD: Duration = Duration::from_millis(5);

/// How often the coordinator reports progress.
const REPORT: Duration = Duration::from_millis(100);

/// What one first move turned out to be.
enum Root {
    Nothing,
    Key(Line),
    Try(Try),
    /// Every line through the move, the move first, as the solver reports them (made so on
    /// the worker that found them: a cooked helpmate's millions of lines are far smaller so).
    Help(Vec<HelpLine>),
}

/// What every worker of one solve shares: the first moves, which of them are taken and done,
/// and what each turned out to be.
struct Shared<'a, R: Rules> {
    root: &'a R,
    table: &'a Table,
    stip: Stipulation,
    options: &'a Options,
    /// The bytes each thread's caches may take (`memory::share`).
    caches: usize,
    cancel: &'a AtomicBool,
    first: Vec<R::Move>,
    counted: AtomicU64,
    next: AtomicUsize,
    done: AtomicUsize,
    tree_budget: AtomicUsize,
    truncated: AtomicBool,
    results: Mutex<Vec<Option<Root>>>,
    stopped: AtomicBool,
    max_lines: usize,
    lines_found: AtomicUsize,
    /// Workers that have ended.
    ended: AtomicUsize,
}

impl<R: Rules> Shared<'_, R> {
    fn search(&self) -> Search<'_, R> {
        let mut s = Search::new(
            self.root.clone(),
            self.table,
            self.stip.play,
            self.stip.goal,
            self.options.checks && !self.stip.is_help(),
            &self.counted,
            self.cancel,
        );
        s.intelligent = bounded::<R>(self.options);
        if s.intelligent {
            R::limit_caches(self.caches.saturating_sub(REACH_BYTES));
        }
        s
    }

    fn budget(&self) -> Budget<'_> {
        Budget {
            left: &self.tree_budget,
            truncated: &self.truncated,
        }
    }

    /// Analyses the first move `i` and records it; false when the search stopped first (then
    /// nothing is recorded).
    fn step(&self, s: &mut Search<R>, budget: &mut Budget, i: usize) -> bool {
        s.limit = self
            .max_lines
            .saturating_sub(self.lines_found.load(Relaxed));
        let r = if s.limit == 0 {
            Root::Nothing
        } else {
            analyse(s, self.first[i], self.stip, self.options, budget)
        };
        if s.stopped {
            return false;
        }
        if let Root::Help(found) = &r {
            self.lines_found.fetch_add(found.len(), Relaxed);
        }
        self.results.lock().expect("no worker panics")[i] = Some(r);
        self.done.fetch_add(1, Relaxed);
        true
    }

    /// A worker thread: takes first moves until none is left, then wakes the coordinator.
    fn work(&self, coordinator: &std::thread::Thread) {
        let mut s = self.search();
        let mut budget = self.budget();
        loop {
            let i = self.next.fetch_add(1, Relaxed);
            if i >= self.first.len() {
                break;
            }
            if !self.step(&mut s, &mut budget, i) {
                self.stopped.store(true, Relaxed);
                break;
            }
        }
        s.flush();
        self.ended.fetch_add(1, Relaxed);
        coordinator.unpark();
    }

    /// The first moves on the caller's thread until `SPREAD` has passed; the first move not
    /// finished by then (`next`) is left to the workers.
    fn begin(&self, start: Instant) {
        let mut s = self.search();
        s.deadline = Some(start + SPREAD);
        let mut budget = self.budget();
        let mut i = 0;
        let mut before = 0;
        while i < self.first.len() && self.step(&mut s, &mut budget, i) {
            i += 1;
            before = s.nodes;
        }
        if s.stopped && !s.paused {
            self.stopped.store(true, Relaxed);
            i = self.first.len();
        }
        // The first move left unfinished is searched again by a worker, and counted there.
        let unfinished = if s.paused { s.nodes - before } else { 0 };
        s.flush();
        self.counted.fetch_sub(unfinished, Relaxed);
        self.next.store(i, Relaxed);
    }

    /// The rest on `threads` workers, the caller reporting progress until they end; a worker
    /// that ends wakes it at once.
    fn spread(&self, threads: usize, start: Instant, progress: &mut dyn FnMut(Progress)) {
        let coordinator = std::thread::current();
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| self.work(&coordinator));
            }
            while self.ended.load(Relaxed) < threads {
                self.report(start, progress);
                std::thread::park_timeout(REPORT);
            }
        });
    }

    fn report(&self, start: Instant, progress: &mut dyn FnMut(Progress)) {
        progress(Progress {
            nodes: self.counted.load(Relaxed),
            root_done: self.done.load(Relaxed),
            root_total: self.first.len(),
            elapsed: start.elapsed(),
        })
    }
}

/// Whether help and series play pass over the nodes the game's bound rules out: asked for,
/// and the position not forced (it may break the rules the bound stands on, a pawn on its
/// first rank).
fn bounded<R: Rules>(options: &Options) -> bool {
    R::BOUNDED && options.intelligent && !options.force
}

fn run<R: Rules>(
    root: R,
    position: &Position,
    fen: String,
    stip: Stipulation,
    options: &Options,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Solution {
    let start = Instant::now();
    // Help and series play's bound keeps caches on each thread: they and the table share
    // `--hash`.
    let caches = if stip.is_help() && bounded::<R>(options) {
        (R::CACHES.0 + REACH_BYTES, R::CACHES.1 + REACH_BYTES)
    } else {
        // None for this problem: what an earlier one left on this thread goes (chess is the
        // game that keeps them), and the table takes all of `--hash`.
        ChessRules::free_caches();
        (0, 0)
    };
    let hash = options.hash_mb.saturating_mul(1 << 20);
    let memory = memory::share(hash, options.threads.clamp(1, 256), caches);
    let table = Table::of_bytes(memory.table);
    let shared = Shared::new(&root, &table, stip, options, memory.caches, cancel);
    let threads = memory.threads.min(shared.first.len().max(1));
    // A problem solved in a moment runs on the caller's thread alone: no thread starts.
    shared.begin(start);
    if shared.next.load(Relaxed) < shared.first.len() {
        // The caller's caches give way to the workers'.
        R::free_caches();
        shared.spread(threads, start, progress);
    }
    shared.report(start, progress);
    let set = if options.set_play && !stip.is_help() && !cancel.load(Relaxed) {
        set_play(&mut shared.search(), stip, &mut shared.budget())
    } else {
        Vec::new()
    };
    let unfinished = shared.stopped.load(Relaxed)
        || cancel.load(Relaxed) && shared.done.load(Relaxed) < shared.first.len();
    let (truncated, nodes) = (shared.truncated.load(Relaxed), shared.counted.load(Relaxed));
    let (keys, tries, solutions) = shared.found();
    let outcome = if unfinished {
        Outcome::Unfinished
    } else if keys.is_empty() && solutions.is_empty() {
        Outcome::NoSolution
    } else {
        Outcome::Solved
    };
    Solution {
        order: None,
        forced: Vec::new(),
        set,
        set_lines: Vec::new(),
        game: position.game,
        fen,
        stipulation: stip,
        checks: options.checks && !stip.is_help(),
        outcome,
        keys,
        tries,
        solutions,
        truncated,
        nodes,
        seconds: start.elapsed().as_secs_f64(),
        table_bytes: table.bytes(),
    }
}

/// What the first moves turned out to be, in generation order: the keys, the tries, and the
/// whole lines of help and series play.
type Found = (Vec<Line>, Vec<Try>, Vec<HelpLine>);

impl<'a, R: Rules> Shared<'a, R> {
    fn new(
        root: &'a R,
        table: &'a Table,
        stip: Stipulation,
        options: &'a Options,
        caches: usize,
        cancel: &'a AtomicBool,
    ) -> Shared<'a, R> {
        let first: Vec<R::Move> = root.clone().legal().to_vec();
        Shared {
            root,
            table,
            stip,
            options,
            caches,
            cancel,
            results: Mutex::new((0..first.len()).map(|_| None).collect()),
            first,
            counted: AtomicU64::new(0),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            tree_budget: AtomicUsize::new(options.tree_limit),
            truncated: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            max_lines: options.max_solutions.unwrap_or(usize::MAX),
            lines_found: AtomicUsize::new(0),
            ended: AtomicUsize::new(0),
        }
    }

    /// Every first move's result gathered; whole lines short ones first, at most `max_lines`.
    fn found(self) -> Found {
        let results = self.results.into_inner().expect("no worker panics");
        let mut keys = Vec::new();
        let mut tries = Vec::new();
        let mut solutions: Vec<HelpLine> = Vec::new();
        for r in results {
            match r {
                Some(Root::Key(line)) => keys.push(line),
                Some(Root::Try(t)) => tries.push(t),
                Some(Root::Help(found)) => solutions.extend(found),
                Some(Root::Nothing) | None => {}
            }
        }
        // Short helpmate solutions first, then in generation order.
        solutions.sort_by_key(|h| h.moves.len());
        solutions.truncate(self.max_lines);
        (keys, tries, solutions)
    }
}

/// The lines `found` after the first move `first` of `pos` (to move in it), the move put
/// first, as the solver reports them. A line shares its first moves with the one before it
/// as a rule: only the rest is played.
fn public_lines<R: Rules>(
    pos: &mut R,
    play: Play,
    first: R::Move,
    found: Vec<(Vec<R::Move>, bool)>,
) -> Vec<HelpLine> {
    // The moves played now: each, whether the other side passed after it, and its public form.
    let mut played: Vec<(R::Move, bool, super::Move)> = Vec::new();
    let mut lines = Vec::with_capacity(found.len());
    for (rest, short) in found {
        let len = rest.len() + 1;
        // The other side stands still between the moves of a series.
        let count = if play.is_series() {
            super::text::series_moves(play, len)
        } else {
            0
        };
        let step = |i: usize| (if i == 0 { first } else { rest[i - 1] }, i + 1 < count);
        let same = played
            .iter()
            .enumerate()
            .take_while(|&(i, p)| i < len && (p.0, p.1) == step(i))
            .count();
        take_back(pos, &mut played, same);
        for i in same..len {
            let (m, pass) = step(i);
            let public = pos.public(m);
            pos.play(m);
            // A side in check cannot pass (then nothing is played to take back).
            let passed = pass && pos.null();
            played.push((m, passed, public));
        }
        lines.push(HelpLine {
            moves: played.iter().map(|p| p.2).collect(),
            short,
        });
    }
    take_back(pos, &mut played, 0);
    lines
}

/// Takes back the moves of `played` (and the passes after them) down to `keep` of them.
fn take_back<R: Rules>(pos: &mut R, played: &mut Vec<(R::Move, bool, super::Move)>, keep: usize) {
    while played.len() > keep {
        if let Some((_, passed, _)) = played.pop() {
            if passed {
                pos.undo();
            }
            pos.undo();
        }
    }
}

/// The lines the variation trees may still hold, shared by every thread.
struct Budget<'a> {
    left: &'a AtomicUsize,
    truncated: &'a AtomicBool,
}

impl Budget<'_> {
    fn take(&mut self) -> bool {
        let ok = self
            .left
            .fetch_update(Relaxed, Relaxed, |n| n.checked_sub(1))
            .is_ok();
        if !ok {
            self.truncated.store(true, Relaxed);
        }
        ok
    }
}

/// The first move `m`: a key with its tree, a try, or helpmate lines through it.
fn analyse<R: Rules>(
    s: &mut Search<R>,
    m: R::Move,
    stip: Stipulation,
    options: &Options,
    budget: &mut Budget,
) -> Root {
    if stip.play.is_series() {
        let found = series_lines(s, stip, m);
        return Root::Help(public_lines(&mut s.pos, stip.play, m, found));
    }
    if stip.play == Play::Reflex && s.can_reach() {
        // The attacker would have to reach the goal itself.
        return Root::Nothing;
    }
    let mv = s.pos.public(m);
    s.play(m);
    let r = if stip.play == Play::Help {
        let found = help_lines(s, stip);
        s.undo();
        let lines = public_lines(&mut s.pos, stip.play, m, found);
        return if s.stopped {
            Root::Nothing
        } else {
            Root::Help(lines)
        };
    } else {
        let n = stip.moves;
        if s.win_after_move(n) {
            // The least number of moves it needs: short solutions count.
            let length = (1..n).find(|&k| s.win_after_move(k)).unwrap_or(n);
            let (threat, defences) = tree(s, stip.play, length, budget);
            Root::Key(Line {
                mv,
                length,
                threat,
                defences,
            })
        } else if options.tries && !s.stopped {
            refutations(s, n, mv)
        } else {
            Root::Nothing
        }
    };
    s.undo();
    if s.stopped { Root::Nothing } else { r }
}

/// Every helpmate line after the first move just played, of each length the stipulation
/// allows (short ones marked), without the first move.
fn help_lines<R: Rules>(s: &mut Search<R>, stip: Stipulation) -> Vec<(Vec<R::Move>, bool)> {
    let full = stip.plies();
    let mut out = Vec::new();
    let limit = s.limit;
    let mut length = 2 - full % 2;
    while length <= full {
        s.limit = limit.saturating_sub(out.len());
        if length == 1 {
            if s.goal_here() {
                out.push((Vec::new(), length < full));
            }
        } else {
            let mut found = Vec::new();
            s.help(length - 1, &mut Vec::new(), &mut found);
            out.extend(found.into_iter().map(|l| (l, length < full)));
        }
        length += 2;
    }
    s.limit = limit;
    out
}

/// Direct, self and reflex play's set play: the defender moves first in the diagram; every
/// move of its that the attacker has an answer to within the stipulation's other moves.
fn set_play<R: Rules>(s: &mut Search<R>, stip: Stipulation, budget: &mut Budget) -> Vec<Defence> {
    if stip.moves < 2 || !s.null() {
        return Vec::new();
    }
    let mut set = Vec::new();
    for d in defender_moves(s, stip.play) {
        let line = defence(s, stip.play, d, stip.moves - 1, &[], budget);
        if !line.continuations.is_empty() {
            set.push(line);
        }
        if s.stopped {
            break;
        }
    }
    s.undo();
    set
}

/// Every series through the first move `m` (not yet played), of each length up to the
/// stipulation's (short ones marked, first), without `m`.
fn series_lines<R: Rules>(
    s: &mut Search<R>,
    stip: Stipulation,
    m: R::Move,
) -> Vec<(Vec<R::Move>, bool)> {
    let mut out = Vec::new();
    let limit = s.limit;
    for length in 1..=stip.moves {
        s.limit = limit.saturating_sub(out.len());
        let short = length < stip.moves;
        let mut found = Vec::new();
        if length == 1 {
            s.series_end(&[m], u64::MAX, &mut Vec::new(), &mut found);
            for l in &mut found {
                l.remove(0);
            }
        } else {
            s.play(m);
            if !s.pos.in_check() && s.null() {
                s.series(length - 1, &mut Vec::new(), &mut found);
                s.undo();
            }
            s.undo();
        }
        out.extend(found.into_iter().map(|l| (l, short)));
        if s.stopped {
            break;
        }
    }
    s.limit = limit;
    out
}

/// A first move that does not work: a try when only one or two defences refute it.
fn refutations<R: Rules>(s: &mut Search<R>, n: u32, mv: super::Move) -> Root {
    if stip_ended(s) {
        return Root::Nothing;
    }
    let defences = s.pos.legal();
    let mut refuting = Vec::new();
    for &d in defences.iter() {
        s.play(d);
        let holds = s.win_after_defence(n - 1);
        s.undo();
        if s.stopped {
            return Root::Nothing;
        }
        if !holds {
            refuting.push(d);
            if refuting.len() > 2 {
                return Root::Nothing;
            }
        }
    }
    if refuting.is_empty() {
        return Root::Nothing;
    }
    let refutations = refuting.iter().map(|&d| s.pos.public(d)).collect();
    Root::Try(Try { mv, refutations })
}

/// The defender has no move at all (stalemate or mate by the attacker): no try.
fn stip_ended<R: Rules>(s: &mut Search<R>) -> bool {
    !s.pos.has_legal_move()
}

/// The threat and the defences after an attacking move that forces the goal in `k` moves (the
/// move included), defender to move.
fn tree<R: Rules>(
    s: &mut Search<R>,
    play: Play,
    k: u32,
    budget: &mut Budget,
) -> (Threat, Vec<Defence>) {
    if play == Play::Direct && s.goal_here() {
        return (Threat::None, Vec::new());
    }
    let threat = if k >= 2 && s.null() {
        let t = shortest(s, k - 1, |s, j| s.win_to_move(j)).map(|j| {
            let moves = s.pos.legal();
            let mut threats = Vec::new();
            for &m in moves.iter() {
                s.play(m);
                let w = s.win_after_move(j);
                s.undo();
                if w {
                    threats.push(s.pos.public(m));
                }
            }
            threats
        });
        s.undo();
        match t {
            Some(moves) => Threat::Moves(moves),
            None => Threat::Zugzwang,
        }
    } else {
        Threat::None
    };
    let threats: &[super::Move] = match &threat {
        Threat::Moves(ms) => ms,
        _ => &[],
    };
    let mut defences = Vec::new();
    for d in defender_moves(s, play) {
        if s.stopped {
            break;
        }
        defences.push(defence(s, play, d, k - 1, threats, budget));
    }
    (threat, defences)
}

/// The defender's moves: all of them, or in reflex play only those that reach the goal when
/// there are some (it must play one).
fn defender_moves<R: Rules>(s: &mut Search<R>, play: Play) -> Vec<R::Move> {
    let moves = s.pos.legal().to_vec();
    if play == Play::Reflex {
        let goal: Vec<R::Move> = moves
            .iter()
            .copied()
            .filter(|&m| s.reaches_goal(m))
            .collect();
        if !goal.is_empty() {
            return goal;
        }
    }
    moves
}

/// The defence `d` with the attacker's shortest continuations within `left` moves, and
/// whether it stops the threat, or one of them (`threats`; empty: nothing is threatened).
fn defence<R: Rules>(
    s: &mut Search<R>,
    play: Play,
    d: R::Move,
    left: u32,
    threats: &[super::Move],
    budget: &mut Budget,
) -> Defence {
    let mv = s.pos.public(d);
    s.play(d);
    if play != Play::Direct && s.goal_here() {
        s.undo();
        return Defence {
            mv,
            variation: true,
            continuations: Vec::new(),
            short: left > 0,
        };
    }
    let mut continuations = Vec::new();
    // The threat's moves that still win after the defence.
    let mut holding = 0;
    let j = shortest(s, left, |s, j| s.win_after_defence(j));
    if let Some(j) = j {
        let replies = s.pos.legal();
        // Direct play's last move: where only a check reaches the goal, a reply that cannot
        // check is no continuation, and unless it is a threat it need not be played.
        let mates_only =
            (j == 1 && play == Play::Direct && s.needs_check()).then(|| s.pos.check_hint());
        for &m in replies.iter() {
            let named = s.pos.public(m);
            if let Some(hint) = &mates_only
                && !s.pos.may_check(hint, m)
                && !threats.contains(&named)
            {
                continue;
            }
            s.play(m);
            let w = s.win_after_move(j);
            let sub = if w && j >= 2 && budget.take() {
                Some(tree(s, play, j, budget))
            } else {
                w.then_some((Threat::None, Vec::new()))
            };
            if threats.contains(&named) && (w || (j < left && s.win_after_move(left))) {
                holding += 1;
            }
            s.undo();
            if let Some((threat, defences)) = sub {
                continuations.push(Line {
                    mv: named,
                    length: j,
                    threat,
                    defences,
                });
            }
        }
    }
    s.undo();
    Defence {
        mv,
        // A defence that stops at least one of several threats is a variation (Popeye's
        // reading).
        variation: holding < threats.len() || threats.is_empty(),
        continuations,
        short: j.is_some_and(|j| j < left),
    }
}

/// The least `j` in 1..=most for which `wins(j)` holds.
fn shortest<R: Rules>(
    s: &mut Search<R>,
    most: u32,
    mut wins: impl FnMut(&mut Search<R>, u32) -> bool,
) -> Option<u32> {
    (1..=most).find(|&j| wins(s, j))
}

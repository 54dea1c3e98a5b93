//! The exhaustive AND/OR search. `attack(n)`: the attacker, to move, wins within n of its
//! moves; `defend(n)`: the defender, to move, cannot stop that. For selfmates the same pair is
//! played with the goal reached by the defender's move; helpmates enumerate every line.
//! Every answer is a proof over all legal moves; the table only remembers proofs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use super::rules::Rules;
use super::stipulation::{Goal, Play};
use super::table::Table;

/// Salts that keep the entries of different node kinds apart in the table.
const ATTACK: u64 = 0;
const DEFEND: u64 = 0x9e37_79b9_7f4a_7c15;
const HELP: u64 = 0xc2b2_ae3d_27d4_eb4f;
const SERIES: u64 = 0x1656_67b1_9e37_79f9;

/// Nodes between two looks at the cancel flag (a few microseconds' work).
const POLL: u64 = 1024;

/// The deepest line, in plies, a search may play.
const MAX_PLY: usize = 64;

pub(crate) struct Search<'a, R: Rules> {
    pub pos: R,
    table: &'a Table,
    play: Play,
    goal: Goal,
    /// Every attacking move must give check.
    checks: bool,
    pub nodes: u64,
    counted: &'a AtomicU64,
    cancel: &'a AtomicBool,
    pub stopped: bool,
    /// The defender's last refutation at each ply, tried first.
    killers: [Option<R::Move>; MAX_PLY],
    ply: usize,
    /// Help and series play: the most lines one search collects.
    pub limit: usize,
}

impl<'a, R: Rules> Search<'a, R> {
    /// Whether only checking moves can reach the goal (see `Rules::MATE_NEEDS_CHECK`).
    fn mate_needs_check(&self) -> bool {
        self.goal == Goal::Mate && R::MATE_NEEDS_CHECK
    }

    pub(crate) fn new(
        pos: R,
        table: &'a Table,
        play: Play,
        goal: Goal,
        checks: bool,
        counted: &'a AtomicU64,
        cancel: &'a AtomicBool,
    ) -> Search<'a, R> {
        Search {
            pos,
            table,
            play,
            goal,
            checks,
            nodes: 0,
            counted,
            cancel,
            stopped: false,
            killers: [None; MAX_PLY],
            ply: 0,
            limit: usize::MAX,
        }
    }

    /// Counts a node; false when the search must stop (cancelled).
    #[inline]
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) {
            self.counted.fetch_add(POLL, Relaxed);
            if self.cancel.load(Relaxed) {
                self.stopped = true;
            }
        }
        !self.stopped
    }

    /// Flushes the nodes not yet added to the shared counter.
    pub(crate) fn flush(&mut self) {
        self.counted.fetch_add(self.nodes % POLL, Relaxed);
        self.nodes -= self.nodes % POLL;
    }

    #[inline]
    pub(crate) fn play(&mut self, m: R::Move) {
        self.pos.play(m);
        self.ply += 1;
    }

    #[inline]
    pub(crate) fn undo(&mut self) {
        self.pos.undo();
        self.ply -= 1;
    }

    pub(crate) fn null(&mut self) -> bool {
        let done = self.pos.null();
        self.ply += done as usize;
        done
    }

    /// Whether the side now to move has been brought to the goal.
    #[inline]
    pub(crate) fn goal_here(&mut self) -> bool {
        self.pos.goal(self.goal)
    }

    /// The attacker, to move, wins within `n` of its moves.
    pub(crate) fn win_to_move(&mut self, n: u32) -> bool {
        match self.play {
            Play::Direct => self.attack(n),
            Play::Reflex => self.reflex_attack(n),
            _ => self.self_attack(n),
        }
    }

    /// The attacker has just moved (that move one of `n`): it wins.
    pub(crate) fn win_after_move(&mut self, n: u32) -> bool {
        match self.play {
            Play::Direct => {
                if self.checks && !self.pos.in_check() {
                    return false;
                }
                self.goal_here() || (n > 1 && self.defend(n - 1))
            }
            Play::Reflex => self.reflex_defend(n),
            _ => {
                if self.checks && !self.pos.in_check() {
                    return false;
                }
                self.self_defend(n)
            }
        }
    }

    /// The defender has just moved; the attacker has `n` moves left (0 or more).
    pub(crate) fn win_after_defence(&mut self, n: u32) -> bool {
        match self.play {
            Play::Direct => n > 0 && self.attack(n),
            Play::Reflex => self.goal_here() || (n > 0 && self.reflex_attack(n)),
            _ => self.goal_here() || (n > 0 && self.self_attack(n)),
        }
    }

    /// Directmate, attacker to move: some move reaches the goal within `n` moves.
    fn attack(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ ATTACK;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let moves = self.pos.legal();
        let hint = self.pos.check_hint();
        // Which moves may check, as a bit set over the list (at most 256 moves).
        let mut checking = [0u64; 4];
        for (i, &m) in moves.iter().enumerate() {
            if self.pos.may_check(&hint, m) {
                checking[i / 64] |= 1 << (i % 64);
            }
        }
        let may_check = |i: usize| checking[i / 64] & (1 << (i % 64)) != 0;
        // The goal in one: only checking moves can mate.
        for (i, &m) in moves.iter().enumerate() {
            if self.mate_needs_check() && !may_check(i) {
                continue;
            }
            if self.pos.reaches(m, self.goal, self.checks) {
                self.table.store_win(key, 1);
                return true;
            }
        }
        if n == 1 {
            self.table.store_fail(key, 1);
            return false;
        }
        // Checks first: they leave the defender the fewest replies.
        for pass in [true, false] {
            if !pass && self.checks {
                break;
            }
            for (i, &m) in moves.iter().enumerate() {
                if may_check(i) != pass {
                    continue;
                }
                self.play(m);
                let win = (!self.checks || self.pos.in_check()) && self.defend(n - 1);
                self.undo();
                if self.stopped {
                    return false;
                }
                if win {
                    self.table.store_win(key, n);
                    return true;
                }
            }
        }
        self.table.store_fail(key, n);
        false
    }

    /// Directmate, defender to move after an attacking move that did not reach the goal: every
    /// defence still loses within `n` attacking moves.
    fn defend(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ DEFEND;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let moves = self.pos.legal();
        if moves.is_empty() {
            // Stalemate (or mate when stalemate was the goal): the goal was missed.
            return false;
        }
        let won = self.refute(&moves, |s| s.attack(n));
        if self.stopped {
            return false;
        }
        if won {
            self.table.store_win(key, n);
        } else {
            self.table.store_fail(key, n);
        }
        won
    }

    /// Whether `wins` holds after every move of `moves` (the defender's), the last refutation
    /// at this ply tried first and remembered.
    #[inline]
    fn refute(&mut self, moves: &[R::Move], mut wins: impl FnMut(&mut Self) -> bool) -> bool {
        let killer = self.killers.get(self.ply).copied().flatten();
        if let Some(k) = killer.filter(|k| moves.contains(k)) {
            self.play(k);
            let w = wins(self);
            self.undo();
            if !w || self.stopped {
                return false;
            }
        }
        for &m in moves {
            if Some(m) == killer {
                continue;
            }
            self.play(m);
            let w = wins(self);
            self.undo();
            if self.stopped {
                return false;
            }
            if !w {
                if let Some(slot) = self.killers.get_mut(self.ply) {
                    *slot = Some(m);
                }
                return false;
            }
        }
        true
    }

    /// Selfmate, attacker to move: some move forces the defender to reach the goal within `n`.
    fn self_attack(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ ATTACK;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let moves = self.pos.legal();
        for &m in moves.iter() {
            self.play(m);
            let win = (!self.checks || self.pos.in_check()) && self.self_defend(n);
            self.undo();
            if self.stopped {
                return false;
            }
            if win {
                self.table.store_win(key, n);
                return true;
            }
        }
        self.table.store_fail(key, n);
        false
    }

    /// Selfmate, defender to move: it has a move, and every move either reaches the goal
    /// (against the attacker) or leaves the attacker a forced win in `n - 1`.
    fn self_defend(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ DEFEND;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let moves = self.pos.legal();
        if moves.is_empty() {
            return false;
        }
        if n == 1 && self.mate_needs_check() {
            // Every defence must mate: one that cannot even check refutes at once.
            let hint = self.pos.check_hint();
            if moves.iter().any(|&m| !self.pos.may_check(&hint, m)) {
                self.table.store_fail(key, 1);
                return false;
            }
        }
        let won = self.refute(&moves, |s| s.goal_here() || (n > 1 && s.self_attack(n - 1)));
        if self.stopped {
            return false;
        }
        if won {
            self.table.store_win(key, n);
        } else {
            self.table.store_fail(key, n);
        }
        won
    }

    /// Whether playing `m` reaches the goal against the other side.
    pub(crate) fn reaches_goal(&mut self, m: R::Move) -> bool {
        self.pos.reaches(m, self.goal, false)
    }

    /// Whether the side to move can reach the goal in one (against the other side).
    pub(crate) fn can_reach(&mut self) -> bool {
        let moves = self.pos.legal();
        let hint = self.pos.check_hint();
        let any_move = !self.mate_needs_check();
        moves.iter().any(|&m| {
            (any_move || self.pos.may_check(&hint, m)) && self.pos.reaches(m, self.goal, false)
        })
    }

    /// Reflexmate, attacker to move: it may not reach the goal itself (it would have to), and
    /// some move forces the defender to reach it within `n`.
    fn reflex_attack(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ ATTACK;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        if self.can_reach() {
            self.table.store_fail(key, n);
            return false;
        }
        let moves = self.pos.legal();
        for &m in moves.iter() {
            self.play(m);
            let win = self.reflex_defend(n);
            self.undo();
            if self.stopped {
                return false;
            }
            if win {
                self.table.store_win(key, n);
                return true;
            }
        }
        self.table.store_fail(key, n);
        false
    }

    /// Reflexmate, defender to move: it reaches the goal at once when it can (it must);
    /// otherwise every move leaves the attacker a forced win in `n - 1`.
    fn reflex_defend(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ DEFEND;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let won = if self.can_reach() {
            true
        } else if n == 1 {
            false
        } else {
            let moves = self.pos.legal();
            !moves.is_empty() && self.refute(&moves, |s| s.reflex_attack(n - 1))
        };
        if self.stopped {
            return false;
        }
        if won {
            self.table.store_win(key, n);
        } else {
            self.table.store_fail(key, n);
        }
        won
    }

    /// Series play, the series side to move with `left` moves of its series to play: every
    /// line that ends as the stipulation asks, each added to `found` after `line`. No move but
    /// the series' last may give check; the other side stands still in between. Stops adding
    /// once `found` holds `self.limit` lines. Returns whether there was one.
    pub(crate) fn series(
        &mut self,
        left: u32,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        let limit = self.limit;
        if !self.enter() || found.len() >= limit {
            return false;
        }
        let moves = self.pos.legal();
        if left == 1 {
            return self.series_end(&moves, line, found);
        }
        let key = self.pos.hash() ^ SERIES;
        if left < 32 && self.table.probe(key).help & (1 << left) != 0 {
            return false;
        }
        let mut any = false;
        for &m in moves.iter() {
            self.play(m);
            if !self.pos.in_check() && self.null() {
                line.push(m);
                any |= self.series(left - 1, line, found);
                line.pop();
                self.undo();
            }
            self.undo();
            if self.stopped {
                return false;
            }
        }
        if !any && left < 32 && found.len() < limit {
            self.table.store_help_fail(key, left);
        }
        any
    }

    /// The series' last move, one of `moves`, and what must follow it.
    pub(crate) fn series_end(
        &mut self,
        moves: &[R::Move],
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        let limit = self.limit;
        let mut any = false;
        for &m in moves {
            if found.len() >= limit {
                break;
            }
            match self.play {
                Play::Series => {
                    if self.pos.reaches(m, self.goal, false) {
                        let mut whole = line.clone();
                        whole.push(m);
                        found.push(whole);
                        any = true;
                    }
                }
                Play::SeriesHelp => {
                    self.play(m);
                    line.push(m);
                    let before = found.len();
                    self.help(1, line, found);
                    found.truncate(limit.max(before));
                    any |= found.len() > before;
                    line.pop();
                    self.undo();
                }
                _ => {
                    self.play(m);
                    // Every reply reaches the goal against the series side (and there is one).
                    let replies = self.pos.legal();
                    let forced = !replies.is_empty()
                        && replies
                            .iter()
                            .all(|&r| self.pos.reaches(r, self.goal, false));
                    self.undo();
                    if forced {
                        let mut whole = line.clone();
                        whole.push(m);
                        found.push(whole);
                        any = true;
                    }
                }
            }
        }
        any
    }

    /// Helpmate: every line of exactly `plies` more moves whose last move reaches the goal,
    /// each added to `found` as `line` (the moves before) and its own. Returns whether there
    /// was one.
    pub(crate) fn help(
        &mut self,
        plies: u32,
        line: &mut Vec<R::Move>,
        found: &mut Vec<Vec<R::Move>>,
    ) -> bool {
        if !self.enter() || found.len() >= self.limit {
            return false;
        }
        let moves = self.pos.legal();
        if plies == 1 {
            let hint = self.pos.check_hint();
            let mut any = false;
            for &m in moves.iter() {
                if self.mate_needs_check() && !self.pos.may_check(&hint, m) {
                    continue;
                }
                if self.pos.reaches(m, self.goal, false) {
                    let mut whole = line.clone();
                    whole.push(m);
                    found.push(whole);
                    any = true;
                }
            }
            return any;
        }
        let key = self.pos.hash() ^ HELP;
        if plies < 32 && self.table.probe(key).help & (1 << plies) != 0 {
            return false;
        }
        let mut any = false;
        for &m in moves.iter() {
            self.play(m);
            line.push(m);
            any |= self.help(plies - 1, line, found);
            line.pop();
            self.undo();
            if self.stopped {
                return false;
            }
        }
        if !any && plies < 32 && found.len() < self.limit {
            self.table.store_help_fail(key, plies);
        }
        any
    }
}

//! The two nodes of attacking play, one pair for every shape: `attack(n)`, the attacker to
//! move wins within `n` of its moves; `defend(n)`, the attacker has just played a move that
//! counts as one of `n` and the defender, to move, cannot escape. The shape decides who
//! reaches the goal and whether anyone must (see `shape`). Every answer is a proof over all
//! legal moves; the table only remembers proofs.

use super::shape::Shape;
use super::{ATTACK, DEFEND, Search};
use crate::solve::goal::After;
use crate::solve::rules::Rules;

impl<R: Rules> Search<'_, R> {
    /// The attacker, to move, wins within `n` of its moves.
    pub(super) fn attack<S: Shape>(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ ATTACK;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        if S::MUST_REACH && self.can_reach() {
            // It would have to reach the goal itself.
            self.table.store_fail(key, n);
            return false;
        }
        let moves = self.pos.legal();
        // Which moves may check, as a bit set over the list (at most 256 moves).
        let mut checking = [0u64; 4];
        if S::ATTACKER_REACHES {
            let hint = self.pos.check_hint();
            for (i, &m) in moves.iter().enumerate() {
                if self.pos.may_check(&hint, m) {
                    checking[i / 64] |= 1 << (i % 64);
                }
            }
            let needs_check = self.needs_check();
            // The checks are weighed above, once for the order of the moves too.
            let reaching = self.reaching(false);
            // The goal in one: where a mate is a check, only moves that may check can mate.
            for (i, &m) in moves.iter().enumerate() {
                if needs_check && checking[i / 64] & (1 << (i % 64)) == 0
                    || !self.may_reach(&reaching, m)
                {
                    continue;
                }
                if self.reaches(m, self.checks) {
                    self.table.store_win(key, 1);
                    return true;
                }
            }
            if n == 1 {
                self.table.store_fail(key, 1);
                return false;
            }
        }
        // The move that won last at this ply first; then, in direct play, the moves that may
        // check, then the others (none when every attacking move must check); the other
        // shapes: every move in generation order.
        let passes: &[Option<bool>] = if !S::ATTACKER_REACHES {
            &[None]
        } else if self.checks {
            &[Some(true)]
        } else {
            &[Some(true), Some(false)]
        };
        let is_check = |i: usize| checking[i / 64] & (1 << (i % 64)) != 0;
        let first = self.wins.get(self.ply).copied().flatten().and_then(|w| {
            let i = moves.iter().position(|&m| m == w)?;
            (!S::ATTACKER_REACHES || !self.checks || is_check(i)).then_some(i)
        });
        if let Some(i) = first {
            match self.attack_with::<S>(moves[i], n) {
                Some(true) => {
                    self.table.store_win(key, n);
                    return true;
                }
                Some(false) => {}
                None => return false,
            }
        }
        for &pass in passes {
            for (i, &m) in moves.iter().enumerate() {
                if Some(i) == first || pass.is_some_and(|p| is_check(i) != p) {
                    continue;
                }
                match self.attack_with::<S>(m, n) {
                    Some(true) => {
                        if let Some(slot) = self.wins.get_mut(self.ply) {
                            *slot = Some(m);
                        }
                        self.table.store_win(key, n);
                        return true;
                    }
                    Some(false) => {}
                    None => return false,
                }
            }
        }
        self.table.store_fail(key, n);
        false
    }

    /// Whether the attacking move `m` wins within `n`; `None` when the search stopped.
    #[inline]
    fn attack_with<S: Shape>(&mut self, m: R::Move, n: u32) -> Option<bool> {
        self.play(m);
        let win = (!self.checks || self.pos.in_check()) && self.defend::<S>(n);
        self.undo();
        (!self.stopped).then_some(win)
    }

    /// The defender to move after an attacking move, one of `n`, that did not reach the goal
    /// itself: every defence loses, by reaching the goal against itself where the shape has
    /// the defender do so, or to the attacker's win within its other `n - 1` moves.
    pub(super) fn defend<S: Shape>(&mut self, n: u32) -> bool {
        if !self.enter() {
            return false;
        }
        let key = self.pos.hash() ^ DEFEND;
        if let Some(known) = self.table.probe(key).within(n) {
            return known;
        }
        let won = self.defences_lose::<S>(n);
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

    /// `defend`'s proof, without the table.
    #[inline]
    fn defences_lose<S: Shape>(&mut self, n: u32) -> bool {
        if S::MUST_REACH && self.can_reach() {
            // The defender must reach the goal, and can.
            return true;
        }
        if !S::DEFENDER_REACHES && n == 1 {
            // No defence reaches the goal and the attacker has no move left.
            return false;
        }
        let wins = |s: &mut Self| {
            (S::DEFENDER_REACHES && s.goal_here()) || (n > 1 && s.attack::<S>(n - 1))
        };
        // The last refutations at this ply first, before the moves are generated: one usually
        // refutes again, and then the list is never made. In direct play a defence that leaves
        // the attacker no move refutes at once: with three moves or more left, where the
        // search after any other defence is long, those come even before the killers.
        let killers = self.killers.get(self.ply).copied().unwrap_or_default();
        let mut early = None;
        let mut checking = [0u64; 4];
        if S::ATTACKER_REACHES && n >= 3 {
            let mating = killers
                .into_iter()
                .flatten()
                .find(|&k| self.pos.is_legal(k) && self.leaves_no_move(k));
            if let Some(k) = mating {
                if killers[0] != Some(k) {
                    self.killer(k);
                }
                return false;
            }
            let moves = self.pos.legal();
            if let Some(m) = self.defence_leaving_no_move(&moves, killers, &mut checking) {
                self.killer(m);
                return false;
            }
            early = Some(moves);
        }
        let mut tried = [None; 2];
        for (slot, k) in tried.iter_mut().zip(killers) {
            let Some(k) = k.filter(|&k| self.pos.is_legal(k)) else {
                continue;
            };
            self.play(k);
            let w = wins(self);
            self.undo();
            if !w || self.stopped {
                return false;
            }
            *slot = Some(k);
        }
        let moves = early.unwrap_or_else(|| self.pos.legal());
        if moves.is_empty() {
            // Stalemate (or mate when stalemate was the goal): the goal was missed.
            return false;
        }
        if S::DEFENDER_REACHES && n == 1 && self.needs_check() {
            // Every defence must mate: one that cannot even check refutes at once.
            let hint = self.pos.check_hint();
            if moves.iter().any(|&m| !self.pos.may_check(&hint, m)) {
                return false;
            }
        }
        if S::ATTACKER_REACHES
            && n < 3
            && let Some(m) = self.defence_leaving_no_move(&moves, tried, &mut checking)
        {
            self.killer(m);
            return false;
        }
        self.refute(&moves, tried, &checking, wins)
    }

    /// Direct play: a checking defence of `moves` but those `tried` after which the attacker
    /// has no legal move (mated, or in xiangqi also lost). Where the defender threatens mate
    /// whenever the attacker does not check (the classic xiangqi problem), the defences before
    /// it in the list would each need a search of the attacker's remaining moves. Marks in
    /// `checking` the defences that may check, which `refute` tries first: a check costs the
    /// attacker a move.
    fn defence_leaving_no_move(
        &mut self,
        moves: &[R::Move],
        tried: [Option<R::Move>; 2],
        checking: &mut [u64; 4],
    ) -> Option<R::Move> {
        let hint = self.pos.check_hint();
        for (i, &m) in moves.iter().enumerate() {
            if tried.contains(&Some(m)) || !self.pos.may_check(&hint, m) {
                continue;
            }
            checking[i / 64] |= 1 << (i % 64);
            if self.leaves_no_move(m) {
                return Some(m);
            }
        }
        None
    }

    /// Whether the defence `m` checks the attacker and leaves it no legal move.
    #[inline]
    fn leaves_no_move(&mut self, m: R::Move) -> bool {
        self.pos
            .after_move(m, |a| a.in_check() && !a.has_legal_move())
    }

    /// `m` refuted at this ply: the first killer now.
    fn killer(&mut self, m: R::Move) {
        if let Some(slot) = self.killers.get_mut(self.ply) {
            *slot = [Some(m), slot[0]];
        }
    }

    /// Whether the attacker wins after a defence, its `n` moves left (0 or more).
    pub(super) fn after_defence<S: Shape>(&mut self, n: u32) -> bool {
        ((S::DEFENDER_REACHES || S::MUST_REACH) && self.goal_here())
            || (n > 0 && self.attack::<S>(n))
    }

    /// Whether the attacker wins after its move, one of `n`, just played.
    pub(super) fn after_attack<S: Shape>(&mut self, n: u32) -> bool {
        if self.checks && !self.pos.in_check() {
            return false;
        }
        if S::ATTACKER_REACHES && self.goal_here() {
            return true;
        }
        (!S::ATTACKER_REACHES || n > 1) && self.defend::<S>(n)
    }

    /// Whether `wins` holds after every move of `moves` (the defender's) but those `tried`,
    /// already found to lose, those marked in `first` tried first; the first that refutes
    /// becomes this ply's first killer.
    #[inline]
    fn refute(
        &mut self,
        moves: &[R::Move],
        tried: [Option<R::Move>; 2],
        first: &[u64; 4],
        mut wins: impl FnMut(&mut Self) -> bool,
    ) -> bool {
        let is_first = |i: usize| first[i / 64] & (1 << (i % 64)) != 0;
        for pass in [true, false] {
            for (i, &m) in moves.iter().enumerate() {
                if is_first(i) != pass || tried.contains(&Some(m)) {
                    continue;
                }
                self.play(m);
                let w = wins(self);
                self.undo();
                if self.stopped {
                    return false;
                }
                if !w {
                    self.killer(m);
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use super::super::Search;
    use super::super::shape::Direct;
    use crate::core::fen;
    use crate::core::{Game, moves, xiangqi::Mailbox};
    use crate::solve::goal::Goal;
    use crate::solve::rules::{Rules, xiangqi::XiangqiRules};
    use crate::solve::stipulation::Play;
    use crate::solve::table::Table;

    #[test]
    fn a_defence_that_mates_refutes_before_any_other_defence_is_searched() {
        // Red has just played the quiet C2-7 (i8-i3) with five moves of a #6 left; Black mates
        // at once with R3.5, P6+1 or P6.5 (c1-e1, f1-f0, f1-e1), far down its list of moves.
        let text = "4k3C/5N1r1/5c3/4p4/4N4/8C/9/6n2/2r2p3/3RK4 b - - 0 1";
        let position = fen::read(text, Some(Game::Xiangqi)).position.unwrap();
        let pos = XiangqiRules::new(Mailbox::new(&position).unwrap());
        let mated_after = |m| {
            let mut p = pos.clone();
            p.play(m);
            p.legal().is_empty()
        };
        let mut p = pos.clone();
        let moves = p.legal();
        for mate in ["f1e1", "f1f0", "c1e1"] {
            let mv = moves::parse_uci(&position, mate).unwrap();
            let m = *moves.iter().find(|&&m| p.public(m) == mv).unwrap();
            assert!(mated_after(m), "{mate}");
        }
        assert!(!mated_after(moves[0]), "a mate comes first");

        let table = Table::new(1);
        let (counted, cancel) = (AtomicU64::new(0), AtomicBool::new(false));
        let mut s = Search::new(
            pos,
            &table,
            Play::Direct,
            Goal::Mate,
            false,
            &counted,
            &cancel,
        );
        assert!(!s.defend::<Direct>(5), "Red's quiet move is refuted");
        // The defence node itself, and Red's node after the mate: no other defence was searched.
        assert!(s.nodes <= 2, "{} nodes", s.nodes);
    }
}

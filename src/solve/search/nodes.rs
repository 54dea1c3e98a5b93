//! The two nodes of attacking play, one pair for every shape: `attack(n)`, the attacker to
//! move wins within `n` of its moves; `defend(n)`, the attacker has just played a move that
//! counts as one of `n` and the defender, to move, cannot escape. The shape decides who
//! reaches the goal and whether anyone must (see `shape`). Every answer is a proof over all
//! legal moves; the table only remembers proofs.

use super::shape::Shape;
use super::{ATTACK, DEFEND, Search};
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
            // The goal in one: where a mate is a check, only moves that may check can mate.
            for (i, &m) in moves.iter().enumerate() {
                if needs_check && checking[i / 64] & (1 << (i % 64)) == 0 {
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
        // refutes again, and then the list is never made.
        let killers = self.killers.get(self.ply).copied().unwrap_or_default();
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
        let moves = self.pos.legal();
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
        self.refute(&moves, tried, wins)
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
    /// already found to lose; the first that refutes becomes this ply's first killer.
    #[inline]
    fn refute(
        &mut self,
        moves: &[R::Move],
        tried: [Option<R::Move>; 2],
        mut wins: impl FnMut(&mut Self) -> bool,
    ) -> bool {
        for &m in moves {
            if tried.contains(&Some(m)) {
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
                    *slot = [Some(m), slot[0]];
                }
                return false;
            }
        }
        true
    }
}

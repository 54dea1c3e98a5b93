//! What the search needs from a game, behind one trait: legal moves into a stack list,
//! make/unmake, the position after a move for the goals to test (`goal::After`), which goals
//! the game knows, a hash for the transposition table, and cheap tests that rule out moves
//! that cannot give check or stalemate. Chess is shakmaty's; xiangqi is core's generator.

use std::ops::Deref;

use super::Move;
use super::goal::{After, Goal, Kind};

pub(crate) mod chess;
mod stalemate;
pub(crate) mod xiangqi;

pub(crate) trait Rules: After + Clone + Send + Sync {
    type Move: Copy + Eq + Send + Sync + std::fmt::Debug;
    /// A move list on the stack (no allocation in the search).
    type List: Deref<Target = [Self::Move]>;
    /// What `may_check` precomputes once per position.
    type Hint;
    /// The position after a move, as `after_move` hands it to a test.
    type Scratch: After;
    /// What `approaches` reads (`defender_targets`).
    type Targets;
    /// No bound: every move may keep the goal in reach.
    const NO_TARGETS: Self::Targets;

    fn legal(&mut self) -> Self::List;
    /// Whether `m` (a move of some position) is a legal move here.
    fn is_legal(&mut self, m: Self::Move) -> bool;
    fn play(&mut self, m: Self::Move);
    /// Takes back the last `play` or `null`.
    fn undo(&mut self);
    /// Passes the move to the other side (for threats); false, and nothing played, when the side
    /// to move is in check.
    fn null(&mut self) -> bool;
    fn hash(&self) -> u64;
    /// The hash after `m` (and the other side passing, with `pass`) as far as the move alone
    /// tells it: a change of castling or en passant rights left out. A guess, good enough to
    /// fetch the table's entry of a position before it is played.
    fn hash_after(&self, m: Self::Move, pass: bool) -> u64;
    /// `hash_after` where the move alone tells it exactly (no castling right to lose, no en
    /// passant right to gain), to ask the table before the move is played; else `None`. With
    /// `pass` false, `Some` also says that a pass after the move changes the side to move
    /// alone.
    fn exact_hash_after(&self, m: Self::Move, pass: bool) -> Option<u64>;
    fn check_hint(&mut self) -> Self::Hint;
    /// False only when `m` certainly does not give check.
    fn may_check(&mut self, hint: &Self::Hint, m: Self::Move) -> bool;
    /// What `may_stalemate` precomputes once per position.
    type StallHint;
    /// What the other side's moves ask of a move that stalemates it (`may_stalemate`).
    fn stall_hint(&mut self) -> Self::StallHint;
    /// False only when `m` certainly does not stalemate the other side.
    fn may_stalemate(&mut self, hint: &Self::StallHint, m: Self::Move) -> bool;
    /// What `m`, a move of the current position, is (a capture, castling …), before it is
    /// played.
    fn kind(&self, m: Self::Move) -> Kind;
    /// Whether the game knows `goal` at all (xiangqi has no stalemate, en passant or castling).
    fn supports(goal: Goal) -> bool;
    /// `test` of the position after `m`, which is taken back at once: where that is cheaper, on
    /// a scratch copy without the stack or the hash (the solver's hottest test).
    fn after_move<T>(&mut self, m: Self::Move, test: impl FnOnce(&mut Self::Scratch) -> T) -> T;
    /// Whether the game has a bound (`goal_squares` and the tests beside it): where it has
    /// none, help play asks nothing of them.
    const BOUNDED: bool = false;
    /// Help and series play, the king of the side to be brought to `goal` (the side to move
    /// when `mated_to_move`) known to end on one of `within`: the squares of `within` it may
    /// still be brought to the goal on, with at most `moves` = (`attacker`, `defender`) more
    /// moves of the other side and of its own (`solve::intelligent`); none only when it
    /// certainly cannot be, all of `within` where the game has no such bound.
    fn goal_squares(
        &self,
        _goal: Goal,
        _mated_to_move: bool,
        _moves: (u32, u32),
        within: u64,
    ) -> u64 {
        within
    }
    /// Help and series play, the side to be brought to `goal` to move with the move before
    /// the other side's last: the squares one of its moves must land on (or be a castling)
    /// to keep the goal in reach; every square where no such bound is known.
    fn last_help_squares(&self, _goal: Goal) -> u64 {
        u64::MAX
    }
    /// Whether `m` lands on one of `squares` or castles (see `last_help_squares`).
    fn lands_in(&self, _m: Self::Move, _squares: u64) -> bool {
        true
    }
    /// Help and series play, the side that brings the other to `goal` to move with
    /// `attacker` moves left (this one among them) and `defender` of the other side's: the
    /// squares its moves must leave to keep the goal in reach; every square where no such
    /// bound is known.
    fn movers(&self, _goal: Goal, _moves: (u32, u32), _within: u64) -> u64 {
        u64::MAX
    }
    /// Whether `m` leaves one of `squares` or castles (see `movers`).
    fn leaves(&self, _m: Self::Move, _squares: u64) -> bool {
        true
    }
    /// Help and series play, the side to be brought to `goal` to move with `defender` of its
    /// moves left (this one among them) and `attacker` of the other side's: what
    /// `approaches` needs to tell the moves that may keep the goal in reach
    /// (`solve::intelligent::defender_targets`); every square where no such bound is known.
    fn defender_targets(&self, _goal: Goal, _moves: (u32, u32), _within: u64) -> Self::Targets {
        Self::NO_TARGETS
    }
    /// Whether `m` may keep the goal in reach, `targets` from `defender_targets` and `left`
    /// of the side's moves after it.
    fn approaches(&self, _m: Self::Move, _targets: &Self::Targets, _left: u32) -> bool {
        true
    }
    /// Help and series play, the side to move the one to be brought to the goal, its king
    /// known to end on one of `within` with `left` of its moves after this one: the squares
    /// its king may stand on after this move, those at most `left` king's steps from `within`
    /// (every square where the game knows no such walk).
    fn king_near(&self, _within: u64, _left: u32) -> u64 {
        u64::MAX
    }
    /// Whether `m` leaves the side's king on one of `near` (`king_near`; a castling always
    /// may).
    fn keeps_king_near(&self, _m: Self::Move, _near: u64) -> bool {
        true
    }
    /// `m`, a move of the current position, as the solver reports it.
    fn public(&self, m: Self::Move) -> Move;
    /// The bytes the caches of `goal_squares` and the tests beside it take on one thread
    /// at least once made, and the most they use; (0, 0) where there are none.
    const CACHES: (usize, usize) = (0, 0);
    /// Limits this thread's caches to `bytes` (`CACHES.0` at least).
    fn limit_caches(_bytes: usize) {}
    /// Frees what this thread's caches hold.
    fn free_caches() {}
}

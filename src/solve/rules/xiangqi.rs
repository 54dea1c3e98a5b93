//! Xiangqi for the solver: core's mailbox generator with make/unmake, and a Zobrist hash kept
//! alongside.

use super::Rules;
use crate::core::xiangqi::Mailbox;
use crate::core::xiangqi::mailbox::{BLACK, CELLS, EMPTY, square};
use crate::core::xiangqi::movegen::Moves;
use crate::core::{Board, Color, Game, Piece, Role};
use crate::solve::Move;
use crate::solve::goal::{After, Goal, Kind};

/// Random keys per piece code (0–15) and cell, made at compile time with splitmix64.
static KEYS: [[u64; CELLS]; 16] = keys();
const TURN_KEY: u64 = 0x5851_f42d_4c95_7f2d;

const fn keys() -> [[u64; CELLS]; 16] {
    let mut table = [[0u64; CELLS]; 16];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut p = 0;
    while p < 16 {
        let mut c = 0;
        while c < CELLS {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            table[p][c] = z ^ (z >> 31);
            c += 1;
        }
        p += 1;
    }
    table
}

/// A move taken back: from, to, the captured piece and its slot, and the hash before.
type Undo = (u8, u8, (u8, u8), u64);

#[derive(Clone)]
pub(crate) struct XiangqiRules {
    mb: Mailbox,
    hash: u64,
    /// What `undo` needs for each move played: from, to, the captured piece and slot, and the
    /// hash before; `None` for a null move.
    undo: Vec<Option<Undo>>,
}

impl XiangqiRules {
    pub(crate) fn new(mb: Mailbox) -> XiangqiRules {
        let mut hash = if mb.turn == 0 { TURN_KEY } else { 0 };
        for (c, &p) in mb.cells.iter().enumerate() {
            if p != EMPTY && p & 0x40 == 0 {
                hash ^= KEYS[p as usize][c];
            }
        }
        XiangqiRules {
            mb,
            hash,
            undo: Vec::with_capacity(128),
        }
    }

    /// The board as core's position holds it.
    pub(crate) fn board(&self) -> Board {
        let mut board = Board::empty(Game::Xiangqi);
        for (c, &p) in self.mb.cells.iter().enumerate() {
            if p == EMPTY || p & 0x40 != 0 {
                continue;
            }
            let role = match p & 7 {
                1 => Role::King,
                2 => Role::Advisor,
                3 => Role::Bishop,
                4 => Role::Knight,
                5 => Role::Rook,
                6 => Role::Cannon,
                _ => Role::Pawn,
            };
            let color = if p & BLACK != 0 {
                Color::Black
            } else {
                Color::White
            };
            board.set(square(c), Some(Piece::new(color, role)));
        }
        board
    }
}

impl After for XiangqiRules {
    /// A side without a legal move has lost, checked or not.
    const MATE_NEEDS_CHECK: bool = false;

    #[inline]
    fn in_check(&mut self) -> bool {
        self.mb.in_check()
    }

    #[inline]
    fn has_legal_move(&mut self) -> bool {
        match self.undo.last() {
            Some(Some((from, to, _, _))) => {
                self.mb.has_legal_move_after(*from as usize, *to as usize)
            }
            _ => self.mb.has_legal_move(),
        }
    }

    #[inline]
    fn last(&self) -> Kind {
        match self.undo.last() {
            Some(Some((_, _, captured, _))) => Kind {
                capture: captured.0 != EMPTY,
                ..Kind::default()
            },
            _ => Kind::default(),
        }
    }
}

impl Rules for XiangqiRules {
    type Move = (u8, u8);
    type List = Moves;
    type Hint = ();
    type Scratch = XiangqiRules;
    type Targets = ();
    const NO_TARGETS: () = ();
    type StallHint = ();

    #[inline]
    fn legal(&mut self) -> Moves {
        self.mb.legal_cells()
    }

    #[inline]
    fn is_legal(&mut self, (from, to): (u8, u8)) -> bool {
        self.mb.is_legal_move(from as usize, to as usize)
    }

    #[inline]
    fn play(&mut self, (from, to): (u8, u8)) {
        let (f, t) = (from as usize, to as usize);
        let piece = self.mb.cells[f] as usize;
        let before = self.hash;
        let captured = self.mb.make(f, t);
        let mut h = before ^ TURN_KEY ^ KEYS[piece][f] ^ KEYS[piece][t];
        if captured.0 != EMPTY {
            h ^= KEYS[captured.0 as usize][t];
        }
        self.hash = h;
        self.undo.push(Some((from, to, captured, before)));
    }

    #[inline]
    fn undo(&mut self) {
        match self.undo.pop().expect("a move to take back") {
            Some((from, to, captured, before)) => {
                self.mb.unmake(from as usize, to as usize, captured);
                self.hash = before;
            }
            None => {
                self.mb.turn ^= 1;
                self.hash ^= TURN_KEY;
            }
        }
    }

    fn null(&mut self) -> bool {
        if self.mb.in_check() {
            return false;
        }
        self.mb.turn ^= 1;
        self.hash ^= TURN_KEY;
        self.undo.push(None);
        true
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn hash_after(&self, (from, to): (u8, u8), pass: bool) -> u64 {
        let (f, t) = (from as usize, to as usize);
        let piece = self.mb.cells[f] as usize;
        let taken = self.mb.cells[t];
        let mut h = self.hash ^ KEYS[piece][f] ^ KEYS[piece][t];
        if taken != EMPTY {
            h ^= KEYS[taken as usize][t];
        }
        if pass { h } else { h ^ TURN_KEY }
    }

    /// Xiangqi has no rights a move changes: the guess is exact.
    #[inline]
    fn exact_hash_after(&self, m: (u8, u8), pass: bool) -> Option<u64> {
        Some(self.hash_after(m, pass))
    }

    fn check_hint(&mut self) {}

    fn stall_hint(&mut self) {}

    /// Xiangqi has no stalemate goal (`supports`).
    #[inline]
    fn may_stalemate(&mut self, _: &(), _: (u8, u8)) -> bool {
        true
    }

    /// Exact: a move that may check (`Mailbox::may_give_check`) is played and the other
    /// general tested (cheap on the mailbox).
    #[inline]
    fn may_check(&mut self, _: &(), (from, to): (u8, u8)) -> bool {
        if !self.mb.may_give_check(from as usize, to as usize) {
            return false;
        }
        let undo = self.mb.make(from as usize, to as usize);
        let check = self.mb.in_check();
        self.mb.unmake(from as usize, to as usize, undo);
        check
    }

    /// Xiangqi has no stalemate (a side without a legal move has lost, checked or not), no en
    /// passant and no castling.
    #[inline]
    fn supports(goal: Goal) -> bool {
        matches!(
            goal,
            Goal::Mate | Goal::Check | Goal::Capture | Goal::WinPiece
        )
    }

    #[inline]
    fn kind(&self, (_, to): (u8, u8)) -> Kind {
        Kind {
            capture: self.mb.cells[to as usize] != EMPTY,
            ..Kind::default()
        }
    }

    /// Played and taken back: make/unmake on the mailbox is cheaper than a copy.
    #[inline]
    fn after_move<T>(&mut self, m: (u8, u8), test: impl FnOnce(&mut XiangqiRules) -> T) -> T {
        self.play(m);
        let r = test(self);
        self.undo();
        r
    }

    fn public(&self, (from, to): (u8, u8)) -> Move {
        Move::new(square(from as usize), square(to as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn rules(text: &str) -> XiangqiRules {
        let pos = fen::read(text, Some(Game::Xiangqi)).position.unwrap();
        XiangqiRules::new(Mailbox::new(&pos).unwrap())
    }

    fn walk(r: &mut XiangqiRules, depth: u32) {
        if depth == 0 {
            return;
        }
        for &m in r.legal().iter() {
            let guess = (r.hash_after(m, false), r.hash_after(m, true));
            let exact = (r.exact_hash_after(m, false), r.exact_hash_after(m, true));
            r.play(m);
            assert_eq!(r.hash, XiangqiRules::new(r.mb.clone()).hash, "{m:?}");
            assert_eq!(r.hash, guess.0, "guessed hash after {m:?}");
            assert_eq!(
                (Some(r.hash), Some(r.hash ^ TURN_KEY)),
                exact,
                "exact after {m:?}"
            );
            assert_eq!(
                r.hash ^ TURN_KEY,
                guess.1,
                "guessed hash after {m:?} and a pass"
            );
            walk(r, depth - 1);
            r.undo();
        }
    }

    /// Every move of `r` against `may_check` (exact: the other general is in check after it
    /// exactly when it says so) and against `is_legal` (true for every listed move, false for
    /// every other pair of points of the side's pieces), `depth` plies deep.
    fn check_moves(r: &mut XiangqiRules, depth: u32, seen: &mut usize) {
        let legal = r.legal().to_vec();
        let ours: Vec<u8> = (0..CELLS as u8)
            .filter(|&c| {
                let p = r.mb.cells[c as usize];
                p != EMPTY && p & 0x40 == 0 && ((p & BLACK) != 0) == (r.mb.turn == 1)
            })
            .collect();
        for &from in &ours {
            for to in 0..CELLS as u8 {
                if r.mb.cells[to as usize] & 0x40 == 0 {
                    assert_eq!(
                        r.is_legal((from, to)),
                        legal.contains(&(from, to)),
                        "{from}-{to}"
                    );
                }
            }
        }
        for &m in &legal {
            let may = r.may_check(&(), m);
            r.play(m);
            assert_eq!(may, r.mb.in_check(), "{m:?}");
            *seen += 1;
            if depth > 1 {
                check_moves(r, depth - 1, seen);
            }
            r.undo();
        }
    }

    #[test]
    fn may_check_and_is_legal_agree_with_the_moves_played() {
        for (text, depth) in [
            // Composed mates: Red checking with chariots, cannons and horses over screens,
            // Black with its own mate one move away; a middlegame with every piece.
            (
                "C3ka3/4aP1r1/nR2c4/p8/6b2/9/9/2C6/3p1p3/c1rAK4 w - - 0 1",
                3,
            ),
            (
                "C4kbN1/R2Pa4/4ca3/4rNR2/6b2/6c2/9/4C4/4p3r/5K3 w - - 0 1",
                3,
            ),
            (
                "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R w",
                1,
            ),
        ] {
            let mut r = rules(text);
            let mut seen = 0;
            check_moves(&mut r, depth, &mut seen);
            assert!(seen > 30, "{text}: {seen}");
        }
    }

    #[test]
    fn incremental_hash_matches_the_hash_from_scratch() {
        let mut r = rules("r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN4CN/9/R1BAKAB1R w");
        let before = r.hash;
        walk(&mut r, 2);
        assert_eq!(r.hash, before);
        assert!(r.null());
        assert_ne!(r.hash, before);
        r.undo();
        assert_eq!(r.hash, before);
    }
}

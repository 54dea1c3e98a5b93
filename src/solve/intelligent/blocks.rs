//! The mated side's men each on one flight. A square next to the mated king that the mating
//! side does not attack must be taken by one of the king's own men, a different man for each
//! square, and the moves they take add up: whether some assignment of men to the open flights
//! fits in the moves bounds the moves from below. Counting each flight's nearest man alone
//! (`Flights::closable`) lets one man block two flights.

use shakmaty::{Bitboard, Square};

use super::reach::{Kind, MOST, Tables};

/// No man within the moves.
const NEVER: u8 = u8::MAX;

/// The men of the mated side other than its king and how far each square is from each, made
/// when first asked for.
pub(super) struct Blocks {
    men: [(Kind, Square); 16],
    count: usize,
    /// More men than a bound is made for: every set of flights may be blocked.
    unbounded: bool,
    /// The mated side's moves: no man goes further.
    moves: u32,
    /// Whether `distance` and `nearest` are made for these men.
    ready: bool,
    /// `distance[j][q]`: the fewest moves that take man `j` to `q` (`NEVER` past `moves`).
    distance: [[u8; 64]; 16],
    /// `nearest[q]`: the fewest moves of any man to `q`, and that man.
    nearest: [(u8, u8); 64],
}

impl Blocks {
    pub(super) const EMPTY: Blocks = Blocks {
        men: [(Kind::King, Square::A1); 16],
        count: 0,
        unbounded: false,
        moves: 0,
        ready: false,
        distance: [[NEVER; 64]; 16],
        nearest: [(NEVER, 0); 64],
    };

    /// Made anew for `men` (`None`: more than a bound is made for) and `moves` of theirs,
    /// nothing worked out yet.
    pub(super) fn reset(&mut self, men: Option<&[(Kind, Square)]>, moves: u32) {
        self.count = 0;
        self.moves = moves.min(MOST as u32);
        self.unbounded = men.is_none();
        for &(kind, sq) in men.unwrap_or_default() {
            if kind != Kind::King {
                self.men[self.count] = (kind, sq);
                self.count += 1;
            }
        }
        self.ready = false;
    }

    /// Whether a different man can be put on each square of `open` (bit `i`: the `i`th square
    /// next to `s`, in square order) within `budget` moves of theirs together.
    pub(super) fn fit(&mut self, s: Square, open: u8, budget: u32) -> bool {
        if self.unbounded || open == 0 {
            return true;
        }
        if !self.ready {
            self.distances();
            self.ready = true;
        }
        let mut squares = [0u8; 8];
        let mut n = 0;
        // Each flight's nearest man, when no two share one, is the cheapest assignment.
        let (mut sum, mut used, mut shared) = (0u32, 0u16, false);
        for (i, q) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
            if open & (1 << i) != 0 {
                let (d, man) = self.nearest[q as usize];
                if d == NEVER {
                    return false;
                }
                sum += u32::from(d);
                shared |= used & (1 << man) != 0;
                used |= 1 << man;
                squares[n] = q as u8;
                n += 1;
            }
        }
        if sum > budget {
            return false;
        }
        if !shared {
            return true;
        }
        // The nearest distances of the flights after each one: what they cost at least.
        let mut rest = [0u32; 9];
        for i in (0..n).rev() {
            rest[i] = rest[i + 1] + u32::from(self.nearest[squares[i] as usize].0);
        }
        self.assign(&squares[..n], &rest, 0, budget)
    }

    /// Whether the flights `squares` get a man each, none of those `used`, within `budget`;
    /// `rest[i]` bounds the cost of the flights from the `i`th on.
    fn assign(&self, squares: &[u8], rest: &[u32], used: u16, budget: u32) -> bool {
        let Some((&q, later)) = squares.split_first() else {
            return true;
        };
        let spare = budget - rest[1];
        (0..self.count).any(|j| {
            let d = u32::from(self.distance[j][q as usize]);
            used & (1 << j) == 0
                && d <= spare
                && self.assign(later, &rest[1..], used | 1 << j, budget - d)
        })
    }

    fn distances(&mut self) {
        let tables = Tables::get();
        self.nearest = [(NEVER, 0); 64];
        for (j, &(kind, sq)) in self.men[..self.count].iter().enumerate() {
            let row = &mut self.distance[j];
            *row = [NEVER; 64];
            let mut inside = Bitboard::EMPTY;
            for d in 0..=self.moves {
                let ring = tables.reach(kind, sq, d) & !inside;
                for q in ring {
                    row[q as usize] = d as u8;
                    if self.nearest[q as usize].0 > d as u8 {
                        self.nearest[q as usize] = (d as u8, j as u8);
                    }
                }
                inside |= ring;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::solve::intelligent::tests::neighbour;

    /// The bit of `q` among the squares next to `s`.
    fn bit(s: Square, q: Square) -> u8 {
        1 << neighbour(s, q)
    }

    /// The blocks of `men` with `moves` of theirs.
    fn of(men: &[(Kind, Square)], moves: u32) -> Blocks {
        let mut blocks = Blocks::EMPTY;
        blocks.reset(Some(men), moves);
        blocks
    }

    #[test]
    fn one_man_blocks_one_flight_only() {
        // A knight on c6 reaches a7 and b8 in one move each, but not both at once; a second
        // knight on d6 (b7 in one) makes two blocks cost two.
        let mut blocks = of(&[(Kind::Knight, Square::C6), (Kind::King, Square::A8)], 3);
        let (a7, b8) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B8));
        assert!(blocks.fit(Square::A8, a7, 1) && blocks.fit(Square::A8, b8, 1));
        assert!(!blocks.fit(Square::A8, a7 | b8, 3));
        let mut blocks = of(&[(Kind::Knight, Square::C6), (Kind::Knight, Square::D6)], 3);
        let b7 = bit(Square::A8, Square::B7);
        assert!(blocks.fit(Square::A8, a7 | b7, 2) && !blocks.fit(Square::A8, a7 | b7, 1));
        assert!(!blocks.fit(Square::A8, a7 | b7 | b8, 3));
    }

    #[test]
    fn the_cheapest_assignment_is_found_not_the_greedy_one() {
        // The rook on b1 takes b7 in one, a7 in two; the pawn on a6 takes a7 in one and
        // nothing else: the rook must go to b7, not to a7.
        let mut blocks = of(
            &[(Kind::Rook, Square::B1), (Kind::BlackPawn, Square::A6)],
            3,
        );
        let (a7, b7) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B7));
        assert!(!blocks.fit(Square::A8, a7 | b7, 3));
        let mut blocks = of(
            &[(Kind::Rook, Square::B1), (Kind::WhitePawn, Square::A6)],
            3,
        );
        assert!(blocks.fit(Square::A8, a7 | b7, 2) && !blocks.fit(Square::A8, a7 | b7, 1));
        assert!(blocks.fit(Square::A8, a7, 1));
    }

    #[test]
    fn too_many_men_bound_nothing() {
        let mut blocks = Blocks::EMPTY;
        blocks.reset(None, 3);
        assert!(blocks.fit(Square::A8, 0b111, 0));
    }
}

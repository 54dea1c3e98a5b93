//! The mated side's men each on one flight. A square next to the mated king that the mating
//! side does not attack must be taken by one of the king's own men, a different man for each
//! square, and the moves they take add up: whether some assignment of men to the open flights
//! fits in the moves bounds the moves from below. Counting each flight's nearest man alone
//! (`Flights::closable`) lets one man block two flights.

use shakmaty::{Bitboard, Square};

use super::reach::{Kind, NEVER, Tables};

/// The men of the mated side other than its king, their distances looked up in `Tables`.
pub(super) struct Blocks {
    men: [(Kind, Square); 16],
    count: usize,
    /// More men than a bound is made for: every set of flights may be blocked.
    unbounded: bool,
}

/// The most steps `Blocks::assigned` searches for the assignments one by one.
const STEPS: u32 = 4096;

/// `Blocks::assign_all`'s search: the flights, the least each rest of them costs, the man
/// chosen for each so far and the steps taken.
struct Assigning<'a> {
    squares: &'a [Square],
    rest: &'a [u32; 9],
    chosen: [u8; 8],
    steps: u32,
}

impl Blocks {
    pub(super) const EMPTY: Blocks = Blocks {
        men: [(Kind::King, Square::A1); 16],
        count: 0,
        unbounded: false,
    };

    /// Made anew for `men` (`None`: more than a bound is made for).
    pub(super) fn reset(&mut self, men: Option<&[(Kind, Square)]>) {
        self.count = 0;
        self.unbounded = men.is_none();
        for &(kind, sq) in men.unwrap_or_default() {
            if kind != Kind::King {
                self.men[self.count] = (kind, sq);
                self.count += 1;
            }
        }
    }

    /// The squares the men can stand on after at most each number of moves (`layers[d]`):
    /// every square when there are more than a bound is made for.
    pub(super) fn layers(&self, tables: &Tables, layers: &mut [Bitboard]) {
        let start = if self.unbounded {
            Bitboard::FULL
        } else {
            Bitboard::EMPTY
        };
        for (d, layer) in layers.iter_mut().enumerate() {
            *layer = start;
            for &(kind, sq) in &self.men[..self.count] {
                *layer |= tables.reach(kind, sq, d as u32);
            }
        }
    }

    /// The fewest moves that take the `j`th man to `q`.
    #[inline]
    fn distance(&self, tables: &Tables, j: usize, q: Square) -> u8 {
        let (kind, sq) = self.men[j];
        tables.distance(kind, sq, q)
    }

    /// Whether a different man can be put on each square of `open` (bit `i`: the `i`th square
    /// next to `s`, in square order) within `budget` moves of theirs together.
    pub(super) fn fit(&self, s: Square, open: u8, budget: u32) -> bool {
        if self.unbounded || open == 0 {
            return true;
        }
        let tables = Tables::get();
        let mut squares = [0u8; 8];
        let mut nearest = [0u8; 8];
        let mut n = 0;
        // Each flight's nearest man, when no two share one, is the cheapest assignment.
        let (mut sum, mut used, mut shared) = (0u32, 0u16, false);
        for (i, q) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
            if open & (1 << i) != 0 {
                let (mut d, mut man) = (NEVER, 0);
                for j in 0..self.count {
                    let e = self.distance(tables, j, q);
                    if e < d {
                        (d, man) = (e, j);
                    }
                }
                sum += u32::from(d);
                if sum > budget {
                    return false;
                }
                shared |= used & (1 << man) != 0;
                used |= 1 << man;
                squares[n] = q as u8;
                nearest[n] = d;
                n += 1;
            }
        }
        if !shared {
            return true;
        }
        // The nearest distances of the flights after each one: what they cost at least.
        let mut rest = [0u32; 9];
        for i in (0..n).rev() {
            rest[i] = rest[i + 1] + u32::from(nearest[i]);
        }
        self.assign(tables, &squares[..n], &rest, 0, budget)
    }

    /// The square of the `j`th man.
    pub(super) fn square(&self, j: usize) -> Square {
        self.men[j].1
    }

    /// How many men there are.
    pub(super) fn len(&self) -> usize {
        self.count
    }

    /// Whether there are more men than a bound is made for.
    pub(super) fn unbounded(&self) -> bool {
        self.unbounded
    }

    /// For each man, the flights of `open` (as in `fit`) that some assignment within `budget`
    /// puts him on, added to `men[j]`; beyond `STEPS` steps of the search for them, every
    /// flight he reaches within the budget. Whether the assignments were searched to the end.
    pub(super) fn assigned(
        &self,
        s: Square,
        open: u8,
        budget: u32,
        men: &mut [Bitboard; 16],
    ) -> bool {
        if self.unbounded || open == 0 {
            return true;
        }
        let tables = Tables::get();
        let mut squares = [Square::A1; 8];
        let mut rest = [0u32; 9];
        let mut n = 0;
        for (i, q) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
            if open & (1 << i) != 0 {
                squares[n] = q;
                n += 1;
            }
        }
        for i in (0..n).rev() {
            let nearest = (0..self.count)
                .map(|j| self.distance(tables, j, squares[i]))
                .min()
                .unwrap_or(NEVER);
            rest[i] = rest[i + 1] + u32::from(nearest);
        }
        if rest[0] > budget {
            return true;
        }
        let mut search = Assigning {
            squares: &squares[..n],
            rest: &rest,
            chosen: [0; 8],
            steps: 0,
        };
        let whole = self.assign_all(tables, &mut search, (0, 0), budget, men);
        if !whole {
            for &q in &squares[..n] {
                for (j, man) in men.iter_mut().enumerate().take(self.count) {
                    if u32::from(self.distance(tables, j, q)) <= budget {
                        man.add(q);
                    }
                }
            }
        }
        whole
    }

    /// Every assignment of the flights from the `depth`th on to men not `used`, within
    /// `budget`, each man's flight added to `men`; false when it gave up after `STEPS` steps.
    fn assign_all(
        &self,
        tables: &Tables,
        search: &mut Assigning,
        (depth, used): (usize, u16),
        budget: u32,
        men: &mut [Bitboard; 16],
    ) -> bool {
        search.steps += 1;
        if search.steps > STEPS {
            return false;
        }
        let Some(&q) = search.squares.get(depth) else {
            for (i, &q) in search.squares.iter().enumerate() {
                men[usize::from(search.chosen[i])].add(q);
            }
            return true;
        };
        let spare = budget - search.rest[depth + 1];
        for j in 0..self.count {
            let d = u32::from(self.distance(tables, j, q));
            if used & (1 << j) == 0 && d <= spare {
                search.chosen[depth] = j as u8;
                let deeper = (depth + 1, used | 1 << j);
                if !self.assign_all(tables, search, deeper, budget - d, men) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the flights `squares` get a man each, none of those `used`, within `budget`;
    /// `rest[i]` bounds the cost of the flights from the `i`th on.
    fn assign(
        &self,
        tables: &Tables,
        squares: &[u8],
        rest: &[u32],
        used: u16,
        budget: u32,
    ) -> bool {
        let Some((&q, later)) = squares.split_first() else {
            return true;
        };
        let spare = budget - rest[1];
        let q = Square::new(u32::from(q));
        (0..self.count).any(|j| {
            let d = u32::from(self.distance(tables, j, q));
            used & (1 << j) == 0
                && d <= spare
                && self.assign(tables, later, &rest[1..], used | 1 << j, budget - d)
        })
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

    /// The blocks of `men`.
    fn of(men: &[(Kind, Square)]) -> Blocks {
        let mut blocks = Blocks::EMPTY;
        blocks.reset(Some(men));
        blocks
    }

    #[test]
    fn one_man_blocks_one_flight_only() {
        // A knight on c6 reaches a7 and b8 in one move each, but not both at once; a second
        // knight on d6 (b7 in one) makes two blocks cost two.
        let blocks = of(&[(Kind::Knight, Square::C6), (Kind::King, Square::A8)]);
        let (a7, b8) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B8));
        assert!(blocks.fit(Square::A8, a7, 1) && blocks.fit(Square::A8, b8, 1));
        assert!(!blocks.fit(Square::A8, a7 | b8, 3));
        let blocks = of(&[(Kind::Knight, Square::C6), (Kind::Knight, Square::D6)]);
        let b7 = bit(Square::A8, Square::B7);
        assert!(blocks.fit(Square::A8, a7 | b7, 2) && !blocks.fit(Square::A8, a7 | b7, 1));
        assert!(!blocks.fit(Square::A8, a7 | b7 | b8, 3));
    }

    #[test]
    fn the_cheapest_assignment_is_found_not_the_greedy_one() {
        // The rook on b1 takes b7 in one, a7 in two; the pawn on a6 takes a7 in one and
        // nothing else: the rook must go to b7, not to a7.
        let blocks = of(&[(Kind::Rook, Square::B1), (Kind::BlackPawn, Square::A6)]);
        let (a7, b7) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B7));
        assert!(!blocks.fit(Square::A8, a7 | b7, 3));
        let blocks = of(&[(Kind::Rook, Square::B1), (Kind::WhitePawn, Square::A6)]);
        assert!(blocks.fit(Square::A8, a7 | b7, 2) && !blocks.fit(Square::A8, a7 | b7, 1));
        assert!(blocks.fit(Square::A8, a7, 1));
    }

    #[test]
    fn a_man_is_given_the_flights_an_assignment_within_the_moves_puts_him_on() {
        // The rook on b1 takes b7 in one, a7 in two; the white pawn on a6 takes a7 (a step)
        // or b7 (a capture) in one. In two moves only rook b7, pawn a7; in three, either way.
        let blocks = of(&[(Kind::Rook, Square::B1), (Kind::WhitePawn, Square::A6)]);
        let (a7, b7) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B7));
        let given = |budget| {
            let mut men = [Bitboard::EMPTY; 16];
            assert!(blocks.assigned(Square::A8, a7 | b7, budget, &mut men));
            (men[0], men[1])
        };
        let (a7, b7) = (
            Bitboard::from_square(Square::A7),
            Bitboard::from_square(Square::B7),
        );
        assert_eq!(given(1), (Bitboard::EMPTY, Bitboard::EMPTY));
        assert_eq!(given(2), (b7, a7));
        assert_eq!(given(3), (a7 | b7, a7 | b7));
    }

    #[test]
    fn too_many_assignments_give_each_man_every_flight_he_reaches() {
        // Fifteen queens around an open king: more assignments than are searched one by one,
        // so each queen is given every flight within the moves, as many as all would give.
        let men: Vec<(Kind, Square)> = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
            "g2",
        ]
        .iter()
        .map(|s| (Kind::Queen, s.parse().unwrap()))
        .collect();
        let blocks = of(&men);
        let mut given = [Bitboard::EMPTY; 16];
        assert!(!blocks.assigned(Square::E5, 0xff, 16, &mut given));
        let flights = shakmaty::attacks::king_attacks(Square::E5);
        for man in &given[..15] {
            assert_eq!(*man, flights);
        }
        assert_eq!(given[15], Bitboard::EMPTY);
    }

    #[test]
    fn too_many_men_bound_nothing() {
        let mut blocks = Blocks::EMPTY;
        blocks.reset(None);
        assert!(blocks.fit(Square::A8, 0b111, 0));
    }
}

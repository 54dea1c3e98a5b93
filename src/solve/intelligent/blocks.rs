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

/// What the assignments of men to flights within the moves allow one man (`Blocks::assigned`).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Spare {
    /// The flights an assignment puts him on with no move to spare (`[0]`), one (`[1]`), two
    /// or more (`[2]`).
    pub(crate) flights: [Bitboard; 3],
    /// Whether an assignment with a move to spare leaves him out, or leaves him out where he
    /// must get out of the check's way (`Blocks::parrying`), or the search gave up.
    pub(crate) free: bool,
}

impl Spare {
    /// Every move let through.
    const FREE: Spare = Spare {
        flights: [Bitboard::EMPTY; 3],
        free: true,
    };

    /// Whether a quiet move of his (`kind`) from `from` to `to` keeps one of those
    /// assignments within one move fewer: he is left out of it with a move to spare, or his
    /// distance to its flight grows by less than its spare moves (with none, it shrinks).
    pub(super) fn lets(&self, kind: Kind, (from, to): (Square, Square)) -> bool {
        if self.free {
            return true;
        }
        let tables = Tables::get();
        (0..3).any(|spare| {
            self.flights[spare].into_iter().any(|q| {
                let (before, after) =
                    (tables.distance(kind, from, q), tables.distance(kind, to, q));
                u32::from(after) < u32::from(before) + spare as u32
            })
        })
    }
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

    /// The men (bit `j`: the `j`th) who must move for the `mover`th of the mating side's
    /// `pieces`, landing on `at`, to mate the king on `s` with the one check there: where they
    /// stand they could take it, or step between it and the king (a pawn's one step), or
    /// stand between. A man some other line piece may pin to the king there is left out, and
    /// one on `at` (taken).
    pub(super) fn parrying(
        &self,
        pieces: &[(Kind, Square)],
        mover: usize,
        at: Square,
        s: Square,
    ) -> u16 {
        let between = shakmaty::attacks::between(at, s);
        let mut pinned = Bitboard::EMPTY;
        for (i, &(kind, sq)) in pieces.iter().enumerate() {
            let line = matches!(kind, Kind::Bishop | Kind::Rook | Kind::Queen);
            if i != mover && line && kind.attacks(sq).contains(s) {
                pinned |= shakmaty::attacks::between(sq, s);
            }
        }
        let mut must = 0;
        for (j, &(kind, sq)) in self.men[..self.count].iter().enumerate() {
            if sq == at {
                continue;
            }
            // What he certainly attacks wherever the others stand: a line piece's next
            // squares, a knight's and a pawn's captures.
            let takes = kind.attacks_through(sq, Bitboard::FULL);
            let steps = match kind {
                Kind::WhitePawn => sq.offset(8).map_or(Bitboard::EMPTY, Bitboard::from_square),
                Kind::BlackPawn => sq.offset(-8).map_or(Bitboard::EMPTY, Bitboard::from_square),
                _ => takes,
            };
            let parries = !pinned.contains(sq) && (takes.contains(at) || (steps & between).any());
            if parries || between.contains(sq) {
                must |= 1 << j;
            }
        }
        must
    }

    /// `fit`, the men of `must` (bit `j`: the `j`th) moving too: each a move at least, on a
    /// flight or off one.
    pub(super) fn fit_moving(&self, s: Square, open: u8, budget: u32, must: u16) -> bool {
        if must == 0 || self.unbounded {
            return self.fit(s, open, budget);
        }
        let tables = Tables::get();
        let (squares, n, rest) = self.flights_and_rest(tables, s, open, must);
        let mut steps = 0;
        self.assign_moving(
            tables,
            (&squares[..n], &rest),
            (0, 0, must),
            budget,
            &mut steps,
        )
    }

    /// The squares of `open` next to `s` (the first `n`) and what the flights from the `i`th
    /// on cost at least (`rest[i]`): each one's cheapest man, the men of `must` one move at
    /// least (`cost`).
    fn flights_and_rest(
        &self,
        tables: &Tables,
        s: Square,
        open: u8,
        must: u16,
    ) -> ([Square; 8], usize, [u32; 9]) {
        let mut squares = [Square::A1; 8];
        let mut n = 0;
        for (i, q) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
            if open & (1 << i) != 0 {
                squares[n] = q;
                n += 1;
            }
        }
        let mut rest = [0u32; 9];
        for i in (0..n).rev() {
            let nearest = (0..self.count)
                .map(|j| self.cost(tables, j, squares[i], must))
                .min()
                .unwrap_or(u32::from(NEVER));
            rest[i] = rest[i + 1] + nearest;
        }
        (squares, n, rest)
    }

    /// The moves the `j`th man takes to `q`, one at least when he is among `must`.
    #[inline]
    fn cost(&self, tables: &Tables, j: usize, q: Square, must: u16) -> u32 {
        let d = u32::from(self.distance(tables, j, q));
        if must & (1 << j) != 0 { d.max(1) } else { d }
    }

    /// Whether the flights `squares` from the `depth`th on get a man each, none of those
    /// `used`, and the men of `must` left without one a move each, within `budget`; `rest[i]`
    /// bounds the cost of the flights from the `i`th on. Past `STEPS` steps, whether it fits
    /// is not known: it may.
    fn assign_moving(
        &self,
        tables: &Tables,
        (squares, rest): (&[Square], &[u32; 9]),
        (depth, used, must): (usize, u16, u16),
        budget: u32,
        steps: &mut u32,
    ) -> bool {
        *steps += 1;
        // Each man of `must` costs a move, on one of the flights left or off them.
        let left_out = (must.count_ones() as usize).saturating_sub(squares.len() - depth) as u32;
        if rest[depth] + left_out > budget {
            return false;
        }
        let Some(&q) = squares.get(depth) else {
            return true;
        };
        if *steps > STEPS {
            return true;
        }
        (0..self.count).any(|j| {
            let d = self.cost(tables, j, q, must);
            used & (1 << j) == 0 && d <= budget && {
                let next = (depth + 1, used | 1 << j, must & !(1 << j));
                self.assign_moving(tables, (squares, rest), next, budget - d, steps)
            }
        })
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

    /// For each man, what the assignments of the flights of `open` (as in `fit`) within
    /// `budget`, the men of `must` moving too (`fit_moving`), allow him, added to `men[j]`
    /// (`Spare`): the flights they put him on by their moves to spare, and whether one with a
    /// move to spare leaves him out. A man of `must` that one leaves out may go anywhere (his
    /// move away may be the one the net needs); one it puts on the flight he stands on, whose
    /// move there counts one, has a move more to spare for it. Beyond `STEPS` steps of the
    /// search for them, every man free.
    /// Whether the assignments were searched to the end.
    pub(super) fn assigned(
        &self,
        s: Square,
        open: u8,
        (budget, must): (u32, u16),
        men: &mut [Spare; 16],
    ) -> bool {
        if self.unbounded {
            men.fill(Spare::FREE);
            return true;
        }
        let tables = Tables::get();
        let (squares, n, rest) = self.flights_and_rest(tables, s, open, must);
        if rest[0] > budget {
            return true;
        }
        let mut search = Assigning {
            squares: &squares[..n],
            rest: &rest,
            chosen: [0; 8],
            steps: 0,
        };
        let whole = self.assign_all(tables, &mut search, (0, 0, must), budget, men);
        if !whole {
            men[..self.count].fill(Spare::FREE);
        }
        whole
    }

    /// Every assignment of the flights from the `depth`th on to men not `used`, within
    /// `budget`, the men of `must` left without one a move each: each man's flight added to
    /// `men` by the moves it leaves to spare, the men it leaves out free where it leaves one,
    /// the men of `must` free; false when it gave up after `STEPS` steps.
    fn assign_all(
        &self,
        tables: &Tables,
        search: &mut Assigning,
        (depth, used, must): (usize, u16, u16),
        budget: u32,
        men: &mut [Spare; 16],
    ) -> bool {
        search.steps += 1;
        if search.steps > STEPS {
            return false;
        }
        let Some(&q) = search.squares.get(depth) else {
            let left_out = (must & !used).count_ones();
            let Some(spare) = budget.checked_sub(left_out) else {
                return true;
            };
            for (i, &q) in search.squares.iter().enumerate() {
                let j = usize::from(search.chosen[i]);
                // A man who must move counts a move on his own flight too: he may go one
                // step further than his distance and the spare moves allow the others.
                let on_it = must & (1 << j) != 0 && self.distance(tables, j, q) == 0;
                men[j].flights[(spare + u32::from(on_it)).min(2) as usize].add(q);
            }
            for (j, man) in men.iter_mut().enumerate().take(self.count) {
                let out = used & (1 << j) == 0;
                man.free |= out && (must & (1 << j) != 0 || spare > 0);
            }
            return true;
        };
        let spare = budget - search.rest[depth + 1];
        for j in 0..self.count {
            let d = self.cost(tables, j, q, must);
            if used & (1 << j) == 0 && d <= spare {
                search.chosen[depth] = j as u8;
                let deeper = (depth + 1, used | 1 << j, must);
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
        // or b7 (a capture) in one; the knight on h1 is far from both. In two moves only rook
        // b7, pawn a7, none to spare; in three that with one to spare, and rook a7, pawn b7
        // with none; in four each one more.
        let men = [
            (Kind::Rook, Square::B1),
            (Kind::WhitePawn, Square::A6),
            (Kind::Knight, Square::H1),
        ];
        let blocks = of(&men);
        let (a7, b7) = (bit(Square::A8, Square::A7), bit(Square::A8, Square::B7));
        let given = |budget| {
            let mut men = [Spare::default(); 16];
            assert!(blocks.assigned(Square::A8, a7 | b7, (budget, 0), &mut men));
            men
        };
        let (a7, b7) = (
            Bitboard::from_square(Square::A7),
            Bitboard::from_square(Square::B7),
        );
        let spare = |flights: [Bitboard; 3], free| Spare { flights, free };
        let none = Bitboard::EMPTY;
        assert_eq!(given(1)[..3], [Spare::default(); 3]);
        let two = given(2);
        assert_eq!(two[0], spare([b7, none, none], false));
        assert_eq!(two[1], spare([a7, none, none], false));
        assert_eq!(two[2], Spare::default());
        let three = given(3);
        assert_eq!(three[0], spare([a7, b7, none], false));
        assert_eq!(three[1], spare([b7, a7, none], false));
        // Left out by the assignment with a move to spare: free to go anywhere.
        assert!(three[2].free);
        let four = given(4);
        assert_eq!(four[0], spare([none, a7, b7], false));
        assert_eq!(four[1], spare([none, b7, a7], false));
        // With a move to spare on b7 the rook may stay as far from it (b1-b3), with none he
        // must come nearer (b1-b7); on a7 with none, b1-a1 comes nearer. The knight, in no
        // assignment with two moves, may not move at all.
        let (b1, b3, b7, a1) = (Square::B1, Square::B3, Square::B7, Square::A1);
        assert!(three[0].lets(Kind::Rook, (b1, b3)) && !two[0].lets(Kind::Rook, (b1, b3)));
        assert!(two[0].lets(Kind::Rook, (b1, b7)) && three[0].lets(Kind::Rook, (b1, a1)));
        assert!(!two[0].lets(Kind::Rook, (b1, Square::C1)));
        assert!(!two[2].lets(Kind::Knight, (Square::H1, Square::G3)));
        assert!(three[2].lets(Kind::Knight, (Square::H1, Square::G3)));
    }

    #[test]
    fn no_flight_to_block_and_a_move_to_spare_frees_every_man() {
        let blocks = of(&[(Kind::Rook, Square::B1), (Kind::Knight, Square::H1)]);
        let mut men = [Spare::default(); 16];
        assert!(blocks.assigned(Square::A8, 0, (0, 0), &mut men));
        assert!(!men[0].free && !men[1].free);
        assert!(blocks.assigned(Square::A8, 0, (1, 0), &mut men));
        assert!(men[0].free && men[1].free && !men[2].free);
    }

    #[test]
    fn too_many_assignments_leave_every_man_free() {
        // Fifteen queens around an open king: more assignments than are searched one by one,
        // so each queen may go anywhere.
        let men: Vec<(Kind, Square)> = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
            "g2",
        ]
        .iter()
        .map(|s| (Kind::Queen, s.parse().unwrap()))
        .collect();
        let blocks = of(&men);
        let mut given = [Spare::default(); 16];
        assert!(!blocks.assigned(Square::E5, 0xff, (16, 0), &mut given));
        assert!(given[..15].iter().all(|man| man.free));
        assert!(!given[15].free);
    }

    #[test]
    fn too_many_men_bound_nothing() {
        let mut blocks = Blocks::EMPTY;
        blocks.reset(None);
        assert!(blocks.fit(Square::A8, 0b111, 0));
    }
}

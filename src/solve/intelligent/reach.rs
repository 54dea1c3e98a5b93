//! What a chess piece can do on an empty board within `k` moves: the squares it can stand on
//! (`reach`) and the squares it can attack (`guard`), a pawn's promotions included. Every real
//! line of moves is also a line on the empty board and a real attack is also an empty-board
//! attack, so these sets are supersets of what the piece can do in any position: a square
//! outside them is out of the piece's reach for certain.

use std::sync::OnceLock;

use shakmaty::{Bitboard, Color, Piece, Rank, Role, Square, attacks};

/// The most moves the tables tell apart; every set is complete after this many (a pawn's
/// five steps to promotion and a knight's six moves across the board stay below it).
pub(super) const MOST: usize = 15;

/// A piece as far as its empty-board moves go: the five pieces that move alike for both
/// sides, and a pawn of either colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    WhitePawn,
    BlackPawn,
}

pub(super) const KINDS: usize = 7;
const ALL: [Kind; KINDS] = [
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
    Kind::WhitePawn,
    Kind::BlackPawn,
];

impl Kind {
    pub(super) fn of(piece: Piece) -> Kind {
        match (piece.role, piece.color) {
            (Role::Knight, _) => Kind::Knight,
            (Role::Bishop, _) => Kind::Bishop,
            (Role::Rook, _) => Kind::Rook,
            (Role::Queen, _) => Kind::Queen,
            (Role::King, _) => Kind::King,
            (Role::Pawn, Color::White) => Kind::WhitePawn,
            (Role::Pawn, Color::Black) => Kind::BlackPawn,
        }
    }

    pub(super) const fn index(self) -> usize {
        self as usize
    }

    /// What a piece of this kind on `sq` attacks on the empty board.
    pub(super) fn attacks(self, sq: Square) -> Bitboard {
        match self {
            Kind::WhitePawn => attacks::pawn_attacks(Color::White, sq),
            Kind::BlackPawn => attacks::pawn_attacks(Color::Black, sq),
            Kind::Knight => attacks::knight_attacks(sq),
            Kind::Bishop => attacks::bishop_attacks(sq, Bitboard::EMPTY),
            Kind::Rook => attacks::rook_attacks(sq, Bitboard::EMPTY),
            Kind::Queen => attacks::queen_attacks(sq, Bitboard::EMPTY),
            Kind::King => attacks::king_attacks(sq),
        }
    }

    /// What a piece of this kind on `sq` attacks with `occupied` standing in its lines.
    #[inline]
    pub(super) fn attacks_through(self, sq: Square, occupied: Bitboard) -> Bitboard {
        match self {
            Kind::Bishop => attacks::bishop_attacks(sq, occupied),
            Kind::Rook => attacks::rook_attacks(sq, occupied),
            Kind::Queen => attacks::queen_attacks(sq, occupied),
            _ => self.attacks(sq),
        }
    }

    /// The states one empty-board move away: (kind, square), a promotion changing the kind.
    /// A queen covers the rook's and the bishop's moves and attacks, so a pawn promotes to a
    /// queen or a knight here.
    fn steps(self, sq: Square, out: &mut Vec<(Kind, Square)>) {
        let (color, last, second) = match self {
            Kind::WhitePawn => (Color::White, Rank::Eighth, Rank::Second),
            Kind::BlackPawn => (Color::Black, Rank::First, Rank::Seventh),
            _ => {
                out.extend(self.attacks(sq).into_iter().map(|t| (self, t)));
                return;
            }
        };
        if sq.rank() == last {
            return;
        }
        let forward = |s: Square| super::pawn_step(s, color);
        let mut targets = attacks::pawn_attacks(color, sq);
        if let Some(one) = forward(sq) {
            targets.add(one);
            if sq.rank() == second {
                targets.extend(forward(one));
            }
        }
        for t in targets {
            if t.rank() == last {
                out.push((Kind::Queen, t));
                out.push((Kind::Knight, t));
            } else {
                out.push((self, t));
            }
        }
    }
}

/// For every kind, square and number of moves up to `MOST`: where the piece can stand and
/// what it can attack.
pub(super) struct Tables {
    /// The states one move away from each state.
    next: Vec<Vec<(Kind, Square)>>,
    reach: Vec<[Bitboard; MOST + 1]>,
    guard: Vec<[Bitboard; MOST + 1]>,
    /// The fewest moves to stand on each square (`NEVER` past `MOST`), from `reach`.
    distance: Vec<[u8; 64]>,
}

/// No number of moves up to `MOST` reaches the square.
pub(super) const NEVER: u8 = u8::MAX;

/// Each square's fewest moves in `reach`, a state's sets by the number of moves.
fn distances(reach: &[[Bitboard; MOST + 1]]) -> Vec<[u8; 64]> {
    reach
        .iter()
        .map(|sets| {
            let mut row = [NEVER; 64];
            for (k, set) in sets.iter().enumerate().rev() {
                for q in *set {
                    row[q as usize] = k as u8;
                }
            }
            row
        })
        .collect()
}

/// Every state's steps (`Kind::steps`), in state order.
fn steps_table() -> Vec<Vec<(Kind, Square)>> {
    let mut next = Vec::with_capacity(KINDS * 64);
    for kind in ALL {
        for sq in Square::ALL {
            let mut out = Vec::new();
            kind.steps(sq, &mut out);
            next.push(out);
        }
    }
    next
}

fn state(kind: Kind, sq: Square) -> usize {
    kind.index() * 64 + sq as usize
}

impl Tables {
    pub(super) fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }

    /// Every (kind, square) grown move by move on bitboards: a piece that keeps its kind
    /// moves where it attacks, so its squares grow by its attacks; a pawn grows as a pawn until
    /// it promotes, then as the queen or knight it became, from that square and move on.
    fn build() -> Tables {
        let states = KINDS * 64;
        let next = steps_table();
        let mut reach = vec![[Bitboard::EMPTY; MOST + 1]; states];
        let mut guard = vec![[Bitboard::EMPTY; MOST + 1]; states];
        for kind in [
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
            Kind::King,
        ] {
            for sq in Square::ALL {
                let i = state(kind, sq);
                let (mut stand, mut attack) = (Bitboard::from_square(sq), Bitboard::EMPTY);
                let mut frontier = stand;
                for k in 0..=MOST {
                    for s in frontier {
                        attack |= kind.attacks(s);
                    }
                    reach[i][k] = stand;
                    guard[i][k] = attack;
                    frontier = attack & !stand;
                    stand |= attack;
                }
            }
        }
        for kind in [Kind::WhitePawn, Kind::BlackPawn] {
            for sq in Square::ALL {
                let i = state(kind, sq);
                // The squares stood on as a pawn, those first reached at this move, and each
                // promotion with the move it came at.
                let mut pawns = Bitboard::from_square(sq);
                let mut frontier = pawns;
                let mut promotions: Vec<(usize, Square)> = Vec::new();
                let mut attack = Bitboard::EMPTY;
                for k in 0..=MOST {
                    for s in frontier {
                        attack |= kind.attacks(s);
                    }
                    let (mut stand_k, mut attack_k) = (pawns, attack);
                    for &(j, t) in &promotions {
                        for became in [Kind::Queen, Kind::Knight] {
                            stand_k |= reach[state(became, t)][k - j];
                            attack_k |= guard[state(became, t)][k - j];
                        }
                    }
                    reach[i][k] = stand_k;
                    guard[i][k] = attack_k;
                    let mut after = Bitboard::EMPTY;
                    for s in frontier {
                        for &(became, t) in &next[state(kind, s)] {
                            if became == kind {
                                after.add(t);
                            } else if became == Kind::Queen {
                                promotions.push((k + 1, t));
                            }
                        }
                    }
                    frontier = after & !pawns;
                    pawns |= after;
                }
            }
        }
        Tables::of(next, reach, guard)
    }

    /// The tables of these steps and sets, each square's distance taken from the sets.
    fn of(
        next: Vec<Vec<(Kind, Square)>>,
        reach: Vec<[Bitboard; MOST + 1]>,
        guard: Vec<[Bitboard; MOST + 1]>,
    ) -> Tables {
        let distance = distances(&reach);
        Tables {
            next,
            reach,
            guard,
            distance,
        }
    }

    /// Where a piece of `kind` on `sq` can be after one move, and as what.
    #[inline]
    pub(super) fn steps(&self, kind: Kind, sq: Square) -> &[(Kind, Square)] {
        &self.next[state(kind, sq)]
    }

    /// The squares a piece of `kind` on `sq` can stand on after at most `moves` moves.
    #[inline]
    pub(super) fn reach(&self, kind: Kind, sq: Square, moves: u32) -> Bitboard {
        self.reach[state(kind, sq)][(moves as usize).min(MOST)]
    }

    /// The fewest moves that take a piece of `kind` on `sq` to `to` (`NEVER`: more than
    /// `MOST`, or never).
    #[inline]
    pub(super) fn distance(&self, kind: Kind, sq: Square, to: Square) -> u8 {
        self.distance[state(kind, sq)][to as usize]
    }

    /// The squares a piece of `kind` on `sq` can attack after at most `moves` moves.
    #[inline]
    pub(super) fn guard(&self, kind: Kind, sq: Square, moves: u32) -> Bitboard {
        self.guard[state(kind, sq)][(moves as usize).min(MOST)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables the plain way: breadth first over every (kind, square) state.
    fn build_by_states() -> Tables {
        let states = KINDS * 64;
        let next = steps_table();
        let mut reach = vec![[Bitboard::EMPTY; MOST + 1]; states];
        let mut guard = vec![[Bitboard::EMPTY; MOST + 1]; states];
        let mut seen = vec![false; states];
        for kind in ALL {
            for sq in Square::ALL {
                let i = state(kind, sq);
                seen.fill(false);
                seen[i] = true;
                let mut frontier = vec![(kind, sq)];
                let (mut stand, mut attack) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for k in 0..=MOST {
                    for &(kd, s) in &frontier {
                        stand.add(s);
                        attack |= kd.attacks(s);
                    }
                    reach[i][k] = stand;
                    guard[i][k] = attack;
                    let mut after = Vec::new();
                    for &(kd, s) in &frontier {
                        for &(nk, ns) in &next[state(kd, s)] {
                            if !std::mem::replace(&mut seen[state(nk, ns)], true) {
                                after.push((nk, ns));
                            }
                        }
                    }
                    frontier = after;
                }
            }
        }
        Tables::of(next, reach, guard)
    }

    #[test]
    fn the_tables_are_those_of_the_states_breadth_first() {
        let (fast, plain) = (Tables::build(), build_by_states());
        for i in 0..KINDS * 64 {
            assert_eq!(fast.reach[i], plain.reach[i], "reach of state {i}");
            assert_eq!(fast.guard[i], plain.guard[i], "guard of state {i}");
            assert_eq!(fast.next[i], plain.next[i], "steps of state {i}");
        }
    }

    #[test]
    fn every_set_is_complete_before_the_last_count() {
        let t = Tables::get();
        for kind in ALL {
            for sq in Square::ALL {
                let i = state(kind, sq);
                assert_eq!(t.reach[i][MOST - 1], t.reach[i][MOST], "{kind:?} {sq}");
                assert_eq!(t.guard[i][MOST - 1], t.guard[i][MOST], "{kind:?} {sq}");
            }
        }
    }

    #[test]
    fn a_distance_is_the_fewest_moves_whose_squares_hold_it() {
        let t = Tables::get();
        let mut never = 0;
        for kind in ALL {
            for sq in Square::ALL {
                for to in Square::ALL {
                    let d = t.distance(kind, sq, to);
                    never += usize::from(d == NEVER);
                    for k in 0..=MOST as u32 {
                        assert_eq!(
                            t.reach(kind, sq, k).contains(to),
                            u32::from(d) <= k,
                            "{kind:?} {sq} {to} in {k}"
                        );
                    }
                }
            }
        }
        // Bishops never change colour, pawns never go back: some squares are never reached.
        assert!(never > 64 * 32, "{never}");
        assert_eq!(t.distance(Kind::Knight, Square::A1, Square::H8), 6);
        assert_eq!(t.distance(Kind::Bishop, Square::A1, Square::A2), NEVER);
        assert_eq!(t.distance(Kind::Rook, Square::D4, Square::D4), 0);
        assert_eq!(t.distance(Kind::BlackPawn, Square::A2, Square::H8), 2);
    }

    #[test]
    fn distances_are_the_known_ones() {
        let t = Tables::get();
        // A knight needs six moves from a1 to h8, a bishop never leaves its colour, a rook
        // reaches any square in two.
        assert!(!t.reach(Kind::Knight, Square::A1, 5).contains(Square::H8));
        assert!(t.reach(Kind::Knight, Square::A1, 6).contains(Square::H8));
        assert!(!t.reach(Kind::Bishop, Square::A1, 9).contains(Square::A2));
        assert_eq!(t.reach(Kind::Rook, Square::D4, 2), Bitboard::FULL);
        // A pawn on e2 stands on e4 after one move and attacks f5 then, f6 only after two; a
        // pawn on e7 promotes with its next move, and its queen attacks a4 from e8.
        assert!(t.reach(Kind::WhitePawn, Square::E2, 1).contains(Square::E4));
        assert!(!t.reach(Kind::WhitePawn, Square::E2, 1).contains(Square::E5));
        assert!(t.guard(Kind::WhitePawn, Square::E2, 1).contains(Square::F5));
        assert!(!t.guard(Kind::WhitePawn, Square::E2, 1).contains(Square::F6));
        assert!(t.guard(Kind::WhitePawn, Square::E2, 2).contains(Square::F6));
        assert!(!t.guard(Kind::WhitePawn, Square::E7, 0).contains(Square::A4));
        assert!(t.guard(Kind::WhitePawn, Square::E7, 1).contains(Square::A4));
        assert!(t.reach(Kind::BlackPawn, Square::A2, 1).contains(Square::A1));
        assert!(t.guard(Kind::BlackPawn, Square::A2, 1).contains(Square::H8));
        // A piece does not attack its own square without moving.
        assert!(!t.guard(Kind::Queen, Square::D4, 0).contains(Square::D4));
        assert!(t.guard(Kind::Queen, Square::D4, 1).contains(Square::D4));
    }
}

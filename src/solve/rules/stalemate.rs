//! A test, before a move is played, that it cannot stalemate the other side: every move that
//! side has now must be stopped by this one. A move of one of its men other than the king
//! stays legal unless this move takes the man, lands on the square it goes to or between,
//! leaves that square (a pawn's capture), or changes the line through the man and its king
//! (a new pin); a step of its king stays legal unless this move guards the square from where
//! it lands, lands on it, or opens a line through it. A move that checks stalemates nothing,
//! so what a check would forbid need not be weighed. Castling and en passant move or take two
//! men: they are always let through.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

use crate::solve::pins::lone_blockers;

/// The most moves of the other side's men that a move is weighed against.
const STOPS: usize = 4;

/// What `Stall::may_stalemate` weighs each move against, made once per position.
pub(crate) struct Stall {
    /// For some of the other side's moves that stand now, each of its men's first: the
    /// squares a move that stops it lands on or leaves.
    stops: [(Bitboard, Bitboard); STOPS],
    n: usize,
    /// The squares the other side's king may step to now.
    flights: Bitboard,
}

impl Stall {
    /// Lets every move through.
    const ANY: Stall = Stall {
        stops: [(Bitboard::EMPTY, Bitboard::EMPTY); STOPS],
        n: 0,
        flights: Bitboard::EMPTY,
    };

    /// The moves the side not to move in `pos` has now, as far as a move must stop them.
    pub(crate) fn of(pos: &Chess) -> Stall {
        let board = pos.board();
        let (us, them) = (pos.turn(), !pos.turn());
        let Some(king) = board.king_of(them) else {
            return Stall::ANY;
        };
        let occupied = board.occupied();
        let theirs = board.by_color(them);
        let ours = board.by_color(us);
        // Their men pinned to the king: left out (their moves along the pin are not weighed).
        let pinned = lone_blockers(board, king, ours) & theirs;
        let mut stall = Stall::ANY;
        for from in theirs & !board.kings() & !pinned {
            let Some(piece) = board.piece_at(from) else {
                continue;
            };
            let Some(to) = a_move(piece.role, them, from, occupied, theirs, ours) else {
                continue;
            };
            let line = attacks::ray(king, from);
            let landing = Bitboard::from_square(from)
                | Bitboard::from_square(to)
                | attacks::between(from, to)
                | line;
            stall.stops[stall.n] = (landing, Bitboard::from_square(to) | line);
            stall.n += 1;
            if stall.n == STOPS {
                break;
            }
        }
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in attacks::king_attacks(king) & !theirs {
            if board.attacks_to(to, us, without_king).is_empty() {
                stall.flights.add(to);
            }
        }
        stall
    }

    /// False only when `m`, a move of `pos` (the position `of` was made of), certainly does
    /// not stalemate the other side.
    pub(crate) fn may_stalemate(&self, pos: &Chess, m: &Move) -> bool {
        let &Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = m
        else {
            return true;
        };
        let stops_all = self.stops[..self.n]
            .iter()
            .all(|&(landing, leaving)| landing.contains(to) || leaving.contains(from));
        if !stops_all {
            return false;
        }
        if self.flights.is_empty() {
            return true;
        }
        let occupied =
            (pos.board().occupied() ^ Bitboard::from_square(from)) | Bitboard::from_square(to);
        let guarded = attacks::attacks(to, promotion.unwrap_or(role).of(pos.turn()), occupied)
            | Bitboard::from_square(to);
        // A line through the square left may open onto a flight.
        self.flights.into_iter().all(|f| {
            guarded.contains(f) || attacks::queen_attacks(f, Bitboard::EMPTY).contains(from)
        })
    }
}

/// One move of `role` of `side` from `from`, a square it reaches nearest first; `None` when
/// it has none (ignoring pins, which the caller leaves out).
fn a_move(
    role: Role,
    side: Color,
    from: Square,
    occupied: Bitboard,
    own: Bitboard,
    others: Bitboard,
) -> Option<Square> {
    if role == Role::Pawn {
        let step = from.offset(if side == Color::White { 8 } else { -8 })?;
        if !occupied.contains(step) {
            return Some(step);
        }
        return (attacks::pawn_attacks(side, from) & others).first();
    }
    let reach = attacks::attacks(from, role.of(side), occupied) & !own;
    (reach & attacks::king_attacks(from))
        .first()
        .or(reach.first())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, FromSetup, Position, fen::Fen};

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// Every move the test lets through or not, against playing it: a move it stops never
    /// stalemates.
    fn agrees(fen: &str) -> (usize, usize) {
        let pos = position(fen);
        let stall = Stall::of(&pos);
        let (mut stopped, mut stalemates) = (0, 0);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let stalemate = after.is_stalemate();
            stalemates += usize::from(stalemate);
            if !stall.may_stalemate(&pos, &m) {
                assert!(!stalemate, "{fen}: {m} stalemates");
                stopped += 1;
            }
        }
        (stopped, stalemates)
    }

    #[test]
    fn the_end_of_a_series_stalemate_passes_and_little_else() {
        // hpint 933 before its last move, 1.Bg3=: the pawns stand, the bishop is pinned, the
        // king's one flight is h2: none of the rook's nine moves guards it or opens a line.
        let (stopped, stalemates) = agrees("8/8/3p4/3p4/3p3B/3p4/3p1K2/R2b3k w - - 0 1");
        assert!(stalemates >= 1 && stopped >= 9, "{stopped} {stalemates}");
        // A knight free to move: only a move that takes it, pins it or fills its one square.
        let (stopped, _) = agrees("7k/5K2/8/8/8/8/8/n2R4 w - - 0 1");
        assert!(stopped >= 10, "{stopped}");
    }

    #[test]
    fn moves_it_stops_never_stalemate_in_random_positions() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut tried, mut stopped, mut stalemates) = (0, 0, 0);
        while tried < 20_000 {
            let mut board = shakmaty::Board::empty();
            // The king to be stalemated near a corner, few men of its own, more of the other.
            let corner = [0u32, 7, 56, 63][next(4) as usize];
            let king = Square::new((corner as u64 ^ next(2) ^ (next(2) << 3)) as u32);
            board.set_piece_at(king, Role::King.of(Color::Black));
            let roles = [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ];
            for (color, count) in [(Color::Black, next(3)), (Color::White, 1 + next(3))] {
                for _ in 0..count {
                    let sq = Square::new(next(64) as u32);
                    if board.piece_at(sq).is_none() {
                        let role = roles[next(5) as usize];
                        board.set_piece_at(sq, role.of(color));
                    }
                }
            }
            let sq = Square::new(next(64) as u32);
            if board.piece_at(sq).is_some() {
                continue;
            }
            board.set_piece_at(sq, Role::King.of(Color::White));
            let setup = shakmaty::Setup {
                board,
                turn: Color::White,
                ..shakmaty::Setup::empty()
            };
            let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) else {
                continue;
            };
            tried += 1;
            let fen = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
            let (s, t) = agrees(&fen);
            stopped += s;
            stalemates += t;
        }
        assert!(
            stalemates > 100 && stopped > 100_000,
            "{stopped} {stalemates}"
        );
    }
}

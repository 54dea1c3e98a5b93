//! Chess960 start positions by Scharnagl's numbering (0–959; 518 is the standard setup).

use super::game::{Game, Role};
use super::position::Position;

/// The number of Chess960 start positions.
pub const COUNT: u16 = 960;

/// The standard chess setup's number.
pub const STANDARD: u16 = 518;

/// Knight placements on the five squares left after the bishops and the queen, in Scharnagl's
/// order.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank (files a–h) of start position `number`, or `None` past 959.
pub fn back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= COUNT {
        return None;
    }
    let mut n = number as usize;
    let mut rank: [Option<Role>; 8] = [None; 8];
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let queen = n % 6;
    n /= 6;
    place_nth_empty(&mut rank, queen, Role::Queen);
    let (k1, k2) = KNIGHTS[n];
    // Place the later knight first so the earlier index still counts the same empty squares.
    place_nth_empty(&mut rank, k2, Role::Knight);
    place_nth_empty(&mut rank, k1, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_nth_empty(&mut rank, 0, role);
    }
    Some(rank.map(|r| r.unwrap_or(Role::Pawn)))
}

fn place_nth_empty(rank: &mut [Option<Role>; 8], nth: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(nth) {
        *slot = Some(role);
    }
}

/// The number of a back rank, or `None` when it is not a Chess960 start rank.
pub fn number_of(rank: &[Role; 8]) -> Option<u16> {
    (0..COUNT).find(|&n| back_rank(n).as_ref() == Some(rank))
}

/// The full Chess960 start position `number` (pawns, mirrored black pieces, all four castling
/// rights on the outer rooks), or `None` past 959.
pub fn start_position(number: u16) -> Option<Position> {
    Some(Position::from_back_rank(Game::Chess960, back_rank(number)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn letters(n: u16) -> String {
        back_rank(n)
            .unwrap()
            .iter()
            .map(|r| r.letter().to_ascii_uppercase())
            .collect()
    }

    #[test]
    fn standard_setup_is_518() {
        assert_eq!(letters(STANDARD), "RNBQKBNR");
        assert_eq!(
            fen::write(&start_position(STANDARD).unwrap()),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        let standard = Position::start(Game::Chess);
        assert_eq!(start_position(STANDARD).unwrap().board, standard.board);
        assert_eq!(
            start_position(STANDARD).unwrap().castling,
            standard.castling
        );
    }

    #[test]
    fn known_numbers_from_the_scharnagl_table() {
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
        assert_eq!(letters(1), "BQNBNRKR");
    }

    #[test]
    fn every_number_is_a_distinct_legal_960_rank() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..COUNT {
            let rank = back_rank(n).unwrap();
            assert!(seen.insert(rank), "{n} repeats a rank");
            let files = |role| (0..8).filter(move |&f| rank[f] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(
                rooks[0] < king && king < rooks[1],
                "{n}: king not between rooks"
            );
            assert_eq!(files(Role::Knight).count(), 2);
            assert_eq!(files(Role::Queen).count(), 1);
            assert_eq!(number_of(&rank), Some(n));
        }
    }

    #[test]
    fn numbers_past_959_are_refused() {
        assert_eq!(back_rank(960), None);
        assert_eq!(start_position(u16::MAX), None);
        assert_eq!(number_of(&[Role::Pawn; 8]), None);
    }
}

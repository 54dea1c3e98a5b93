//! The men that stand alone between a king and a line piece: pinned when the line piece is
//! the other side's, a discovered check's screen when it is the king's enemy's own.

use shakmaty::{Bitboard, Board, Square, attacks};

/// The squares of the men (of either side) each of which stands alone between `king` and a
/// bishop, rook or queen among `sliders` on the line that piece moves along.
#[inline]
pub(crate) fn lone_blockers(board: &Board, king: Square, sliders: Bitboard) -> Bitboard {
    let lines = (attacks::rook_attacks(king, Bitboard::EMPTY) & (board.rooks() | board.queens()))
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & (board.bishops() | board.queens()));
    let mut blockers = Bitboard::EMPTY;
    for slider in lines & sliders {
        let between = attacks::between(king, slider) & board.occupied();
        if between.count() == 1 {
            blockers |= between;
        }
    }
    blockers
}

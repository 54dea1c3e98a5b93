//! The fields panel's rules: how its castling letters cycle through the rights the board allows
//! (the rules themselves are `core::castling`'s), which en passant squares are plausible, and
//! clock editing.

use crate::core::castling::{self, CastlingSide, king_file_or_standard, right_possible};
use crate::core::{Castling, Color, Piece, Position, Role, Square};

use super::action::Towards;

/// Largest clock value the panel types: more digits are ignored.
pub const CLOCK_MAX: u32 = 99_999;

/// The castling rights of `color` after pressing its `K`/`Q` letter: on when off (outermost
/// rook); in Chess960, where several rooks may stand on one side, the next rook inward; off
/// after the last. `None` when no rook on that side can castle.
pub fn cycle_right(pos: &Position, color: Color, side: CastlingSide) -> Option<Castling> {
    let king = king_file_or_standard(pos, color);
    let on_side = |f: u8| f != king && CastlingSide::of_rook(f, king) == side;
    let current: Vec<u8> = pos.castling.files(color).filter(|&f| on_side(f)).collect();
    let rooks = castling::rooks(pos, color, side);
    if current.is_empty() && rooks.is_empty() {
        return None;
    }
    let mut castling = pos.castling;
    for &f in &current {
        castling.set(color, f, false);
    }
    let next = match current.first() {
        None => rooks.first().copied(),
        Some(&f) => rooks
            .iter()
            .position(|&r| r == f)
            .and_then(|i| rooks.get(i + 1))
            .copied(),
    };
    if let Some(f) = next {
        castling.set(color, f, true);
    }
    Some(castling)
}

/// Whether `color` holds a right on `side` (any rook file on that side of its king).
pub fn has_right(pos: &Position, color: Color, side: CastlingSide) -> bool {
    let king = king_file_or_standard(pos, color);
    pos.castling
        .files(color)
        .any(|f| f != king && CastlingSide::of_rook(f, king) == side)
}

/// Drops every castling right the board makes impossible.
pub fn drop_impossible_rights(pos: &mut Position) {
    for color in Color::BOTH {
        let files: Vec<u8> = pos.castling.files(color).collect();
        for file in files {
            if !right_possible(pos, color, file) {
                pos.castling.set(color, file, false);
            }
        }
    }
}

/// Sets every castling right the board makes possible (outermost rooks), and only those.
pub fn follow_board(pos: &mut Position) {
    let mut castling = Castling::NONE;
    for color in Color::BOTH {
        for side in CastlingSide::BOTH {
            if let Some(file) = castling::outermost_rook(pos, color, side) {
                castling.set(color, file, true);
            }
        }
    }
    pos.castling = castling;
}

/// Plausible en passant squares: a pawn of the side that just moved stands in front of the
/// square, and the square and the one behind it (where the pawn came from) are empty.
pub fn ep_candidates(pos: &Position) -> Vec<Square> {
    if !pos.game.is_chess() {
        return Vec::new();
    }
    let mover = pos.turn.other();
    // Ranks (0-based) of the pawn, the square it passed and the square it left.
    let (pawn, passed, left) = match mover {
        Color::White => (3, 2, 1),
        Color::Black => (4, 5, 6),
    };
    (0..pos.game.width())
        .filter(|&f| {
            pos.board.get(Square::new(f, pawn)) == Some(Piece::new(mover, Role::Pawn))
                && pos.board.get(Square::new(f, passed)).is_none()
                && pos.board.get(Square::new(f, left)).is_none()
        })
        .map(|f| Square::new(f, passed))
        .collect()
}

/// The ep value after the current one in the cycle `-`, candidates…, `-` (backwards towards
/// `Prev`). An ep square that is no candidate steps to the first/last candidate.
pub fn cycle_ep(pos: &Position, towards: Towards) -> Option<Square> {
    let mut ring: Vec<Option<Square>> = vec![None];
    ring.extend(ep_candidates(pos).into_iter().map(Some));
    let at = ring.iter().position(|&s| s == pos.ep).unwrap_or(0);
    let n = ring.len();
    let next = match towards {
        Towards::Next => (at + 1) % n,
        Towards::Prev => (at + n - 1) % n,
    };
    ring[next]
}

/// The clock value after typing `digit`: replaces the value at the first key, appends after.
pub fn clock_digit(value: u32, digit: u8, typing: bool) -> u32 {
    let digit = digit.min(9) as u32;
    if !typing {
        return digit;
    }
    let next = value.saturating_mul(10).saturating_add(digit);
    if next > CLOCK_MAX { value } else { next }
}

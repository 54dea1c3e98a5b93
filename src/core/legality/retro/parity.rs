//! Whose move it is, when only knights and rooks can have moved. With all 32 men on the board
//! (nothing was ever captured) and all 16 pawns at home (none ever moved), the bishops never
//! left c1/f1 (b2, d2, e2, g2 wall them in), so the queen and king never moved either (each can
//! only step onto the other's square), and each rook can only have shuttled between its corner
//! and the knight's square next to it. A knight changes square colour with every move, a rook
//! in its two-square pocket changes square. So the pieces' squares give the parity of each
//! side's number of moves, and White is to move exactly when both made as many.

use crate::core::game::{Color, Game};
use crate::core::square::Square;

use super::chess::Men;

const RANK_2: u64 = 0xff << 8;
/// Light squares: (file + rank) odd.
const LIGHT: u64 = !0xaa55_aa55_aa55_aa55;

/// The parity of a side's number of moves, from its men in its own view and its knights on the
/// real board; `None` when its men do not stand as the rule needs (then it says nothing).
fn moves_parity(men: &Men, real_knights: u64) -> Option<u32> {
    let home = men.pawns == RANK_2
        && men.bishops == 1 << 2 | 1 << 5
        && men.queens == 1 << 3
        && men.king == 1 << 4
        && men.knights.count_ones() == 2
        && men.rooks.count_ones() == 2
        && (men.rooks & 0b11).count_ones() == 1
        && (men.rooks & 0b1100_0000).count_ones() == 1;
    if !home {
        return None;
    }
    // Each side's knights started on one light and one dark square (b1 light, g1 dark; b8
    // dark, g8 light): whichever is which, their moves add up to the number of them on light
    // squares plus one. A rook off its corner moved an odd number of times.
    let knights = (real_knights & LIGHT).count_ones() + 1;
    let rooks = (men.rooks & (1 << 1 | 1 << 6)).count_ones();
    Some((knights + rooks) % 2)
}

/// The side that must be to move, and the men that say so, when the rule applies and `turn` is
/// the other side. `black` is in Black's own view.
pub fn wrong_turn(white: &Men, black: &Men, turn: Color) -> Option<(Color, Vec<Square>)> {
    let w = moves_parity(white, white.knights)?;
    let b = moves_parity(black, black.knights.swap_bytes())?;
    // White to move after as many moves by each side, Black after one more by White.
    let expected = if (w + b) % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    if expected == turn {
        return None;
    }
    let movers = |men: &Men| men.knights | (men.rooks & (1 << 1 | 1 << 6));
    let mut bb = movers(white) | movers(black).swap_bytes();
    let mut squares = Vec::new();
    while bb != 0 {
        let s = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        squares.push(Square::new(s & 7, s >> 3));
    }
    Some((expected, squares))
}

pub fn message(expected: Color, game: Game) -> String {
    format!(
        "{} must be to move: with every pawn at home and nothing captured only knights and rooks can have moved, and where they stand says {}",
        expected.name(game),
        if expected == Color::White {
            "both sides have made as many moves"
        } else {
            "White has made one move more than Black"
        }
    )
}

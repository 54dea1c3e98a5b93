//! Which chess a FEN read without a given game is: standard chess, unless the position says
//! Chess960.

use crate::core::castling;
use crate::core::game::Game;
use crate::core::legality;
use crate::core::position::Position;

/// Makes an auto-detected chess position a Chess960 one when it says so: its castling rights
/// only make sense in Chess960 (as shakmaty's `CastlingMode::detect` says), or standard chess
/// cannot reach it while a Chess960 start can (a bishop on a1 behind an unmoved b2 pawn, a
/// Chess960 start position without castling rights).
pub(super) fn settle_chess(pos: &mut Position) {
    if pos.game != Game::Chess {
        return;
    }
    if chess960_castling(pos) || legality::only_chess960_reaches(pos) {
        pos.game = Game::Chess960;
    }
}

fn chess960_castling(pos: &Position) -> bool {
    if castling::all_standard(pos) {
        return false;
    }
    let setup = legality::chess::to_setup(pos);
    shakmaty::CastlingMode::detect(&setup) == shakmaty::CastlingMode::Chess960
}

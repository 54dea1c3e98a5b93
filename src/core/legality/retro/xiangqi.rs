//! Xiangqi retro-legality: a soldier keeps its file until it crosses the river (it moves only
//! forward there) and never comes back (soldiers never retreat), and one soldier starts on each
//! of the a, c, e, g and i files. So two soldiers of a side on one file on their own side of the
//! river are impossible.

use crate::core::diagnostic::{Code, DiagArg, Diagnostic};
use crate::core::fen::Field;
use crate::core::game::{Color, Game, Piece, Role};
use crate::core::position::Position;
use crate::core::square::Square;

use super::super::square_list;

pub fn diagnose(pos: &Position, out: &mut Vec<Diagnostic>) {
    let game = Game::Xiangqi;
    for color in Color::BOTH {
        // Ranks of this side's half: 0–4 for Red, 5–9 for Black.
        let own_half = |sq: Square| (sq.rank < 5) == (color == Color::White);
        let soldier = Piece::new(color, Role::Pawn);
        let mut per_file = [0u8; 9];
        for (sq, p) in pos.board.pieces() {
            if p == soldier && own_half(sq) && sq.file < 9 {
                per_file[sq.file as usize] += 1;
            }
        }
        for file in 0..9u8 {
            if per_file[file as usize] < 2 {
                continue;
            }
            let sqs: Vec<Square> = pos
                .board
                .find(soldier)
                .filter(|&sq| sq.file == file && own_half(sq))
                .collect();
            out.push(
                Diagnostic::error(
                    Code::PieceOffPoint,
                    Field::Placement,
                    format!(
                        "{}'s soldiers on {} cannot all be there: a soldier keeps its file until it crosses the river, and only one starts on each file",
                        color.name(game),
                        square_list(&sqs, game)
                    ),
                )
                .with_id("diag-soldiers-one-file")
                .arg("who", DiagArg::Side(color))
                .with_squares(sqs),
            );
        }
    }
}

//! Whole-position transformations: swap colours, mirror files.

use crate::core::{Board, Castling, Color, Piece, Position, Square};

/// Mirrors the ranks and swaps the colours of every piece, the side to move and the castling
/// rights: the same position seen from the other side.
pub fn swap_colors(pos: &Position) -> Position {
    let game = pos.game;
    let top = game.height() - 1;
    let mut board = Board::empty(game);
    for (sq, piece) in pos.board.pieces() {
        board.set(
            Square::new(sq.file, top - sq.rank),
            Some(Piece::new(piece.color.other(), piece.role)),
        );
    }
    let mut castling = Castling::NONE;
    for color in Color::BOTH {
        for file in pos.castling.files(color) {
            castling.set(color.other(), file, true);
        }
    }
    Position {
        board,
        turn: pos.turn.other(),
        castling,
        ep: pos.ep.map(|sq| Square::new(sq.file, top - sq.rank)),
        ..*pos
    }
}

/// Mirrors the files (a↔h, a↔i in xiangqi), castling rights and ep square with them.
pub fn mirror_files(pos: &Position) -> Position {
    let game = pos.game;
    let right = game.width() - 1;
    let mut board = Board::empty(game);
    for (sq, piece) in pos.board.pieces() {
        board.set(Square::new(right - sq.file, sq.rank), Some(piece));
    }
    let mut castling = Castling::NONE;
    for color in Color::BOTH {
        for file in pos.castling.files(color).filter(|&f| f <= right) {
            castling.set(color, right - file, true);
        }
    }
    Position {
        board,
        castling,
        ep: pos.ep.map(|sq| Square::new(right - sq.file, sq.rank)),
        ..*pos
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::core::fen;

    fn pos(text: &str) -> Position {
        fen::read(text, None).position.expect(text)
    }

    #[test]
    fn swapping_twice_is_identity_and_swaps_everything() {
        let p = pos("4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1");
        let s = swap_colors(&p);
        assert_eq!(fen::write(&s), "r3k2r/8/8/8/3Pp3/8/8/4K3 b kq d3 0 1");
        assert_eq!(swap_colors(&s), p);
    }

    #[test]
    fn mirroring_twice_is_identity() {
        let p = pos("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1");
        let m = mirror_files(&p);
        assert_eq!(m.board.get(Square::new(7, 0)).map(|p| p.char()), Some('R'));
        assert_eq!(m.ep, Some(Square::new(4, 5)));
        assert!(m.castling.has(Color::White, 7));
        assert_eq!(mirror_files(&m), p);
        let x = Position::start(Game::Xiangqi);
        assert_eq!(mirror_files(&x), x);
    }
}

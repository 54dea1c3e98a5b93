//! Whole-position transformations: swap colours, mirror files or ranks, shift by one file or
//! rank, rotate by 90°. Those that move pieces to other squares give `None` when one would
//! leave the board.

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

/// Mirrors the ranks (top ↔ bottom), pieces keeping their colours; the en passant square no
/// longer fits and is dropped (castling rights the board no longer allows are dropped by the
/// editor's commit).
pub fn mirror_ranks(pos: &Position) -> Position {
    let top = pos.game.height() - 1;
    let mut board = Board::empty(pos.game);
    for (sq, piece) in pos.board.pieces() {
        board.set(Square::new(sq.file, top - sq.rank), Some(piece));
    }
    Position {
        board,
        ep: None,
        ..*pos
    }
}

/// Moves every piece `df` files and `dr` ranks, or `None` when a piece would leave the board.
/// Castling rights move with their rooks along the rank; a shift across ranks leaves none
/// (no king stays on its first rank), and the en passant square goes with a sideways shift.
pub fn shift(pos: &Position, df: i8, dr: i8) -> Option<Position> {
    let game = pos.game;
    let mut board = Board::empty(game);
    for (sq, piece) in pos.board.pieces() {
        board.set(sq.offset(df, dr, game)?, Some(piece));
    }
    let mut castling = Castling::NONE;
    if dr == 0 {
        for color in Color::BOTH {
            for file in pos.castling.files(color) {
                if let Some(sq) = Square::new(file, 0).offset(df, 0, game) {
                    castling.set(color, sq.file, true);
                }
            }
        }
    }
    Some(Position {
        board,
        castling,
        ep: pos
            .ep
            .filter(|_| dr == 0)
            .and_then(|sq| sq.offset(df, 0, game)),
        ..*pos
    })
}

/// Turns the board a quarter clockwise as White sees it (a8 goes to h8, a1 to a8): square
/// boards only, so `None` for xiangqi. Castling and en passant do not survive a turn.
pub fn rotate(pos: &Position) -> Option<Position> {
    let game = pos.game;
    if game.width() != game.height() {
        return None;
    }
    let top = game.height() - 1;
    let mut board = Board::empty(game);
    for (sq, piece) in pos.board.pieces() {
        board.set(Square::new(sq.rank, top - sq.file), Some(piece));
    }
    Some(Position {
        board,
        castling: Castling::NONE,
        ep: None,
        ..*pos
    })
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

    #[test]
    fn mirroring_ranks_keeps_colours_and_drops_ep() {
        let p = pos("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1");
        let m = mirror_ranks(&p);
        assert_eq!(fen::write(&m), "R3K3/8/8/8/3pP3/8/8/4k3 w Q - 0 1");
        assert_eq!(mirror_ranks(&m).board, p.board);
        let x = Position::start(Game::Xiangqi);
        let mx = mirror_ranks(&x);
        assert_eq!(mx.board.get(Square::new(4, 9)).map(|p| p.char()), Some('K'));
    }

    #[test]
    fn shifting_moves_everything_or_nothing() {
        let p = pos("4k3/8/8/3pP3/8/8/8/R3K3 w Q d6 0 1");
        let right = shift(&p, 1, 0).unwrap();
        assert_eq!(fen::write(&right), "5k2/8/8/4pP2/8/8/8/1R3K2 w Q e6 0 1");
        assert!(right.castling.has(Color::White, 1));
        // The rook on a1 would leave the board; so would the king on e8 going up.
        assert_eq!(shift(&p, -1, 0), None);
        assert_eq!(shift(&p, 0, 1), None);
        let up = shift(&pos("8/4k3/8/8/8/8/8/4K3 w - - 0 1"), 0, 1).unwrap();
        assert_eq!(fen::write(&up), "4k3/8/8/8/8/8/4K3/8 w - - 0 1");
        // Xiangqi: the start position fills the board, but a lone pair of generals moves.
        assert_eq!(shift(&Position::start(Game::Xiangqi), 1, 0), None);
        let g = fen::read("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Some(Game::Xiangqi))
            .position
            .unwrap();
        let g = shift(&g, 1, 0).unwrap();
        assert_eq!(fen::write(&g), "5k3/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
    }

    #[test]
    fn rotating_turns_a_quarter_and_four_turns_are_identity() {
        let p = pos("k7/8/8/8/8/8/8/7K w - - 0 1");
        let r = rotate(&p).unwrap();
        // a8 goes to h8, h1 to a1.
        assert_eq!(fen::write(&r), "7k/8/8/8/8/8/8/K7 w - - 0 1");
        let start = Position::start(Game::Chess);
        let four = (0..4).fold(start, |q, _| rotate(&q).unwrap());
        assert_eq!(four.board, start.board);
        assert!(four.castling.is_empty());
        assert_eq!(rotate(&Position::start(Game::Xiangqi)), None);
    }
}

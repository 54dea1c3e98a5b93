//! The six-field position FEN records, legal or not.

use super::board::Board;
use super::game::{Color, Game, Piece, Role};
use super::square::Square;

/// Castling rights as the files of the rooks that may still castle, per colour. `K`/`Q` in a FEN
/// name the outermost rook on that side of the king; Chess960 FENs name files directly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling {
    files: [u16; 2],
}

impl Castling {
    pub const NONE: Castling = Castling { files: [0; 2] };

    pub fn has(&self, color: Color, file: u8) -> bool {
        self.files[color.index()] & (1 << file) != 0
    }

    pub fn set(&mut self, color: Color, file: u8, on: bool) {
        if on {
            self.files[color.index()] |= 1 << file;
        } else {
            self.files[color.index()] &= !(1 << file);
        }
    }

    /// Rook files with a right for `color`, from the a-file up.
    pub fn files(&self, color: Color) -> impl Iterator<Item = u8> + '_ {
        // Set bits one by one: most sides have no right or one, and this runs per record read.
        let mut mask = self.files[color.index()];
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let file = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                file
            })
        })
    }

    pub fn is_empty(&self) -> bool {
        self.files == [0; 2]
    }

    pub fn clear(&mut self, color: Color) {
        self.files[color.index()] = 0;
    }
}

/// All six FEN fields. The placement may be anything the board can hold; legality is judged
/// separately so that the editor can hold half-built positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub game: Game,
    pub board: Board,
    pub turn: Color,
    pub castling: Castling,
    pub ep: Option<Square>,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// White's first rank in the standard setup, files a–h.
const STANDARD_BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

impl Position {
    /// An empty board of `game`, White/Red to move, no rights, clocks `0 1`.
    pub const fn empty(game: Game) -> Position {
        Position {
            game,
            board: Board::empty(game),
            turn: Color::White,
            castling: Castling::NONE,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// A chess start position of `game` with White's first rank `rank` (files a–h): pawns in
    /// front, Black's men mirrored, all four castling rights on the rooks. Chess960's start
    /// positions are built by it too.
    pub fn from_back_rank(game: Game, rank: [Role; 8]) -> Position {
        let mut pos = Position::empty(game);
        for (file, role) in (0u8..).zip(rank) {
            let men = [
                (0, Piece::new(Color::White, role)),
                (1, Piece::new(Color::White, Role::Pawn)),
                (6, Piece::new(Color::Black, Role::Pawn)),
                (7, Piece::new(Color::Black, role)),
            ];
            for (rank, piece) in men {
                pos.board.set(Square::new(file, rank), Some(piece));
            }
            if role == Role::Rook {
                for color in Color::BOTH {
                    pos.castling.set(color, file, true);
                }
            }
        }
        pos
    }

    /// The standard start position of `game` (for Chess960, the standard setup, position 518).
    pub fn start(game: Game) -> Position {
        if game.is_chess() {
            return Position::from_back_rank(game, STANDARD_BACK_RANK);
        }
        let mut pos = Position::empty(game);
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        let top = game.height() - 1;
        for (file, role) in (0u8..).zip(back) {
            pos.board
                .set(Square::new(file, 0), Some(Piece::new(Color::White, role)));
            pos.board
                .set(Square::new(file, top), Some(Piece::new(Color::Black, role)));
        }
        // Soldiers and cannons, Red's; Black's stand mirrored across the river.
        let front = [
            (0, 3, Role::Pawn),
            (2, 3, Role::Pawn),
            (4, 3, Role::Pawn),
            (6, 3, Role::Pawn),
            (8, 3, Role::Pawn),
            (1, 2, Role::Cannon),
            (7, 2, Role::Cannon),
        ];
        for (file, rank, role) in front {
            pos.board.set(
                Square::new(file, rank),
                Some(Piece::new(Color::White, role)),
            );
            pos.board.set(
                Square::new(file, top - rank),
                Some(Piece::new(Color::Black, role)),
            );
        }
        pos
    }

    /// The rank a colour's pieces start on (its back rank).
    pub const fn back_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.game.height() - 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_files_come_in_file_order_for_each_side() {
        let mut castling = Castling::NONE;
        for file in [7, 0, 12, 3] {
            castling.set(Color::White, file, true);
        }
        castling.set(Color::Black, 15, true);
        assert_eq!(
            castling.files(Color::White).collect::<Vec<_>>(),
            [0, 3, 7, 12]
        );
        assert_eq!(castling.files(Color::Black).collect::<Vec<_>>(), [15]);
        castling.clear(Color::Black);
        assert_eq!(castling.files(Color::Black).next(), None);
    }

    #[test]
    fn start_positions_have_the_right_material() {
        let chess = Position::start(Game::Chess);
        assert_eq!(chess.board.pieces().count(), 32);
        assert_eq!(
            chess.board.kings(Color::White).collect::<Vec<_>>(),
            vec![Square::new(4, 0)]
        );
        assert!(chess.castling.has(Color::Black, 7));
        let xq = Position::start(Game::Xiangqi);
        assert_eq!(xq.board.pieces().count(), 32);
        assert_eq!(
            xq.board.kings(Color::Black).collect::<Vec<_>>(),
            vec![Square::new(4, 9)]
        );
        assert!(xq.castling.is_empty());
    }

    #[test]
    fn castling_files_toggle() {
        let mut c = Castling::NONE;
        c.set(Color::White, 1, true);
        c.set(Color::White, 6, true);
        assert_eq!(c.files(Color::White).collect::<Vec<_>>(), vec![1, 6]);
        c.set(Color::White, 1, false);
        assert!(!c.has(Color::White, 1));
        assert!(c.files(Color::Black).next().is_none());
    }
}

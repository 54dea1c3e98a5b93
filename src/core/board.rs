//! A board of any size up to 9×10 holding any placement, legal or not.

use super::game::{Color, Game, Piece, Role};
use super::square::Square;

/// The most squares any supported board has (xiangqi's 9×10).
pub const MAX_SQUARES: usize = 90;

/// A placement of pieces. It can hold what no legal position has (no kings, twenty pawns, a
/// general outside its palace), because the editor must hold half-built positions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    cells: [Option<Piece>; MAX_SQUARES],
}

impl Board {
    /// An empty board of `game`'s size.
    pub const fn empty(game: Game) -> Board {
        Board {
            width: game.width(),
            height: game.height(),
            cells: [None; MAX_SQUARES],
        }
    }

    pub const fn width(&self) -> u8 {
        self.width
    }

    pub const fn height(&self) -> u8 {
        self.height
    }

    fn index(&self, sq: Square) -> Option<usize> {
        (sq.file < self.width && sq.rank < self.height)
            .then(|| sq.rank as usize * self.width as usize + sq.file as usize)
    }

    /// The piece on `sq` (`None` for an empty or off-board square).
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.index(sq).and_then(|i| self.cells[i])
    }

    /// Puts `piece` (or nothing) on `sq` and returns what stood there. Off-board squares are
    /// ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Option<Piece> {
        match self.index(sq) {
            Some(i) => std::mem::replace(&mut self.cells[i], piece),
            None => None,
        }
    }

    /// The squares' contents row by row from the bottom (`width × height` of them), for loops
    /// that must be fast.
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells[..self.width as usize * self.height as usize]
    }

    /// The squares' contents to change in bulk, in the order of [`Board::cells`].
    pub fn cells_mut(&mut self) -> &mut [Option<Piece>] {
        &mut self.cells[..self.width as usize * self.height as usize]
    }

    /// Every occupied square with its piece, rank by rank from the bottom.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let width = self.width as usize;
        self.cells[..width * self.height as usize]
            .iter()
            .enumerate()
            .filter_map(move |(i, p)| {
                p.map(|p| (Square::new((i % width) as u8, (i / width) as u8), p))
            })
    }

    /// Squares holding `piece`.
    pub fn find(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(move |&(_, p)| p == piece)
            .map(|(sq, _)| sq)
    }

    /// Squares holding a king (general) of `color`.
    pub fn kings(&self, color: Color) -> impl Iterator<Item = Square> + '_ {
        self.find(Piece::new(color, Role::King))
    }

    pub fn count(&self, piece: Piece) -> usize {
        self.find(piece).count()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces().next().is_none()
    }

    pub fn clear(&mut self) {
        self.cells = [None; MAX_SQUARES];
    }
}

impl std::fmt::Debug for Board {
    /// Rows from the top, `.` for empty squares: readable in test failures.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f)?;
        for rank in (0..self.height).rev() {
            for file in 0..self.width {
                let c = self.get(Square::new(file, rank)).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_and_off_board() {
        let mut board = Board::empty(Game::Chess);
        let k = Piece::new(Color::White, Role::King);
        assert_eq!(board.set(Square::new(4, 0), Some(k)), None);
        assert_eq!(board.get(Square::new(4, 0)), Some(k));
        assert_eq!(board.set(Square::new(8, 0), Some(k)), None);
        assert_eq!(board.get(Square::new(8, 0)), None);
        assert_eq!(
            board.pieces().collect::<Vec<_>>(),
            vec![(Square::new(4, 0), k)]
        );
        assert_eq!(board.kings(Color::White).count(), 1);
        board.clear();
        assert!(board.is_empty());
    }

    #[test]
    fn xiangqi_board_uses_nine_files() {
        let mut board = Board::empty(Game::Xiangqi);
        let r = Piece::new(Color::Black, Role::Rook);
        board.set(Square::new(8, 9), Some(r));
        assert_eq!(
            board.pieces().collect::<Vec<_>>(),
            vec![(Square::new(8, 9), r)]
        );
    }
}

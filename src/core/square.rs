//! Squares (chess) and points (xiangqi) of a board of any size up to 9×10.

use std::fmt;

use super::game::Game;

/// A square, counted from White's/Red's lower-left corner: `file` 0 is `a`, `rank` 0 is chess
/// rank 1 and xiangqi rank 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Whether the square lies on `game`'s board.
    pub const fn on_board(self, game: Game) -> bool {
        self.file < game.width() && self.rank < game.height()
    }

    /// The square `df` files and `dr` ranks away, if it is still on `game`'s board.
    pub fn offset(self, df: i8, dr: i8, game: Game) -> Option<Square> {
        let file = self.file as i16 + df as i16;
        let rank = self.rank as i16 + dr as i16;
        (0..game.width() as i16).contains(&file).then_some(())?;
        (0..game.height() as i16).contains(&rank).then_some(())?;
        Some(Square::new(file as u8, rank as u8))
    }

    /// The rank number written in square names: chess counts from 1, xiangqi from 0.
    pub const fn rank_number(self, game: Game) -> u8 {
        if game.is_xiangqi() {
            self.rank
        } else {
            self.rank + 1
        }
    }

    pub const fn file_char(self) -> char {
        (b'a' + self.file) as char
    }

    /// The square's name in `game` (`e4`, `e0`).
    pub fn name(self, game: Game) -> SquareName {
        SquareName { square: self, game }
    }

    /// Parses a square name such as `e4` (chess) or `e0` (xiangqi); case-insensitive file.
    pub fn parse(name: &str, game: Game) -> Option<Square> {
        let mut chars = name.chars();
        let file_char = chars.next()?.to_ascii_lowercase();
        if !file_char.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let number: u8 = digits.parse().ok()?;
        let rank = if game.is_xiangqi() {
            number
        } else {
            number.checked_sub(1)?
        };
        let square = Square::new(file_char as u8 - b'a', rank);
        square.on_board(game).then_some(square)
    }

    /// All squares of `game`'s board, rank by rank from the bottom.
    pub fn all(game: Game) -> impl Iterator<Item = Square> {
        (0..game.height())
            .flat_map(move |rank| (0..game.width()).map(move |file| Square::new(file, rank)))
    }
}

/// A square together with the game that decides how it is named.
#[derive(Clone, Copy, Debug)]
pub struct SquareName {
    square: Square,
    game: Game,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.square.file_char(),
            self.square.rank_number(self.game)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_every_game() {
        for game in Game::ALL {
            for sq in Square::all(game) {
                assert_eq!(Square::parse(&sq.name(game).to_string(), game), Some(sq));
            }
        }
    }

    #[test]
    fn chess_and_xiangqi_count_ranks_differently() {
        assert_eq!(Square::new(4, 0).name(Game::Chess).to_string(), "e1");
        assert_eq!(Square::new(4, 0).name(Game::Xiangqi).to_string(), "e0");
        assert_eq!(Square::parse("i9", Game::Xiangqi), Some(Square::new(8, 9)));
    }

    #[test]
    fn off_board_names_are_refused() {
        for bad in [
            "", "e", "e0", "e9", "i1", "z3", "e10", "44", "é4", "e-1", "e+1",
        ] {
            assert_eq!(Square::parse(bad, Game::Chess), None, "{bad}");
        }
        for bad in ["j0", "a10", "e"] {
            assert_eq!(Square::parse(bad, Game::Xiangqi), None, "{bad}");
        }
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let corner = Square::new(0, 0);
        assert_eq!(corner.offset(-1, 0, Game::Chess), None);
        assert_eq!(corner.offset(1, 2, Game::Chess), Some(Square::new(1, 2)));
        assert_eq!(Square::new(8, 9).offset(0, 1, Game::Xiangqi), None);
        assert_eq!(Square::new(7, 7).offset(1, 0, Game::Chess), None);
        assert_eq!(
            Square::new(7, 7).offset(1, 0, Game::Xiangqi),
            Some(Square::new(8, 7))
        );
    }
}

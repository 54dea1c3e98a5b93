//! The games fenboard edits and the pieces they use.

use std::fmt;

/// A game whose positions FEN records: the board size, the pieces and the castling rules follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Chess,
    /// Chess with Fischer-random castling (rook files recorded in the castling field).
    Chess960,
    Xiangqi,
}

impl Game {
    pub const ALL: [Game; 3] = [Game::Chess, Game::Chess960, Game::Xiangqi];

    /// Number of files (columns).
    pub const fn width(self) -> u8 {
        match self {
            Game::Chess | Game::Chess960 => 8,
            Game::Xiangqi => 9,
        }
    }

    /// Number of ranks (rows).
    pub const fn height(self) -> u8 {
        match self {
            Game::Chess | Game::Chess960 => 8,
            Game::Xiangqi => 10,
        }
    }

    pub const fn is_chess(self) -> bool {
        matches!(self, Game::Chess | Game::Chess960)
    }

    pub const fn is_xiangqi(self) -> bool {
        matches!(self, Game::Xiangqi)
    }

    /// The name used on the command line (`--game`) and in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Chess => "chess",
            Game::Chess960 => "chess960",
            Game::Xiangqi => "xiangqi",
        }
    }

    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The roles that may stand on this game's board.
    pub const fn roles(self) -> &'static [Role] {
        match self {
            Game::Chess | Game::Chess960 => &[
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ],
            Game::Xiangqi => &[
                Role::King,
                Role::Advisor,
                Role::Bishop,
                Role::Knight,
                Role::Rook,
                Role::Cannon,
                Role::Pawn,
            ],
        }
    }

    /// Plies without capture or pawn move after which a draw may be claimed or is declared.
    pub const fn draw_plies(self) -> u32 {
        match self {
            Game::Chess | Game::Chess960 => 100,
            Game::Xiangqi => 120,
        }
    }

    /// The start position as a canonical FEN.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Game::Chess | Game::Chess960 => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Game::Xiangqi => {
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
            }
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Game::Chess => "Chess",
            Game::Chess960 => "Chess960",
            Game::Xiangqi => "Xiangqi",
        })
    }
}

/// The two sides. In xiangqi `White` is Red, which moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side a piece letter's case names: upper case White/Red, lower case Black.
    pub const fn of_letter_case(c: char) -> Color {
        if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The FEN side-to-move letter.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side's name in the given game ("White"/"Black" or "Red"/"Black").
    pub const fn name(self, game: Game) -> &'static str {
        match (self, game) {
            (Color::White, Game::Xiangqi) => "Red",
            (Color::White, _) => "White",
            (Color::Black, _) => "Black",
        }
    }
}

/// What a piece is. Xiangqi reuses the chess roles that share its FEN letters:
/// `King` is the general, `Bishop` the elephant, `Knight` the horse, `Rook` the chariot and
/// `Pawn` the soldier; `Advisor` and `Cannon` are xiangqi's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Advisor,
    Cannon,
}

impl Role {
    /// Every role of either game.
    pub const ALL: [Role; 8] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::Advisor,
        Role::Cannon,
    ];

    /// The lower-case FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'k',
            Role::Queen => 'q',
            Role::Rook => 'r',
            Role::Bishop => 'b',
            Role::Knight => 'n',
            Role::Pawn => 'p',
            Role::Advisor => 'a',
            Role::Cannon => 'c',
        }
    }

    /// The role a FEN letter (either case) names in `game`, strictly (no `E`/`H` aliases).
    pub fn from_letter(letter: char, game: Game) -> Option<Role> {
        let role = match letter.to_ascii_lowercase() {
            'k' => Role::King,
            'q' => Role::Queen,
            'r' => Role::Rook,
            'b' => Role::Bishop,
            'n' => Role::Knight,
            'p' => Role::Pawn,
            'a' => Role::Advisor,
            'c' => Role::Cannon,
            _ => return None,
        };
        game.roles().contains(&role).then_some(role)
    }

    /// The English name of the role in `game`.
    pub const fn name(self, game: Game) -> &'static str {
        match (self, game.is_xiangqi()) {
            (Role::King, false) => "king",
            (Role::King, true) => "general",
            (Role::Queen, _) => "queen",
            (Role::Rook, false) => "rook",
            (Role::Rook, true) => "chariot",
            (Role::Bishop, false) => "bishop",
            (Role::Bishop, true) => "elephant",
            (Role::Knight, false) => "knight",
            (Role::Knight, true) => "horse",
            (Role::Pawn, false) => "pawn",
            (Role::Pawn, true) => "soldier",
            (Role::Advisor, _) => "advisor",
            (Role::Cannon, _) => "cannon",
        }
    }
}

/// A piece: a role of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White/Red, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.letter();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece a FEN letter names in `game` (strict: no aliases). A direct match, because it
    /// runs for every piece of every record `fenboard check` reads.
    pub fn from_char(c: char, game: Game) -> Option<Piece> {
        let role = match c.to_ascii_lowercase() {
            'k' => Role::King,
            'r' => Role::Rook,
            'b' => Role::Bishop,
            'n' => Role::Knight,
            'p' => Role::Pawn,
            'q' if !game.is_xiangqi() => Role::Queen,
            'a' if game.is_xiangqi() => Role::Advisor,
            'c' if game.is_xiangqi() => Role::Cannon,
            _ => return None,
        };
        Some(Piece::new(Color::of_letter_case(c), role))
    }

    /// The piece a letter names in `game`, also accepting xiangqi's `E`/`H` for the elephant and
    /// the horse; the flag says whether such an alias was used.
    pub fn from_char_or_alias(c: char, game: Game) -> Option<(Piece, bool)> {
        if let Some(piece) = Piece::from_char(c, game) {
            return Some((piece, false));
        }
        let role = match c.to_ascii_lowercase() {
            'e' if game.is_xiangqi() => Role::Bishop,
            'h' if game.is_xiangqi() => Role::Knight,
            _ => return None,
        };
        Some((Piece::new(Color::of_letter_case(c), role), true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_round_trip_in_every_game() {
        for game in Game::ALL {
            for &role in game.roles() {
                for color in Color::BOTH {
                    let piece = Piece::new(color, role);
                    assert_eq!(Piece::from_char(piece.char(), game), Some(piece));
                }
            }
        }
    }

    #[test]
    fn letters_of_the_other_game_are_refused() {
        assert_eq!(Piece::from_char('Q', Game::Xiangqi), None);
        assert_eq!(Piece::from_char('c', Game::Chess), None);
        assert_eq!(Piece::from_char('a', Game::Chess960), None);
        assert_eq!(Piece::from_char('x', Game::Chess), None);
    }

    #[test]
    fn xiangqi_aliases_are_flagged_and_only_in_xiangqi() {
        let elephant = Piece::new(Color::White, Role::Bishop);
        let horse = Piece::new(Color::Black, Role::Knight);
        assert_eq!(
            Piece::from_char_or_alias('E', Game::Xiangqi),
            Some((elephant, true))
        );
        assert_eq!(
            Piece::from_char_or_alias('h', Game::Xiangqi),
            Some((horse, true))
        );
        assert_eq!(
            Piece::from_char_or_alias('B', Game::Xiangqi),
            Some((elephant, false))
        );
        assert_eq!(Piece::from_char_or_alias('e', Game::Chess), None);
        assert_eq!(Piece::from_char_or_alias('h', Game::Chess), None);
    }

    #[test]
    fn game_names_round_trip() {
        for game in Game::ALL {
            assert_eq!(Game::from_name(game.name()), Some(game));
        }
        assert_eq!(Game::from_name("shogi"), None);
    }
}

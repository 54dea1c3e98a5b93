//! Castling rules in one place: the two sides, where king and rook must stand for a right to
//! be possible, which rook a `K`/`Q` letter names (X-FEN, as shakmaty reads it), and the
//! letters a FEN writes for a set of rights (X-FEN or Shredder).

use super::fen::CastlingStyle;
use super::game::{Color, Game, Piece, Role};
use super::position::Position;
use super::square::Square;

/// The king's file in standard chess (the e-file).
pub const STANDARD_KING_FILE: u8 = 4;

/// A castling side: `K`/`k` is the h-side, `Q`/`q` the a-side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    King,
    Queen,
}

impl CastlingSide {
    pub const BOTH: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The FEN letter for `color` (`K`, `Q`, `k`, `q`).
    pub const fn letter(self, color: Color) -> char {
        match (self, color) {
            (CastlingSide::King, Color::White) => 'K',
            (CastlingSide::Queen, Color::White) => 'Q',
            (CastlingSide::King, Color::Black) => 'k',
            (CastlingSide::Queen, Color::Black) => 'q',
        }
    }

    /// The side a rook on `file` castles to, with the king on `king_file`.
    pub const fn of_rook(file: u8, king_file: u8) -> CastlingSide {
        if file > king_file {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        }
    }

    /// The files of this side of a king on `king_file` on a board `width` wide, outermost
    /// first.
    fn files(self, king_file: u8, width: u8) -> impl Iterator<Item = u8> {
        let (king_side, queen_side) = match self {
            CastlingSide::King => (Some((king_file + 1..width).rev()), None),
            CastlingSide::Queen => (None, Some(0..king_file)),
        };
        king_side
            .into_iter()
            .flatten()
            .chain(queen_side.into_iter().flatten())
    }
}

/// The file of `color`'s king on its back rank, when there is exactly one there (and, in
/// standard chess, it stands on the e-file): the king castling rights belong to.
pub fn king_file(pos: &Position, color: Color) -> Option<u8> {
    let back = pos.back_rank(color);
    let mut kings = pos.board.kings(color);
    let king = kings.next()?;
    if kings.next().is_some() || king.rank != back {
        return None;
    }
    match pos.game {
        Game::Chess => (king.file == STANDARD_KING_FILE).then_some(king.file),
        Game::Chess960 => Some(king.file),
        Game::Xiangqi => None,
    }
}

/// The king file rights are counted from: the castling king's, else the standard one.
pub fn king_file_or_standard(pos: &Position, color: Color) -> u8 {
    king_file(pos, color).unwrap_or(STANDARD_KING_FILE)
}

fn rook_on(pos: &Position, color: Color, file: u8) -> bool {
    pos.board.get(Square::new(file, pos.back_rank(color))) == Some(Piece::new(color, Role::Rook))
}

/// Whether a castling right with the rook on `file` is possible: the king and that rook stand
/// where castling needs them.
pub fn right_possible(pos: &Position, color: Color, file: u8) -> bool {
    let Some(king) = king_file(pos, color) else {
        return false;
    };
    match pos.game {
        Game::Chess => (file == 0 || file == 7) && rook_on(pos, color, file),
        Game::Chess960 => file != king && rook_on(pos, color, file),
        Game::Xiangqi => false,
    }
}

/// Every rook file on `side` of `color`'s king that a right could name, outermost first.
pub fn rooks(pos: &Position, color: Color, side: CastlingSide) -> Vec<u8> {
    let Some(king) = king_file(pos, color) else {
        return Vec::new();
    };
    side.files(king, pos.game.width())
        .filter(|&f| right_possible(pos, color, f))
        .collect()
}

/// The rook a new right on `side` uses: the outermost one that can castle.
pub fn outermost_rook(pos: &Position, color: Color, side: CastlingSide) -> Option<u8> {
    let king = king_file(pos, color)?;
    side.files(king, pos.game.width())
        .find(|&f| right_possible(pos, color, f))
}

/// The rook file `K` (king side) or `Q` names, as shakmaty reads X-FEN: the outermost piece of
/// `color` on its back rank among rooks and the king on that side; if that is not a rook, the
/// corner file.
pub fn xfen_rook(pos: &Position, color: Color, side: CastlingSide) -> u8 {
    let back = pos.back_rank(color);
    let width = pos.game.width();
    let is_candidate = |file: u8| {
        pos.board
            .get(Square::new(file, back))
            .filter(|p| p.color == color && matches!(p.role, Role::Rook | Role::King))
    };
    let outermost = match side {
        CastlingSide::King => (0..width)
            .rev()
            .find_map(|f| is_candidate(f).map(|p| (f, p))),
        CastlingSide::Queen => (0..width).find_map(|f| is_candidate(f).map(|p| (f, p))),
    };
    match (outermost, side) {
        (Some((file, p)), _) if p.role == Role::Rook => file,
        (_, CastlingSide::King) => width - 1,
        (_, CastlingSide::Queen) => 0,
    }
}

/// Whether every castling right is a standard one (king on the e-file, rook in the corner),
/// which both castling modes read alike.
pub fn all_standard(pos: &Position) -> bool {
    Color::BOTH.into_iter().all(|color| {
        let back = pos.back_rank(color);
        let mut files = pos.castling.files(color).peekable();
        files.peek().is_none()
            || (pos.board.get(Square::new(STANDARD_KING_FILE, back))
                == Some(Piece::new(color, Role::King))
                && files.all(|f| f == 0 || f == 7))
    })
}

/// One letter of a FEN's castling field and the right it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    pub letter: char,
    pub color: Color,
    pub file: u8,
}

/// The castling field's letters in the order a FEN writes them: White first, each side's
/// rooks from the h-side down; in X-FEN `K`/`Q` where reading them back names the same rook,
/// the file letter otherwise. Empty for no rights (the field is then `-`).
pub fn letters(pos: &Position, style: CastlingStyle) -> impl Iterator<Item = Letter> + '_ {
    let chess = pos.game.is_chess();
    Color::BOTH
        .into_iter()
        .filter(move |_| chess)
        .flat_map(move |color| {
            let king_side = xfen_rook(pos, color, CastlingSide::King);
            let queen_side = xfen_rook(pos, color, CastlingSide::Queen);
            let mut files = [0u8; 16];
            let mut n = 0;
            for file in pos.castling.files(color) {
                files[n] = file;
                n += 1;
            }
            files.into_iter().take(n).rev().map(move |file| {
                let c = match style {
                    CastlingStyle::XFen if file == king_side => 'k',
                    CastlingStyle::XFen if file == queen_side => 'q',
                    _ => (b'a' + file) as char,
                };
                let letter = match color {
                    Color::White => c.to_ascii_uppercase(),
                    Color::Black => c,
                };
                Letter {
                    letter,
                    color,
                    file,
                }
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen::read;

    fn pos(fen: &str) -> Position {
        read(fen, None).position.expect(fen)
    }

    #[test]
    fn standard_rights_sit_on_the_e_file_king_and_corner_rooks() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(king_file(&p, Color::White), Some(STANDARD_KING_FILE));
        assert_eq!(
            outermost_rook(&p, Color::White, CastlingSide::King),
            Some(7)
        );
        assert_eq!(rooks(&p, Color::Black, CastlingSide::Queen), vec![0]);
        let moved = pos("r3k2r/8/8/8/8/8/8/R4K1R w - - 0 1");
        assert_eq!(king_file(&moved, Color::White), None);
        assert!(!right_possible(&moved, Color::White, 7));
        assert_eq!(CastlingSide::of_rook(7, 4), CastlingSide::King);
        assert_eq!(CastlingSide::of_rook(0, 4), CastlingSide::Queen);
    }

    #[test]
    fn letters_follow_x_fen_and_shredder() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let x: String = letters(&p, CastlingStyle::XFen).map(|l| l.letter).collect();
        let s: String = letters(&p, CastlingStyle::Shredder)
            .map(|l| l.letter)
            .collect();
        assert_eq!((x.as_str(), s.as_str()), ("KQkq", "HAha"));
        let files: Vec<(Color, u8)> = letters(&p, CastlingStyle::XFen)
            .map(|l| (l.color, l.file))
            .collect();
        assert_eq!(
            files,
            [
                (Color::White, 7),
                (Color::White, 0),
                (Color::Black, 7),
                (Color::Black, 0)
            ]
        );
        // Two rooks on one side in Chess960: the inner one needs its file letter.
        let p = read("1r2k1rr/8/8/8/8/8/8/4K3 b g - 0 1", Some(Game::Chess960))
            .position
            .unwrap();
        assert_eq!(xfen_rook(&p, Color::Black, CastlingSide::King), 7);
        let x: String = letters(&p, CastlingStyle::XFen).map(|l| l.letter).collect();
        assert_eq!(x, "g");
    }
}

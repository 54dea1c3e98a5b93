//! How pieces are drawn: Unicode chess symbols, CJK xiangqi characters, or FEN letters.

use crate::core::{Color, Game, Piece, Role};

/// The piece glyph set chosen on the command line (`--ascii`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GlyphSet {
    #[default]
    Unicode,
    Ascii,
}

impl GlyphSet {
    pub fn from_ascii_flag(ascii: bool) -> GlyphSet {
        if ascii {
            GlyphSet::Ascii
        } else {
            GlyphSet::Unicode
        }
    }

    /// The text drawn for `piece`. Chess uses the filled symbols for both sides (the side is
    /// told by colour), except in monochrome where White takes the outlined symbols since no
    /// colour can tell them apart. U+265F (♟) has an emoji form: U+FE0E asks for the text form.
    pub fn piece(self, piece: Piece, game: Game, mono: bool) -> &'static str {
        if self == GlyphSet::Ascii {
            return ascii(piece);
        }
        if game.is_xiangqi() {
            return xiangqi(piece);
        }
        let outlined = mono && piece.color == Color::White;
        match (piece.role, outlined) {
            (Role::King, false) => "♚",
            (Role::Queen, false) => "♛",
            (Role::Rook, false) => "♜",
            (Role::Bishop, false) => "♝",
            (Role::Knight, false) => "♞",
            (Role::Pawn, false) => "♟\u{FE0E}",
            (Role::King, true) => "♔",
            (Role::Queen, true) => "♕",
            (Role::Rook, true) => "♖",
            (Role::Bishop, true) => "♗",
            (Role::Knight, true) => "♘",
            (Role::Pawn, true) => "♙",
            // Xiangqi roles on a chess board cannot be read from a FEN; letters keep them visible.
            (Role::Advisor | Role::Cannon, _) => ascii(piece),
        }
    }

    /// Columns a piece glyph of `game` takes: CJK characters are two wide.
    pub fn width(self, game: Game) -> u16 {
        if self == GlyphSet::Unicode && game.is_xiangqi() {
            2
        } else {
            1
        }
    }

    /// The river's two inscriptions.
    pub fn river(self) -> (&'static str, &'static str) {
        match self {
            GlyphSet::Unicode => ("楚 河", "漢 界"),
            GlyphSet::Ascii => ("CHU HE", "HAN JIE"),
        }
    }
}

fn xiangqi(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::King) => "帥",
        (Color::White, Role::Advisor) => "仕",
        (Color::White, Role::Bishop) => "相",
        (Color::White, Role::Knight) => "傌",
        (Color::White, Role::Rook) => "俥",
        (Color::White, Role::Cannon) => "炮",
        (Color::White, Role::Pawn) => "兵",
        (Color::Black, Role::King) => "將",
        (Color::Black, Role::Advisor) => "士",
        (Color::Black, Role::Bishop) => "象",
        (Color::Black, Role::Knight) => "馬",
        (Color::Black, Role::Rook) => "車",
        (Color::Black, Role::Cannon) => "砲",
        (Color::Black, Role::Pawn) => "卒",
        // A queen cannot be read into a xiangqi position; keep it visible all the same.
        (_, Role::Queen) => ascii(piece),
    }
}

fn ascii(piece: Piece) -> &'static str {
    const WHITE: [&str; 8] = ["K", "Q", "R", "B", "N", "P", "A", "C"];
    const BLACK: [&str; 8] = ["k", "q", "r", "b", "n", "p", "a", "c"];
    let i = match piece.role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
        Role::Advisor => 6,
        Role::Cannon => 7,
    };
    match piece.color {
        Color::White => WHITE[i],
        Color::Black => BLACK[i],
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    use super::*;

    #[test]
    fn every_glyph_takes_the_width_the_board_reserves() {
        for game in Game::ALL {
            for set in [GlyphSet::Unicode, GlyphSet::Ascii] {
                for &role in game.roles() {
                    for color in Color::BOTH {
                        for mono in [false, true] {
                            let g = set.piece(Piece::new(color, role), game, mono);
                            let mut buf = Buffer::empty(Rect::new(0, 0, 4, 1));
                            let (x, _) = buf.set_stringn(0, 0, g, 4, ratatui::style::Style::new());
                            assert_eq!(x, set.width(game), "{g:?} in {game}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn chess_uses_one_filled_set_for_both_sides_in_colour() {
        let w = GlyphSet::Unicode.piece(Piece::new(Color::White, Role::Queen), Game::Chess, false);
        let b = GlyphSet::Unicode.piece(Piece::new(Color::Black, Role::Queen), Game::Chess, false);
        assert_eq!(w, "♛");
        assert_eq!(w, b);
        let pawn =
            GlyphSet::Unicode.piece(Piece::new(Color::White, Role::Pawn), Game::Chess, false);
        assert!(
            pawn.ends_with('\u{FE0E}'),
            "the pawn must ask for text presentation"
        );
        let mono =
            GlyphSet::Unicode.piece(Piece::new(Color::White, Role::Queen), Game::Chess, true);
        assert_ne!(mono, b, "monochrome must tell the sides apart by shape");
    }

    #[test]
    fn xiangqi_sides_have_distinct_characters() {
        for &role in Game::Xiangqi.roles() {
            let red = GlyphSet::Unicode.piece(Piece::new(Color::White, role), Game::Xiangqi, true);
            let black =
                GlyphSet::Unicode.piece(Piece::new(Color::Black, role), Game::Xiangqi, true);
            assert_ne!(red, black, "{role:?}");
        }
    }
}

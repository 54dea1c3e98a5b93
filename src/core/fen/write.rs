//! Writes a `Position` as a canonical six-field FEN.

use std::fmt::Write;

use crate::core::game::{Color, Piece, Role};
use crate::core::position::Position;
use crate::core::square::Square;

/// How castling rights are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingStyle {
    /// `KQkq`, with file letters only where `K`/`Q` would be ambiguous.
    #[default]
    XFen,
    /// Always the rook's file letter (`HAha`).
    Shredder,
}

/// The canonical FEN of `pos`, castling in X-FEN.
pub fn write(pos: &Position) -> String {
    write_with(pos, CastlingStyle::XFen)
}

/// The canonical FEN of `pos`, castling in the given style.
pub fn write_with(pos: &Position, style: CastlingStyle) -> String {
    let game = pos.game;
    let mut out = String::with_capacity(90);
    for rank in (0..game.height()).rev() {
        let mut empty = 0;
        for file in 0..game.width() {
            match pos.board.get(Square::new(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(out, "{empty}");
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(pos.turn.letter());
    out.push(' ');
    let before = out.len();
    if game.is_chess() {
        for color in Color::BOTH {
            let back = pos.back_rank(color);
            let rook = Piece::new(color, Role::Rook);
            let rooks: Vec<u8> = (0..game.width())
                .filter(|&f| pos.board.get(Square::new(f, back)) == Some(rook))
                .collect();
            let mut files: Vec<u8> = pos.castling.files(color).collect();
            files.reverse();
            for file in files {
                let c = match style {
                    CastlingStyle::Shredder => (b'a' + file) as char,
                    CastlingStyle::XFen if rooks.last() == Some(&file) => 'k',
                    CastlingStyle::XFen if rooks.first() == Some(&file) => 'q',
                    CastlingStyle::XFen if rooks.is_empty() && file == 7 => 'k',
                    CastlingStyle::XFen if rooks.is_empty() && file == 0 => 'q',
                    CastlingStyle::XFen => (b'a' + file) as char,
                };
                out.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
    }
    if out.len() == before {
        out.push('-');
    }
    out.push(' ');
    match pos.ep {
        Some(sq) => {
            let _ = write!(out, "{}", sq.name(game));
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {} {}", pos.halfmove, pos.fullmove);
    out
}

//! Writes a `Position` as a canonical six-field FEN.

use std::fmt::Write;

use crate::core::castling;
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
    for letter in castling::letters(pos, style) {
        out.push(letter.letter);
    }
    if out.len() == before {
        out.push('-');
    }
    out.push(' ');
    match pos.ep.filter(|_| game.is_chess()) {
        Some(sq) => {
            let _ = write!(out, "{}", sq.name(game));
        }
        None => out.push('-'),
    }
    let _ = write!(out, " {} {}", pos.halfmove, pos.fullmove);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen::read;
    use crate::core::game::Game;

    fn rewrite(text: &str, style: CastlingStyle) -> String {
        let pos = read(text, None).position.expect(text);
        write_with(&pos, style)
    }

    #[test]
    fn start_positions_are_canonical() {
        for game in [Game::Chess, Game::Xiangqi] {
            assert_eq!(write(&Position::start(game)), game.start_fen());
        }
    }

    #[test]
    fn x_fen_uses_file_letters_only_where_k_or_q_would_name_another_rook() {
        // Chess960 with an inner rook holding the right: K would name the outer rook.
        assert_eq!(
            rewrite("4k3/8/8/8/8/8/8/4K1RR w G - 0 1", CastlingStyle::XFen),
            "4k3/8/8/8/8/8/8/4K1RR w G - 0 1"
        );
        assert_eq!(
            rewrite(
                "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
                CastlingStyle::XFen
            ),
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"
        );
        // A queen-side rook only: q, not k, even though it is the last rook on the rank.
        assert_eq!(
            rewrite(
                "rn1qkbn1/1p2p1pr/2pp4/1Q3p1p/1p1P4/N5PP/b1P1PP2/R1BK1BNR b q - 0 10",
                CastlingStyle::XFen
            ),
            "rn1qkbn1/1p2p1pr/2pp4/1Q3p1p/1p1P4/N5PP/b1P1PP2/R1BK1BNR b q - 0 10"
        );
    }

    #[test]
    fn shredder_always_uses_files() {
        assert_eq!(
            rewrite(Game::Chess.start_fen(), CastlingStyle::Shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
    }

    #[test]
    fn xiangqi_writes_dashes_for_castling_and_ep() {
        let mut pos = Position::start(Game::Xiangqi);
        pos.ep = Some(Square::new(4, 2));
        pos.halfmove = 3;
        pos.fullmove = 7;
        assert_eq!(
            write(&pos),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 3 7"
        );
    }
}

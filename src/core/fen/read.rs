//! Reads a FEN record into a `Position` and the diagnostics of its text.
//!
//! Minimal strict reader: the full lenient reader replaces it.

use crate::core::diagnostic::{Code, Diagnostic};
use crate::core::game::{Color, Game, Piece};
use crate::core::position::{Castling, Position};
use crate::core::square::Square;

/// The result of reading one FEN record: the position when the text could be turned into one
/// (it may still be illegal), and every problem found in the text.
#[derive(Clone, Debug)]
pub struct Read {
    pub position: Option<Position>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `text` as a FEN of `game`, or of the game its shape says when `game` is `None`.
pub fn read(text: &str, game: Option<Game>) -> Read {
    let mut diagnostics = Vec::new();
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        diagnostics.push(Diagnostic::error(Code::EmptyInput, 1, "the FEN is empty"));
        return Read {
            position: None,
            diagnostics,
        };
    }
    let ranks: Vec<&str> = fields[0].split('/').collect();
    let game = game.unwrap_or(if ranks.len() == 10 {
        Game::Xiangqi
    } else {
        Game::Chess
    });
    let mut pos = Position::empty(game);
    if ranks.len() != game.height() as usize {
        diagnostics.push(Diagnostic::error(
            Code::WrongRankCount,
            1,
            format!("{} ranks, {game} has {}", ranks.len(), game.height()),
        ));
    }
    for (row, rank_text) in ranks.iter().enumerate().take(game.height() as usize) {
        let rank = game.height() - 1 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file = file.saturating_add(d as u8);
            } else if let Some(piece) = Piece::from_char(c, game) {
                pos.board.set(Square::new(file, rank), Some(piece));
                file = file.saturating_add(1);
            } else {
                diagnostics.push(Diagnostic::error(
                    Code::InvalidPiece,
                    1,
                    format!("'{c}' is not a {game} piece"),
                ));
                file = file.saturating_add(1);
            }
        }
        if file != game.width() {
            diagnostics.push(Diagnostic::error(
                Code::WrongRankWidth,
                1,
                format!("rank is {file} squares wide, not {}", game.width()),
            ));
        }
    }
    match fields.get(1).copied().unwrap_or("w") {
        "w" | "r" => pos.turn = Color::White,
        "b" => pos.turn = Color::Black,
        other => diagnostics.push(Diagnostic::error(
            Code::InvalidSide,
            2,
            format!("'{other}' is not w or b"),
        )),
    }
    pos.castling = Castling::NONE;
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" {
        for c in castling.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = pos.back_rank(color);
            let rook = Piece::new(color, crate::core::game::Role::Rook);
            let rooks = || {
                (0..game.width())
                    .filter(move |&f| pos.board.get(Square::new(f, back)) == Some(rook))
            };
            let file = match c.to_ascii_lowercase() {
                'k' => rooks().next_back().unwrap_or(game.width() - 1),
                'q' => rooks().next().unwrap_or(0),
                f @ 'a'..='h' => f as u8 - b'a',
                _ => {
                    diagnostics.push(Diagnostic::error(
                        Code::InvalidCastling,
                        3,
                        format!("'{c}' is not a castling right"),
                    ));
                    continue;
                }
            };
            pos.castling.set(color, file, true);
        }
    }
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        match Square::parse(ep, game) {
            Some(sq) => pos.ep = Some(sq),
            None => diagnostics.push(Diagnostic::error(
                Code::InvalidEpSquare,
                4,
                format!("'{ep}' is not a square"),
            )),
        }
    }
    match fields.get(4).map(|f| f.parse::<u32>()) {
        None => {}
        Some(Ok(n)) => pos.halfmove = n,
        Some(Err(_)) => diagnostics.push(Diagnostic::error(
            Code::InvalidHalfmove,
            5,
            "the halfmove clock is not a number",
        )),
    }
    match fields.get(5).map(|f| f.parse::<u32>()) {
        None => {}
        Some(Ok(n)) => pos.fullmove = n.max(1),
        Some(Err(_)) => diagnostics.push(Diagnostic::error(
            Code::InvalidFullmove,
            6,
            "the fullmove number is not a number",
        )),
    }
    if fields.len() > 6 {
        diagnostics.push(Diagnostic::error(
            Code::TooManyFields,
            6,
            "more than six fields",
        ));
    }
    let position = (!diagnostics.iter().any(Diagnostic::is_error)).then_some(pos);
    Read {
        position,
        diagnostics,
    }
}

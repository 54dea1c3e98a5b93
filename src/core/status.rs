//! The status of a legal position: check, checkmate, stalemate, number of legal moves. Chess
//! through shakmaty, xiangqi through our own generator.

use shakmaty::{CastlingMode, Chess, FromSetup, Position as _, Setup};

use super::xiangqi::Mailbox;
use super::{Color, Game, Position, Role, legality};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    /// The side to move is in check (in xiangqi: its general is attacked, facing generals
    /// included).
    pub check: bool,
    /// In check with no legal move.
    pub checkmate: bool,
    /// Not in check, with no legal move. A draw in chess; in xiangqi the side to move loses.
    pub stalemate: bool,
    pub legal_moves: usize,
}

impl Status {
    /// Whether the side to move has no legal move: the game is over.
    pub const fn is_over(&self) -> bool {
        self.checkmate || self.stalemate
    }

    /// Whether the side to move has lost: checkmated, or in xiangqi left without a legal move
    /// (stalemate loses there, unlike in chess where it is a draw).
    pub const fn side_to_move_loses(&self, game: Game) -> bool {
        self.checkmate || (self.stalemate && game.is_xiangqi())
    }

    /// The JSON object `fenboard check --json` prints as `"status"`:
    /// `{"check": bool, "checkmate": bool, "stalemate": bool, "legal_moves": N}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "check": self.check,
            "checkmate": self.checkmate,
            "stalemate": self.stalemate,
            "legal_moves": self.legal_moves,
        })
    }

    /// A one-line summary for the side to move `turn` in `game`, such as "White to move,
    /// 20 legal moves", "Black is checkmated: White wins" or "Black has no legal move and
    /// loses".
    pub fn describe(&self, game: Game, turn: Color) -> String {
        let side = turn.name(game);
        let winner = turn.other().name(game);
        if self.checkmate {
            format!("{side} is checkmated: {winner} wins")
        } else if self.stalemate && game.is_xiangqi() {
            format!("{side} has no legal move and loses: {winner} wins")
        } else if self.stalemate {
            format!("{side} is stalemated: draw")
        } else {
            let plural = if self.legal_moves == 1 { "" } else { "s" };
            let check = if self.check { ", in check" } else { "" };
            format!(
                "{side} to move{check}, {} legal move{plural}",
                self.legal_moves
            )
        }
    }
}

/// The status of `pos`, or `None` when the position is not legal.
pub fn status(pos: &Position) -> Option<Status> {
    if legality::diagnose(pos).iter().any(|d| d.is_error()) {
        return None;
    }
    let (check, legal_moves) = if pos.game.is_xiangqi() {
        let mut mb = Mailbox::new(pos).ok()?;
        (mb.in_check(), mb.count_legal())
    } else {
        let chess = to_chess(pos).ok()?;
        (chess.is_check(), chess.legal_moves().len())
    };
    Some(Status {
        check,
        checkmate: check && legal_moves == 0,
        stalemate: !check && legal_moves == 0,
        legal_moves,
    })
}

/// The castling mode a chess game's moves are written and validated in.
pub fn castling_mode(game: Game) -> CastlingMode {
    match game {
        Game::Chess960 => CastlingMode::Chess960,
        Game::Chess | Game::Xiangqi => CastlingMode::Standard,
    }
}

/// `pos` as a shakmaty position, or shakmaty's reason for refusing it (a message).
pub fn to_chess(pos: &Position) -> Result<Chess, String> {
    if !pos.game.is_chess() {
        return Err(format!("{} is not a chess game", pos.game));
    }
    let mut setup = Setup::empty();
    for (sq, piece) in pos.board.pieces() {
        let role = match piece.role {
            Role::King => shakmaty::Role::King,
            Role::Queen => shakmaty::Role::Queen,
            Role::Rook => shakmaty::Role::Rook,
            Role::Bishop => shakmaty::Role::Bishop,
            Role::Knight => shakmaty::Role::Knight,
            Role::Pawn => shakmaty::Role::Pawn,
            Role::Advisor | Role::Cannon => {
                return Err(format!(
                    "a {} is not a chess piece",
                    piece.role.name(pos.game)
                ));
            }
        };
        if sq.file >= 8 || sq.rank >= 8 {
            return Err("a piece stands off the chess board".to_string());
        }
        setup.board.set_piece_at(
            chess_square(sq.file, sq.rank),
            shakmaty::Piece {
                color: shakmaty_color(piece.color),
                role,
            },
        );
    }
    for color in Color::BOTH {
        let rank = pos.back_rank(color);
        for file in pos.castling.files(color).filter(|&f| f < 8) {
            setup.castling_rights.add(chess_square(file, rank));
        }
    }
    setup.turn = shakmaty_color(pos.turn);
    setup.ep_square = pos
        .ep
        .filter(|s| s.file < 8 && s.rank < 8)
        .map(|s| chess_square(s.file, s.rank));
    setup.halfmoves = pos.halfmove;
    setup.fullmoves =
        std::num::NonZeroU32::new(pos.fullmove.max(1)).unwrap_or(std::num::NonZeroU32::MIN);
    Chess::from_setup(setup, castling_mode(pos.game)).map_err(|e| e.to_string())
}

fn chess_square(file: u8, rank: u8) -> shakmaty::Square {
    shakmaty::Square::from_coords(
        shakmaty::File::new(file as u32),
        shakmaty::Rank::new(rank as u32),
    )
}

fn shakmaty_color(color: Color) -> shakmaty::Color {
    match color {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_the_documented_keys() {
        let s = status(&Position::start(Game::Xiangqi)).unwrap();
        assert_eq!(
            s.to_json().to_string(),
            r#"{"check":false,"checkmate":false,"legal_moves":44,"stalemate":false}"#
        );
    }

    #[test]
    fn foreign_pieces_are_refused_not_misread() {
        let mut pos = Position::start(Game::Chess);
        pos.board.set(
            crate::core::Square::new(3, 3),
            Some(crate::core::Piece::new(Color::White, Role::Cannon)),
        );
        assert!(to_chess(&pos).unwrap_err().contains("cannon"));
        assert_eq!(status(&pos), None);
    }
}

//! The status of a legal position: check, checkmate, stalemate, number of legal moves. Chess
//! through shakmaty, xiangqi through our own generator.

use shakmaty::Position as _;

use super::legality::chess::to_chess;
use super::xiangqi::Mailbox;
use super::{Color, Game, Position, legality};

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
    status_of_legal(pos)
}

/// The status of a position whose legality diagnostics the caller already has and found free of
/// errors (so they are not computed twice); `None` if the move generator still refuses it.
pub fn status_of_legal(pos: &Position) -> Option<Status> {
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
    fn status_of_legal_matches_status_on_legal_positions() {
        for fen in [
            Game::Chess.start_fen(),
            Game::Xiangqi.start_fen(),
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "k7/8/1Q6/8/8/8/8/K7 b - - 0 1",
        ] {
            let pos = crate::core::fen::read(fen, None).position.unwrap();
            assert!(status(&pos).is_some(), "{fen}");
            assert_eq!(status_of_legal(&pos), status(&pos), "{fen}");
        }
    }

    #[test]
    fn foreign_pieces_are_refused_not_misread() {
        let mut pos = Position::start(Game::Chess);
        pos.board.set(
            crate::core::Square::new(3, 3),
            Some(crate::core::Piece::new(
                Color::White,
                crate::core::Role::Cannon,
            )),
        );
        assert!(to_chess(&pos).unwrap_err().contains("cannon"));
        assert_eq!(status(&pos), None);
    }
}

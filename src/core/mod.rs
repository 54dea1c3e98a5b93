//! The games themselves: squares, pieces, boards, positions, FEN, diagnostics and rules.
//! Nothing here knows about terminals.

pub mod board;
pub mod castling;
pub mod diagnostic;
pub mod escape;
pub mod fen;
pub mod game;
pub mod position;
pub mod square;

pub use board::Board;
pub use castling::CastlingSide;
pub use diagnostic::{Code, DiagArg, Diagnostic, Severity};
pub use game::{Color, Game, Piece, Role};
pub use position::{Castling, Position};
pub use square::Square;
pub mod chess960;
pub mod legality;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod status;
pub mod xiangqi;

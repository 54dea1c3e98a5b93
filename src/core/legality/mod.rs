//! Legality of a position: chess through shakmaty's validation, xiangqi after Pikafish's setup
//! checks, and consistency warnings for both.

pub mod chess;
mod consistency;
mod retro;
mod xiangqi;

pub use chess::only_chess960_reaches;

use super::{Diagnostic, Position};

/// Every legality error and consistency warning of `pos`, all at once. Cheap enough to run after
/// every edit: a legal position costs no allocation beyond shakmaty's own validation.
pub fn diagnose(pos: &Position) -> Vec<Diagnostic> {
    diagnose_with(pos, true)
}

/// Like [`diagnose`], without the retro-legality errors (positions no game can reach): for move
/// generation, which any position the rules of play accept can feed.
pub fn diagnose_without_history(pos: &Position) -> Vec<Diagnostic> {
    diagnose_with(pos, false)
}

fn diagnose_with(pos: &Position, history: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if pos.game.is_xiangqi() {
        xiangqi::diagnose(pos, &mut out);
        // Retro rules only on positions that pass the cheap checks.
        if history && !out.iter().any(Diagnostic::is_error) {
            retro::diagnose_xiangqi(pos, &mut out);
        }
    } else {
        chess::diagnose(pos, history, &mut out);
    }
    consistency::diagnose(pos, &mut out);
    out
}

/// A list of square names for messages: `e1, e8`.
fn square_list(squares: &[super::Square], game: super::Game) -> String {
    let mut out = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&sq.name(game).to_string());
    }
    out
}

#[cfg(test)]
mod tests;

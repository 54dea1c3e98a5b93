//! Warnings about fields that parse and are not illegal, but that no game reaches: an en
//! passant square with a running halfmove clock, a halfmove clock longer than the game, a clock
//! at or past the draw limit.

use crate::core::diagnostic::{Code, DiagArg, Diagnostic};
use crate::core::fen::Field;
use crate::core::game::Color;
use crate::core::position::Position;

pub(super) fn diagnose(pos: &Position, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    if let Some(ep) = pos.ep
        && pos.halfmove != 0
    {
        out.push(
            Diagnostic::warning(
                Code::EpWithHalfmove,
                Field::Halfmove,
                format!(
                    "the en passant square {} says a pawn just moved, so the halfmove clock should be 0, not {}",
                    ep.name(game),
                    pos.halfmove
                ),
            )
            .arg("ep", DiagArg::text(ep.name(game).to_string()))
            .arg("clock", DiagArg::num(pos.halfmove))
            .with_squares([ep]),
        );
    }
    // Plies played before this position: two per full move, plus one when Black is to move.
    let plies = u64::from(pos.fullmove.max(1) - 1) * 2 + u64::from(pos.turn == Color::Black);
    if u64::from(pos.halfmove) > plies {
        out.push(
            Diagnostic::warning(
                Code::HalfmoveImpossible,
                Field::Halfmove,
                format!(
                    "the halfmove clock {} is more than the {plies} plies played by move {}",
                    pos.halfmove, pos.fullmove
                ),
            )
            .arg("clock", DiagArg::num(pos.halfmove))
            .arg("plies", DiagArg::num(plies))
            .arg("move", DiagArg::num(pos.fullmove)),
        );
    }
    let limit = game.draw_plies();
    if pos.halfmove >= limit {
        out.push(
            Diagnostic::warning(
                Code::DrawLimit,
                Field::Halfmove,
                format!(
                    "the halfmove clock {} is at or past the {limit}-ply draw limit of {}",
                    pos.halfmove,
                    if game.is_xiangqi() {
                        "xiangqi"
                    } else {
                        "chess"
                    }
                ),
            )
            .arg("clock", DiagArg::num(pos.halfmove))
            .arg("limit", DiagArg::num(limit)),
        );
    }
}

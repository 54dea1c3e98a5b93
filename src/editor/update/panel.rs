//! The fields panel: side to move, castling rights, en passant square and the clocks.

use crate::core::castling::{self, CastlingSide};
use crate::core::fen::Field;
use crate::core::{Color, Game, Position};

use super::super::effect::Notice;
use super::super::fields;
use super::super::state::{Focus, State};
use super::Towards;
use super::board::toggle_side;
use super::change::{Rights, commit, edit};

/// ← →: the previous or next value of the selected field.
pub(crate) fn field_step(state: &mut State, towards: Towards) {
    match state.field {
        Field::Side => toggle_side(state),
        Field::EnPassant => ep_step(state, towards),
        Field::Halfmove | Field::Fullmove => clock_step(state, towards),
        Field::Placement | Field::Castling | Field::Operations => {}
    }
}

fn ep_step(state: &mut State, towards: Towards) {
    if state.position.game.is_xiangqi() {
        state.notice = Some(Notice::NotInXiangqi);
        return;
    }
    let next = fields::cycle_ep(&state.position, towards);
    if next.is_none() && fields::ep_candidates(&state.position).is_empty() {
        state.notice = Some(Notice::NoEpCandidates);
    }
    edit(state, |p| p.ep = next);
}

/// Space/Enter on the selected field.
pub(super) fn field_activate(state: &mut State) {
    match state.field {
        Field::Placement => state.focus = Focus::Board,
        Field::Side | Field::EnPassant => field_step(state, Towards::Next),
        Field::Castling => toggle_chess960(state),
        Field::Halfmove | Field::Fullmove | Field::Operations => {}
    }
}

/// Switches between standard and Chess960 castling (the board stays).
fn toggle_chess960(state: &mut State) {
    let game = match state.position.game {
        Game::Chess => Game::Chess960,
        Game::Chess960 => Game::Chess,
        Game::Xiangqi => {
            state.notice = Some(Notice::NotInXiangqi);
            return;
        }
    };
    edit(state, |p| p.game = game);
    state.notice = Some(Notice::GameSwitched(game));
}

/// `K`/`Q`/`k`/`q`: the next right on that side, or why there is none.
pub(super) fn toggle_castling(state: &mut State, color: Color, side: CastlingSide) {
    let pos = state.position;
    if pos.game.is_xiangqi() {
        state.notice = Some(Notice::NotInXiangqi);
        return;
    }
    if let Some(castling) = fields::cycle_right(&pos, color, side) {
        commit(state, Position { castling, ..pos }, Rights::AsGiven);
        return;
    }
    let as_960 = Position {
        game: Game::Chess960,
        ..pos
    };
    let needs_960 = pos.game == Game::Chess && fields::cycle_right(&as_960, color, side).is_some();
    state.notice = Some(if needs_960 {
        Notice::CastlingNeedsChess960(color, side)
    } else {
        Notice::CastlingImpossible(color, side)
    });
}

/// A click on a castling letter: that rook's right off, or on where the board allows it.
pub(super) fn toggle_castling_file(state: &mut State, color: Color, file: u8) {
    let pos = state.position;
    let mut new = pos;
    if pos.castling.has(color, file) {
        new.castling.set(color, file, false);
    } else if castling::right_possible(&pos, color, file) {
        new.castling.set(color, file, true);
    } else {
        let king = pos
            .board
            .kings(color)
            .next()
            .map_or(castling::STANDARD_KING_FILE, |k| k.file);
        let side = CastlingSide::of_rook(file, king);
        state.notice = Some(Notice::CastlingImpossible(color, side));
        return;
    }
    commit(state, new, Rights::AsGiven);
}

/// A digit typed into the selected clock: it replaces the value, then appends.
pub(super) fn clock_digit(state: &mut State, digit: u8) {
    clock_edit(state, |v, typing| {
        (fields::clock_digit(v, digit, typing), true)
    });
}

pub(super) fn clock_backspace(state: &mut State) {
    clock_edit(state, |v, _| (v / 10, v / 10 > 0));
}

/// `+`/`-` (and ← → on a clock): one up or down.
pub(super) fn clock_step(state: &mut State, towards: Towards) {
    // Never past the cap typing has; a larger value read from a FEN stays as it is.
    let mut capped = false;
    clock_edit(state, |v, _| match towards {
        Towards::Next => {
            capped = v >= fields::CLOCK_MAX;
            (if capped { v } else { v + 1 }, false)
        }
        Towards::Prev => (v.saturating_sub(1), false),
    });
    if capped {
        state.notice = Some(Notice::ClockAtMax(fields::CLOCK_MAX));
    }
}

/// Edits the selected clock with `f(value, typing) -> (value, typing)`.
fn clock_edit(state: &mut State, f: impl FnOnce(u32, bool) -> (u32, bool)) {
    let field = state.field;
    if !field.is_clock() {
        state.notice = Some(Notice::Unbound("digit".into()));
        return;
    }
    let typing = state.clock_typing;
    let value = if field == Field::Halfmove {
        state.position.halfmove
    } else {
        state.position.fullmove
    };
    let (value, typing) = f(value, typing);
    edit(state, |p| {
        if field == Field::Halfmove {
            p.halfmove = value;
        } else {
            p.fullmove = value.max(1);
        }
    });
    state.clock_typing = typing;
}

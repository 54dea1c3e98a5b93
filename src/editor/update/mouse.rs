//! The mouse, in board terms: press, release (a click or a drag), right click, and clicks on
//! the panel's fields.

use crate::core::Square;
use crate::core::fen::Field;

use super::super::state::{Focus, State};
use super::Towards;
use super::board::put;
use super::change::edit;
use super::fen_line::{leave_fen_line, leave_for_board};
use super::panel::field_step;

pub(super) fn down(state: &mut State, sq: Square) {
    if sq.on_board(state.game()) && leave_for_board(state) {
        state.mouse_down = Some(sq);
        state.cursor = sq;
    }
}

/// The button comes up: on the square it went down on, a click (puts the brush); on another,
/// a drag (moves the piece); off the board, the piece is dragged away.
pub(super) fn up(state: &mut State, target: Option<Square>) {
    let Some(from) = state.mouse_down.take() else {
        return;
    };
    let game = state.game();
    match target.filter(|sq| sq.on_board(game)) {
        Some(to) if to == from => {
            state.cursor = to;
            if let Some(piece) = state.brush {
                put(state, piece);
            }
        }
        Some(to) => {
            if let Some(piece) = state.position.board.get(from) {
                edit(state, |p| {
                    p.board.set(from, None);
                    p.board.set(to, Some(piece));
                });
            }
            state.cursor = to;
        }
        None => {
            edit(state, |p| {
                p.board.set(from, None);
            });
        }
    }
}

pub(super) fn right_click(state: &mut State, sq: Square) {
    if sq.on_board(state.game()) && leave_for_board(state) {
        state.cursor = sq;
        edit(state, |p| {
            p.board.set(sq, None);
        });
    }
}

/// A click on a panel field selects it; on the side or ep field it also changes the value.
pub(super) fn click_field(state: &mut State, field: Field) {
    leave_fen_line(state);
    if state.focus != Focus::FenLine {
        state.focus = Focus::Fields;
        state.field = field;
        if matches!(field, Field::Side | Field::EnPassant) {
            field_step(state, Towards::Next);
        }
    }
}

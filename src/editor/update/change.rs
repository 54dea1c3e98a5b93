//! Changing the position: every edit goes through here as one undo step, and the derived
//! data (FEN, diagnostics, status) is refreshed once.

use crate::core::{Diagnostic, Position};

use super::super::fields;
use super::super::state::State;

/// What happens to the castling rights of a new position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rights {
    /// They follow the board: every right the board makes possible (after clear or initial,
    /// until the user toggles one).
    FollowBoard,
    /// They stay as given, less those the board makes impossible.
    AsGiven,
}

impl Rights {
    /// The rights mode the state is in.
    fn of(state: &State) -> Rights {
        if state.castling_auto {
            Rights::FollowBoard
        } else {
            Rights::AsGiven
        }
    }
}

/// Changes the position through `f` as one undo step; castling then follows the board (or
/// loses what the board made impossible).
pub(super) fn edit(state: &mut State, f: impl FnOnce(&mut Position)) -> bool {
    let mut new = state.position;
    f(&mut new);
    let rights = Rights::of(state);
    commit(state, new, rights)
}

/// Makes `new` the position as one undo step (none when nothing changes).
pub(super) fn commit(state: &mut State, mut new: Position, rights: Rights) -> bool {
    match rights {
        Rights::FollowBoard => fields::follow_board(&mut new),
        Rights::AsGiven => fields::drop_impossible_rights(&mut new),
    }
    set_position(state, new, rights)
}

/// Makes `new` the position exactly as given, as one undo step (none when nothing changes:
/// then a text being edited gives way to what the position stands for).
pub(super) fn set_position(state: &mut State, new: Position, rights: Rights) -> bool {
    let auto = rights == Rights::FollowBoard;
    if new == state.position && auto == state.castling_auto {
        if state.fen_line.editing {
            stop_editing_line(state);
            state.refresh();
        }
        return false;
    }
    replace(state, new, auto);
    true
}

/// Makes `new` the position as one undo step, even when it equals the one there: the text
/// that did not read which the old one stood in for is gone with it.
fn replace(state: &mut State, new: Position, castling_auto: bool) {
    state.history.push(state.snapshot());
    state.unread = None;
    stop_editing_line(state);
    state.position = new;
    state.castling_auto = castling_auto;
    after_change(state);
}

/// Bookkeeping after the position changed.
pub(super) fn after_change(state: &mut State) {
    state.read_diagnostics.clear();
    state.record_changed =
        state.position != state.base || state.unread.is_some() != state.base_unread;
    if let Some((piece, from)) = state.picked
        && state.position.board.get(from) != Some(piece)
    {
        state.picked = None;
    }
    state.refresh();
}

/// The FEN line stops holding the user's text: it shows the position's FEN again, or the
/// text that did not read which the position stands in for.
pub(super) fn stop_editing_line(state: &mut State) {
    match &state.unread {
        Some(text) => state.fen_line = text.clone(),
        None => {
            state.fen_line.editing = false;
            state.fen_line.preview = None;
            state.fen_line.diagnostics.clear();
        }
    }
}

/// Loads a position read from text as one undo step, keeping its reading warnings on show.
/// Over a text that did not read, it is a change even when the board looks the same.
pub(super) fn load_position(state: &mut State, pos: Position, warnings: Vec<Diagnostic>) {
    if state.unread.is_some() {
        replace(state, pos, false);
    } else {
        set_position(state, pos, Rights::AsGiven);
    }
    state.read_diagnostics = warnings;
    state.picked = None;
    if !state.cursor.on_board(pos.game) || state.position.game != pos.game {
        state.cursor = state.home_square();
    }
    state.refresh();
}

//! The FEN line: editing its text (the board previews it while it reads), applying it, and
//! leaving it only with a text that reads.

use super::super::action::LineEdit;
use super::super::effect::Notice;
use super::super::fen_line::read_record;
use super::super::state::{Focus, State};
use super::change::load_position;

pub(super) fn line_edit(state: &mut State, edit: LineEdit) {
    let line = &mut state.fen_line;
    let changed = match edit {
        LineEdit::Insert(c) => {
            line.insert(c.encode_utf8(&mut [0; 4]));
            true
        }
        LineEdit::InsertText(text) => {
            line.insert(&text);
            !text.is_empty()
        }
        LineEdit::Left => {
            line.left();
            false
        }
        LineEdit::Right => {
            line.right();
            false
        }
        LineEdit::Home => {
            line.home();
            false
        }
        LineEdit::End => {
            line.end();
            false
        }
        LineEdit::Backspace => line.backspace(),
        LineEdit::Delete => line.delete(),
        LineEdit::DeleteToStart => line.delete_to_start(),
    };
    if changed {
        let read = read_record(&state.fen_line.text, state.position.game).0;
        state.fen_line.editing = true;
        state.fen_line.preview = read.position;
        state.fen_line.diagnostics = read.diagnostics;
        state.refresh();
    }
}

/// Loads `pos` read from a text and puts the text's EPD operations (`ops`) into the record:
/// one undo step for both, even when the position stays as it was.
pub(super) fn load_with_operations(
    state: &mut State,
    pos: crate::core::Position,
    warnings: Vec<crate::core::Diagnostic>,
    ops: Option<&str>,
) {
    let before = state.snapshot();
    let steps = state.history.undo_len();
    load_position(state, pos, warnings);
    if let Some(ops) = ops {
        super::record::put_operations(state, ops);
        if state.history.undo_len() == steps && state.snapshot() != before {
            state.history.push(before);
        }
    }
}

/// Enter: the text becomes the position (one undo step) when it reads; the operations of a
/// whole EPD record go into the record with it.
pub(super) fn line_apply(state: &mut State) {
    if !state.fen_line.editing {
        state.focus = Focus::Board;
        return;
    }
    match state.fen_line.preview {
        Some(pos) => {
            let warnings = std::mem::take(&mut state.fen_line.diagnostics);
            let ops = read_record(&state.fen_line.text, state.position.game).1;
            load_with_operations(state, pos, warnings, ops.as_deref());
            state.focus = Focus::Board;
            state.notice = Some(Notice::FenApplied);
        }
        None => state.notice = Some(Notice::FenLineHasErrors),
    }
}

/// Leaves the FEN line: applies a text that reads; refuses (and says so) one that does not.
/// Returns whether focus may move on.
pub(super) fn leave_fen_line(state: &mut State) -> bool {
    if state.focus != Focus::FenLine || !state.fen_line.editing {
        return true;
    }
    if state.fen_line.preview.is_some() {
        line_apply(state);
        true
    } else {
        state.notice = Some(Notice::FenLineHasErrors);
        false
    }
}

/// A FEN line text that reads counts as what the user wants when saving or quitting.
pub(super) fn apply_pending_line(state: &mut State) {
    if state.fen_line.editing && state.fen_line.preview.is_some() {
        let focus = state.focus;
        line_apply(state);
        state.focus = focus;
    }
}

/// A click on the board takes the focus there, applying a FEN line text that reads; a text
/// that does not read keeps the focus (and the text) and says so.
pub(super) fn leave_for_board(state: &mut State) -> bool {
    if !leave_fen_line(state) {
        return false;
    }
    state.focus = Focus::Board;
    true
}

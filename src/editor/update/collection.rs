//! The collection: moving through its records (the current record is written back only when
//! the user changed it, and records are read when visited), adding and deleting records,
//! saving and quitting.

use super::super::effect::{Effect, Notice};
use super::super::state::{Overlay, RecordKind, State};
use super::Towards;
use super::fen_line::apply_pending_line;

/// Writes the current position into the collection when the user changed it. Returns whether
/// a collection is open.
fn write_back(state: &mut State) -> bool {
    let fen = state.position_fen();
    let Some(collection) = state.collection.as_mut() else {
        return false;
    };
    if state.record_changed {
        if state.record < collection.len() {
            collection.replace(state.record, &fen);
        } else {
            // An empty collection: the edited position becomes its first record.
            state.record = collection.insert_after(collection.len().saturating_sub(1), &fen);
        }
        state.record_changed = false;
        state.base = state.position;
        state.base_unread = false;
    }
    true
}

/// Opens record `i` (reading it now). A record that does not read shows its text in the FEN
/// line, but the focus stays where it was: the next `]` moves on instead of being typed into
/// the text (`/` edits it).
fn open(state: &mut State, i: usize) {
    let focus = state.focus;
    let Some((text, epd)) = state
        .collection
        .as_ref()
        .map(|c| (c.fen(i).to_owned(), c.operations(i).is_some()))
    else {
        return;
    };
    state.record = i;
    let kind = if epd {
        RecordKind::Epd
    } else {
        RecordKind::Fen
    };
    state.load_record_text(&text, None, kind);
    if state.fen_line_unread() {
        state.focus = focus;
        state.notice = Some(Notice::RecordHasErrors(i));
    }
}

/// `[` / `]`: the previous or next record.
pub(super) fn step(state: &mut State, towards: Towards) {
    let Some(len) = state.collection.as_ref().map(|c| c.len()) else {
        state.notice = Some(Notice::NoCollection);
        return;
    };
    let target = if towards == Towards::Next {
        state.record + 1
    } else {
        match state.record.checked_sub(1) {
            Some(i) => i,
            None => {
                state.notice = Some(Notice::FirstRecord);
                return;
            }
        }
    };
    if target >= len {
        state.notice = Some(Notice::LastRecord);
        return;
    }
    write_back(state);
    open(state, target);
}

/// The terminal runtime read the collection again (`state.collection` is new): the same record, or the
/// last one when the file is shorter now, opens; the edits are gone.
pub(super) fn reloaded(state: &mut State) {
    let Some(len) = state.collection.as_ref().map(|c| c.len()) else {
        return;
    };
    state.record_changed = false;
    if len == 0 {
        state.record = 0;
    } else {
        open(state, state.record.min(len - 1));
    }
    if state.notice.is_none() {
        state.notice = Some(Notice::Reloaded);
    }
}

/// `+`: a new record after this one, holding the current position.
pub(super) fn add(state: &mut State) {
    if !write_back(state) {
        state.notice = Some(Notice::NoCollection);
        return;
    }
    let fen = state.position_fen();
    // The new record is a copy of this one: its operations (author, source, stipulation,
    // solution) come with it, each as written.
    let ops = state.record_operations().map(str::to_owned);
    if let Some(collection) = state.collection.as_mut() {
        let at = collection.insert_after(state.record, &fen);
        for op in ops
            .iter()
            .flat_map(|ops| crate::collection::epd::operations(ops))
        {
            let op = op.trim();
            let (code, operand) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
            collection.set_operation(at, code, operand.trim(), &[]);
        }
        state.record = at;
        state.base = state.position;
        state.record_changed = false;
        // The new record holds the board's FEN, not the text the board stood in for.
        state.unread = None;
        state.base_unread = false;
        state.fen_line = crate::editor::FenLine::showing("");
        state.refresh();
        state.history.clear();
        state.notice = Some(Notice::RecordAdded(at));
    }
}

/// Deletes the current record (the user confirmed) and opens the one that takes its place.
pub(super) fn delete(state: &mut State) {
    let Some(collection) = state.collection.as_mut() else {
        state.notice = Some(Notice::NoCollection);
        return;
    };
    if collection.len() <= 1 {
        state.notice = Some(Notice::OnlyRecord);
        return;
    }
    let deleted = state.record;
    collection.remove(deleted);
    let next = deleted.min(collection.len() - 1);
    state.record_changed = false;
    open(state, next);
    state.notice = Some(Notice::RecordDeleted(deleted));
}

/// `D`: asks first.
pub(super) fn ask_delete(state: &mut State) {
    if state.collection.is_some() {
        state.overlay = Some(Overlay::ConfirmDelete);
    } else {
        state.notice = Some(Notice::NoCollection);
    }
}

/// Ctrl-S: the current record goes into the collection, which the terminal runtime then saves.
pub(super) fn save(state: &mut State) -> Option<Effect> {
    apply_pending_line(state);
    if write_back(state) {
        state.notice = Some(Notice::Saving);
        Some(Effect::Save)
    } else {
        state.notice = Some(Notice::NoCollection);
        None
    }
}

/// Ctrl-Q: quits, unless a FEN line that does not read or unsaved changes need an answer
/// first.
pub(super) fn quit(state: &mut State) -> Option<Effect> {
    apply_pending_line(state);
    if state.fen_line_unread() {
        state.overlay = Some(Overlay::QuitUnread);
        None
    } else if state.is_modified() {
        state.overlay = Some(Overlay::ConfirmQuit);
        None
    } else {
        Some(quit_effect(state))
    }
}

/// How the editor ends on a quit the user confirmed: printing the FEN on screen, or nothing
/// when the FEN line does not read (the board then shows no position the user typed).
pub(super) fn quit_effect(state: &State) -> Effect {
    if state.fen_line_unread() {
        Effect::QuitUnread
    } else {
        Effect::Quit(state.position_fen())
    }
}

/// "Save and quit": saves, and quits once the save succeeded (`save_done`).
pub(super) fn save_and_quit(state: &mut State) -> Effect {
    if write_back(state) {
        state.quit_after_save = true;
        state.notice = Some(Notice::Saving);
        Effect::Save
    } else {
        quit_effect(state)
    }
}

/// The save met a file changed on disk: ask (a quit-save waits for the answer, with
/// `quit_after_save` kept).
pub(super) fn changed_on_disk(state: &mut State) {
    state.overlay = Some(Overlay::ChangedOnDisk);
    state.notice = None; // "saving…" is over: the question says why.
}

/// The terminal runtime's report on the reload.
pub(super) fn reload_done(state: &mut State, result: Result<(), String>) {
    state.quit_after_save = false;
    match result {
        Ok(()) => reloaded(state),
        Err(why) => state.notice = Some(Notice::ReloadFailed(why)),
    }
}

/// The terminal runtime's report on the save.
pub(super) fn save_done(state: &mut State, result: Result<(), String>) -> Option<Effect> {
    match result {
        Ok(()) => {
            state.notice = Some(Notice::Saved);
            std::mem::take(&mut state.quit_after_save).then(|| quit_effect(state))
        }
        Err(why) => {
            state.quit_after_save = false;
            state.notice = Some(Notice::SaveFailed(why));
            None
        }
    }
}

/// The process is being killed: the edited record goes into the collection for the rescue
/// file.
pub(super) fn write_back_for_rescue(state: &mut State) {
    write_back(state);
}

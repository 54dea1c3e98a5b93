//! Moving through a collection's records: the current record is written back only when the
//! user changed it, and records are read when visited.

use super::effect::Notice;
use super::state::State;

/// Writes the current position into the collection when the user changed it. Returns whether
/// a collection is open.
pub(crate) fn write_back(state: &mut State) -> bool {
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
    state.load_record_text(&text, None, epd);
    if state.fen_line_unread() {
        state.focus = focus;
        state.notice = Some(Notice::RecordHasErrors(i));
    }
}

/// `[` / `]`: the previous or next record.
pub(crate) fn step(state: &mut State, forward: bool) {
    let Some(len) = state.collection.as_ref().map(|c| c.len()) else {
        state.notice = Some(Notice::NoCollection);
        return;
    };
    let target = if forward {
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

/// The shell read the collection again (`state.collection` is new): the same record, or the
/// last one when the file is shorter now, opens; the edits are gone.
pub(crate) fn reloaded(state: &mut State) {
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
pub(crate) fn add(state: &mut State) {
    if !write_back(state) {
        state.notice = Some(Notice::NoCollection);
        return;
    }
    let fen = state.position_fen();
    if let Some(collection) = state.collection.as_mut() {
        let at = collection.insert_after(state.record, &fen);
        state.record = at;
        state.base = state.position;
        state.record_changed = false;
        state.history.clear();
        state.notice = Some(Notice::RecordAdded(at));
    }
}

/// Deletes the current record (the user confirmed) and opens the one that takes its place.
pub(crate) fn delete(state: &mut State) {
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

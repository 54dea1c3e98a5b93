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

/// Opens record `i` (reading it now): a record that does not read opens in the FEN line.
fn open(state: &mut State, i: usize) {
    let Some((text, epd)) = state
        .collection
        .as_ref()
        .map(|c| (c.fen(i).to_owned(), c.operations(i).is_some()))
    else {
        return;
    };
    state.record = i;
    state.load_record_text(&text, None, epd);
    if state.fen_line.editing {
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

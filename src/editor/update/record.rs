//! The Record overlay (`i`): choosing a row of the record's operations, typing its value, and
//! writing it into the record (or the position's own operations when no collection is open),
//! each change one undo step.

use super::super::effect::Notice;
use super::super::fen_line::FenLine;
use super::super::record::{
    self, Change, Entry, Known, RecordEdit, RecordView, Slot, VALUE_MAX, ValueError,
};
use super::super::state::{Overlay, State};
use super::Towards;
use crate::collection::record::{self as line, OpEdit};

/// The overlay's rows for the state's current record.
pub fn entries(state: &State) -> Vec<Entry> {
    record::entries(state.record_operations(), state.stipulation().as_deref())
}

/// `i`: opens the overlay on its first row, or closes it.
pub(super) fn toggle(state: &mut State) {
    state.overlay = match state.overlay {
        Some(Overlay::Record(_)) => None,
        _ => Some(Overlay::Record(Box::new(RecordView {
            selected: 0,
            edit: None,
        }))),
    };
}

fn view(state: &mut State) -> Option<&mut RecordView> {
    match &mut state.overlay {
        Some(Overlay::Record(view)) => Some(view),
        _ => None,
    }
}

/// ↑ ↓: the row above or below (the list does not wrap).
pub(super) fn select(state: &mut State, towards: Towards) {
    let rows = entries(state).len();
    if let Some(v) = view(state) {
        v.selected = match towards {
            Towards::Next => (v.selected + 1).min(rows - 1),
            Towards::Prev => v.selected.saturating_sub(1),
        };
    }
}

/// Enter: starts typing into the chosen row, or writes what was typed.
pub(super) fn choose(state: &mut State) {
    if view(state).is_some_and(|v| v.edit.is_some()) {
        return submit(state);
    }
    let rows = entries(state);
    let Some(v) = view(state) else {
        return;
    };
    let entry = &rows[v.selected.min(rows.len() - 1)];
    v.edit = Some(RecordEdit {
        slot: entry.slot.clone(),
        line: FenLine::editing_text(&record::prefill(entry), None, Vec::new()),
        error: None,
    });
}

/// `+`: types a new operation on the last row.
pub(super) fn add(state: &mut State) {
    let last = entries(state).len() - 1;
    if let Some(v) = view(state) {
        v.selected = last;
        v.edit = Some(RecordEdit {
            slot: Slot::New,
            line: FenLine::editing_text("", None, Vec::new()),
            error: None,
        });
    }
}

/// Typing into the value: the FEN line's editing keys, up to [`VALUE_MAX`] characters.
pub(super) fn line_edit(state: &mut State, edit: crate::editor::LineEdit) {
    use crate::editor::LineEdit;
    let Some(RecordEdit { line, error, .. }) = view(state).and_then(|v| v.edit.as_mut()) else {
        return;
    };
    match edit {
        LineEdit::Insert(c) if line.len() < VALUE_MAX => line.insert(c.encode_utf8(&mut [0; 4])),
        LineEdit::InsertText(text) => {
            let room = VALUE_MAX.saturating_sub(line.len());
            line.insert(&text.chars().take(room).collect::<String>());
        }
        LineEdit::Insert(_) => return,
        LineEdit::Left => line.left(),
        LineEdit::Right => line.right(),
        LineEdit::Home => line.home(),
        LineEdit::End => line.end(),
        LineEdit::Backspace => {
            line.backspace();
        }
        LineEdit::Delete => {
            line.delete();
        }
        LineEdit::DeleteToStart => {
            line.delete_to_start();
        }
    }
    *error = None;
}

/// Esc: stops typing (the record unchanged), else closes the overlay. Returns whether the
/// overlay took the key.
pub(super) fn escape(state: &mut State) -> bool {
    let Some(v) = view(state) else {
        return false;
    };
    if v.edit.take().is_none() {
        state.overlay = None;
    }
    true
}

/// Enter on a typed value: written into the record as one undo step, or refused with the reason
/// (the text stays).
fn submit(state: &mut State) {
    let Some(edit) = view(state).and_then(|v| v.edit.clone()) else {
        return;
    };
    let result =
        record::change(&edit.slot, &edit.line.text).and_then(|c| apply(state, &edit.slot, c));
    match result {
        Ok(()) => {
            let rows = entries(state).len();
            if let Some(v) = view(state) {
                v.edit = None;
                v.selected = v.selected.min(rows - 1);
            }
        }
        Err(why) => {
            if let Some(RecordEdit { error, .. }) = view(state).and_then(|v| v.edit.as_mut()) {
                *error = Some(why);
            }
        }
    }
}

/// Delete on a row: its operation goes (one undo step); nothing to remove says so.
pub(super) fn remove(state: &mut State) {
    let rows = entries(state);
    let Some(v) = view(state) else {
        return;
    };
    if v.edit.is_some() {
        return;
    }
    let slot = rows[v.selected.min(rows.len() - 1)].slot.clone();
    match apply(state, &slot, Change::Remove) {
        Ok(()) => {
            let rows = entries(state).len();
            if let Some(v) = view(state) {
                v.selected = v.selected.min(rows - 1);
            }
        }
        Err(_) => state.notice = Some(Notice::NothingToRemove),
    }
}

/// Makes `change` to `slot`'s operation as one undo step.
fn apply(state: &mut State, slot: &Slot, change: Change) -> Result<(), ValueError> {
    let ops = state.record_operations().map(str::to_owned);
    let index = match slot {
        Slot::Known(k) => record::known_index(ops.as_deref(), *k),
        Slot::Other { index, .. } => Some(*index),
        Slot::New => None,
    };
    let code = match slot {
        Slot::Known(k) => k.opcode().to_owned(),
        Slot::Other { code, .. } => code.clone(),
        Slot::New => String::new(),
    };
    let before = state.snapshot();
    let notice = match change {
        Change::Stipulation(ask) => {
            super::solve::store_in_record(state, ask);
            return if state.stipulation().as_deref() == Some(&ask.stipulation.to_string()) {
                Ok(())
            } else {
                Err(ValueError::DoesNotFit)
            };
        }
        Change::Remove => {
            let Some(i) = index else {
                return Err(ValueError::DoesNotFit);
            };
            edit_ops(state, OpEdit::Remove(i))?;
            // The stipulation row stands for both `stip` and `dm`: neither stays.
            if let Slot::Known(k @ Known::Stipulation) = slot {
                while let Some(i) = record::known_index(state.record_operations(), *k) {
                    edit_ops(state, OpEdit::Remove(i))?;
                }
            }
            Notice::OperationRemoved(code)
        }
        Change::Write(op) => {
            let written = record::split_op(&op).0.to_owned();
            match index {
                Some(i) => edit_ops(state, OpEdit::Replace(i, &op))?,
                None => edit_ops(state, OpEdit::Append(&op))?,
            }
            Notice::OperationSet(written)
        }
    };
    if state.snapshot() != before {
        state.history.push(before);
    }
    state.notice = Some(notice);
    Ok(())
}

/// A stand-in for the position fields of a position without a collection, so that its
/// operations are edited by the same rules as a record's.
const LOOSE_FIELDS: &str = "8/8/8/8/8/8/8/8 w - -";

/// Applies `edit` to the current record's operations, or to the position's own when no
/// collection is open.
fn edit_ops(state: &mut State, edit: OpEdit) -> Result<(), ValueError> {
    let record = state.record;
    let done = match state.collection.as_mut() {
        Some(c) => c.edit_operation(record, edit),
        None => match loose_line(&state.loose_operations, |text, parts| {
            line::edit_operation(text, parts, edit, true)
        }) {
            Some(ops) => {
                state.loose_operations = ops;
                true
            }
            None => false,
        },
    };
    if done {
        state.refresh();
        Ok(())
    } else {
        Err(ValueError::DoesNotFit)
    }
}

/// Sets operation `opcode` to `operand` (dropping those named in `drop`) in the current
/// record, or in the position's own operations: what `S` does with the stipulation. Returns
/// whether the record holds it now.
pub(super) fn set_operation(state: &mut State, opcode: &str, operand: &str, drop: &[&str]) -> bool {
    let record = state.record;
    match state.collection.as_mut() {
        Some(c) => c.set_operation(record, opcode, operand, drop),
        None => match loose_line(&state.loose_operations, |text, parts| {
            line::set_operation(text, parts, opcode, operand, drop, true)
        }) {
            Some(ops) => {
                state.loose_operations = ops;
                true
            }
            None => false,
        },
    }
}

/// Sets each operation of `ops` (as written) in the current record, or in the position's own:
/// one of the same name is replaced where it stands, the others go after the record's. Returns
/// whether the record took them all.
pub(super) fn put_operations(state: &mut State, ops: &str) -> bool {
    let mut all = true;
    for op in crate::collection::epd::operations(ops) {
        let (code, operand) = record::split_op(op);
        all &= set_operation(state, code, operand, &[]);
    }
    state.refresh();
    all
}

/// Runs `f` on a record line made of [`LOOSE_FIELDS`] and `ops`; the operations of the line it
/// gives back.
fn loose_line(ops: &str, f: impl FnOnce(&str, &line::Parts) -> Option<String>) -> Option<String> {
    let text = format!("{LOOSE_FIELDS} {ops}");
    let new = f(&text, &line::parts(&text, true))?;
    let parts = line::parts(&new, true);
    Some(parts.ops.map(|r| new[r].to_owned()).unwrap_or_default())
}

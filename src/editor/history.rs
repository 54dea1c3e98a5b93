//! Undo and redo: one snapshot per user action, unlimited.

use crate::core::Position;

use super::fen_line::FenLine;
use crate::collection::RecordLine;

/// What one undo step restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub position: Position,
    pub castling_auto: bool,
    /// The text that did not read which the position stood in for (`State::unread`).
    pub unread: Option<FenLine>,
    /// The current record's line in the collection: its EPD operations (the stipulation `S`
    /// stores) change with undo too.
    pub record_line: Option<RecordLine>,
    /// The operations of a position without a collection (`State::loose_operations`).
    pub loose_operations: String,
}

/// The states before each change (undo) and those undone (redo).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl History {
    /// Records the state before a change; a new change forgets what was undone.
    pub fn push(&mut self, before: Snapshot) {
        self.undo.push(before);
        self.redo.clear();
    }

    /// Steps back from `current`, returning the state to restore.
    pub fn undo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let before = self.undo.pop()?;
        self.redo.push(current);
        Some(before)
    }

    /// Steps forward again from `current`.
    pub fn redo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let after = self.redo.pop()?;
        self.undo.push(current);
        Some(after)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

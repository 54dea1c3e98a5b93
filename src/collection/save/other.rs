//! Elsewhere (Windows): a saved file is the saver's, and a rescue file is created new, which
//! fails on any name that exists, a symbolic link included; it gets the folder's permissions.

use std::fs::{File, Metadata, OpenOptions};

/// Files here have no Unix owner to keep.
pub fn keep_owner(_: &File, _: &Metadata) {}

/// How a rescue file is created: new, never over anything that has its name.
pub fn rescue_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    options
}

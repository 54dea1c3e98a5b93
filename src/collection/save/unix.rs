//! Unix: a saved file keeps its owner and group, and a rescue file is private and never follows
//! a symbolic link.

#![cfg(unix)]

use std::fs::{File, Metadata, OpenOptions};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, fchown};

/// Gives the new file the owner and group of the old one, as far as allowed: root can give any,
/// an ordinary user only a group they belong to. What cannot be kept becomes the saver's, as
/// for a new file (vim does the same).
pub fn keep_owner(file: &File, original: &Metadata) {
    let Ok(now) = file.metadata() else { return };
    if (now.uid(), now.gid()) == (original.uid(), original.gid()) {
        return;
    }
    if fchown(file, Some(original.uid()), Some(original.gid())).is_err() {
        let _ = fchown(file, None, Some(original.gid()));
    }
}

/// How a rescue file is created: new (`O_CREAT|O_EXCL`), never through a symbolic link
/// (`O_NOFOLLOW`), readable by its owner only (mode 0600, as nano's).
pub fn rescue_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW)
        .mode(0o600);
    options
}

//! arboard's errors as the status bar says them.

/// arboard's error in few words: the status bar has one line.
pub(super) fn arboard_error(e: arboard::Error) -> String {
    match e {
        arboard::Error::Unknown { description } => description,
        e => e.to_string(),
    }
}

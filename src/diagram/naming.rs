//! The names of diagram files: one per record of a collection, beside it.

use std::path::{Path, PathBuf};

/// A file name for a record's image: its EPD id made safe for any file system, or
/// `line-N`.
pub fn file_stem(id: Option<&str>, line: usize) -> String {
    let safe: String = id
        .unwrap_or("")
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let safe = safe.trim_matches(['.', '_']);
    if safe.is_empty() {
        format!("line-{line}")
    } else {
        safe.chars().take(80).collect()
    }
}

/// Where `d` in the editor writes: beside the collection, or in the current folder.
pub fn export_folder(collection: Option<&Path>) -> PathBuf {
    collection
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_safe() {
        assert_eq!(file_stem(Some("WAC.001"), 3), "WAC.001");
        assert_eq!(file_stem(Some("../../etc/passwd"), 3), "etc_passwd");
        assert_eq!(file_stem(Some("a/b c"), 3), "a_b_c");
        assert_eq!(file_stem(Some(".."), 7), "line-7");
        assert_eq!(file_stem(None, 7), "line-7");
    }
}

//! The names of diagram files: one per record of a collection, beside it; for a position
//! without a file, `diagram`, `diagram-2`, … (the first name free), so that no earlier one is
//! replaced.

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

/// The stem of the position's diagram when it has no collection.
pub const LOOSE_STEM: &str = "diagram";

/// The first of `stem`, `stem-2`, `stem-3`, … for which no file with any of `extensions` is in
/// `folder`: a new name, so that writing it replaces nothing.
pub fn first_free_stem(folder: &Path, stem: &str, extensions: &[&str]) -> String {
    (1u64..)
        .map(|n| match n {
            1 => stem.to_owned(),
            n => format!("{stem}-{n}"),
        })
        .find(|candidate| {
            extensions.iter().all(|ext| {
                std::fs::symlink_metadata(folder.join(format!("{candidate}.{ext}"))).is_err()
            })
        })
        .unwrap_or_else(|| stem.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loose_diagram_takes_the_first_name_no_file_has() {
        let dir = std::env::temp_dir().join(format!("fenboard-naming-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let free = |d: &Path| first_free_stem(d, LOOSE_STEM, &["svg", "png"]);
        assert_eq!(free(&dir), "diagram");
        std::fs::write(dir.join("diagram.svg"), "x").unwrap();
        assert_eq!(free(&dir), "diagram-2");
        // Either file of a pair takes the name: the PNG alone too.
        std::fs::write(dir.join("diagram-2.png"), "x").unwrap();
        assert_eq!(free(&dir), "diagram-3");
        // A gap left by a deleted pair is used again.
        std::fs::remove_file(dir.join("diagram.svg")).unwrap();
        assert_eq!(free(&dir), "diagram");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_names_are_safe() {
        assert_eq!(file_stem(Some("WAC.001"), 3), "WAC.001");
        assert_eq!(file_stem(Some("../../etc/passwd"), 3), "etc_passwd");
        assert_eq!(file_stem(Some("a/b c"), 3), "a_b_c");
        assert_eq!(file_stem(Some(".."), 7), "line-7");
        assert_eq!(file_stem(None, 7), "line-7");
    }
}

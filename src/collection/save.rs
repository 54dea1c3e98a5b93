//! Writing a file so that a crash, a full disk or a vanished folder never leaves it half
//! written: a temporary file in the same folder is written, flushed to disk and renamed over the
//! original, whose permissions it takes. Also the `FILE.save` rescue files.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::SystemTime;

/// A file operation that failed: what was being done, on which path, and why.
#[derive(Debug)]
pub struct FileError {
    /// What failed, as a verb phrase: "create a temporary file in", "write", "replace", …
    pub action: &'static str,
    pub path: PathBuf,
    pub source: io::Error,
}

impl FileError {
    fn new(action: &'static str, path: &Path, source: io::Error) -> FileError {
        FileError {
            action,
            path: path.to_owned(),
            source,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot {} {}: {}",
            self.action,
            self.path.display(),
            self.source
        )
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Replaces the contents of `path` with `bytes` atomically: readers see the old file or the new
/// one, never a mix. A symbolic link is followed (the file it names is replaced, the link kept).
/// On error the original file is untouched and no temporary file is left behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic_like(path, bytes, None)
}

/// `write_atomic`, where a file that does not exist yet takes the permissions of `like` (so
/// that the rescue copy of a private file is private too).
pub fn write_atomic_like(path: &Path, bytes: &[u8], like: Option<&Path>) -> Result<(), FileError> {
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).unwrap_or(path.to_owned()),
        _ => path.to_owned(),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| {
            FileError::new(
                "save to",
                path,
                io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"),
            )
        })?
        .to_owned();
    let permissions = fs::metadata(&target)
        .or_else(|e| like.map_or(Err(e), fs::metadata))
        .ok()
        .map(|m| m.permissions());

    let (tmp_path, mut tmp) = create_temporary(&dir, &name)?;
    let written = (|| {
        tmp.write_all(bytes)
            .map_err(|e| FileError::new("write", &tmp_path, e))?;
        tmp.sync_all()
            .map_err(|e| FileError::new("flush to disk", &tmp_path, e))?;
        if let Some(p) = permissions {
            fs::set_permissions(&tmp_path, p)
                .map_err(|e| FileError::new("set the permissions of", &tmp_path, e))?;
        }
        drop(tmp);
        fs::rename(&tmp_path, &target).map_err(|e| FileError::new("replace", &target, e))
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp_path);
        return written;
    }
    // The rename is only durable once the folder itself is on disk. Some file systems refuse to
    // sync a folder; the file is saved all the same.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new, empty temporary file beside the target, named after it so a user who finds one left
/// by a power cut knows what it was.
fn create_temporary(dir: &Path, name: &std::ffi::OsStr) -> Result<(PathBuf, File), FileError> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    loop {
        let mut tmp_name = OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(
            ".{}.{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp_path = dir.join(tmp_name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o666)
            .open(&tmp_path)
        {
            Ok(f) => return Ok((tmp_path, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(FileError::new("create a temporary file in", dir, e)),
        }
    }
}

/// Where the unsaved changes of `path` go when fenboard is killed: `FILE.save`, as nano does.
pub fn rescue_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".save");
    PathBuf::from(s)
}

/// The rescue file of `path` when there is one written after `path` was last changed (or `path`
/// does not exist): unsaved work that the user may want back.
pub fn newer_rescue(path: &Path) -> Option<PathBuf> {
    let rescue = rescue_path(path);
    let rescued = modified(&rescue)?;
    match modified(path) {
        Some(original) if original >= rescued => None,
        _ => Some(rescue),
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).ok()?.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fenboard-save-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_contents_and_keeps_permissions() {
        let dir = scratch("perm");
        let path = dir.join("a.fen");
        fs::write(&path, "old\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, b"new\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(entries(&dir), ["a.fen"], "no temporary file is left");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_symlink_is_followed_and_kept() {
        let dir = scratch("link");
        let real = dir.join("real.fen");
        let link = dir.join("link.fen");
        fs::write(&real, "old\n").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new\n").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new\n");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_that_names_it() {
        let dir = scratch("gone");
        let path = dir.join("sub").join("a.fen");
        let err = write_atomic(&path, b"x").unwrap_err();
        assert_eq!(err.action, "create a temporary file in");
        assert!(err.to_string().contains("sub"), "{err}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn rescue_is_newer_only_when_written_after_the_file() {
        let dir = scratch("rescue");
        let path = dir.join("a.fen");
        let rescue = rescue_path(&path);
        assert_eq!(rescue, dir.join("a.fen.save"));
        assert_eq!(newer_rescue(&path), None);
        fs::write(&rescue, "x").unwrap();
        assert_eq!(newer_rescue(&path), Some(rescue.clone()), "file missing");
        fs::write(&path, "y").unwrap();
        let t = SystemTime::now();
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(t)
            .unwrap();
        File::options()
            .write(true)
            .open(&rescue)
            .unwrap()
            .set_modified(t - std::time::Duration::from_secs(60))
            .unwrap();
        assert_eq!(newer_rescue(&path), None, "older rescue");
        File::options()
            .write(true)
            .open(&rescue)
            .unwrap()
            .set_modified(t + std::time::Duration::from_secs(60))
            .unwrap();
        assert_eq!(newer_rescue(&path), Some(rescue));
        fs::remove_dir_all(dir).unwrap();
    }
}

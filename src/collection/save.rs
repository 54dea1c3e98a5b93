//! Writing a file so that a crash, a full disk or a vanished folder never leaves it half
//! written: a temporary file in the same folder is written, flushed to disk and renamed over the
//! original, whose permissions, owner and group it takes. Also the `FILE.save` rescue files.
//!
//! The rename gives the file a new inode: hard links to the old one keep the old contents (the
//! README says so, as vim's `backupcopy` documentation does).

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::SystemTime;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix::{keep_owner, rescue_options};

#[cfg(not(unix))]
mod other;
#[cfg(not(unix))]
use other::{keep_owner, rescue_options};

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

// No `source()`: the message already ends with the reason, and an error chain printed with
// `{:#}` would say it twice.
impl std::error::Error for FileError {}

/// Replaces the contents of `path` with `bytes` atomically: readers see the old file or the new
/// one, never a mix. A symbolic link is followed (the file it names is replaced, the link kept).
/// On error the original file is untouched and no temporary file is left behind.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
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
    let original = fs::metadata(&target).ok();

    let (tmp_path, mut tmp) = create_temporary(&dir, &name)?;
    let written = (|| {
        tmp.write_all(bytes)
            .map_err(|e| FileError::new("write", &tmp_path, e))?;
        tmp.sync_all()
            .map_err(|e| FileError::new("flush to disk", &tmp_path, e))?;
        if let Some(m) = &original {
            // Owner first: changing it may clear the set-user-ID bit the mode then restores.
            keep_owner(&tmp, m);
            fs::set_permissions(&tmp_path, m.permissions())
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
            .open(&tmp_path)
        {
            Ok(f) => return Ok((tmp_path, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(FileError::new("create a temporary file in", dir, e)),
        }
    }
}

/// The first rescue name of `path`: `FILE.save`; later ones are `FILE.save.1`, `.2`, … (as nano
/// names them).
pub fn rescue_path(path: &Path) -> PathBuf {
    rescue_name(path, 0)
}

fn rescue_name(path: &Path, n: u32) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".save");
    if n > 0 {
        s.push(format!(".{n}"));
    }
    PathBuf::from(s)
}

/// How many rescue names are tried before giving up.
const MAX_RESCUES: u32 = 1000;

/// Writes `bytes` to a rescue file of `path` that did not exist: `FILE.save`, or the first of
/// `FILE.save.1`, `.2`, … that is free. An earlier rescue is never overwritten, and a name taken
/// by anything — a file, a folder, a symbolic link planted by someone else — is skipped, never
/// followed (on Unix `O_CREAT|O_EXCL|O_NOFOLLOW`). On Unix the file is private (mode 0600, as
/// nano's), whatever the original's mode. Returns the path written.
pub fn write_rescue(path: &Path, bytes: &[u8]) -> Result<PathBuf, FileError> {
    for n in 0..MAX_RESCUES {
        let rescue = rescue_name(path, n);
        let created = rescue_options().open(&rescue);
        let mut file = match created {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(FileError::new("create", &rescue, e)),
        };
        let written = file
            .write_all(bytes)
            .map_err(|e| FileError::new("write", &rescue, e))
            .and_then(|()| {
                file.sync_all()
                    .map_err(|e| FileError::new("flush to disk", &rescue, e))
            });
        return match written {
            Ok(()) => Ok(rescue),
            Err(e) => {
                // Only this file, just created by us: a half-written rescue misleads.
                drop(file);
                let _ = fs::remove_file(&rescue);
                Err(e)
            }
        };
    }
    Err(FileError::new(
        "create",
        &rescue_name(path, MAX_RESCUES),
        io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{MAX_RESCUES} rescue files exist already"),
        ),
    ))
}

/// The rescue files of `path` written after `path` was last changed (or when `path` does not
/// exist), in the order they were named: unsaved work that the user may want back. Only regular
/// files count: a symbolic link with a rescue's name is nobody's work.
pub fn newer_rescues(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let listed = if dir.as_os_str().is_empty() {
        fs::read_dir(".")
    } else {
        fs::read_dir(dir)
    };
    let Ok(entries) = listed else {
        return Vec::new();
    };
    let mut prefix = name.to_owned();
    prefix.push(".save");
    let prefix = prefix.as_encoded_bytes().to_vec();
    let original = modified(path);
    let mut found: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let n = rescue_number(entry.file_name().as_encoded_bytes(), &prefix)?;
            let meta = entry.metadata().ok()?;
            if !meta.file_type().is_file() {
                return None;
            }
            let rescued = meta.modified().ok()?;
            match original {
                Some(t) if t >= rescued => None,
                _ => Some((n, rescue_name(path, n))),
            }
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, p)| p).collect()
}

/// The number of a rescue file name: 0 for `FILE.save`, `n` for `FILE.save.n`.
fn rescue_number(name: &[u8], prefix: &[u8]) -> Option<u32> {
    let rest = name.strip_prefix(prefix)?;
    if rest.is_empty() {
        return Some(0);
    }
    let digits = rest.strip_prefix(b".")?;
    if digits.is_empty() || digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// What a file held when it was read or written: enough to tell, before saving over it, whether
/// someone else changed it meanwhile. The size and a hash of the contents, not the time: two
/// saves within one tick of the file system's clock have the same modification time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    len: u64,
    hash: u64,
}

impl Fingerprint {
    pub fn of(bytes: &[u8]) -> Fingerprint {
        use std::hash::{DefaultHasher, Hasher};
        let mut h = DefaultHasher::new();
        h.write(bytes);
        Fingerprint {
            len: bytes.len() as u64,
            hash: h.finish(),
        }
    }

    /// The fingerprint of the file at `path` now; `None` when there is no file there.
    pub fn on_disk(path: &Path) -> io::Result<Option<Fingerprint>> {
        match fs::metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
            Ok(_) => {}
        }
        match fs::read(path) {
            Ok(bytes) => Ok(Some(Fingerprint::of(&bytes))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).ok()?.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fenboard-save-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[cfg(unix)]
    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[cfg(unix)]
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

    #[cfg(unix)]
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

    /// What the README says: the rename makes a new file, so a hard link keeps the old one.
    #[test]
    fn a_hard_link_keeps_the_old_contents() {
        let dir = scratch("hardlink");
        let path = dir.join("a.fen");
        let other = dir.join("b.fen");
        fs::write(&path, "old\n").unwrap();
        fs::hard_link(&path, &other).unwrap();
        write_atomic(&path, b"new\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        assert_eq!(fs::read(&other).unwrap(), b"old\n");
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

    fn set_mtime(path: &Path, t: SystemTime) {
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(t)
            .unwrap();
    }

    #[test]
    fn rescues_are_newer_only_when_written_after_the_file() {
        let dir = scratch("rescue");
        let path = dir.join("a.fen");
        let rescue = rescue_path(&path);
        assert_eq!(rescue, dir.join("a.fen.save"));
        assert_eq!(newer_rescues(&path), Vec::<PathBuf>::new());
        fs::write(&rescue, "x").unwrap();
        assert_eq!(
            newer_rescues(&path),
            std::slice::from_ref(&rescue),
            "file missing"
        );
        fs::write(&path, "y").unwrap();
        let t = SystemTime::now();
        set_mtime(&path, t);
        set_mtime(&rescue, t - std::time::Duration::from_secs(60));
        assert_eq!(newer_rescues(&path), Vec::<PathBuf>::new(), "older rescue");
        set_mtime(&rescue, t + std::time::Duration::from_secs(60));
        assert_eq!(newer_rescues(&path), [rescue]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_second_rescue_never_overwrites_the_first() {
        let dir = scratch("twice");
        let path = dir.join("a.fen");
        fs::write(&path, "file\n").unwrap();
        let first = write_rescue(&path, b"first\n").unwrap();
        let second = write_rescue(&path, b"second\n").unwrap();
        let third = write_rescue(&path, b"third\n").unwrap();
        assert_eq!(first, dir.join("a.fen.save"));
        assert_eq!(second, dir.join("a.fen.save.1"));
        assert_eq!(third, dir.join("a.fen.save.2"));
        assert_eq!(fs::read(&first).unwrap(), b"first\n");
        assert_eq!(fs::read(&second).unwrap(), b"second\n");
        assert_eq!(fs::read(&third).unwrap(), b"third\n");
        set_mtime(
            &path,
            SystemTime::now() - std::time::Duration::from_secs(60),
        );
        assert_eq!(
            newer_rescues(&path),
            [first, second, third],
            "all listed, in order"
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_symlink_is_neither_followed_nor_replaced() {
        let dir = scratch("symlink");
        let path = dir.join("a.fen");
        let victim = dir.join("victim");
        fs::write(&path, "file\n").unwrap();
        fs::write(&victim, "precious\n").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("a.fen.save")).unwrap();
        // A dangling link too: O_CREAT alone would create its target.
        std::os::unix::fs::symlink(dir.join("created"), dir.join("a.fen.save.1")).unwrap();
        let rescue = write_rescue(&path, b"edits\n").unwrap();
        assert_eq!(rescue, dir.join("a.fen.save.2"));
        assert_eq!(fs::read(&victim).unwrap(), b"precious\n");
        assert!(!dir.join("created").exists());
        assert!(
            fs::symlink_metadata(dir.join("a.fen.save"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&rescue).unwrap(), b"edits\n");
        set_mtime(
            &path,
            SystemTime::now() - std::time::Duration::from_secs(60),
        );
        assert_eq!(newer_rescues(&path), [rescue], "links are not rescues");
        fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_rescue_is_private_whatever_the_file() {
        let dir = scratch("private");
        let path = dir.join("a.fen");
        fs::write(&path, "file\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let rescue = write_rescue(&path, b"edits\n").unwrap();
        let mode = fs::metadata(&rescue).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn names_that_are_not_rescues_are_not_listed() {
        let prefix = b"a.fen.save";
        assert_eq!(rescue_number(b"a.fen.save", prefix), Some(0));
        assert_eq!(rescue_number(b"a.fen.save.7", prefix), Some(7));
        for other in [
            &b"a.fen.save."[..],
            b"a.fen.save.01",
            b"a.fen.save.1x",
            b"a.fen.saved",
            b"a.fen",
            b"b.fen.save",
        ] {
            assert_eq!(rescue_number(other, prefix), None, "{other:?}");
        }
    }

    // Root gives the file away to nobody; other users cannot (ignored for them, with why).
    #[cfg(unix)]
    #[fenboard_needs::needs(root)]
    #[test]
    fn saving_keeps_owner_and_group() {
        use std::os::unix::fs::{MetadataExt, chown};
        let dir = scratch("owner");
        let path = dir.join("a.fen");
        fs::write(&path, "old\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        // nobody:nogroup
        chown(&path, Some(65534), Some(65534)).unwrap();
        write_atomic(&path, b"new\n").unwrap();
        let m = fs::metadata(&path).unwrap();
        assert_eq!((m.uid(), m.gid()), (65534, 65534));
        assert_eq!(m.permissions().mode() & 0o777, 0o600);
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_fingerprint_tells_contents_apart() {
        let dir = scratch("fingerprint");
        let path = dir.join("a.fen");
        assert_eq!(Fingerprint::on_disk(&path).unwrap(), None);
        fs::write(&path, "abc\n").unwrap();
        assert_eq!(
            Fingerprint::on_disk(&path).unwrap(),
            Some(Fingerprint::of(b"abc\n"))
        );
        // Same size, other bytes.
        assert_ne!(Fingerprint::of(b"abc\n"), Fingerprint::of(b"abd\n"));
        fs::remove_dir_all(dir).unwrap();
    }
}

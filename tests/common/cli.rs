//! Running the binary as a command-line program: its output in the repository's folder, its
//! stdout and stderr as text, and a scratch folder of a test's own.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `fenboard ARGS…` run to its end in the repository's folder (so that paths like
/// `assets/examples/chess-mates.epd` read).
pub fn fenboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the fenboard binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder of its own for one test, removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh, empty folder named after the test (and this process) in the temporary folder.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("fenboard-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// `name` in the folder, written with `text`.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("a scratch file written");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

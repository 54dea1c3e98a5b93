//! Elsewhere (Windows): any file may be a program, and an engine ends when its standard input
//! closes with the editor, as UCI engines do.

use std::path::Path;
use std::process::Command;

/// Any file: Windows has no execute bit.
pub fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// No parent-death signal to ask for.
pub fn die_with_parent(_: &mut Command) {}

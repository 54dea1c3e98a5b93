//! What every subcommand does when its output cannot be written (a full disk, a closed pipe,
//! `| head -1`): it stops, says so on stderr when stderr can still be written, and exits 2.

use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status of a subcommand whose output failed.
pub const WRITE_FAILED: u8 = 2;

/// Reports a failed write of `command`'s output on stderr (escaped, one line) and gives the
/// exit status for it.
pub fn write_failed(command: &str, err: &io::Error) -> ExitCode {
    let _ = writeln!(
        io::stderr(),
        "fenboard {command}: cannot write the output: {err}"
    );
    ExitCode::from(WRITE_FAILED)
}

//! What every subcommand does when its output cannot be written (a full disk, a closed pipe,
//! `| head -1`): it stops with exit status 2 and says so on stderr (through `main`'s report,
//! when stderr can still be written).

use std::io;

use super::Failure;

/// The exit status of a subcommand whose output failed.
pub const WRITE_FAILED: u8 = 2;

/// The failure of a subcommand whose output could not be written.
pub fn write_failed(err: &io::Error) -> Failure {
    Failure::new(WRITE_FAILED, format!("cannot write the output: {err}"))
}

/// Writes `bytes` to stdout and flushes; a failure is the subcommand's `write_failed`.
pub fn print(bytes: &[u8]) -> Result<(), Failure> {
    use io::Write;
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| write_failed(&e))
}

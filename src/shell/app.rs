//! The editor: terminal lifecycle and event loop.

use std::process::ExitCode;

use super::cli::EditArgs;

pub fn run(_args: EditArgs) -> ExitCode {
    eprintln!("fenboard: the editor is not available yet");
    ExitCode::from(2)
}

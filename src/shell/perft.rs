//! `fenboard perft`.

use std::process::ExitCode;

use super::cli::PerftArgs;

pub fn run(_args: PerftArgs) -> ExitCode {
    eprintln!("fenboard perft: not available yet");
    ExitCode::from(2)
}

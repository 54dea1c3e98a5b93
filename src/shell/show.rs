//! `fenboard show`.

use std::process::ExitCode;

use super::cli::ShowArgs;

pub fn run(_args: ShowArgs) -> ExitCode {
    eprintln!("fenboard show: not available yet");
    ExitCode::from(2)
}

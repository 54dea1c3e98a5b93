//! `fenboard check`.

use std::process::ExitCode;

use super::cli::CheckArgs;

pub fn run(_args: CheckArgs) -> ExitCode {
    eprintln!("fenboard check: not available yet");
    ExitCode::from(2)
}

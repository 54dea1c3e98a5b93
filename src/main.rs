use std::process::ExitCode;

use clap::Parser;
use fenboard::shell::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(_args)) => ExitCode::from(2),
        Some(Command::Show(_args)) => ExitCode::from(2),
        Some(Command::Perft(_args)) => ExitCode::from(2),
        None => ExitCode::from(2),
    }
}

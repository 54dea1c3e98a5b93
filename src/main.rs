use std::process::ExitCode;

use clap::Parser;
use fenboard::shell::{
    self,
    cli::{Cli, Command},
};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => shell::check::run(args),
        Some(Command::Show(args)) => shell::show::run(args),
        Some(Command::Perft(args)) => shell::perft::run(args),
        Some(Command::Diagram(args)) => shell::diagram::run(args),
        Some(Command::Solve(args)) => shell::solve::run(args),
        Some(Command::ServeClipboard) => shell::clipboard::holder::serve(),
        None => shell::app::run(cli.edit),
    }
}

use std::process::ExitCode;

use clap::Parser;
use fenboard::shell::{
    self,
    cli::{Cli, Command},
};

fn main() -> ExitCode {
    let cli = Cli::parse_from(shell::cli::lang_after_subcommand(
        std::env::args_os().collect(),
    ));
    shell::set_lang(cli.lang);
    shell::set_notation(cli.notation);
    let (name, result) = match cli.command {
        Some(Command::Check(args)) => ("check", shell::check::run(args)),
        Some(Command::Show(args)) => ("show", shell::show::run(args)),
        Some(Command::Perft(args)) => ("perft", shell::perft::run(args)),
        Some(Command::Solve(args)) => ("solve", shell::solve::run(args)),
        // It prints its own messages (one per record) and returns the status.
        Some(Command::Diagram(args)) => ("diagram", Ok(shell::diagram::run(args))),
        Some(Command::Completions(args)) => ("completions", shell::completions::run(args)),
        Some(Command::Man(args)) => ("man", shell::man::run(args)),
        Some(Command::ServeClipboard) => ("serve-clipboard", shell::clipboard::holder::run()),
        None => ("", shell::app::run(cli.edit)),
    };
    // The one place the program's own messages reach stderr.
    result.unwrap_or_else(|failure| shell::exit_with(name, &failure))
}

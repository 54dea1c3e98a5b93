use std::process::ExitCode;

use clap::Parser;
use fenboard::cli::{
    self,
    args::{Cli, Command},
};
use fenboard::{cmd, tui};

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(cli::args::lang_after_subcommand(
        std::env::args_os().collect(),
    )) {
        Ok(cli) => cli,
        Err(e) => return parse_failed(&e),
    };
    cli::set_lang(cli.lang);
    cli::set_notation(cli.notation);
    let (name, result) = match cli.command {
        Some(Command::Check(args)) => ("check", cmd::check::run(args)),
        Some(Command::Show(args)) => ("show", cmd::show::run(args)),
        Some(Command::Perft(args)) => ("perft", cmd::perft::run(args)),
        Some(Command::Solve(args)) => ("solve", cmd::solve::run(args)),
        Some(Command::Convert(args)) => ("convert", cmd::convert::run(args)),
        // It prints its own messages (one per record) and returns the status.
        Some(Command::Diagram(args)) => ("diagram", Ok(cmd::diagram::run(args))),
        Some(Command::Completions(args)) => ("completions", cmd::completions::run(args)),
        Some(Command::Man(args)) => ("man", cmd::man::run(args)),
        Some(Command::ServeClipboard) => ("serve-clipboard", tui::clipboard::holder::run()),
        None => ("", tui::app::run(cli.edit)),
    };
    // The one place the program's own messages reach stderr.
    result.unwrap_or_else(|failure| cli::exit_with(name, &failure))
}

/// What clap's own answer (`--help`, `--version`, a usage error) becomes: printed where clap
/// prints it, with clap's status, unless it cannot be written: then status 2 and the reason.
fn parse_failed(e: &clap::Error) -> ExitCode {
    use std::io::Write;
    let printed = e.print().and_then(|()| {
        std::io::stdout().flush()?;
        std::io::stderr().flush()
    });
    match printed {
        Ok(()) => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
        Err(err) => cli::exit_with("", &cli::output::write_failed(&err)),
    }
}

//! `fenboard perft [--game G] [--divide] FEN DEPTH`: the leaf count alone on the last line of
//! stdout, preceded with `--divide` by one `move: count` line per legal first move. A bad FEN,
//! an illegal position or a bad depth prints the problems to stderr and exits 2; so does output
//! that cannot be written. `--suite FILE` checks a perft suite instead (see `perft_suite`).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use super::cli::PerftArgs;
use super::output::write_failed;
use super::perft_suite;
use crate::core::escape::controls;
use crate::core::perft::{self, MAX_DEPTH, PerftError};
use crate::core::{Diagnostic, fen};

pub fn run(args: PerftArgs) -> ExitCode {
    if let Some(path) = &args.suite {
        return run_suite(&args, path);
    }
    if args.json || args.force || args.max_depth.is_some() {
        eprintln!("fenboard perft: --max-depth, --json and --force go with --suite FILE");
        return ExitCode::from(2);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    match run_to(&args, &mut out, &mut io::stderr()) {
        Ok(()) => match out.flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => write_failed("perft", &e),
        },
        Err(Failure::Status(code)) => ExitCode::from(code),
        Err(Failure::Output(e)) => write_failed("perft", &e),
    }
}

fn run_suite(args: &PerftArgs, path: &str) -> ExitCode {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("fenboard perft: {}: {e}", controls(path));
            return ExitCode::from(2);
        }
    };
    let options = perft_suite::Options {
        game: args.game.game(),
        max_depth: args.max_depth,
        json: args.json,
        force: args.force,
        workers: 0,
        progress: perft_suite::progress_wanted(),
    };
    let epd_file = crate::collection::is_epd_path(std::path::Path::new(path));
    let mut out = BufWriter::new(io::stdout().lock());
    match perft_suite::run_suite(
        &bytes,
        path,
        epd_file,
        &options,
        &mut out,
        &mut io::stderr(),
    ) {
        Ok(summary) => ExitCode::from(summary.status()),
        Err(e) => write_failed("perft", &e),
    }
}

/// Why the command stopped: an exit status (the message is on stderr), or a failed write.
#[derive(Debug)]
pub enum Failure {
    Status(u8),
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// The command itself, writing to `out` and `err`.
pub fn run_to(args: &PerftArgs, out: &mut impl Write, err: &mut impl Write) -> Result<(), Failure> {
    let Some((depth_text, fen_parts)) = args.args.split_last() else {
        let _ = writeln!(err, "fenboard perft: expected a FEN and a depth");
        return Err(Failure::Status(2));
    };
    let depth = match parse_depth(depth_text) {
        Ok(d) => d,
        Err(why) => {
            let _ = writeln!(
                err,
                "fenboard perft: invalid depth '{}': {why}",
                controls(depth_text)
            );
            return Err(Failure::Status(2));
        }
    };
    let text = fen_parts.join(" ");
    let read = fen::read(&text, args.game.game());
    for d in &read.diagnostics {
        print_diagnostic(err, d);
    }
    let position = match read.position {
        Some(p) if !read.diagnostics.iter().any(Diagnostic::is_error) => p,
        _ => {
            let _ = writeln!(
                err,
                "fenboard perft: the FEN '{}' cannot be read",
                controls(&text)
            );
            return Err(Failure::Status(2));
        }
    };
    let result = if args.divide {
        perft::divide(&position, depth).map(|lines| {
            let total = if depth == 0 {
                1
            } else {
                lines.iter().map(|(_, n)| n).sum()
            };
            (Some(lines), total)
        })
    } else {
        perft::perft(&position, depth).map(|total| (None, total))
    };
    match result {
        Ok((lines, total)) => {
            if let Some(lines) = lines {
                for (name, count) in &lines {
                    writeln!(out, "{name}: {count}")?;
                }
                if depth > 0 {
                    writeln!(out)?;
                }
            }
            writeln!(out, "{total}")?;
            out.flush()?;
            Ok(())
        }
        Err(PerftError::Illegal(diagnostics)) => {
            for d in &diagnostics {
                print_diagnostic(err, d);
            }
            let _ = writeln!(err, "fenboard perft: the position is not legal");
            Err(Failure::Status(2))
        }
        Err(e) => {
            let _ = writeln!(err, "fenboard perft: {e}");
            Err(Failure::Status(2))
        }
    }
}

/// The depth argument: a whole number of plies from 0 to [`MAX_DEPTH`], digits only (no sign,
/// no spaces).
fn parse_depth(text: &str) -> Result<u32, String> {
    const WHOLE: &str = "expected a whole number of plies (0, 1, 2, …) as the last argument";
    if text.len() > 1 && text.starts_with('-') && text[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err("the depth cannot be negative".into());
    }
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WHOLE.into());
    }
    match text.parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        _ => Err(format!(
            "the maximum depth is {MAX_DEPTH} plies, far beyond any search that could finish"
        )),
    }
}

fn print_diagnostic(err: &mut impl Write, d: &Diagnostic) {
    let _ = writeln!(
        err,
        "{}[{}]: {} (field {})",
        d.severity.as_str(),
        d.code.as_str(),
        d.message,
        d.field
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_are_digits_only_and_bounded() {
        assert_eq!(parse_depth("0"), Ok(0));
        assert_eq!(parse_depth("64"), Ok(MAX_DEPTH));
        for bad in [
            " 3",
            "3 ",
            "+3",
            "",
            "-",
            "3.0",
            "٣",
            "65",
            "5000",
            "99999999999",
        ] {
            assert!(parse_depth(bad).is_err(), "{bad:?}");
        }
        assert!(parse_depth("-1").unwrap_err().contains("negative"));
        assert!(
            parse_depth("5000")
                .unwrap_err()
                .contains("maximum depth is 64")
        );
    }
}

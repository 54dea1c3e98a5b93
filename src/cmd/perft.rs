//! `fenboard perft [--game G] [--divide] FEN DEPTH`: the leaf count alone on the last line of
//! stdout, preceded with `--divide` by one `move: count` line per legal first move. A bad FEN,
//! an illegal position, a bad depth or output that cannot be written is a `Failure` (exit
//! status 2). `--suite FILE` checks a perft suite instead (see `perft_suite`).

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use super::perft_suite;
use crate::cli::args::PerftArgs;
use crate::cli::output::write_failed;
use crate::cli::{Failure, Result};
use crate::core::escape::controls;
use crate::core::perft::{self, MAX_DEPTH, PerftError};
use crate::core::{Diagnostic, fen};

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    if let Some(path) = &args.suite {
        return run_suite(&args, path);
    }
    if args.json || args.force || args.max_depth.is_some() {
        return Err(Failure::new(
            2,
            "--max-depth, --json and --force go with --suite FILE",
        ));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    run_to(&args, &mut out)?;
    out.flush().map_err(|e| write_failed(&e))?;
    Ok(ExitCode::SUCCESS)
}

fn run_suite(args: &PerftArgs, path: &str) -> Result<ExitCode> {
    let cannot_read = |e: io::Error| Failure::new(2, format!("{}: {e}", controls(path)));
    let file = std::fs::File::open(path).map_err(cannot_read)?;
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
    let summary = perft_suite::run_suite(
        io::BufReader::with_capacity(1 << 16, file),
        path,
        epd_file,
        &options,
        &mut out,
        &mut io::stderr(),
    )
    .map_err(|e| match e {
        perft_suite::SuiteError::Read(e) => cannot_read(e),
        perft_suite::SuiteError::NoCounts => Failure::new(
            2,
            format!(
                "{}: no record has a perft count (`FEN ;D1 20 ;D2 400` or EPD `D1 20;`): nothing to check",
                controls(path)
            ),
        ),
        perft_suite::SuiteError::Write(e) => write_failed(&e),
    })?;
    Ok(ExitCode::from(summary.status()))
}

/// The diagnostics as lines of a failure, each with its field.
fn lines(diagnostics: &[Diagnostic]) -> impl Iterator<Item = String> + '_ {
    diagnostics.iter().map(|d| format!("{d:#}"))
}

/// The command itself, writing its results to `out`.
pub fn run_to(args: &PerftArgs, out: &mut impl Write) -> Result<()> {
    let Some((depth_text, fen_parts)) = args.args.split_last() else {
        return Err(Failure::new(2, "expected a FEN and a depth"));
    };
    let depth = parse_depth(depth_text).map_err(|why| {
        Failure::new(
            2,
            format!("invalid depth '{}': {why}", controls(depth_text)),
        )
    })?;
    let text = fen_parts.join(" ");
    let read = fen::read(&text, args.game.game());
    let position = match read.position {
        Some(p) if !read.diagnostics.iter().any(Diagnostic::is_error) => p,
        _ => {
            return Err(Failure {
                status: 2,
                lines: lines(&read.diagnostics).collect(),
            }
            .with_lines([format!("the FEN '{}' cannot be read", controls(&text))]));
        }
    };
    // Warnings of a FEN that reads are worth seeing, but they do not stop the count.
    for line in lines(&read.diagnostics) {
        crate::cli::report("perft", &line);
    }
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
            write_result(out, lines.as_deref(), depth, total).map_err(|e| write_failed(&e))
        }
        Err(PerftError::Illegal(diagnostics)) => Err(Failure {
            status: 2,
            lines: lines(&diagnostics).collect(),
        }
        .with_lines(["the position is not legal".to_owned()])),
        Err(e) => Err(Failure::new(2, e.to_string())),
    }
}

/// The `--divide` lines (when given), then the total.
fn write_result(
    out: &mut impl Write,
    lines: Option<&[(String, u64)]>,
    depth: u32,
    total: u64,
) -> io::Result<()> {
    if let Some(lines) = lines {
        for (name, count) in lines {
            writeln!(out, "{name}: {count}")?;
        }
        if depth > 0 {
            writeln!(out)?;
        }
    }
    writeln!(out, "{total}")?;
    out.flush()
}

/// The depth argument: a whole number of plies from 0 to [`MAX_DEPTH`], digits only (no sign,
/// no spaces).
fn parse_depth(text: &str) -> std::result::Result<u32, String> {
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

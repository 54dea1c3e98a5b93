//! `fenboard perft [--game G] [--divide] FEN DEPTH`: the leaf count alone on the last line of
//! stdout, preceded with `--divide` by one `move: count` line per legal first move. A bad FEN,
//! an illegal position or a bad depth is a `Failure` listing the problems (exit status 2).

use std::io::Write;
use std::process::ExitCode;

use super::cli::PerftArgs;
use super::{Failure, Result};
use crate::core::perft::{self, PerftError};
use crate::core::{Diagnostic, fen};

pub fn run(args: PerftArgs) -> Result<ExitCode> {
    run_to(&args, &mut std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
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
    let depth = parse_depth(depth_text)
        .map_err(|why| Failure::new(2, format!("invalid depth '{depth_text}': {why}")))?;
    let text = fen_parts.join(" ");
    let read = fen::read(&text, args.game.game());
    let position = match read.position {
        Some(p) if !read.diagnostics.iter().any(Diagnostic::is_error) => p,
        _ => {
            return Err(Failure {
                status: 2,
                lines: lines(&read.diagnostics).collect(),
            }
            .with_lines([format!("the FEN '{text}' cannot be read")]));
        }
    };
    // Warnings of a FEN that reads are worth seeing, but they do not stop the count.
    for line in lines(&read.diagnostics) {
        super::report("perft", &line);
    }
    let result = if args.divide {
        perft::divide(&position, depth).map(|lines| {
            for (name, count) in &lines {
                let _ = writeln!(out, "{name}: {count}");
            }
            if depth == 0 {
                1
            } else {
                let _ = writeln!(out);
                lines.iter().map(|(_, n)| n).sum()
            }
        })
    } else {
        perft::perft(&position, depth)
    };
    match result {
        Ok(total) => {
            let _ = writeln!(out, "{total}");
            let _ = out.flush();
            Ok(())
        }
        Err(PerftError::Illegal(diagnostics)) => Err(Failure {
            status: 2,
            lines: lines(&diagnostics).collect(),
        }
        .with_lines(["the position is not legal".to_owned()])),
        Err(e) => Err(Failure::new(2, e.to_string())),
    }
}

/// The depth argument: a whole number of plies from 0 up.
fn parse_depth(text: &str) -> std::result::Result<u32, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err("expected a whole number of plies (0, 1, 2, …) as the last argument");
    }
    if text.starts_with('-') && text[1..].bytes().all(|b| b.is_ascii_digit()) && text.len() > 1 {
        return Err("the depth cannot be negative");
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a whole number of plies (0, 1, 2, …) as the last argument");
    }
    text.parse().map_err(|_| "the depth is far too large")
}

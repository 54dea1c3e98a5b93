//! `fenboard perft [--game G] [--divide] FEN DEPTH`: the leaf count alone on the last line of
//! stdout, preceded with `--divide` by one `move: count` line per legal first move. A bad FEN,
//! an illegal position or a bad depth prints the problems to stderr and exits 2.

use std::io::Write;
use std::process::ExitCode;

use super::cli::PerftArgs;
use crate::core::perft::{self, PerftError};
use crate::core::{Diagnostic, fen};

pub fn run(args: PerftArgs) -> ExitCode {
    match run_to(&args, &mut std::io::stdout().lock(), &mut std::io::stderr()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

/// The command itself, writing to `out` and `err`; `Err` carries the exit status.
pub fn run_to(args: &PerftArgs, out: &mut impl Write, err: &mut impl Write) -> Result<(), u8> {
    let Some((depth_text, fen_parts)) = args.args.split_last() else {
        let _ = writeln!(err, "fenboard perft: expected a FEN and a depth");
        return Err(2);
    };
    let depth = match parse_depth(depth_text) {
        Ok(d) => d,
        Err(why) => {
            let _ = writeln!(err, "fenboard perft: invalid depth '{depth_text}': {why}");
            return Err(2);
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
            let _ = writeln!(err, "fenboard perft: the FEN '{text}' cannot be read");
            return Err(2);
        }
    };
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
        Err(PerftError::Illegal(diagnostics)) => {
            for d in &diagnostics {
                print_diagnostic(err, d);
            }
            let _ = writeln!(err, "fenboard perft: the position is not legal");
            Err(2)
        }
        Err(e) => {
            let _ = writeln!(err, "fenboard perft: {e}");
            Err(2)
        }
    }
}

/// The depth argument: a whole number of plies from 0 up.
fn parse_depth(text: &str) -> Result<u32, &'static str> {
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

//! `fenboard convert IN --to FORMAT [-o OUT]`: reads every record of IN (a FEN, a `.fen`/`.epd`
//! collection, a Popeye `.inp`) into one list (`input.rs`) and writes them all in FORMAT, one
//! writer per format (`epd.rs`, `popeye.rs`, `pgn.rs`, `latex.rs`). A new format is a `Format` variant and
//! its writer module; a new input kind is one arm of `input::read`.
//!
//! Exit status: 0 every record written, 1 some record could not be read or written in FORMAT
//! (each said on stderr; the others are written), 2 nothing to convert, and a failure to write
//! the output is the program's own error.

mod epd;
mod input;
mod latex;
mod pgn;
mod popeye;

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::args::{ConvertArgs, Format};
use crate::cli::lang;
use crate::i18n::{fmt, tr};
pub use input::{Origin, Record};

/// What a writer could not write: where the record is in the input, and why.
pub struct Skipped {
    pub at: Origin,
    pub why: String,
}

/// Writes `records` to `out` in `format`; returns the records it had to leave out.
pub fn write(format: Format, records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    match format {
        Format::Epd => epd::write(records, out),
        Format::Popeye => popeye::write(records, out),
        Format::Pgn => pgn::write(records, out),
        Format::Latex => latex::write(records, out),
    }
}

pub fn run(args: ConvertArgs) -> crate::cli::Result<ExitCode> {
    if let Some(out) = &args.output
        && args.input.len() == 1
        && same_file(out, std::path::Path::new(&args.input[0]))
    {
        let path = out.display().to_string();
        let why = fmt(
            lang(),
            "convert-same-file",
            &[("path", path.as_str().into())],
        );
        return Err(crate::cli::Failure::new(2, why));
    }
    let read = input::read(&args.input, args.game.game());
    let mut failed = false;
    for (origin, why) in &read.errors {
        let at = origin
            .map(|o| format!("{}: ", o.describe()))
            .unwrap_or_default();
        crate::cli::report("convert", &format!("{at}{why}"));
        failed = true;
    }
    if read.records.is_empty() {
        if read.errors.is_empty() {
            crate::cli::report("convert", tr(lang(), "convert-nothing"));
        }
        return Ok(ExitCode::from(2));
    }
    let mut bytes = Vec::new();
    let skipped = write(args.to, &read.records, &mut bytes)
        .map_err(|e| crate::cli::output::write_failed(&e))?;
    for s in &skipped {
        crate::cli::report("convert", &format!("{}: {}", s.at.describe(), s.why));
        failed = true;
    }
    let written = match &args.output {
        Some(path) => std::fs::write(path, &bytes).map_err(|e| {
            crate::cli::Failure::new(
                crate::cli::output::WRITE_FAILED,
                format!("cannot write {}: {e}", path.display()),
            )
        }),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(&bytes)
                .and_then(|()| out.flush())
                .map_err(|e| crate::cli::output::write_failed(&e))
        }
    };
    written?;
    Ok(ExitCode::from(if failed { 1 } else { 0 }))
}

/// Whether `a` and `b` are the same existing file.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

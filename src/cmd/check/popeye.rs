//! Checking a Popeye input: what does not read, at its line and column, then each problem's
//! position as the FEN record it becomes, each diagnostic at the place in the input it is
//! about (the word that put the man it names on the board, else the `pieces` command).

use std::io::Write;

use super::{Options, Output, Summary};
use crate::popeye::{self, Diagnostic};

/// Checks the Popeye input `text` (named `label`), adding its report to `output`.
pub(super) fn check_popeye(text: &str, label: &str, options: &Options, output: &mut Output) {
    let input = popeye::read(text);
    for d in &input.errors {
        write(output, label, options, d, None);
        output.summary.add(&Summary {
            records: 1,
            invalid: 1,
            ..Summary::default()
        });
    }
    for p in &input.problems {
        if p.is_ok() {
            let record = p.epd();
            let place = |d: &crate::core::Diagnostic| {
                let at = p.place_of(&d.squares);
                (at.line as u64, at.col)
            };
            super::check_line(
                p.line as u64,
                record.as_bytes(),
                record.len() as u64,
                label,
                options,
                output,
                Some(&place),
            );
            continue;
        }
        for d in &p.errors {
            write(output, label, options, d, Some(p.line));
        }
        output.summary.add(&Summary {
            records: 1,
            invalid: 1,
            ..Summary::default()
        });
    }
}

/// One diagnostic as `FILE:LINE:COL: error[code]: message`, or a JSON object.
fn write(
    output: &mut Output,
    label: &str,
    options: &Options,
    d: &Diagnostic,
    problem: Option<usize>,
) {
    let out = &mut output.text;
    let _ = if options.json {
        writeln!(
            out,
            "{}",
            serde_json::json!({
                "line": d.line,
                "col": d.col,
                "problem_line": problem,
                "valid": false,
                "diagnostics": [{
                    "severity": "error",
                    "code": d.code.as_str(),
                    "message": d.message,
                    "span": [d.span.start, d.span.end],
                }],
            })
        )
    } else {
        writeln!(
            out,
            "{label}:{}",
            crate::core::escape::controls(&d.to_string())
        )
    };
}

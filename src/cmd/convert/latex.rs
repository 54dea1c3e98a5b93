//! `--to latex`: one document of every record, chess through diagram.sty and xiangqi through
//! xq (`diagram::latex`), each with the solution its record carries (`c1`); a record with a
//! stipulation (`stip`, `dm`) and no `c1` is solved, for at most `SOLVE_SECONDS` of search, so
//! that its solution is printed and a problem proved sound is marked so (diagram.sty's "C+").
//! A search that runs out of time prints nothing and marks nothing: the record stays as given.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use super::{Record, Skipped};
use crate::collection::epd;
use crate::diagram::latex::{Entry, document};
use crate::solve::{self, Outcome, Stipulation};

/// How long the solver may search one record's solution.
pub const SOLVE_SECONDS: u64 = 10;

pub fn write(records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    let solved: Vec<Option<(String, bool)>> = records.iter().map(solution).collect();
    let entries: Vec<Entry> = records
        .iter()
        .zip(&solved)
        .map(|(r, s)| Entry {
            position: &r.position,
            ops: Some(&r.ops),
            solution: s.as_ref().map(|(text, _)| text.as_str()),
            proved: s.as_ref().is_some_and(|(_, sound)| *sound),
        })
        .collect();
    out.write_all(document(&entries).as_bytes())?;
    Ok(Vec::new())
}

/// The solution of a record that has a stipulation, no `c1` and no twins, as one line of text,
/// and whether it is sound (one key, one solution); `None` when there is nothing to solve or the
/// search did not finish within `SOLVE_SECONDS`.
fn solution(r: &Record) -> Option<(String, bool)> {
    if epd::operand(&r.ops, "c1").is_some() || epd::operand(&r.ops, "twins").is_some() {
        return None;
    }
    let stip: Stipulation = match epd::operand(&r.ops, "stip") {
        Some(s) => s.parse().ok()?,
        None => format!("#{}", epd::operand(&r.ops, "dm")?.trim())
            .parse()
            .ok()?,
    };
    let options = solve::Options {
        set_play: epd::operand(&r.ops, "setplay").is_some(),
        ..solve::Options::default()
    };
    let cancel = AtomicBool::new(false);
    let limit = Duration::from_secs(SOLVE_SECONDS);
    let mut progress = |p: solve::Progress| {
        if p.elapsed >= limit {
            cancel.store(true, Relaxed);
        }
    };
    let found = solve::solve(&r.position, stip, &options, &cancel, &mut progress).ok()?;
    if found.outcome != Outcome::Solved {
        return None;
    }
    let named = solve::named(&found);
    let style = solve::text::Style {
        figurine: false,
        lang: crate::cli::lang(),
    };
    let text = solve::text::render(&named, style);
    let line: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    Some((line.join("; "), !found.is_cooked()))
}

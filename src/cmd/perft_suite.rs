//! `fenboard perft --suite FILE [--max-depth N] [--json] [--force]`: checks every `Dn count`
//! operation of a perft suite (records as `collection` reads them, in any form) against
//! fenboard's perft, on all cores, and reports each disagreement with its line number.
//!
//! Exit status: 0 every check agrees, 1 a count disagrees, 2 a record does not read (or the
//! file or the output fails). An illegal position is reported with its diagnostics and skipped,
//! or with `--force` counted anyway where move generation can run on it.

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use crate::collection::epd::{self, PerftCount};
use crate::collection::stream;
use crate::core::escape::controls;
use crate::core::perft::{self, MAX_DEPTH, PerftError};
use crate::core::{Code, Diagnostic, Game, Position, fen, legality};

/// How a suite is run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The game, or `None` to tell it from each record.
    pub game: Option<Game>,
    /// Only depths up to this are checked (`None`: all).
    pub max_depth: Option<u32>,
    /// One JSON object per record with counts (JSON Lines) instead of text.
    pub json: bool,
    /// Count illegal positions anyway, where move generation can run on them.
    pub force: bool,
    /// Worker threads; 0 means one per available core.
    pub workers: usize,
    /// Show progress on stderr.
    pub progress: bool,
}

/// What became of one record that has perft counts.
#[derive(Clone, Debug)]
enum Verdict {
    /// Its counts were checked; `forced` when the position is illegal and `--force` counted it.
    Checked { forced: bool },
    /// The position is illegal and was skipped (no `--force`).
    SkippedIllegal,
    /// Even `--force` cannot count it: the rules engine refuses the position.
    Refused(String),
    /// The record does not read (its FEN, or a malformed `Dn` operation).
    Unreadable,
}

struct Record {
    line: usize,
    fen: String,
    counts: Vec<PerftCount>,
    diagnostics: Vec<Diagnostic>,
    verdict: Verdict,
    /// The position to count, when the record is to be checked.
    position: Option<Position>,
    /// What perft gave at each of `counts`, once run.
    got: Vec<Option<u64>>,
}

/// The totals over a suite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub checks: u64,
    pub agree: u64,
    pub disagree: u64,
    pub skipped_illegal: u64,
    pub counted_illegal: u64,
    pub refused: u64,
    pub unreadable: u64,
}

impl Summary {
    /// `3384 checks: 3384 agree`, with what else happened after a `;`.
    pub fn line(&self) -> String {
        let records = |n: u64| format!("{n} record{}", if n == 1 { "" } else { "s" });
        let mut line = format!(
            "{} check{}: {} agree",
            self.checks,
            if self.checks == 1 { "" } else { "s" },
            self.agree
        );
        if self.disagree > 0 {
            line.push_str(&format!(", {} disagree", self.disagree));
        }
        let mut notes = Vec::new();
        if self.skipped_illegal > 0 {
            notes.push(format!(
                "{} with an illegal position skipped (--force counts them)",
                records(self.skipped_illegal)
            ));
        }
        if self.counted_illegal > 0 {
            notes.push(format!(
                "{} with an illegal position counted anyway (--force)",
                records(self.counted_illegal)
            ));
        }
        if self.refused > 0 {
            notes.push(format!(
                "{} that cannot be counted even with --force skipped",
                records(self.refused)
            ));
        }
        if self.unreadable > 0 {
            let verb = if self.unreadable == 1 { "does" } else { "do" };
            notes.push(format!("{} that {verb} not read", records(self.unreadable)));
        }
        for note in notes {
            line.push_str("; ");
            line.push_str(&note);
        }
        line
    }

    /// The exit status: 2 when a record does not read, 1 when a count disagrees, else 0.
    pub fn status(&self) -> u8 {
        if self.unreadable > 0 {
            2
        } else if self.disagree > 0 {
            1
        } else {
            0
        }
    }
}

/// Why a suite was not run through.
#[derive(Debug)]
pub enum SuiteError {
    /// The input could not be read.
    Read(io::Error),
    /// No record has a perft count (an empty file, junk): there is nothing to check.
    NoCounts,
    /// The report could not be written.
    Write(io::Error),
}

impl From<io::Error> for SuiteError {
    fn from(e: io::Error) -> SuiteError {
        SuiteError::Write(e)
    }
}

/// Runs the suite read from `input` (named `label` in messages; `epd_file` when its name ends
/// in `.epd`), writing the report to `out` and progress to `err`. The summary line goes to
/// `out`, or to `err` with `--json`. The input is read as a stream: only the records with
/// counts are kept.
pub fn run_suite(
    input: impl BufRead,
    label: &str,
    epd_file: bool,
    options: &Options,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<Summary, SuiteError> {
    let mut records = Vec::new();
    let mut any_counts = false;
    for record in stream::records(input, epd_file) {
        let record = record.map_err(SuiteError::Read)?;
        any_counts |= record
            .operations()
            .is_some_and(|ops| epd::perft_counts(ops, MAX_DEPTH).next().is_some());
        records.extend(prepare(&record, options));
    }
    if !any_counts {
        return Err(SuiteError::NoCounts);
    }
    run_checks(&mut records, options, err)?;
    let label = controls(label);
    let mut summary = Summary::default();
    for r in &records {
        tally(r, &mut summary);
        if options.json {
            write_json(out, r)?;
        } else {
            write_human(out, &label, r)?;
        }
    }
    if options.json {
        out.flush()?;
        writeln!(err, "{}", summary.line())?;
    } else {
        writeln!(out, "{}", summary.line())?;
        out.flush()?;
    }
    Ok(summary)
}

/// The record read and judged, or `None` when it has no perft counts to check.
fn prepare(record: &stream::Record, options: &Options) -> Option<Record> {
    let ops = record.operations()?;
    let line = record.line;
    let fen_text = record.fen();
    let mut counts = Vec::new();
    let mut diagnostics = Vec::new();
    for count in epd::perft_counts(ops, MAX_DEPTH) {
        match count {
            Ok(c) if options.max_depth.is_none_or(|max| c.depth <= max) => counts.push(c),
            Ok(_) => {}
            Err(malformed) => diagnostics.push(Diagnostic::error(
                Code::InvalidOperation,
                fen::Field::Operations,
                malformed.message,
            )),
        }
    }
    if counts.is_empty() && diagnostics.is_empty() {
        return None;
    }
    let mut record = Record {
        line,
        fen: fen_text.to_owned(),
        counts,
        diagnostics,
        verdict: Verdict::Unreadable,
        position: None,
        got: Vec::new(),
    };
    // Only errors: warnings (the missing clocks of four EPD fields, say) change no count.
    let read = fen::read(fen_text, options.game);
    record
        .diagnostics
        .extend(read.diagnostics.into_iter().filter(Diagnostic::is_error));
    let Some(position) = read.position.filter(|_| record.diagnostics.is_empty()) else {
        return Some(record);
    };
    let illegal: Vec<Diagnostic> = legality::diagnose_without_history(&position)
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    record.verdict = if illegal.is_empty() {
        Verdict::Checked { forced: false }
    } else if options.force {
        Verdict::Checked { forced: true }
    } else {
        Verdict::SkippedIllegal
    };
    record.diagnostics = illegal;
    record.fen = fen::write(&position);
    if let Verdict::Checked { forced } = record.verdict {
        // A position the rules engine refuses even when forced is found before the long work.
        match run_one(&position, 0, forced) {
            Ok(_) => record.position = Some(position),
            Err(e) => record.verdict = Verdict::Refused(e.to_string()),
        }
    }
    record.got = vec![None; record.counts.len()];
    Some(record)
}

fn run_one(position: &Position, depth: u32, forced: bool) -> Result<u64, PerftError> {
    if forced {
        perft::perft_forced(position, depth)
    } else {
        perft::perft(position, depth)
    }
}

/// Runs every check of every record to be checked, the largest first, on `options.workers`
/// threads; progress on `err` when asked for.
fn run_checks(records: &mut [Record], options: &Options, err: &mut impl Write) -> io::Result<()> {
    let mut jobs: Vec<(usize, usize)> = Vec::new();
    for (r, record) in records.iter().enumerate() {
        if record.position.is_some() {
            jobs.extend((0..record.counts.len()).map(|c| (r, c)));
        }
    }
    // The largest counts first, so that no thread is left with a big one at the end.
    jobs.sort_by_key(|&(r, c)| std::cmp::Reverse(records[r].counts[c].count));
    let workers = match options.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, 64)
    .min(jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, usize, Option<u64>)>> =
        Mutex::new(Vec::with_capacity(jobs.len()));
    let mut progress_result = Ok(());
    let shared: &[Record] = records;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(r, c)) = jobs.get(i) else { break };
                    let record = &shared[r];
                    let position = record.position.as_ref().expect("a job has a position");
                    let forced = matches!(record.verdict, Verdict::Checked { forced: true });
                    // Accepted at depth 0 already, and the depth is bounded: this counts.
                    let got = run_one(position, record.counts[c].depth, forced).ok();
                    results.lock().expect("no worker panics").push((r, c, got));
                    done.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
        if options.progress && !jobs.is_empty() {
            progress_result = show_progress(err, &done, jobs.len());
        }
    });
    progress_result?;
    for (r, c, got) in results.into_inner().expect("no worker panics") {
        records[r].got[c] = got;
    }
    Ok(())
}

/// `perft --suite: 120/504 checks` on one line of `err`, redrawn until every check is done,
/// then cleared.
fn show_progress(err: &mut impl Write, done: &AtomicUsize, total: usize) -> io::Result<()> {
    loop {
        let n = done.load(Ordering::Relaxed);
        write!(err, "\rperft --suite: {n}/{total} checks")?;
        err.flush()?;
        if n >= total {
            write!(err, "\r\x1b[2K")?;
            return err.flush();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn tally(r: &Record, summary: &mut Summary) {
    match &r.verdict {
        Verdict::Checked { forced } => {
            summary.counted_illegal += u64::from(*forced);
            for (count, got) in r.counts.iter().zip(&r.got) {
                summary.checks += 1;
                if *got == Some(count.count) {
                    summary.agree += 1;
                } else {
                    summary.disagree += 1;
                }
            }
        }
        Verdict::SkippedIllegal => summary.skipped_illegal += 1,
        Verdict::Refused(_) => summary.refused += 1,
        Verdict::Unreadable => summary.unreadable += 1,
    }
}

fn write_diagnostics(out: &mut impl Write, label: &str, r: &Record) -> io::Result<()> {
    for d in &r.diagnostics {
        writeln!(
            out,
            "{label}:{}: {}[{}]: {}",
            r.line,
            d.severity.as_str(),
            d.code.as_str(),
            d.message
        )?;
    }
    Ok(())
}

fn write_human(out: &mut impl Write, label: &str, r: &Record) -> io::Result<()> {
    let line = r.line;
    match &r.verdict {
        Verdict::Checked { forced } => {
            if *forced {
                writeln!(
                    out,
                    "{label}:{line}: the position is illegal; counted anyway (--force):"
                )?;
                write_diagnostics(out, label, r)?;
            }
            for (count, got) in r.counts.iter().zip(&r.got) {
                if *got != Some(count.count) {
                    writeln!(
                        out,
                        "{label}:{line}: D{} expected {}, fenboard counts {}",
                        count.depth,
                        count.count,
                        got.map_or("nothing".to_string(), |n| n.to_string())
                    )?;
                }
            }
        }
        Verdict::SkippedIllegal => {
            writeln!(
                out,
                "{label}:{line}: the position is illegal; skipped (--force counts it):"
            )?;
            write_diagnostics(out, label, r)?;
        }
        Verdict::Refused(why) => {
            writeln!(
                out,
                "{label}:{line}: the position is illegal and cannot be counted even with --force ({}); skipped:",
                controls(why)
            )?;
            write_diagnostics(out, label, r)?;
        }
        Verdict::Unreadable => {
            writeln!(out, "{label}:{line}: the record does not read:")?;
            write_diagnostics(out, label, r)?;
        }
    }
    Ok(())
}

fn write_json(out: &mut impl Write, r: &Record) -> io::Result<()> {
    let status = match &r.verdict {
        Verdict::Checked { forced: false } => "checked",
        Verdict::Checked { forced: true } => "counted_illegal",
        Verdict::SkippedIllegal => "skipped_illegal",
        Verdict::Refused(_) => "refused",
        Verdict::Unreadable => "unreadable",
    };
    let checks: Vec<serde_json::Value> = r
        .counts
        .iter()
        .zip(r.got.iter().chain(std::iter::repeat(&None)))
        .map(|(c, got)| {
            serde_json::json!({
                "depth": c.depth,
                "expected": c.count,
                "got": got,
                "agree": *got == Some(c.count),
            })
        })
        .collect();
    let diagnostics: Vec<serde_json::Value> = r
        .diagnostics
        .iter()
        .map(|d| {
            serde_json::json!({
                "severity": d.severity.as_str(),
                "code": d.code.as_str(),
                "message": d.message,
            })
        })
        .collect();
    let mut value = serde_json::json!({
        "line": r.line,
        "fen": r.fen,
        "status": status,
        "checks": checks,
        "diagnostics": diagnostics,
    });
    if let Verdict::Refused(why) = &r.verdict {
        value["refused"] = serde_json::Value::String(why.clone());
    }
    serde_json::to_writer(&mut *out, &value)?;
    writeln!(out)
}

/// Whether progress should be shown: only to a person watching stderr.
pub fn progress_wanted() -> bool {
    io::stderr().is_terminal()
}

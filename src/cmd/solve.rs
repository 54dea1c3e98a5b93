//! `fenboard solve`: solves a problem given as a FEN and `--stip`, or every problem of a
//! `.fen`/`.epd` collection, and prints the play as a problem magazine would (or JSON Lines).
//! Exit status: 0 every problem has a solution, 1 one has none, 2 bad input, 3 `--max-time`
//! stopped a search, 130 Ctrl-C.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::args::SolveArgs;
use crate::collection::{self, Collection, record};
use crate::core::{Diagnostic, Position, fen};
use crate::i18n::{fmt, tr};
use crate::solve::text::{self, Style};
use crate::solve::{self, Options, Outcome, Progress, Solution, Stipulation};

/// How a run ended, worst first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Solved,
    NoSolution,
    TimedOut,
    BadInput,
    Interrupted,
}

impl Status {
    fn code(self) -> u8 {
        match self {
            Status::Solved => 0,
            Status::NoSolution => 1,
            Status::BadInput => 2,
            Status::TimedOut => 3,
            Status::Interrupted => 130,
        }
    }
}

/// Per-record problems are written to stderr as they come (a file may have many), so the
/// status is always returned as `Ok`.
pub fn run(args: SolveArgs) -> crate::cli::Result<ExitCode> {
    let out = &mut std::io::stdout().lock();
    let err = &mut std::io::stderr();
    Ok(ExitCode::from(run_to(&args, out, err)))
}

/// One problem to solve: where it came from, its position and stipulation, what it claims.
struct Problem {
    label: Option<String>,
    line: Option<usize>,
    text: String,
    stip: Stipulation,
    bm: Option<String>,
}

/// Everything the command does, writing to `out` and `err`; returns the exit status.
pub fn run_to(args: &SolveArgs, out: &mut impl Write, err: &mut impl Write) -> u8 {
    let stip = match args.stip.as_deref().map(str::parse::<Stipulation>) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => {
            let _ = writeln!(err, "fenboard solve: {e}");
            return 2;
        }
    };
    let max_time = match args.max_time.as_deref().map(parse_duration) {
        None => None,
        Some(Ok(d)) => Some(d),
        Some(Err(why)) => {
            let _ = writeln!(err, "fenboard solve: --max-time: {why}");
            return 2;
        }
    };
    let problems = match problems(args, stip, err) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, interrupted.clone());
    let threads = args
        .threads
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = Options {
        checks: args.checks,
        tries: args.tries,
        threads: threads.max(1),
        hash_mb: args.hash as usize,
        ..Options::default()
    };
    let style = Style {
        figurine: args.figurine,
        lang: crate::cli::lang(),
    };
    let file_mode = problems.iter().any(|p| p.line.is_some());
    let mut worst = Status::Solved;
    let mut counts = Counts::default();
    for p in &problems {
        let read = fen::read(&p.text, args.game.game());
        let position = match read.position {
            Some(pos) if !read.diagnostics.iter().any(Diagnostic::is_error) => pos,
            _ => {
                let why: Vec<String> = read
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.message.clone())
                    .collect();
                report_bad(out, err, args.json, p, &why.join("; "));
                worst = worst.max(Status::BadInput);
                counts.bad += 1;
                continue;
            }
        };
        let status = solve_one(
            args,
            &options,
            style,
            p,
            &position,
            max_time,
            &interrupted,
            out,
            err,
            &mut counts,
        );
        worst = worst.max(status);
        if status == Status::Interrupted {
            break;
        }
    }
    if file_mode && !args.json {
        let _ = writeln!(out, "{}", counts.line());
    }
    let _ = out.flush();
    worst.code()
}

/// Tallies over a collection.
#[derive(Default)]
struct Counts {
    problems: usize,
    sound: usize,
    cooked: usize,
    none: usize,
    unfinished: usize,
    bad: usize,
    bm_mismatch: usize,
}

impl Counts {
    fn line(&self) -> String {
        let lang = crate::cli::lang();
        let mut s = fmt(
            lang,
            "solve-counts",
            &[
                ("problems", self.problems.into()),
                ("sound", self.sound.into()),
                ("cooked", self.cooked.into()),
                ("none", self.none.into()),
            ],
        );
        for (n, id) in [
            (self.unfinished, "solve-counts-unfinished"),
            (self.bad, "solve-counts-bad"),
            (self.bm_mismatch, "solve-counts-bm"),
        ] {
            if n > 0 {
                s.push_str(&fmt(lang, id, &[("n", n.into())]));
            }
        }
        s
    }
}

#[allow(clippy::too_many_arguments)]
fn solve_one(
    args: &SolveArgs,
    options: &Options,
    style: Style,
    p: &Problem,
    position: &Position,
    max_time: Option<Duration>,
    interrupted: &AtomicBool,
    out: &mut impl Write,
    err: &mut impl Write,
    counts: &mut Counts,
) -> Status {
    let cancel = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg}")
                .unwrap_or(ProgressStyle::default_spinner()),
        );
        bar
    });
    let mut on_progress = |pr: Progress| {
        if interrupted.load(Relaxed) {
            cancel.store(true, Relaxed);
        }
        if max_time.is_some_and(|t| pr.elapsed >= t) {
            timed_out.store(true, Relaxed);
            cancel.store(true, Relaxed);
        }
        if let Some(bar) = &bar {
            bar.set_message(format!(
                "{} {}: {} nodes, {}/{} first moves, {:.1}s",
                p.label.as_deref().unwrap_or("solving"),
                p.stip,
                pr.nodes,
                pr.root_done,
                pr.root_total,
                pr.elapsed.as_secs_f64()
            ));
            bar.tick();
        }
    };
    let result = solve::solve(position, p.stip, options, &cancel, &mut on_progress);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let solution = match result {
        Ok(s) => s,
        Err(e) => {
            report_bad(out, err, args.json, p, &e.to_string());
            counts.bad += 1;
            return Status::BadInput;
        }
    };
    counts.problems += 1;
    let bm = p.bm.as_deref().map(|bm| bm_agrees(bm, position, &solution));
    let verdict = verdict(&solution);
    match solution.outcome {
        Outcome::Unfinished => counts.unfinished += 1,
        Outcome::NoSolution => counts.none += 1,
        Outcome::Solved if solution.is_cooked() => counts.cooked += 1,
        Outcome::Solved => counts.sound += 1,
    }
    if bm == Some(false) {
        counts.bm_mismatch += 1;
    }
    if args.json {
        let mut v = solution.to_json();
        if let Some(obj) = v.as_object_mut() {
            if let Some(label) = &p.label {
                obj.insert("id".into(), label.clone().into());
            }
            if let Some(line) = p.line {
                obj.insert("line".into(), line.into());
            }
            if let Some(b) = bm {
                obj.insert("bm_matches".into(), b.into());
            }
        }
        let _ = writeln!(out, "{v}");
    } else {
        let lang = crate::cli::lang();
        let mut head = String::new();
        if let Some(line) = p.line {
            head.push_str(&fmt(lang, "solve-line", &[("line", line.into())]));
            head.push(' ');
        }
        if let Some(label) = &p.label {
            head.push_str(&format!("{label}: "));
        }
        head.push_str(&format!("{} {verdict}", solution.stipulation));
        if solution.checks {
            head.push(' ');
            head.push_str(tr(lang, "solve-checks"));
        }
        match bm {
            Some(true) => head.push_str(tr(lang, "solve-bm-agrees")),
            Some(false) => head.push_str(&fmt(
                lang,
                "solve-bm-disagrees",
                &[("bm", p.bm.as_deref().unwrap_or("").into())],
            )),
            None => {}
        }
        let _ = writeln!(out, "{head}");
        if p.line.is_none() {
            let _ = writeln!(out, "{}", solution.fen);
        }
        let named = text::renamed(&solution, crate::cli::notation(solution.game));
        let play = text::render(&named, style);
        for l in play.lines() {
            let _ = writeln!(out, "  {l}");
        }
        if solution.truncated {
            let _ = writeln!(out, "  {}", tr(lang, "solve-truncated"));
        }
        let seconds = format!("{:.2}", solution.seconds);
        let nodes = fmt(
            lang,
            "solve-nodes",
            &[
                ("nodes", solution.nodes.into()),
                ("seconds", seconds.as_str().into()),
            ],
        );
        let _ = writeln!(out, "  {nodes}\n");
    }
    match solution.outcome {
        Outcome::Unfinished if interrupted.load(Relaxed) => Status::Interrupted,
        Outcome::Unfinished if timed_out.load(Relaxed) => Status::TimedOut,
        Outcome::Unfinished => Status::Interrupted,
        Outcome::NoSolution => Status::NoSolution,
        Outcome::Solved => Status::Solved,
    }
}

/// "sound", "cooked (3 keys)", "no solution", "unfinished (2 keys so far)".
fn verdict(s: &Solution) -> String {
    let help = s.stipulation.is_help();
    let count = if help {
        s.solutions.iter().filter(|h| !h.short).count()
    } else {
        s.keys.len()
    };
    let lang = crate::cli::lang();
    let keys = fmt(
        lang,
        "solve-keys",
        &[
            ("n", count.into()),
            ("help", if help { "yes" } else { "no" }.into()),
        ],
    );
    let short = s.solutions.iter().filter(|h| h.short).count();
    let short_note = if short > 0 {
        fmt(lang, "solve-short-note", &[("n", short.into())])
    } else {
        String::new()
    };
    let with = |id: &str| {
        fmt(
            lang,
            id,
            &[
                ("keys", keys.as_str().into()),
                ("short", short_note.as_str().into()),
                ("n", short.into()),
            ],
        )
    };
    match s.outcome {
        Outcome::Unfinished => with("solve-unfinished"),
        Outcome::NoSolution => tr(lang, "solve-no-solution").to_owned(),
        Outcome::Solved if count > 1 => with("solve-cooked"),
        Outcome::Solved if count == 0 => with("solve-only-short"),
        Outcome::Solved => with("solve-sound"),
    }
}

/// Whether the record's `bm` names exactly the keys found (chess: read as SAN; xiangqi: as
/// point names or WXF).
fn bm_agrees(bm: &str, position: &Position, s: &Solution) -> bool {
    let mut claimed: Vec<String> = bm
        .split_whitespace()
        .map(|m| normalise(m, position))
        .collect();
    let mut found: Vec<String> = s.keys.iter().map(|k| k.mv.uci.clone()).collect();
    claimed.sort();
    claimed.dedup();
    found.sort();
    claimed == found
}

/// A `bm` move as UCI, when it reads in the position; otherwise as written.
fn normalise(m: &str, position: &Position) -> String {
    if position.game.is_chess() {
        use shakmaty::Position as _;
        if let Ok(chess) = crate::core::legality::chess::to_chess(position)
            && let Ok(san) = m.parse::<shakmaty::san::SanPlus>()
            && let Ok(mv) = san.san.to_move(&chess)
        {
            let _ = chess.turn();
            return mv
                .to_uci(crate::core::legality::chess::castling_mode(position.game))
                .to_string();
        }
    }
    m.to_string()
}

fn report_bad(out: &mut impl Write, err: &mut impl Write, json: bool, p: &Problem, why: &str) {
    let place = match (&p.line, &p.label) {
        (Some(l), Some(id)) => format!("line {l} ({id}): "),
        (Some(l), None) => format!("line {l}: "),
        (None, Some(id)) => format!("{id}: "),
        (None, None) => String::new(),
    };
    let _ = writeln!(err, "fenboard solve: {place}{}: {why}", p.text);
    if json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({
                "fen": p.text,
                "stipulation": p.stip.to_string(),
                "result": "error",
                "error": why,
                "line": p.line,
            })
        );
    }
}

/// The problems the arguments name: one FEN with `--stip`, or a collection file's records that
/// carry a stipulation (or all of them with `--stip`).
fn problems(
    args: &SolveArgs,
    stip: Option<Stipulation>,
    err: &mut impl Write,
) -> Result<Vec<Problem>, u8> {
    let target = args.target.join(" ");
    if target.trim().is_empty() {
        let _ = writeln!(
            err,
            "fenboard solve: expected a FEN (with --stip) or a .fen/.epd FILE"
        );
        return Err(2);
    }
    let path = Path::new(target.trim());
    if args.target.len() == 1 && (path.is_file() || looks_like_path(&target)) {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(err, "fenboard solve: cannot read {}: {e}", path.display());
                return Err(2);
            }
        };
        let c = Collection::from_bytes(Some(path.to_owned()), &bytes);
        let mut list = Vec::new();
        for i in 0..c.len() {
            let ops = c.operations(i).unwrap_or("");
            let own = match record_stipulation(ops) {
                Some(Ok(s)) => Some(s),
                Some(Err(e)) => {
                    let line = c.line_number(i).unwrap_or(0);
                    let _ = writeln!(err, "fenboard solve: line {line}: {e}");
                    return Err(2);
                }
                None => None,
            };
            let Some(s) = stip.or(own) else { continue };
            list.push(Problem {
                label: c.id(i).map(str::to_string),
                line: c.line_number(i),
                text: c.fen(i).to_string(),
                stip: s,
                bm: collection::epd::operand(ops, "bm").map(str::to_string),
            });
        }
        if list.is_empty() {
            let _ = writeln!(
                err,
                "fenboard solve: {} has no record with a stipulation (EPD dm n or stip \"h#2\"); give --stip",
                path.display()
            );
            return Err(2);
        }
        return Ok(list);
    }
    let parts = record::parts(&target, false);
    let text = target[parts.fen.clone()].to_string();
    let ops = parts.ops.map(|r| target[r].to_string()).unwrap_or_default();
    let own = match record_stipulation(&ops) {
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => {
            let _ = writeln!(err, "fenboard solve: {e}");
            return Err(2);
        }
        None => None,
    };
    let Some(s) = stip.or(own) else {
        let _ = writeln!(
            err,
            "fenboard solve: no stipulation: give one with --stip (#2, s#3, h#2.5 …)"
        );
        return Err(2);
    };
    Ok(vec![Problem {
        label: collection::epd::operand(&ops, "id").map(str::to_string),
        line: None,
        text,
        stip: s,
        bm: collection::epd::operand(&ops, "bm").map(str::to_string),
    }])
}

fn looks_like_path(text: &str) -> bool {
    let t = text.trim();
    !t.contains(' ') && (t.ends_with(".fen") || t.ends_with(".epd"))
}

/// The stipulation an EPD record carries: `stip "h#2"`, or `dm n` for `#n`.
fn record_stipulation(ops: &str) -> Option<Result<Stipulation, solve::StipulationError>> {
    if let Some(s) = collection::epd::operand(ops, "stip") {
        return Some(s.parse());
    }
    collection::epd::operand(ops, "dm").map(|n| format!("#{}", n.trim()).parse())
}

/// `90`, `90s`, `1.5s`, `500ms`, `2m`, `1h`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&t[..i], &t[i..]),
        None => (t, "s"),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a time (90, 90s, 500ms, 2m, 1h)"))?;
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("'{text}': unknown unit '{unit}' (ms, s, m, h)")),
    };
    let secs = value * scale;
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(format!("'{text}' must be a positive time"));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_units() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        for bad in ["", "x", "-1", "0", "5 parsecs", "1e400", "NaN", "s"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn record_stipulations_come_from_stip_or_dm() {
        let s = |ops: &str| record_stipulation(ops).map(|r| r.map(|s| s.to_string()));
        assert_eq!(s(r#"stip "h#2.5"; id "x";"#), Some(Ok("h#2.5".into())));
        assert_eq!(s("bm Qa7; dm 2;"), Some(Ok("#2".into())));
        assert_eq!(s("bm Qa7;"), None);
        assert!(matches!(s("dm zero;"), Some(Err(_))));
    }

    #[test]
    fn the_worst_status_decides_the_exit() {
        assert!(Status::BadInput > Status::NoSolution);
        assert!(Status::TimedOut > Status::NoSolution);
        assert_eq!(Status::TimedOut.code(), 3);
        assert_eq!(Status::Solved.max(Status::NoSolution).code(), 1);
    }
}

//! `fenboard solve`: solves a problem given as a FEN and `--stip`, or every problem of a
//! `.fen`/`.epd` collection, and prints the play as a problem magazine would (or JSON Lines).
//! Exit status: 0 every problem has a solution, 1 one has none, 2 bad input, 3 `--max-time`
//! stopped a search, 130 Ctrl-C.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::args::SolveArgs;
use crate::collection::{self, record, stream};
use crate::core::{Diagnostic, Position, fen};
use crate::i18n::{fmt, tr};
use crate::solve::text::{self, Style};
use crate::solve::twin::{self, Twin};
use crate::solve::{self, Named, Options, Outcome, Progress, Solution, Stipulation};

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

/// Per-record problems are written to stderr as they come (a file may have many); only a
/// failure to write the output stops the command as a `Failure`.
pub fn run(args: SolveArgs) -> crate::cli::Result<ExitCode> {
    let out = &mut std::io::stdout().lock();
    let err = &mut std::io::stderr();
    match run_to(&args, out, err) {
        Ok(code) => Ok(ExitCode::from(code)),
        Err(e) => Err(crate::cli::output::write_failed(&e)),
    }
}

/// Where a problem came from: its `id`, its line in a file, its FEN text.
struct Place {
    label: Option<String>,
    line: Option<usize>,
    text: String,
}

/// One problem to solve: where it came from, its stipulation, what it claims, its twins.
struct Problem {
    place: Place,
    stip: Stipulation,
    bm: Option<String>,
    twins: Vec<Twin>,
    /// The run's options with the record's own (`setplay`, `tries`, `maxsolutions n`).
    options: Options,
}

/// Which twin a solution is of: its letter and, after the diagram's `a)`, its commands.
#[derive(Clone, Copy)]
struct Which<'t> {
    label: char,
    text: Option<&'t str>,
}

/// The twins `--twin` gives (b), c), … in order), or else the record's `twins` operation.
fn twins(args: &SolveArgs, ops: &str) -> Result<Vec<Twin>, String> {
    if !args.twin.is_empty() {
        return args
            .twin
            .iter()
            .enumerate()
            .map(|(i, t)| twin::parse((b'b' + (i as u8).min(24)) as char, t))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string());
    }
    match collection::epd::operand(ops, "twins") {
        Some(list) => twin::parse_list(list).map_err(|e| e.to_string()),
        None => Ok(Vec::new()),
    }
}

/// Everything the command does, writing to `out` and `err`; returns the exit status, or the
/// error that stopped writing `out` (a full disk, a closed pipe: nothing more is solved).
pub fn run_to(args: &SolveArgs, out: &mut impl Write, err: &mut impl Write) -> io::Result<u8> {
    let stip = match args.stip.as_deref().map(str::parse::<Stipulation>) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(e)) => {
            writeln!(err, "fenboard solve: --stip: {e}")?;
            return Ok(2);
        }
    };
    let max_time = match args.max_time.as_deref().map(parse_duration) {
        None => None,
        Some(Ok(d)) => Some(d),
        Some(Err(why)) => {
            writeln!(err, "fenboard solve: --max-time: {why}")?;
            return Ok(2);
        }
    };
    let target = args.target.join(" ");
    if target.trim().is_empty() {
        writeln!(
            err,
            "fenboard solve: expected a FEN (with --stip) or a .fen/.epd FILE"
        )?;
        return Ok(2);
    }
    let mut solver = Solver::new(args, max_time, err)?;
    let path = Path::new(target.trim());
    if args.target.len() == 1 && crate::popeye::is_popeye_file(path) {
        match crate::popeye::read_file(path) {
            Ok(text) => solver.popeye_file(path, &text, stip, out)?,
            Err(e) => solver.cannot_read(path, &e)?,
        }
    } else if args.target.len() == 1 && (path.is_file() || looks_like_path(&target)) {
        solver.file(path, stip, out)?;
    } else {
        match one_problem(args, solver.options, &target, stip) {
            Ok(p) => {
                solver.problem(&p, out)?;
            }
            Err(why) => {
                writeln!(solver.err, "fenboard solve: {why}")?;
                return Ok(2);
            }
        }
    }
    out.flush()?;
    Ok(solver.worst.code())
}

/// What every problem of a run shares, and the tallies over them.
struct Solver<'a, E> {
    args: &'a SolveArgs,
    options: Options,
    style: Style,
    max_time: Option<Duration>,
    interrupted: Arc<AtomicBool>,
    err: &'a mut E,
    counts: Counts,
    worst: Status,
}

impl<'a, E: Write> Solver<'a, E> {
    fn new(args: &'a SolveArgs, max_time: Option<Duration>, err: &'a mut E) -> io::Result<Self> {
        let interrupted = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, interrupted.clone());
        let threads = args
            .threads
            .map(usize::from)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        let asked = args.hash as usize;
        let hash_mb = solve::megabytes_available(asked).max(1);
        if hash_mb < asked {
            writeln!(
                err,
                "fenboard solve: --hash {asked}: the system gives only {hash_mb} MB; solving with that"
            )?;
        }
        Ok(Solver {
            args,
            options: Options {
                checks: args.checks,
                tries: args.tries,
                threads: threads.max(1),
                hash_mb,
                as_given: args.as_given,
                force: args.force,
                set_play: args.set_play,
                max_solutions: args.max_solutions.map(|n| n as usize),
                intelligent: args.search == crate::cli::args::SearchArg::Intelligent,
                ..Options::default()
            },
            style: Style {
                figurine: args.figurine,
                lang: crate::cli::lang(),
            },
            max_time,
            interrupted,
            err,
            counts: Counts::default(),
            worst: Status::Solved,
        })
    }

    /// Solves every record of the collection file at `path` that has a stipulation (every one
    /// with `stip`), reading it as a stream, then writes the tallies.
    fn file(
        &mut self,
        path: &Path,
        stip: Option<Stipulation>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                return self.cannot_read(path, &e);
            }
        };
        let input = io::BufReader::with_capacity(1 << 16, file);
        let mut found = false;
        for record in stream::records(input, collection::is_epd_path(path)) {
            let record = match record {
                Ok(r) => r,
                Err(e) => {
                    self.cannot_read(path, &e)?;
                    break;
                }
            };
            match self.record(&record, stip, out)? {
                None => {}
                Some(status) => {
                    found = true;
                    if status == Status::Interrupted {
                        break;
                    }
                }
            }
        }
        if !found && self.worst < Status::BadInput {
            writeln!(
                self.err,
                "fenboard solve: {} has no record with a stipulation (EPD dm n or stip \"h#2\"); give --stip",
                path.display()
            )?;
            self.worst = Status::BadInput;
            return Ok(());
        }
        if !self.args.json {
            writeln!(out, "{}", self.counts.line())?;
        }
        Ok(())
    }

    /// Solves one record (with `stip`, or its own stipulation); `None` when it has none and
    /// is skipped.
    fn record(
        &mut self,
        record: &stream::Record,
        stip: Option<Stipulation>,
        out: &mut impl Write,
    ) -> io::Result<Option<Status>> {
        let ops = record.operations().unwrap_or("");
        let own = match stip {
            Some(_) => None,
            None => record_stipulation(ops),
        };
        let place = Place {
            label: record.id().map(str::to_string),
            line: Some(record.line),
            text: record.fen().to_string(),
        };
        let stip = match (stip, own) {
            (Some(s), _) | (None, Some(Ok(s))) => s,
            (None, Some(Err(e))) => {
                self.bad(out, &place, &record_stipulation_text(ops), &e.to_string())?;
                return Ok(Some(Status::BadInput));
            }
            (None, None) => return Ok(None),
        };
        let twins = match twins(self.args, ops) {
            Ok(t) => t,
            Err(why) => {
                self.bad(out, &place, &stip.to_string(), &why)?;
                return Ok(Some(Status::BadInput));
            }
        };
        let p = Problem {
            place,
            stip,
            bm: record.operand("bm").map(str::to_string),
            twins,
            options: record_options(self.options, ops),
        };
        self.problem(&p, out).map(Some)
    }

    /// Solves every problem of the Popeye input at `path` (each twin; with `stip`, not its
    /// own); a problem that does not read is reported with its diagnostics and counted as bad
    /// input.
    fn popeye_file(
        &mut self,
        path: &Path,
        text: &str,
        stip: Option<Stipulation>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let input = crate::popeye::read(text);
        for d in &input.errors {
            writeln!(self.err, "fenboard solve: {}:{d}", path.display())?;
            self.worst = self.worst.max(Status::BadInput);
        }
        for p in &input.problems {
            if !p.is_ok() {
                let why: Vec<String> = p
                    .errors
                    .iter()
                    .map(|d| format!("{}:{}: {}", d.line, d.col, d.message))
                    .collect();
                let place = Place {
                    label: p.titles.first().cloned(),
                    line: Some(p.line),
                    text: path.display().to_string(),
                };
                self.bad(
                    out,
                    &place,
                    p.stipulation.as_deref().unwrap_or(""),
                    &why.join("; "),
                )?;
                continue;
            }
            let record = stream::Record::from_line(p.line, p.epd(), true);
            if self.record(&record, stip, out)? == Some(Status::Interrupted) {
                break;
            }
        }
        if input.problems.is_empty() && input.errors.is_empty() {
            writeln!(
                self.err,
                "fenboard solve: {} has no problem",
                path.display()
            )?;
            self.worst = self.worst.max(Status::BadInput);
        }
        if !self.args.json {
            writeln!(out, "{}", self.counts.line())?;
        }
        Ok(())
    }

    fn cannot_read(&mut self, path: &Path, e: &io::Error) -> io::Result<()> {
        writeln!(
            self.err,
            "fenboard solve: cannot read {}: {e}",
            path.display()
        )?;
        self.worst = self.worst.max(Status::BadInput);
        Ok(())
    }

    /// Reads and solves one problem (every twin of it) and writes its result; returns how it
    /// ended. The problem counts once, however many twins it has.
    fn problem(&mut self, p: &Problem, out: &mut impl Write) -> io::Result<Status> {
        let status = self.each_twin(p, out);
        self.counts.finish();
        status
    }

    fn each_twin(&mut self, p: &Problem, out: &mut impl Write) -> io::Result<Status> {
        let read = fen::read(&p.place.text, self.args.game.game());
        let position = match read.position {
            Some(pos) if !read.diagnostics.iter().any(Diagnostic::is_error) => pos,
            _ => {
                let why: Vec<String> = read
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.message.clone())
                    .collect();
                self.bad(out, &p.place, &p.stip.to_string(), &why.join("; "))?;
                return Ok(Status::BadInput);
            }
        };
        if p.twins.is_empty() {
            return self.solve_twin(p, &position, p.stip, None, out);
        }
        let a = Which {
            label: 'a',
            text: None,
        };
        let mut status = self.solve_twin(p, &position, p.stip, Some(a), out)?;
        for (t, applied) in p
            .twins
            .iter()
            .zip(twin::apply_all(&p.twins, &position, p.stip))
        {
            if status == Status::Interrupted {
                break;
            }
            let which = Which {
                label: t.label,
                text: Some(&t.text),
            };
            status = match applied {
                Ok((pos, stip)) => self.solve_twin(p, &pos, stip, Some(which), out)?,
                Err(e) => {
                    self.bad(out, &p.place, &p.stip.to_string(), &e.to_string())?;
                    Status::BadInput
                }
            };
        }
        Ok(status)
    }

    /// Solves one position of a problem (the diagram, or one of its twins) and writes it.
    fn solve_twin(
        &mut self,
        p: &Problem,
        position: &Position,
        stip: Stipulation,
        which: Option<Which>,
        out: &mut impl Write,
    ) -> io::Result<Status> {
        let (result, timed_out) = self.search(p, stip, position);
        let found = match result {
            Ok(s) => s,
            Err(e) => {
                self.bad(out, &p.place, &stip.to_string(), &e.to_string())?;
                return Ok(Status::BadInput);
            }
        };
        // A cooked helpmate's lines are named one at a time as they are written.
        let named = solve::named_but_lines(&found);
        let bm =
            p.bm.as_deref()
                .filter(|_| which.is_none_or(|w| w.label == 'a'))
                .map(|bm| bm_agrees(bm, position, &named));
        self.counts.add(&found, bm);
        if self.args.json {
            found.write_json(&json_line(p, (&found, &named), bm, which), out)?;
            writeln!(out)?;
        } else {
            write_human(out, p, (&found, &named), bm, which, self.style)?;
        }
        let status = match found.outcome {
            Outcome::Unfinished if self.interrupted.load(Relaxed) => Status::Interrupted,
            Outcome::Unfinished if timed_out => Status::TimedOut,
            Outcome::Unfinished => Status::Interrupted,
            Outcome::NoSolution => Status::NoSolution,
            Outcome::Solved => Status::Solved,
        };
        self.worst = self.worst.max(status);
        Ok(status)
    }

    /// The solver's answer, with a spinner on a terminal's stderr, stopped by Ctrl-C or
    /// `--max-time`; and whether `--max-time` stopped it.
    fn search(
        &self,
        p: &Problem,
        stip: Stipulation,
        position: &Position,
    ) -> (Result<Solution, solve::SolveError>, bool) {
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
            if self.interrupted.load(Relaxed) {
                cancel.store(true, Relaxed);
            }
            if self.max_time.is_some_and(|t| pr.elapsed >= t) {
                timed_out.store(true, Relaxed);
                cancel.store(true, Relaxed);
            }
            if let Some(bar) = &bar {
                bar.set_message(format!(
                    "{} {}: {} nodes, {}/{} first moves, {:.1}s",
                    p.place.label.as_deref().unwrap_or("solving"),
                    stip,
                    pr.nodes,
                    pr.root_done,
                    pr.root_total,
                    pr.elapsed.as_secs_f64()
                ));
                bar.tick();
            }
        };
        let result = solve::solve(position, stip, &p.options, &cancel, &mut on_progress);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        (result, timed_out.load(Relaxed))
    }

    /// Reports a problem that cannot be solved (on stderr, and as a JSON line with `--json`).
    fn bad(
        &mut self,
        out: &mut impl Write,
        place: &Place,
        stip: &str,
        why: &str,
    ) -> io::Result<()> {
        self.counts.unreadable();
        self.worst = self.worst.max(Status::BadInput);
        report_bad(out, self.err, self.args.json, place, stip, why)
    }
}

/// Tallies over a collection: a twinned problem counts once, by its worst twin, as a
/// composer counts it (sound only when every twin is).
#[derive(Default)]
struct Counts {
    problems: usize,
    sound: usize,
    cooked: usize,
    none: usize,
    unfinished: usize,
    bad: usize,
    bm_mismatch: usize,
    /// The worst verdict of the problem being solved, over the twins solved so far.
    pending: Option<Verdict>,
}

/// A problem's verdict, from best to worst.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    Sound,
    Cooked,
    NoSolution,
    Unfinished,
}

impl Counts {
    /// Counts one solved position of a problem (the diagram or a twin), and whether its `bm`
    /// agreed; [`Counts::finish`] counts the problem.
    fn add(&mut self, solution: &Solution, bm: Option<bool>) {
        let verdict = match solution.outcome {
            Outcome::Unfinished => Verdict::Unfinished,
            Outcome::NoSolution => Verdict::NoSolution,
            Outcome::Solved if solution.is_cooked() => Verdict::Cooked,
            Outcome::Solved => Verdict::Sound,
        };
        self.pending = Some(self.pending.map_or(verdict, |v| v.max(verdict)));
        if bm == Some(false) {
            self.bm_mismatch += 1;
        }
    }

    /// A problem, or one of its twins, that could not be read or solved: the problem counts
    /// as not readable.
    fn unreadable(&mut self) {
        self.bad += 1;
        self.pending = None;
    }

    /// Counts the problem whose positions [`Counts::add`] counted.
    fn finish(&mut self) {
        let Some(verdict) = self.pending.take() else {
            return;
        };
        self.problems += 1;
        *match verdict {
            Verdict::Sound => &mut self.sound,
            Verdict::Cooked => &mut self.cooked,
            Verdict::NoSolution => &mut self.none,
            Verdict::Unfinished => &mut self.unfinished,
        } += 1;
    }

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

/// A problem's result (found, and named but its helpmate lines) as one JSON object, its
/// helpmate lines left to `write_json`.
fn json_line(
    p: &Problem,
    (found, named): (&Solution, &Solution<Named>),
    bm: Option<bool>,
    which: Option<Which>,
) -> serde_json::Value {
    let mut v = found.json_head(named);
    if let Some(obj) = v.as_object_mut() {
        if let Some(w) = which {
            obj.insert("twin".into(), w.label.to_string().into());
            obj.insert("twin_commands".into(), w.text.into());
        }
        if let Some(label) = &p.place.label {
            obj.insert("id".into(), label.clone().into());
        }
        if let Some(line) = p.place.line {
            obj.insert("line".into(), line.into());
        }
        if let Some(b) = bm {
            obj.insert("bm_matches".into(), b.into());
        }
    }
    v
}

/// A problem's result (found, and named but its helpmate lines) as a magazine prints it: the
/// verdict, the FEN (for a lone problem), the play, the nodes and time.
fn write_human(
    out: &mut impl Write,
    p: &Problem,
    (found, solution): (&Solution, &Solution<Named>),
    bm: Option<bool>,
    which: Option<Which>,
    style: Style,
) -> io::Result<()> {
    let lang = crate::cli::lang();
    let mut head = String::new();
    if let Some(w) = which {
        head.push_str(&format!("{}) ", w.label));
        if let Some(t) = w.text {
            head.push_str(&format!("{t}: "));
        }
    }
    if let Some(line) = p.place.line {
        head.push_str(&fmt(lang, "solve-line", &[("line", line.into())]));
        head.push(' ');
    }
    if let Some(label) = &p.place.label {
        head.push_str(&format!("{label}: "));
    }
    head.push_str(&format!("{} {}", solution.stipulation, verdict(found)));
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
    writeln!(out, "{head}")?;
    if p.place.line.is_none() || which.is_some_and(|w| w.text.is_some()) {
        writeln!(out, "{}", solution.fen)?;
    }
    let notation = crate::cli::notation(solution.game);
    for l in text::render(&text::renamed(solution, notation), style).lines() {
        writeln!(out, "  {l}")?;
    }
    let renaming = text::Renaming::of(solution, notation);
    let mut renamed = Vec::new();
    solve::each_line(found, &mut |moves, short| {
        let moves = match &renaming {
            Some(r) => {
                renamed.clear();
                renamed.extend_from_slice(moves);
                r.line(&mut renamed);
                &renamed[..]
            }
            None => moves,
        };
        let line = text::solution_line(solution, moves, short, style);
        writeln!(out, "  {line}")
    })?;
    if solution.truncated {
        writeln!(out, "  {}", tr(lang, "solve-truncated"))?;
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
    writeln!(out, "  {nodes}\n")
}

/// "sound", "cooked (3 keys)", "no solution", "unfinished (2 keys so far)".
fn verdict(s: &Solution) -> String {
    let help = s.stipulation.is_help();
    let count = if help {
        s.solution_count(false)
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
    let short = s.solution_count(true);
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
fn bm_agrees(bm: &str, position: &Position, s: &Solution<Named>) -> bool {
    let mut claimed: Vec<String> = bm
        .split_whitespace()
        .map(|m| normalise(m, position))
        .collect();
    let mut found: Vec<String> = s.keys.iter().map(|k| k.mv.uci.to_string()).collect();
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

/// Says on `err` why problem `p` cannot be solved; with `json`, also as a line of `out` (whose
/// error is returned).
fn report_bad(
    out: &mut impl Write,
    err: &mut impl Write,
    json: bool,
    p: &Place,
    stip: &str,
    why: &str,
) -> io::Result<()> {
    let place = match (&p.line, &p.label) {
        (Some(l), Some(id)) => format!("line {l} ({id}): "),
        (Some(l), None) => format!("line {l}: "),
        (None, Some(id)) => format!("{id}: "),
        (None, None) => String::new(),
    };
    writeln!(err, "fenboard solve: {place}{}: {why}", p.text)?;
    if json {
        writeln!(
            out,
            "{}",
            serde_json::json!({
                "fen": p.text,
                "stipulation": stip,
                "result": "error",
                "error": why,
                "line": p.line,
            })
        )?;
    }
    Ok(())
}

/// The one problem a FEN or EPD record on the command line gives, with `stip` or its own
/// stipulation; or why there is none.
fn one_problem(
    args: &SolveArgs,
    options: Options,
    target: &str,
    stip: Option<Stipulation>,
) -> Result<Problem, String> {
    let parts = record::parts(target, false);
    let text = target[parts.fen.clone()].to_string();
    let ops = parts.ops.map(|r| target[r].to_string()).unwrap_or_default();
    let own = match stip {
        Some(_) => None,
        None => record_stipulation(&ops)
            .transpose()
            .map_err(|e| e.to_string())?,
    };
    let Some(s) = stip.or(own) else {
        return Err("no stipulation: give one with --stip (#2, s#3, h#2.5 …)".into());
    };
    let options = record_options(options, &ops);
    Ok(Problem {
        place: Place {
            label: collection::epd::operand(&ops, "id").map(str::to_string),
            line: None,
            text,
        },
        stip: s,
        bm: collection::epd::operand(&ops, "bm").map(str::to_string),
        twins: twins(args, &ops)?,
        options,
    })
}

fn looks_like_path(text: &str) -> bool {
    let t = text.trim();
    !t.contains(' ') && (t.ends_with(".fen") || t.ends_with(".epd"))
}

/// `options` with what the record's operations ask for: `setplay`, `tries`, `maxsolutions n`
/// (what a Popeye input's options become).
fn record_options(mut options: Options, ops: &str) -> Options {
    options.set_play |= collection::epd::operand(ops, "setplay").is_some();
    options.tries |= collection::epd::operand(ops, "tries").is_some();
    if options.max_solutions.is_none() {
        options.max_solutions = collection::epd::operand(ops, "maxsolutions")
            .and_then(|n| n.trim().parse().ok())
            .filter(|&n: &usize| n > 0);
    }
    options
}

/// The stipulation an EPD record carries: `stip "h#2"`, or `dm n` for `#n`.
fn record_stipulation(ops: &str) -> Option<Result<Stipulation, solve::StipulationError>> {
    if let Some(s) = collection::epd::operand(ops, "stip") {
        return Some(s.parse());
    }
    collection::epd::operand(ops, "dm").map(|n| format!("#{}", n.trim()).parse())
}

/// The stipulation a record carries as written (`h#2`, `#0` for `dm 0`), for messages.
fn record_stipulation_text(ops: &str) -> String {
    match collection::epd::operand(ops, "stip") {
        Some(s) => s.to_string(),
        None => collection::epd::operand(ops, "dm")
            .map_or_else(String::new, |n| format!("#{}", n.trim())),
    }
}

/// The longest `--max-time`, in seconds.
const MAX_SECONDS: f64 = 1e9;

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
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("'{text}' must be a positive time"));
    }
    if secs > MAX_SECONDS {
        return Err(format!(
            "'{text}' is too long a time (at most {MAX_SECONDS}s, about 31 years)"
        ));
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

    /// A stream whose every write fails, as a closed or full stderr does.
    struct Unwritable;

    impl Write for Unwritable {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("unwritable"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn args(words: &[&str]) -> SolveArgs {
        use clap::Parser;
        let cli = crate::cli::args::Cli::try_parse_from(
            ["fenboard", "solve"].iter().chain(words).copied(),
        )
        .unwrap();
        match cli.command {
            Some(crate::cli::args::Command::Solve(s)) => s,
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn a_message_that_cannot_reach_stderr_is_a_write_failure() {
        for words in [
            &["--stip", "#0x", "8/8/8/8/8/8/8/K1k5", "w"][..],
            &[
                "--max-time",
                "never",
                "--stip",
                "#1",
                "8/8/8/8/8/8/8/K1k5",
                "w",
            ],
            &["--stip", "#1", "not a fen"],
            &["/no/such/dir/problems.epd"],
        ] {
            let mut out = Vec::new();
            let result = run_to(&args(words), &mut out, &mut Unwritable);
            assert!(result.is_err(), "{words:?} gave {result:?}");
            let mut err = Vec::new();
            let code = run_to(&args(words), &mut Vec::new(), &mut err).unwrap();
            assert_eq!(code, 2, "{words:?}");
            assert!(
                String::from_utf8(err)
                    .unwrap()
                    .starts_with("fenboard solve: ")
            );
        }
    }

    #[test]
    fn the_worst_status_decides_the_exit() {
        assert!(Status::BadInput > Status::NoSolution);
        assert!(Status::TimedOut > Status::NoSolution);
        assert_eq!(Status::TimedOut.code(), 3);
        assert_eq!(Status::Solved.max(Status::NoSolution).code(), 1);
    }
}

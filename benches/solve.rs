//! Solver speed against Popeye, the composers' reference solver, in the same run: a fixed set
//! of heavier problems (#3, #4, s#3, s#4, h#3, h#4, h=3, ser-h#5, ser-h#6, ser-#4 of 4–29
//! men), fenboard on one thread and on two (and, for help and series play, on one thread with
//! `--search plain`), Popeye as it comes and, for help and series play, with `option
//! intelligent`, with the ratio of the better times; Popeye's own examples of its intelligent
//! mode, composed helpmates of 3–6 moves, and the orthodox series among them (ser-#2 to
//! ser-h=18, `benches/solve/popeye-series.inp`), beside Popeye; a trivial #1 solved 3,000 times in a row
//! (the cost beyond the search); the node counts and times of #2…#6 and h#2…h#6 on one
//! position each (how the search scales), and the memory the table takes; the peak memory of
//! a long helpmate solved as a process for a few `--hash` sizes, beside Popeye's
//! (`solve/memory.rs`); then xiangqi's classic composed mates against Fairy-Stockfish
//! (`solve/xiangqi.rs`).
//!
//! `cargo bench --bench solve`; Popeye from `$FENBOARD_POPEYE` or `py` on the PATH (skipped
//! with a message when absent). `SOLVE_RUNS=N` runs per measurement (default 1: the problems
//! take seconds; the machine is shared, so compare figures of the same run only).
//! `SOLVE_LIMIT=S` stops each run of the scalings and of the xiangqi mates after S seconds
//! (default 60), shown as `> S`, and each problem of Popeye's intelligent-mode examples
//! (`composed`, `series`). Naming parts after `--` runs only those: `problems`, `composed`,
//! `series`, `batch`, `help` (the help scaling), `scaling` (direct scaling and the table's
//! memory), `memory`, `xiangqi`.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use fenboard::core::{Position, fen};
use fenboard::solve::{self, Options, Solution, Stipulation};

#[path = "solve/memory.rs"]
mod memory;
#[path = "solve/xiangqi.rs"]
mod xiangqi;

/// (name, FEN, stipulation). FENs from assets/examples/chess-mates.epd, used for deeper or
/// other stipulations too (the solver must prove every answer whatever the stipulation asks).
const PROBLEMS: &[(&str, &str, &str)] = &[
    (
        "bull-1923 #3",
        "7n/1p2N1K1/n2Qp3/6N1/2k3p1/8/8/1R6 w - - 0 1",
        "#3",
    ),
    (
        "mansfield-1915 as #3",
        "8/7B/K3Q3/4pq2/1P1p4/bR6/1B6/NkN4R w - - 0 1",
        "#3",
    ),
    (
        "charles-xii as #4",
        "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1",
        "#4",
    ),
    (
        "bull-1923 as #4",
        "7n/1p2N1K1/n2Qp3/6N1/2k3p1/8/8/1R6 w - - 0 1",
        "#4",
    ),
    (
        "mansfield-1932 as s#3",
        "1K6/1Q4n1/R7/3Nkb1R/6r1/2P1r1N1/7B/8 w - - 0 1",
        "s#3",
    ),
    (
        "mansfield-1932 as s#4",
        "1K6/1Q4n1/R7/3Nkb1R/6r1/2P1r1N1/7B/8 w - - 0 1",
        "s#4",
    ),
    // Composed problems of 16 to 29 men.
    (
        "healey-1861 as #3",
        "8/1n3Np1/1N4Q1/1bkP4/p1p2p2/P1P2R2/3P2PK/B2R4 w - - 0 1",
        "#3",
    ),
    (
        "healey-1861 as #4",
        "8/1n3Np1/1N4Q1/1bkP4/p1p2p2/P1P2R2/3P2PK/B2R4 w - - 0 1",
        "#4",
    ),
    (
        "loyd-1903 #3",
        "4r1b1/1p4B1/pN2pR2/RB2k3/1P2N2p/2p3b1/n2P1p1r/5K1n w - - 0 1",
        "#3",
    ),
    (
        "guidelli-1916 as #3",
        "4KQ2/3pN3/1PpkpbR1/8/1P1p1r1p/4N3/b6B/2q1R3 w - - 0 1",
        "#3",
    ),
    (
        "barnes-1960 as #3",
        "r3n1N1/1p1P1P2/1P1k4/P1R4b/Q1BBr2b/K2N4/8/8 w - - 0 1",
        "#3",
    ),
    (
        "avner-1981 s#3",
        "8/R4PpP/5kp1/PP1R2N1/Kp3P1B/bQ4P1/rr1p4/nn1b1N1B w - - 0 1",
        "s#3",
    ),
    ("10 pieces h#3", TEN, "h#3"),
    ("K+R v K h#4", "4k3/8/4K3/8/8/8/8/R7 b - - 0 1", "h#4"),
    ("10 pieces h=3", TEN, "h=3"),
    ("10 pieces ser-h#5", TEN, "ser-h#5"),
    ("10 pieces ser-h#6", TEN, "ser-h#6"),
    ("10 pieces ser-#4", TEN, "ser-#4"),
    ("trivial #1", TRIVIAL, "#1"),
];

/// A mate in one (1.Qc8#): what a problem costs beyond its search.
const TRIVIAL: &str = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";

/// How many times the trivial problem is solved in a row, as from a file of that many records.
const BATCH: usize = 3000;

/// Ten men, for help and series play of every kind.
const TEN: &str = "6b1/1p6/1k1p4/3r2p1/1n6/8/1K6/4B2N b - - 0 1";

/// The position whose h#2…h#6 show how help play grows.
const HELP_SCALING: &str = TEN;

/// The position whose #2…#5 show how the search grows.
const SCALING: &str = "8/8/8/8/8/6P1/6k1/4KR1R w K - 0 1";

fn runs() -> usize {
    std::env::var("SOLVE_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// The seconds each run of the help scaling may take.
fn limit() -> Duration {
    Duration::from_secs(
        std::env::var("SOLVE_LIMIT")
            .ok()
            .and_then(|s| s.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(60),
    )
}

fn position(text: &str) -> Position {
    fen::read(text, None).position.expect(text)
}

fn fenboard(text: &str, stip: &str, threads: usize) -> (Solution, Duration) {
    fenboard_with(text, stip, threads, true, None)
}

/// fenboard, intelligent or plain, stopped after `limit` when one is given.
fn fenboard_with(
    text: &str,
    stip: &str,
    threads: usize,
    intelligent: bool,
    limit: Option<Duration>,
) -> (Solution, Duration) {
    let pos = position(text);
    let stip: Stipulation = stip.parse().unwrap();
    let options = Options {
        threads,
        intelligent,
        ..Options::default()
    };
    let mut best: Option<(Solution, Duration)> = None;
    for _ in 0..runs() {
        let start = Instant::now();
        let cancel = AtomicBool::new(false);
        let s = std::thread::scope(|scope| {
            let (done, wait) = std::sync::mpsc::channel::<()>();
            if let Some(limit) = limit {
                let cancel = &cancel;
                scope.spawn(move || {
                    let timeout = std::sync::mpsc::RecvTimeoutError::Timeout;
                    if wait.recv_timeout(limit) == Err(timeout) {
                        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                });
            }
            let s = solve::solve(&pos, stip, &options, &cancel, &mut |_| {}).unwrap();
            drop(done);
            s
        });
        // The names and the text are part of the work, as they are of Popeye's.
        std::hint::black_box(solve::text::render(
            &solve::named(&s),
            solve::text::Style {
                figurine: false,
                lang: fenboard::i18n::Lang::En,
            },
        ));
        let t = start.elapsed();
        if best.as_ref().is_none_or(|(_, b)| t < *b) {
            best = Some((s, t));
        }
    }
    best.unwrap()
}

/// `fenboard solve --threads 1` as a whole process (start, solve, print), as Popeye is timed:
/// the fastest of the runs.
fn fenboard_process(text: &str, stip: &str) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..runs() {
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_fenboard"))
            .args(["solve", "--threads", "1", "--stip", stip, text])
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .expect("fenboard runs");
        best = best.min(start.elapsed());
        assert!(
            !out.stdout.is_empty(),
            "fenboard printed nothing for {text} {stip}"
        );
    }
    best
}

fn popeye_binary() -> Option<String> {
    let candidate = std::env::var("FENBOARD_POPEYE").unwrap_or_else(|_| "py".to_string());
    Command::new(&candidate)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()
        .and_then(|mut c| {
            drop(c.stdin.take());
            c.wait().ok()
        })
        .map(|_| candidate)
}

/// The Popeye input for a FEN: pieces, stipulation, `nowk`; Black to move in a direct or self
/// problem plays first through `halfduplex`… not needed here: every such problem has White to
/// move, and helpmates (Black first) are Popeye's default.
fn popeye_input(text: &str, stip: &str, intelligent: bool) -> String {
    let pos = position(text);
    let mut white = Vec::new();
    let mut black = Vec::new();
    for (sq, piece) in pos.board.pieces() {
        let letter = match piece.role {
            fenboard::core::Role::Knight => 'S',
            r => r.letter().to_ascii_uppercase(),
        };
        let name = format!("{letter}{}", sq.name(pos.game));
        match piece.color {
            fenboard::core::Color::White => white.push(name),
            fenboard::core::Color::Black => black.push(name),
        }
    }
    let option = if intelligent { " intelligent" } else { "" };
    format!(
        "begin\npieces white {} black {}\nstipulation {stip}\noption nowk{option}\nend\n",
        white.join(" "),
        black.join(" ")
    )
}

fn popeye(binary: &str, text: &str, stip: &str, intelligent: bool) -> Duration {
    popeye_run(binary, &popeye_input(text, stip, intelligent), text, stip)
}

/// Popeye with its own `maxtime`: `None` when it stopped there.
fn popeye_within(
    binary: &str,
    text: &str,
    stip: &str,
    intelligent: bool,
    limit: Duration,
) -> Option<Duration> {
    let input = popeye_input(text, stip, intelligent).replace(
        "option nowk",
        &format!("option maxtime {} nowk", limit.as_secs()),
    );
    let (t, out) = popeye_once(binary, &input);
    out.contains("solution finished").then_some(t)
}

/// One run of Popeye on `input`: its time and its output.
fn popeye_once(binary: &str, input: &str) -> (Duration, String) {
    let start = Instant::now();
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("popeye starts");
    // Written from a thread of its own: a long input's output fills the pipe meanwhile.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("popeye runs");
    writer.join().expect("the writer ends").unwrap();
    (
        start.elapsed(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Popeye on `input` (one or more problems), the fastest of the runs.
fn popeye_run(binary: &str, input: &str, text: &str, stip: &str) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..runs() {
        let start = Instant::now();
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("popeye starts");
        // Written from a thread of its own: a long input's output fills the pipe meanwhile.
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_string();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let out = child.wait_with_output().expect("popeye runs");
        writer.join().expect("the writer ends").unwrap();
        best = best.min(start.elapsed());
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("solution finished"),
            "popeye did not finish {text} {stip}"
        );
    }
    best
}

/// The parts of the bench to run: those named on the command line (cargo's own `--bench`
/// aside), or all.
fn wanted() -> impl Fn(&str) -> bool {
    let named: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    for n in &named {
        if !PARTS.contains(&n.as_str()) {
            eprintln!("no part {n:?}: the parts are {}", PARTS.join(", "));
            std::process::exit(2);
        }
    }
    move |part| named.is_empty() || named.iter().any(|n| n == part)
}

const PARTS: [&str; 8] = [
    "problems", "composed", "series", "batch", "help", "scaling", "memory", "xiangqi",
];

fn main() {
    let wanted = wanted();
    let popeye_bin = popeye_binary();
    if popeye_bin.is_none() {
        println!("Popeye not found (set FENBOARD_POPEYE or put py on the PATH): fenboard alone");
    }
    // First, while this process is small: on Linux a child's peak resident set counts the
    // parent's at the fork (kept across the exec), and the help scaling below holds millions
    // of printed solutions.
    if wanted("memory") {
        memory::table(popeye_bin.as_deref());
    }
    if wanted("problems") {
        problems(popeye_bin.as_deref());
    }
    if wanted("composed") {
        examples(
            popeye_bin.as_deref(),
            "Popeye's intelligent-mode examples",
            &[
                "tests/fixtures/popeye/beispiel-intell.inp",
                "tests/fixtures/popeye/beispiel-intell-long.inp",
            ],
        );
    }
    if wanted("series") {
        examples(
            popeye_bin.as_deref(),
            "Popeye's orthodox series of its intelligent-mode examples",
            &["benches/solve/popeye-series.inp"],
        );
    }
    if wanted("batch") {
        batch(popeye_bin.as_deref());
    }
    if wanted("help") {
        help_scaling(popeye_bin.as_deref());
    }
    if wanted("scaling") {
        scaling(popeye_bin.as_deref());
    }
    if wanted("xiangqi") {
        xiangqi::classics_table();
    }
}

/// The fixed set of problems, each fenboard in and out of process beside Popeye.
fn problems(popeye_bin: Option<&str>) {
    println!(
        "{:<24} {:>5} {:>12} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6}",
        "problem",
        "keys",
        "nodes",
        "fb 1 thr",
        "fb 2 thr",
        "fb plain",
        "fb proc",
        "popeye",
        "py intel",
        "ratio"
    );
    let mut totals = [Duration::ZERO; 5];
    for &(name, text, stip) in PROBLEMS {
        let (s1, t1) = fenboard(text, stip, 1);
        let (_, t2) = fenboard(text, stip, 2);
        let tc = fenboard_process(text, stip);
        let help = stip.starts_with('h') || stip.starts_with("ser-");
        let plain = help.then(|| fenboard_with(text, stip, 1, false, None));
        let count = if s1.stipulation.is_help() {
            s1.solutions.len()
        } else {
            s1.keys.len()
        };
        let (tp, ti) = match popeye_bin {
            Some(bin) => {
                let tp = popeye(bin, text, stip, false);
                let ti = help.then(|| popeye(bin, text, stip, true));
                (Some(tp), ti)
            }
            None => (None, None),
        };
        totals[0] += t1;
        totals[1] += t2;
        totals[2] += tp.unwrap_or_default();
        totals[3] += ti.or(tp).unwrap_or_default();
        totals[4] += tc;
        let secs =
            |d: Option<Duration>| d.map_or("-".to_string(), |d| format!("{:.3}", d.as_secs_f64()));
        println!(
            "{name:<24} {count:>5} {:>12} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>6}",
            s1.nodes,
            secs(Some(t1)),
            secs(Some(t2)),
            secs(plain.map(|(_, t)| t)),
            secs(Some(tc)),
            secs(tp),
            secs(ti),
            ratio(tc, best_of(tp, ti))
        );
    }
    let secs = |d: Duration| format!("{:.3}", d.as_secs_f64());
    println!(
        "{:<24} {:>5} {:>12} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "total (s)",
        "",
        "",
        secs(totals[0]),
        secs(totals[1]),
        "",
        secs(totals[4]),
        if popeye_bin.is_some() {
            secs(totals[2])
        } else {
            "-".into()
        },
        if popeye_bin.is_some() {
            secs(totals[3])
        } else {
            "-".into()
        },
    );
    println!(
        "(fb 1 thr, 2 thr, plain: the library's solve in this process, the last with --search \
         plain for help and series play; fb proc: `fenboard solve --threads 1` as a process, as \
         Popeye is timed; py intel: Popeye with option intelligent for help and series play, as \
         it comes for the rest; ratio: fb proc over Popeye's better time)"
    );
}

/// Popeye's own examples of its intelligent mode, the composed helpmates and series it ships
/// (`tests/fixtures/popeye/beispiel-intell*.inp`, and its orthodox series in
/// `benches/solve/popeye-series.inp`), those fenboard reads: each solved by `fenboard solve
/// --threads 1` as a process and by Popeye with `option intelligent`, as the files ask, both
/// stopped after `SOLVE_LIMIT` seconds (shown as `> S`). `files` are paths in the crate.
fn examples(popeye_bin: Option<&str>, title: &str, files: &[&str]) {
    let limit = limit();
    println!(
        "\n{title}, one thread each, stopped after {} s",
        limit.as_secs()
    );
    println!(
        "{:<34} {:>9} {:>6} {:>9} {:>9} {:>6}",
        "problem", "stip", "sols", "fb proc", "py intel", "ratio"
    );
    let (mut ours, mut theirs) = (Duration::ZERO, Duration::ZERO);
    let (mut solved, mut count) = (0, 0);
    for &path in files {
        let file = path.rsplit('/').next().unwrap_or(path);
        let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the example file reads");
        for problem in fenboard::popeye::read(&text).problems {
            let Some(stip) = problem.solved_stipulation().filter(|_| problem.is_ok()) else {
                continue;
            };
            let record = problem.epd();
            let (t, sols) = fenboard_record(&record, limit);
            let py = popeye_bin.and_then(|bin| popeye_record(bin, &problem, limit));
            count += 1;
            if let (Some(t), Some(p)) = (t, py) {
                ours += t;
                theirs += p;
                solved += 1;
            }
            let secs = |d: Option<Duration>| {
                d.map_or(format!("> {}", limit.as_secs()), |d| {
                    format!("{:.3}", d.as_secs_f64())
                })
            };
            println!(
                "{:<34} {:>9} {:>6} {:>9} {:>9} {:>6}",
                format!("{file}:{}", problem.line),
                stip.to_string(),
                sols.map_or("-".to_string(), |n| n.to_string()),
                secs(t),
                if popeye_bin.is_some() {
                    secs(py)
                } else {
                    "-".into()
                },
                t.map_or("-".to_string(), |t| ratio(t, py)),
            );
        }
    }
    println!(
        "both finished {solved} of {count}: fenboard {:.3} s, Popeye {:.3} s (fb proc: `fenboard \
         solve --threads 1` as a process; py intel: Popeye with option intelligent; ratio: fb \
         proc over py intel)",
        ours.as_secs_f64(),
        theirs.as_secs_f64()
    );
}

/// `fenboard solve --threads 1` as a process on one EPD record: its time and the solutions
/// it printed, `None` when it stopped at `limit` unfinished.
fn fenboard_record(record: &str, limit: Duration) -> (Option<Duration>, Option<usize>) {
    let dir = std::env::temp_dir().join(format!("fenboard-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("problem.epd");
    std::fs::write(&file, format!("{record}\n")).expect("the record writes");
    let mut best: Option<(Duration, String)> = None;
    for _ in 0..runs() {
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_fenboard"))
            .args(["solve", "--threads", "1", "--max-time"])
            .arg(limit.as_secs().to_string())
            .arg(&file)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .expect("fenboard runs");
        let t = start.elapsed();
        if best.as_ref().is_none_or(|(b, _)| t < *b) {
            best = Some((t, String::from_utf8_lossy(&out.stdout).into_owned()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let (t, out) = best.expect("one run at least");
    if out.contains("unfinished") {
        return (None, None);
    }
    // Each solution is a line of moves that begins with the first move's number.
    let sols = out
        .lines()
        .filter(|l| l.trim_start().starts_with("1."))
        .count();
    (Some(t), Some(sols))
}

/// `problem` as Popeye input with `option intelligent` and `options` (written as fenboard
/// writes Popeye input from the problem's EPD record: the four FEN fields and the operations).
fn popeye_intelligent(problem: &fenboard::popeye::Problem, options: &str) -> String {
    let (record, fen4) = (problem.epd(), problem.fen4());
    let ops = record[fen4.len()..].trim_start();
    let written =
        fenboard::popeye::write::problem(&format!("{fen4} 0 1"), ops).expect("Popeye can read it");
    fenboard::popeye::write::input(&[written]).replacen(
        "option noboard",
        &format!("option noboard intelligent{options}"),
        1,
    )
}

/// Popeye with `option intelligent` on one of its examples, stopped by its own `maxtime`:
/// `None` when it did not finish.
fn popeye_record(
    binary: &str,
    problem: &fenboard::popeye::Problem,
    limit: Duration,
) -> Option<Duration> {
    let input = popeye_intelligent(problem, &format!(" maxtime {}", limit.as_secs()));
    let mut best = None;
    for _ in 0..runs() {
        let (t, out) = popeye_once(binary, &input);
        if !out.contains("solution finished") || out.contains("time exceeded") {
            return None;
        }
        best = Some(best.map_or(t, |b: Duration| b.min(t)));
    }
    best
}

/// #2…#6 on one position beside Popeye, and the memory the table takes.
fn scaling(popeye_bin: Option<&str>) {
    println!("\nscaling, one thread: {SCALING}");
    let limit = limit();
    for n in 2..=6 {
        let stip = format!("#{n}");
        let (s, t) = fenboard_with(SCALING, &stip, 1, true, Some(limit));
        let ours = (s.outcome != solve::Outcome::Unfinished).then_some(t);
        let theirs = popeye_bin
            .as_ref()
            .map(|bin| popeye_within(bin, SCALING, &stip, false, limit));
        let secs = |d: Option<Duration>| {
            d.map_or(format!("> {}", limit.as_secs()), |d| {
                format!("{:.3}", d.as_secs_f64())
            })
        };
        println!(
            "#{n}: {:>12} nodes {:>9} s  {} keys  popeye {} s; ratio {}",
            s.nodes,
            secs(ours),
            s.keys.len(),
            theirs.map_or("-".to_string(), secs),
            match ours {
                Some(t) => ratio(t, theirs.flatten()),
                None => "-".to_string(),
            }
        );
    }
    print!("\nmemory: the transposition table grows with the search, up to --hash 64 MB:");
    for stip in ["#2", "#3", "#4", "#5", "#6"] {
        let s = fenboard(SCALING, stip, 1).0;
        print!(" {stip} {} KB,", s.table_bytes >> 10);
    }
    let s = fenboard(HELP_SCALING, "h#4", 1).0;
    println!(
        " h#4 {} KB; the rest is the result tree",
        s.table_bytes >> 10
    );
}

/// Popeye's better time of plain and intelligent, when it ran.
fn best_of(plain: Option<Duration>, intelligent: Option<Duration>) -> Option<Duration> {
    match (plain, intelligent) {
        (Some(p), Some(i)) => Some(p.min(i)),
        (p, i) => p.or(i),
    }
}

fn ratio(ours: Duration, theirs: Option<Duration>) -> String {
    theirs.map_or("-".to_string(), |t| {
        format!("{:.2}", ours.as_secs_f64() / t.as_secs_f64())
    })
}

/// The trivial problem `BATCH` times in a row on one thread, and Popeye on one input of as
/// many problems.
fn batch(popeye_bin: Option<&str>) {
    let pos = position(TRIVIAL);
    let stip: Stipulation = "#1".parse().unwrap();
    let options = Options::default();
    let start = Instant::now();
    for _ in 0..BATCH {
        let s = solve::solve(&pos, stip, &options, &AtomicBool::new(false), &mut |_| {}).unwrap();
        std::hint::black_box(s);
    }
    let ours = start.elapsed();
    let theirs = popeye_bin.map(|bin| {
        let one = popeye_input(TRIVIAL, "#1", false);
        let body = one
            .strip_prefix("begin\n")
            .and_then(|b| b.strip_suffix("end\n"))
            .expect("one problem");
        let input = format!("begin\n{}end\n", vec![body; BATCH].join("next\n"));
        popeye_run(bin, &input, TRIVIAL, "#1")
    });
    println!(
        "\n{BATCH} x trivial #1 in a row: fenboard {:.3} s, popeye {}, ratio {}",
        ours.as_secs_f64(),
        theirs.map_or("-".to_string(), |t| format!("{:.3} s", t.as_secs_f64())),
        ratio(ours, theirs)
    );
}

/// h#2…h#6 on one position, one thread, beside Popeye plain and intelligent, each run stopped
/// after `limit()`.
fn help_scaling(popeye_bin: Option<&str>) {
    let limit = limit();
    println!(
        "\nhelp scaling, one thread, {} s a run at most: {HELP_SCALING}",
        limit.as_secs()
    );
    let secs = |d: Option<Duration>| {
        d.map_or(format!("> {}", limit.as_secs()), |d| {
            format!("{:.3}", d.as_secs_f64())
        })
    };
    for n in 2..=6 {
        let stip = format!("h#{n}");
        let (s, t) = fenboard_with(HELP_SCALING, &stip, 1, true, Some(limit));
        let (sp, tp) = fenboard_with(HELP_SCALING, &stip, 1, false, Some(limit));
        let finished = |s: &Solution, t| (s.outcome != solve::Outcome::Unfinished).then_some(t);
        let (t, tp) = (finished(&s, t), finished(&sp, tp));
        let plain = popeye_bin.map(|bin| popeye_within(bin, HELP_SCALING, &stip, false, limit));
        let intelligent =
            popeye_bin.map(|bin| popeye_within(bin, HELP_SCALING, &stip, true, limit));
        let popeye = |p: Option<Option<Duration>>| p.map_or("-".to_string(), secs);
        let theirs = best_of(plain.flatten(), intelligent.flatten());
        println!(
            "h#{n}: fenboard {:>11} nodes {:>8} s, plain {:>11} nodes {:>8} s, {} solutions; \
             popeye {:>8} s, intelligent {:>8} s; ratio {}",
            s.nodes,
            secs(t),
            sp.nodes,
            secs(tp),
            s.solutions.len(),
            popeye(plain),
            popeye(intelligent),
            match (t, theirs) {
                (Some(t), theirs) => ratio(t, theirs),
                (None, _) => "-".to_string(),
            }
        );
    }
}

//! Xiangqi: the classic composed mates of tests/fixtures/xiangqi_classics.tsv (《适情雅趣》's
//! #4–#6 in which Black's mate is one move away), fenboard proving every key on one thread and
//! on two beside Fairy-Stockfish's `go mate n` merely finding a mate on one thread, and the ratio
//! of fenboard's one-thread time to Fairy-Stockfish's (the goal: 2 at most).
//!
//! Fairy-Stockfish from `$FENBOARD_FSF`, else `fairy-stockfish` on the PATH or in /usr/games
//! (skipped with a message when absent): one process, Threads 1, Hash 64, `ucinewgame` before
//! each position, timed from `go mate n` to `bestmove`. Each fenboard run stops after
//! `SOLVE_LIMIT` seconds (default 60), shown as `> S`; `SOLVE_RUNS` runs of each, the fastest
//! counted, as for the rest of the benchmark.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use fenboard::solve::{self, Outcome};

use super::{fenboard_with, limit, ratio, runs};

const CLASSICS: &str = include_str!("../../tests/fixtures/xiangqi_classics.tsv");

/// A fixture record: (source, FEN, stipulation, n, keys).
struct Classic<'a> {
    source: &'a str,
    fen: &'a str,
    stip: &'a str,
    n: u32,
    keys: BTreeSet<&'a str>,
}

/// The fixture's records (`#` comments, a header line, then tab-separated fields).
fn classics() -> Vec<Classic<'static>> {
    let mut lines = CLASSICS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| header.iter().position(|c| *c == name).expect(name);
    let (source, fen, stip, n, keys) = (
        column("source"),
        column("fen"),
        column("stipulation"),
        column("n"),
        column("expected"),
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Classic {
                source: f[source],
                fen: f[fen],
                stip: f[stip],
                n: f[n].parse().expect("n"),
                keys: f[keys].split(',').collect(),
            }
        })
        .collect()
}

/// One Fairy-Stockfish process, variant xiangqi, one thread.
struct Fsf {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Fsf {
    fn start() -> Option<(Fsf, String)> {
        let candidates = std::env::var("FENBOARD_FSF").map_or_else(
            |_| {
                vec![
                    "fairy-stockfish".to_string(),
                    "/usr/games/fairy-stockfish".to_string(),
                ]
            },
            |path| vec![path],
        );
        let (path, mut child) = candidates.into_iter().find_map(|path| {
            Command::new(&path)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .ok()
                .map(|child| (path, child))
        })?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        let mut fsf = Fsf {
            child,
            stdin,
            stdout,
        };
        fsf.send("uci");
        fsf.read_until("uciok")?;
        for option in [
            "UCI_Variant value xiangqi",
            "Threads value 1",
            "Hash value 64",
        ] {
            fsf.send(&format!("setoption name {option}"));
        }
        fsf.ready()?;
        Some((fsf, path))
    }

    fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// The lines up to the first that begins with `stop`, that one included.
    fn read_until(&mut self, stop: &str) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim().to_string();
            let done = line.starts_with(stop);
            lines.push(line);
            if done {
                return Some(lines);
            }
        }
    }

    fn ready(&mut self) -> Option<()> {
        self.send("isready");
        self.read_until("readyok").map(|_| ())
    }

    /// `go mate n` from a new game: the mate it reports (in moves) and its time from `go` to
    /// `bestmove`, the fastest of `runs()`.
    fn mate(&mut self, fen: &str, n: u32) -> Option<(Option<u32>, Duration)> {
        let mut best: Option<(Option<u32>, Duration)> = None;
        for _ in 0..runs() {
            self.send("ucinewgame");
            self.ready()?;
            self.send(&format!("position fen {fen}"));
            let start = Instant::now();
            self.send(&format!("go mate {n}"));
            let lines = self.read_until("bestmove")?;
            let t = start.elapsed();
            let mate = lines.iter().rev().find_map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let i = words.iter().position(|w| *w == "score")?;
                (words.get(i + 1) == Some(&"mate"))
                    .then(|| words.get(i + 2)?.parse::<u32>().ok())
                    .flatten()
            });
            if best.as_ref().is_none_or(|(_, b)| t < *b) {
                best = Some((mate, t));
            }
        }
        best
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// The table: every classic mate, fenboard on one and two threads, Fairy-Stockfish, the ratio.
pub fn classics_table() {
    let limit = limit();
    let rows = classics();
    let mut fsf = Fsf::start();
    match &fsf {
        Some((_, path)) => println!(
            "\nxiangqi classic mates (tests/fixtures/xiangqi_classics.tsv), fenboard proving every \
             key, {} s a run at most, against {path} `go mate n` (one thread)",
            limit.as_secs()
        ),
        None => println!(
            "\nxiangqi classic mates: Fairy-Stockfish not found (set FENBOARD_FSF or put \
             fairy-stockfish on the PATH): fenboard alone, {} s a run at most",
            limit.as_secs()
        ),
    }
    println!(
        "{:<12} {:>5} {:>12} {:>9} {:>9} {:>9} {:>7}  source",
        "problem", "keys", "nodes", "fb 1 thr", "fb 2 thr", "fsf mate", "ratio"
    );
    let secs = |t: Option<Duration>| {
        t.map_or(format!("> {}", limit.as_secs()), |t| {
            format!("{:.3}", t.as_secs_f64())
        })
    };
    let (mut total1, mut total2, mut total_fsf) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let (mut unfinished, mut within) = (0, 0);
    for c in &rows {
        let number: String = c.source.chars().filter(char::is_ascii_digit).collect();
        let name = format!("{number} {}", c.stip);
        let (s1, t1) = fenboard_with(c.fen, c.stip, 1, true, Some(limit));
        let (s2, t2) = fenboard_with(c.fen, c.stip, 2, true, Some(limit));
        let done = |s: &solve::Solution, t| (s.outcome != Outcome::Unfinished).then_some(t);
        let (t1, t2) = (done(&s1, t1), done(&s2, t2));
        let found: BTreeSet<String> = solve::named(&s1)
            .keys
            .iter()
            .map(|k| k.mv.uci.to_string())
            .collect();
        let same = t1.is_none() || found.iter().map(String::as_str).eq(c.keys.iter().copied());
        let theirs = fsf.as_mut().and_then(|(f, _)| f.mate(c.fen, c.n));
        let fsf_time = match theirs {
            Some((Some(m), t)) if m <= c.n => Some(t),
            _ => None,
        };
        total1 += t1.unwrap_or(limit);
        total2 += t2.unwrap_or(limit);
        total_fsf += fsf_time.unwrap_or_default();
        unfinished += usize::from(t1.is_none());
        let r = t1.map_or("-".to_string(), |t| ratio(t, fsf_time));
        within += usize::from(match (t1, fsf_time) {
            (Some(ours), Some(theirs)) => ours.as_secs_f64() <= 2.0 * theirs.as_secs_f64(),
            _ => false,
        });
        println!(
            "{name:<12} {:>5} {:>12} {:>9} {:>9} {:>9} {r:>7}  {}{}",
            format!("{}{}", s1.keys.len(), if same { "" } else { "!" }),
            s1.nodes,
            secs(t1),
            secs(t2),
            match (&fsf, theirs) {
                (None, _) => "-".to_string(),
                (Some(_), Some((Some(m), t))) if m <= c.n => format!("{:.3}", t.as_secs_f64()),
                (Some(_), _) => "no mate".to_string(),
            },
            c.source,
            if same {
                String::new()
            } else {
                format!(" (keys {found:?}, the fixture's {:?})", c.keys)
            }
        );
    }
    let more = if unfinished > 0 { "> " } else { "" };
    println!(
        "{:<12} {:>5} {:>12} {:>9} {:>9} {:>9} {:>7}",
        "total (s)",
        "",
        "",
        format!("{more}{:.3}", total1.as_secs_f64()),
        format!("{more}{:.3}", total2.as_secs_f64()),
        if fsf.is_some() {
            format!("{:.3}", total_fsf.as_secs_f64())
        } else {
            "-".into()
        },
        if unfinished == 0 {
            ratio(total1, fsf.is_some().then_some(total_fsf))
        } else {
            "-".into()
        }
    );
    println!(
        "(keys: fenboard's, `!` where they are not the fixture's; fsf mate: Fairy-Stockfish \
         finding one mate; ratio: fenboard on one thread over Fairy-Stockfish; {within} of {} \
         within twice Fairy-Stockfish's time, {unfinished} unfinished)",
        rows.len()
    );
}

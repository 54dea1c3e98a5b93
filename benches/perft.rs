//! Perft speed: xiangqi from the start position against Fairy-Stockfish's `go perft` in the same
//! run (skipped with a message when /usr/games/fairy-stockfish is missing), and chess through
//! `core::perft` against shakmaty's own `perft`.
//!
//! It also times `status`, which the editor computes after every edit.
//!
//! `cargo bench --bench perft`; `PERFT_RUNS=N` sets the runs per measurement (default 3),
//! `FAIRY_STOCKFISH=path` the engine.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fenboard::core::{Game, fen, perft, status};

const XIANGQI_DEPTH: u32 = 5;

fn runs() -> usize {
    std::env::var("PERFT_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3)
}

fn median(times: Vec<Duration>) -> Duration {
    common::Times::from(times).median()
}

fn measure(runs: usize, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let mut nodes = 0;
    let times = common::Times::of(runs, |_| nodes = std::hint::black_box(f()));
    (nodes, times.median())
}

fn report(name: &str, nodes: u64, time: Duration) {
    println!(
        "{name:<44} {nodes:>11} nodes  median {:>8.3} s  {:>7.1} Mnodes/s",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64() / 1e6
    );
}

/// Times `go perft depth` in a running Fairy-Stockfish, from the command to its node count.
fn fairy_stockfish(engine: &str, fen: &str, depth: u32, runs: usize) -> Option<(u64, Duration)> {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let mut stdout = BufReader::new(child.stdout.take()?);
    let mut line = String::new();
    let mut wait_for = |prefix: &str, line: &mut String| -> Option<()> {
        loop {
            line.clear();
            if stdout.read_line(line).ok()? == 0 {
                return None;
            }
            if line.starts_with(prefix) {
                return Some(());
            }
        }
    };
    writeln!(stdin, "uci").ok()?;
    wait_for("uciok", &mut line)?;
    writeln!(stdin, "setoption name UCI_Variant value xiangqi").ok()?;
    writeln!(stdin, "position fen {fen}").ok()?;
    writeln!(stdin, "isready").ok()?;
    wait_for("readyok", &mut line)?;
    let mut nodes = 0;
    let mut times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        writeln!(stdin, "go perft {depth}").ok()?;
        stdin.flush().ok()?;
        wait_for("Nodes searched:", &mut line)?;
        times.push(start.elapsed());
        nodes = line
            .trim_start_matches("Nodes searched:")
            .trim()
            .parse()
            .ok()?;
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    Some((nodes, median(times)))
}

fn main() {
    let runs = runs();
    println!(
        "perft benchmark, median of {runs} runs (chess: {} runs)\n",
        runs * 7
    );

    let start = Game::Xiangqi.start_fen();
    let pos = fen::read(start, Some(Game::Xiangqi)).position.unwrap();
    let (ours_nodes, ours) = measure(runs, || perft::perft(&pos, XIANGQI_DEPTH).unwrap());
    report(
        &format!("xiangqi start perft({XIANGQI_DEPTH}) fenboard"),
        ours_nodes,
        ours,
    );
    let engine =
        std::env::var("FAIRY_STOCKFISH").unwrap_or_else(|_| "/usr/games/fairy-stockfish".into());
    if std::path::Path::new(&engine).exists() {
        match fairy_stockfish(&engine, start, XIANGQI_DEPTH, runs) {
            Some((nodes, time)) => {
                report(
                    &format!("xiangqi start perft({XIANGQI_DEPTH}) Fairy-Stockfish"),
                    nodes,
                    time,
                );
                if nodes != ours_nodes {
                    println!(
                        "  node counts differ: fenboard {ours_nodes}, Fairy-Stockfish {nodes}"
                    );
                }
                println!(
                    "  fenboard takes {:.2}× Fairy-Stockfish's time",
                    ours.as_secs_f64() / time.as_secs_f64()
                );
            }
            None => println!("  Fairy-Stockfish at {engine} did not answer: skipped"),
        }
    } else {
        println!("  Fairy-Stockfish not installed at {engine}: comparison skipped");
    }
    println!();

    for (name, text, depth) in [
        ("chess start", Game::Chess.start_fen(), 5),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
    ] {
        let pos = fen::read(text, Some(Game::Chess)).position.unwrap();
        let chess: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(text.as_bytes())
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        // Short runs, so many of them, alternating so that both sides see the same load.
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut n, mut m) = (0, 0);
        for _ in 0..runs * 7 {
            let (a, t) = measure(1, || perft::perft(&pos, depth).unwrap());
            ours.push(t);
            let (b, t) = measure(1, || shakmaty::perft(&chess, depth));
            theirs.push(t);
            (n, m) = (a, b);
        }
        let (ours, theirs) = (median(ours), median(theirs));
        report(&format!("{name} perft({depth}) fenboard"), n, ours);
        report(&format!("{name} perft({depth}) shakmaty::perft"), m, theirs);
        assert_eq!(n, m, "node counts differ");
        println!(
            "  fenboard takes {:.2}× shakmaty's time\n",
            ours.as_secs_f64() / theirs.as_secs_f64()
        );
    }

    for (name, text) in [
        ("chess start", Game::Chess.start_fen()),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        ("xiangqi start", Game::Xiangqi.start_fen()),
    ] {
        let pos = fen::read(text, None).position.unwrap();
        const CALLS: u32 = 10_000;
        let (_, time) = measure(runs, || {
            (0..CALLS)
                .map(|_| {
                    status::status(std::hint::black_box(&pos))
                        .unwrap()
                        .legal_moves as u64
                })
                .sum()
        });
        println!(
            "{name:<44} status: median {:>6.2} µs per call (legality check included)",
            time.as_secs_f64() * 1e6 / CALLS as f64
        );
    }
}

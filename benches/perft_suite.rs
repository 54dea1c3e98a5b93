//! `fenboard perft --suite` against calling shakmaty's `perft` directly on the same positions.
//!
//! 126 positions from random games (shakmaty, a fixed seed), each checked at depths 1–4. The
//! reference calls `shakmaty::perft` for every depth of every position, one after another on
//! one thread; its counts make the suite file. Then the real binary runs `perft --suite FILE
//! --max-depth 4` (all cores), and the suite logic runs in process on one thread, so that its
//! overhead shows apart from the parallelism. The three alternate, and medians are printed.
//!
//! `cargo bench --bench perft_suite`; `PERFT_RUNS=N` sets the runs (default 3).

use std::fmt::Write as _;
use std::process::Command;
use std::time::{Duration, Instant};

use fenboard::cmd::perft_suite::{Options, run_suite};
use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position};

const POSITIONS: usize = 126;
const DEPTH: u32 = 4;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

fn positions() -> Vec<Chess> {
    let mut rng = Rng(0x0126_5eed_d00d_f00d);
    let mut out = Vec::new();
    while out.len() < POSITIONS {
        let mut pos = Chess::default();
        let plies = 8 + rng.below(60);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let runs = std::env::var("PERFT_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3);
    let positions = positions();
    let mut suite = String::new();
    let mut reference_times = Vec::new();
    let mut binary_times = Vec::new();
    let mut one_thread_times = Vec::new();
    let mut nodes = 0u64;
    let path =
        std::env::temp_dir().join(format!("fenboard-bench-suite-{}.epd", std::process::id()));
    for run in 0..runs {
        // (a) shakmaty's perft, called directly.
        let start = Instant::now();
        let counts: Vec<Vec<u64>> = positions
            .iter()
            .map(|p| (1..=DEPTH).map(|d| shakmaty::perft(p, d)).collect())
            .collect();
        reference_times.push(start.elapsed());
        if run == 0 {
            nodes = counts.iter().flatten().sum();
            for (p, c) in positions.iter().zip(&counts) {
                let _ = write!(suite, "{}", Fen::from_position(p, EnPassantMode::Legal));
                for (d, n) in c.iter().enumerate() {
                    let _ = write!(suite, " ;D{} {n}", d + 1);
                }
                suite.push('\n');
            }
            std::fs::write(&path, &suite).expect("write the suite");
        }
        // (b) the binary, as a user runs it.
        let start = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_fenboard"))
            .args([
                "perft",
                "--suite",
                path.to_str().unwrap(),
                "--max-depth",
                "4",
            ])
            .output()
            .expect("run fenboard");
        binary_times.push(start.elapsed());
        let text = String::from_utf8_lossy(&out.stdout);
        let expected = format!("{} checks: {} agree", POSITIONS * 4, POSITIONS * 4);
        assert_eq!(text.trim_end(), expected, "{text}");
        // (c) the suite logic on one thread, in process.
        let options = Options {
            max_depth: Some(DEPTH),
            workers: 1,
            ..Options::default()
        };
        let start = Instant::now();
        let summary = run_suite(
            suite.as_bytes(),
            "bench.epd",
            true,
            &options,
            &mut std::io::sink(),
            &mut std::io::sink(),
        )
        .unwrap();
        one_thread_times.push(start.elapsed());
        assert_eq!(summary.agree, (POSITIONS * 4) as u64);
    }
    let _ = std::fs::remove_file(&path);
    let reference = median(reference_times);
    let binary = median(binary_times);
    let one = median(one_thread_times);
    println!(
        "perft --suite: {POSITIONS} positions, depths 1–{DEPTH}, {nodes} leaf nodes; median of {runs} runs\n"
    );
    for (name, t) in [
        ("shakmaty::perft called directly (1 thread)", reference),
        ("fenboard perft --suite (binary, all cores)", binary),
        ("perft --suite logic in process (1 thread)", one),
    ] {
        println!(
            "{name:<46} {:>8.3} s  {:>6.1} Mnodes/s  {:.2}× the reference",
            t.as_secs_f64(),
            nodes as f64 / t.as_secs_f64() / 1e6,
            t.as_secs_f64() / reference.as_secs_f64()
        );
    }
}

//! `fenboard check` against a plain single-threaded shakmaty loop over the same 200,000 FENs.
//!
//! Run with `cargo bench --bench check`. The FENs come from random games played with shakmaty
//! from a fixed seed, so every run checks the same file. Both contenders run in the same
//! process, alternately, and the medians are printed.
//!
//! `cargo bench --bench check -- --against OLD_BINARY` also times another `fenboard` binary
//! (an older commit's build) in the same rounds. `cargo bench --bench check -- --write-fens N
//! FILE` only writes the first N of those FENs to FILE (the first 20,000 of the 200,000 are the
//! 20,000 file): `scripts/compare-check.sh` uses it to compare two commits by instruction
//! counts (callgrind) and user CPU.

mod common;

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fenboard::cmd::check::{Options, Summary, check_stream};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

const FENS: usize = 200_000;
const ROUNDS: usize = 5;

/// xorshift64*: a few lines of deterministic randomness, no crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn generate(path: &std::path::Path, count: usize) -> usize {
    let mut rng = Rng(0x5eed_f00d_cafe_1234);
    let mut out = BufWriter::new(File::create(path).expect("create the bench file"));
    let mut written = 0;
    while written < count {
        let mut pos = Chess::default();
        let plies = 20 + rng.below(180);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || written >= count {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            let fen = Fen::from_position(&pos, EnPassantMode::Legal);
            writeln!(out, "{fen}").unwrap();
            written += 1;
        }
    }
    out.flush().unwrap();
    written
}

/// (a) The baseline: parse, validate, write, one FEN after another on one thread.
fn shakmaty_loop(path: &std::path::Path) -> (Duration, usize) {
    let start = Instant::now();
    let mut reader = BufReader::new(File::open(path).unwrap());
    let mut line = Vec::new();
    let mut out = String::new();
    let mut valid = 0;
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).unwrap() == 0 {
            break;
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        if let Ok(fen) = Fen::from_ascii(text)
            && let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Standard)
        {
            out.clear();
            Fen::from_position(&pos, EnPassantMode::Legal).append_to_string(&mut out);
            valid += usize::from(!out.is_empty());
        }
    }
    (start.elapsed(), valid)
}

/// (b) The real binary, output to /dev/null.
fn fenboard_binary(bin: &str, path: &std::path::Path) -> Duration {
    let start = Instant::now();
    let status = Command::new(bin)
        .arg("check")
        .arg(path)
        .stdout(Stdio::null())
        .status()
        .expect("run fenboard");
    let elapsed = start.elapsed();
    assert!(status.code() == Some(0), "fenboard check failed: {status}");
    elapsed
}

/// (c) The library entry point with a sink writer, for a given number of workers.
fn fenboard_library(path: &std::path::Path, workers: usize) -> (Duration, Summary) {
    let start = Instant::now();
    let mut summary = Summary::default();
    let options = Options {
        workers,
        ..Options::default()
    };
    check_stream(
        File::open(path).unwrap(),
        "bench",
        &options,
        &mut std::io::sink(),
        &mut summary,
    )
    .unwrap();
    (start.elapsed(), summary)
}

fn median(v: Vec<Duration>) -> Duration {
    common::Times::from(v).median()
}

fn report(name: &str, d: Duration, n: usize) {
    println!(
        "{name:<44} {:>8.1} ms  {:>9.0} FENs/s",
        d.as_secs_f64() * 1e3,
        n as f64 / d.as_secs_f64()
    );
}

/// What the command line asks for (cargo passes `--bench` too; it is ignored).
enum Mode {
    Bench {
        against: Option<String>,
    },
    WriteFens {
        count: usize,
        path: std::path::PathBuf,
    },
}

fn mode() -> Mode {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => Mode::Bench { against: None },
        ["--against", bin] => Mode::Bench {
            against: Some(bin.to_string()),
        },
        ["--write-fens", count, path] => Mode::WriteFens {
            count: count.parse().expect("--write-fens N FILE: N is a count"),
            path: path.into(),
        },
        _ => panic!("usage: check [--against OLD_BINARY | --write-fens N FILE]"),
    }
}

fn main() {
    let against = match mode() {
        Mode::WriteFens { count, path } => {
            let n = generate(&path, count);
            println!("{n} FENs written to {}", path.display());
            return;
        }
        Mode::Bench { against } => against,
    };
    let path =
        std::env::temp_dir().join(format!("fenboard-bench-check-{}.fen", std::process::id()));
    let n = generate(&path, FENS);
    let bin = env!("CARGO_BIN_EXE_fenboard");
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!("{n} FENs from random games, {cores} cores, {ROUNDS} rounds, medians:");
    let (mut a, mut b, mut c1, mut cn) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut old = Vec::new();
    for _ in 0..ROUNDS {
        let (d, valid) = shakmaty_loop(&path);
        assert_eq!(valid, n);
        a.push(d);
        b.push(fenboard_binary(bin, &path));
        if let Some(other) = &against {
            old.push(fenboard_binary(other, &path));
        }
        let (d, summary) = fenboard_library(&path, 1);
        assert_eq!(summary.valid, n as u64);
        c1.push(d);
        cn.push(fenboard_library(&path, 0).0);
    }
    let (a, b) = (median(a), median(b));
    report("(a) shakmaty parse+from_setup+write, 1 thread", a, n);
    report("(b) fenboard check FILE (binary, >/dev/null)", b, n);
    report("    check_stream, 1 worker, sink", median(c1), n);
    report("    check_stream, all cores, sink", median(cn), n);
    println!(
        "(b)/(a) wall clock: {:.2}",
        b.as_secs_f64() / a.as_secs_f64()
    );
    if let Some(other) = &against {
        let old = median(old);
        report(&format!("    {other} check FILE"), old, n);
        println!(
            "(b)/that binary wall clock: {:.2}",
            b.as_secs_f64() / old.as_secs_f64()
        );
    }
    let _ = std::fs::remove_file(&path);
}

//! Collections at scale: a 100,000-record file (FEN and EPD records, comments, blank lines)
//! opened, walked record by record, edited and written back.
//!
//! Run with `cargo bench --bench collection`. Prints medians of several runs.

mod common;

use std::hint::black_box;
use std::time::Duration;

use fenboard::collection::Collection;
use fenboard::core::Game;

const RECORDS: usize = 100_000;
const RUNS: usize = 7;

fn file() -> Vec<u8> {
    let mut s = String::with_capacity(RECORDS * 80);
    for i in 0..RECORDS {
        if i % 100 == 0 {
            s.push_str(&format!("# section {}\r\n\n", i / 100));
        }
        if i % 3 == 0 {
            s.push_str(&format!(
                "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"p{i}\";\n"
            ));
        } else {
            s.push_str(&format!(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 {i}\n"
            ));
        }
    }
    s.into_bytes()
}

fn time<T>(f: impl Fn() -> T) -> Duration {
    common::Times::of(RUNS, |_| {
        black_box(f());
    })
    .median()
}

/// Resident memory of this process in bytes (Linux), for the growth an open file causes.
fn resident() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

fn main() {
    let bytes = file();
    let dir = std::env::temp_dir().join(format!("fenboard-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.epd");
    std::fs::write(&path, &bytes).unwrap();
    let mb = bytes.len() as f64 / 1e6;
    println!("file: {RECORDS} records, {mb:.1} MB");

    let before = resident();
    let c = Collection::open(&path, Game::Chess).unwrap();
    if let (Some(b), Some(a)) = (before, resident()) {
        println!(
            "memory: {:.1} MB resident for a {mb:.1} MB file",
            a.saturating_sub(b) as f64 / 1e6
        );
    }
    assert_eq!(c.len(), RECORDS);

    let open = time(|| Collection::open(&path, Game::Chess).unwrap());
    println!(
        "open:            {open:>10.2?}  ({:.0} MB/s)",
        mb / open.as_secs_f64()
    );

    let walk = time(|| {
        let mut n = 0;
        for i in 0..c.len() {
            n += c.fen(i).len() + c.id(i).map_or(0, str::len);
        }
        n
    });
    println!(
        "walk all:        {walk:>10.2?}  ({:.0} ns per record: fen and id)",
        walk.as_nanos() as f64 / RECORDS as f64
    );

    let jump = time(|| {
        // Far jumps, as `]` after a search or a click would do.
        let mut n = 0;
        let mut i = 0usize;
        for _ in 0..10_000 {
            i = (i + 38_737) % RECORDS;
            n += c.fen(i).len();
        }
        n
    });
    println!("random record:   {:>10.2?}  per access", jump / 10_000);

    let replace = time(|| {
        let mut e = c.clone();
        e.replace(RECORDS / 2, "8/8/8/8/8/8/8/K6k w - - 0 1");
        e
    });
    let clone = time(|| c.clone());
    println!(
        "replace one:     {:>10.2?}  (minus the clone)",
        replace.saturating_sub(clone)
    );

    let insert = time(|| {
        let mut e = c.clone();
        e.insert_after(10, "8/8/8/8/8/8/8/K6k w - - 0 1");
        e.remove(11);
        e
    });
    println!(
        "insert+remove:   {:>10.2?}  (minus the clone)",
        insert.saturating_sub(clone)
    );

    let mut edited = c.clone();
    edited.replace(RECORDS / 2, "8/8/8/8/8/8/8/K6k w - - 0 1");
    let to_bytes = time(|| edited.to_bytes());
    println!("to_bytes:        {to_bytes:>10.2?}");

    let save = time(|| edited.clone().save().unwrap());
    println!("save (fsync):    {save:>10.2?}");

    std::fs::remove_dir_all(&dir).unwrap();
}

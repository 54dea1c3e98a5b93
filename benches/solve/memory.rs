//! The memory a solve takes as a process: the peak resident set of `fenboard solve --hash N`
//! on the slowest of Popeye's intelligent-mode examples for a few `--hash` sizes, beside a
//! trivial #1 (the process alone) and Popeye on the same problem.

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The example: Popeye's `beispiel-intell-long.inp` problem at this line (an h#6).
const EXAMPLE_LINE: usize = 53;
const HASHES: [u32; 4] = [1, 4, 16, 64];

/// The peak resident set in KB and the wall time of `child`, once it ends (`None` where the
/// system does not say).
#[cfg(unix)]
fn peak(child: Child, start: Instant) -> (Option<u64>, Duration) {
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct, which `wait4`
    // fills in for the child it reaps.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: `pid` is our own child, not yet waited for; the pointers are to live locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let t = start.elapsed();
    // Linux gives KB, macOS bytes.
    let kb = if cfg!(target_os = "macos") {
        usage.ru_maxrss as u64 >> 10
    } else {
        usage.ru_maxrss as u64
    };
    ((reaped == pid).then_some(kb), t)
}

#[cfg(not(unix))]
fn peak(mut child: Child, start: Instant) -> (Option<u64>, Duration) {
    let _ = child.wait();
    (None, start.elapsed())
}

fn fenboard(args: &[&str]) -> (Option<u64>, Duration) {
    let start = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("fenboard runs");
    peak(child, start)
}

fn popeye(binary: &str, input: &str) -> (Option<u64>, Duration) {
    let start = Instant::now();
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("popeye starts");
    let mut stdin = child.stdin.take().expect("piped");
    stdin
        .write_all(input.as_bytes())
        .expect("popeye reads its input");
    drop(stdin);
    peak(child, start)
}

fn shown((kb, t): (Option<u64>, Duration)) -> String {
    let mb = kb.map_or("-".to_string(), |kb| {
        format!("{:.1} MB", kb as f64 / 1024.0)
    });
    format!("{mb:>9} {:>8.3} s", t.as_secs_f64())
}

pub fn table(popeye_bin: Option<&str>) {
    let path = format!(
        "{}/tests/fixtures/popeye/beispiel-intell-long.inp",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the example file reads");
    let problems = fenboard::popeye::read(&text).problems;
    let problem = problems
        .iter()
        .find(|p| p.line == EXAMPLE_LINE)
        .expect("the example is in the file");
    let stip = problem.solved_stipulation().expect("a stipulation");
    let record = problem.epd();
    let dir = std::env::temp_dir().join(format!("fenboard-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("problem.epd");
    std::fs::write(&file, format!("{record}\n")).expect("the record writes");
    let file = file.to_string_lossy().into_owned();
    println!(
        "\nmemory, peak resident set as a process: \
         beispiel-intell-long.inp:{EXAMPLE_LINE} ({stip}), fenboard on every core"
    );
    println!("{:<28} {:>9} {:>10}", "run", "peak", "time");
    let bare = fenboard(&["solve", "--stip", "#1", super::TRIVIAL]);
    println!("{:<28} {}", "fenboard trivial #1", shown(bare));
    for hash in HASHES {
        let hash = hash.to_string();
        let run = fenboard(&["solve", "--hash", &hash, &file]);
        println!("{:<28} {}", format!("fenboard --hash {hash}"), shown(run));
    }
    if let Some(bin) = popeye_bin {
        let input = super::popeye_intelligent(problem, "");
        println!(
            "{:<28} {}",
            "popeye intelligent",
            shown(popeye(bin, &input))
        );
    }
    println!(
        "(fenboard's search takes at most --hash beyond the process alone: the table and the \
         intelligent search's caches share it)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

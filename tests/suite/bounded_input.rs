//! Huge or endless input costs the subcommands that read a collection once (`solve`,
//! `diagram`, `perft --suite`) no more memory than a line: each runs under an address-space
//! limit far below the size of what it is fed through a FIFO, and finishes normally.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");
/// The address space the program may use.
const LIMIT: u64 = 256 << 20;
/// What it is fed: a single line of NUL bytes longer than the limit, then `tail`.
const FLOOD: usize = 384 << 20;

fn fifo(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-bounded-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.epd"));
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    path
}

/// Runs fenboard with `args` (the FIFO `path` among them) under the limit while the flood and
/// then `tail` are written into the FIFO.
fn run_fed(args: &[&str], path: &Path, tail: &str) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; the closure touches nothing else.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: LIMIT as libc::rlim_t,
                rlim_max: LIMIT as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().unwrap();
    let writer = {
        let path = path.to_owned();
        let tail = tail.to_owned();
        std::thread::spawn(move || {
            // A reader that died early makes the writes fail: that shows in its status.
            let Ok(mut fifo) = std::fs::OpenOptions::new().write(true).open(&path) else {
                return;
            };
            let chunk = vec![0u8; 1 << 20];
            for _ in 0..FLOOD / chunk.len() {
                if fifo.write_all(&chunk).is_err() {
                    return;
                }
            }
            let _ = fifo.write_all(format!("\n{tail}\n").as_bytes());
        })
    };
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    o
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn solve_streams_a_flood() {
    let path = fifo("solve");
    let o = run_fed(
        &[
            "solve",
            "--hash",
            "1",
            "--threads",
            "1",
            path.to_str().unwrap(),
        ],
        &path,
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - dm 1;",
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("line 2: #1 sound"), "{out}");
}

#[test]
fn perft_suite_streams_a_flood() {
    let path = fifo("perft");
    let o = run_fed(
        &["perft", "--suite", path.to_str().unwrap()],
        &path,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5",
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(out.contains("1 check: 1 agree"), "{out}");
}

#[test]
fn diagram_streams_a_flood() {
    let path = fifo("diagram");
    let folder = path.with_file_name("out");
    let o = run_fed(
        &[
            "diagram",
            "-o",
            folder.to_str().unwrap(),
            path.to_str().unwrap(),
        ],
        &path,
        "8/8/8/8/8/2k5/8/K1Q5 b - - id \"last\";",
    );
    let err = text(&o.stderr);
    // The flood's one line does not read (too long); the record after it is drawn.
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("1 of 2 records could not be read"), "{err}");
    assert!(!err.contains("memory"), "{err}");
}

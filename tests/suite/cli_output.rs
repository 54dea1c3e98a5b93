//! Output that cannot be written is an error for every subcommand: a full disk (`/dev/full`)
//! or a closed pipe (what `| head -1` leaves once head has exited) gives exit status 2 and a
//! message on stderr, never a silent success.

use std::fs::{File, OpenOptions};
use std::process::{Command, Output, Stdio};

use crate::common::needs;

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn run_into(args: &[&str], stdout: Stdio) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("run fenboard")
}

/// A pipe whose reading end is already closed, as `| head -1` leaves it: every write fails
/// with EPIPE.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: fds[0] is the reading end just created, closed once here.
    unsafe { libc::close(fds[0]) };
    // SAFETY: fds[1] is an open descriptor that nothing else owns.
    Stdio::from(unsafe { <File as std::os::fd::FromRawFd>::from_raw_fd(fds[1]) })
}

fn dev_full() -> Option<Stdio> {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()
        .map(Stdio::from)
}

fn assert_failed(o: &Output, what: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{what}: {err}");
    assert!(err.contains("cannot write the output"), "{what}: {err}");
}

const COMMANDS: [&[&str]; 12] = [
    &["completions", "bash"],
    &["--help"],
    &["--version"],
    &["solve", "--help"],
    &[
        "solve",
        "--stip",
        "#1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ],
    &[
        "solve",
        "--json",
        "--stip",
        "#1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ],
    &["man"],
    &["perft", START, "3"],
    &["perft", "--divide", START, "2"],
    &["show", START],
    &["show"],
    &[
        "perft",
        "--suite",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/perft_suite.epd"
        ),
        "--max-depth",
        "1",
    ],
];

#[needs(dev_full)]
#[test]
fn a_full_disk_is_an_error() {
    for args in COMMANDS {
        assert_failed(&run_into(args, dev_full().unwrap()), &args.join(" "));
    }
}

#[test]
fn a_closed_pipe_is_an_error() {
    for args in COMMANDS {
        assert_failed(&run_into(args, closed_pipe()), &args.join(" "));
    }
}

#[test]
fn check_on_a_closed_pipe_says_so_too() {
    let o = Command::new(BIN)
        .args(["check", "-"])
        .stdin(Stdio::null())
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_failed(&o, "check");
}

//! A small harness for end-to-end tests of the real binary inside tmux: a tmux server on a
//! socket of its own, the binary's stdout and stderr captured in files, keys sent with
//! `send-keys`, the screen read with `capture-pane`, and waits with deadlines instead of fixed
//! sleeps. Everything is killed when the `Tmux` value is dropped.
//!
//! Declared once by each test binary (`tests/tests.rs`, `tests/e2e.rs`) as `mod common;`.
//!
//! A test that needs a tool says so above its `#[test]` with `#[needs(tmux)]` (`tools.rs` lists
//! what can be named): where the tool is missing the test shows as `ignored` with the reason,
//! and under `FENBOARD_E2E=1` it fails instead.

#![allow(dead_code)]

pub mod cli;
pub mod pixels;
pub mod tools;
pub mod tsv;

pub use fenboard_needs::needs;

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_fenboard");

/// How long a wait lasts before the test fails.
pub const DEADLINE: Duration = Duration::from_secs(10);

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Kept for tests written before `#[needs(tmux)]`: true when tmux is there; when it is not,
/// fails the test, for a test that returned early here would count as passed. Mark the test
/// `#[needs(tmux)]` instead.
pub fn tmux_available(test: &str) -> bool {
    if tools::find("tmux").is_none() {
        panic!("{test}: tmux is not installed: mark the test #[needs(tmux)] to show it ignored");
    }
    true
}

/// The screen's FEN line (`FEN` and its fields, trimmed); empty where there is none.
pub fn fen_line(screen: &str) -> String {
    screen
        .lines()
        .find(|l| l.trim_start().starts_with("FEN "))
        .unwrap_or_default()
        .trim()
        .to_owned()
}

/// A tmux server running one command in one window.
pub struct Tmux {
    socket: String,
    pub dir: PathBuf,
}

/// How the command ended.
#[derive(Debug)]
pub struct Ended {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Tmux {
    /// Starts `fenboard ARGS` in a `width`×`height` window, stdout and stderr going to files.
    pub fn fenboard(args: &[&str], width: u16, height: u16) -> Tmux {
        Tmux::fenboard_env(args, &[], width, height)
    }

    /// Like `fenboard`, with extra environment variables (`NAME=value`).
    pub fn fenboard_env(args: &[&str], env: &[&str], width: u16, height: u16) -> Tmux {
        let (socket, dir) = Tmux::scratch();
        let quoted: Vec<String> = std::iter::once(BIN)
            .chain(args.iter().copied())
            .map(shell_quote)
            .collect();
        // `exec` keeps the pane's process the binary itself (its pid is `#{pane_pid}`); the
        // pane stays after it exits, with its exit status.
        let script = format!(
            "exec env {} {} >{} 2>{}",
            env.iter()
                .map(|e| shell_quote(e))
                .collect::<Vec<_>>()
                .join(" "),
            quoted.join(" "),
            shell_quote(&dir.join("stdout").to_string_lossy()),
            shell_quote(&dir.join("stderr").to_string_lossy()),
        );
        Tmux::start(socket, dir, &script, width, height)
    }

    /// Runs a whole `sh` script in the window (for tests that look at the terminal after the
    /// binary ends); [`Tmux::child_pid`] finds the binary the script started.
    pub fn shell(script: &str, width: u16, height: u16) -> Tmux {
        let (socket, dir) = Tmux::scratch();
        Tmux::start(socket, dir, script, width, height)
    }

    /// A fresh socket name and scratch directory.
    fn scratch() -> (String, PathBuf) {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let socket = format!("fenboard-e2e-{}-{n}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        (socket, dir)
    }

    fn start(socket: String, dir: PathBuf, script: &str, width: u16, height: u16) -> Tmux {
        // Set before the command starts, so that even an instant exit leaves the pane (and its
        // exit status) behind.
        tools::program("tmux");
        let config = dir.join("tmux.conf");
        std::fs::write(&config, "set -g remain-on-exit on\n").expect("tmux config");
        let tmux = Tmux { socket, dir };
        tmux.run(&[
            "-f",
            &config.to_string_lossy(),
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "sh",
            "-c",
            script,
        ]);
        // After the start: tmux 3.3 fails to start a server with this in its config. Without
        // it, `resize-window` would not stick to a detached session.
        tmux.run(&["set-option", "-g", "window-size", "manual"]);
        tmux
    }

    /// Runs a tmux command on this server; its stdout.
    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Sends keys in tmux's key names (`Up`, `C-q`, `Enter`, or literal words).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types `text` literally.
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "t", "-l", text]);
    }

    /// The visible screen as text.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits until the screen shows `text`; the screen then. Panics at the deadline with the
    /// screen and the binary's stderr.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(|s| s.contains(text), &format!("{text:?} on screen"))
    }

    /// Waits until `check` holds for the screen.
    pub fn wait_until(&self, check: impl Fn(&str) -> bool, what: &str) -> String {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let screen = self.screen();
            if check(&screen) {
                return screen;
            }
            if Instant::now() > deadline {
                panic!(
                    "timed out waiting for {what}\n--- screen ---\n{screen}\n--- stderr ---\n{}",
                    self.stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen's FEN line is whole (`FEN` and six fields), holds for `check`
    /// and reads the same in two captures in a row — a capture can come mid-frame, when a line
    /// is half drawn or the next frame is about to change it. The line then.
    pub fn wait_fen(&self, check: impl Fn(&str) -> bool, what: &str) -> String {
        let whole = |s: &str| {
            let line = fen_line(s);
            (line.split_whitespace().count() == 7 && check(&line)).then_some(line)
        };
        let screen = self.wait_until(
            |s| {
                let now = whole(s);
                std::thread::sleep(Duration::from_millis(30));
                now.is_some() && now == whole(&self.screen())
            },
            what,
        );
        fen_line(&screen)
    }

    /// Whether the command has exited.
    pub fn is_dead(&self) -> bool {
        self.run(&["display-message", "-p", "-t", "t", "#{pane_dead}"])
            .trim()
            == "1"
    }

    /// Waits for the command to exit; its status and output.
    pub fn wait_exit(&self) -> Ended {
        let pid = self.pid();
        let deadline = Instant::now() + DEADLINE;
        let status = loop {
            if let Some(status) = self.exit_status(pid) {
                break status;
            }
            if Instant::now() > deadline {
                panic!(
                    "the binary did not exit\n--- screen ---\n{}\n--- stderr ---\n{}",
                    self.screen(),
                    self.stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        Ended {
            status,
            stdout: self.stdout(),
            stderr: self.stderr(),
        }
    }

    /// The exit status of the window's process `pid` once it has ended (128 + N for signal N).
    /// tmux can mark a pane dead (its terminal closed) well before it reaps the process and
    /// knows the status; meanwhile the status is in the zombie's `/proc/PID/stat` (its last
    /// field, in `waitpid` form).
    fn exit_status(&self, pid: u32) -> Option<i32> {
        if !self.is_dead() {
            return None;
        }
        let reported = self.run(&["display-message", "-p", "-t", "t", "#{pane_dead_status}"]);
        if let Ok(status) = reported.trim().parse() {
            return Some(status);
        }
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let (_, rest) = stat.rsplit_once(')')?;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.first() != Some(&"Z") {
            return None;
        }
        let code: i32 = fields.last()?.parse().ok()?;
        Some(if code & 0x7f == 0 {
            code >> 8
        } else {
            128 + (code & 0x7f)
        })
    }

    pub fn stdout(&self) -> String {
        std::fs::read_to_string(self.dir.join("stdout")).unwrap_or_default()
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.join("stderr")).unwrap_or_default()
    }

    /// Closes the window as a terminal emulator does when it quits: the tmux server ends, and
    /// the terminal of the binary hangs up.
    pub fn close_window(&self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }

    /// The binary's process id.
    pub fn pid(&self) -> u32 {
        self.run(&["display-message", "-p", "-t", "t", "#{pane_pid}"])
            .trim()
            .parse()
            .expect("a pane pid")
    }

    /// The process id of the first child of the window's shell (see [`Tmux::shell`]).
    pub fn child_pid(&self) -> u32 {
        let shell = self.pid();
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
            .expect("the window's shell is running");
        children
            .split_whitespace()
            .next()
            .and_then(|pid| pid.parse().ok())
            .expect("the shell has started a child")
    }

    /// Resizes the window (and so the terminal the binary sees).
    pub fn resize(&self, width: u16, height: u16) {
        self.run(&[
            "resize-window",
            "-t",
            "t",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
        ]);
    }

    /// The terminal modes the pane is in: (alternate screen, mouse reporting). tmux 3.3 does
    /// not report bracketed paste; a paste test shows it instead.
    pub fn modes(&self) -> (bool, bool) {
        let f = self.run(&[
            "display-message",
            "-p",
            "-t",
            "t",
            "#{alternate_on} #{mouse_any_flag}#{mouse_standard_flag}#{mouse_button_flag}",
        ]);
        let parts: Vec<&str> = f.split_whitespace().collect();
        let on = |i: usize| parts.get(i).is_some_and(|p| p.contains('1'));
        (on(0), on(1))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.close_window();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `s` quoted for `sh`.
pub fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

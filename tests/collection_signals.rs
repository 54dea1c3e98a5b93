//! End to end in tmux: the real binary on a real terminal, killed by SIGTERM or SIGHUP while a
//! collection is open. Unsaved changes go to `FILE.save`, the file itself is untouched, and the
//! terminal is given back in its normal state.
//!
//! Needs tmux: without it these tests say they are skipped, unless `FENBOARD_E2E=1`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn tmux_available(test: &str) -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("FENBOARD_E2E").as_deref() != Ok("1"),
            "{test}: tmux is missing and FENBOARD_E2E=1"
        );
        eprintln!("{test}: skipped: tmux is not installed");
    }
    ok
}

/// A tmux server of its own (its own socket), killed with everything in it when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `command` through `sh` in a 120×40 pane.
    fn start(name: &str, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("fenboard-{name}-{}", std::process::id()),
        };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "120",
            "-y",
            "40",
            command,
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t"])
    }

    /// Waits until the screen shows `text`; panics with the screen after 10 s.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(10) {
                panic!("timed out waiting for {text:?}; the screen:\n{screen}");
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// The process id of the program the pane's shell started (fenboard).
    fn child_pid(&self) -> String {
        let shell = self.run(&["display", "-p", "-t", "t", "#{pane_pid}"]);
        let children = fs::read_to_string(format!(
            "/proc/{}/task/{}/children",
            shell.trim(),
            shell.trim()
        ))
        .expect("the pane's shell is running");
        children
            .split_whitespace()
            .next()
            .expect("fenboard is running")
            .to_owned()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let socket = self.run(&["display", "-p", "#{socket_path}"]);
        self.run(&["kill-server"]);
        // tmux leaves its socket file behind.
        if !socket.trim().is_empty() {
            let _ = fs::remove_file(socket.trim());
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-e2e-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell line that runs fenboard on `file`, then prints its exit status and whether the
/// terminal is back in cooked mode with echo, and stays open so the screen can be read.
fn session(file: &Path) -> String {
    format!(
        "{} {}; echo exit=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; echo checked; sleep 60",
        env!("CARGO_BIN_EXE_fenboard"),
        file.display()
    )
}

fn send_signal(pid: &str, signal: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), pid])
        .status()
        .unwrap();
    assert!(status.success());
}

/// The terminal after fenboard ended: normal screen, cooked mode, echo, no mouse reporting.
fn assert_terminal_restored(tmux: &Tmux, screen: &str) {
    assert!(
        screen.contains("icanon echo"),
        "terminal not restored:\n{screen}"
    );
    let flags = tmux.run(&[
        "display",
        "-p",
        "-t",
        "t",
        "#{alternate_on} #{mouse_any_flag}",
    ]);
    assert_eq!(flags.trim(), "0 0", "alternate screen or mouse still on");
}

#[test]
fn sigterm_with_unsaved_changes_writes_file_save() {
    if !tmux_available("sigterm_with_unsaved_changes_writes_file_save") {
        return;
    }
    let dir = scratch("term");
    let file = dir.join("a.fen");
    let original = format!("# two records\n{START}\r\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
    fs::write(&file, &original).unwrap();
    let tmux = Tmux::start("term", &session(&file));
    tmux.wait_for(&format!("FEN {START}"));
    // `t` gives the move to Black: the record changes.
    tmux.run(&["send-keys", "-t", "t", "t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    send_signal(&tmux.child_pid(), "TERM");
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=143"), "{screen}");
    assert!(
        screen.contains("a.fen.save"),
        "the rescue file is named:\n{screen}"
    );
    assert_terminal_restored(&tmux, &screen);
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        original,
        "the file is untouched"
    );
    assert_eq!(
        fs::read_to_string(dir.join("a.fen.save")).unwrap(),
        original.replace(
            &format!("{START}\r\n"),
            &format!("{}\r\n", START.replace(" w ", " b "))
        ),
        "FILE.save holds the change, and only it"
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn sighup_without_changes_writes_nothing() {
    if !tmux_available("sighup_without_changes_writes_nothing") {
        return;
    }
    let dir = scratch("hup");
    let file = dir.join("b.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let tmux = Tmux::start("hup", &session(&file));
    tmux.wait_for(&format!("FEN {START}"));
    send_signal(&tmux.child_pid(), "HUP");
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=129"), "{screen}");
    assert_terminal_restored(&tmux, &screen);
    assert!(!dir.join("b.fen.save").exists());
    assert_eq!(fs::read_to_string(&file).unwrap(), format!("{START}\n"));
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_newer_rescue_file_is_announced_on_opening() {
    if !tmux_available("a_newer_rescue_file_is_announced_on_opening") {
        return;
    }
    let dir = scratch("announce");
    let file = dir.join("c.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let rescue = dir.join("c.fen.save");
    fs::write(&rescue, "8/8/8/8/8/8/8/K6k w - - 0 1\n").unwrap();
    let later = std::time::SystemTime::now() + Duration::from_secs(5);
    fs::File::options()
        .write(true)
        .open(&rescue)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let tmux = Tmux::start("announce", &session(&file));
    let screen = tmux.wait_for("c.fen.save");
    assert!(screen.contains("unsaved changes"), "{screen}");
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn ctrl_s_saves_and_ctrl_q_asks_before_losing_changes() {
    if !tmux_available("ctrl_s_saves_and_ctrl_q_asks_before_losing_changes") {
        return;
    }
    let dir = scratch("save");
    let file = dir.join("d.epd");
    let line = |side: &str| format!("8/8/8/8/8/8/8/K6k {side} - - c0 \"note; kept\"; id \"one\";");
    fs::write(&file, format!("# mine\r\n{}\r\n\r\n", line("w"))).unwrap();
    let tmux = Tmux::start("save", &session(&file));
    tmux.wait_for("FEN 8/8/8/8/8/8/8/K6k w - - 0 1");
    tmux.run(&["send-keys", "-t", "t", "t"]);
    tmux.wait_for("· modified");
    tmux.run(&["send-keys", "-t", "t", "C-s"]);
    tmux.wait_for("saved");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("# mine\r\n{}\r\n\r\n", line("b")),
        "only the record changed, its operations and line ending kept"
    );
    // Another change, then Ctrl-Q: it asks; `s` saves and quits.
    tmux.run(&["send-keys", "-t", "t", "t"]);
    tmux.wait_for("· modified");
    tmux.run(&["send-keys", "-t", "t", "C-q"]);
    tmux.wait_for("Unsaved changes");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("# mine\r\n{}\r\n\r\n", line("b")),
        "nothing is written before the answer"
    );
    tmux.run(&["send-keys", "-t", "t", "s"]);
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=0"), "{screen}");
    assert_terminal_restored(&tmux, &screen);
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("# mine\r\n{}\r\n\r\n", line("w"))
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

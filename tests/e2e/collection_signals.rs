//! End to end in tmux: the real binary on a real terminal, killed by SIGTERM or SIGHUP while a
//! collection is open. Unsaved changes go to `FILE.save`, the file itself is untouched, and the
//! terminal is given back in its normal state.
//!
//! Needs tmux: without it these tests say they are skipped, unless `FENBOARD_E2E=1`.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::{BIN, Tmux, shell_quote, tmux_available};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-signals-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell line that runs fenboard on `file`, then prints its exit status and whether the
/// terminal is back in cooked mode with echo, and stays open so the screen can be read.
fn session(file: &Path) -> String {
    format!(
        "{} {}; echo exit=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; echo checked; sleep 60",
        shell_quote(BIN),
        shell_quote(&file.to_string_lossy())
    )
}

fn send_signal(pid: u32, signal: &str) {
    let status = Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
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
    assert_eq!(
        tmux.modes(),
        (false, false),
        "alternate screen or mouse still on"
    );
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
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    // `t` gives the move to Black: the record changes.
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    send_signal(tmux.child_pid(), "TERM");
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
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    send_signal(tmux.child_pid(), "HUP");
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
    let tmux = Tmux::shell(&session(&file), 120, 40);
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
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for("FEN 8/8/8/8/8/8/8/K6k w - - 0 1");
    tmux.keys(&["t"]);
    tmux.wait_for("· modified");
    tmux.keys(&["C-s"]);
    tmux.wait_for("saved");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("# mine\r\n{}\r\n\r\n", line("b")),
        "only the record changed, its operations and line ending kept"
    );
    // Another change, then Ctrl-Q: it asks; `s` saves and quits.
    tmux.keys(&["t"]);
    tmux.wait_for("· modified");
    tmux.keys(&["C-q"]);
    tmux.wait_for("Unsaved changes");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("# mine\r\n{}\r\n\r\n", line("b")),
        "nothing is written before the answer"
    );
    tmux.keys(&["s"]);
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

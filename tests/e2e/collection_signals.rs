//! End to end in tmux: the real binary on a real terminal, killed by each signal that would end
//! it while a collection is open. Unsaved changes go to `FILE.save` (or `FILE.save.1`, … when
//! that exists), the file itself is untouched, the exit status is 128 + the signal's number, and
//! the terminal is given back in its normal state.
//!
//! Needs tmux: without it these tests show as ignored, and fail under `FENBOARD_E2E=1`.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::{BIN, Tmux, needs, shell_quote};

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
        "{} {}; echo exit=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e isig -e -isig -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; echo checked; sleep 60",
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

/// Sends signal number `n` (real-time ones have no fixed name for `kill`).
fn send_number(pid: u32, n: i32) {
    // SAFETY: kill has no memory preconditions; the pid is the editor this test started.
    let r = unsafe { libc::kill(pid as libc::pid_t, n) };
    assert_eq!(r, 0, "kill {n} {pid}");
}

/// The terminal after fenboard ended: normal screen, cooked mode, echo, no mouse reporting.
fn assert_terminal_restored(tmux: &Tmux, screen: &str) {
    assert!(
        screen.contains("isig icanon echo"),
        "terminal not restored:\n{screen}"
    );
    assert_eq!(
        tmux.modes(),
        (false, false),
        "alternate screen or mouse still on"
    );
}

#[needs(tmux)]
#[test]
fn sigterm_with_unsaved_changes_writes_file_save() {
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

#[needs(tmux)]
#[test]
fn sighup_without_changes_writes_nothing() {
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

/// Waits until process `pid` has ended (gone, or a zombie nobody reaped); false after the
/// deadline.
fn ended(pid: u32) -> bool {
    let deadline = std::time::Instant::now() + common::DEADLINE;
    while std::time::Instant::now() < deadline {
        match fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => return true,
            Ok(stat)
                if stat
                    .rsplit_once(')')
                    .is_some_and(|(_, s)| s.trim_start().starts_with('Z')) =>
            {
                return true;
            }
            Ok(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    false
}

/// The window closes while keys are still arriving (a burst of 400 in flight): the terminal
/// hangs up under the editor, maybe while it is reading. It must write the rescue and end,
/// not read the dead terminal forever.
#[needs(tmux)]
#[test]
fn closing_the_window_while_keys_arrive_writes_file_save_and_ends() {
    let dir = scratch("close");
    let file = dir.join("d.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let tmux = common::Tmux::fenboard(&[&file.to_string_lossy()], 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    let pid = tmux.pid();
    let burst: Vec<&str> = ["Right", "Left"].into_iter().cycle().take(400).collect();
    tmux.keys(&burst);
    tmux.close_window();
    assert!(
        ended(pid),
        "the editor still runs after its terminal hung up"
    );
    assert_eq!(
        fs::read_to_string(dir.join("d.fen.save")).unwrap(),
        format!("{}\n", START.replace(" w ", " b ")),
        "the unsaved change is rescued"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), format!("{START}\n"));
    fs::remove_dir_all(dir).unwrap();
}

#[needs(tmux)]
#[test]
fn a_newer_rescue_file_is_announced_on_opening() {
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

#[needs(tmux)]
#[test]
fn ctrl_s_saves_and_ctrl_q_asks_before_losing_changes() {
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

/// Opens a two-record collection, changes record 2, sends signal `n`, and checks the exit
/// status, the terminal, the untouched file and the rescue file.
fn killed_with_unsaved_changes(test: &str, n: i32) {
    let dir = scratch(test);
    let file = dir.join("a.fen");
    let original = format!("{START}\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
    fs::write(&file, &original).unwrap();
    // Wide: the message names the rescue file with its long scratch folder.
    let tmux = Tmux::shell(&session(&file), 220, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["]"]);
    tmux.wait_for("FEN 8/8/8/8/8/8/8/K6k w - - 0 1");
    tmux.keys(&["t"]);
    tmux.wait_for("K6k b - - 0 1");
    send_number(tmux.child_pid(), n);
    let screen = tmux.wait_for("checked");
    assert!(screen.contains(&format!("exit={}", 128 + n)), "{screen}");
    assert!(
        screen.contains("a.fen.save"),
        "the rescue is named:\n{screen}"
    );
    assert_terminal_restored(&tmux, &screen);
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        original,
        "file untouched"
    );
    assert_eq!(
        fs::read_to_string(dir.join("a.fen.save")).unwrap(),
        original.replace("K6k w", "K6k b"),
        "the rescue holds the change"
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

macro_rules! signal_tests {
    ($($name:ident: $signal:expr;)*) => {$(
        #[needs(tmux)]
        #[test]
        fn $name() {
            killed_with_unsaved_changes(stringify!($name), $signal);
        }
    )*};
}

signal_tests! {
    sighup_with_unsaved_changes_writes_file_save: libc::SIGHUP;
    sigint_from_outside_writes_file_save: libc::SIGINT;
    sigquit_writes_file_save: libc::SIGQUIT;
    sigusr1_writes_file_save: libc::SIGUSR1;
    sigusr2_writes_file_save: libc::SIGUSR2;
    sigalrm_writes_file_save: libc::SIGALRM;
    sigxcpu_writes_file_save: libc::SIGXCPU;
    sigvtalrm_writes_file_save: libc::SIGVTALRM;
    sigprof_writes_file_save: libc::SIGPROF;
    sigio_writes_file_save: libc::SIGIO;
    sigpwr_writes_file_save: libc::SIGPWR;
    sigstkflt_writes_file_save: libc::SIGSTKFLT;
    sigrtmin_writes_file_save: libc::SIGRTMIN();
    sigrtmax_writes_file_save: libc::SIGRTMAX();
}

#[needs(tmux)]
#[test]
fn a_second_kill_keeps_the_first_rescue_and_both_are_announced() {
    let dir = scratch("twice");
    let file = dir.join("a.fen");
    let kk = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let original = format!("{START}\n{kk}\n");
    fs::write(&file, &original).unwrap();
    // First session: record 2 edited, then SIGHUP.
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["]"]);
    tmux.wait_for(&format!("FEN {kk}"));
    tmux.keys(&["t"]);
    tmux.wait_for("K6k b - - 0 1");
    send_signal(tmux.child_pid(), "HUP");
    tmux.wait_for("checked");
    drop(tmux);
    // Second session: told of the rescue; record 1 edited, then SIGHUP again.
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for("a.fen.save: unsaved changes");
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    send_signal(tmux.child_pid(), "HUP");
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("a.fen.save.1"), "{screen}");
    drop(tmux);
    assert_eq!(
        fs::read_to_string(dir.join("a.fen.save")).unwrap(),
        original.replace("K6k w", "K6k b"),
        "the first rescue is kept"
    );
    assert_eq!(
        fs::read_to_string(dir.join("a.fen.save.1")).unwrap(),
        original.replace("RNBQKBNR w", "RNBQKBNR b"),
    );
    // Third session: both named.
    let tmux = Tmux::shell(&session(&file), 200, 40);
    let screen = tmux.wait_for("unsaved changes from killed sessions");
    assert!(
        screen.contains("a.fen.save, a.fen.save.1: unsaved"),
        "{screen}"
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

#[needs(tmux)]
#[test]
fn a_planted_symlink_is_not_written_through() {
    let dir = scratch("symlink");
    let file = dir.join("a.fen");
    let victim = dir.join("victim");
    fs::write(&file, format!("{START}\n")).unwrap();
    fs::write(&victim, "precious\n").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("a.fen.save")).unwrap();
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    send_signal(tmux.child_pid(), "TERM");
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=143"), "{screen}");
    assert!(screen.contains("a.fen.save.1"), "{screen}");
    drop(tmux);
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert!(
        fs::symlink_metadata(dir.join("a.fen.save"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let rescue = dir.join("a.fen.save.1");
    assert_eq!(
        fs::read_to_string(&rescue).unwrap(),
        format!("{}\n", START.replace(" w ", " b "))
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(&rescue).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    fs::remove_dir_all(dir).unwrap();
}

/// SIGXFSZ (the file size limit) is ignored: a save past the limit fails with a message instead
/// of ending the editor.
#[needs(tmux)]
#[test]
fn sigxfsz_does_not_end_the_editor() {
    let dir = scratch("xfsz");
    let file = dir.join("a.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    send_signal(tmux.child_pid(), "XFSZ");
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    tmux.keys(&["C-s"]);
    tmux.wait_for("saved");
    tmux.keys(&["C-q"]);
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=0"), "{screen}");
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

/// Two editors on one file: A saves, then B's save asks instead of losing A's edit.
#[needs(tmux)]
#[test]
fn two_editors_on_one_file_never_lose_an_update_silently() {
    let dir = scratch("two");
    let file = dir.join("c.fen");
    let kk = "8/8/8/8/8/8/8/K6k w - - 0 1";
    fs::write(&file, format!("{START}\n{kk}\n")).unwrap();
    let a = Tmux::shell(&session(&file), 120, 40);
    let b = Tmux::shell(&session(&file), 120, 40);
    a.wait_for(&format!("FEN {START}"));
    b.wait_for(&format!("FEN {START}"));
    // A changes record 1 and saves.
    a.keys(&["t"]);
    a.wait_for("RNBQKBNR b KQkq - 0 1");
    a.keys(&["C-s"]);
    a.wait_for("saved");
    let after_a = format!("{}\n{kk}\n", START.replace(" w ", " b "));
    assert_eq!(fs::read_to_string(&file).unwrap(), after_a);
    // B changes record 2 and saves: it asks, and writes nothing meanwhile.
    b.keys(&["]"]);
    b.wait_for(&format!("FEN {kk}"));
    b.keys(&["t"]);
    b.wait_for("K6k b - - 0 1");
    b.keys(&["C-s"]);
    b.wait_for("File changed on disk");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        after_a,
        "nothing written"
    );
    b.keys(&["c"]);
    b.wait_for("not saved");
    assert_eq!(fs::read_to_string(&file).unwrap(), after_a);
    // Ctrl-Q's save asks too; `r` reloads A's version and drops B's edit.
    b.keys(&["C-q"]);
    b.wait_for("Unsaved changes");
    b.keys(&["s"]);
    b.wait_for("File changed on disk");
    b.keys(&["r"]);
    b.wait_for("read again from disk");
    b.wait_for(&format!("FEN {kk}"));
    assert_eq!(fs::read_to_string(&file).unwrap(), after_a);
    // Now B is up to date: its own edit saves without a question.
    b.keys(&["t"]);
    b.wait_for("K6k b - - 0 1");
    b.keys(&["C-s"]);
    b.wait_for("saved");
    let after_b = after_a.replace("K6k w", "K6k b");
    assert_eq!(fs::read_to_string(&file).unwrap(), after_b);
    // A, behind now, overwrites on purpose.
    a.keys(&["]"]);
    a.wait_for(&format!("FEN {kk}"));
    a.keys(&["x"]);
    a.keys(&["C-s"]);
    a.wait_for("File changed on disk");
    a.keys(&["o"]);
    a.wait_for("saved");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        after_a.replace(kk, "8/8/8/8/8/8/8/7k w - - 0 1"),
        "A's version, as asked"
    );
    for t in [&a, &b] {
        t.keys(&["C-q"]);
        let screen = t.wait_for("checked");
        assert!(screen.contains("exit=0"), "{screen}");
    }
    drop((a, b));
    fs::remove_dir_all(dir).unwrap();
}

/// Ctrl-Q on a record that does not read prints nothing and says why: exit status 1.
#[needs(tmux)]
#[test]
fn ctrl_q_on_a_record_that_does_not_read_prints_nothing() {
    let dir = scratch("unread");
    let file = dir.join("u.fen");
    let stdout = dir.join("out");
    fs::write(&file, format!("{START}\nnot a fen\n{START}\n")).unwrap();
    let script = session(&file).replacen(
        &format!(
            "{} {}",
            shell_quote(BIN),
            shell_quote(&file.to_string_lossy())
        ),
        &format!(
            "{} {} >{}",
            shell_quote(BIN),
            shell_quote(&file.to_string_lossy()),
            shell_quote(&stdout.to_string_lossy())
        ),
        1,
    );
    let tmux = Tmux::shell(&script, 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["]"]);
    tmux.wait_for("record 2 does not read");
    // `]` again moves on, it is not typed into the text; `[` comes back.
    tmux.keys(&["]"]);
    tmux.wait_for("record 3/3");
    tmux.keys(&["["]);
    tmux.wait_for("record 2 does not read");
    tmux.keys(&["C-q"]);
    tmux.wait_for("FEN does not read");
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=1"), "{screen}");
    assert!(screen.contains("no FEN printed"), "{screen}");
    assert_eq!(
        fs::read_to_string(&stdout).unwrap(),
        "",
        "nothing on stdout"
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

/// The file was opened by a relative name and its folder removed and made again under it: the
/// editor's working folder is gone, but Ctrl-S still saves where the file was opened.
#[needs(tmux)]
#[test]
fn a_file_opened_by_a_relative_name_saves_after_its_folder_is_made_again() {
    let dir = scratch("remade");
    let file = dir.join("a.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let script = format!(
        "cd {} && {} a.fen; echo exit=$?; echo checked; sleep 60",
        shell_quote(&dir.to_string_lossy()),
        shell_quote(BIN)
    );
    let tmux = Tmux::shell(&script, 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    fs::remove_dir_all(&dir).unwrap();
    fs::create_dir_all(&dir).unwrap();
    tmux.keys(&["C-s"]);
    tmux.wait_for("saved");
    tmux.keys(&["C-q"]);
    let screen = tmux.wait_for("checked");
    assert!(screen.contains("exit=0"), "{screen}");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        format!("{}\n", START.replace(" w ", " b "))
    );
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

/// The file's folder is gone when SIGTERM comes: the rescue goes to `$XDG_STATE_HOME/fenboard`
/// and the message names it.
#[needs(tmux)]
#[test]
fn a_rescue_that_cannot_go_beside_the_file_goes_to_the_state_folder() {
    let dir = scratch("gone");
    let state = scratch("state");
    let file = dir.join("a.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    let script = format!(
        "XDG_STATE_HOME={} {}",
        shell_quote(&state.to_string_lossy()),
        session(&file)
    );
    let tmux = Tmux::shell(&script, 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    fs::remove_dir_all(&dir).unwrap();
    send_signal(tmux.child_pid(), "TERM");
    let screen = tmux.wait_for("checked");
    let rescue = state.join("fenboard").join("a.fen.save");
    assert!(screen.contains("exit=143"), "{screen}");
    assert!(!screen.contains("lost"), "{screen}");
    assert!(
        screen
            .replace('\n', "")
            .contains(&rescue.to_string_lossy().to_string()),
        "the rescue is named where it is:\n{screen}"
    );
    assert_eq!(
        fs::read_to_string(&rescue).unwrap(),
        format!("{}\n", START.replace(" w ", " b "))
    );
    drop(tmux);
    fs::remove_dir_all(state).unwrap();
}

/// A read-only file is not replaced by Ctrl-S: the editor says why, and the file stays.
#[needs(tmux)]
#[test]
fn ctrl_s_refuses_a_read_only_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("readonly");
    let file = dir.join("a.fen");
    fs::write(&file, format!("{START}\n")).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    let tmux = Tmux::shell(&session(&file), 120, 40);
    tmux.wait_for(&format!("FEN {START}"));
    tmux.keys(&["t"]);
    tmux.wait_for("RNBQKBNR b KQkq - 0 1");
    tmux.keys(&["C-s"]);
    tmux.wait_for("read-only");
    assert_eq!(fs::read_to_string(&file).unwrap(), format!("{START}\n"));
    send_signal(tmux.child_pid(), "TERM");
    tmux.wait_for("checked");
    drop(tmux);
    fs::remove_dir_all(dir).unwrap();
}

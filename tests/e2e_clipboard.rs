//! End to end: the clipboard holder under a real X server (Xvfb, read back with xclip), and the
//! editor's copy and paste through tmux and X11.
//!
//! Each test needs tools (Xvfb, xclip, tmux): when one is missing it says so and passes, unless
//! `FENBOARD_E2E=1`, where a missing tool is a failure.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fenboard::shell::clipboard::holder;

const FEN: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const BIN: &str = env!("CARGO_BIN_EXE_fenboard");

/// Whether `tools` are all installed; if not, says which is missing (and fails under
/// `FENBOARD_E2E=1`).
fn have(tools: &[&str]) -> bool {
    for tool in tools {
        let found = std::env::var_os("PATH")
            .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()));
        if !found {
            let msg = format!("{tool} is not installed");
            if std::env::var("FENBOARD_E2E").as_deref() == Ok("1") {
                panic!("{msg} (FENBOARD_E2E=1)");
            }
            eprintln!("skipped: {msg}");
            return false;
        }
    }
    true
}

/// An Xvfb server on a display number it picks itself (`-displayfd`), killed on drop.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Xvfb {
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-screen",
                "0",
                "320x240x16",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("Xvfb names its display");
        let display = format!(":{}", line.trim());
        assert!(display.len() > 1, "Xvfb did not name its display");
        Xvfb { child, display }
    }

    fn clipboard(&self) -> String {
        let out = Command::new("xclip")
            .args(["-o", "-selection", "clipboard"])
            .env("DISPLAY", &self.display)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .expect("xclip runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Another program copies `text`: xclip forks a child that serves it in the background
    /// until the display goes or someone else copies (its output goes nowhere, so no pipe waits
    /// for that child).
    fn copy_elsewhere(&self, text: &str) {
        let mut child = Command::new("xclip")
            .args(["-i", "-selection", "clipboard"])
            .env("DISPLAY", &self.display)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("xclip runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        child.wait().expect("xclip hands over to its child");
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits (at most `timeout`) for `child` to exit; whether it did.
fn exits_within(child: &mut Child, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// Kills a holder a failed test left behind.
struct Reap(Option<Child>);

impl Drop for Reap {
    fn drop(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn holder_on(x: &Xvfb) -> Command {
    let mut cmd = holder::command(BIN.as_ref());
    cmd.env("DISPLAY", &x.display).env_remove("WAYLAND_DISPLAY");
    cmd
}

#[test]
fn holder_keeps_the_text_on_the_x11_clipboard_until_another_program_copies() {
    if !have(&["Xvfb", "xclip"]) {
        return;
    }
    let x = Xvfb::start();
    let mut holder = Reap(Some(
        holder::start(holder_on(&x), FEN).expect("holder starts"),
    ));
    let child = holder.0.as_mut().unwrap();
    assert_eq!(x.clipboard(), FEN);
    assert_eq!(x.clipboard(), FEN, "served more than once");
    assert!(matches!(child.try_wait(), Ok(None)), "holder still serving");

    x.copy_elsewhere("something else");
    assert!(
        exits_within(child, Duration::from_secs(5)),
        "holder exits once another program owns the clipboard"
    );
    assert_eq!(x.clipboard(), "something else");
}

#[test]
fn holder_exits_when_the_display_goes_away() {
    if !have(&["Xvfb", "xclip"]) {
        return;
    }
    let x = Xvfb::start();
    let mut holder = Reap(Some(
        holder::start(holder_on(&x), FEN).expect("holder starts"),
    ));
    assert_eq!(x.clipboard(), FEN);
    drop(x);
    let child = holder.0.as_mut().unwrap();
    assert!(
        exits_within(child, Duration::from_secs(10)),
        "holder exits once its X server is gone"
    );
}

#[test]
fn holder_refuses_what_it_cannot_hold() {
    if !have(&["Xvfb"]) {
        return;
    }
    let x = Xvfb::start();
    let err = holder::start(holder_on(&x), "").unwrap_err();
    assert_eq!(err, "nothing to copy");
    let huge = "x".repeat(holder::MAX_TEXT_BYTES + 1);
    assert!(
        holder::start(holder_on(&x), &huge)
            .unwrap_err()
            .contains("too long")
    );

    // Without a display there is no clipboard to hold: a reason, at once.
    let mut cmd = holder::command(BIN.as_ref());
    cmd.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    let err = holder::start(cmd, FEN).unwrap_err();
    assert!(err.starts_with("no clipboard"), "{err}");

    // Bytes that are not UTF-8, written straight to the holder.
    let mut child = holder_on(&x).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe8/8")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "error: the text is not UTF-8\n"
    );
    assert!(!out.status.success());
}

#[test]
fn holder_keeps_multibyte_and_control_characters_exactly() {
    if !have(&["Xvfb", "xclip"]) {
        return;
    }
    let x = Xvfb::start();
    let text = "帥仕相 8/8\tw\n- \u{1b}[0m";
    let mut holder = Reap(Some(
        holder::start(holder_on(&x), text).expect("holder starts"),
    ));
    assert_eq!(x.clipboard(), text);
    x.copy_elsewhere("done");
    assert!(exits_within(
        holder.0.as_mut().unwrap(),
        Duration::from_secs(5)
    ));
}

#[test]
fn holder_holds_nothing_of_its_parent_open() {
    if !have(&["Xvfb", "xclip"]) {
        return;
    }
    let x = Xvfb::start();
    let mut holder = Reap(Some(
        holder::start(holder_on(&x), FEN).expect("holder starts"),
    ));
    let pid = holder.0.as_ref().unwrap().id();
    // Its own session, no controlling terminal.
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let (session, tty) = (fields[3], fields[4]);
    assert_eq!(session, pid.to_string(), "session leader");
    assert_eq!(tty, "0", "no controlling terminal");
    // Its standard streams are /dev/null, not pipes or a terminal.
    for fd in 0..3 {
        let target = std::fs::read_link(format!("/proc/{pid}/fd/{fd}")).unwrap();
        assert_eq!(target.to_str(), Some("/dev/null"), "fd {fd}");
    }
    let cwd = std::fs::read_link(format!("/proc/{pid}/cwd")).unwrap();
    assert_eq!(cwd.to_str(), Some("/"));
    x.copy_elsewhere("done");
    assert!(exits_within(
        holder.0.as_mut().unwrap(),
        Duration::from_secs(5)
    ));
}

//! End to end: the clipboard holder under a real X server (Xvfb, read back with xclip), and the
//! editor's copy and paste through tmux and X11.
//!
//! Each test names the tools it needs (Xvfb, xclip, tmux, a Wayland compositor) with
//! `#[needs(…)]`: where one is missing the test shows as ignored, and fails under
//! `FENBOARD_E2E=1`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use common::{BIN, Tmux, needs};
use fenboard::tui::clipboard::holder;

const FEN: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const OTHER: &str = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20";

/// The environment of a terminal with no display and no SSH (empty counts as unset).
pub(crate) const NO_DISPLAY: [&str; 5] = [
    "DISPLAY=",
    "WAYLAND_DISPLAY=",
    "SSH_TTY=",
    "SSH_CONNECTION=",
    "SSH_CLIENT=",
];

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

#[needs(xvfb, xclip)]
#[test]
fn holder_keeps_the_text_on_the_x11_clipboard_until_another_program_copies() {
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

#[needs(xvfb, xclip)]
#[test]
fn holder_exits_when_the_display_goes_away() {
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

#[needs(xvfb)]
#[test]
fn holder_refuses_what_it_cannot_hold() {
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

#[needs(xvfb, xclip)]
#[test]
fn holder_keeps_multibyte_and_control_characters_exactly() {
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

#[needs(xvfb, xclip)]
#[test]
fn holder_holds_nothing_of_its_parent_open() {
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

/// fenboard editing `FEN` in tmux, with `env` and tmux's `set-clipboard` set to `set_clipboard`;
/// returns once the editor shows the position.
fn editor_in_tmux(env: &[&str], set_clipboard: &str) -> Tmux {
    let t = Tmux::fenboard_env(&[FEN], env, 120, 40);
    t.run(&["set-option", "-s", "set-clipboard", set_clipboard]);
    t.wait_for(&format!("FEN {FEN}"));
    t
}

/// The FEN printed on quitting (Ctrl-Q), after checking that the editor exited with status 0.
fn quit(t: &Tmux) -> String {
    t.keys(&["C-q"]);
    let ended = t.wait_exit();
    assert_eq!(ended.status, 0, "stderr: {}", ended.stderr);
    ended.stdout
}

#[needs(tmux)]
#[test]
fn in_tmux_with_set_clipboard_on_y_copies_the_fen_through_osc52() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied via OSC 52 (tmux clipboard)");
    assert_eq!(t.run(&["show-buffer"]), FEN);
}

#[needs(tmux)]
#[test]
fn in_tmux_with_default_settings_y_copies_through_the_tmux_buffer() {
    let t = editor_in_tmux(&NO_DISPLAY, "external");
    t.keys(&["y"]);
    t.wait_for("FEN copied to the tmux buffer");
    assert_eq!(t.run(&["show-buffer"]), FEN);
}

#[needs(tmux)]
#[test]
fn shift_y_copies_the_lichess_analysis_url() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.keys(&["Y"]);
    t.wait_for("lichess URL copied via OSC 52");
    assert_eq!(
        t.run(&["show-buffer"]),
        "https://lichess.org/analysis/4k3/8/8/8/8/8/8/4K3_w_-_-_0_1"
    );
}

#[needs(tmux)]
#[test]
fn in_tmux_without_display_v_reads_the_tmux_buffer() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.run(&["set-buffer", &format!("FEN: {OTHER}\n")]);
    t.keys(&["v"]);
    t.wait_for(&format!("FEN {OTHER}"));
    assert_eq!(quit(&t), format!("{OTHER}\n"));
}

#[needs(tmux)]
#[test]
fn copy_then_paste_of_the_lichess_url_gives_back_the_position() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.keys(&["Y"]);
    t.wait_for("lichess URL copied");
    t.keys(&["X"]);
    t.wait_for("FEN 8/8/8/8/8/8/8/8 w - - 0 1");
    t.run(&["paste-buffer", "-p", "-t", "t"]);
    t.wait_for(&format!("FEN {FEN}"));
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux)]
#[test]
fn bracketed_paste_with_prefix_and_newlines_loads_the_fen_as_one_undo_step() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.run(&["set-buffer", &format!("\n  FEN: {OTHER}\r\n\n")]);
    t.run(&["paste-buffer", "-p", "-t", "t"]);
    t.wait_for(&format!("FEN {OTHER}"));
    t.keys(&["u"]);
    t.wait_for(&format!("FEN {FEN}"));
    t.keys(&["U"]);
    t.wait_for(&format!("FEN {OTHER}"));
    assert_eq!(quit(&t), format!("{OTHER}\n"));
}

#[needs(tmux)]
#[test]
fn pasting_garbage_keeps_the_position_and_shows_the_errors() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.run(&["set-buffer", "hello\x1b[2J world\x07"]);
    t.run(&["paste-buffer", "-p", "-t", "t"]);
    // The text opens in the FEN line (its escape made visible), with its errors listed.
    let screen = t.wait_for("FEN hello\u{fffd}[2J world\u{fffd}");
    assert!(screen.contains("invalid_piece"), "{screen}");
    assert!(screen.contains("wrong_rank_count"), "{screen}");
    // Esc gives the FEN line back to the position, which never changed.
    t.keys(&["Escape"]);
    t.wait_for(&format!("FEN {FEN}"));
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

/// The pids of the clipboard holders started by process `parent`.
fn holders_of(parent: u32) -> Vec<u32> {
    holders(|pid| {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit_once(')').map(|(_, rest)| rest.to_string()))
            .and_then(|rest| rest.split_whitespace().nth(1).map(str::to_string))
            .is_some_and(|ppid| ppid == parent.to_string())
    })
}

/// The pids of clipboard holders serving display `display`.
fn holders_on(display: &str) -> Vec<u32> {
    let wanted = format!("DISPLAY={display}\0");
    holders(|pid| {
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        environ
            .windows(wanted.len())
            .any(|w| w == wanted.as_bytes())
    })
}

/// The pids of running clipboard holders for which `keep` holds.
fn holders(keep: impl Fn(u32) -> bool) -> Vec<u32> {
    let mut pids = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return pids;
    };
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        if cmdline.ends_with(b"\0serve-clipboard\0") && running(pid) && keep(pid) {
            pids.push(pid);
        }
    }
    pids
}

/// Whether process `pid` still runs (a zombie has finished).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().to_string())
        })
        .is_some_and(|rest| !rest.starts_with('Z'))
}

/// Kills holders a failed test left behind.
struct KillHolders(String);

impl Drop for KillHolders {
    fn drop(&mut self) {
        for pid in holders_on(&self.0) {
            // SAFETY: kill(2) on a holder this test started (found by its display).
            unsafe {
                libc::kill(pid as libc::pid_t, libc::SIGKILL);
            }
        }
    }
}

fn x11_env(x: &Xvfb) -> Vec<String> {
    vec![
        format!("DISPLAY={}", x.display),
        "WAYLAND_DISPLAY=".into(),
        "SSH_TTY=".into(),
        "SSH_CONNECTION=".into(),
        "SSH_CLIENT=".into(),
    ]
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn on_x11_the_copied_fen_stays_after_quitting_until_another_program_copies() {
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied (X11 clipboard)");
    let holders = holders_of(t.pid());
    assert_eq!(holders.len(), 1, "one holder serves it: {holders:?}");
    let holder = holders[0];
    // Nothing of the editor's is open in it: no terminal, no pipe; only /dev/null and its
    // connection to the X server.
    for fd in std::fs::read_dir(format!("/proc/{holder}/fd"))
        .unwrap()
        .flatten()
    {
        let target = std::fs::read_link(fd.path()).unwrap();
        let target = target.to_string_lossy();
        assert!(
            target == "/dev/null" || target.starts_with("socket:"),
            "holder fd {:?} is {target}",
            fd.file_name()
        );
    }
    assert_eq!(quit(&t), format!("{FEN}\n"));
    drop(t);

    assert_eq!(x.clipboard(), FEN, "pasteable after fenboard exited");
    assert!(running(holder), "the holder outlives fenboard");

    x.copy_elsewhere("another program's text");
    let deadline = Instant::now() + Duration::from_secs(5);
    while running(holder) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !running(holder),
        "the holder exits once it loses the clipboard"
    );
    assert_eq!(x.clipboard(), "another program's text");
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn on_x11_a_second_copy_replaces_the_first_holder() {
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied (X11 clipboard)");
    let first = holders_of(t.pid());
    assert_eq!(first.len(), 1, "{first:?}");
    t.keys(&["X", "y"]);
    t.wait_for("FEN 8/8/8/8/8/8/8/8 w - - 0 1");
    let deadline = Instant::now() + Duration::from_secs(5);
    while running(first[0]) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!running(first[0]), "the first holder gave way");
    assert_eq!(x.clipboard(), "8/8/8/8/8/8/8/8 w - - 0 1");
    quit(&t);
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn on_x11_v_loads_the_fen_another_program_copied() {
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    x.copy_elsewhere(&format!("  {OTHER}\n"));
    t.keys(&["v"]);
    t.wait_for(&format!("FEN {OTHER}"));
    assert_eq!(quit(&t), format!("{OTHER}\n"));
}

#[needs(tmux, xvfb)]
#[test]
fn on_x11_v_with_an_empty_clipboard_says_so_and_keeps_the_position() {
    let x = Xvfb::start();
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["v"]);
    t.wait_for("paste failed");
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux)]
#[test]
fn without_display_or_tmux_buffer_v_points_to_the_terminals_paste() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    t.keys(&["v"]);
    t.wait_for("terminal's own paste");
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux)]
#[test]
fn with_an_unreachable_display_copy_falls_back_to_osc52_and_says_why() {
    // A display number no server listens on (an abstract or file socket would be needed).
    let env = [
        "DISPLAY=:65529",
        "WAYLAND_DISPLAY=",
        "SSH_TTY=",
        "SSH_CONNECTION=",
        "SSH_CLIENT=",
    ];
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    let screen = t.wait_for("FEN copied via OSC 52 (tmux clipboard); no X11 clipboard");
    assert!(!screen.contains("copy failed"), "{screen}");
    assert_eq!(t.run(&["show-buffer"]), FEN);
    t.keys(&["v"]);
    t.wait_for("paste failed");
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn over_ssh_copy_goes_to_the_terminal_even_with_a_forwarded_display() {
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let display = format!("DISPLAY={}", x.display);
    let env = [
        display.as_str(),
        "WAYLAND_DISPLAY=",
        "SSH_TTY=",
        "SSH_CONNECTION=192.0.2.1 50000 192.0.2.2 22",
        "SSH_CLIENT=",
    ];
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied via OSC 52 (tmux clipboard)");
    assert_eq!(t.run(&["show-buffer"]), FEN);
    assert!(holders_of(t.pid()).is_empty(), "no holder over SSH");
    assert_ne!(x.clipboard(), FEN, "the forwarded display was left alone");
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux)]
#[test]
fn quitting_right_after_a_copy_still_delivers_it() {
    let t = editor_in_tmux(&NO_DISPLAY, "on");
    // Both keys in one write: the copy's result arrives after the quit key was read.
    t.keys(&["y", "C-q"]);
    let ended = t.wait_exit();
    assert_eq!(ended.status, 0, "{}", ended.stderr);
    assert_eq!(ended.stdout, format!("{FEN}\n"));
    assert_eq!(t.run(&["show-buffer"]), FEN);
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn on_x11_quitting_right_after_a_copy_still_leaves_it_on_the_clipboard() {
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y", "C-q"]);
    let ended = t.wait_exit();
    assert_eq!(ended.status, 0, "{}", ended.stderr);
    assert_eq!(ended.stdout, format!("{FEN}\n"));
    assert_eq!(x.clipboard(), FEN);
}

// Wayland: a headless sway (wlroots, with the data-control protocol) and a headless weston
// (without it, as GNOME), each in a runtime directory of its own.

/// A headless Wayland compositor, killed with everything it started on drop. Compositors refuse
/// to run as root, so as root it runs as `nobody` (root can still use its socket).
struct Compositor {
    child: Child,
    runtime: std::path::PathBuf,
    socket: String,
}

#[derive(Clone, Copy)]
enum Kind {
    Sway,
    Weston,
}

impl Compositor {
    fn start(kind: Kind) -> Compositor {
        use std::os::unix::process::CommandExt;
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let runtime = std::env::temp_dir().join(format!("fenboard-wl-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&runtime);
        std::fs::create_dir_all(&runtime).unwrap();
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        const NOBODY: u32 = 65534;
        if root {
            std::os::unix::fs::chown(&runtime, Some(NOBODY), Some(NOBODY)).unwrap();
        }
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
        // sway picks its socket's name itself (the first free `wayland-N` of the directory).
        let mut socket = format!("wayland-fb{n}");
        let mut cmd = match kind {
            Kind::Sway => {
                let mut c = Command::new("sway");
                c.args(["-c", "/dev/null"])
                    .env("WLR_BACKENDS", "headless")
                    .env("WLR_LIBINPUT_NO_DEVICES", "1")
                    .env("WLR_RENDERER", "pixman")
                    .env_remove("WAYLAND_DISPLAY");
                c
            }
            Kind::Weston => {
                let mut c = Command::new("weston");
                c.args(["--backend=headless-backend.so", "--idle-time=0"])
                    .arg(format!("--socket={socket}"));
                c
            }
        };
        cmd.env("XDG_RUNTIME_DIR", &runtime)
            .env_remove("DISPLAY")
            .current_dir("/")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            // Its own process group: weston starts helpers, and all of them go on drop.
            .process_group(0);
        if root {
            cmd.uid(NOBODY).gid(NOBODY).env("HOME", "/");
        }
        let child = cmd.spawn().expect("the compositor starts");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let made = std::fs::read_dir(&runtime)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .find(|name| name.starts_with("wayland-") && !name.ends_with(".lock"));
            if let Some(name) = made {
                socket = name;
                break;
            }
            assert!(Instant::now() < deadline, "the compositor made no socket");
            std::thread::sleep(Duration::from_millis(20));
        }
        // The socket is there before the compositor serves it (it starts its outputs first, slow
        // on a busy machine): a client's own time limit, such as the holder's answer, starts
        // only once a round trip is answered.
        let path = runtime.join(&socket);
        while !answers_a_round_trip(&path) {
            assert!(Instant::now() < deadline, "the compositor does not answer");
            std::thread::sleep(Duration::from_millis(20));
        }
        Compositor {
            child,
            runtime,
            socket,
        }
    }

    /// The variables that point a client at this compositor.
    fn env(&self) -> Vec<String> {
        vec![
            format!("XDG_RUNTIME_DIR={}", self.runtime.display()),
            format!("WAYLAND_DISPLAY={}", self.socket),
            "DISPLAY=".into(),
            "SSH_TTY=".into(),
            "SSH_CONNECTION=".into(),
            "SSH_CLIENT=".into(),
        ]
    }

    fn wl(&self, program: &str, args: &[&str]) -> Command {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .env("WAYLAND_DISPLAY", &self.socket)
            .env_remove("DISPLAY")
            .stdin(Stdio::null())
            .stderr(Stdio::null());
        cmd
    }

    /// `wl-paste` of the clipboard (or the primary selection), without its added newline.
    fn paste(&self, primary: bool) -> String {
        let mut args = vec!["--no-newline"];
        if primary {
            args.push("--primary");
        }
        let out = self.wl("wl-paste", &args).output().expect("wl-paste runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Another program copies `text` (`wl-copy` forks a server of its own and returns).
    fn copy_elsewhere(&self, text: &str) {
        let status = self
            .wl("wl-copy", &[text])
            .stdout(Stdio::null())
            .status()
            .expect("wl-copy runs");
        assert!(status.success());
    }

    /// Clipboard holders serving this compositor.
    fn holders(&self) -> Vec<u32> {
        let wanted = format!("XDG_RUNTIME_DIR={}\0", self.runtime.display());
        holders(|pid| {
            let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            environ
                .windows(wanted.len())
                .any(|w| w == wanted.as_bytes())
        })
    }
}

impl Drop for Compositor {
    fn drop(&mut self) {
        let group = self.child.id() as libc::pid_t;
        // SAFETY: kill(2) on the process group this test started.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
        let _ = self.child.wait();
        // wl-copy servers and holders of this compositor.
        let wanted = format!("XDG_RUNTIME_DIR={}\0", self.runtime.display());
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|p| p.parse::<i32>().ok())
            else {
                continue;
            };
            let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            if pid != std::process::id() as i32
                && environ
                    .windows(wanted.len())
                    .any(|w| w == wanted.as_bytes())
            {
                // SAFETY: a process started for this compositor (found by its runtime dir).
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
        let _ = std::fs::remove_dir_all(&self.runtime);
    }
}

/// Whether a Wayland compositor serves `socket`: `wl_display.sync` (object 1, request 0, a new
/// callback 2) is answered by the callback's `done` event.
fn answers_a_round_trip(socket: &std::path::Path) -> bool {
    use std::io::Read;
    let Ok(mut stream) = std::os::unix::net::UnixStream::connect(socket) else {
        return false;
    };
    if stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .is_err()
    {
        return false;
    }
    let mut sync = Vec::with_capacity(12);
    for word in [1u32, 12 << 16, 2] {
        sync.extend_from_slice(&word.to_ne_bytes());
    }
    if stream.write_all(&sync).is_err() {
        return false;
    }
    // Events until one for the callback: each is its object, its size and opcode, its body.
    loop {
        let mut header = [0u8; 8];
        if stream.read_exact(&mut header).is_err() {
            return false;
        }
        let object = u32::from_ne_bytes(header[..4].try_into().unwrap());
        let size = (u32::from_ne_bytes(header[4..].try_into().unwrap()) >> 16) as usize;
        let mut body = vec![0u8; size.saturating_sub(8)];
        if stream.read_exact(&mut body).is_err() {
            return false;
        }
        if object == 2 {
            return true;
        }
    }
}

fn waits_for(what: &str, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[needs(tmux, wl_clipboard, sway)]
#[test]
fn on_sway_y_and_shift_y_copy_to_the_wayland_clipboard_and_primary_and_stay_after_quitting() {
    let wl = Compositor::start(Kind::Sway);
    let env = wl.env();
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied (Wayland clipboard)");
    assert_eq!(wl.paste(false), FEN);
    assert_eq!(wl.paste(true), FEN, "the primary selection gets it too");
    t.keys(&["Y"]);
    t.wait_for("lichess URL copied (Wayland clipboard)");
    let url = format!("https://lichess.org/analysis/{}", FEN.replace(' ', "_"));
    assert_eq!(wl.paste(false), url);
    assert_eq!(quit(&t), format!("{FEN}\n"));
    drop(t);

    // The holder serves it after fenboard is gone.
    let holders = wl.holders();
    assert_eq!(holders.len(), 1, "one holder: {holders:?}");
    assert_eq!(wl.paste(false), url, "pasteable after fenboard exited");
    // Selecting text elsewhere takes only the primary selection: the holder stays.
    let primary = wl
        .wl("wl-copy", &["--primary", "selected"])
        .status()
        .unwrap();
    assert!(primary.success());
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        running(holders[0]),
        "losing the primary selection ends nothing"
    );
    assert_eq!(wl.paste(false), url);
    // Another program copies: the holder yields and exits.
    wl.copy_elsewhere(OTHER);
    waits_for("the holder to exit", || !running(holders[0]));
    assert_eq!(wl.paste(false), OTHER);
}

#[needs(tmux, wl_clipboard, sway)]
#[test]
fn on_sway_v_loads_what_wl_copy_copied() {
    let wl = Compositor::start(Kind::Sway);
    wl.copy_elsewhere(OTHER);
    let env = wl.env();
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["v"]);
    t.wait_for(&format!("FEN {OTHER}"));
    assert_eq!(quit(&t), format!("{OTHER}\n"));
}

#[needs(tmux, wl_clipboard, weston)]
#[test]
fn on_weston_without_data_control_the_copy_falls_back_to_the_terminal_and_says_why() {
    let wl = Compositor::start(Kind::Weston);
    let env = wl.env();
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    // tmux's default `external`: the copy goes to tmux's buffer.
    let t = editor_in_tmux(&env, "external");
    t.keys(&["y"]);
    let screen = t.wait_for("no Wayland clipboard");
    assert!(screen.contains("FEN copied to the tmux buffer"), "{screen}");
    assert!(screen.contains("data-control"), "{screen}");
    assert_eq!(t.run(&["show-buffer"]), FEN);
    assert!(
        wl.holders().is_empty(),
        "no holder without a desktop clipboard"
    );
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(tmux, wl_clipboard, weston, xvfb, xclip)]
#[test]
fn on_weston_with_an_x11_display_the_copy_goes_to_x11_and_its_primary() {
    let wl = Compositor::start(Kind::Weston);
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let mut env = wl.env();
    env.retain(|e| !e.starts_with("DISPLAY="));
    env.push(format!("DISPLAY={}", x.display));
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = editor_in_tmux(&env, "on");
    t.keys(&["y"]);
    t.wait_for("FEN copied (X11 clipboard)");
    assert_eq!(x.clipboard(), FEN);
    let primary = Command::new("xclip")
        .args(["-o", "-selection", "primary"])
        .env("DISPLAY", &x.display)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&primary.stdout), FEN);
    assert_eq!(quit(&t), format!("{FEN}\n"));
}

#[needs(wl_clipboard, sway)]
#[test]
fn a_holder_exits_when_its_wayland_compositor_goes_away() {
    let wl = Compositor::start(Kind::Sway);
    let mut cmd = holder::command(BIN.as_ref());
    cmd.env("XDG_RUNTIME_DIR", &wl.runtime)
        .env("WAYLAND_DISPLAY", &wl.socket)
        .env_remove("DISPLAY");
    let mut holder = Reap(Some(holder::start(cmd, FEN).expect("holder starts")));
    assert_eq!(wl.paste(false), FEN);
    let group = wl.child.id() as libc::pid_t;
    // SAFETY: the compositor's own process group, started by this test.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    assert!(
        exits_within(holder.0.as_mut().unwrap(), Duration::from_secs(10)),
        "holder exits once its compositor is gone"
    );
}

#[needs(tmux, xvfb, xclip)]
#[test]
fn when_the_holder_cannot_start_fenboard_holds_the_copy_itself_while_it_runs() {
    // The holder is fenboard's own binary: once that file is gone (fenboard upgraded or
    // removed while it runs) no holder can start.
    let x = Xvfb::start();
    let _cleanup = KillHolders(x.display.clone());
    let dir = std::env::temp_dir().join(format!("fenboard-gone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("fenboard");
    std::fs::copy(BIN, &copy).unwrap();
    let env = x11_env(&x);
    let mut script = String::from("exec env");
    for e in &env {
        script.push(' ');
        script.push_str(&common::shell_quote(e));
    }
    script.push(' ');
    script.push_str(&common::shell_quote(&copy.to_string_lossy()));
    script.push(' ');
    script.push_str(&common::shell_quote(FEN));
    let t = Tmux::shell(&script, 120, 40);
    t.wait_for(&format!("FEN {FEN}"));
    std::fs::remove_file(&copy).unwrap();
    t.keys(&["y"]);
    t.wait_for("FEN copied (X11 clipboard, only while fenboard runs)");
    assert!(holders_on(&x.display).is_empty(), "no holder could start");
    assert_eq!(x.clipboard(), FEN, "fenboard itself serves the copy");
    t.keys(&["C-q"]);
    waits_for("the editor to exit", || t.is_dead());
    assert_eq!(x.clipboard(), "", "gone with fenboard");
    let _ = std::fs::remove_dir_all(&dir);
}

#[needs(xvfb, xclip, tmux)]
#[test]
fn d_writes_the_diagram_and_puts_its_png_on_the_x11_clipboard() {
    let x = Xvfb::start();
    let dir = std::env::temp_dir().join(format!("fenboard-e2e-d-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.epd");
    let record = "4k3/8/8/8/8/8/8/4K3 b - - id \"K v K\"; dm 2;";
    std::fs::write(&file, format!("{record}\n")).unwrap();
    let env = x11_env(&x);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let t = Tmux::fenboard_env(&[file.to_str().unwrap()], &env, 120, 40);
    t.wait_for("FEN 4k3/8/8/8/8/8/8/4K3 b");
    t.keys(&["d"]);
    t.wait_for("Diagram written");
    let out = Command::new("xclip")
        .args(["-selection", "clipboard", "-t", "image/png", "-o"])
        .env("DISPLAY", &x.display)
        .stdin(Stdio::null())
        .output()
        .expect("xclip runs");
    let image = resvg::tiny_skia::Pixmap::decode_png(&out.stdout)
        .unwrap_or_else(|e| panic!("not a PNG ({e}): {} bytes", out.stdout.len()));
    // The size the diagram layer gives this record at the editor's width.
    let pos = fenboard::core::fen::read("4k3/8/8/8/8/8/8/4K3 b - -", None)
        .position
        .unwrap();
    let caption = fenboard::diagram::Caption::new(&pos, Some(r#"id "K v K"; dm 2;"#));
    let options = fenboard::diagram::Options {
        size: fenboard::tui::export::SIZE,
        ..Default::default()
    };
    let layout = fenboard::diagram::layout(&pos, &caption, &options);
    assert_eq!(
        (image.width(), image.height()),
        (layout.width.round() as u32, layout.height.round() as u32)
    );
    // And the files beside the collection, named after the record's id.
    let png = resvg::tiny_skia::Pixmap::load_png(dir.join("K_v_K.png")).expect("the PNG file");
    assert_eq!((png.width(), png.height()), (image.width(), image.height()));
    let svg = std::fs::read_to_string(dir.join("K_v_K.svg")).expect("the SVG file");
    assert!(svg.contains("Black to move"));
    quit(&t);
    let _ = std::fs::remove_dir_all(&dir);
}

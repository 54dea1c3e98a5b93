//! The background holder: on X11 and Wayland a copied text lives only as long as the program
//! that owns the selection, so a copy hands the text to a detached `fenboard serve-clipboard`
//! process that owns it until another program takes the clipboard, then exits. The FEN stays
//! pasteable after fenboard exits. It serves the primary selection (middle click) too, where
//! there is one, for as long as it holds the clipboard.
//!
//! Protocol: the text arrives on the holder's standard input (closed after reading); the holder
//! answers one line on its standard output, `ok` once it owns the selection or `error: …`, then
//! closes that too. It runs in its own session with no terminal, in `/`, so it holds nothing of
//! the editor's open.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::arboard_error::arboard_error;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix::{detach, readable_within, redirect_to_null};

#[cfg(not(unix))]
mod other;
#[cfg(not(unix))]
use other::{detach, readable_within, redirect_to_null};

/// The longest text a holder takes.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// How long a new holder has to take the selection and answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(3);

/// How often a holder checks that its display is still there.
const CHECK_EVERY: Duration = Duration::from_secs(2);

/// Starts `exe serve-clipboard` holding `text`; returns once it owns the selection (the holder
/// keeps running, detached) or with the reason it could not. The child is returned so the
/// caller can reap it once it exits.
pub fn spawn(exe: &Path, text: &str) -> Result<Child, String> {
    start(command(exe), text)
}

/// The holder's command line: `exe serve-clipboard`, in `/`, in a session of its own, with pipes
/// for the protocol and no standard error (callers may add to its environment).
pub fn command(exe: &Path) -> Command {
    let mut cmd = Command::new(exe);
    cmd.arg("serve-clipboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .current_dir("/");
    detach(&mut cmd);
    cmd
}

/// Runs the holder `cmd` (from [`command`]) and hands it `text`.
pub fn start(mut cmd: Command, text: &str) -> Result<Child, String> {
    if text.is_empty() {
        return Err("nothing to copy".into());
    }
    if text.len() > MAX_TEXT_BYTES {
        return Err(format!("{} bytes is too long to copy", text.len()));
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start the clipboard holder: {e}"))?;
    match hand_over(&mut child, text) {
        Ok(()) => Ok(child),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            Err(e)
        }
    }
}

/// Writes the text to the holder and waits for its answer line.
fn hand_over(child: &mut Child, text: &str) -> Result<(), String> {
    let mut stdin = child
        .stdin
        .take()
        .ok_or("no pipe to the clipboard holder")?;
    stdin.write_all(text.as_bytes()).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            "the clipboard holder exited".to_string()
        } else {
            format!("cannot hand the text to the clipboard holder: {e}")
        }
    })?;
    drop(stdin);
    let stdout = child
        .stdout
        .take()
        .ok_or("no pipe from the clipboard holder")?;
    if !readable_within(&stdout, ANSWER_TIMEOUT) {
        return Err("the clipboard holder did not answer".into());
    }
    let mut answer = BufReader::new(stdout.take(4096));
    let mut line = String::new();
    answer
        .read_line(&mut line)
        .map_err(|e| format!("clipboard holder: {e}"))?;
    match line.trim_end() {
        "ok" => {
            // The holder closes its end right after answering: wait for that, so that once
            // this returns it holds no pipe of ours.
            let mut rest = Vec::new();
            if readable_within(answer.get_ref().get_ref(), ANSWER_TIMEOUT) {
                let _ = answer.read_to_end(&mut rest);
            }
            Ok(())
        }
        "" => Err("the clipboard holder exited".into()),
        answer => Err(answer.strip_prefix("error: ").unwrap_or(answer).to_string()),
    }
}

/// The hidden `fenboard serve-clipboard` subcommand. Its failures are answers of the protocol
/// (on stdout, for the editor), never messages for a person.
pub fn run() -> crate::cli::Result<ExitCode> {
    Ok(serve())
}

/// The holder's side of the protocol.
pub fn serve() -> ExitCode {
    let mut bytes = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(MAX_TEXT_BYTES as u64 + 1)
        .read_to_end(&mut bytes);
    redirect_to_null(0);
    let text = match (read, String::from_utf8(bytes)) {
        (Err(e), _) => return fail(&format!("cannot read the text: {e}")),
        (_, Err(_)) => return fail("the text is not UTF-8"),
        (_, Ok(t)) if t.len() > MAX_TEXT_BYTES => return fail("the text is too long"),
        (_, Ok(t)) if t.is_empty() => return fail("nothing to copy"),
        (_, Ok(t)) => t,
    };
    let mut checker = match arboard::Clipboard::new() {
        Ok(c) => c,
        Err(e) => {
            return fail(&format!("no clipboard: {}", arboard_error(e)));
        }
    };
    let (done_tx, done) = mpsc::channel();
    let served = text.clone();
    std::thread::spawn(move || {
        let result = arboard::Clipboard::new()
            .and_then(|mut c| set_and_wait(&mut c, served, Selection::Clipboard));
        let _ = done_tx.send(result.map_err(arboard_error));
    });
    let desktop = super::Environment::from_env().desktop(super::wayland::probe);
    let primary = has_primary(&desktop);
    if primary {
        let served = text.clone();
        // Losing the primary selection (any text selected anywhere) is normal: the holder
        // goes on serving the clipboard.
        std::thread::spawn(move || {
            let _ = arboard::Clipboard::new()
                .and_then(|mut c| set_and_wait(&mut c, served, Selection::Primary));
        });
    }
    // Owning the selection is confirmed by reading it back (the display server asks its owner).
    let deadline = Instant::now() + ANSWER_TIMEOUT - Duration::from_millis(500);
    loop {
        if let Ok(result) = done.try_recv() {
            return fail(&match result {
                Ok(()) => "the clipboard was taken at once".into(),
                Err(e) => e,
            });
        }
        // The primary selection is waited for too, but only until the deadline: the answer
        // is about the clipboard.
        let primary_ready = !primary || get_primary(&mut checker).is_ok_and(|t| t == text);
        let held = checker.get_text().is_ok_and(|t| t == text);
        if held && (primary_ready || Instant::now() + Duration::from_millis(500) >= deadline) {
            break;
        }
        if !held && Instant::now() >= deadline {
            return fail("could not take the clipboard");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // An editor that no longer reads the answer took the copy for failed; holding the
    // clipboard on would contradict what it told its user.
    if answer(&mut std::io::stdout().lock(), "ok").is_err() {
        return ExitCode::FAILURE;
    }
    redirect_to_null(1);
    loop {
        match done.recv_timeout(CHECK_EVERY) {
            Ok(_) | Err(mpsc::RecvTimeoutError::Disconnected) => return ExitCode::SUCCESS,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // The serving thread wakes when another program takes the selection, but not
                // when the display goes away: check that it is still there, and still ours.
                match checker.get_text() {
                    Ok(t) if t == text => {}
                    _ => return ExitCode::SUCCESS,
                }
            }
        }
    }
}

/// Whether the desktop has a primary selection to fill as well: X11 always, Wayland where the
/// compositor's data-control has one.
pub fn has_primary(desktop: &super::Desktop) -> bool {
    match desktop {
        super::Desktop::Wayland { primary } => *primary,
        super::Desktop::X11 { .. } => cfg!(target_os = "linux"),
        super::Desktop::Missing { .. } => false,
    }
}

#[derive(Clone, Copy)]
enum Selection {
    Clipboard,
    Primary,
}

#[cfg(target_os = "linux")]
fn set_and_wait(
    clipboard: &mut arboard::Clipboard,
    text: String,
    selection: Selection,
) -> Result<(), arboard::Error> {
    use arboard::{LinuxClipboardKind, SetExtLinux};
    let kind = match selection {
        Selection::Clipboard => LinuxClipboardKind::Clipboard,
        Selection::Primary => LinuxClipboardKind::Primary,
    };
    clipboard.set().clipboard(kind).wait().text(text)
}

#[cfg(not(target_os = "linux"))]
fn set_and_wait(
    clipboard: &mut arboard::Clipboard,
    text: String,
    selection: Selection,
) -> Result<(), arboard::Error> {
    // Elsewhere the system keeps the clipboard after the program exits, and has no primary.
    match selection {
        Selection::Clipboard => clipboard.set_text(text),
        Selection::Primary => Ok(()),
    }
}

#[cfg(target_os = "linux")]
fn get_primary(clipboard: &mut arboard::Clipboard) -> Result<String, arboard::Error> {
    use arboard::{GetExtLinux, LinuxClipboardKind};
    clipboard
        .get()
        .clipboard(LinuxClipboardKind::Primary)
        .text()
}

#[cfg(not(target_os = "linux"))]
fn get_primary(_: &mut arboard::Clipboard) -> Result<String, arboard::Error> {
    Err(arboard::Error::ClipboardNotSupported)
}

fn fail(reason: &str) -> ExitCode {
    // Failing either way: whether the editor still reads the answer changes nothing.
    let _ = answer(&mut std::io::stdout().lock(), &format!("error: {reason}"));
    ExitCode::FAILURE
}

/// One line of the protocol. An error means the editor no longer reads it (it has gone, or
/// stopped waiting and took the copy for failed).
fn answer(out: &mut impl Write, line: &str) -> std::io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::answer;

    /// A writer whose reader has gone.
    struct Gone;

    impl std::io::Write for Gone {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn an_answer_is_one_line_and_its_write_error_is_returned() {
        let mut out = Vec::new();
        answer(&mut out, "ok").unwrap();
        assert_eq!(out, b"ok\n");
        let err = answer(&mut Gone, "ok").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);
    }
}

//! tmux between fenboard and the terminal: which way an OSC 52 copy gets through it, its paste
//! buffer as a clipboard, and the small command runner both use.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::osc52::Framing;

/// How long a `tmux` command may take before it is given up (and killed).
const TIMEOUT: Duration = Duration::from_secs(2);

/// How a copy reaches the clipboard from inside tmux.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// `set-clipboard on`: tmux takes a plain OSC 52 into a paste buffer and forwards it.
    Osc52(Framing),
    /// Otherwise (tmux's default is `external`, which ignores an application's OSC 52):
    /// `tmux load-buffer -w -` stores a paste buffer and sends OSC 52 to the outer terminal
    /// itself (tmux ≥ 3.2).
    LoadBuffer,
}

/// The way to use, from the value of tmux's `set-clipboard` option (`None`: unknown).
pub fn way(set_clipboard: Option<&str>) -> Way {
    match set_clipboard.map(str::trim) {
        Some("on") => Way::Osc52(Framing::Plain),
        _ => Way::LoadBuffer,
    }
}

/// The value of the running tmux's `set-clipboard` option.
pub fn set_clipboard_option() -> Option<String> {
    let out = run(&["show-options", "-sv", "set-clipboard"], None).ok()?;
    Some(String::from_utf8_lossy(&out).trim().to_string())
}

/// Copies through `tmux load-buffer -w -`.
pub fn load_buffer(text: &str) -> Result<(), String> {
    run(&["load-buffer", "-w", "-"], Some(text.as_bytes())).map(|_| ())
}

/// The newest tmux paste buffer.
pub fn save_buffer() -> Result<String, String> {
    let out = run(&["save-buffer", "-"], None)?;
    String::from_utf8(out).map_err(|_| "the tmux buffer is not UTF-8 text".into())
}

/// Runs `tmux ARGS` with `input` on its standard input; its standard output, or why it failed.
fn run(args: &[&str], input: Option<&[u8]>) -> Result<Vec<u8>, String> {
    run_command(Command::new("tmux").args(args), input, TIMEOUT)
}

/// Runs a command without a terminal (no stdin unless `input`, stderr captured for the reason it
/// failed), killing it after `timeout`.
pub(super) fn run_command(
    cmd: &mut Command,
    input: Option<&[u8]>,
    timeout: Duration,
) -> Result<Vec<u8>, String> {
    let name = cmd.get_program().to_string_lossy().into_owned();
    let mut child = cmd
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {name}: {e}"))?;
    let pid = child.id();
    if let (Some(mut stdin), Some(input)) = (child.stdin.take(), input) {
        let input = input.to_vec();
        // A thread, so that a command that does not read cannot block us on a full pipe.
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(timeout) {
        Ok(Ok(out)) if out.status.success() => Ok(out.stdout),
        Ok(Ok(out)) => {
            let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
            Err(if err.is_empty() {
                format!("{name} failed ({})", out.status)
            } else {
                format!("{name}: {err}")
            })
        }
        Ok(Err(e)) => Err(format!("{name}: {e}")),
        Err(_) => {
            kill(pid);
            Err(format!("{name} did not answer"))
        }
    }
}

/// Ends our child `pid`, which `wait_with_output` has not reaped yet since it has not returned.
#[cfg(unix)]
fn kill(pid: u32) {
    // SAFETY: kill(2) on our own child's pid.
    unsafe {
        libc::kill(pid as libc::pid_t, libc::SIGKILL);
    }
}

/// tmux runs on Unix only: no child of this kind to end elsewhere.
#[cfg(not(unix))]
fn kill(_: u32) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_clipboard_on_takes_plain_osc52() {
        assert_eq!(way(Some("on\n")), Way::Osc52(Framing::Plain));
    }

    #[test]
    fn other_settings_use_load_buffer() {
        for value in [
            Some("external"),
            Some("off"),
            Some(""),
            Some("garbage"),
            None,
        ] {
            assert_eq!(way(value), Way::LoadBuffer, "{value:?}");
        }
    }

    #[test]
    fn run_command_reports_output_failure_and_timeout() {
        let out = run_command(Command::new("cat").arg("-"), Some(b"abc"), TIMEOUT).unwrap();
        assert_eq!(out, b"abc");
        let err = run_command(
            Command::new("sh").args(["-c", "echo boom >&2; exit 3"]),
            None,
            TIMEOUT,
        )
        .unwrap_err();
        assert_eq!(err, "sh: boom");
        let err = run_command(
            Command::new("sleep").arg("30"),
            None,
            Duration::from_millis(50),
        )
        .unwrap_err();
        assert_eq!(err, "sleep did not answer");
        let err = run_command(&mut Command::new("/nonexistent/tmux"), None, TIMEOUT).unwrap_err();
        assert!(err.starts_with("cannot run /nonexistent/tmux"), "{err}");
    }
}

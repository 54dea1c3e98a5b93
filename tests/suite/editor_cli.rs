//! The editor started where it cannot run: without a terminal it says why and exits with
//! status 2, an error of how it was started, not 1 (quit printing nothing).

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");

#[test]
fn without_a_terminal_the_editor_exits_2_with_the_reason() {
    let mut cmd = Command::new(BIN);
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setsid(2) is async-signal-safe: the child's new session has no controlling
    // terminal, as under `setsid fenboard </dev/null`.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().expect("run fenboard");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot use the terminal"), "{stderr}");
    assert!(out.stdout.is_empty(), "no FEN printed");
}

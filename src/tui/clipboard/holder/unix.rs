//! Unix: the holder in a session of its own, a wait with a deadline on its answer, and its
//! protocol pipes swapped for `/dev/null` once used.

#![cfg(unix)]

use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{ChildStdout, Command};
use std::time::{Duration, Instant};

/// Starts `cmd` in a new session, which has no controlling terminal: the holder gets no SIGHUP
/// or SIGINT meant for the editor's terminal.
pub fn detach(cmd: &mut Command) {
    // SAFETY: setsid(2) is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Whether `pipe` has data (or end of file) within `timeout`.
pub fn readable_within(pipe: &ChildStdout, timeout: Duration) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let mut pfd = libc::pollfd {
            fd: pipe.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        let n = unsafe { libc::poll(&mut pfd, 1, left.as_millis().min(i32::MAX as u128) as i32) };
        if n > 0 {
            return true;
        }
        let interrupted =
            n == -1 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted;
        if !interrupted || left.is_zero() {
            return false;
        }
    }
}

/// Points standard descriptor `fd` (0 or 1) at /dev/null, closing the pipe it was.
pub fn redirect_to_null(fd: i32) {
    if let Ok(null) = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
    {
        // SAFETY: dup2 onto a standard descriptor of our own process.
        unsafe {
            libc::dup2(null.as_raw_fd(), fd);
        }
    }
}

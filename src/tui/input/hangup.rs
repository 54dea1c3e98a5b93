//! Unix: tells when the terminal hangs up (its window closed, its `ssh` connection gone). A
//! thread waits in `poll(2)` for nothing but the hang-up, which poll reports whatever was asked.

#![cfg(unix)]

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};

use super::Input;

/// Watches the controlling terminal (or standard input when that is a terminal and there is no
/// controlling one) and sends one [`Input::Gone`] when it hangs up.
pub fn watch(send: impl Fn(Input) -> bool + Send + 'static) -> io::Result<()> {
    let terminal: OwnedFd = match File::open("/dev/tty") {
        Ok(tty) => tty.into(),
        // SAFETY: isatty only inspects the descriptor.
        Err(_) if unsafe { libc::isatty(libc::STDIN_FILENO) } == 1 => {
            io::stdin().as_fd().try_clone_to_owned()?
        }
        Err(e) => return Err(e),
    };
    watch_fd(terminal, send)
}

fn watch_fd(terminal: OwnedFd, send: impl Fn(Input) -> bool + Send + 'static) -> io::Result<()> {
    std::thread::Builder::new()
        .name("terminal hang-up".into())
        .spawn(move || {
            if let Some(why) = wait_for_hangup(terminal.as_fd()) {
                send(Input::Gone(why));
            }
        })?;
    Ok(())
}

/// Blocks until `fd` hangs up; the reason, or `None` when the wait itself failed.
fn wait_for_hangup(fd: BorrowedFd<'_>) -> Option<String> {
    loop {
        let mut pfd = libc::pollfd {
            fd: fd.as_raw_fd(),
            events: 0,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        let n = unsafe { libc::poll(&mut pfd, 1, -1) };
        if n < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return None;
        }
        if pfd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return Some("the terminal hung up".into());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::fd::FromRawFd;
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    /// A pseudo-terminal: (its terminal side, the side a terminal window holds).
    fn pty() -> (OwnedFd, OwnedFd) {
        // SAFETY: the descriptors come from the calls and are owned once each.
        unsafe {
            let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
            assert!(master >= 0);
            assert_eq!(libc::grantpt(master), 0);
            assert_eq!(libc::unlockpt(master), 0);
            let name = std::ffi::CStr::from_ptr(libc::ptsname(master)).to_owned();
            let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
            assert!(slave >= 0);
            (OwnedFd::from_raw_fd(slave), OwnedFd::from_raw_fd(master))
        }
    }

    #[test]
    fn a_closed_window_is_said_once() {
        let (terminal, window) = pty();
        let (tx, rx) = mpsc::channel();
        watch_fd(terminal, move |input| tx.send(input).is_ok()).unwrap();
        assert!(
            rx.recv_timeout(Duration::from_millis(100)).is_err(),
            "an open terminal says nothing"
        );
        drop(window);
        assert!(matches!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok(Input::Gone(_))
        ));
        // The watcher has ended: its sender is gone, nothing more comes.
        assert!(matches!(
            rx.recv_timeout(Duration::from_secs(10)),
            Err(mpsc::RecvTimeoutError::Disconnected)
        ));
    }
}

//! SIGHUP and SIGTERM as events. The terminal is in raw mode, so Ctrl-C arrives as a key, not as
//! SIGINT; but a closed terminal window (SIGHUP) or `kill` (SIGTERM) must still give the editor
//! a chance to write unsaved changes to `FILE.save` and restore the terminal. A signal handler
//! can do almost nothing safely, so a thread waits for the signals and hands each one to a
//! callback (typically sending an event into the main loop's channel).

use std::io;
use std::thread::JoinHandle;

use signal_hook::consts::{SIGHUP, SIGTERM};
use signal_hook::iterator::{Handle, Signals};

/// A signal that asks fenboard to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// The terminal went away.
    Hangup,
    /// `kill`, a shutdown, a service manager.
    Terminate,
}

impl Signal {
    /// The conventional exit status after this signal (128 + its number).
    pub fn exit_code(self) -> u8 {
        128 + self.number() as u8
    }

    pub fn number(self) -> i32 {
        match self {
            Signal::Hangup => SIGHUP,
            Signal::Terminate => SIGTERM,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Signal::Hangup => "SIGHUP",
            Signal::Terminate => "SIGTERM",
        }
    }
}

/// Watches SIGHUP and SIGTERM until dropped. While it lives, these signals no longer kill the
/// process: the callback decides what happens.
pub struct SignalWatcher {
    handle: Handle,
    thread: Option<JoinHandle<()>>,
}

/// Starts watching: `on_signal` runs on the watcher's thread for every SIGHUP or SIGTERM.
pub fn watch(on_signal: impl Fn(Signal) + Send + 'static) -> io::Result<SignalWatcher> {
    let mut signals = Signals::new([SIGHUP, SIGTERM])?;
    let handle = signals.handle();
    let thread = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for number in signals.forever() {
                match number {
                    SIGHUP => on_signal(Signal::Hangup),
                    SIGTERM => on_signal(Signal::Terminate),
                    _ => {}
                }
            }
        })?;
    Ok(SignalWatcher {
        handle,
        thread: Some(thread),
    })
}

impl Drop for SignalWatcher {
    fn drop(&mut self) {
        self.handle.close();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    // One test for both signals: the handlers are process-wide.
    #[test]
    fn hangup_and_terminate_become_messages() {
        let (tx, rx) = mpsc::channel();
        let watcher = watch(move |s| {
            let _ = tx.send(s);
        })
        .unwrap();
        signal_hook::low_level::raise(SIGTERM).unwrap();
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok(Signal::Terminate)
        );
        signal_hook::low_level::raise(SIGHUP).unwrap();
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(Signal::Hangup));
        drop(watcher);
        assert!(
            rx.recv_timeout(Duration::from_millis(50)).is_err(),
            "the sender is gone with the watcher"
        );
    }

    #[test]
    fn exit_codes_follow_the_shell_convention() {
        assert_eq!(Signal::Hangup.exit_code(), 129);
        assert_eq!(Signal::Terminate.exit_code(), 143);
    }
}

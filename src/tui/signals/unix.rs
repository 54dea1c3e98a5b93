//! Unix: every signal that would end fenboard, as an event. The terminal is in raw mode, so Ctrl-C
//! arrives as a key, not as SIGINT; but a closed terminal window (SIGHUP), `kill` (SIGTERM), or
//! any other signal whose default action ends a process must still give the editor a chance to
//! write unsaved changes to a rescue file and restore the terminal. A signal handler can do
//! almost nothing safely, so a thread waits for the signals and hands each one to a callback
//! (typically sending an event into the main loop's channel).
//!
//! Which signals, and why:
//! - handled: SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGXCPU (the soft CPU
//!   limit: SIGKILL follows), SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT and the real-time
//!   signals: nobody but another process (or a timer nobody set) sends them to fenboard.
//! - ignored while the editor runs: SIGXFSZ, which the kernel sends when a write passes the file
//!   size limit: ignored, the write fails with "File too large" and the editor says so and keeps
//!   the edits; handled, the rescue file (as large) would fail too. SIGPIPE is ignored by every
//!   Rust program: a closed pipe is a write error where the write happens.
//! - left alone: SIGILL, SIGFPE, SIGSEGV, SIGBUS, SIGTRAP, SIGSYS and SIGABRT report a fault of
//!   the process itself (a handler that returns would run the faulting instruction again; a
//!   panic restores the terminal in its hook), and SIGKILL and SIGSTOP cannot be caught.

use std::io;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread::JoinHandle;

use signal_hook::SigId;
use signal_hook::consts::signal::*;
use signal_hook::iterator::{Handle, Signals};

/// A signal that asks fenboard to end, by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(i32);

/// The signals with a fixed number that end fenboard (see the module's notes).
const FIXED: &[(i32, &str)] = &[
    (SIGHUP, "SIGHUP"),
    (SIGINT, "SIGINT"),
    (SIGQUIT, "SIGQUIT"),
    (SIGUSR1, "SIGUSR1"),
    (SIGUSR2, "SIGUSR2"),
    (SIGALRM, "SIGALRM"),
    (SIGTERM, "SIGTERM"),
    (SIGXCPU, "SIGXCPU"),
    (SIGVTALRM, "SIGVTALRM"),
    (SIGPROF, "SIGPROF"),
    (SIGIO, "SIGIO"),
    #[cfg(any(target_os = "linux", target_os = "android"))]
    (libc::SIGPWR, "SIGPWR"),
    #[cfg(any(target_os = "linux", target_os = "android"))]
    (libc::SIGSTKFLT, "SIGSTKFLT"),
];

/// The real-time signals (all end a process by default), first and last.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn realtime() -> std::ops::RangeInclusive<i32> {
    libc::SIGRTMIN()..=libc::SIGRTMAX()
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn realtime() -> std::ops::RangeInclusive<i32> {
    #[allow(clippy::reversed_empty_ranges)]
    {
        1..=0
    }
}

impl Signal {
    pub const HANGUP: Signal = Signal(SIGHUP);
    pub const TERMINATE: Signal = Signal(SIGTERM);

    /// Every signal watched.
    pub fn all() -> Vec<Signal> {
        FIXED
            .iter()
            .map(|&(n, _)| Signal(n))
            .chain(realtime().map(Signal))
            .collect()
    }

    /// The conventional exit status after this signal (128 + its number).
    pub fn exit_code(self) -> u8 {
        (128 + self.0).clamp(0, 255) as u8
    }

    pub fn number(self) -> i32 {
        self.0
    }

    /// Its name as `kill -l` gives it, with the `SIG` prefix: `SIGHUP`, `SIGRTMIN+3` (where
    /// `kill -l` counts down from SIGRTMAX in the upper half, this counts up).
    pub fn name(self) -> String {
        if let Some((_, name)) = FIXED.iter().find(|&&(n, _)| n == self.0) {
            return (*name).to_owned();
        }
        let rt = realtime();
        if self.0 == *rt.start() {
            return "SIGRTMIN".to_owned();
        }
        if rt.contains(&self.0) {
            return format!("SIGRTMIN+{}", self.0 - rt.start());
        }
        format!("signal {}", self.0)
    }
}

/// Watches the signals until dropped. While it lives, these signals no longer kill the process:
/// the callback decides what happens.
pub struct SignalWatcher {
    handle: Handle,
    thread: Option<JoinHandle<()>>,
    ignored: Vec<SigId>,
}

/// Starts watching: `on_signal` runs on the watcher's thread for every signal in
/// [`Signal::all`] the system lets a program handle (under valgrind, not the real-time ones it
/// keeps). SIGXFSZ is ignored meanwhile.
pub fn watch(on_signal: impl Fn(Signal) + Send + 'static) -> io::Result<SignalWatcher> {
    let mut signals = Signals::new(std::iter::empty::<i32>())?;
    for s in Signal::all() {
        match signals.add_signal(s.number()) {
            Ok(()) => {}
            // A signal the system keeps for itself (valgrind takes real-time ones): it cannot be
            // watched, and keeps its default.
            Err(e) if e.raw_os_error() == Some(libc::EINVAL) => {}
            Err(e) => return Err(e),
        }
    }
    let handle = signals.handle();
    // A handler that only sets a flag nobody reads: the signal no longer ends the process and
    // the write that passed the limit fails with EFBIG instead.
    let ignored = vec![signal_hook::flag::register(
        SIGXFSZ,
        Arc::new(AtomicBool::new(false)),
    )?];
    let thread = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for number in signals.forever() {
                on_signal(Signal(number));
            }
        })?;
    Ok(SignalWatcher {
        handle,
        thread: Some(thread),
        ignored,
    })
}

impl Drop for SignalWatcher {
    fn drop(&mut self) {
        self.handle.close();
        for id in self.ignored.drain(..) {
            signal_hook::low_level::unregister(id);
        }
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

    // One test for every signal: the handlers are process-wide.
    #[test]
    fn every_fatal_signal_becomes_a_message() {
        let (tx, rx) = mpsc::channel();
        let watcher = watch(move |s| {
            let _ = tx.send(s);
        })
        .unwrap();
        for signal in Signal::all() {
            signal_hook::low_level::raise(signal.number()).unwrap();
            assert_eq!(
                rx.recv_timeout(Duration::from_secs(10)),
                Ok(signal),
                "{}",
                signal.name()
            );
        }
        // Ignored, and no message.
        signal_hook::low_level::raise(SIGXFSZ).unwrap();
        assert!(rx.recv_timeout(Duration::from_millis(50)).is_err());
        drop(watcher);
        assert!(
            rx.recv_timeout(Duration::from_millis(50)).is_err(),
            "the sender is gone with the watcher"
        );
    }

    #[test]
    fn exit_codes_follow_the_shell_convention() {
        assert_eq!(Signal::HANGUP.exit_code(), 129);
        assert_eq!(Signal(SIGINT).exit_code(), 130);
        assert_eq!(Signal::TERMINATE.exit_code(), 143);
        for s in Signal::all() {
            assert_eq!(i32::from(s.exit_code()), 128 + s.number(), "{}", s.name());
        }
    }

    #[test]
    fn names_are_those_of_kill() {
        assert_eq!(Signal(SIGUSR1).name(), "SIGUSR1");
        assert_eq!(Signal::TERMINATE.name(), "SIGTERM");
        #[cfg(target_os = "linux")]
        {
            assert_eq!(Signal(libc::SIGRTMIN()).name(), "SIGRTMIN");
            assert_eq!(Signal(libc::SIGRTMIN() + 3).name(), "SIGRTMIN+3");
        }
        let names: Vec<String> = Signal::all().iter().map(|s| s.name()).collect();
        for wanted in [
            "SIGINT", "SIGQUIT", "SIGUSR2", "SIGALRM", "SIGXCPU", "SIGPROF",
        ] {
            assert!(names.iter().any(|n| n == wanted), "{wanted} watched");
        }
        for never in ["SIGPIPE", "SIGXFSZ", "SIGSEGV", "SIGCHLD", "SIGWINCH"] {
            assert!(!names.iter().any(|n| n == never), "{never} not watched");
        }
    }
}

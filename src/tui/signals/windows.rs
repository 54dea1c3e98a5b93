//! Windows: the console's control events that end a program (its window closed, Ctrl-Break,
//! log-off, shut-down), as events. In raw mode Ctrl-C arrives as a key. The handler runs on a
//! thread the system starts for it; once it returns from a close, log-off or shut-down event the
//! system ends the process, so it waits there (the system allows it a few seconds) while the
//! editor writes the rescue file and exits.

use std::io;
use std::sync::Mutex;

use windows_sys::Win32::System::Console::{
    CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
    SetConsoleCtrlHandler,
};
use windows_sys::core::BOOL;

/// A console event that asks fenboard to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signal(u32);

impl Signal {
    /// The console window closed.
    pub const HANGUP: Signal = Signal(CTRL_CLOSE_EVENT);

    /// The exit status after it, as a shell on Unix would give for the nearest signal.
    pub fn exit_code(self) -> u8 {
        match self.0 {
            CTRL_C_EVENT | CTRL_BREAK_EVENT => 130,
            CTRL_CLOSE_EVENT => 129,
            _ => 143,
        }
    }

    pub fn name(self) -> String {
        match self.0 {
            CTRL_C_EVENT => "Ctrl-C",
            CTRL_BREAK_EVENT => "Ctrl-Break",
            CTRL_CLOSE_EVENT => "the console's close",
            CTRL_LOGOFF_EVENT => "log-off",
            CTRL_SHUTDOWN_EVENT => "shut-down",
            _ => "a console event",
        }
        .to_owned()
    }
}

type Callback = Box<dyn Fn(Signal) + Send>;

/// The callback the handler calls: one at a time, set by [`watch`].
static CALLBACK: Mutex<Option<Callback>> = Mutex::new(None);

unsafe extern "system" fn handler(event: u32) -> BOOL {
    let told = match CALLBACK.lock() {
        Ok(callback) => callback.as_ref().map(|f| f(Signal(event))).is_some(),
        Err(_) => false,
    };
    if !told {
        // Nobody watches: the system's default (the process ends).
        return 0;
    }
    if matches!(
        event,
        CTRL_CLOSE_EVENT | CTRL_LOGOFF_EVENT | CTRL_SHUTDOWN_EVENT
    ) {
        // The process ends when this returns: it ends sooner, when the editor exits.
        loop {
            std::thread::park();
        }
    }
    1
}

/// Watches the console's events until dropped.
pub struct SignalWatcher(());

/// Starts watching: `on_signal` runs on the handler's thread for every console event.
pub fn watch(on_signal: impl Fn(Signal) + Send + 'static) -> io::Result<SignalWatcher> {
    if let Ok(mut callback) = CALLBACK.lock() {
        *callback = Some(Box::new(on_signal));
    }
    // SAFETY: installs a handler function that lives as long as the program.
    if unsafe { SetConsoleCtrlHandler(Some(handler), 1) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(SignalWatcher(()))
}

impl Drop for SignalWatcher {
    fn drop(&mut self) {
        // SAFETY: removes the handler installed by `watch`.
        unsafe { SetConsoleCtrlHandler(Some(handler), 0) };
        if let Ok(mut callback) = CALLBACK.lock() {
            *callback = None;
        }
    }
}

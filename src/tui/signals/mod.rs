//! What the system sends to end the editor, as events on a thread of their own: Unix signals
//! (SIGHUP when the terminal window closes, SIGTERM, …), the Windows console's close and
//! Ctrl-Break. The editor answers each by writing unsaved changes to a rescue file and ending.

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub use unix::{Signal, SignalWatcher, watch};

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::{Signal, SignalWatcher, watch};

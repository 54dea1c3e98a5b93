//! The terminal the editor draws on: `/dev/tty`, so that stdout stays free for the final FEN.
//!
//! Raw mode, the alternate screen, mouse capture and bracketed paste are switched on together
//! and switched off together on every way out: a normal return, an error (the guard's `Drop`)
//! and a panic (the hook). ratatui's own restore leaves mouse capture and bracketed paste on,
//! which would leave the shell printing escape codes on every click.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::{
    cursor,
    event::{DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture},
    execute,
    terminal::{self, EnterAlternateScreen, LeaveAlternateScreen},
};

/// Whether the terminal is in the editor's modes, so that restoring happens once.
static ACTIVE: AtomicBool = AtomicBool::new(false);

pub type TtyTerminal = Terminal<CrosstermBackend<File>>;

/// The terminal in the editor's modes; dropping it restores everything.
pub struct Tui {
    pub terminal: TtyTerminal,
}

/// Opens the controlling terminal for reading and writing.
pub fn open_tty() -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open("/dev/tty")
}

impl Tui {
    /// Switches the terminal into the editor's modes; mouse capture only when `mouse`.
    pub fn enter(mouse: bool) -> io::Result<Tui> {
        let mut tty = open_tty()?;
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let setup = (|| -> io::Result<TtyTerminal> {
            // Cleared here rather than by `Terminal::clear`, which asks the terminal for the
            // cursor position on stdout and waits for an answer the input thread may take.
            execute!(
                tty,
                EnterAlternateScreen,
                EnableBracketedPaste,
                cursor::Hide,
                terminal::Clear(terminal::ClearType::All)
            )?;
            if mouse {
                execute!(tty, EnableMouseCapture)?;
            }
            Terminal::new(CrosstermBackend::new(tty))
        })();
        match setup {
            Ok(terminal) => Ok(Tui { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// The terminal's writer, for escape sequences the app sends itself (OSC 52).
    pub fn writer(&mut self) -> &mut CrosstermBackend<File> {
        self.terminal.backend_mut()
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        let _ = self.terminal.backend_mut().flush();
        restore();
    }
}

/// Leaves every mode the editor switched on. Safe to call more than once and from a panic hook:
/// it writes on a fresh handle of `/dev/tty`.
pub fn restore() {
    if !ACTIVE.swap(false, Ordering::SeqCst) {
        return;
    }
    if let Ok(mut tty) = open_tty() {
        let _ = execute!(
            tty,
            DisableMouseCapture,
            DisableBracketedPaste,
            LeaveAlternateScreen,
            cursor::Show
        );
        let _ = tty.flush();
    }
    let _ = terminal::disable_raw_mode();
}

/// Restores the terminal before the panic message is printed (after color-eyre's hook is
/// installed, so that its report lands on a usable screen).
pub fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

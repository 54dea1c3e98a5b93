//! The terminal the editor draws on: `/dev/tty` (on Windows the console's `CONOUT$`), so that
//! stdout stays free for the final FEN.
//!
//! Raw mode, the alternate screen, mouse capture and bracketed paste are switched on together
//! and switched off together on every way out: a normal return, an error (the guard's `Drop`)
//! and a panic (the hook). ratatui's own restore leaves mouse capture and bracketed paste on,
//! which would leave the shell printing escape codes on every click.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::{
    cursor,
    event::{DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture},
    execute,
    terminal::{self, EnterAlternateScreen, LeaveAlternateScreen},
};
use ratatui::layout::{Position, Size};

/// Whether the terminal is in the editor's modes, so that restoring happens once.
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// Writes to the terminal are buffered and flushed once per frame: unbuffered, every cursor
/// move and colour change of a frame would be a system call of its own.
pub type TtyWriter = BufWriter<File>;
pub type TtyTerminal = Terminal<TtyBackend>;

/// The crossterm backend with the terminal size kept rather than asked for: ratatui asks before
/// every frame, and crossterm answers by opening `/dev/tty` each time. The size changes only
/// with a resize event, which updates it (`refresh_size`).
pub struct TtyBackend {
    inner: CrosstermBackend<TtyWriter>,
    size: Size,
}

impl TtyBackend {
    fn new(tty: File) -> io::Result<TtyBackend> {
        let inner = CrosstermBackend::new(BufWriter::with_capacity(64 * 1024, tty));
        let size = inner.size()?;
        Ok(TtyBackend { inner, size })
    }

    /// Asks the terminal for its size again (after a resize event).
    pub fn refresh_size(&mut self) -> io::Result<()> {
        self.size = self.inner.size()?;
        Ok(())
    }
}

impl Write for TtyBackend {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.inner)
    }
}

impl Backend for TtyBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        // The backend writes into its buffered writer.
        super::escape::draw(&mut self.inner, content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.size)
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// The terminal in the editor's modes; dropping it restores everything.
pub struct Tui {
    pub terminal: TtyTerminal,
}

/// Opens the controlling terminal for reading and writing.
#[cfg(unix)]
pub fn open_tty() -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open("/dev/tty")
}

/// Opens the console's screen for writing (crossterm reads its input itself).
#[cfg(windows)]
pub fn open_tty() -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open("CONOUT$")
}

impl Tui {
    /// Switches the terminal into the editor's modes; mouse capture only when `mouse`.
    pub fn enter(mouse: bool) -> io::Result<Tui> {
        let mut tty = open_tty()?;
        terminal::enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        let setup = (|| -> io::Result<TtyTerminal> {
            // Cleared here rather than by `Terminal::clear`, which asks the terminal for the
            // cursor position on stdout and waits for an answer the event loop would read.
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
            Terminal::new(TtyBackend::new(tty)?)
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
    pub fn writer(&mut self) -> &mut TtyBackend {
        self.terminal.backend_mut()
    }
}

impl Drop for Tui {
    fn drop(&mut self) {
        let _ = Write::flush(self.terminal.backend_mut());
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

//! The event loop's one inbox. The loop's own thread reads the terminal, and it waits on the
//! terminal and on the worker threads' reports (signals, clipboard, engine, solver) at once: a
//! keystroke wakes one thread, not an input thread that then wakes the loop. On this kind of
//! machine a thread's wake-up costs more than drawing the key's frame.
//!
//! Waiting is one `epoll` (mio) over three things: the terminal, a waker the workers ring after
//! each report, and a pipe that SIGWINCH writes to. crossterm still reads and parses the
//! terminal (its own `epoll` sees the same input); this one only says when to ask it.
//!
//! Standard input becomes a description of the terminal of fenboard's own, opened non-blocking
//! (the shell's stays as it was), so that reading never blocks the loop on half an escape
//! sequence. A terminal that hangs up is the one thing crossterm cannot read past: it would read
//! end-of-file forever. So a hang-up seen here is reported, never read, and one that happens
//! while crossterm is reading is defused by [`Hangup::defuse`] from the signal that announces
//! it: standard input is swapped for an empty socket, and the read gives up.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use mio::unix::SourceFd;
use mio::{Events, Interest, Poll, Token, Waker};
use ratatui::crossterm::event::{self, Event};
use signal_hook::SigId;

const TERMINAL: Token = Token(0);
const WAKER: Token = Token(1);
const RESIZE: Token = Token(2);

/// Where the event loop's wake-ups come from: the terminal read here, or `T`, a report a worker
/// sent through a [`Post`].
#[derive(Debug)]
pub enum Arrival<T> {
    Terminal(Event),
    /// Reading the terminal failed (why): the editor cannot go on.
    InputFailed(String),
    /// The terminal is gone (its window closed): as SIGHUP, which usually comes with it.
    Hangup,
    Report(T),
}

/// The receiving end, owned by the event loop.
pub struct Inbox<T> {
    rx: Receiver<T>,
    tx: Sender<T>,
    poll: Poll,
    events: Events,
    waker: Arc<Waker>,
    /// The read end of the pipe SIGWINCH writes a byte to.
    resized: UnixStream,
    resize_hook: SigId,
    /// Standard input as it was, put back when the inbox ends.
    stdin: Option<OwnedFd>,
    hangup: Hangup,
    /// The terminal may have input crossterm has not handed out: set when the terminal (or a
    /// resize) wakes the poll, cleared when crossterm says it has nothing.
    terminal_pending: bool,
    /// The terminal hung up: never read again.
    terminal_gone: bool,
}

/// Defuses a terminal's hang-up from another thread (see the module's notes). Cheap to clone.
#[derive(Clone)]
pub struct Hangup {
    /// The terminal's descriptor: standard input.
    fd: RawFd,
    /// An empty non-blocking socket (and its other end, kept open so it never reads as closed).
    empty: Arc<(UnixStream, UnixStream)>,
}

impl Hangup {
    /// If the terminal on standard input has hung up, replaces standard input with an empty
    /// socket, so that a read in progress ends with "would block" instead of reading
    /// end-of-file forever. A live terminal is left alone (a `kill -HUP` with the window
    /// still open).
    pub fn defuse(&self) {
        let mut fd = libc::pollfd {
            fd: self.fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd, no wait.
        let polled = unsafe { libc::poll(&mut fd, 1, 0) };
        if polled == 1 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            // SAFETY: both descriptors are open; dup2 swaps the terminal's atomically.
            unsafe { libc::dup2(self.empty.0.as_raw_fd(), self.fd) };
        }
    }
}

/// A worker's sending end: sends a report and wakes the loop. Cheap to clone.
pub struct Post<T> {
    tx: Sender<T>,
    waker: Arc<Waker>,
}

impl<T> Clone for Post<T> {
    fn clone(&self) -> Self {
        Post {
            tx: self.tx.clone(),
            waker: Arc::clone(&self.waker),
        }
    }
}

impl<T> Post<T> {
    /// Sends `report` and wakes the loop; false once the loop has ended.
    pub fn send(&self, report: T) -> bool {
        if self.tx.send(report).is_err() {
            return false;
        }
        // Waking fails only if the poll is gone, and then nobody is waiting.
        let _ = self.waker.wake();
        true
    }
}

impl<T> Inbox<T> {
    /// Makes standard input the terminal (see the module's notes) and watches it and SIGWINCH.
    pub fn new() -> io::Result<Inbox<T>> {
        let stdin = own_terminal_on_stdin()?;
        let mut inbox = Inbox::watching(libc::STDIN_FILENO)?;
        inbox.stdin = stdin;
        inbox.terminal_pending = true;
        Ok(inbox)
    }

    /// An inbox whose terminal is `terminal`, not asked for input until it wakes the poll.
    fn watching(terminal: RawFd) -> io::Result<Inbox<T>> {
        let poll = Poll::new()?;
        let waker = Arc::new(Waker::new(poll.registry(), WAKER)?);
        poll.registry()
            .register(&mut SourceFd(&terminal), TERMINAL, Interest::READABLE)?;
        let (a, b) = UnixStream::pair()?;
        a.set_nonblocking(true)?;
        let hangup = Hangup {
            fd: terminal,
            empty: Arc::new((a, b)),
        };
        let (resized, on_resize) = UnixStream::pair()?;
        resized.set_nonblocking(true)?;
        on_resize.set_nonblocking(true)?;
        poll.registry().register(
            &mut SourceFd(&resized.as_raw_fd()),
            RESIZE,
            Interest::READABLE,
        )?;
        let resize_hook =
            signal_hook::low_level::pipe::register(signal_hook::consts::SIGWINCH, on_resize)?;
        let (tx, rx) = mpsc::channel();
        Ok(Inbox {
            rx,
            tx,
            poll,
            events: Events::with_capacity(4),
            waker,
            resized,
            resize_hook,
            stdin: None,
            hangup,
            terminal_pending: false,
            terminal_gone: false,
        })
    }

    /// What the signal that announces a hang-up calls first.
    pub fn hangup(&self) -> Hangup {
        self.hangup.clone()
    }

    /// A sending end for a worker.
    pub fn post(&self) -> Post<T> {
        Post {
            tx: self.tx.clone(),
            waker: Arc::clone(&self.waker),
        }
    }

    /// Blocks until something arrives.
    pub fn wait(&mut self) -> Arrival<T> {
        loop {
            if let Some(arrival) = self.try_next() {
                return arrival;
            }
            match self.block() {
                Ok(false) => {}
                Ok(true) => return Arrival::Hangup,
                Err(e) => return Arrival::InputFailed(e.to_string()),
            }
        }
    }

    /// What has arrived already, without blocking. Reports come first: a signal or a finished
    /// job is not kept waiting behind a long paste.
    pub fn try_next(&mut self) -> Option<Arrival<T>> {
        if let Ok(report) = self.rx.try_recv() {
            return Some(Arrival::Report(report));
        }
        if !self.terminal_pending || self.terminal_gone {
            return None;
        }
        match event::poll(Duration::ZERO) {
            Ok(true) => Some(match event::read() {
                Ok(ev) => Arrival::Terminal(ev),
                Err(e) => Arrival::InputFailed(e.to_string()),
            }),
            Ok(false) => {
                self.terminal_pending = false;
                None
            }
            Err(e) => Some(Arrival::InputFailed(e.to_string())),
        }
    }

    /// The reports sent so far, leaving the terminal alone (for the editor's last moments).
    pub fn reports(&self) -> impl Iterator<Item = T> + '_ {
        self.rx.try_iter()
    }

    /// Waits for the terminal, a report's wake-up or a resize; true when the terminal hung up
    /// (said once).
    fn block(&mut self) -> io::Result<bool> {
        match self.poll.poll(&mut self.events, None) {
            Ok(()) => {}
            // A signal interrupted the wait: its report (if any) is in the channel.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(false),
            Err(e) => return Err(e),
        }
        let mut hung_up = false;
        for ev in self.events.iter() {
            match ev.token() {
                TERMINAL if ev.is_read_closed() || ev.is_error() => {
                    hung_up = !self.terminal_gone;
                    self.terminal_gone = true;
                }
                TERMINAL => self.terminal_pending = true,
                RESIZE => {
                    // crossterm's own SIGWINCH pipe was written by the same signal: it turns
                    // this into `Event::Resize`. Ours only needs emptying.
                    let mut buf = [0u8; 64];
                    while matches!(self.resized.read(&mut buf), Ok(n) if n > 0) {}
                    self.terminal_pending = true;
                }
                _ => {}
            }
        }
        Ok(hung_up)
    }
}

/// Puts a non-blocking description of the terminal of fenboard's own on standard input and
/// returns standard input as it was. Without a `/dev/tty` (no controlling terminal), a
/// terminal on standard input is read as it is.
fn own_terminal_on_stdin() -> io::Result<Option<OwnedFd>> {
    let tty = match File::options()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open("/dev/tty")
    {
        Ok(tty) => tty,
        // SAFETY: isatty only inspects the descriptor.
        Err(_) if unsafe { libc::isatty(libc::STDIN_FILENO) } == 1 => return Ok(None),
        Err(e) => return Err(e),
    };
    // SAFETY: a copy of an open descriptor (standard input may be closed: then -1, nothing
    // kept), closed on exec, so that no program fenboard starts holds the terminal.
    let saved = unsafe { libc::fcntl(libc::STDIN_FILENO, libc::F_DUPFD_CLOEXEC, 3) };
    // SAFETY: both descriptors are open.
    if unsafe { libc::dup2(tty.as_raw_fd(), libc::STDIN_FILENO) } < 0 {
        let e = io::Error::last_os_error();
        if saved >= 0 {
            // SAFETY: `saved` is ours and nothing else holds it.
            drop(unsafe { OwnedFd::from_raw_fd(saved) });
        }
        return Err(e);
    }
    // Standard input holds the description now.
    drop(tty);
    // SAFETY: `saved` is a descriptor this function opened.
    Ok((saved >= 0).then(|| unsafe { OwnedFd::from_raw_fd(saved) }))
}

impl<T> Drop for Inbox<T> {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.resize_hook);
        if let Some(stdin) = self.stdin.take() {
            // SAFETY: both descriptors are open; standard input gets back what it was.
            unsafe { libc::dup2(stdin.as_raw_fd(), libc::STDIN_FILENO) };
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::time::Duration;

    use super::*;

    /// A pipe standing for the terminal: its write end closed is a terminal hanging up.
    fn pipe() -> (UnixStream, UnixStream) {
        UnixStream::pair().unwrap()
    }

    #[test]
    fn a_report_from_another_thread_wakes_the_wait() {
        let (terminal, _other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        let post = inbox.post();
        let worker = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            post.send(7)
        });
        assert!(matches!(inbox.wait(), Arrival::Report(7)));
        assert!(worker.join().unwrap(), "the loop was there to take it");
        assert!(inbox.try_next().is_none(), "one report, handed out once");
    }

    #[test]
    fn reports_come_in_the_order_they_were_sent() {
        let (terminal, _other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        let post = inbox.post();
        for n in 0..5 {
            post.send(n);
        }
        let got: Vec<u32> = std::iter::from_fn(|| match inbox.try_next() {
            Some(Arrival::Report(n)) => Some(n),
            _ => None,
        })
        .collect();
        assert_eq!(got, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_terminal_that_hangs_up_is_said_once_and_never_read() {
        let (terminal, other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        drop(other_end);
        assert!(matches!(inbox.wait(), Arrival::Hangup));
        // Afterwards only reports arrive: the dead terminal neither wakes nor is read.
        let post = inbox.post();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            post.send(1);
        });
        assert!(matches!(inbox.wait(), Arrival::Report(1)));
    }

    #[test]
    fn a_report_is_not_kept_waiting_behind_terminal_input() {
        let (terminal, mut other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        other_end.write_all(b"x").unwrap();
        inbox.post().send(3);
        assert!(matches!(inbox.try_next(), Some(Arrival::Report(3))));
    }

    /// Reads `fd` once, without blocking.
    fn read_once(fd: RawFd) -> io::Result<usize> {
        let mut buf = [0u8; 8];
        // SAFETY: reads into a buffer of its length.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            Err(io::Error::last_os_error())
        } else {
            Ok(n as usize)
        }
    }

    #[test]
    fn defusing_a_hung_up_terminal_makes_reading_it_give_up() {
        let (terminal, other_end) = pipe();
        let inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        drop(other_end);
        assert_eq!(
            read_once(terminal.as_raw_fd()).unwrap(),
            0,
            "end-of-file, forever"
        );
        inbox.hangup().defuse();
        let e = read_once(terminal.as_raw_fd()).unwrap_err();
        assert_eq!(
            e.kind(),
            io::ErrorKind::WouldBlock,
            "the read gives up: {e}"
        );
    }

    #[test]
    fn defusing_leaves_a_live_terminal_alone() {
        let (terminal, mut other_end) = pipe();
        let inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        other_end.write_all(b"k").unwrap();
        inbox.hangup().defuse();
        assert_eq!(
            read_once(terminal.as_raw_fd()).unwrap(),
            1,
            "still the terminal's key"
        );
    }

    #[test]
    fn sending_after_the_loop_ended_says_so() {
        let (terminal, _other_end) = pipe();
        let inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        let post = inbox.post();
        drop(inbox);
        assert!(!post.send(1));
    }
}

//! The event loop's one inbox. The loop's own thread reads the terminal, and it waits on the
//! terminal and on the worker threads' reports (signals, clipboard, engine, solver) at once: a
//! keystroke wakes one thread, not an input thread that then wakes the loop. On this kind of
//! machine a thread's wake-up costs more than drawing the key's frame.
//!
//! Waiting is one `epoll` (mio) over three things: the terminal, a waker the workers ring after
//! each report, and a pipe that SIGWINCH writes to. The terminal's bytes are read here and
//! decoded by [`input::Decoder`]: a key costs the wait, one `read` and the frame's `write`.
//!
//! Standard input becomes a description of the terminal of fenboard's own, opened non-blocking
//! (the shell's stays as it was), so that reading never blocks the loop. A terminal that hangs
//! up (its window closed) reads as end-of-file or fails: that is said once as a hang-up, and the
//! terminal is never read again.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use mio::unix::SourceFd;
use mio::{Events, Interest, Poll, Token, Waker};
use ratatui::crossterm::event::Event;
use signal_hook::SigId;

use super::input::Decoder;

const TERMINAL: Token = Token(0);
const WAKER: Token = Token(1);
const RESIZE: Token = Token(2);

/// Bytes read from the terminal at a time: a paste of more takes more reads.
const READ_SIZE: usize = 4096;

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
    /// The terminal's descriptor (non-blocking).
    terminal: RawFd,
    decoder: Decoder,
    /// What a read takes the terminal's bytes into: kept, as zeroing one per read would cost
    /// more than the read.
    read_buf: Box<[u8; READ_SIZE]>,
    /// The terminal may have bytes not read yet: set when it wakes the poll, cleared when a read
    /// finds fewer bytes than it could take.
    terminal_pending: bool,
    /// The waker rang since the channel was last found empty.
    reports_pending: bool,
    /// A resize to report.
    resize_pending: bool,
    /// The poll said the terminal hung up: read it until it says so too.
    terminal_closing: bool,
    /// The terminal hung up: never read again.
    terminal_gone: bool,
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
        // Waking fails only if the poll is gone, and then nobody is waiting. The wake comes
        // after the send, so a loop that finds the channel empty is woken again.
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
        Ok(inbox)
    }

    /// An inbox whose terminal is `terminal` (non-blocking), read once it wakes the poll.
    fn watching(terminal: RawFd) -> io::Result<Inbox<T>> {
        let poll = Poll::new()?;
        let waker = Arc::new(Waker::new(poll.registry(), WAKER)?);
        // Input already waiting wakes the first poll.
        poll.registry()
            .register(&mut SourceFd(&terminal), TERMINAL, Interest::READABLE)?;
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
            terminal,
            decoder: Decoder::default(),
            read_buf: Box::new([0; READ_SIZE]),
            terminal_pending: false,
            reports_pending: true,
            resize_pending: false,
            terminal_closing: false,
            terminal_gone: false,
        })
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
            if let Err(e) = self.block() {
                return Arrival::InputFailed(e.to_string());
            }
        }
    }

    /// What has arrived already, without blocking. Reports come first: a signal or a finished
    /// job is not kept waiting behind a long paste.
    pub fn try_next(&mut self) -> Option<Arrival<T>> {
        if self.reports_pending {
            match self.rx.try_recv() {
                Ok(report) => return Some(Arrival::Report(report)),
                Err(_) => self.reports_pending = false,
            }
        }
        if std::mem::take(&mut self.resize_pending) {
            return Some(match ratatui::crossterm::terminal::size() {
                Ok((width, height)) => Arrival::Terminal(Event::Resize(width, height)),
                Err(e) => Arrival::InputFailed(e.to_string()),
            });
        }
        loop {
            if let Some(ev) = self.decoder.next() {
                return Some(Arrival::Terminal(ev));
            }
            if !self.terminal_pending || self.terminal_gone {
                return None;
            }
            if let Some(arrival) = self.read_terminal() {
                return Some(arrival);
            }
        }
    }

    /// Reads what the terminal has into the decoder, once; an arrival when that ends reading.
    fn read_terminal(&mut self) -> Option<Arrival<T>> {
        let buf = &mut self.read_buf[..];
        // SAFETY: reads into a buffer of its length.
        let n = unsafe { libc::read(self.terminal, buf.as_mut_ptr().cast(), buf.len()) };
        if n > 0 {
            let n = n as usize;
            // A full buffer may leave more behind, which the next read takes; after a hang-up
            // the next read finds the end.
            let full = n == buf.len();
            self.terminal_pending = full || self.terminal_closing;
            self.decoder.feed(&buf[..n], full);
            return None;
        }
        let e = io::Error::last_os_error();
        match e.raw_os_error() {
            _ if n == 0 => {}
            Some(libc::EAGAIN) => {
                self.terminal_pending = false;
                return None;
            }
            Some(libc::EINTR) => return None,
            // A terminal whose other side is gone.
            Some(libc::EIO) => {}
            _ => {
                self.terminal_gone = true;
                return Some(Arrival::InputFailed(e.to_string()));
            }
        }
        self.terminal_gone = true;
        Some(Arrival::Hangup)
    }

    /// The reports sent so far, leaving the terminal alone (for the editor's last moments).
    pub fn reports(&self) -> impl Iterator<Item = T> + '_ {
        self.rx.try_iter()
    }

    /// Waits for the terminal, a report's wake-up or a resize.
    fn block(&mut self) -> io::Result<()> {
        match self.poll.poll(&mut self.events, None) {
            Ok(()) => {}
            // A signal interrupted the wait: its report (if any) is in the channel.
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {
                self.reports_pending = true;
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        for ev in self.events.iter() {
            match ev.token() {
                // A hang-up is said when reading finds it: what was typed before it first.
                TERMINAL => {
                    self.terminal_pending = true;
                    self.terminal_closing |= ev.is_read_closed() || ev.is_error();
                }
                WAKER => self.reports_pending = true,
                RESIZE => {
                    let mut buf = [0u8; 64];
                    while matches!(self.resized.read(&mut buf), Ok(n) if n > 0) {}
                    self.resize_pending = true;
                }
                _ => {}
            }
        }
        Ok(())
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

    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    /// A pipe standing for the terminal, non-blocking as the terminal is: its write end closed
    /// is a terminal hanging up.
    fn pipe() -> (UnixStream, UnixStream) {
        let (terminal, other_end) = UnixStream::pair().unwrap();
        terminal.set_nonblocking(true).unwrap();
        (terminal, other_end)
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

    /// The events that arrive without waiting.
    fn arrived(inbox: &mut Inbox<u32>) -> Vec<Event> {
        std::iter::from_fn(|| match inbox.try_next() {
            Some(Arrival::Terminal(ev)) => Some(ev),
            _ => None,
        })
        .collect()
    }

    #[test]
    fn keys_typed_are_decoded_in_order() {
        let (terminal, mut other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        other_end.write_all(b"K\x1b[Cq").unwrap();
        let Arrival::Terminal(first) = inbox.wait() else {
            panic!("a key arrives");
        };
        let mut got = vec![first];
        got.extend(arrived(&mut inbox));
        let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        assert_eq!(
            got,
            [
                Event::Key(KeyEvent::new(KeyCode::Char('K'), KeyModifiers::SHIFT)),
                key(KeyCode::Right),
                key(KeyCode::Char('q')),
            ]
        );
    }

    #[test]
    fn a_sequence_split_across_reads_is_one_key() {
        let (terminal, mut other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        other_end.write_all(b"\x1b[").unwrap();
        inbox.block().unwrap();
        assert!(arrived(&mut inbox).is_empty(), "half a sequence waits");
        other_end.write_all(b"D").unwrap();
        assert!(matches!(
            inbox.wait(),
            Arrival::Terminal(Event::Key(KeyEvent {
                code: KeyCode::Left,
                ..
            }))
        ));
    }

    #[test]
    fn a_paste_longer_than_one_read_arrives_whole() {
        let (terminal, mut other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        let text = "8/8/8/8/8/8/8/8 w - - 0 1\n".repeat(READ_SIZE / 10);
        let writer = std::thread::spawn(move || {
            other_end.set_nonblocking(false).unwrap();
            other_end
                .write_all(format!("\x1b[200~{text}\x1b[201~").as_bytes())
                .unwrap();
            text
        });
        let got = inbox.wait();
        let text = writer.join().unwrap();
        assert!(matches!(got, Arrival::Terminal(Event::Paste(p)) if p == text));
    }

    #[test]
    fn keys_typed_before_a_hang_up_come_first() {
        let (terminal, mut other_end) = pipe();
        let mut inbox: Inbox<u32> = Inbox::watching(terminal.as_raw_fd()).unwrap();
        other_end.write_all(b"ab").unwrap();
        drop(other_end);
        assert!(matches!(inbox.wait(), Arrival::Terminal(_)));
        assert!(matches!(inbox.wait(), Arrival::Terminal(_)));
        assert!(matches!(inbox.wait(), Arrival::Hangup));
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

//! One engine process and the thread that talks to it. The editor never waits on the engine:
//! it sends commands into a channel and gets events back through a callback; the session's
//! thread owns the process, writes its stdin, and a reader thread turns its stdout into lines.
//!
//! A new position is handled the UCI way: `stop`, wait for `bestmove`, then `position fen …`
//! and `go infinite`; requests that arrive meanwhile replace each other, so a burst of keys
//! costs one restart.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::protocol::{self, EngineLine};
use output::{Output, Queued};

mod output;
use crate::core::{Color, Game};
use crate::editor::analysis::Score;
pub use crate::editor::analysis::{EngineEvent as Event, Request};

/// How long an engine may take to answer `uci` and `isready`, and to stop.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a new position waits for a newer one before it is sent.
pub const DEBOUNCE: Duration = Duration::from_millis(15);
/// How long `quit` is given before the process is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(300);
/// The principal variations asked for.
pub const LINES: u8 = 3;

enum Msg {
    Analyse(Request),
    Stop,
    Quit,
    Out(String),
    Eof,
    /// The engine writes more than an engine does (why).
    Flood(String),
}

/// A running engine session. Dropping it ends the engine (`quit`, then kill).
pub struct Session {
    tx: Sender<Msg>,
    thread: Option<JoinHandle<()>>,
    game: Game,
}

impl Session {
    /// Starts the engine at `path` for `game`; its events go to `on_event` (on the session's
    /// threads). Starting never blocks: a program that cannot run is reported as `Failed`.
    pub fn start(
        path: PathBuf,
        game: Game,
        answer_timeout: Duration,
        on_event: impl Fn(Event) + Send + 'static,
    ) -> Session {
        let (tx, rx) = mpsc::channel();
        let out_tx = tx.clone();
        let thread = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                let on_event = &on_event;
                if let Err(reason) = run(&path, game, answer_timeout, &rx, out_tx, on_event) {
                    on_event(Event::Failed { reason });
                }
            })
            .ok();
        Session { tx, thread, game }
    }

    pub fn game(&self) -> Game {
        self.game
    }

    /// Analyse this position from now on (replacing any other).
    pub fn analyse(&self, request: Request) {
        let _ = self.tx.send(Msg::Analyse(request));
    }

    /// Stop thinking; the process stays for the next request.
    pub fn stop(&self) {
        let _ = self.tx.send(Msg::Stop);
    }

    /// Whether the session's thread has ended (the engine failed or was told to quit).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Quit);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The process, with a kill on every way out of `run`.
struct Engine {
    child: Child,
    stdin: ChildStdin,
}

impl Engine {
    fn send(&mut self, line: &str) -> Result<(), String> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        // A closed pipe most often means the engine is gone: say how it ended.
        written.map_err(|_| self.exit_reason())
    }

    /// `quit`, a short grace, then kill.
    fn end(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn exit_reason(&mut self) -> String {
        // The pipe closed: the process is gone or going.
        let status = (0..40).find_map(|_| match self.child.try_wait() {
            Ok(Some(s)) => Some(s),
            _ => {
                std::thread::sleep(Duration::from_millis(5));
                None
            }
        });
        match status {
            Some(s) => format!("the engine exited ({s})"),
            None => "the engine stopped talking".to_owned(),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            self.end();
        }
    }
}

fn spawn(path: &Path) -> Result<(Engine, std::process::ChildStdout), String> {
    let mut command = Command::new(path);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .current_dir("/");
    super::platform::die_with_parent(&mut command);
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        let _ = child.kill();
        return Err("cannot talk to the engine".to_owned());
    };
    Ok((Engine { child, stdin }, stdout))
}

/// Reads the engine's output as lines (invalid UTF-8 replaced, bounded: see [`output`]) into
/// the session's channel.
fn spawn_reader(stdout: std::process::ChildStdout, tx: Sender<Msg>, queued: Queued) {
    let _ = std::thread::Builder::new()
        .name("engine-out".into())
        .spawn(move || {
            output::read_lines(stdout, &queued, |out| {
                let msg = match out {
                    Output::Line(line) => Msg::Out(line),
                    Output::Eof => Msg::Eof,
                    Output::Flood(why) => Msg::Flood(why),
                };
                tx.send(msg).is_ok()
            });
        });
}

/// What the session is doing with the engine between requests.
#[derive(Default)]
struct Search {
    /// The position being searched and its side to move (for the score's sign).
    current: Option<(Arc<str>, Color)>,
    /// `stop` was sent and its `bestmove` has not come yet.
    stopping: Option<Instant>,
    /// The position to search next.
    pending: Option<Request>,
}

fn run(
    path: &Path,
    game: Game,
    timeout: Duration,
    rx: &Receiver<Msg>,
    tx: Sender<Msg>,
    on_event: &dyn Fn(Event),
) -> Result<(), String> {
    let (mut engine, stdout) = spawn(path)?;
    let queued = Queued::default();
    spawn_reader(stdout, tx, queued.clone());
    let rx = &Mailbox { rx, queued };
    let mut search = Search::default();
    // Handshake: `uci` … `uciok`, options, `isready` … `readyok`.
    engine.send("uci")?;
    let mut options = Vec::new();
    let mut name = None;
    if !handshake(&mut engine, rx, timeout, &mut search, |line| match line {
        EngineLine::UciOk => true,
        EngineLine::Name(n) => {
            name = Some(n);
            false
        }
        EngineLine::Option(o) => {
            options.push(o);
            false
        }
        _ => false,
    })? {
        return Ok(());
    }
    for command in protocol::setup_commands(game, |o| options.iter().any(|x| x == o), LINES) {
        engine.send(&command)?;
    }
    if !handshake(&mut engine, rx, timeout, &mut search, |l| {
        l == EngineLine::ReadyOk
    })? {
        return Ok(());
    }
    on_event(Event::Ready {
        name: name.unwrap_or_else(|| path.display().to_string()),
    });
    loop {
        let msg = next_message(rx, &search, timeout)?;
        let Some(msg) = msg else {
            // Quiet long enough: send the newest position.
            if let Some(request) = search.pending.take() {
                let mover = side_to_move(&request.fen);
                for command in protocol::go_commands(&request.fen) {
                    engine.send(&command)?;
                }
                search.current = Some((request.fen, mover));
            }
            continue;
        };
        match msg {
            Msg::Analyse(request) => {
                search.pending = Some(request);
                stop_search(&mut engine, &mut search)?;
            }
            Msg::Stop => {
                search.pending = None;
                stop_search(&mut engine, &mut search)?;
            }
            Msg::Quit => {
                engine.end();
                return Ok(());
            }
            Msg::Eof => return Err(engine.exit_reason()),
            Msg::Flood(why) => return Err(why),
            Msg::Out(text) => engine_line(&text, game, &mut search, on_event),
        }
    }
}

/// A line of the engine's output during the analysis: its lines and counters go to the editor.
fn engine_line(text: &str, game: Game, search: &mut Search, on_event: &dyn Fn(Event)) {
    match protocol::parse_line(text, game) {
        EngineLine::BestMove => {
            search.current = None;
            search.stopping = None;
        }
        EngineLine::Pv {
            mut line,
            nodes,
            nps,
        } if search.stopping.is_none() => {
            if let Some((fen, mover)) = &search.current {
                line.score = Score::from_mover(line.score, *mover);
                on_event(Event::Line {
                    fen: fen.clone(),
                    line,
                });
                on_event(Event::Counters {
                    fen: fen.clone(),
                    nodes,
                    nps,
                });
            }
        }
        EngineLine::Counters { nodes, nps } if search.stopping.is_none() => {
            if let Some((fen, _)) = &search.current {
                on_event(Event::Counters {
                    fen: fen.clone(),
                    nodes,
                    nps,
                });
            }
        }
        _ => {}
    }
}

/// Waits for the handshake line `done` accepts, keeping requests that arrive meanwhile.
/// `Ok(false)`: told to quit.
fn handshake(
    engine: &mut Engine,
    rx: &Mailbox,
    timeout: Duration,
    search: &mut Search,
    mut done: impl FnMut(EngineLine) -> bool,
) -> Result<bool, String> {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        // Checked before each message, not only when none comes: lines that keep coming
        // without the answer must not keep the wait going.
        let msg = if left.is_zero() {
            Err(RecvTimeoutError::Timeout)
        } else {
            rx.recv_timeout(left)
        };
        match msg {
            Ok(Msg::Out(text)) => {
                // The game does not matter for handshake lines.
                if done(protocol::parse_line(&text, Game::Chess)) {
                    return Ok(true);
                }
            }
            Ok(Msg::Analyse(r)) => search.pending = Some(r),
            Ok(Msg::Stop) => search.pending = None,
            Ok(Msg::Quit) => {
                engine.end();
                return Ok(false);
            }
            Ok(Msg::Eof) => return Err(engine.exit_reason()),
            Ok(Msg::Flood(why)) => return Err(why),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "the engine did not answer within {:.1} s",
                    timeout.as_secs_f64()
                ));
            }
            Err(RecvTimeoutError::Disconnected) => return Ok(false),
        }
    }
}

/// The next message, or `None` when a pending position has waited out the debounce with the
/// engine idle. A `stop` that gets no `bestmove` in time is a failure.
fn next_message(rx: &Mailbox, search: &Search, timeout: Duration) -> Result<Option<Msg>, String> {
    let wait = if let Some(since) = search.stopping {
        Some((since + timeout).saturating_duration_since(Instant::now()))
    } else if search.pending.is_some() && search.current.is_none() {
        Some(DEBOUNCE)
    } else {
        None
    };
    match wait {
        None => Ok(Some(rx.recv().unwrap_or(Msg::Quit))),
        Some(wait) => match rx.recv_timeout(wait) {
            Ok(msg) => Ok(Some(msg)),
            Err(RecvTimeoutError::Timeout) if search.stopping.is_some() => {
                Err("the engine did not stop when asked".to_owned())
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Ok(Some(Msg::Quit)),
        },
    }
}

/// The session's channel, which keeps the count of the engine's lines waiting in it.
struct Mailbox<'a> {
    rx: &'a Receiver<Msg>,
    queued: Queued,
}

impl Mailbox<'_> {
    fn recv(&self) -> Result<Msg, mpsc::RecvError> {
        self.rx.recv().inspect(|msg| self.took(msg))
    }

    fn recv_timeout(&self, wait: Duration) -> Result<Msg, RecvTimeoutError> {
        self.rx.recv_timeout(wait).inspect(|msg| self.took(msg))
    }

    fn took(&self, msg: &Msg) {
        if let Msg::Out(line) = msg {
            self.queued.taken(line.len());
        }
    }
}

fn stop_search(engine: &mut Engine, search: &mut Search) -> Result<(), String> {
    if search.current.is_some() && search.stopping.is_none() {
        engine.send("stop")?;
        search.stopping = Some(Instant::now());
    }
    Ok(())
}

fn side_to_move(fen: &str) -> Color {
    match fen.split_ascii_whitespace().nth(1) {
        Some("b") => Color::Black,
        _ => Color::White,
    }
}

#[cfg(all(test, unix))]
mod tests;

//! The editor: terminal lifecycle and event loop.
//!
//! Every wake-up (a terminal event, a signal, a clipboard result, an engine or solver report)
//! arrives in one channel; the loop blocks on it, so an idle editor uses no CPU, and draws once
//! per batch of events.

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use color_eyre::eyre::{Result, WrapErr};
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

use super::clipboard::{Clipboard, Content, Outcome, Reply};
use super::engine::Engines;
use super::export::Written;
use super::exporter::Exporter;
use super::input::{self, Input};
use super::keymap;
use super::signals::{self, Signal};
use super::solver::Solver;
use super::terminal::{self, Tui};
use super::text;
use crate::cli::Failure;
use crate::cli::args::EditArgs;
use crate::cli::args::is_collection_target;
use crate::collection::{Collection, SaveError};
use crate::core::Game;
use crate::editor::analysis::EngineEvent;
use crate::editor::solving::SolveEvent;
use crate::editor::{self, Action, Effect, Notice, Options, State};
use crate::ui::frame::Frames;
use crate::ui::layout::{Arrangement, ScreenLayout};
use crate::ui::pieces::PieceSize;
use crate::ui::screen::{ScreenHits, View};
use crate::ui::theme::Theme;

/// What the terminal's reader and the worker threads send the event loop.
#[derive(Debug)]
pub enum Report {
    /// A key, a click, a paste, a resize.
    Terminal(Event),
    /// The terminal is gone (why): as a hang-up, which usually comes with it.
    TerminalGone(String),
    /// A signal that ends the editor (SIGHUP, SIGTERM, SIGINT, …; see `signals`).
    Signal(Signal),
    /// A clipboard job finished on the clipboard's worker thread.
    Clipboard(Reply),
    /// A report of the engine client.
    Engine(EngineEvent),
    /// A report of the solver worker.
    Solver(SolveEvent),
    /// The `d` export's files written (what, for the clipboard's image), or why not.
    Exported(Result<Written, String>),
}

/// How the editor ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Exit {
    /// Ctrl-Q: print this FEN on stdout.
    Quit(String),
    /// Ctrl-C: print nothing, status 130.
    Abort,
    /// Quit with a FEN line that does not read: print nothing, status 1.
    QuitUnread,
    /// Killed by a signal; the message says where unsaved work went.
    Signal(Signal, Option<String>),
}

pub fn run(args: EditArgs) -> crate::cli::Result<ExitCode> {
    // First, so that any error or panic after this is reported properly.
    if let Err(e) = color_eyre::install() {
        crate::cli::report("", &e.to_string());
    }
    let mut state = initial_state(&args).map_err(|e| Failure::new(2, format!("{e:#}")))?;
    // A random Chess960 start (`I`, then `r`) must differ from one run to the next.
    editor::update(&mut state, Action::Seed(clock_seed()));
    terminal::install_panic_hook();
    let engine = args
        .engine
        .clone()
        .map(Into::into)
        .or_else(|| std::env::var_os("FENBOARD_ENGINE"));
    match run_editor(state, engine, args.pieces.size()) {
        Ok(Exit::Quit(fen)) => print_fen(&fen),
        Ok(Exit::QuitUnread) => Err(Failure::new(
            1,
            text::QUIT_UNREAD_NOTE.tr(crate::cli::lang()),
        )),
        Ok(Exit::Abort) => Ok(ExitCode::from(130)),
        Ok(Exit::Signal(signal, note)) => match note {
            Some(note) => Err(Failure::new(signal.exit_code(), note)),
            None => Ok(ExitCode::from(signal.exit_code())),
        },
        // No terminal to edit on is an error of how fenboard was run, as a usage error is.
        Err(e) if e.downcast_ref::<NoTerminal>().is_some() => {
            Err(Failure::new(2, format!("{e:#}")))
        }
        Err(e) => Err(Failure::new(1, format!("{e:#}"))),
    }
}

/// The final FEN on stdout. When it cannot be written (a full disk, a closed pipe) the exit
/// status is 2, as for the subcommands, and the FEN goes to stderr with the reason so that it is
/// not lost.
fn print_fen(fen: &str) -> crate::cli::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{fen}").and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => Err(Failure::new(2, text::fen_not_written(fen, &e.to_string()))),
    }
}

/// A PGN file opened: its first game in play mode at the end of its main line, as a pasted
/// game is (the notice counts the games in the file). The file itself is never written.
fn open_pgn(path: &Path, options: Options) -> Result<State> {
    let lang = options.lang;
    let bytes = std::fs::read(path).wrap_err_with(|| format!("{}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut state = State::from_fen(Game::Chess.start_fen(), Some(Game::Chess), options);
    editor::update::load_pgn(&mut state, &text);
    if let Some(Notice::PgnUnread(why)) = &state.notice {
        color_eyre::eyre::bail!(
            "{}: {}",
            path.display(),
            crate::ui::text::pgn_unread(lang, why)
        );
    }
    Ok(state)
}

/// A seed for the editor's random choices, from the clock and the process id.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// The editor state the command line asks for.
fn initial_state(args: &EditArgs) -> Result<State> {
    let options = Options {
        ascii: args.ascii,
        mouse: !args.no_mouse,
        lang: crate::cli::lang(),
        notation: crate::cli::notation_override(),
    };
    let game = args.game.game();
    if let [one] = args.target.as_slice()
        && crate::cli::args::is_pgn_path(Path::new(one))
    {
        return open_pgn(Path::new(one), options);
    }
    if is_collection_target(&args.target) {
        let path = Path::new(&args.target[0]);
        if crate::popeye::is_popeye_file(path) {
            return popeye_state(path, game, options);
        }
        // The error names the path and what failed.
        let collection = Collection::open(path, game.unwrap_or(Game::Chess))?;
        let rescue = text::newer_rescues(crate::cli::lang(), collection.newer_rescues());
        let mut state = State::with_collection(collection, game, options);
        if let Some(text) = rescue {
            editor::update(&mut state, Action::Notify(Notice::Info(text)));
        }
        return Ok(state);
    }
    if args.target.is_empty() {
        let game = game.unwrap_or(Game::Chess);
        return Ok(State::from_fen(game.start_fen(), Some(game), options));
    }
    Ok(State::from_fen(&args.target.join(" "), game, options))
}

/// The editor on a Popeye input's problems: a collection of their EPD records that saves as
/// `FILE.epd` beside it (the `.inp` is never written), said on the message line with what did
/// not read.
fn popeye_state(path: &Path, game: Option<Game>, options: Options) -> Result<State> {
    let source = crate::popeye::read_file(path)
        .wrap_err_with(|| format!("cannot open {}", path.display()))?;
    let input = crate::popeye::read(&source);
    let mut lines = String::new();
    let mut unread = input.errors.len();
    for p in &input.problems {
        if p.is_ok() {
            lines.push_str(&p.epd());
            lines.push('\n');
        } else {
            unread += 1;
        }
    }
    if lines.is_empty() {
        let why: Vec<String> = input
            .errors
            .iter()
            .chain(input.problems.iter().flat_map(|p| &p.errors))
            .map(|d| d.to_string())
            .collect();
        return Err(color_eyre::eyre::eyre!(
            "{} has no problem fenboard reads: {}",
            path.display(),
            why.join("; ")
        ));
    }
    let epd = path.with_extension("epd");
    let exists = epd.exists();
    let collection = Collection::converted(&epd, lines.as_bytes());
    let mut state = State::with_collection(collection, game, options);
    // The names only: a narrow message line cuts the end.
    let name = |p: &Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    let said = text::popeye_opened(crate::cli::lang(), &name(path), &name(&epd), exists, unread);
    editor::update(&mut state, Action::Notify(Notice::Info(said)));
    Ok(state)
}

/// Runs the editor on the terminal until it ends; the terminal is restored when this returns.
fn run_editor(state: State, engine: Option<OsString>, pieces: PieceSize) -> Result<Exit> {
    let (post, inbox) = mpsc::channel();
    let tx = post.clone();
    let _signals = signals::watch(move |s| {
        let _ = tx.send(Report::Signal(s));
    })
    .wrap_err(text::NO_SIGNALS)?;
    let tx = post.clone();
    let engines = Engines::new(engine, move |ev| {
        let _ = tx.send(Report::Engine(ev));
    });
    let tx = post.clone();
    let solver = Solver::new(move |ev| {
        let _ = tx.send(Report::Solver(ev));
    });
    let tx = post.clone();
    let exporter = Exporter::new(move |written| {
        let _ = tx.send(Report::Exported(written));
    });
    let tx = post.clone();
    let clipboard = Clipboard::system(move |reply| {
        let _ = tx.send(Report::Clipboard(reply));
    });
    let mouse = state.options.mouse;
    let tui = Tui::enter(mouse).map_err(NoTerminal)?;
    start_input(post).wrap_err(text::NO_INPUT)?;
    let mut app = App {
        state,
        view: View {
            pieces,
            ..View::new(Theme::from_env())
        },
        tui,
        clipboard,
        exporter,
        engines,
        solver,
        layout: None,
        frames: Frames::new(),
        panic_after_first_frame: std::env::var_os(PANIC_AFTER_FIRST_FRAME).is_some(),
    };
    let exit = app.run(&inbox);
    app.clipboard.wait_idle(Duration::from_secs(2));
    // A copy finished after the last key still writes its OSC 52 bytes to the terminal.
    for report in inbox.try_iter() {
        if let Report::Clipboard(reply) = report {
            app.clipboard.finish(reply, app.tui.writer());
        }
    }
    drop(app);
    exit
}

/// The terminal's events into the channel.
fn start_input(post: Sender<Report>) -> std::io::Result<()> {
    input::start(move |input| {
        let report = match input {
            Input::Event(ev) => Report::Terminal(ev),
            Input::Gone(why) => Report::TerminalGone(why),
        };
        post.send(report).is_ok()
    })
}

/// The terminal could not be had: the editor cannot start.
#[derive(Debug)]
pub struct NoTerminal(pub std::io::Error);

impl std::fmt::Display for NoTerminal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", text::NO_TERMINAL, self.0)
    }
}

impl std::error::Error for NoTerminal {}

/// Events handled at most between two frames.
const MAX_EVENTS_PER_FRAME: usize = 256;

struct App {
    state: State,
    view: View,
    tui: Tui,
    clipboard: Clipboard,
    /// Draws and writes `d`'s diagrams.
    exporter: Exporter,
    /// The Analysis panel's engine (ended with the app: `quit`, then kill).
    engines: Engines,
    /// The solves `S` starts (stopped with the app).
    solver: Solver,
    /// The layout of the last frame drawn: mouse events are read against what is on screen.
    layout: Option<ScreenLayout>,
    /// What the terminal shows, so that a frame writes only what changed.
    frames: Frames,
    /// Set from [`PANIC_AFTER_FIRST_FRAME`].
    panic_after_first_frame: bool,
}

/// With this environment variable set, the editor panics once its first frame is drawn: the
/// end-to-end tests' way to check that a panic gives the terminal back.
const PANIC_AFTER_FIRST_FRAME: &str = "FENBOARD_TEST_PANIC_AFTER_FIRST_FRAME";

impl App {
    fn run(&mut self, inbox: &Receiver<Report>) -> Result<Exit> {
        self.serve(inbox).map_err(|e| {
            // The terminal failed under the editor, most often written to after it hung up
            // and before the hang-up is read: the unsaved changes are rescued all the same.
            match self.killed(Signal::HANGUP) {
                Exit::Signal(_, Some(note)) => e.wrap_err(note),
                _ => e,
            }
        })
    }

    /// Draws and handles what arrives until the editor ends.
    fn serve(&mut self, inbox: &Receiver<Report>) -> Result<Exit> {
        loop {
            self.draw()?;
            if self.panic_after_first_frame {
                panic!("{PANIC_AFTER_FIRST_FRAME} is set");
            }
            // The loop holds a sender of its own (the terminal reader's), so the channel never
            // closes while it waits.
            let Ok(first) = inbox.recv() else {
                return Ok(self.killed(Signal::HANGUP));
            };
            // Handle what is already waiting before drawing again: a burst of keys or resizes
            // costs one frame, not one per event (but an endless stream still gets frames).
            let mut next = Some(first);
            let mut handled = 0;
            while let Some(report) = next {
                if let Some(exit) = self.handle(report)? {
                    return Ok(exit);
                }
                handled += 1;
                next = if handled < MAX_EVENTS_PER_FRAME {
                    inbox.try_recv().ok()
                } else {
                    None
                };
            }
        }
    }

    /// Draws what changed since the last frame (all of it after a resize) and writes it out.
    fn draw(&mut self) -> Result<()> {
        let size = self.tui.terminal.backend().size()?;
        let area = Rect::new(0, 0, size.width, size.height);
        let backend = self.tui.terminal.backend_mut();
        if area != self.frames.area() {
            // What the terminal showed is gone or reflowed: start from a blank screen.
            backend.clear()?;
            self.frames.invalidate();
        }
        let (layout, cells) = self.frames.draw(&self.state, &self.view, area);
        if cells.len() > 0 {
            backend.draw(cells)?;
        }
        // Also what was written between frames (OSC 52); nothing at all is no system call.
        Backend::flush(backend)?;
        self.layout = Some(layout);
        Ok(())
    }

    fn handle(&mut self, report: Report) -> Result<Option<Exit>> {
        match report {
            Report::Terminal(ev) => self.terminal_event(ev),
            // Nothing more can be typed: as the hang-up that usually comes with it.
            Report::TerminalGone(_) => Ok(Some(self.killed(Signal::HANGUP))),
            Report::Signal(signal) => Ok(Some(self.killed(signal))),
            Report::Engine(event) => {
                if matches!(event, EngineEvent::Failed { .. }) {
                    self.engines.mark_failed();
                }
                self.apply(Action::Engine(event))
            }
            Report::Solver(event) => self.apply(Action::Solver(event)),
            Report::Exported(Ok(written)) => {
                let done = self.clipboard.copy_image(written);
                self.maybe_outcome(done)
            }
            Report::Exported(Err(reason)) => self.outcome(Outcome::ExportFailed { reason }),
            Report::Clipboard(reply) => {
                let outcome = self.clipboard.finish(reply, self.tui.writer());
                self.outcome(outcome)
            }
        }
    }

    fn terminal_event(&mut self, ev: Event) -> Result<Option<Exit>> {
        if let Event::Resize(..) = ev {
            self.tui.terminal.backend_mut().refresh_size()?;
            return Ok(None);
        }
        let action = match &self.layout {
            Some(layout) => {
                let hits = ScreenHits {
                    layout,
                    state: &self.state,
                };
                keymap::action_for(&ev, &self.state, &hits)
            }
            None => keymap::action_for(&ev, &self.state, &keymap::NoHit),
        };
        // The "too small" screen shows nothing to edit: keys that would edit unseen are dropped.
        let too_small = self
            .layout
            .is_some_and(|l| l.arrangement == Arrangement::TooSmall);
        match action {
            Some(action) if too_small && !action.works_unseen() => Ok(None),
            Some(action) => self.apply(action),
            None => Ok(None),
        }
    }

    /// Feeds an action to the editor and runs the effects it asks for.
    fn apply(&mut self, action: Action) -> Result<Option<Exit>> {
        let effects = editor::update(&mut self.state, action);
        for effect in effects {
            if let Some(exit) = self.effect(effect)? {
                return Ok(Some(exit));
            }
        }
        Ok(None)
    }

    fn effect(&mut self, effect: Effect) -> Result<Option<Exit>> {
        match effect {
            Effect::Copy(text) => {
                let done = self.clipboard.copy(&text, Content::Fen, self.tui.writer());
                self.maybe_outcome(done)
            }
            Effect::CopyPgn(pgn) => {
                let done = self.clipboard.copy(&pgn, Content::Pgn, self.tui.writer());
                self.maybe_outcome(done)
            }
            Effect::CopyUrl(url) => {
                let done = self
                    .clipboard
                    .copy(&url, Content::LichessUrl, self.tui.writer());
                self.maybe_outcome(done)
            }
            Effect::Diagram(request) => match self.exporter.export(request) {
                Ok(()) => Ok(None),
                Err(reason) => self.outcome(Outcome::ExportFailed { reason }),
            },
            Effect::ReadClipboard => {
                let done = self.clipboard.read();
                self.maybe_outcome(done)
            }
            Effect::Save => match self.state.collection.as_mut().map(Collection::save) {
                Some(Err(SaveError::ChangedOnDisk(_))) => self.apply(Action::ChangedOnDisk),
                Some(result) => self.apply(Action::SaveDone(result.map_err(|e| e.to_string()))),
                None => self.apply(Action::SaveDone(Err(text::NO_COLLECTION.to_owned()))),
            },
            Effect::SaveOver => {
                let result = match self.state.collection.as_mut() {
                    Some(c) => c.save_over().map_err(|e| e.to_string()),
                    None => Err(text::NO_COLLECTION.to_owned()),
                };
                self.apply(Action::SaveDone(result))
            }
            Effect::Reload => {
                let game = self.state.position.game;
                let result = match self.state.collection.as_mut() {
                    Some(c) => c
                        .reload(game)
                        .map(|fresh| *c = fresh)
                        .map_err(|e| e.to_string()),
                    None => Err(text::NO_COLLECTION.to_owned()),
                };
                self.apply(Action::Reloaded(result))
            }
            Effect::Quit(fen) => Ok(Some(Exit::Quit(fen))),
            Effect::Abort => Ok(Some(Exit::Abort)),
            Effect::QuitUnread => Ok(Some(Exit::QuitUnread)),
            Effect::Analyse(Some(request)) => {
                self.engines.analyse(request);
                Ok(None)
            }
            Effect::Analyse(None) => {
                self.engines.stop();
                Ok(None)
            }
            Effect::Solve(Some(request)) => {
                self.solver.start(*request);
                Ok(None)
            }
            Effect::Solve(None) => {
                self.solver.cancel();
                Ok(None)
            }
        }
    }

    fn maybe_outcome(&mut self, outcome: Option<Outcome>) -> Result<Option<Exit>> {
        match outcome {
            Some(outcome) => self.outcome(outcome),
            // The worker answers later through the channel.
            None => Ok(None),
        }
    }

    /// A clipboard result, told to the editor.
    fn outcome(&mut self, outcome: Outcome) -> Result<Option<Exit>> {
        let action = match outcome {
            Outcome::Read { text, .. } => Action::Paste(text),
            Outcome::ReadFailed { reason } => Action::Notify(Notice::PasteFailed(reason)),
            Outcome::CopyFailed { reason, .. } => Action::Notify(Notice::CopyFailed(reason)),
            copied @ Outcome::Copied { .. } => {
                Action::Notify(Notice::Copied(copied.message_in(crate::cli::lang())))
            }
            exported @ Outcome::Exported { .. } => {
                Action::Notify(Notice::Copied(exported.message_in(crate::cli::lang())))
            }
            failed @ Outcome::ExportFailed { .. } => {
                Action::Notify(Notice::CopyFailed(failed.message_in(crate::cli::lang())))
            }
        };
        self.apply(action)
    }

    /// A signal that ends the editor: unsaved changes go to a new rescue file (`FILE.save`, or
    /// `FILE.save.1`, … when that exists), as nano does.
    fn killed(&mut self, signal: Signal) -> Exit {
        let note = if self.state.is_modified() {
            editor::update(&mut self.state, Action::WriteBack);
            self.state
                .collection
                .as_ref()
                .map(|c| match c.write_rescue() {
                    Ok(path) => text::rescued(&signal.name(), &path.display().to_string()),
                    Err(e) => text::rescue_failed(&signal.name(), &e.to_string()),
                })
        } else {
            None
        };
        Exit::Signal(signal, note)
    }
}

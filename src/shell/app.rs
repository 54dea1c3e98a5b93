//! The editor: terminal lifecycle and event loop.
//!
//! Every wake-up (a terminal event, a signal, a clipboard result) arrives on one channel; the
//! loop blocks on it, so an idle editor uses no CPU, and draws once per batch of events.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use color_eyre::eyre::{Result, WrapErr};
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::Rect;

use super::cli::EditArgs;
use super::clipboard::{Clipboard, Content, Outcome, Reply};
use super::keymap;
use super::signals::{self, Signal};
use super::terminal::{self, Tui};
use crate::collection::{Collection, is_epd_path};
use crate::core::Game;
use crate::editor::{self, Action, Effect, Notice, Options, Overlay, State};
use crate::ui::frame::Frames;
use crate::ui::help;
use crate::ui::layout::ScreenLayout;
use crate::ui::pieces::PieceSize;
use crate::ui::screen::{ScreenHits, View};
use crate::ui::text;
use crate::ui::theme::Theme;

/// Everything that wakes the event loop.
#[derive(Debug)]
pub enum AppEvent {
    /// A key, mouse, paste, focus or resize event from the terminal.
    Terminal(Event),
    /// Reading the terminal failed: the editor cannot go on.
    InputFailed(String),
    /// SIGHUP or SIGTERM.
    Signal(Signal),
    /// A clipboard job finished on the clipboard's worker thread.
    Clipboard(Reply),
}

/// How the editor ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Exit {
    /// Ctrl-Q: print this FEN on stdout.
    Quit(String),
    /// Ctrl-C: print nothing, status 130.
    Abort,
    /// Killed by a signal; the message says where unsaved work went.
    Signal(Signal, Option<String>),
}

pub fn run(args: EditArgs) -> ExitCode {
    // First, so that any error or panic after this is reported properly.
    if let Err(e) = color_eyre::install() {
        eprintln!("fenboard: {e}");
    }
    let mut state = match initial_state(&args) {
        Ok(state) => state,
        Err(e) => {
            eprintln!("fenboard: {e:#}");
            return ExitCode::from(2);
        }
    };
    // A random Chess960 start (`I`, then `r`) must differ from one run to the next.
    state.rng = clock_seed();
    terminal::install_panic_hook();
    match run_editor(state, args.pieces.size()) {
        Ok(Exit::Quit(fen)) => {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{fen}").and_then(|()| out.flush());
            ExitCode::SUCCESS
        }
        Ok(Exit::Abort) => ExitCode::from(130),
        Ok(Exit::Signal(signal, note)) => {
            if let Some(note) = note {
                eprintln!("fenboard: {note}");
            }
            ExitCode::from(signal.exit_code())
        }
        Err(e) => {
            eprintln!("fenboard: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// A seed for the editor's random choices, from the clock and the process id.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// Whether the command line names a collection file rather than a FEN.
pub fn is_collection_target(target: &[String]) -> bool {
    match target {
        [one] => {
            let path = Path::new(one);
            let fen_name = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("fen"));
            path.is_file() || is_epd_path(path) || fen_name
        }
        _ => false,
    }
}

/// The editor state the command line asks for.
fn initial_state(args: &EditArgs) -> Result<State> {
    let options = Options {
        ascii: args.ascii,
        mouse: !args.no_mouse,
    };
    let game = args.game.game();
    if is_collection_target(&args.target) {
        let path = Path::new(&args.target[0]);
        // The error names the path and what failed.
        let collection = Collection::open(path, game.unwrap_or(Game::Chess))?;
        let rescue = collection
            .newer_rescue()
            .map(|r| text::newer_rescue(&r.display().to_string()));
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

/// Runs the editor on the terminal until it ends; the terminal is restored when this returns.
fn run_editor(state: State, pieces: PieceSize) -> Result<Exit> {
    let (tx, rx) = mpsc::channel();
    spawn_input_reader(tx.clone())?;
    let signal_tx = tx.clone();
    let _signals = signals::watch(move |s| {
        let _ = signal_tx.send(AppEvent::Signal(s));
    })
    .wrap_err(text::NO_SIGNALS)?;
    let clip_tx = tx;
    let clipboard = Clipboard::system(move |reply| {
        let _ = clip_tx.send(AppEvent::Clipboard(reply));
    });
    let mouse = state.options.mouse;
    let tui = Tui::enter(mouse).wrap_err(text::NO_TERMINAL)?;
    let mut app = App {
        state,
        view: View {
            pieces,
            ..View::new(Theme::from_env())
        },
        tui,
        clipboard,
        layout: None,
        frames: Frames::new(),
    };
    let exit = app.run(&rx);
    app.clipboard.wait_idle(Duration::from_secs(2));
    // A copy finished after the last key still writes its OSC 52 bytes to the terminal.
    for ev in rx.try_iter() {
        if let AppEvent::Clipboard(reply) = ev {
            app.clipboard.finish(reply, app.tui.writer());
        }
    }
    drop(app);
    exit
}

/// Reads terminal events on a thread of its own and sends them into the loop's channel. It
/// blocks in `event::read`: no polling, no timer.
fn spawn_input_reader(tx: Sender<AppEvent>) -> Result<()> {
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            loop {
                let sent = match event::read() {
                    Ok(ev) => tx.send(AppEvent::Terminal(ev)),
                    Err(e) => {
                        let _ = tx.send(AppEvent::InputFailed(e.to_string()));
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
            }
        })
        .wrap_err(text::NO_INPUT_THREAD)?;
    Ok(())
}

/// Events handled at most between two frames.
const MAX_EVENTS_PER_FRAME: usize = 256;

struct App {
    state: State,
    view: View,
    tui: Tui,
    clipboard: Clipboard,
    /// The layout of the last frame drawn: mouse events are read against what is on screen.
    layout: Option<ScreenLayout>,
    /// What the terminal shows, so that a frame writes only what changed.
    frames: Frames,
}

impl App {
    fn run(&mut self, rx: &Receiver<AppEvent>) -> Result<Exit> {
        loop {
            self.draw()?;
            let Ok(first) = rx.recv() else {
                return Ok(Exit::Abort);
            };
            // Handle what is already waiting before drawing again: a burst of keys or resizes
            // costs one frame, not one per event (but an endless stream still gets frames).
            let mut next = Some(first);
            let mut handled = 0;
            while let Some(ev) = next {
                if let Some(exit) = self.handle(ev)? {
                    return Ok(exit);
                }
                handled += 1;
                next = if handled < MAX_EVENTS_PER_FRAME {
                    rx.try_recv().ok()
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
        backend.draw(cells)?;
        Backend::flush(backend)?;
        self.layout = Some(layout);
        Ok(())
    }

    fn area(&self) -> Rect {
        self.layout.map_or_else(Rect::default, |l| l.area)
    }

    fn handle(&mut self, ev: AppEvent) -> Result<Option<Exit>> {
        match ev {
            AppEvent::Terminal(ev) => self.terminal_event(ev),
            AppEvent::InputFailed(why) => Err(color_eyre::eyre::eyre!(text::input_failed(&why))),
            AppEvent::Signal(signal) => Ok(Some(self.killed(signal))),
            AppEvent::Clipboard(reply) => {
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
        if let Event::Key(key) = &ev
            && key.kind != KeyEventKind::Release
            && self.state.overlay == Some(Overlay::Help)
        {
            let max = help::max_scroll(&self.view.theme, self.area());
            let s = &mut self.view.help_scroll;
            match key.code {
                KeyCode::Up | KeyCode::Char('k') => *s = s.saturating_sub(1),
                KeyCode::Down | KeyCode::Char('j') => *s = (*s + 1).min(max),
                KeyCode::PageUp => *s = s.saturating_sub(10),
                KeyCode::PageDown | KeyCode::Char(' ') => *s = (*s + 10).min(max),
                KeyCode::Home => *s = 0,
                KeyCode::End => *s = max,
                _ => {}
            }
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
        match action {
            Some(action) => self.apply(action),
            None => Ok(None),
        }
    }

    /// Feeds an action to the editor and runs the effects it asks for.
    fn apply(&mut self, action: Action) -> Result<Option<Exit>> {
        let effects = editor::update(&mut self.state, action);
        if self.state.overlay != Some(Overlay::Help) {
            self.view.help_scroll = 0;
        }
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
            Effect::CopyUrl(url) => {
                let done = self
                    .clipboard
                    .copy(&url, Content::LichessUrl, self.tui.writer());
                self.maybe_outcome(done)
            }
            Effect::ReadClipboard => {
                let done = self.clipboard.read();
                self.maybe_outcome(done)
            }
            Effect::Save => {
                let result = match self.state.collection.as_mut() {
                    Some(c) => c.save().map_err(|e| e.to_string()),
                    None => Err(text::NO_COLLECTION.to_owned()),
                };
                self.apply(Action::SaveDone(result))
            }
            Effect::Quit(fen) => Ok(Some(Exit::Quit(fen))),
            Effect::Abort => Ok(Some(Exit::Abort)),
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
            copied @ Outcome::Copied { .. } => Action::Notify(Notice::Copied(copied.message())),
        };
        self.apply(action)
    }

    /// SIGHUP or SIGTERM: unsaved changes go to `FILE.save`, as nano does.
    fn killed(&mut self, signal: Signal) -> Exit {
        let note = if self.state.is_modified() {
            editor::collection_nav::write_back(&mut self.state);
            self.state
                .collection
                .as_ref()
                .map(|c| match c.write_rescue() {
                    Ok(path) => text::rescued(signal.name(), &path.display().to_string()),
                    Err(e) => text::rescue_failed(signal.name(), &e.to_string()),
                })
        } else {
            None
        };
        Exit::Signal(signal, note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_words_are_not_taken_for_files() {
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert!(!is_collection_target(&words(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        )));
        assert!(!is_collection_target(&words("8/8/8/8/8/8/8/8")));
        assert!(is_collection_target(&words("puzzles.fen")));
        assert!(is_collection_target(&words("new/tests.epd")));
        assert!(is_collection_target(&words("Cargo.toml")));
        assert!(!is_collection_target(&[]));
    }
}

//! The engine analysis client: finds a UCI engine for the game, runs it in a process of its
//! own and reports what it finds as events. The editor only sees those events (as actions);
//! nothing here ever makes the editor wait.

pub mod discover;
pub mod protocol;
pub mod session;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as platform;

#[cfg(not(unix))]
mod other;
#[cfg(not(unix))]
use other as platform;

use std::ffi::OsString;
use std::sync::Arc;

use session::Session;
pub use session::{Event, Request};

/// The engines of one editor run: one session per game at most, started on first use.
pub struct Engines {
    /// `--engine PATH` or `FENBOARD_ENGINE`.
    named: Option<OsString>,
    on_event: Arc<dyn Fn(Event) + Send + Sync>,
    session: Option<Session>,
    /// A failure stays until the panel is closed and opened again, so a broken engine is not
    /// restarted on every key.
    failed: bool,
}

impl Engines {
    pub fn new(named: Option<OsString>, on_event: impl Fn(Event) + Send + Sync + 'static) -> Self {
        Engines {
            named,
            on_event: Arc::new(on_event),
            session: None,
            failed: false,
        }
    }

    /// Analyse `request` from now on, starting (or switching) the engine when needed.
    pub fn analyse(&mut self, request: Request) {
        if self.failed {
            return;
        }
        if self
            .session
            .as_ref()
            .is_some_and(|s| s.game() != request.game || s.is_finished())
        {
            self.session = None;
        }
        if self.session.is_none() {
            let path = std::env::var_os("PATH");
            match discover::find(request.game, self.named.as_deref(), path.as_deref()) {
                Ok(path) => {
                    let on_event = self.on_event.clone();
                    let session =
                        Session::start(path, request.game, session::ANSWER_TIMEOUT, move |ev| {
                            on_event(ev);
                        });
                    self.session = Some(session);
                }
                Err(reason) => {
                    self.failed = true;
                    (self.on_event)(Event::Failed { reason });
                    return;
                }
            }
        }
        if let Some(s) = &self.session {
            s.analyse(request);
        }
    }

    /// The panel closed: stop thinking (the process stays for reuse) and forget a failure.
    pub fn stop(&mut self) {
        self.failed = false;
        if let Some(s) = &self.session {
            s.stop();
        }
    }

    /// A failure was reported: no more restarts until the panel is reopened.
    pub fn mark_failed(&mut self) {
        self.failed = true;
        self.session = None;
    }
}

//! The clipboard: `y`/`Y` copy and `v` read, wherever fenboard runs.
//!
//! One [`Clipboard`] per session picks its way from the environment:
//! - with a local display (X11, or Wayland through arboard's data-control support) a copy goes to
//!   a detached holder process (see [`holder`]) so that it outlives fenboard; if the holder
//!   cannot start, fenboard's own arboard instance holds it while it runs; if that fails too,
//!   OSC 52;
//! - without a display, or over SSH, OSC 52 written to the terminal; inside tmux through tmux
//!   (`set-clipboard on`: plain OSC 52 that tmux stores and forwards; otherwise
//!   `tmux load-buffer -w`);
//! - in tests, an in-memory clipboard.
//!
//! Nothing slow runs on the caller's thread: spawning the holder, arboard and tmux run on one
//! worker thread, which hands each result to the `notify` callback as a [`Reply`]; the app turns
//! it into an event and passes it back to [`Clipboard::finish`] on its own thread, where any
//! OSC 52 bytes are written to the app's terminal writer (the one it draws on).

mod arboard_error;
mod contain;
pub mod environment;
pub mod holder;
pub mod osc52;
pub mod outcome;
mod tmux;
pub mod wayland;
mod worker;

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use environment::{Desktop, Environment, Route};
pub use outcome::{Content, Outcome, Via};
use worker::{Job, Worker};

/// A finished clipboard job from the worker thread, for [`Clipboard::finish`].
#[derive(Debug)]
pub struct Reply(ReplyKind);

#[derive(Debug)]
enum ReplyKind {
    Done(Outcome),
    /// The outcome once `bytes` are written to the terminal.
    Write {
        bytes: Vec<u8>,
        outcome: Outcome,
    },
}

/// The session's clipboard.
pub struct Clipboard {
    backend: Backend,
}

enum Backend {
    Memory(Arc<Mutex<Option<String>>>),
    System(Worker),
}

impl Clipboard {
    /// The real clipboard for this process's environment; results of slow jobs are passed to
    /// `notify` (from the worker thread).
    pub fn system(notify: impl Fn(Reply) + Send + 'static) -> Clipboard {
        let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("fenboard"));
        Clipboard::with_environment(Environment::from_env(), exe, notify)
    }

    /// The real clipboard, told where it runs and which program serves `serve-clipboard`.
    pub fn with_environment(
        env: Environment,
        holder_exe: PathBuf,
        notify: impl Fn(Reply) + Send + 'static,
    ) -> Clipboard {
        Clipboard {
            backend: Backend::System(Worker::new(env, holder_exe, Box::new(notify))),
        }
    }

    /// A clipboard that only lives in memory (tests, and sessions that must not touch the
    /// system clipboard).
    pub fn in_memory() -> Clipboard {
        Clipboard {
            backend: Backend::Memory(Arc::default()),
        }
    }

    /// What the in-memory clipboard holds (`None` for the real one).
    pub fn memory_contents(&self) -> Option<String> {
        match &self.backend {
            Backend::Memory(m) => m.lock().ok()?.clone(),
            Backend::System(_) => None,
        }
    }

    /// Copies `text`. Returns the outcome when it is known at once (OSC 52 written to
    /// `terminal`, memory, or refused), or `None` when a [`Reply`] will follow.
    pub fn copy(
        &mut self,
        text: &str,
        content: Content,
        terminal: &mut dyn Write,
    ) -> Option<Outcome> {
        if text.is_empty() {
            return Some(Outcome::CopyFailed {
                content,
                reason: "nothing to copy".into(),
            });
        }
        match &mut self.backend {
            Backend::Memory(m) => {
                if let Ok(mut m) = m.lock() {
                    *m = Some(text.to_string());
                }
                Some(Outcome::Copied {
                    content,
                    via: Via::Memory,
                    fallback_from: None,
                })
            }
            Backend::System(worker) => {
                let env = worker.env();
                if env.route() == Route::Terminal && !env.tmux {
                    let reply = worker::osc52_reply(text, content, osc52::Framing::Plain, None);
                    return Some(write_reply(reply, terminal));
                }
                worker.submit(Job::Copy {
                    text: text.to_string(),
                    content,
                })
            }
        }
    }

    /// Reads the clipboard's text (for `v`). Returns the outcome when it is known at once, or
    /// `None` when a [`Reply`] will follow.
    pub fn read(&mut self) -> Option<Outcome> {
        match &mut self.backend {
            Backend::Memory(m) => Some(match m.lock().ok().and_then(|m| m.clone()) {
                Some(text) => Outcome::Read {
                    text,
                    via: Via::Memory,
                },
                None => Outcome::ReadFailed {
                    reason: "the clipboard is empty".into(),
                },
            }),
            Backend::System(worker) => {
                let env = worker.env();
                if env.route() == Route::Terminal && !env.tmux {
                    return Some(Outcome::ReadFailed {
                        reason: no_display_reason(env),
                    });
                }
                worker.submit(Job::Read)
            }
        }
    }

    /// `d`: copies the image of the diagram the export wrote, on the worker thread (the
    /// in-memory clipboard of tests copies nothing). Returns the outcome when it is known at
    /// once, or `None` when a [`Reply`] will follow.
    pub fn copy_image(&mut self, written: crate::tui::export::Written) -> Option<Outcome> {
        match &mut self.backend {
            Backend::Memory(_) => Some(Outcome::Exported {
                svg: written.svg.display().to_string(),
                png: written.png.display().to_string(),
                copied: Err("the in-memory clipboard takes no images".into()),
            }),
            Backend::System(worker) => worker.submit(Job::Image(Box::new(written))),
        }
    }

    /// Completes a [`Reply`] on the app's thread: writes its OSC 52 bytes, if any, to
    /// `terminal` and returns the outcome to show.
    pub fn finish(&mut self, reply: Reply, terminal: &mut dyn Write) -> Outcome {
        write_reply(reply.0, terminal)
    }

    /// Waits (at most `timeout`) until no job is running, so that quitting right after a copy
    /// still hands the text to its holder. Whether the worker is idle.
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        match &self.backend {
            Backend::Memory(_) => true,
            Backend::System(worker) => worker.wait_idle(timeout),
        }
    }
}

fn no_display_reason(env: &Environment) -> String {
    let why = if env.ssh && env.has_display() {
        "over SSH the clipboard is on your side"
    } else {
        "no display here"
    };
    format!("{why}; paste with your terminal's own paste (e.g. Ctrl-Shift-V)")
}

fn write_reply(reply: ReplyKind, terminal: &mut dyn Write) -> Outcome {
    match reply {
        ReplyKind::Done(outcome) => outcome,
        ReplyKind::Write { bytes, outcome } => {
            match terminal.write_all(&bytes).and_then(|()| terminal.flush()) {
                Ok(()) => outcome,
                Err(e) => Outcome::CopyFailed {
                    content: match outcome {
                        Outcome::Copied { content, .. } => content,
                        _ => Content::Fen,
                    },
                    reason: format!("cannot write to the terminal: {e}"),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests;

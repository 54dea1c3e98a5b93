//! The clipboard's worker thread: everything that may take longer than a keystroke (starting
//! the holder, arboard, tmux) runs here, one job at a time, and reports through `notify`.

use std::path::PathBuf;
use std::process::Child;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::arboard_error::arboard_error;
use super::contain::contain;
use super::environment::{Desktop, Environment, Route};
use super::osc52::{self, Framing};
use super::outcome::{Content, Outcome, Via};
use super::{Reply, ReplyKind, holder, no_display_reason, tmux, wayland};
use crate::tui::export::Written;

pub(super) type Notify = Box<dyn Fn(Reply) + Send>;

pub(super) enum Job {
    Copy {
        text: String,
        content: Content,
    },
    Read,
    /// `d`: copy the image of the diagram written.
    Image(Box<Written>),
}

/// The handle the [`super::Clipboard`] keeps; the thread starts with the first job.
pub(super) struct Worker {
    env: Environment,
    start: Option<(PathBuf, Notify)>,
    jobs: Option<Sender<Job>>,
    /// Jobs submitted and not yet reported.
    busy: Arc<(Mutex<usize>, Condvar)>,
}

impl Worker {
    pub(super) fn new(env: Environment, holder_exe: PathBuf, notify: Notify) -> Worker {
        Worker {
            env,
            start: Some((holder_exe, notify)),
            jobs: None,
            busy: Arc::default(),
        }
    }

    pub(super) fn env(&self) -> &Environment {
        &self.env
    }

    /// Queues `job`; `None` (a reply follows), or the outcome when the thread cannot run.
    pub(super) fn submit(&mut self, job: Job) -> Option<Outcome> {
        let failed = |job: &Job, reason: String| match job {
            Job::Copy { content, .. } => Outcome::CopyFailed {
                content: *content,
                reason,
            },
            Job::Read => Outcome::ReadFailed { reason },
            Job::Image(written) => exported(written, Err(reason)),
        };
        if self.jobs.is_none() {
            let Some((exe, notify)) = self.start.take() else {
                return Some(failed(&job, "the clipboard worker has stopped".into()));
            };
            let (tx, rx) = mpsc::channel();
            let thread = Thread {
                env: self.env.clone(),
                holder_exe: exe,
                notify,
                busy: self.busy.clone(),
                desktop: None,
                arboard: None,
                holders: Vec::new(),
            };
            let spawned = std::thread::Builder::new()
                .name("clipboard".into())
                .spawn(move || thread.run(rx));
            if let Err(e) = spawned {
                return Some(failed(
                    &job,
                    format!("cannot start the clipboard worker: {e}"),
                ));
            }
            self.jobs = Some(tx);
        }
        let (count, _) = &*self.busy;
        *count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        match self.jobs.as_ref().map(|tx| tx.send(job)) {
            Some(Ok(())) => None,
            Some(Err(mpsc::SendError(job))) => {
                *count.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
                Some(failed(&job, "the clipboard worker has stopped".into()))
            }
            None => unreachable!("the channel was created above"),
        }
    }

    pub(super) fn wait_idle(&self, timeout: Duration) -> bool {
        let (count, idle) = &*self.busy;
        let deadline = Instant::now() + timeout;
        let mut n = count.lock().unwrap_or_else(|e| e.into_inner());
        while *n > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            n = idle
                .wait_timeout(n, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        true
    }
}

/// The state that lives on the worker thread.
struct Thread {
    env: Environment,
    holder_exe: PathBuf,
    notify: Notify,
    busy: Arc<(Mutex<usize>, Condvar)>,
    /// Which desktop clipboard there is, found out on first use (asking the compositor takes
    /// a round trip) and kept for the session.
    desktop: Option<Desktop>,
    /// fenboard's own arboard instance: created on first use, once, kept for the session. It
    /// reads the clipboard, and holds a copy when the holder cannot.
    arboard: Option<Result<arboard::Clipboard, String>>,
    /// Holders started by this session, reaped once they exit.
    holders: Vec<Child>,
}

impl Thread {
    fn run(mut self, jobs: Receiver<Job>) {
        for job in jobs {
            let reply = match job {
                Job::Copy { text, content } => contain(|| self.copy(&text, content))
                    .unwrap_or_else(|reason| {
                        ReplyKind::Done(Outcome::CopyFailed { content, reason })
                    }),
                Job::Read => contain(|| self.read())
                    .unwrap_or_else(|reason| ReplyKind::Done(Outcome::ReadFailed { reason })),
                Job::Image(written) => contain(|| self.image(&written))
                    .unwrap_or_else(|reason| ReplyKind::Done(exported(&written, Err(reason)))),
            };
            (self.notify)(Reply(reply));
            let (count, idle) = &*self.busy;
            let mut n = count.lock().unwrap_or_else(|e| e.into_inner());
            *n = n.saturating_sub(1);
            idle.notify_all();
        }
    }

    fn desktop(&mut self) -> Desktop {
        let env = &self.env;
        self.desktop
            .get_or_insert_with(|| env.desktop(|| contain(wayland::probe).and_then(|r| r)))
            .clone()
    }

    fn arboard(&mut self) -> Result<&mut arboard::Clipboard, String> {
        self.arboard
            .get_or_insert_with(|| {
                contain(arboard::Clipboard::new).and_then(|made| made.map_err(|e| e.to_string()))
            })
            .as_mut()
            .map_err(|e| e.clone())
    }

    /// Runs `f` on the arboard instance; if it panics, the instance is dropped for good.
    fn with_arboard<T>(
        &mut self,
        f: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
        error: fn(arboard::Error) -> String,
    ) -> Result<T, String> {
        let clipboard = self.arboard()?;
        match contain(|| f(clipboard)) {
            Ok(result) => result.map_err(error),
            Err(panicked) => {
                self.arboard = Some(Err(panicked.clone()));
                Err(panicked)
            }
        }
    }

    fn copy(&mut self, text: &str, content: Content) -> ReplyKind {
        if self.env.route() == Route::Terminal {
            return terminal_copy(&self.env, text, content, None);
        }
        let desktop = self.desktop();
        if let Desktop::Missing { reason } = desktop {
            return terminal_copy(&self.env, text, content, Some(reason));
        }
        let name = desktop.name();
        self.holders
            .retain_mut(|c| !matches!(c.try_wait(), Ok(Some(_)) | Err(_)));
        let holder_error = match holder::spawn(&self.holder_exe, text) {
            Ok(child) => {
                self.holders.push(child);
                return ReplyKind::Done(Outcome::Copied {
                    content,
                    via: Via::Desktop(name),
                    fallback_from: None,
                });
            }
            Err(e) => e,
        };
        let primary = holder::has_primary(&desktop);
        let set = |c: &mut arboard::Clipboard| {
            c.set_text(text)?;
            if primary {
                // Best effort: the clipboard is what counts.
                let _ = set_primary(c, text);
            }
            Ok(())
        };
        match self.with_arboard(set, arboard_error) {
            Ok(()) => ReplyKind::Done(Outcome::Copied {
                content,
                via: Via::DesktopWhileRunning(name),
                fallback_from: Some(format!("clipboard holder: {holder_error}")),
            }),
            Err(e) => terminal_copy(
                &self.env,
                text,
                content,
                Some(format!("no {name} clipboard: {e}")),
            ),
        }
    }

    /// Puts the diagram's image on the desktop clipboard (held by fenboard's own arboard
    /// instance: it stays while fenboard runs).
    fn image(&mut self, written: &Written) -> ReplyKind {
        let copied = match self.env.route() {
            Route::Desktop => {
                let desktop = self.desktop();
                let name = desktop.name();
                let image = arboard::ImageData {
                    width: written.width,
                    height: written.height,
                    bytes: std::borrow::Cow::Borrowed(&written.rgba),
                };
                match desktop {
                    Desktop::Missing { reason } => Err(reason),
                    _ => self
                        .with_arboard(|c| c.set_image(image), arboard_error)
                        .map(|()| format!("{name}, while fenboard runs")),
                }
            }
            Route::Terminal => Err("no display".into()),
        };
        ReplyKind::Done(exported(written, copied))
    }

    fn read(&mut self) -> ReplyKind {
        let outcome = match self.env.route() {
            Route::Desktop => {
                let desktop = self.desktop();
                if let Desktop::Missing { reason } = desktop {
                    return ReplyKind::Done(Outcome::ReadFailed { reason });
                }
                let name = desktop.name();
                match self.with_arboard(|c| c.get_text(), read_error) {
                    Ok(text) => Outcome::Read {
                        text,
                        via: Via::Desktop(name),
                    },
                    Err(reason) => Outcome::ReadFailed { reason },
                }
            }
            Route::Terminal if self.env.tmux => match tmux::save_buffer() {
                Ok(text) => Outcome::Read {
                    text,
                    via: Via::TmuxBuffer,
                },
                Err(e) => Outcome::ReadFailed {
                    reason: format!("no tmux buffer ({e}); {}", no_display_reason(&self.env)),
                },
            },
            Route::Terminal => Outcome::ReadFailed {
                reason: no_display_reason(&self.env),
            },
        };
        ReplyKind::Done(outcome)
    }
}

#[cfg(target_os = "linux")]
fn set_primary(c: &mut arboard::Clipboard, text: &str) -> Result<(), arboard::Error> {
    use arboard::{LinuxClipboardKind, SetExtLinux};
    c.set().clipboard(LinuxClipboardKind::Primary).text(text)
}

#[cfg(not(target_os = "linux"))]
fn set_primary(_: &mut arboard::Clipboard, _: &str) -> Result<(), arboard::Error> {
    Ok(())
}

fn read_error(e: arboard::Error) -> String {
    match e {
        arboard::Error::ContentNotAvailable => "the clipboard holds no text".into(),
        e => arboard_error(e),
    }
}

/// What `d` did: the files written, and where the image went or why not.
fn exported(written: &Written, copied: Result<String, String>) -> Outcome {
    Outcome::Exported {
        svg: written.svg.display().to_string(),
        png: written.png.display().to_string(),
        copied,
    }
}

/// A copy through the terminal: OSC 52, or tmux's buffer.
fn terminal_copy(
    env: &Environment,
    text: &str,
    content: Content,
    fallback_from: Option<String>,
) -> ReplyKind {
    if !env.tmux {
        return osc52_reply(text, content, Framing::Plain, fallback_from);
    }
    match tmux::way(tmux::set_clipboard_option().as_deref()) {
        tmux::Way::Osc52(framing) => {
            let mut reply = osc52_reply(text, content, framing, fallback_from);
            if let ReplyKind::Write { outcome, .. } = &mut reply
                && let Outcome::Copied { via, .. } = outcome
            {
                *via = Via::Osc52Tmux;
            }
            reply
        }
        tmux::Way::LoadBuffer => match tmux::load_buffer(text) {
            Ok(()) => ReplyKind::Done(Outcome::Copied {
                content,
                via: Via::TmuxBuffer,
                fallback_from,
            }),
            // tmux before 3.2 has no `load-buffer -w`, but passes DCS through unconditionally.
            Err(_) => {
                let mut reply = osc52_reply(text, content, Framing::TmuxPassthrough, fallback_from);
                if let ReplyKind::Write { outcome, .. } = &mut reply
                    && let Outcome::Copied { via, .. } = outcome
                {
                    *via = Via::Osc52Passthrough;
                }
                reply
            }
        },
    }
}

/// The OSC 52 bytes to write for `text`, or why there are none.
pub(super) fn osc52_reply(
    text: &str,
    content: Content,
    framing: Framing,
    fallback_from: Option<String>,
) -> ReplyKind {
    match osc52::sequence(text, framing) {
        Ok(bytes) => ReplyKind::Write {
            bytes,
            outcome: Outcome::Copied {
                content,
                via: Via::Osc52,
                fallback_from,
            },
        },
        Err(reason) => ReplyKind::Done(Outcome::CopyFailed {
            content,
            reason: match fallback_from {
                Some(first) => format!("{first}; {reason}"),
                None => reason,
            },
        }),
    }
}

//! The `d` export's own worker thread: drawing a diagram and writing its files takes longer
//! than a keystroke, so it runs here, one request at a time, and reports what it wrote through
//! `notify`; the clipboard then only receives the finished image.

use std::sync::mpsc::{self, Sender};
use std::thread::JoinHandle;

use super::export::{self, Written};
use crate::diagram::png::Fonts;
use crate::editor::effect::DiagramRequest;

type Notify = Box<dyn Fn(Result<Written, String>) + Send>;

/// The handle the app keeps; the thread starts with the first request and ends with the handle
/// (after the request it is on).
pub struct Exporter {
    notify: Option<Notify>,
    jobs: Option<Sender<Box<DiagramRequest>>>,
    thread: Option<JoinHandle<()>>,
}

impl Exporter {
    pub fn new(notify: impl Fn(Result<Written, String>) + Send + 'static) -> Exporter {
        Exporter {
            notify: Some(Box::new(notify)),
            jobs: None,
            thread: None,
        }
    }

    /// Queues `request`; the result comes through `notify`, or at once (`Err`) when the thread
    /// cannot run.
    pub fn export(&mut self, request: Box<DiagramRequest>) -> Result<(), String> {
        if self.jobs.is_none() {
            let notify = self.notify.take().ok_or("the diagram worker has stopped")?;
            let (tx, rx) = mpsc::channel::<Box<DiagramRequest>>();
            let thread = std::thread::Builder::new()
                .name("diagram".into())
                .spawn(move || {
                    // The system's fonts, read on the first diagram.
                    let fonts = Fonts::system();
                    for request in rx {
                        notify(export::write(&request, &fonts));
                    }
                })
                .map_err(|e| format!("cannot start the diagram worker: {e}"))?;
            self.jobs = Some(tx);
            self.thread = Some(thread);
        }
        match self.jobs.as_ref().map(|tx| tx.send(request)) {
            Some(Ok(())) => Ok(()),
            _ => Err("the diagram worker has stopped".into()),
        }
    }
}

impl Drop for Exporter {
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

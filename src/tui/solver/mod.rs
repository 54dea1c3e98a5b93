//! The editor's solver worker: each solve runs on a thread of its own (the solver's search
//! threads under it, at a lower priority so the keys stay quick), is stopped through its
//! cancellation flag, and reports its progress and result as events. Nothing here makes the
//! editor wait, except quitting, which waits the few milliseconds a cancelled search takes.

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
use linux as priority;

#[cfg(not(target_os = "linux"))]
mod other;
#[cfg(not(target_os = "linux"))]
use other as priority;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use crate::editor::solving::{self, Request, SolveEvent, Solved};
use crate::solve;

/// How much lower than the editor's the solving threads' priority is (`nice`): the kernel then
/// gives a key's work the core at once.
const NICENESS: i32 = 10;

/// The solves of one editor run; at most one is not cancelled.
pub struct Solver {
    on_event: Arc<dyn Fn(SolveEvent) + Send + Sync>,
    cores: usize,
    jobs: Vec<Job>,
}

struct Job {
    cancel: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Solver {
    pub fn new(on_event: impl Fn(SolveEvent) + Send + Sync + 'static) -> Solver {
        Solver {
            on_event: Arc::new(on_event),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            jobs: Vec::new(),
        }
    }

    /// Starts solving `request`, stopping the solve before it.
    pub fn start(&mut self, request: Request) {
        self.cancel();
        let cancel = Arc::new(AtomicBool::new(false));
        let on_event = self.on_event.clone();
        let options = solving::options(request.ask, self.cores);
        let flag = cancel.clone();
        let id = request.id;
        let spawned = std::thread::Builder::new()
            .name("solve".into())
            .spawn(move || {
                priority::lower(NICENESS);
                let result = solve_all(&request, &options, &flag, &mut |progress| {
                    on_event(SolveEvent::Progress { id, progress })
                });
                on_event(SolveEvent::Done { id, result });
            });
        match spawned {
            Ok(thread) => self.jobs.push(Job { cancel, thread }),
            Err(e) => (self.on_event)(SolveEvent::Done {
                id,
                result: Err(e.to_string()),
            }),
        }
    }

    /// Stops every solve still running; each reports what it proved as it ends.
    pub fn cancel(&mut self) {
        for job in &self.jobs {
            job.cancel.store(true, Ordering::Relaxed);
        }
        self.jobs.retain(|j| !j.thread.is_finished());
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        self.cancel();
        for job in self.jobs.drain(..) {
            let _ = job.thread.join();
        }
    }
}

/// The diagram, then each twin in turn (the progress is of the one being solved); a twin
/// the solver refuses names itself. The tree is flattened here, off the editor's thread.
fn solve_all(
    request: &Request,
    options: &solve::Options,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(solve::Progress),
) -> Result<Solved, String> {
    let diagram = solve::solve(
        &request.position,
        request.ask.stipulation,
        options,
        cancel,
        progress,
    )
    .map_err(|e| e.to_string())?;
    let mut twins = Vec::new();
    for t in &request.twins {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let solution = solve::solve(&t.position, t.stipulation, options, cancel, progress)
            .map_err(|e| format!("{}) {}: {e}", t.label, t.text))?;
        twins.push(solving::TwinSolution {
            label: t.label,
            text: t.text.clone(),
            solution: solve::named(&solution),
        });
    }
    Ok(Solved::with_twins(solve::named(&diagram), twins))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    use crate::core::fen;
    use crate::editor::solving::Ask;

    fn request(id: u64, fen_text: &str, stip: &str) -> Request {
        Request {
            id,
            position: fen::read(fen_text, None).position.unwrap(),
            ask: Ask::parse(stip).unwrap(),
            twins: Vec::new(),
        }
    }

    #[test]
    fn a_solve_reports_its_result_with_its_id() {
        let (tx, rx) = mpsc::channel();
        let mut solver = Solver::new(move |ev| {
            let _ = tx.send(ev);
        });
        solver.start(request(7, "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2"));
        let done = loop {
            match rx.recv_timeout(Duration::from_secs(60)).expect("a report") {
                SolveEvent::Done { id, result } => break (id, result),
                SolveEvent::Progress { id, .. } => assert_eq!(id, 7),
            }
        };
        assert_eq!(done.0, 7);
        let solved = done.1.expect("solved");
        assert_eq!(solved.solution.keys[0].mv.san, "Ra6");
    }

    #[test]
    fn a_cancelled_solve_ends_unfinished_and_an_illegal_one_with_the_reason() {
        let (tx, rx) = mpsc::channel();
        let mut solver = Solver::new(move |ev| {
            let _ = tx.send(ev);
        });
        // A mate in five of the start position: far more than a moment's work.
        solver.start(request(1, crate::core::Game::Chess.start_fen(), "#5"));
        solver.cancel();
        let result = loop {
            if let SolveEvent::Done { result, .. } =
                rx.recv_timeout(Duration::from_secs(60)).expect("a report")
            {
                break result;
            }
        };
        assert_eq!(
            result.expect("a partial result").solution.outcome,
            solve::Outcome::Unfinished
        );
        solver.start(request(2, "4k3/8/8/8/8/8/8/4K2K w - - 0 1", "#2"));
        let result = loop {
            if let SolveEvent::Done { id: 2, result } =
                rx.recv_timeout(Duration::from_secs(60)).expect("a report")
            {
                break result;
            }
        };
        assert!(result.expect_err("refused").contains("illegal"));
    }
}

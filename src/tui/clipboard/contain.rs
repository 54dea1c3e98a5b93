//! Panics of the clipboard's libraries kept on the clipboard's side.
//!
//! arboard and the X11 and Wayland crates under it talk to servers and parse environment
//! variables; if one of them panics (x11rb does on some malformed `DISPLAY` values), the
//! editor must go on with a "could not copy" message. The process-wide panic hook would
//! otherwise report the panic and restore the terminal under the running editor, so while a
//! contained call runs, the hook stays quiet on this thread.

use std::any::Any;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

static WRAP_HOOK: Once = Once::new();

/// Runs `f`; a panic inside it becomes `Err` with its message, and is not reported by the
/// panic hook.
pub(super) fn contain<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    WRAP_HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let was_quiet = QUIET.with(|q| q.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was_quiet));
    result.map_err(|payload| format!("internal error: {}", message(&*payload)))
}

fn message(payload: &(dyn Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        assert_eq!(contain(|| 7), Ok(7));
        let err = contain(|| -> u8 { panic!("display :65529 overflows") }).unwrap_err();
        assert_eq!(err, "internal error: display :65529 overflows");
        let owned = contain(|| -> u8 { panic!("{}", String::from("owned")) }).unwrap_err();
        assert_eq!(owned, "internal error: owned");
        // Nested calls keep the outer call quiet.
        let nested = contain(|| contain(|| -> u8 { panic!("inner") }).unwrap_err());
        assert_eq!(nested.as_deref(), Ok("internal error: inner"));
    }

    /// The panic hook is global to the process, so this runs in a child process of its own
    /// (this test binary again, this test only): there the hook is ours alone.
    #[test]
    fn panics_outside_contained_calls_still_reach_the_hook() {
        const CHILD: &str = "FENBOARD_CONTAIN_TEST_CHILD";
        if std::env::var_os(CHILD).is_some() {
            panic::set_hook(Box::new(|info| {
                let payload = info.payload();
                eprintln!("hook saw: {}", message(payload));
            }));
            assert!(contain(|| -> u8 { panic!("inside") }).is_err());
            let outside = std::thread::spawn(|| -> u8 { panic!("outside") }).join();
            assert!(outside.is_err());
            assert!(
                !QUIET.with(Cell::get),
                "quiet only while a contained call runs"
            );
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "tui::clipboard::contain::tests::panics_outside_contained_calls_still_reach_the_hook",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        assert!(
            stdout.contains("1 passed"),
            "the child ran the test: {stdout}"
        );
        assert!(stderr.contains("hook saw: outside"), "{stderr}");
        assert!(!stderr.contains("hook saw: inside"), "{stderr}");
    }
}

//! The solver thread's lower priority on Linux, where a thread has a priority of its own.
#![cfg(target_os = "linux")]

/// Lowers this thread's priority by `niceness`; the solver's search threads, started from it,
/// inherit it.
pub fn lower(niceness: i32) {
    // SAFETY: setpriority on this thread's own id (gettid) only changes its scheduling.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, niceness);
    }
}

//! Unix only (declared `cfg(unix)` in `engine/mod.rs`): what an engine's program file and
//! process get from the system here: the execute bit, and on Linux the kernel's promise to
//! kill the engine when the editor dies.

use std::path::Path;
use std::process::Command;

/// A file with an execute bit.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// On Linux the kernel kills the engine when the thread that started it dies — with the
/// editor, even a SIGKILLed one — so no engine is ever left running alone.
#[cfg(target_os = "linux")]
pub fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: prctl and getppid are async-signal-safe; nothing is allocated after fork.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The editor died between fork and prctl: do not start an orphan.
            if libc::getppid() != parent {
                return Err(std::io::Error::other("the editor is gone"));
            }
            Ok(())
        });
    }
}

/// Other Unix systems (macOS, the BSDs) have no parent-death signal: the engine ends when its
/// standard input closes, as UCI engines do.
#[cfg(not(target_os = "linux"))]
pub fn die_with_parent(_: &mut Command) {}

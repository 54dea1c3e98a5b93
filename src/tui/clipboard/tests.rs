//! The clipboard's own behaviour, without a display: memory, OSC 52 to a terminal writer,
//! refusals, the worker's replies.

use std::sync::mpsc;
use std::time::Duration;

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn no_display() -> Environment {
    Environment::default()
}

/// A real clipboard in `env` whose replies arrive on the returned channel.
fn system(env: Environment) -> (Clipboard, mpsc::Receiver<Reply>) {
    let (tx, rx) = mpsc::channel();
    let clip = Clipboard::with_environment(env, "/nonexistent/fenboard".into(), move |r| {
        let _ = tx.send(r);
    });
    (clip, rx)
}

#[test]
fn memory_clipboard_round_trips() {
    let mut clip = Clipboard::in_memory();
    assert_eq!(
        clip.read(),
        Some(Outcome::ReadFailed {
            reason: "the clipboard is empty".into()
        })
    );
    let mut term = Vec::new();
    let outcome = clip.copy(START, Content::Fen, &mut term).unwrap();
    assert_eq!(outcome.message(), "FEN copied (memory clipboard)");
    assert!(
        term.is_empty(),
        "memory copies write nothing to the terminal"
    );
    assert_eq!(clip.memory_contents().as_deref(), Some(START));
    assert_eq!(
        clip.read(),
        Some(Outcome::Read {
            text: START.into(),
            via: Via::Memory
        })
    );
}

#[test]
fn memory_clipboard_keeps_garbage_verbatim() {
    let mut clip = Clipboard::in_memory();
    let garbage = "\u{0}\x1b[2J\u{feff}é\r\n".repeat(10_000);
    clip.copy(&garbage, Content::Fen, &mut Vec::new());
    assert_eq!(clip.memory_contents(), Some(garbage));
}

#[test]
fn without_display_copy_writes_osc52_to_the_given_terminal_at_once() {
    let (mut clip, replies) = system(no_display());
    let mut term = Vec::new();
    let outcome = clip.copy(START, Content::Fen, &mut term);
    assert_eq!(
        outcome.map(|o| o.message()).as_deref(),
        Some("FEN copied via OSC 52")
    );
    assert_eq!(term, osc52::sequence(START, osc52::Framing::Plain).unwrap());
    assert!(
        replies.try_recv().is_err(),
        "nothing was left for the worker"
    );
}

#[test]
fn lichess_url_copy_is_named_in_the_message() {
    let (mut clip, _) = system(no_display());
    let url = "https://lichess.org/analysis/8/8/8/8/8/8/8/8_w_-_-_0_1";
    let outcome = clip
        .copy(url, Content::LichessUrl, &mut Vec::new())
        .unwrap();
    assert_eq!(outcome.message(), "lichess URL copied via OSC 52");
}

#[test]
fn empty_and_huge_copies_are_refused_without_writing() {
    let (mut clip, _) = system(no_display());
    let mut term = Vec::new();
    let empty = clip.copy("", Content::Fen, &mut term).unwrap();
    assert_eq!(empty.message(), "Could not copy the FEN: nothing to copy");
    let huge = "8".repeat(10_000_000);
    let outcome = clip.copy(&huge, Content::Fen, &mut term).unwrap();
    assert!(outcome.is_error());
    assert!(
        outcome.message().contains("too long for OSC 52"),
        "{outcome:?}"
    );
    assert!(term.is_empty());
}

#[test]
fn a_broken_terminal_is_reported_not_panicked() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("tty gone"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let (mut clip, _) = system(no_display());
    let outcome = clip.copy(START, Content::Fen, &mut Broken).unwrap();
    assert_eq!(
        outcome.message(),
        "Could not copy the FEN: cannot write to the terminal: tty gone"
    );
}

#[test]
fn without_display_read_points_to_the_terminals_paste() {
    let (mut clip, _) = system(no_display());
    let outcome = clip.read().unwrap();
    assert!(outcome.is_error());
    let message = outcome.message();
    assert!(message.contains("no display"), "{message}");
    assert!(message.contains("terminal's own paste"), "{message}");
}

#[test]
fn over_ssh_a_forwarded_display_is_not_used() {
    let env = Environment {
        x11: true,
        ssh: true,
        ..Environment::default()
    };
    let (mut clip, replies) = system(env);
    let mut term = Vec::new();
    let outcome = clip.copy(START, Content::Fen, &mut term).unwrap();
    assert_eq!(outcome.message(), "FEN copied via OSC 52");
    assert!(!term.is_empty());
    assert!(clip.read().unwrap().message().contains("over SSH"));
    assert!(replies.try_recv().is_err());
}

#[test]
fn idle_clipboard_waits_for_nothing() {
    let (clip, _) = system(no_display());
    assert!(clip.wait_idle(Duration::ZERO));
    assert!(Clipboard::in_memory().wait_idle(Duration::ZERO));
}

/// Runs test `name` (a path below `shell::clipboard::tests`) again in a child process without
/// `DISPLAY` and `WAYLAND_DISPLAY`, and checks it passed there; `false` in the child itself,
/// which then runs the test. arboard reads the display from the process's environment, so a
/// test that needs arboard to fail must not run where the developer's desktop is reachable.
fn rerun_without_display(name: &str) -> bool {
    const CHILD: &str = "FENBOARD_CLIPBOARD_TEST_CHILD";
    if std::env::var_os(CHILD).is_some() {
        return false;
    }
    let full = format!("tui::clipboard::tests::{name}");
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &full, "--test-threads=1"])
        .env(CHILD, "1")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

#[test]
fn desktop_copy_whose_holder_and_arboard_fail_falls_back_to_osc52_and_says_why() {
    if rerun_without_display(
        "desktop_copy_whose_holder_and_arboard_fail_falls_back_to_osc52_and_says_why",
    ) {
        return;
    }
    let env = Environment {
        x11: true,
        ..Environment::default()
    };
    let (tx, rx) = mpsc::channel();
    // `env serve-clipboard` fails to run a program of that name: the holder exits at once.
    let mut clip = Clipboard::with_environment(env, "/usr/bin/env".into(), move |r| {
        let _ = tx.send(r);
    });
    let mut term = Vec::new();
    assert_eq!(
        clip.copy(START, Content::Fen, &mut term),
        None,
        "left to the worker"
    );
    assert!(term.is_empty());
    let reply = rx.recv_timeout(Duration::from_secs(10)).expect("a reply");
    assert!(clip.wait_idle(Duration::from_secs(1)));
    let outcome = clip.finish(reply, &mut term);
    match &outcome {
        Outcome::Copied {
            via: Via::Osc52,
            fallback_from: Some(why),
            ..
        } => assert!(why.starts_with("no X11 clipboard: "), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(term, osc52::sequence(START, osc52::Framing::Plain).unwrap());

    // Reading has nothing to fall back to: a reason.
    assert_eq!(clip.read(), None);
    let reply = rx.recv_timeout(Duration::from_secs(10)).expect("a reply");
    let outcome = clip.finish(reply, &mut term);
    assert!(outcome.is_error(), "{outcome:?}");
}

#[test]
fn the_holder_protocol_rejects_a_program_that_does_not_answer_ok() {
    // `env serve-clipboard` exits at once without a word.
    let err = holder::spawn("/usr/bin/env".as_ref(), START).unwrap_err();
    assert_eq!(err, "the clipboard holder exited");
    let err = holder::spawn("/nonexistent/fenboard".as_ref(), START).unwrap_err();
    assert!(
        err.starts_with("cannot start the clipboard holder"),
        "{err}"
    );
}

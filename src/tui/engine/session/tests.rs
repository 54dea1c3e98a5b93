//! The session against real engines (Stockfish, Fairy-Stockfish: `#[needs]` shows a test as
//! ignored when its engine is missing, and fails it under `FENBOARD_E2E=1`) and against small
//! scripts that misbehave.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::*;
use crate::editor::analysis::Score;
use crate::tui::engine::discover;

type Events = mpsc::Receiver<Event>;

fn start(path: PathBuf, game: Game, timeout: Duration) -> (Session, Events) {
    let (tx, rx) = mpsc::channel();
    let session = Session::start(path, game, timeout, move |ev| {
        let _ = tx.send(ev);
    });
    (session, rx)
}

/// The installed engine for `game`, found as the editor finds it (`PATH`, then `/usr/games`).
fn real_engine(game: Game) -> PathBuf {
    let path = std::env::var_os("PATH");
    discover::find(game, None, path.as_deref()).unwrap_or_else(|why| panic!("{why}"))
}

/// Waits for the first event `want` accepts, failing after `limit`.
fn wait_for(rx: &Events, limit: Duration, mut want: impl FnMut(&Event) -> bool) -> Event {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(ev) if want(&ev) => return ev,
            Ok(_) => {}
            Err(e) => panic!("no such event within {limit:?}: {e}"),
        }
    }
}

fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fenboard-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

const MATE_IN_2: &str = "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1";

#[fenboard_needs::needs(stockfish)]
#[test]
fn stockfish_finds_the_mate_and_three_lines() {
    let path = real_engine(Game::Chess);
    let (session, rx) = start(path, Game::Chess, ANSWER_TIMEOUT);
    let ready = wait_for(&rx, Duration::from_secs(10), |e| {
        matches!(e, Event::Ready { .. })
    });
    let Event::Ready { name } = ready else {
        unreachable!()
    };
    assert!(name.to_lowercase().contains("stockfish"), "{name}");
    let fen: Arc<str> = Arc::from(MATE_IN_2);
    session.analyse(Request {
        fen: fen.clone(),
        game: Game::Chess,
    });
    let mut ranks = std::collections::BTreeSet::new();
    let mate = wait_for(&rx, Duration::from_secs(20), |e| match e {
        Event::Line { fen: f, line } => {
            assert_eq!(f, &fen);
            ranks.insert(line.rank);
            line.rank == 1 && line.score == Score::Mate(2) && ranks.len() == 3
        }
        _ => false,
    });
    let Event::Line { line, .. } = mate else {
        unreachable!()
    };
    // The key of this mate in two is Qh6+.
    assert_eq!(line.moves[0], "d2h6");
    assert_eq!(ranks.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
}

#[fenboard_needs::needs(stockfish)]
#[test]
fn black_to_move_scores_are_from_whites_side() {
    let path = real_engine(Game::Chess);
    let (session, rx) = start(path, Game::Chess, ANSWER_TIMEOUT);
    // Black mates in one (…Qh4#): White's side sees a mate against it.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    session.analyse(Request {
        fen: Arc::from(fen),
        game: Game::Chess,
    });
    let ev = wait_for(
        &rx,
        Duration::from_secs(20),
        |e| matches!(e, Event::Line { line, .. } if line.rank == 1 && matches!(line.score, Score::Mate(_))),
    );
    let Event::Line { line, .. } = ev else {
        unreachable!()
    };
    assert_eq!(line.score, Score::Mate(-1));
    assert_eq!(line.moves[0], "d8h4");
}

#[fenboard_needs::needs(stockfish)]
#[test]
fn a_new_position_replaces_the_old_one() {
    let path = real_engine(Game::Chess);
    let (session, rx) = start(path, Game::Chess, ANSWER_TIMEOUT);
    let first: Arc<str> = Arc::from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    session.analyse(Request {
        fen: first.clone(),
        game: Game::Chess,
    });
    wait_for(&rx, Duration::from_secs(20), |e| {
        matches!(e, Event::Line { .. })
    });
    // A burst: only the last one is searched.
    for fen in [
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "8/8/8/8/8/8/1k6/K7 w - - 0 1",
    ] {
        session.analyse(Request {
            fen: Arc::from(fen),
            game: Game::Chess,
        });
    }
    let last: Arc<str> = Arc::from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    session.analyse(Request {
        fen: last.clone(),
        game: Game::Chess,
    });
    let deadline = Instant::now() + Duration::from_secs(3);
    let mut seen_last = false;
    while Instant::now() < deadline {
        if let Ok(Event::Line { fen, .. }) = rx.recv_timeout(Duration::from_millis(100)) {
            if fen == last {
                seen_last = true;
            } else {
                assert!(!seen_last, "a line of {fen} after the new position's");
                assert_eq!(fen, first, "a position of the burst was searched");
            }
        }
    }
    assert!(seen_last);
}

#[fenboard_needs::needs(fairy_stockfish)]
#[test]
fn fairy_stockfish_xiangqi_moves_are_legal_in_fenboards_coordinates() {
    let path = real_engine(Game::Xiangqi);
    let (session, rx) = start(path, Game::Xiangqi, ANSWER_TIMEOUT);
    let fen = Game::Xiangqi.start_fen();
    session.analyse(Request {
        fen: Arc::from(fen),
        game: Game::Xiangqi,
    });
    let ev = wait_for(
        &rx,
        Duration::from_secs(20),
        |e| matches!(e, Event::Line { line, .. } if line.depth >= 5),
    );
    let Event::Line { line, .. } = ev else {
        unreachable!()
    };
    let position = crate::core::fen::read(fen, Some(Game::Xiangqi))
        .position
        .expect("start position");
    let legal: Vec<String> = crate::core::perft::divide(&position, 1)
        .unwrap()
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert!(
        legal.contains(&line.moves[0]),
        "{} not in {legal:?}",
        line.moves[0]
    );
}

#[test]
fn a_program_that_is_not_an_engine_fails_with_a_reason() {
    for (path, expect) in [
        (PathBuf::from("/bin/false"), "exited"),
        (PathBuf::from("/no/such/engine"), "cannot start"),
        (
            script(
                "garbage",
                "while true; do echo 'zzz ☃ info depth x'; sleep 0.01; done",
            ),
            "did not answer",
        ),
        (script("silent", "sleep 30"), "did not answer"),
    ] {
        let (session, rx) = start(path.clone(), Game::Chess, Duration::from_millis(400));
        session.analyse(Request {
            fen: Arc::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            game: Game::Chess,
        });
        let ev = wait_for(&rx, Duration::from_secs(5), |e| {
            matches!(e, Event::Failed { .. })
        });
        let Event::Failed { reason } = ev else {
            unreachable!()
        };
        assert!(reason.contains(expect), "{path:?}: {reason}");
        drop(session);
    }
}

#[test]
fn an_engine_that_dies_while_thinking_is_reported() {
    let body = r#"while read cmd; do
  case "$cmd" in
    uci) echo 'id name Crashy'; echo uciok ;;
    isready) echo readyok ;;
    go*) echo 'info depth 1 score cp 5 pv e2e4'; exit 3 ;;
  esac
done"#;
    let (session, rx) = start(script("crashy", body), Game::Chess, Duration::from_secs(2));
    session.analyse(Request {
        fen: Arc::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        game: Game::Chess,
    });
    let ready = wait_for(&rx, Duration::from_secs(5), |e| {
        matches!(e, Event::Ready { .. })
    });
    assert_eq!(
        ready,
        Event::Ready {
            name: "Crashy".into()
        }
    );
    let ev = wait_for(&rx, Duration::from_secs(5), |e| {
        matches!(e, Event::Failed { .. })
    });
    let Event::Failed { reason } = ev else {
        unreachable!()
    };
    assert!(reason.contains("exited"), "{reason}");
    assert!(
        session.is_finished() || {
            std::thread::sleep(Duration::from_millis(100));
            session.is_finished()
        }
    );
}

#[test]
fn dropping_the_session_ends_the_engine() {
    // The script records its pid, then behaves as an engine that ignores `quit`.
    let pidfile = std::env::temp_dir().join(format!("fenboard-engine-pid-{}", std::process::id()));
    let body = format!(
        r#"echo $$ > {}
trap '' TERM
while read cmd; do
  case "$cmd" in
    uci) echo uciok ;;
    isready) echo readyok ;;
  esac
done"#,
        pidfile.display()
    );
    let (session, rx) = start(
        script("stubborn", &body),
        Game::Chess,
        Duration::from_secs(2),
    );
    session.analyse(Request {
        fen: Arc::from("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        game: Game::Chess,
    });
    wait_for(&rx, Duration::from_secs(5), |e| {
        matches!(e, Event::Ready { .. })
    });
    let pid: i32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let started = Instant::now();
    drop(session);
    assert!(started.elapsed() < Duration::from_secs(2));
    // The process is gone (reaped), not a zombie and not running.
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "engine {pid} still there"
    );
    let _ = std::fs::remove_file(pidfile);
}

/// `yes` writes endless lines: the session says so as a failure, before its start timeout, and
/// ends the program.
#[test]
fn an_engine_that_floods_its_output_fails_and_is_ended() {
    let (session, rx) = start(PathBuf::from("/usr/bin/yes"), Game::Chess, ANSWER_TIMEOUT);
    let ev = wait_for(&rx, Duration::from_secs(30), |e| {
        matches!(e, Event::Failed { .. })
    });
    let Event::Failed { reason } = ev else {
        unreachable!()
    };
    assert!(reason.contains("floods"), "{reason}");
    // Failed: the session's thread ends by itself.
    wait_until(Duration::from_secs(10), || session.is_finished());
    drop(session);
}

/// Lines that keep coming but never answer the handshake: the start timeout still ends it.
#[test]
fn endless_chatter_without_an_answer_still_times_out() {
    let chatter = script("chatter", "while true; do echo 'info string hello'; done");
    let (session, rx) = start(chatter, Game::Chess, Duration::from_millis(300));
    let ev = wait_for(&rx, Duration::from_secs(30), |e| {
        matches!(e, Event::Failed { .. })
    });
    let Event::Failed { reason } = ev else {
        unreachable!()
    };
    assert!(
        reason.contains("did not answer") || reason.contains("floods"),
        "{reason}"
    );
    drop(session);
}

fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !done() {
        assert!(Instant::now() < deadline, "not within {limit:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

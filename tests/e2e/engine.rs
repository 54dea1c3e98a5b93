//! End to end: the Analysis panel (`l`) with real engines — Stockfish for chess, Fairy-Stockfish
//! for xiangqi — and with programs that are no engines. Each test needs tmux and its engine:
//! when one is missing it shows as ignored, and fails under `FENBOARD_E2E=1`.

use std::time::{Duration, Instant};

use crate::common;

use common::{Tmux, needs};

const MATE_IN_2: &str = "r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1";

/// The engine's path, as the probe behind `#[needs]` found it (`PATH`, then `/usr/games`).
fn engine(name: &str) -> String {
    common::tools::program(name).to_string_lossy().into_owned()
}

/// The processes whose parent is `pid`, with their command names.
fn children(pid: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        let Some((head, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(1) == Some(&pid.to_string().as_str()) && fields.first() != Some(&"Z") {
            let name = head.split_once('(').map_or("", |(_, n)| n).to_owned();
            out.push((child, name));
        }
    }
    out
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit_once(')').map(|(_, r)| r.trim_start().to_owned()))
        .is_some_and(|r| !r.starts_with('Z'))
}

fn wait(what: &str, limit: Duration, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The depth shown in the panel's header, if any.
fn depth(screen: &str) -> Option<u32> {
    let at = screen.find("· depth ")?;
    screen[at + "· depth ".len()..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The rows of the Analysis panel (inside its box).
fn panel(screen: &str) -> Vec<String> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in screen.lines() {
        if line.contains("┌ Analysis") {
            inside = true;
            continue;
        }
        if inside {
            if line.contains('└') {
                break;
            }
            let row = line.rsplit_once('│').map_or(line, |(l, _)| l);
            let row = row.rsplit_once('│').map_or(row, |(_, r)| r);
            rows.push(row.trim().to_owned());
        }
    }
    rows
}

/// The editor on the mate in two with the Analysis panel open on Stockfish.
fn stockfish_on_mate_in_2() -> Tmux {
    let sf = engine("stockfish");
    let t = Tmux::fenboard(&["--engine", &sf, MATE_IN_2], 120, 40);
    t.wait_for("FEN r1bq2r1");
    t.keys(&["l"]);
    t
}

#[needs(tmux, stockfish)]
#[test]
fn stockfish_shows_three_lines_growing_in_depth_and_finds_the_mate_in_two() {
    let t = stockfish_on_mate_in_2();
    let first = t.wait_until(|s| depth(s).is_some(), "a depth in the Analysis panel");
    let d1 = depth(&first).unwrap();
    let screen = t.wait_until(
        |s| depth(s).is_some_and(|d| d > d1) && panel(s).len() >= 4 && s.contains("#2 1.Qh6+"),
        "a deeper search with three lines and the mate",
    );
    let rows = panel(&screen);
    assert!(rows[0].starts_with("Stockfish"), "{rows:?}");
    assert!(rows[1].starts_with("#2 1.Qh6+ Kxh6 2."), "{rows:?}");
    for row in &rows[2..4] {
        assert!(
            row.starts_with('+') || row.starts_with('-') || row.starts_with('#'),
            "{rows:?}"
        );
        assert!(row.contains("1."), "{rows:?}");
    }
    // The engine runs as the editor's child; quitting ends it.
    let editor = t.pid();
    let engines: Vec<u32> = children(editor).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        engines.len(),
        1,
        "one engine process: {:?}",
        children(editor)
    );
    t.keys(&["C-q"]);
    let ended = t.wait_exit();
    assert_eq!(ended.status, 0, "{}", ended.stderr);
    assert!(!alive(engines[0]), "the engine outlived the editor");
}

#[needs(tmux, stockfish)]
#[test]
fn an_edit_restarts_the_analysis_on_the_new_position() {
    let t = stockfish_on_mate_in_2();
    t.wait_for("#2 1.Qh6+");
    // Take White's queen off d2: the mate is gone.
    t.keys(&["g", "d", "2", "x"]);
    let screen = t.wait_until(
        |s| !s.contains("#2 1.Qh6+") && panel(s).len() >= 4 && depth(s).is_some(),
        "new lines for the new position",
    );
    assert!(
        !panel(&screen).iter().any(|r| r.contains("Qh6")),
        "{screen}"
    );
    // An illegal position is not sent, and the panel says why.
    t.keys(&["g", "e", "1", "x"]);
    let screen = t.wait_for("illegal position, not sent");
    assert!(screen.contains("White has no king"), "{screen}");
    // Undo: analysed again.
    t.keys(&["u"]);
    t.wait_until(|s| depth(s).is_some(), "analysis after undo");
    // Closing the panel stops the search; the engine stays for reuse.
    let editor = t.pid();
    t.keys(&["l"]);
    t.wait_until(|s| !s.contains("┌ Analysis"), "the panel closed");
    assert_eq!(children(editor).len(), 1, "the engine is kept");
    t.keys(&["l"]);
    t.wait_until(|s| depth(s).is_some(), "analysis again");
}

#[needs(tmux, fairy_stockfish)]
#[test]
fn fairy_stockfish_analyses_xiangqi() {
    let fsf = engine("fairy-stockfish");
    let t = Tmux::fenboard(&["--game", "xiangqi", "--engine", &fsf], 120, 40);
    t.wait_for("FEN rnbakabnr");
    t.keys(&["l"]);
    let screen = t.wait_until(
        |s| depth(s).is_some_and(|d| d >= 4) && panel(s).len() >= 4,
        "three xiangqi lines",
    );
    let rows = panel(&screen);
    assert!(rows[0].starts_with("Fairy-Stockfish"), "{rows:?}");
    for row in &rows[1..4] {
        let (_, moves) = row.split_once(' ').unwrap();
        assert!(moves.starts_with("1."), "{rows:?}");
        // A WXF move: piece letter, file digit, + - or ., digit (`C2.5`, `H8+7`).
        let first = moves[2..].split(' ').next().unwrap();
        let b = first.as_bytes();
        assert!(
            first.len() == 4
                && b"KAEHRCP+-".contains(&b[0])
                && (b[1].is_ascii_digit() || b"+-".contains(&b[1]))
                && b"+-.".contains(&b[2])
                && b[3].is_ascii_digit(),
            "not WXF: {first} in {rows:?}"
        );
    }
}

#[needs(tmux, stockfish)]
#[test]
fn a_killed_editor_leaves_no_engine_behind() {
    let t = stockfish_on_mate_in_2();
    t.wait_until(|s| depth(s).is_some(), "the analysis");
    let editor = t.pid();
    let engines: Vec<u32> = children(editor).into_iter().map(|(p, _)| p).collect();
    assert_eq!(engines.len(), 1);
    // SAFETY: kill(2) on the editor this test started.
    unsafe {
        libc::kill(editor as libc::pid_t, libc::SIGKILL);
    }
    wait(
        "the engine to die with the editor",
        Duration::from_secs(1),
        || !alive(engines[0]),
    );
}

#[needs(tmux)]
#[test]
fn programs_that_are_no_engines_give_a_message_and_the_editor_goes_on() {
    let dir = std::env::temp_dir().join(format!("fenboard-e2e-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    use std::os::unix::fs::PermissionsExt;
    let script = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    };
    // 300 KB of noise, then the handshake, then its output closed.
    let noisy = script(
        "noisy",
        "head -c 300000 /dev/urandom | tr -c 'a-z \\n' 'x'; echo uciok; echo readyok; exec cat >/dev/null",
    );
    // Answers the handshake, then never a `bestmove`: the first restart cannot stop it.
    let mute = script(
        "mute",
        "while read cmd; do case \"$cmd\" in uci) echo uciok;; isready) echo readyok;; esac; done",
    );
    for (engine, expect, edit_first) in [
        (
            "/bin/false".to_owned(),
            "no analysis: the engine exited",
            false,
        ),
        (
            "/no/such/engine".to_owned(),
            "no analysis: cannot start",
            false,
        ),
        (noisy, "no analysis: the engine stopped talking", false),
        (
            mute,
            "no analysis: the engine did not stop when asked",
            true,
        ),
    ] {
        let t = Tmux::fenboard(&["--engine", &engine], 120, 40);
        t.wait_for("FEN rnbqkbnr");
        t.keys(&["l"]);
        if edit_first {
            std::thread::sleep(Duration::from_millis(300));
            t.keys(&["t"]);
        }
        let screen = t.wait_until(|s| s.contains("no analysis:"), "a message in the panel");
        assert!(screen.contains(expect), "{engine}: {screen}");
        // The editor still works.
        t.keys(&["X"]);
        t.wait_for("FEN 8/8/8/8/8/8/8/8");
        t.keys(&["C-q"]);
        assert_eq!(t.wait_exit().status, 0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `yes` as the engine writes endless lines: the panel says the engine floods, the editor's
/// memory stays bounded, and Ctrl-Q still quits.
#[needs(tmux)]
#[test]
fn an_engine_that_floods_its_output_is_an_error_and_ctrl_q_still_quits() {
    let t = Tmux::fenboard(&["--engine", "/usr/bin/yes"], 120, 40);
    t.wait_for("FEN rnbqkbnr");
    t.keys(&["l"]);
    let screen = t.wait_until(|s| s.contains("no analysis:"), "a message in the panel");
    assert!(
        screen.contains("no analysis: the engine floods its output"),
        "{screen}"
    );
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().status, 0);
}

//! End to end: the editor binary on a real terminal (tmux), its stdout captured.

use crate::common;

use common::{BIN, Tmux, needs, shell_quote};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[needs(tmux)]
#[test]
fn keys_edit_the_board_and_ctrl_q_prints_the_fen() {
    let t = Tmux::fenboard(&[], 120, 40);
    let screen = t.wait_for(&format!("FEN {START}"));
    for part in [
        "Piece placement",
        "Castling availability",
        "Diagnostics",
        "legal",
    ] {
        assert!(screen.contains(part), "{part} missing:\n{screen}");
    }
    // Large pieces by default at 120×40: block drawings, not the single glyphs.
    assert!(
        screen.contains('▟') && !screen.contains('♚') && screen.contains("a      b"),
        "{screen}"
    );
    assert_eq!(t.modes(), (true, true), "alternate screen, mouse");
    // The cursor starts on e1; two up is e3.
    t.keys(&["Up", "Up", "Q"]);
    t.wait_for("FEN rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    t.keys(&["Tab"]);
    t.wait_for("↑↓ field");
    // Esc and a key sent together read as Alt-key, as in any terminal: wait in between.
    t.keys(&["Escape"]);
    t.wait_for("Tab fields");
    t.keys(&["t"]);
    t.wait_for("4Q3/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    t.keys(&["C-q"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    assert_eq!(
        end.stdout,
        "rnbqkbnr/pppppppp/8/8/8/4Q3/PPPPPPPP/RNBQKBNR b KQkq - 0 1\n"
    );
    assert_eq!(t.modes(), (false, false), "terminal restored");
}

#[needs(tmux)]
#[test]
fn ctrl_c_aborts_with_130_and_prints_nothing() {
    let t = Tmux::fenboard(&["8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1"], 80, 24);
    t.wait_for("FEN 8/8/8/8/8/8/8/K6k w - - 0 1");
    t.keys(&["x", "C-c"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 130);
    assert_eq!(end.stdout, "");
    assert_eq!(t.modes(), (false, false), "terminal restored");
}

/// Whether process `pid` has ended (gone, or a zombie nobody has reaped yet).
fn ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[needs(tmux)]
#[test]
fn closing_the_terminal_ends_the_editor() {
    let t = Tmux::fenboard(&[START], 80, 24);
    t.wait_for(&format!("FEN {START}"));
    let pid = t.pid();
    // Killing the tmux server closes the terminal under the editor, as closing a window does.
    drop(t);
    let deadline = std::time::Instant::now() + common::DEADLINE;
    while !ended(pid) {
        if std::time::Instant::now() > deadline {
            // Do not leave it running (spinning on a dead terminal) after the test.
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
            panic!("fenboard {pid} still runs after its terminal closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[needs(tmux)]
#[test]
fn no_mouse_leaves_mouse_reporting_off() {
    let t = Tmux::fenboard(&["--no-mouse"], 100, 30);
    t.wait_for("FEN rnbqkbnr");
    assert_eq!(t.modes(), (true, false));
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().stdout, format!("{START}\n"));
}

#[needs(tmux)]
#[test]
fn a_storm_of_resizes_leaves_it_alive_and_drawing() {
    let t = Tmux::fenboard(&["--game", "xiangqi"], 120, 40);
    t.wait_for("帥");
    let sizes = [
        (1, 1),
        (200, 60),
        (30, 10),
        (2, 50),
        (80, 24),
        (61, 15),
        (60, 15),
        (150, 5),
        (45, 45),
        (71, 24),
    ];
    for round in 0..20 {
        for (i, &(w, h)) in sizes.iter().enumerate() {
            if (round + i) % 3 == 0 {
                t.keys(&["Right"]);
            }
            t.resize(w, h);
        }
    }
    t.resize(20, 8);
    t.wait_for("Terminal too small");
    t.resize(100, 30);
    t.wait_for("楚 河");
    // A capture may come mid-frame: the FEN line is read once it is whole.
    t.wait_fen(
        |line| line.starts_with("FEN rnbakabnr/"),
        "the starting position's FEN line",
    );
    assert!(!t.is_dead());
    t.keys(&["C-q"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    assert!(
        end.stdout.starts_with("rnbakabnr/9/1c5c1/"),
        "{}",
        end.stdout
    );
}

#[needs(tmux)]
#[test]
fn garbage_keys_do_not_crash_it() {
    let t = Tmux::fenboard(&[], 90, 30);
    t.wait_for("FEN rnbqkbnr");
    let keys = [
        "F2", "F12", "Home", "End", "PageUp", "PageDown", "IC", "DC", "BTab", "M-x", "C-a", "C-b",
        "C-d", "C-z", "C-y", "Escape", "g", "z", "9", "g", "e", "4", "Enter", "Enter", "Tab", "Up",
        "Down", "Left", "Right", "9", "9", "BSpace", "+", "-", "K", "q", "Tab", "Left", "Home",
        "BSpace", "DC", "C-u", "Escape", "/", "Escape", "?", "PageDown", "?", "G", "G", "f", "s",
        "m", "X", "I", "u", "U", "[", "]", "+", "D", "v",
    ];
    for key in keys {
        t.keys(&[key]);
    }
    t.type_text("é漢\u{7f}\t~`!@#$%^&*()_=\\|;:'\",<.>");
    // A cursor report, an OSC 52 query, F2 in SS3 form, a complete bracketed paste.
    t.type_text("\x1b[999;999R\x1b]52;c;?\x07\x1bOQ\x1b[200~junk\x1b[201~");
    // Whatever state it is in now, it still answers: Esc out of anything, then quit.
    t.keys(&["Escape", "Escape"]);
    t.wait_until(|s| s.contains("FEN "), "the FEN line");
    assert!(!t.is_dead(), "{}", t.stderr());
    t.keys(&["C-q"]);
    // A collection is not open, so nothing asks before quitting.
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    assert_eq!(end.stdout.lines().count(), 1, "{:?}", end.stdout);
    assert!(!end.stderr.contains("panicked"), "{}", end.stderr);
}

#[needs(tmux)]
#[test]
fn bracketed_paste_loads_a_fen() {
    let t = Tmux::fenboard(&["--ascii"], 100, 30);
    t.wait_for("FEN rnbqkbnr");
    t.run(&["set-buffer", "  4k3/8/8/8/8/8/8/4K2R w K - 0 1\n"]);
    t.run(&["paste-buffer", "-p", "-t", "t"]);
    t.wait_for("FEN 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().stdout, "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
}

#[test]
fn show_prints_a_diagram_without_a_terminal() {
    let out = std::process::Command::new(common::BIN)
        .args([
            "show",
            "--color",
            "never",
            "8/8/8/8/8/8/8/P7",
            "w",
            "-",
            "-",
            "0",
            "1",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 !P!") || text.contains("1 !♙!"), "{text}");
    assert!(text.contains("error[missing_king]"), "{text}");
    assert!(!text.contains('\x1b'), "{text}");
    let bad = std::process::Command::new(common::BIN)
        .args(["show", "not a fen"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert!(!bad.stderr.is_empty());
}

/// The SGR mouse report of a button event at a 0-based screen cell.
fn mouse(button: u8, x: u16, y: u16, press: bool) -> String {
    let end = if press { 'M' } else { 'm' };
    format!("\x1b[<{button};{};{}{end}", x + 1, y + 1)
}

#[needs(tmux)]
#[test]
fn mouse_clicks_put_the_brush_drag_moves_and_right_click_empties() {
    use fenboard::core::{Game, Square};
    use fenboard::ui::glyphs::GlyphSet;
    use fenboard::ui::layout::layout;
    use ratatui::layout::Rect;

    let screen = layout(
        Rect::new(0, 0, 120, 40),
        Game::Chess,
        GlyphSet::Unicode,
        false,
    );
    let board = screen.board.expect("a board at 120x40");
    let at = |name: &str| {
        let r = board.square_rect(Square::parse(name, Game::Chess).unwrap());
        (r.x + r.width / 2, r.y + r.height / 2)
    };
    let t = Tmux::fenboard(&["4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"], 120, 40);
    t.wait_for("FEN 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // The brush is the last piece put: a rook typed on the cursor square (e1, the king's).
    t.keys(&["Up", "R"]);
    t.wait_for("FEN 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1");
    let (x, y) = at("a4");
    t.type_text(&(mouse(0, x, y, true) + &mouse(0, x, y, false)));
    t.wait_for("FEN 4k3/8/8/8/R7/8/4R3/4K3 w - - 0 1");
    // Drag the rook from a4 to h4.
    let (hx, hy) = at("h4");
    t.type_text(&(mouse(0, x, y, true) + &mouse(32, hx, hy, true) + &mouse(0, hx, hy, false)));
    t.wait_for("FEN 4k3/8/8/8/7R/8/4R3/4K3 w - - 0 1");
    // Right click empties e2.
    let (ex, ey) = at("e2");
    t.type_text(&(mouse(2, ex, ey, true) + &mouse(2, ex, ey, false)));
    t.wait_for("FEN 4k3/8/8/8/7R/8/8/4K3 w - - 0 1");
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().stdout, "4k3/8/8/8/7R/8/8/4K3 w - - 0 1\n");
}

#[needs(tmux)]
#[test]
fn clicking_a_castling_letter_drops_that_right() {
    let t = Tmux::fenboard(&[], 120, 40);
    let screen = t.wait_for(&format!("FEN {START}"));
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("Castling availability"))
        .expect("the castling row");
    // Columns count characters here: the row is box drawing and ASCII only.
    let x = line
        .chars()
        .collect::<String>()
        .find("KQkq")
        .map(|b| line[..b].chars().count());
    let x = x.expect("the castling value") as u16 + 2; // the `k`
    t.type_text(&(mouse(0, x, y as u16, true) + &mouse(0, x, y as u16, false)));
    t.wait_for("FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1");
    t.keys(&["C-q"]);
    assert_eq!(
        t.wait_exit().stdout,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1\n"
    );
}

/// A shell line that runs `command`, then prints its exit status and the terminal's modes
/// (cooked mode with echo and signals, once restored), and stays open so the screen can be read.
fn then_report(command: &str) -> String {
    format!(
        "{command}; echo exit=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e isig -e -isig -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo; echo checked; sleep 60"
    )
}

#[needs(tmux)]
#[test]
fn a_panic_gives_the_terminal_back() {
    let (_, dir) = scratch_dir("panic");
    let stderr = dir.join("stderr");
    let command = format!(
        "FENBOARD_TEST_PANIC_AFTER_FIRST_FRAME=1 {} 2>{}",
        shell_quote(BIN),
        shell_quote(&stderr.to_string_lossy())
    );
    let t = Tmux::shell(&then_report(&command), 100, 30);
    let screen = t.wait_for("checked");
    assert!(screen.contains("exit=101"), "a panic's status:\n{screen}");
    assert!(
        screen.contains("isig icanon echo"),
        "terminal not restored:\n{screen}"
    );
    assert_eq!(
        t.modes(),
        (false, false),
        "alternate screen or mouse still on"
    );
    let report = std::fs::read_to_string(&stderr).unwrap();
    assert!(
        report.contains("FENBOARD_TEST_PANIC_AFTER_FIRST_FRAME is set"),
        "the panic is reported:\n{report}"
    );
    drop(t);
    std::fs::remove_dir_all(dir).unwrap();
}

#[needs(tmux)]
#[test]
fn a_final_fen_that_cannot_be_written_is_exit_2_and_kept_on_stderr() {
    let (_, dir) = scratch_dir("full");
    let stderr = dir.join("stderr");
    let status = dir.join("status");
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let run = |stdout: &str| {
        format!(
            "{} {} 2>{}",
            shell_quote(BIN),
            shell_quote(fen),
            shell_quote(&stderr.to_string_lossy())
        ) + stdout
    };
    // A full disk.
    let t = Tmux::shell(&then_report(&run(" >/dev/full")), 100, 30);
    t.wait_for(&format!("FEN {fen}"));
    t.keys(&["C-q"]);
    let screen = t.wait_for("checked");
    assert!(screen.contains("exit=2"), "{screen}");
    let said = std::fs::read_to_string(&stderr).unwrap();
    assert!(said.contains("cannot write the FEN to stdout"), "{said}");
    assert!(said.contains(fen), "the FEN is not lost: {said}");
    drop(t);
    // A closed pipe: `true` reads nothing and exits at once.
    let command = format!(
        "{{ {}; echo $? >{}; }} | true; echo exit=$(cat {})",
        run(""),
        shell_quote(&status.to_string_lossy()),
        shell_quote(&status.to_string_lossy())
    );
    let t = Tmux::shell(&format!("{command}; echo checked; sleep 60"), 100, 30);
    t.wait_for(&format!("FEN {fen}"));
    t.keys(&["C-q"]);
    let screen = t.wait_for("checked");
    assert!(screen.contains("exit=2"), "{screen}");
    let said = std::fs::read_to_string(&stderr).unwrap();
    assert!(said.contains("Broken pipe"), "{said}");
    drop(t);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_folder_is_refused_once_and_clearly() {
    let (_, dir) = scratch_dir("folder");
    let sub = dir.join("d");
    std::fs::create_dir(&sub).unwrap();
    let named = dir.join("x.fen");
    std::fs::create_dir(&named).unwrap();
    for (folder, shown) in [(&sub, "d"), (&named, "x.fen")] {
        // Relative, as a user types it: `fenboard d`.
        let out = std::process::Command::new(BIN)
            .arg(shown)
            .current_dir(&dir)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", folder.display());
        assert_eq!(out.stdout, b"", "no FEN printed");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(&format!("cannot open {shown}")), "{stderr}");
        assert_eq!(
            stderr.matches("directory").count(),
            1,
            "the reason once: {stderr}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A fresh scratch folder for one test.
fn scratch_dir(name: &str) -> (String, std::path::PathBuf) {
    let tag = format!("fenboard-app-{}-{name}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    (tag, dir)
}

#[needs(tmux)]
#[test]
fn keys_on_the_too_small_screen_edit_nothing_unseen() {
    let t = Tmux::fenboard(&[START], 120, 40);
    t.wait_for(&format!("FEN {START}"));
    t.resize(30, 10);
    t.wait_for("Terminal too small");
    // Piece letters, Space, side, clear, undo, paste: none may touch the board unseen. Ctrl-Q,
    // sent after them, still works here, and prints the FEN as it was.
    t.keys(&["Q", "Space", "t", "X", "u", "Tab", "+"]);
    t.run(&[
        "send-keys",
        "-t",
        "t",
        "-l",
        "\x1b[200~8/8/8/8/8/8/8/K6k w - - 0 1\x1b[201~",
    ]);
    t.keys(&["C-q"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    assert_eq!(end.stdout, format!("{START}\n"));
}

//! End to end: composers' problems in the editor with the real binary in tmux — a twinned
//! record solved with `S` shows `a)` and `b)`, and a click on b)'s key then Enter plays it from
//! b)'s position; a helpmate composed with White to move solves with Black beginning (the side
//! field changed, one undo restores it); Mansfield's 1...Re1 carries no "duals"; a series
//! helpmate's line plays back move by move. Needs tmux.

use crate::common;

use common::{Tmux, needs};

const MATES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/examples/chess-mates.epd"
);

/// The SGR mouse report of a left button event at a 0-based screen cell.
fn click(x: u16, y: u16) -> String {
    format!("\x1b[<0;{};{}M\x1b[<0;{};{}m", x + 1, y + 1, x + 1, y + 1)
}

/// A file of its own for this test, holding `text`.
fn file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("fenboard-e2e-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("problems.epd");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[needs(tmux)]
#[test]
fn a_twinned_record_shows_a_and_b_and_b_plays_from_its_own_position() {
    // Morphy's #2, and b) with the rook on a2.
    let path = file(
        "twins",
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - dm 2; twins \"b) move a1 a2\";\n",
    );
    let t = Tmux::fenboard(&[&path], 120, 40);
    let before = t.wait_fen(|_| true, "the FEN line");
    t.keys(&["S"]);
    t.wait_for("Stipulation: #2_");
    t.keys(&["Enter"]);
    let screen = t.wait_for("│b) move a1 a2");
    assert!(screen.contains("│a)"), "{screen}");
    // b)'s key is the line under its heading: a click there chooses it.
    let (y, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("│b) move a1 a2"))
        .unwrap();
    let x = line.find("│b)").unwrap();
    let x = line[..x].chars().count() as u16 + 2;
    t.type_text(&click(x, y as u16 + 1));
    t.keys(&["Enter"]);
    let playing = t.wait_for("setup FEN");
    assert!(
        playing.contains("Piece placement           kbK5/pp6/1P6/8/8/8/R7/8 "),
        "b)'s position: {playing}"
    );
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("setup FEN"), "back to the setup");
    t.wait_fen(|f| f == before, "the setup's FEN line as it was");
    t.keys(&["C-c"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn a_helpmate_composed_with_white_to_move_solves_with_black_beginning() {
    let t = Tmux::fenboard(&["7k/8/6K1/1p6/8/8/8/R7 w - - 0 1"], 120, 40);
    let before = t.wait_fen(|_| true, "the FEN line");
    assert!(before.contains(" w "), "{before}");
    t.keys(&["S"]);
    t.wait_for("Stipulation: _");
    t.type_text("h#1");
    t.keys(&["Enter"]);
    t.wait_for("Black begins it");
    t.wait_fen(|f| f.contains("R7 b "), "Black to move in the FEN line");
    // 1.b4 Ra8#: Black's move, then White's mate.
    let solved = t.wait_for("1.b4 Ra8#");
    assert!(!solved.contains("no solution"), "{solved}");
    t.keys(&["u"]);
    let undone = t.wait_fen(|f| f.contains("R7 w "), "the side restored");
    assert_eq!(undone, before);
    t.keys(&["C-c"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn mansfields_re1_carries_no_duals() {
    let t = Tmux::fenboard(&[MATES], 120, 40);
    t.wait_for("record 1/");
    t.keys(&["]", "]", "]", "]"]);
    t.wait_for("record 5/");
    t.keys(&["S"]);
    t.wait_for("Stipulation: #2_");
    t.keys(&["Enter"]);
    let screen = t.wait_for("│1.Nf4!");
    // Into the panel, and down to its last lines.
    t.keys(&["BTab", "PageDown", "PageDown"]);
    let re1 = t.wait_until(
        |s| s.lines().any(|l| l.contains("1...") && l.contains("Re1")),
        "the line of 1...Re1",
    );
    let line = re1
        .lines()
        .find(|l| l.contains("1...") && l.contains("Re1"))
        .unwrap();
    assert!(!line.contains("duals"), "{line}\n{screen}");
    assert!(line.contains("2.Qc7#"), "{line}");
    t.keys(&["C-c"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn a_series_helpmates_line_plays_back_every_move_of_the_series() {
    // ser-h#3: Black's king walks 1.Kxa6 2.Ka7 3.Ka8, then 3...Ra4# (White's mate).
    let t = Tmux::fenboard(&["8/1pK5/R7/k7/1R6/8/8/8 b - - 0 1"], 120, 40);
    let before = t.wait_fen(|_| true, "the FEN line");
    t.keys(&["S"]);
    t.wait_for("Stipulation: _");
    t.type_text("ser-h#3");
    t.keys(&["Enter"]);
    let screen = t.wait_for("│1.Kxa6 2.Ka7 3.Ka8 Ra4#");
    // The short solution comes first; the chosen line is the fourth.
    let row = screen
        .lines()
        .filter(|l| l.contains("│1.Kxa6"))
        .position(|l| l.contains("3.Ka8"))
        .unwrap();
    t.keys(&["BTab"]);
    for _ in 0..row {
        t.keys(&["Down"]);
    }
    t.keys(&["Enter"]);
    t.wait_for("setup FEN");
    let placements = [
        "8/1pK5/k7/8/1R6/8/8/8",
        "8/kpK5/8/8/1R6/8/8/8",
        "k7/1pK5/8/8/1R6/8/8/8",
        "k7/1pK5/8/8/R7/8/8/8",
    ];
    for (i, placement) in placements.iter().enumerate() {
        t.keys(&["Right"]);
        let shown = t.wait_for(&format!("move {} of 4", i + 1));
        assert!(
            shown.contains(&format!("Piece placement           {placement} ")),
            "after move {}: {shown}",
            i + 1
        );
    }
    let end = t.wait_for("▸Ra4#");
    assert!(
        end.contains("3.  Ka8"),
        "the series numbered move by move: {end}"
    );
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("setup FEN"), "back to the setup");
    t.wait_fen(|f| f == before, "the setup's FEN line as it was");
    t.keys(&["C-c"]);
    t.wait_exit();
}

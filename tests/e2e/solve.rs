//! End to end: solving in the editor (`S`) with the real binary in tmux — the prompt prefilled
//! from the record, the published key in the Solution panel, Esc stopping a long solve, an
//! edit making a result stale; the position never changed by any of it. Needs tmux.

use crate::common;

use common::{Tmux, needs};

const MATES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/examples/chess-mates.epd"
);

/// The first record of the example file: its FEN fields and its published key (`bm`).
fn first_record() -> (String, String) {
    let text = std::fs::read_to_string(MATES).unwrap();
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap();
    let fen: Vec<&str> = line.split_whitespace().take(4).collect();
    let bm = line
        .split(';')
        .map(str::trim)
        .find_map(|op| op.strip_prefix("bm "))
        .expect("record 1 has a bm operation")
        .trim()
        .to_owned();
    (fen.join(" "), bm)
}

#[needs(tmux)]
#[test]
fn s_solves_record_one_and_shows_its_published_key() {
    let (fen, bm) = first_record();
    let t = Tmux::fenboard(&[MATES], 120, 40);
    // The whole first frame: the title and the FEN line (a capture can come mid-frame).
    t.wait_for("record 1/");
    let before = t.wait_fen(|_| true, "record 1's FEN line");
    assert!(before.contains(&fen), "{before}");
    t.keys(&["S"]);
    // Prefilled from the record's `dm 2`.
    t.wait_for("Stipulation: #2_");
    t.keys(&["Enter"]);
    // The key heads a row of the Solution panel (the record's c1 text in the diagnostics
    // names it too, indented).
    let key = format!("│1.{bm}!");
    let screen = t.wait_for(&key);
    assert!(screen.contains("#2 · sound: 1 key"), "{screen}");
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Stipulation:"), "the prompt closed");
    t.wait_fen(|f| f == before, "the position as it was");
    t.keys(&["C-c"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn esc_stops_a_long_solve_and_an_edit_makes_the_result_stale() {
    let t = Tmux::fenboard(
        &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
        120,
        40,
    );
    let before = t.wait_fen(|_| true, "the FEN line");
    t.keys(&["S"]);
    t.wait_for("Stipulation: _");
    // The start position has no mate in 8, and proving it takes far longer than a test.
    t.type_text("#8");
    t.keys(&["Enter"]);
    t.wait_for("solving #8");
    // Editing goes on while it runs: the cursor moves.
    t.keys(&["Escape"]);
    t.wait_for("unfinished (stopped)");
    t.wait_fen(|f| f == before, "the position as it was");
    // An edit: the result no longer describes the board.
    t.keys(&["t"]);
    t.wait_for("stale · #8");
    t.keys(&["C-c"]);
    t.wait_exit();
}

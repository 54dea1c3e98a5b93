//! End to end: play mode in a real terminal (tmux): moves by keys, the Moves panel, take-back,
//! Esc back to the setup, and the setup kept as it was (printed on Ctrl-Q).

use crate::common;

use crate::clipboard::NO_DISPLAY;
use common::{Tmux, needs};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[needs(tmux)]
#[test]
fn play_mode_moves_by_keys_take_back_and_esc_returns_the_setup() {
    let t = Tmux::fenboard_env(&[], &NO_DISPLAY, 120, 40);
    t.wait_for(&format!("FEN {START}"));
    t.keys(&["M"]);
    t.wait_for("Play · Moves");
    // e2e4: the cursor jump, Enter on the pawn, the jump, Enter on the target.
    t.type_text("ge2");
    t.keys(&["Enter"]);
    t.wait_for("on e2 chosen");
    t.type_text("ge4");
    t.keys(&["Enter"]);
    t.wait_for("move 1 of 1");
    t.type_text("ge7");
    t.keys(&["Enter"]);
    t.type_text("ge5");
    t.keys(&["Enter"]);
    let screen = t.wait_for("move 2 of 2");
    assert!(screen.contains("1.  e4       ▸e5"), "{screen}");
    assert!(
        screen.contains("Black to move") || screen.contains("White to move"),
        "{screen}"
    );
    // The FEN line stays on the setup; the fields show the position on the board.
    assert!(screen.contains(&format!("setup FEN {START}")), "{screen}");
    assert!(screen.contains("w (White)"), "{screen}");
    // y copies the moves as PGN (through the tmux buffer: no display, no SSH).
    t.keys(&["y"]);
    t.wait_for("PGN copied");
    assert_eq!(
        t.run(&["show-buffer"]),
        format!("[SetUp \"1\"]\n[FEN \"{START}\"]\n\n1. e4 e5 *\n")
    );
    t.keys(&["u"]);
    let screen = t.wait_for("move 1 of 1");
    assert!(screen.contains("e5 taken back"), "{screen}");
    assert!(screen.contains("1. ▸e4"), "{screen}");
    t.keys(&["Escape"]);
    // " FEN …" is also the end of "setup FEN …": wait for the panel to go.
    t.wait_until(|s| !s.contains("Play · Moves"), "the setup back");
    t.wait_fen(|f| f == format!("FEN {START}"), "the setup's FEN line");
    let screen = t.wait_for("back to the setup");
    assert!(!screen.contains("setup FEN"), "{screen}");
    t.keys(&["C-q"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    assert_eq!(end.stdout, format!("{START}\n"));
}

#[needs(tmux)]
#[test]
fn shift_arrows_shift_the_position_in_a_real_terminal() {
    let t = Tmux::fenboard(&["8/4k3/8/8/8/8/4K3/8", "w", "-", "-", "0", "1"], 120, 40);
    t.wait_for("FEN 8/4k3/8/8/8/8/4K3/8 w - - 0 1");
    t.keys(&["S-Right"]);
    t.wait_for("FEN 8/5k2/8/8/8/8/5K2/8 w - - 0 1");
    t.keys(&["S-Up"]);
    t.wait_for("FEN 5k2/8/8/8/8/5K2/8/8 w - - 0 1");
    t.keys(&["S-Up"]);
    t.wait_for("a piece would fall off the board");
    t.keys(&["u", "u"]);
    t.wait_for("FEN 8/4k3/8/8/8/8/4K3/8 w - - 0 1");
    t.keys(&["C-c"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn play_modes_own_pgn_pasted_back_with_v_loads_the_game_at_its_end() {
    let t = Tmux::fenboard_env(&[], &NO_DISPLAY, 120, 40);
    t.wait_for(&format!("FEN {START}"));
    t.keys(&["M"]);
    t.wait_for("Play · Moves");
    for (from, to) in [
        ("gf2", "gf3"),
        ("ge7", "ge5"),
        ("gg2", "gg4"),
        ("gd8", "gh4"),
    ] {
        t.type_text(from);
        t.keys(&["Enter"]);
        t.type_text(to);
        t.keys(&["Enter"]);
    }
    t.wait_for("move 4 of 4");
    t.keys(&["y"]);
    t.wait_for("PGN copied");
    // Back to the setup and a fresh board, then the copied game pasted with v.
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Play · Moves"), "the setup back");
    t.keys(&["v"]);
    let screen = t.wait_for("PGN game loaded: 4 moves");
    assert!(screen.contains("move 4 of 4"), "{screen}");
    // = keeps the end of the game as the setup: fool's mate, printed on quitting.
    t.keys(&["="]);
    t.wait_until(|s| !s.contains("Play · Moves"), "the game's end kept");
    t.keys(&["C-q"]);
    let end = t.wait_exit();
    assert_eq!(end.status, 0, "{}", end.stderr);
    let fen = end.stdout.trim();
    assert!(
        fen.starts_with("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq"),
        "{fen}"
    );
}

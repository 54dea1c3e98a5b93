//! End to end: a record that does not read keeps its text in the live editor. A key that
//! really edits the stand-in board replaces it, and `u` brings the exact text back, so that
//! saving writes the file as it was. Needs tmux.

use crate::common;

use common::{Tmux, needs};

const GOOD: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
const BROKEN: &str = "4k3/8/8/8/8/8/8/4K3 w - - zz q";

#[needs(tmux)]
#[test]
fn a_key_and_undo_on_a_record_that_does_not_read_give_back_its_exact_text() {
    let dir = std::env::temp_dir().join(format!("fenboard-unread-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.fen");
    let original = format!("{GOOD}\n{BROKEN}\n");
    std::fs::write(&file, &original).unwrap();
    let t = Tmux::fenboard(&[&file.to_string_lossy()], 120, 40);
    t.wait_for("record 1/2");
    t.keys(&["]"]);
    t.wait_for("record 2/2");
    t.wait_fen(|f| f == format!("FEN {BROKEN}"), "record 2's own text");
    // A key that changes nothing on the stand-in board leaves the text.
    t.keys(&["x"]);
    t.keys(&["K"]);
    let screen = t.wait_for("FEN 8/8/8/8/8/8/8/K7 w - - 0 1");
    assert!(screen.contains("record 2/2"), "{screen}");
    t.keys(&["u"]);
    t.wait_fen(|f| f == format!("FEN {BROKEN}"), "the text back");
    t.keys(&["C-s"]);
    t.wait_for("saved");
    t.keys(&["C-q"]);
    t.wait_for("there is no FEN to print");
    t.keys(&["q"]);
    t.wait_exit();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), original);
    let _ = std::fs::remove_dir_all(&dir);
}

//! End to end: the `S` prompt in the live editor — its prefill selected (typing replaces it,
//! an arrow keeps it, Ctrl-U empties the prompt) and the stipulation it stores one undo step.
//! Needs tmux.

use crate::common;

use common::{Tmux, needs};

const MATES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/examples/chess-mates.epd"
);

fn title(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

#[needs(tmux)]
#[test]
fn typing_replaces_the_prefill_and_the_stored_stipulation_is_undone_by_u() {
    // A copy: the stipulation stored makes the file modified, and Ctrl-C leaves a rescue.
    let dir = std::env::temp_dir().join(format!("fenboard-stip-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mates.epd");
    std::fs::copy(MATES, &file).unwrap();
    let t = Tmux::fenboard(&[&file.to_string_lossy()], 120, 40);
    let screen = t.wait_for("record 1/");
    assert!(title(&screen).contains("#2"), "{screen}");
    t.keys(&["S"]);
    t.wait_for("Stipulation: #2_");
    t.type_text("s#2");
    t.wait_for("Stipulation: s#2_");
    // Ctrl-U empties it; an arrow keeps the prefill and types after it.
    t.keys(&["C-u"]);
    t.wait_for("Stipulation: _");
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Stipulation:"), "the prompt closed");
    t.keys(&["S"]);
    t.wait_for("Stipulation: #2_");
    t.keys(&["End"]);
    t.type_text(" tries");
    t.wait_for("Stipulation: #2 tries_");
    t.keys(&["C-u"]);
    t.type_text("s#2");
    t.keys(&["Enter"]);
    let screen = t.wait_until(|s| title(s).contains("s#2"), "s#2 in the title");
    assert!(title(&screen).contains("modified"), "{screen}");
    t.wait_for("│s#2 · ");
    t.keys(&["u"]);
    let screen = t.wait_for("undone");
    assert!(!title(&screen).contains("s#2"), "{screen}");
    assert!(title(&screen).contains("#2"), "{screen}");
    t.keys(&["C-c"]);
    t.wait_exit();
    let _ = std::fs::remove_dir_all(&dir);
}

//! End to end: the Record overlay (`i`) editing a record's author, seen on screen and in the
//! saved file, and undone; and `d` on a FEN given on the command line numbering its diagrams
//! instead of replacing the last one.

use crate::common;

use common::{Tmux, needs, shell_quote};

/// A folder of its own for one test, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("fenboard-e2e-record-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const FILE: &str = "# two problems\nkbK5/pp6/1P6/8/8/8/8/R7 w - - id \"Morphy\"; dm 2;\n\
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - c0 \"Start\";\n";

#[needs(tmux)]
#[test]
fn the_author_edited_in_the_record_overlay_is_saved_and_undone() {
    let dir = Scratch::new("author");
    let path = dir.0.join("problems.epd");
    std::fs::write(&path, FILE).unwrap();
    let t = Tmux::fenboard(&[path.to_str().unwrap()], 100, 30);
    t.wait_for("record 1/2");
    t.keys(&["i"]);
    let screen = t.wait_for("Author, source");
    assert!(
        screen.contains("Morphy") && screen.contains("#2"),
        "{screen}"
    );
    t.keys(&["Enter"]);
    t.type_text("Paul Morphy, 1856");
    t.keys(&["Enter"]);
    let screen = t.wait_for("c0 set in the record");
    assert!(screen.contains("Paul Morphy, 1856"), "{screen}");
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Author, source"), "the overlay closed");
    t.keys(&["C-s"]);
    t.wait_for("saved");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        saved,
        FILE.replace("dm 2;", "dm 2; c0 \"Paul Morphy, 1856\";")
    );
    // Undone in the overlay: the row is empty again, and the file as it was.
    t.keys(&["i"]);
    t.wait_for("Author, source");
    t.keys(&["u"]);
    t.wait_until(|s| !s.contains("Paul Morphy"), "the author undone");
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Author, source"), "the overlay closed");
    t.keys(&["C-s"]);
    t.wait_until(
        |_| std::fs::read_to_string(&path).is_ok_and(|s| s == FILE),
        "the file as it was",
    );
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().status, 0);
}

#[needs(tmux)]
#[test]
fn d_twice_on_a_command_line_fen_writes_two_diagrams() {
    let dir = Scratch::new("diagram");
    // A diagram already there stays.
    std::fs::write(dir.0.join("diagram.svg"), "earlier").unwrap();
    let script = format!(
        "cd {} && exec {} {} 2>{}",
        shell_quote(&dir.0.to_string_lossy()),
        shell_quote(common::BIN),
        shell_quote("kbK5/pp6/1P6/8/8/8/8/R7 w - -"),
        shell_quote(&dir.0.join("stderr").to_string_lossy()),
    );
    let t = Tmux::shell(&script, 120, 40);
    t.wait_for("FEN kbK5");
    // The stipulation set with S goes into the caption.
    t.keys(&["S"]);
    t.wait_for("Esc cancel");
    t.type_text("#2");
    t.keys(&["Enter"]);
    t.wait_for("#2 (3+4)");
    t.keys(&["d"]);
    t.wait_for("diagram-2.svg");
    t.keys(&["d"]);
    t.wait_for("diagram-3.svg");
    for n in ["diagram-2", "diagram-3"] {
        let svg = std::fs::read_to_string(dir.0.join(format!("{n}.svg"))).unwrap();
        assert!(svg.contains("#2"), "{n}.svg has no stipulation");
        assert!(dir.0.join(format!("{n}.png")).is_file(), "{n}.png");
    }
    assert_eq!(
        std::fs::read_to_string(dir.0.join("diagram.svg")).unwrap(),
        "earlier"
    );
    t.keys(&["C-q"]);
}

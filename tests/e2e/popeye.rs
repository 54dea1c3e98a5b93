//! End to end: Popeye text pasted into the editor, and a Popeye input opened as a collection
//! that saves as an EPD file beside it.

use crate::common;

use common::{Tmux, needs};

const FEN: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/// A folder of its own for one test, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("fenboard-e2e-popeye-{name}-{}", std::process::id()));
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

#[needs(tmux)]
#[test]
fn pasting_popeye_text_loads_its_position_and_stipulation() {
    let t = Tmux::fenboard(&[FEN], 120, 40);
    t.wait_for(&format!("FEN {FEN}"));
    t.run(&[
        "set-buffer",
        "pieces white kc8 qd1\nblack ka8 pa7\nstipulation h#2\n",
    ]);
    t.run(&["paste-buffer", "-p", "-t", "t"]);
    let screen = t.wait_for("FEN k1K5/p7/8/8/8/8/8/3Q4 b - - 0 1");
    assert!(
        screen.contains("pasted Popeye problem loaded h#2"),
        "{screen}"
    );
    // S offers the pasted stipulation.
    t.keys(&["S"]);
    t.wait_for("Esc cancel");
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("Esc cancel"), "the prompt closed");
    t.keys(&["u"]);
    t.wait_for(&format!("FEN {FEN}"));
    t.keys(&["C-q"]);
    let ended = t.wait_exit();
    assert_eq!(ended.status, 0, "{}", ended.stderr);
    assert_eq!(ended.stdout, format!("{FEN}\n"));
}

const INPUT: &str = "BeginProblem\nAuthor Sam Loyd\nPieces White Kc6 Qd1 Black Ka8\nStipulation #2\n\
NextProblem\nCondition Circe\nPieces White Kc6 Qd1 Black Ka8\nStipulation #2\nEndProblem\n";

#[needs(tmux)]
#[test]
fn an_opened_popeye_input_says_it_saves_as_epd_and_never_writes_the_inp() {
    let dir = Scratch::new("open");
    let inp = dir.0.join("loyd.inp");
    let epd = dir.0.join("loyd.epd");
    std::fs::write(&inp, INPUT).unwrap();
    let t = Tmux::fenboard(&[inp.to_str().unwrap()], 140, 40);
    let screen = t.wait_for("saves as");
    assert!(screen.contains("loyd.epd · record 1/1"), "{screen}");
    assert!(screen.contains("loyd.inp (Popeye) saves as"), "{screen}");
    assert!(screen.contains("1 problems not read"), "{screen}");
    t.keys(&["C-s"]);
    t.wait_for("saved");
    assert_eq!(
        std::fs::read_to_string(&epd).unwrap(),
        "k7/8/2K5/8/8/8/8/3Q4 w - - c0 \"Sam Loyd\"; stip \"#2\";\n"
    );
    assert_eq!(std::fs::read_to_string(&inp).unwrap(), INPUT);
    t.keys(&["C-q"]);
    assert_eq!(t.wait_exit().status, 0);
}

#[needs(tmux)]
#[test]
fn an_epd_already_beside_the_input_is_not_replaced_without_asking() {
    let dir = Scratch::new("exists");
    let inp = dir.0.join("loyd.inp");
    let epd = dir.0.join("loyd.epd");
    std::fs::write(&inp, INPUT).unwrap();
    std::fs::write(&epd, "mine\n").unwrap();
    let t = Tmux::fenboard(&[inp.to_str().unwrap()], 140, 40);
    let screen = t.wait_for("saves as");
    assert!(
        screen.contains("which exists: saving asks first"),
        "{screen}"
    );
    t.keys(&["C-s"]);
    t.wait_for("o overwrite");
    t.keys(&["c"]);
    assert_eq!(std::fs::read_to_string(&epd).unwrap(), "mine\n");
}

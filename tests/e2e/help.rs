//! End to end: the way to help and to quit stays on screen (a long record id at 80×24, the
//! Spanish hint bar at 120 columns), and the help pages by the rows it shows. Needs tmux.

use crate::common;

use common::{Tmux, needs};

/// The rows the help shows, from its scroll position (`1-35` in `scroll (1-35 of 79)`).
fn shown_rows(screen: &str) -> (usize, usize) {
    let line = screen
        .lines()
        .find(|l| l.contains("scroll ("))
        .unwrap_or_else(|| panic!("no scroll position in\n{screen}"));
    let inside = &line[line.find("scroll (").unwrap() + 8..];
    let numbers: Vec<usize> = inside
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(2)
        .map(|s| s.parse().unwrap())
        .collect();
    (numbers[0], numbers[1])
}

#[needs(tmux)]
#[test]
fn a_long_record_id_at_80x24_leaves_help_in_the_title() {
    let dir = std::env::temp_dir().join(format!("fenboard-help-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.epd");
    let id = "a-record-id-far-too-long-for-the-title-of-an-eighty-column-terminal-window";
    std::fs::write(&file, format!("4k3/8/8/8/8/8/8/R3K3 w - - id \"{id}\";\n")).unwrap();
    let t = Tmux::fenboard(&[&file.to_string_lossy()], 80, 24);
    let screen = t.wait_for("record 1/");
    let title = screen.lines().next().unwrap_or_default();
    assert!(title.contains("? help"), "{title}");
    t.keys(&["C-q"]);
    t.wait_exit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[needs(tmux)]
#[test]
fn the_spanish_hint_bar_at_120_columns_names_help_and_quit() {
    let t = Tmux::fenboard(&["--lang", "es"], 120, 40);
    let screen = t.wait_for("mover");
    let bar = screen.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert!(bar.contains("? ayuda"), "{bar}");
    assert!(bar.contains("^Q salir"), "{bar}");
    t.keys(&["C-q"]);
    t.wait_exit();
}

#[needs(tmux)]
#[test]
fn page_down_in_the_help_moves_by_the_rows_it_shows() {
    let t = Tmux::fenboard(&[], 120, 40);
    t.wait_for("? help");
    t.keys(&["?"]);
    let first = shown_rows(&t.wait_for("scroll ("));
    assert_eq!(first.0, 1);
    let rows = first.1 - first.0 + 1;
    t.keys(&["PageDown"]);
    let next = t.wait_until(|s| shown_rows(s).0 != 1, "the help paged");
    let second = shown_rows(&next);
    assert_eq!(second.0, first.1 + 1, "{next}");
    assert!(
        rows > 20,
        "a 40-row terminal shows more than 20 help rows: {rows}"
    );
    // Apart: an Esc with a key right after it reads as Alt and that key.
    t.keys(&["Escape"]);
    t.wait_until(|s| !s.contains("scroll ("), "the help closed");
    t.keys(&["C-q"]);
    t.wait_exit();
}

//! PGN through the command line: `convert` takes a `.pgn`, each game a record at its start
//! position with its main line as the solution `c1`.

use crate::common::cli::{fenboard, stderr, stdout};

#[test]
fn a_file_of_games_converts_to_one_record_per_game_at_its_start() {
    let o = fenboard(&["convert", "tests/fixtures/pgn/games.pgn", "--to", "epd"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert!(lines[0].starts_with(start), "{out}");
    assert!(lines[0].contains("id \"London\";"), "{out}");
    assert!(lines[3].contains("c1 \"f3 e5 g4 Qh4#\";"), "{out}");
    // The study's setup comes from its FEN tag, its moves as the file gives them.
    assert!(lines[4].starts_with("8/8/8/8/8/2k5/2p5/K7 w - -"), "{out}");
    assert!(
        lines[4].contains("c1 \"Ka2 Kd2 Ka3 c1=Q+ Ka4 Qa1+ Kb5\";"),
        "{out}"
    );
}

#[test]
fn a_game_converted_to_pgn_keeps_its_setup_and_main_line() {
    let o = fenboard(&["convert", "tests/fixtures/pgn/opera.pgn", "--to", "pgn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("[Event \"Paris\"]\n"), "{out}");
    assert!(out.contains("1. e4 e5 2. Nf3 d6 3. d4 Bg4"), "{out}");
    assert!(out.ends_with(" 16. Qb8+ Nxb8 17. Rd8# *\n"), "{out}");
}

#[test]
fn a_pgn_that_does_not_read_is_an_error_naming_why() {
    let dir = std::env::temp_dir().join(format!("fenboard-pgn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.pgn");
    std::fs::write(&path, "[Variant \"Atomic\"]\n\n1. e4 *\n").unwrap();
    let o = fenboard(&["convert", path.to_str().unwrap(), "--to", "epd"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("Atomic"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn convert_calls_a_game_of_a_pgn_by_its_number() {
    let dir = crate::common::cli::Scratch::new("pgn-game-number");
    let pgn = "[Event \"one\"]\n\n1. e4 e5 *\n\n[Event \"two\"]\n\n1. e4 e5 2. Ke3 *\n";
    let path = dir.file("two.pgn", pgn);
    let o = fenboard(&["convert", path.to_str().unwrap(), "--to", "popeye"]);
    let err = stderr(&o);
    assert_ne!(o.status.code(), Some(0), "{err}");
    // The second game's third move is not legal; neither game has a stipulation for Popeye.
    assert!(err.contains("game 2: move 3 (Ke3)"), "{err}");
    assert!(
        err.contains("game 1: the record has no stipulation"),
        "{err}"
    );
    assert!(
        !err.contains("line 1:") && !err.contains("line 2:"),
        "{err}"
    );
}

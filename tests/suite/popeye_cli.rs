//! Popeye input through the command line: `solve`, `check` and `convert` on `.inp` files, and
//! `convert`'s formats.

use crate::common::cli::{Scratch, fenboard, stderr, stdout};

/// Each problem's id and its keys (UCI, sorted), from `solve --json`'s lines.
fn keys(json_lines: &str) -> Vec<(String, Vec<String>)> {
    json_lines
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let mut k: Vec<String> = v["keys"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k["uci"].as_str().unwrap().to_string())
                .collect();
            k.sort();
            (v["id"].as_str().unwrap_or("").to_string(), k)
        })
        .collect()
}

#[test]
fn a_collection_converted_to_popeye_solves_to_the_same_keys() {
    let dir = Scratch::new("popeye-cli-1");
    let inp = dir.path().join("mates.inp");
    let inp = inp.to_str().unwrap();
    let o = fenboard(&[
        "convert",
        "assets/examples/chess-mates.epd",
        "--to",
        "popeye",
        "-o",
        inp,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(inp).unwrap();
    assert!(text.starts_with("beginproblem\n"), "{text}");
    assert_eq!(text.matches("nextproblem").count(), 16, "{text}");
    let epd = fenboard(&["solve", "--json", "assets/examples/chess-mates.epd"]);
    let popeye = fenboard(&["solve", "--json", inp]);
    assert_eq!(popeye.status.code(), Some(0), "{}", stderr(&popeye));
    let (a, b) = (keys(&stdout(&epd)), keys(&stdout(&popeye)));
    // 17 problems, the twinned one's five twins each a result.
    assert_eq!(a.len(), 21);
    assert_eq!(a, b);
}

const MIXED: &str = "BeginProblem\nTitle one\nPieces White Kc6 Qd1 Black Ka8\nStipulation #2\nNextProblem\n\
Condition Circe\nPieces White Kc6 Qd1 Black Ka8\nStipulation #2\nNextProblem\n\
Pieces White Kc6 LEd1 Black Ka8\nStipulation #2\nEndProblem\n";

#[test]
fn check_reports_fairy_problems_at_their_line_and_column_and_goes_on() {
    let dir = Scratch::new("popeye-cli-2");
    let path = dir.path().join("mixed.inp");
    std::fs::write(&path, MIXED).unwrap();
    let o = fenboard(&["check", path.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("mixed.inp:6:11: error[popeye_fairy]: condition Circe"),
        "{out}"
    );
    assert!(
        out.contains("mixed.inp:10:18: error[popeye_fairy]: fairy piece 'LE'"),
        "{out}"
    );
    assert!(out.contains("3 records: 1 valid, 2 invalid"), "{out}");
}

#[test]
fn solve_solves_the_orthodox_problems_of_an_input_and_names_the_others() {
    let dir = Scratch::new("popeye-cli-3");
    let path = dir.path().join("mixed.inp");
    std::fs::write(&path, MIXED).unwrap();
    let o = fenboard(&["solve", path.to_str().unwrap()]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(out.contains("one: #2 cooked (5 keys)"), "{out}");
    assert!(err.contains("condition Circe"), "{err}");
    assert!(err.contains("fairy piece 'LE'"), "{err}");
}

#[test]
fn french_and_german_inputs_solve_like_the_english_one() {
    let dir = Scratch::new("popeye-cli-4");
    let inputs = [
        "BeginProblem\nPieces White Kb6 Rh1 Black Ka8\nStipulation #1\nEndProblem\n",
        "DebutProbleme\nPieces Blanc Rb6 Th1 Noir Ra8\nEnonce #1\nFinProbleme\n",
        "AnfangProblem\nSteine Weiss Kb6 Th1 Schwarz Ka8\nForderung #1\nEndeProblem\n",
    ];
    let mut answers = Vec::new();
    for (i, text) in inputs.iter().enumerate() {
        let path = dir.path().join(format!("{i}.inp"));
        std::fs::write(&path, text).unwrap();
        let o = fenboard(&["solve", "--json", path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        answers.push(keys(&stdout(&o)));
    }
    assert_eq!(answers[0], [(String::new(), vec!["h1h8".to_string()])]);
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
}

#[test]
fn any_file_whose_first_word_is_begin_reads_as_popeye() {
    let dir = Scratch::new("popeye-cli-5");
    let path = dir.path().join("problem.txt");
    std::fs::write(&path, "begin pieces white kb6 rh1 black ka8 stip #1 end").unwrap();
    let o = fenboard(&["convert", path.to_str().unwrap(), "--to", "epd"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "k7/8/1K6/8/8/8/8/7R w - - stip \"#1\";\n");
}

#[test]
fn stip_solves_a_popeye_files_problems_under_it_not_their_own() {
    let dir = Scratch::new("popeye-cli-stip");
    let path = dir.path().join("two.inp");
    std::fs::write(
        &path,
        "beginproblem stipulation #2 pieces white kb6 rh1 black ka8 next \
         stipulation h#3 pieces white ka1 black kh8 endproblem",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let own = stdout(&fenboard(&["solve", "--threads", "1", path]));
    assert!(
        own.contains(": #2 cooked") && own.contains(": h#3"),
        "{own}"
    );
    let o = fenboard(&["solve", "--threads", "1", "--stip", "#1", path]);
    // Status 1: a problem without a solution.
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    // The first problem is a mate in one (1.Rh8#), the second no mate at all.
    assert!(
        out.contains(": #1 sound") && out.contains("1.Rh8#"),
        "{out}"
    );
    assert!(out.contains(": #1 no solution"), "{out}");
    assert!(!out.contains(": #2") && !out.contains(": h#3"), "{out}");
}

#[test]
fn convert_to_pgn_writes_the_setup_and_the_main_line() {
    let o = fenboard(&[
        "convert",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 id \"Ruy\"; pv Bb5 a6 Ba4;",
        "--to",
        "pgn",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.starts_with("[Event \"Ruy\"]\n"), "{out}");
    assert!(out.contains("[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"]\n"), "{out}");
    assert!(out.ends_with("\n3. Bb5 a6 4. Ba4 *\n"), "{out}");
    let x = fenboard(&[
        "convert",
        "assets/examples/xiangqi-endgames.fen",
        "--to",
        "pgn",
    ]);
    assert_eq!(x.status.code(), Some(0), "{}", stderr(&x));
    assert!(stdout(&x).contains("[Variant \"xiangqi\"]"));
}

#[test]
fn records_popeye_cannot_take_are_said_and_the_rest_written() {
    let o = fenboard(&[
        "convert",
        "assets/examples/xiangqi-endgames.fen",
        "--to",
        "popeye",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("Popeye reads orthodox chess"),
        "{}",
        stderr(&o)
    );
    let none = fenboard(&["convert", "/nonexistent/x.epd", "--to", "epd"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(stderr(&none).contains("cannot read"), "{}", stderr(&none));
}

#[cfg(unix)]
#[test]
fn a_failed_write_is_the_exit_status() {
    let o = fenboard(&[
        "convert",
        "assets/examples/chess-mates.epd",
        "--to",
        "epd",
        "-o",
        "/dev/full",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot write /dev/full"),
        "{}",
        stderr(&o)
    );
    let same = fenboard(&[
        "convert",
        "assets/examples/chess-mates.epd",
        "--to",
        "epd",
        "-o",
        "assets/examples/chess-mates.epd",
    ]);
    assert_eq!(same.status.code(), Some(2));
}

#[test]
fn check_places_a_position_error_at_the_word_of_the_input_that_made_it() {
    let dir = Scratch::new("popeye-cli-place");
    let text = "beginproblem\nstipulation #2\npieces white kc8 qd1\n  black ka6 pb8\nendproblem\n";
    let path = dir.file("pawn.inp", text);
    let o = fenboard(&["check", path.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    // `pb8` is line 4, column 14: where the pawn on the last rank was put.
    let (line, col) = (4, text.lines().nth(3).unwrap().find("pb8").unwrap() + 1);
    assert!(
        out.contains(&format!("pawn.inp:{line}:{col}: error[pawns_on_backrank]")),
        "{out}"
    );
    let o = fenboard(&["check", "--json", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(v["diagnostics"][0]["line"], line);
    assert_eq!(v["diagnostics"][0]["col"], col);
    // A position error that names no man is placed at the pieces command.
    let path = dir.file(
        "nokings.inp",
        "beginproblem\nstipulation #2\n  pieces white qd1 black ka6\nendproblem\n",
    );
    let out = stdout(&fenboard(&["check", path.to_str().unwrap()]));
    assert!(out.contains("nokings.inp:3:3: error["), "{out}");
}

//! `fenboard solve` end to end: the example problems, exit statuses, JSON Lines, bad input.

use std::process::{Command, Output};

use crate::common::cli::{fenboard, stdout};

fn solve(args: &[&str]) -> Output {
    fenboard(&[&["solve"], args].concat())
}

#[test]
fn the_example_problems_are_all_sound_with_their_published_keys() {
    let o = solve(&["assets/examples/chess-mates.epd"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("17 problems: 17 sound, 0 cooked, 0 without solution"),
        "{out}"
    );
    // The thirteen direct mates, the selfmate and the reflexmate have a bm.
    assert_eq!(out.matches("bm agrees").count(), 15, "{out}");
    assert!(out.contains("1.Qa7! zugzwang"), "{out}");
    assert!(out.contains("1...Kg1 2.Rd2#"), "{out}");
}

#[test]
fn a_cooked_helpmates_lines_in_another_notation_are_those_its_json_names() {
    // The text names and renames each line as it writes it; the JSON names the same lines
    // in coordinates of its own: the same moves, in the same order, the same short ones.
    for stip in ["h#3", "ser-h#5"] {
        let fen = "4k3/8/4K3/8/8/8/8/R7 b - - 0 1";
        let text = solve(&["--notation", "coordinates", "--stip", stip, fen]);
        let json = solve(&["--json", "--stip", stip, fen]);
        assert_eq!(text.status.code(), Some(0), "{stip}");
        let v: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
        let expected: Vec<String> = v["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .zip(v["short"].as_array().unwrap())
            .map(|(line, short)| {
                let moves: Vec<&str> = line
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m["uci"].as_str().unwrap())
                    .collect();
                format!("{} {}", moves.join(" "), short.as_bool().unwrap())
            })
            .collect();
        assert!(expected.len() > 10, "{stip}: {}", expected.len());
        let written: Vec<String> = stdout(&text)
            .lines()
            .filter(|l| l.starts_with("  1."))
            .map(|l| {
                let moves: Vec<&str> = l
                    .split_whitespace()
                    .filter(|w| *w != "(short)")
                    .map(|w| w.rsplit('.').next().unwrap())
                    .collect();
                format!("{} {}", moves.join(" "), l.ends_with("(short)"))
            })
            .collect();
        assert_eq!(written, expected, "{stip}");
    }
}

#[test]
fn json_lines_follow_the_schema() {
    let o = solve(&[
        "--json",
        "--tries",
        "--stip",
        "#2",
        "8/7B/K3Q3/4pq2/1P1p4/bR6/1B6/NkN4R w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(v["result"], "solved");
    assert_eq!(v["stipulation"], "#2");
    assert_eq!(v["keys"][0]["uci"], "b3g3");
    assert_eq!(v["keys"][0]["san"], "Rg3");
    assert_eq!(v["threat"][0]["san"], "Qa2#");
    let qd3 = v["variations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["defence"]["san"] == "Qd3+")
        .expect("the defence Qd3+");
    assert_eq!(qd3["continuations"][0][0]["san"], "Nxd3#");
    assert!(v["tries"].is_array());
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["seconds"].as_f64().is_some());
    assert_eq!(v["solutions"], serde_json::json!([]));
}

#[test]
fn helpmate_solutions_are_whole_lines() {
    // Black to move: 1.Kh8-g8?? — the helpmate's lines end with White's mate.
    let o = solve(&["--json", "--stip", "h#2", "7k/8/5K2/8/8/8/8/6N1 b - - 0 1"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    for (line, short) in v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .zip(v["short"].as_array().unwrap())
    {
        let line = line.as_array().unwrap();
        assert_eq!(line.len(), if short.as_bool().unwrap() { 2 } else { 4 });
        assert!(line.last().unwrap()["san"].as_str().unwrap().ends_with('#'));
    }
}

#[test]
fn no_solution_exits_one() {
    let o = solve(&["--stip", "#2", "k7/8/8/8/8/8/8/K7 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no solution"));
}

#[test]
fn bad_input_exits_two_with_a_reason() {
    for args in [
        &["--stip", "#0", "k7/8/8/8/8/8/8/K7 w - - 0 1"][..],
        &["--stip", "x", "k7/8/8/8/8/8/8/K7 w - - 0 1"],
        &["--stip", "#99", "k7/8/8/8/8/8/8/K7 w - - 0 1"],
        &["--stip", "#2", "not a fen"],
        &["--stip", "#2", "8/8/8/8/8/8/8/K7 w - - 0 1"],
        &["k7/8/8/8/8/8/8/K7 w - - 0 1"],
        &[
            "--stip",
            "#2",
            "--max-time",
            "soon",
            "k7/8/8/8/8/8/8/K7 w - - 0 1",
        ],
        &["no-such-file.epd"],
        &[
            "--stip",
            "=1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        ],
    ] {
        let o = solve(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("fenboard solve: "), "{args:?}: {err}");
    }
}

#[test]
fn max_time_stops_with_what_is_proved_and_exits_three() {
    let o = solve(&[
        "--stip",
        "#6",
        "--threads",
        "1",
        "--max-time",
        "300ms",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stdout(&o).contains("unfinished"), "{}", stdout(&o));
}

#[test]
fn xiangqi_moves_are_written_in_wxf() {
    let o = solve(&[
        "--json",
        "--stip",
        "#1",
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    let mut keys: Vec<&str> = v["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["uci"].as_str().unwrap())
        .collect();
    keys.sort();
    assert_eq!(keys, ["a8f8", "b7b9", "b7f7"]);
    let text = stdout(&solve(&[
        "--stip",
        "#1",
        "--checks",
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1",
    ]));
    assert!(text.contains("1.R8+2!"), "{text}");
}

/// A file of `n` copies of a mate in one, each an EPD record with `dm 1`.
fn many_mates(name: &str, n: usize) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("fenboard-{name}-{}.epd", std::process::id()));
    std::fs::write(&path, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - dm 1;\n".repeat(n)).unwrap();
    path
}

#[test]
fn solving_stops_with_status_two_when_the_reader_closes_the_pipe() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let path = many_mates("pipe", 2000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .args(["solve", "--hash", "1", "--threads", "1"])
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reading end is closed here, as `| head -1` does.
    let o = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(first.starts_with("line 1: #1 sound"), "{first}");
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
}

#[test]
fn a_hash_table_the_system_cannot_give_is_not_a_crash() {
    let o = solve(&[
        "--hash",
        "65536",
        "--stip",
        "#1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(stdout(&o).contains("1.Ra8#!"), "{}", stdout(&o));
    // Where the system cannot give 64 GB, the smaller table is said.
    assert!(
        err.is_empty() || err.contains("--hash 65536: the system gives only"),
        "{err}"
    );
}

#[test]
fn a_record_with_a_bad_stipulation_is_reported_and_the_rest_solved() {
    let path = std::env::temp_dir().join(format!("fenboard-badstip-{}.epd", std::process::id()));
    let mate = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -";
    std::fs::write(
        &path,
        format!("{mate} dm 1;\n{mate} stip \"zz\";\n{mate} dm 0;\n{mate} dm 1;\n"),
    )
    .unwrap();
    let path_arg = path.to_str().unwrap();
    let o = solve(&[path_arg]);
    let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr).into_owned());
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(out.contains("line 1: #1 sound"), "{out}");
    assert!(out.contains("line 4: #1 sound"), "{out}");
    assert!(err.contains("line 2: "), "{err}");
    assert!(err.contains("line 3: "), "{err}");
    // With --stip the records' own stipulations are not read: every record is solved.
    let o = solve(&["--stip", "#1", path_arg]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("4 problems: 4 sound"), "{}", stdout(&o));
}

#[test]
fn a_max_time_too_large_says_so() {
    let o = solve(&[
        "--max-time",
        "99999999999999999999",
        "--stip",
        "#1",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("too long"), "{err}");
    assert!(!err.contains("positive"), "{err}");
}

#[test]
fn force_on_a_position_move_generation_refuses_names_the_reason_once() {
    // Two black kings: the legality rules are waived by --force, but no moves can be made.
    for (args, reason) in [
        (
            &["--force", "--stip", "#2", "kk6/8/8/8/8/8/8/K7 w - - 0 1"][..],
            "illegal position: too many kings",
        ),
        (
            &[
                "--force",
                "--stip",
                "#1",
                "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            ][..],
            "illegal position: Black is in check but not to move",
        ),
    ] {
        let o = solve(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(reason), "{err}");
        assert_eq!(err.matches("illegal position").count(), 1, "{err}");
    }
}

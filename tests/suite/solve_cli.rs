//! `fenboard solve` end to end: the example problems, exit statuses, JSON Lines, bad input.

use std::process::{Command, Output};

fn solve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .arg("solve")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_example_problems_are_all_sound_with_their_published_keys() {
    let o = solve(&["assets/examples/chess-mates.epd"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("13 problems: 13 sound, 0 cooked, 0 without solution"),
        "{out}"
    );
    assert_eq!(out.matches("bm agrees").count(), 13, "{out}");
    assert!(out.contains("1.Qa7! zugzwang"), "{out}");
    assert!(out.contains("1...Kg1 2.Rd2#"), "{out}");
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

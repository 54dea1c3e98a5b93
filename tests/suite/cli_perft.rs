//! `fenboard perft` as a user runs it: output shape and exit statuses.

use std::process::{Command, Output};

fn fenboard(args: &[&str]) -> Output {
    Command::new(crate::common::BIN)
        .args(args)
        .output()
        .expect("run fenboard")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn leaf_count_alone_on_the_last_line() {
    let out = fenboard(&["perft", XIANGQI, "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "79666\n");
}

#[test]
fn fen_fields_may_be_separate_arguments() {
    let mut args = vec!["perft", "--game", "chess"];
    args.extend("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".split(' '));
    args.push("3");
    let out = fenboard(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "8902\n");
}

#[test]
fn divide_lists_each_first_move_then_the_total() {
    let out = fenboard(&["perft", "--divide", XIANGQI, "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"1920"));
    let moves: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(moves.len(), 44);
    assert_eq!(moves.iter().map(|(_, n)| n).sum::<u64>(), 1920);
    assert!(moves.iter().any(|&(m, _)| m == "h2e2"));
}

#[test]
fn illegal_position_prints_its_problems_and_exits_2() {
    let out = fenboard(&["perft", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("check"), "{}", stderr(&out));
}

#[test]
fn unreadable_fen_exits_2() {
    for fen in [
        "",
        "not a fen",
        "rnbqkbnr/pppppppp w",
        "\u{7f}\u{1}♞☃ garbage",
        "rnbakabnr/9/9/9/9/9/9/9/9 w",
    ] {
        let out = fenboard(&["perft", fen, "1"]);
        assert_eq!(out.status.code(), Some(2), "{fen:?}");
        assert!(stdout(&out).is_empty());
        assert!(!stderr(&out).is_empty());
    }
}

#[test]
fn bad_depth_exits_2_with_a_clear_message() {
    for depth in ["x", "-1", "2.5", "", "99999999999"] {
        let out = fenboard(&["perft", XIANGQI, depth]);
        assert_eq!(out.status.code(), Some(2), "{depth:?}");
        assert!(stdout(&out).is_empty());
        assert!(stderr(&out).contains("depth"), "{}", stderr(&out));
    }
}

#[test]
fn depth_zero_counts_one() {
    let out = fenboard(&["perft", XIANGQI, "0"]);
    assert_eq!(stdout(&out), "1\n");
}

#[test]
fn a_depth_above_the_maximum_is_refused_not_a_crash() {
    // Before the limit, 5000 overflowed the stack (SIGABRT); xiangqi from about 21,850.
    for (fen, depth) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "5000",
        ),
        (XIANGQI, "30000"),
        (XIANGQI, "65"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", "4294967295"),
    ] {
        let out = fenboard(&["perft", fen, depth]);
        assert_eq!(out.status.code(), Some(2), "{depth}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
        assert!(
            stderr(&out).contains("the maximum depth is 64 plies"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_depth_with_spaces_or_a_sign_is_not_a_depth() {
    for depth in [" 3", "3 ", "+3", "\t3", "3\n"] {
        let out = fenboard(&["perft", XIANGQI, depth]);
        assert_eq!(out.status.code(), Some(2), "{depth:?}");
        assert!(stdout(&out).is_empty(), "{depth:?}");
        // The depth is shown escaped: no raw tab or line break reaches the terminal.
        assert!(stderr(&out).contains("invalid depth '"), "{}", stderr(&out));
        assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    }
}

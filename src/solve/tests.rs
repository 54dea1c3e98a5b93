//! Small problems whose answers are argued in each test.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::core::fen;

fn run(fen_text: &str, stip: &str, options: Options) -> Solution {
    let pos = fen::read(fen_text, None).position.expect(fen_text);
    let stip: Stipulation = stip.parse().unwrap();
    solve(&pos, stip, &options, &AtomicBool::new(false), &mut |_| {}).expect(fen_text)
}

fn keys(s: &Solution) -> Vec<&str> {
    s.keys.iter().map(|k| k.mv.san.as_str()).collect()
}

#[test]
fn back_rank_mate_in_one() {
    // Ra8# is the only mate: the king is boxed in by its own pawns.
    let s = run(
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "#1",
        Options::default(),
    );
    assert_eq!(keys(&s), ["Ra8#"]);
    assert_eq!(s.outcome, Outcome::Solved);
    assert!(!s.is_cooked());
}

#[test]
fn shinkman_mate_in_two_is_a_zugzwang() {
    let s = run(
        "Q7/3B4/3B4/3NR2P/3R4/2p5/2p3kN/2K4b w - - 0 1",
        "#2",
        Options::default(),
    );
    assert_eq!(keys(&s), ["Qa7"]);
    let key = &s.keys[0];
    assert_eq!(key.threat, Threat::Zugzwang);
    // Every king move has its own mate, as the published solution says.
    let mate_after = |defence: &str| -> Vec<String> {
        let d = key.defences.iter().find(|d| d.mv.san == defence).unwrap();
        d.continuations.iter().map(|c| c.mv.san.clone()).collect()
    };
    assert_eq!(mate_after("Kg1"), ["Rd2#"]);
    assert_eq!(mate_after("Kf2"), ["Rg4#"]);
    assert_eq!(mate_after("Kxh2"), ["Rg5#"]);
    assert_eq!(mate_after("Kg3"), ["Re2#"]);
}

#[test]
fn a_threat_is_found_and_short_keys_count() {
    // Mansfield 1915: 1.Rg3! threatens 2.Qa2#.
    let s = run(
        "8/7B/K3Q3/4pq2/1P1p4/bR6/1B6/NkN4R w - - 0 1",
        "#2",
        Options::default(),
    );
    assert_eq!(keys(&s), ["Rg3"]);
    match &s.keys[0].threat {
        Threat::Moves(ms) => assert_eq!(ms[0].san, "Qa2#"),
        t => panic!("{t:?}"),
    }
    // The back-rank mate in one is also a mate "in at most two": short solutions count.
    let s = run(
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "#2",
        Options::default(),
    );
    assert!(keys(&s).contains(&"Ra8#"));
    let ra8 = s.keys.iter().find(|k| k.mv.san == "Ra8#").unwrap();
    assert_eq!(ra8.length, 1);
}

#[test]
fn stalemating_is_not_mating_and_no_solution_is_a_result() {
    // K+Q v K: Qb6 stalemates; there is no mate in one here.
    let s = run("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", "#1", Options::default());
    assert!(!keys(&s).contains(&"Qb6"));
    assert_eq!(keys(&s), ["Qb7#"]);
    let none = run("k7/8/8/8/8/8/8/K7 w - - 0 1", "#3", Options::default());
    assert_eq!(none.outcome, Outcome::NoSolution);
    assert!(none.keys.is_empty());
    // And as a stalemate problem, Qb6 is one of the answers.
    let s = run("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", "=1", Options::default());
    assert!(keys(&s).contains(&"Qb6"), "{:?}", keys(&s));
}

#[test]
fn selfmate_in_one() {
    // White Kh1, Rg1-less setup: after 1.Qg2+?? no. A textbook s#1: White plays Qg2+ forcing
    // ...Bxg2#? Instead use a position where Black's only legal reply mates: White king h1,
    // white pawn g2 blocked; Black king h3, black rook a2. 1.g4+?? — argued below by brute
    // force of the rule itself: every key must leave Black only mating moves.
    let fen_text = "7k/8/8/8/8/6pr/7P/6RK w - - 0 1";
    let s = run(fen_text, "s#1", Options::default());
    for key in &s.keys {
        assert!(!key.defences.is_empty());
        for d in &key.defences {
            assert!(d.mv.san.ends_with('#'), "{} then {}", key.mv.san, d.mv.san);
        }
    }
    // 1.hxg3 leaves Black only ...Rxh... no: the rook h3 is then attacked; Black has king moves
    // that do not mate, so hxg3 is not a key.
    assert!(!keys(&s).contains(&"hxg3"));
}

#[test]
fn helpmate_in_two_with_every_solution() {
    // Black helps White mate: the rook walls g8 in and the knight mates on f7 (the king f6
    // holds g7), a pawn move spending a tempo where one is needed. Popeye 4.104 (`h#2`, pieces
    // white kf6 sf3 black kh8 rg1 ph7 pa7) prints exactly these twelve solutions
    // (scripts/popeye-helpmate-example.sh reproduces them).
    let s = run(
        "7k/p6p/5K2/8/8/5N2/8/6r1 b - - 0 1",
        "h#2",
        Options::default(),
    );
    let popeye = [
        "g1g8 f3g5 a7a5 g5f7",
        "g1g8 f3g5 a7a6 g5f7",
        "g1g8 f3e5 a7a5 e5f7",
        "g1g8 f3e5 a7a6 e5f7",
        "g1g7 f3g5 g7g8 g5f7",
        "g1g7 f3e5 g7g8 e5f7",
        "g1g5 f3e5 g5g8 e5f7",
        "g1g4 f3e5 g4g8 e5f7",
        "g1g3 f3e5 g3g8 e5f7",
        "g1g2 f3e5 g2g8 e5f7",
        "a7a5 f3e5 g1g8 e5f7",
        "a7a6 f3e5 g1g8 e5f7",
    ];
    let mut found: Vec<String> = s
        .solutions
        .iter()
        .map(|h| {
            h.moves
                .iter()
                .map(|m| m.uci.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    found.sort();
    let mut expected: Vec<String> = popeye.iter().map(|l| l.to_string()).collect();
    expected.sort();
    assert_eq!(found, expected);
    for h in &s.solutions {
        assert!(!h.short);
        assert!(h.moves.last().unwrap().san.ends_with('#'));
    }
    assert!(s.is_cooked(), "more than one full-length solution");
}

#[test]
fn xiangqi_chariot_mate_in_one() {
    // The chariot a8 holds rank 8, the Red general d0 the d-file (generals may not face), so
    // the general e9 only has f9. Rb7-b9 checks along rank 9 and takes f9 too: mate. Rb7-f7 and
    // Ra8-f8 take f9 without check: Black has no move, which loses in xiangqi. Ra9+ leaves e8.
    let s = run(
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1",
        "#1",
        Options::default(),
    );
    let mut found = keys(&s);
    found.sort();
    assert_eq!(found, ["R8+2", "R8.4", "R9.4"]);
    let b9 = s.keys.iter().find(|k| k.mv.san == "R8+2").unwrap();
    assert_eq!(b9.mv.uci, "b7b9");
    // Continuous-check rules: only the checking mate counts.
    let checks = Options {
        checks: true,
        ..Options::default()
    };
    let s = run("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", "#1", checks);
    assert_eq!(keys(&s), ["R8+2"]);
}

#[test]
fn xiangqi_no_legal_move_loses_even_without_check() {
    // The general e9 is boxed in without being in check: d-file by Red's general, rank 8 by the
    // chariot a8, the f-file by the chariot f1. Whatever Red plays that keeps the box wins at
    // once, the soldier's step i3-i4 included; under the every-move-checks rule it does not.
    let fen_text = "4k4/R8/9/9/9/9/8P/9/5R3/3K5 w - - 0 1";
    let red = run(fen_text, "#1", Options::default());
    assert!(keys(&red).contains(&"P1+1"), "{:?}", keys(&red));
    let checking = run(
        fen_text,
        "#1",
        Options {
            checks: true,
            ..Options::default()
        },
    );
    assert!(!keys(&checking).contains(&"P1+1"));
    assert!(checking.keys.iter().all(|k| k.mv.san.starts_with('R')));
}

#[test]
fn bad_positions_and_stipulations_are_errors() {
    let pos = fen::read("8/8/8/8/8/8/8/K7 w - - 0 1", None)
        .position
        .unwrap();
    let r = solve(
        &pos,
        "#2".parse().unwrap(),
        &Options::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(matches!(r, Err(SolveError::Illegal(_))), "{r:?}");
    let xq = fen::read(crate::core::Game::Xiangqi.start_fen(), None)
        .position
        .unwrap();
    let r = solve(
        &xq,
        "=1".parse().unwrap(),
        &Options::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert!(matches!(r, Err(SolveError::Unsupported(_))), "{r:?}");
}

#[test]
fn cancelling_stops_with_an_unfinished_result() {
    let pos = fen::read(crate::core::Game::Chess.start_fen(), None)
        .position
        .unwrap();
    let cancel = AtomicBool::new(true);
    let s = solve(
        &pos,
        "#5".parse().unwrap(),
        &Options::default(),
        &cancel,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(s.outcome, Outcome::Unfinished);
}

//! Small problems whose answers are argued in each test.

use std::sync::atomic::AtomicBool;

use super::*;
use crate::core::fen;

/// The solution with its moves named, as the tests read them.
fn run(fen_text: &str, stip: &str, options: Options) -> Solution<Named> {
    let pos = fen::read(fen_text, None).position.expect(fen_text);
    let stip: Stipulation = stip.parse().unwrap();
    named(&solve(&pos, stip, &options, &AtomicBool::new(false), &mut |_| {}).expect(fen_text))
}

fn keys(s: &Solution<Named>) -> Vec<&str> {
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
        d.continuations
            .iter()
            .map(|c| c.mv.san.to_string())
            .collect()
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
fn a_lone_rook_is_never_forced_to_be_captured_by_a_king() {
    // Nothing is in reach at once, and a rook attacked by the king always has a far square.
    for stip in ["x1", "x2", "x3"] {
        let s = run("r7/8/1K6/8/8/8/8/4k3 w - - 0 1", stip, Options::default());
        assert!(s.keys.is_empty(), "{stip}: {:?}", keys(&s));
        assert_eq!(s.outcome, Outcome::NoSolution);
    }
}

#[test]
fn the_last_move_goals_read_the_move_itself() {
    // hep1: Black must step its pawn two squares past White's, which takes en passant.
    let s = run(
        "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1",
        "hep1",
        Options::default(),
    );
    let lines: Vec<Vec<&str>> = s
        .solutions
        .iter()
        .map(|h| h.moves.iter().map(|m| m.uci.as_str()).collect())
        .collect();
    assert_eq!(lines, [["d7d5", "e5d6"]]);
    // 001: castling is the only goal, and White can castle at once.
    let s = run("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "001", Options::default());
    assert_eq!(keys(&s), ["O-O"]);
    // +1: every check, and nothing else, reaches the goal.
    let s = run("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "+1", Options::default());
    assert_eq!(keys(&s), ["Rh8+"]);
    // x1: the one capture is the one key (the king's moves capture nothing).
    let s = run("k7/8/1K6/8/8/8/p7/R7 w - - 0 1", "x1", Options::default());
    assert_eq!(keys(&s), ["Rxa2+"]);
}

#[test]
fn goals_a_game_or_a_play_cannot_have_are_refused() {
    let solve_text = |fen_text: &str, stip: &str| {
        let pos = fen::read(fen_text, None).position.unwrap();
        solve(
            &pos,
            stip.parse().unwrap(),
            &Options::default(),
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .map(|_| ())
    };
    let xq = crate::core::Game::Xiangqi.start_fen();
    for (stip, why) in [
        ("ep2", "en passant"),
        ("h002", "castling"),
        ("=1", "stalemate"),
    ] {
        let r = solve_text(xq, stip);
        assert!(
            matches!(&r, Err(SolveError::Unsupported(m)) if m.contains(why)),
            "{stip}: {r:?}"
        );
    }
    assert!(solve_text(xq, "x1").is_ok(), "xiangqi captures");
    let r = solve_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "sx2");
    assert!(matches!(r, Err(SolveError::Unsupported(_))), "{r:?}");
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

/// Each whole line of a help or series solution in SAN, joined by spaces.
fn lines(s: &Solution<Named>) -> Vec<String> {
    s.solutions
        .iter()
        .map(|h| {
            h.moves
                .iter()
                .map(|m| m.san.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn variations_are_the_defences_that_stop_the_threat() {
    // Mansfield 1932, 1.Nf4! threatens 2.Qc7#. Popeye prints exactly these nine defences; the
    // others (Nxh5, Re1, Re2, Rf3, Re4, Rh4, Rg5) leave the threat working.
    let s = run(
        "1K6/1Q4n1/R7/3Nkb1R/6r1/2P1r1N1/7B/8 w - - 0 1",
        "#2",
        Options::default(),
    );
    let key = &s.keys[0];
    let mut variations: Vec<&str> = key
        .defences
        .iter()
        .filter(|d| d.variation)
        .map(|d| d.mv.san.as_str())
        .collect();
    variations.sort_unstable();
    assert_eq!(
        variations,
        [
            "Kxf4", "Ne6", "Ne8", "Rd3", "Rexg3", "Rg6", "Rgxg3", "Rxc3", "Rxf4"
        ]
    );
    let style = text::Style {
        figurine: false,
        lang: crate::i18n::Lang::En,
    };
    let play = text::render(&s, style);
    assert!(
        play.contains("1...Nxh5, Re1, Re2, Rf3, Re4, Rh4, Rg5 2.Qc7#"),
        "{play}"
    );
    let re1 = play.lines().find(|l| l.contains("Re1")).unwrap();
    assert!(!re1.contains("Nd3"), "{re1}");
}

#[test]
fn set_play_shows_what_the_key_gives_up() {
    // Morphy 1856: with Black to move, every bishop move is met by 2.Rxa7# (Popeye's set play).
    let options = Options {
        set_play: true,
        ..Options::default()
    };
    let s = run("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2", options);
    let set: Vec<(&str, Vec<&str>)> = s
        .set
        .iter()
        .map(|d| {
            let mates = d.continuations.iter().map(|c| c.mv.san.as_str()).collect();
            (d.mv.san.as_str(), mates)
        })
        .collect();
    let bishop = ["Bh2", "Bg3", "Bf4", "Be5", "Bd6", "Bc7"];
    assert_eq!(set.len(), bishop.len(), "{set:?}");
    for (defence, mates) in &set {
        assert!(bishop.contains(defence), "{defence}");
        assert_eq!(mates, &["Rxa7#"]);
    }
    assert_eq!(keys(&s), ["Ra6"]);
}

#[test]
fn the_text_gathers_set_defences_met_by_the_same_mates_on_one_line() {
    let options = Options {
        set_play: true,
        ..Options::default()
    };
    let style = super::text::Style {
        figurine: false,
        lang: crate::i18n::Lang::En,
    };
    // Morphy: every bishop move is met by 2.Rxa7#, one line as in the Solution panel.
    let s = run("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "#2", options);
    let text = super::text::render(&s, style);
    let set: Vec<&str> = text.lines().take_while(|l| l.starts_with("1...")).collect();
    assert_eq!(set.len(), 1, "{text}");
    let (defences, mate) = set[0].split_once(" 2.").unwrap();
    let mut names: Vec<&str> = defences.trim_start_matches("1...").split(", ").collect();
    let mut bishop = s.set.iter().map(|d| d.mv.san.as_str()).collect::<Vec<_>>();
    names.sort();
    bishop.sort();
    assert_eq!(names, bishop);
    assert_eq!(mate, "Rxa7#");
    // Defences met by different mates stay apart: each way of meeting them has its line,
    // and every set defence is on one of them.
    let s = run("6R1/3R4/8/8/5K2/4P2k/8/6bb w - - 0 1", "#2", options);
    let text = super::text::render(&s, style);
    let set: Vec<&str> = text.lines().take_while(|l| l.starts_with("1...")).collect();
    let mut mates: Vec<&str> = set.iter().map(|l| l.split_once(" 2.").unwrap().1).collect();
    let count = mates.len();
    assert!(count > 1, "{text}");
    mates.sort();
    mates.dedup();
    assert_eq!(
        mates.len(),
        count,
        "one line per way of meeting them: {text}"
    );
    let listed: usize = set.iter().map(|l| l.matches(", ").count() + 1).sum();
    assert_eq!(listed, s.set.len(), "{text}");
}

#[test]
fn a_series_from_a_position_in_check_is_named_move_by_move() {
    // Black's king stands in check and walks 1.Kxa6 2.Ka7 3.Ka8, then Ra4#: the position with
    // White to move is no position, but the solution's own moves are still named.
    let s = run(
        "8/1pK5/R7/k7/1R6/8/8/8 b - - 0 1",
        "ser-h#3",
        Options::default(),
    );
    let sans: Vec<Vec<&str>> = s
        .solutions
        .iter()
        .map(|h| h.moves.iter().map(|m| m.san.as_str()).collect())
        .collect();
    assert!(
        sans.contains(&vec!["Kxa6", "Ka7", "Ka8", "Ra4#"]),
        "{sans:?}"
    );
}

#[test]
fn a_helpmate_begins_with_black_whatever_the_fen_says() {
    let given = "7k/6pp/8/8/8/8/8/KR6 w - - 0 1";
    // Popeye: ser-h#2 1.Kg8 2.Kh8 Rb8#; as h#2 Black begins too.
    let s = run(given, "ser-h#2", Options::default());
    assert_eq!(lines(&s), ["Kg8 Kh8 Rb8#"]);
    assert_eq!(s.order, Some(Color::Black));
    let s = run(given, "h#1", Options::default());
    assert_eq!(s.order, Some(Color::Black));
    assert!(s.fen.contains(" b "), "{}", s.fen);
    let as_given = Options {
        as_given: true,
        ..Options::default()
    };
    let s = run(given, "h#1", as_given);
    assert_eq!(s.order, None);
    assert!(s.fen.contains(" w "), "{}", s.fen);
}

#[test]
fn a_series_mate_stands_the_other_side_still_and_counts_short_lines() {
    // Popeye's ser-#2 here: 1.Ra8# (short), the rook to any file and up it, or the king aside.
    let s = run(
        "7k/8/6K1/8/8/8/8/R7 w - - 0 1",
        "ser-#2",
        Options::default(),
    );
    let all = lines(&s);
    assert_eq!(all.len(), 14, "{all:?}");
    assert_eq!(all[0], "Ra8#");
    assert!(s.solutions[0].short && s.solutions[1..].iter().all(|h| !h.short));
    for expected in ["Rb1 Rb8#", "Ra7 Ra8#", "Kf7 Rh1#", "Kh6 Ra8#"] {
        assert!(all.iter().any(|l| l == expected), "{expected}: {all:?}");
    }
    // A check before the last move is not allowed: 1.Rh1+ is no first move.
    assert!(!all.iter().any(|l| l.starts_with("Rh1+")));
    let capped = Options {
        max_solutions: Some(3),
        ..Options::default()
    };
    let s = run("7k/8/6K1/8/8/8/8/R7 w - - 0 1", "ser-#2", capped);
    assert_eq!(s.solutions.len(), 3);
}

#[test]
fn a_reflexmate_forces_the_mate_the_selfmate_cannot() {
    // Popeye: r#1 1.Ra1! (1...Rxa1#) and 1.Rg1! (1...Rh2#); s#1 has no solution, for Black is
    // free to play a king move instead.
    let fen = "8/8/8/8/8/7k/r7/1R5K w - - 0 1";
    let s = run(fen, "r#1", Options::default());
    assert_eq!(keys(&s), ["Ra1", "Rg1"]);
    let s = run(fen, "s#1", Options::default());
    assert_eq!(s.outcome, Outcome::NoSolution);
    // The same in two: the reflexmate in one is a short solution.
    let s = run(fen, "r#2", Options::default());
    assert_eq!(keys(&s), ["Ra1", "Rg1"]);
    assert!(s.keys.iter().all(|k| k.length == 1));
}

#[test]
fn a_series_selfmate_ends_with_each_forced_mate_and_counts_its_series_once() {
    // After 1.Qg1+ Black can only take the queen, with the rook or the queen, and both mate:
    // one series, two lines (as composers print them), no cook.
    let s = run(
        "8/8/8/8/3q2r1/8/4r2Q/5k1K w - - 0 1",
        "ser-s#1",
        Options::default(),
    );
    assert_eq!(lines(&s), ["Qg1+ Rxg1#", "Qg1+ Qxg1#"]);
    assert_eq!(s.solution_count(false), 1);
    assert!(!s.is_cooked());
}

#[test]
fn a_mate_in_one_takes_no_table_memory() {
    // The key is found by playing each first move: nothing is stored, so nothing is allocated.
    let s = run(
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "#1",
        Options::default(),
    );
    assert_eq!(keys(&s), ["Ra8#"]);
    assert_eq!(s.table_bytes, 0);
}

#[test]
fn a_search_handed_from_the_callers_thread_to_workers_finds_the_same() {
    // A #4 long enough that the caller's thread stops within a first move and workers take it
    // over: the keys with their trees and the outcome match a search on one thread.
    let fen_text = "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1";
    let one = run(fen_text, "#4", Options::default());
    let two = run(
        fen_text,
        "#4",
        Options {
            threads: 2,
            hash_mb: 1,
            ..Options::default()
        },
    );
    assert!(one.nodes > 10_000, "{} nodes: no hand-over", one.nodes);
    assert_eq!(keys(&one), keys(&two));
    assert_eq!(one.keys, two.keys);
    assert_eq!(one.outcome, two.outcome);
}

#[test]
fn help_play_with_a_small_hash_runs_on_fewer_threads_and_a_smaller_table() {
    // Lindgren, IMR 1988 (Popeye's intelligent-mode examples): an h#4 whose search fills a
    // table of 2 MB. With `--hash 1` the table and the bound's caches share that megabyte
    // (that the caches keep within their share is `intelligent`'s test).
    let fen = "8/4p1n1/p7/3p4/4p3/p1Kbp3/r1nN1p2/k1qrb3 b - - 0 1";
    let small = Options {
        hash_mb: 1,
        threads: 2,
        ..Options::default()
    };
    let s = run(fen, "h#4", small);
    let caches = (
        intelligent::CACHES.0 + search::REACH_BYTES,
        intelligent::CACHES.1 + search::REACH_BYTES,
    );
    let share = memory::share(1 << 20, 2, caches);
    assert_eq!(
        share.threads, 1,
        "two threads' caches do not fit one megabyte"
    );
    assert!(
        s.table_bytes > 0 && s.table_bytes <= share.table,
        "{}",
        s.table_bytes
    );
    assert!(s.table_bytes + share.threads * share.caches <= 1 << 20);
    // Less memory, the same solution.
    let free = run(fen, "h#4", Options::default());
    assert!(free.table_bytes > s.table_bytes);
    assert_eq!(lines(&s), lines(&free));
    assert_eq!(lines(&s), ["Nb4+ Kd4 Bb1 Kxe3 Nd3 Ke2 Nb2 Nb3#"]);
}

#[test]
fn a_problem_without_caches_frees_what_an_earlier_one_left() {
    // A helpmate solved in a moment on the calling thread keeps its caches there for the
    // next helpmate; a problem that keeps none gives all of `--hash` to its table, so they go.
    let s = run(
        "6b1/1p6/1k1p4/3r2p1/1n6/8/1K6/4B2N b - - 0 1",
        "h#3",
        Options::default(),
    );
    assert_eq!(s.solutions.len(), 12);
    assert!(intelligent::cache_bytes() > 0);
    // The king on b6 takes a7 and b7, the queen checks along the eighth rank.
    let s = run("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "#1", Options::default());
    assert_eq!(keys(&s), ["Qc8#"]);
    assert_eq!(intelligent::cache_bytes(), 0);
}

#[test]
fn json_written_as_its_lines_are_named_is_the_named_objects_own_text() {
    let set_play = Options {
        set_play: true,
        tries: true,
        ..Options::default()
    };
    for (fen, stip, options) in [
        // A cooked helpmate with its set play, a direct mate with tries and set play, a
        // cooked series helpmate, and one with no solution.
        ("4k3/8/4K3/8/8/8/8/R7 b - - 0 1", "h#3", set_play),
        ("6k1/8/6K1/8/8/8/8/R6R w - - 0 1", "#2", set_play),
        (
            "4k3/8/4K3/8/8/8/8/R7 b - - 0 1",
            "ser-h#2",
            Options::default(),
        ),
        ("4k3/8/4K3/8/8/8/8/7B b - - 0 1", "h#2", Options::default()),
    ] {
        let pos = fen::read(fen, None).position.expect(fen);
        let stip_read: Stipulation = stip.parse().unwrap();
        let found = solve(
            &pos,
            stip_read,
            &options,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        let s = named(&found);
        assert_eq!(
            s.solutions.is_empty(),
            stip == "h#2" || stip == "#2",
            "{stip}"
        );
        let mut head = found.json_head(&super::named_but_lines(&found));
        // What a caller adds (a twin's label) is written among the fields in order.
        head.as_object_mut()
            .unwrap()
            .insert("twin".into(), "b".into());
        let mut whole = s.to_json();
        whole
            .as_object_mut()
            .unwrap()
            .insert("twin".into(), "b".into());
        let mut out = Vec::new();
        found.write_json(&head, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            whole.to_string(),
            "{fen} {stip}"
        );
    }
}

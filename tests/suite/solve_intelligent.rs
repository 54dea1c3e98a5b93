//! The goal-directed help and series search finds exactly what the plain exhaustive search
//! finds: the same solutions, in the same order, short ones included, over thousands of random
//! small positions (kings and two to five other men) and the stipulations it applies to.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use fenboard::core::fen;
use fenboard::solve::{self, Move, Options, Solution, Stipulation};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Where pieces may stand: any square, pawns only on ranks 2–7.
fn placement(men: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<(char, u8)>> {
    let piece = prop::sample::select(vec![
        'Q', 'R', 'R', 'B', 'B', 'N', 'N', 'P', 'P', 'P', 'q', 'r', 'r', 'b', 'b', 'n', 'n', 'p',
        'p', 'p',
    ]);
    prop::collection::vec((piece, 0u8..64), men)
}

/// The FEN of the kings on `kings` and `men` on their squares (a later man on a taken square
/// is left out; a pawn on a first or last rank moves one rank in).
fn fen_of(kings: (u8, u8), men: &[(char, u8)], white_to_move: bool) -> String {
    let mut board = [None; 64];
    board[kings.0 as usize] = Some('K');
    board[kings.1 as usize] = Some('k');
    for &(c, sq) in men {
        let mut sq = sq as usize;
        if c.eq_ignore_ascii_case(&'p') {
            let rank = (sq / 8).clamp(1, 6);
            sq = rank * 8 + sq % 8;
        }
        if board[sq].is_none() {
            board[sq] = Some(c);
        }
    }
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = if white_to_move { 'w' } else { 'b' };
    format!("{text} {side} - - 0 1")
}

fn run(fen_text: &str, stip: Stipulation, intelligent: bool) -> Option<Solution> {
    let position = fen::read(fen_text, None).position?;
    let options = Options {
        hash_mb: 4,
        intelligent,
        ..Options::default()
    };
    solve::solve(
        &position,
        stip,
        &options,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .ok()
}

/// A solution's lines, each with whether it is short.
type Lines = Vec<(Vec<Move>, bool)>;

fn lines(s: &Solution) -> Lines {
    s.solutions
        .iter()
        .map(|h| (h.moves.clone(), h.short))
        .collect()
}

/// Runs `cases` random positions of `men` other men under each of `stips`, asserting the two
/// searches agree; returns how many legal problems there were and how many had a solution.
fn agree(stips: &[&str], men: std::ops::RangeInclusive<usize>, cases: u32) -> (usize, usize) {
    let stips: Vec<Stipulation> = stips.iter().map(|s| s.parse().unwrap()).collect();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let (legal, solved) = (Cell::new(0), Cell::new(0));
    let strategy = (
        0u8..64,
        0u8..64,
        placement(men),
        any::<bool>(),
        0..stips.len(),
    );
    runner
        .run(&strategy, |(wk, bk, men, white, which)| {
            let text = fen_of((wk, bk), &men, white);
            let stip = stips[which];
            let Some(plain) = run(&text, stip, false) else {
                return Ok(());
            };
            let smart = run(&text, stip, true).expect("solves as the plain search does");
            legal.set(legal.get() + 1);
            if plain.has_solution() {
                solved.set(solved.get() + 1);
            }
            prop_assert_eq!(lines(&smart), lines(&plain), "{} {}", text, stip);
            prop_assert_eq!(smart.outcome, plain.outcome, "{} {}", text, stip);
            Ok(())
        })
        .unwrap();
    (legal.get(), solved.get())
}

/// Both searches' solutions of `fen` under `stip`.
fn both(fen: &str, stip: &str) -> (Lines, Lines) {
    let stip: Stipulation = stip.parse().unwrap();
    let [smart, plain] =
        [true, false].map(|intelligent| lines(&run(fen, stip, intelligent).unwrap()));
    (smart, plain)
}

#[test]
fn the_mated_king_may_take_a_piece_on_its_mating_square() {
    // 1.Ra3 Kh2 2.Kf2 Kxh1 3.Rh3#: the bishop on h1 need not leave the king's last square.
    let (smart, plain) = both("8/8/8/8/8/4K1k1/8/R6B b - - 0 1", "h#2.5");
    assert_eq!(plain.len(), 74);
    assert_eq!(smart, plain);
}

#[test]
fn helpmates_and_help_stalemates_of_one_to_two_moves_agree() {
    let (legal, solved) = agree(&["h#1", "h#1.5", "h#2", "h=1", "h=2"], 2..=5, 2500);
    assert!(
        legal > 1000 && solved > 50,
        "{legal} legal, {solved} solved"
    );
}

#[test]
fn help_stalemates_among_many_men_agree() {
    // Enough men that the side to be stalemated often has four free pieces or more.
    let (legal, solved) = agree(&["h=1", "h=1.5", "ser-=1", "ser-h=1"], 6..=10, 1500);
    assert!(legal > 500 && solved > 5, "{legal} legal, {solved} solved");
}

#[test]
fn longer_helpmates_agree() {
    let (legal, solved) = agree(&["h#2.5", "h#3"], 2..=3, 300);
    assert!(legal > 100 && solved > 10, "{legal} legal, {solved} solved");
}

#[test]
fn helpmates_and_series_among_many_men_agree() {
    // Several pieces of each side: the bound that puts each mating piece on one square has
    // choices to make.
    let (legal, solved) = agree(&["h#2", "h#2.5", "ser-#3", "ser-h#2"], 5..=8, 600);
    assert!(legal > 200 && solved > 10, "{legal} legal, {solved} solved");
}

#[test]
fn series_play_agrees() {
    let (legal, solved) = agree(
        &[
            "ser-h#2", "ser-h#3", "ser-#2", "ser-#3", "ser-h=2", "ser-=3",
        ],
        2..=5,
        2500,
    );
    assert!(
        legal > 1000 && solved > 50,
        "{legal} legal, {solved} solved"
    );
}

//! The goal-directed help and series search finds exactly what the plain exhaustive search
//! finds: the same solutions, in the same order, short ones included, over thousands of random
//! small positions (kings and two to five other men) and the stipulations it applies to.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use fenboard::core::fen;
use fenboard::solve::{self, Move, Options, Solution, Stipulation};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

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
            compare(&text, stips[which], (&legal, &solved)).map(|_| ())
        })
        .unwrap();
    (legal.get(), solved.get())
}

/// Solves `text` under `stip` both ways, failing the case where they differ, and counts it
/// among `counts` (the legal problems, those with a solution): the plain search's solution,
/// none where the position is not a legal problem.
fn compare(
    text: &str,
    stip: Stipulation,
    counts: (&Cell<usize>, &Cell<usize>),
) -> Result<Option<Solution>, TestCaseError> {
    let (legal, solved) = counts;
    let Some(plain) = run(text, stip, false) else {
        return Ok(None);
    };
    let smart = run(text, stip, true).expect("solves as the plain search does");
    legal.set(legal.get() + 1);
    if plain.has_solution() {
        solved.set(solved.get() + 1);
    }
    prop_assert_eq!(lines(&smart), lines(&plain), "{} {}", text, stip);
    prop_assert_eq!(smart.outcome, plain.outcome, "{} {}", text, stip);
    Ok(Some(plain))
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
fn series_help_stalemates_among_many_men_agree() {
    // The mated side's free men counted against its moves before the last (`ser-h=` and the
    // last two plies of `h=`).
    let (legal, solved) = agree(&["ser-h=2", "ser-h=3", "h=2"], 6..=10, 800);
    assert!(legal > 300 && solved > 5, "{legal} legal, {solved} solved");
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

/// Whether a line ends with a pawn's two-square step past e5 from d7 or f7 and White's pawn
/// on e5 taking it en passant.
fn mated_en_passant(line: &[Move]) -> bool {
    let square = |file: u8, rank: u8| fenboard::core::Square::new(file, rank);
    match line {
        [.., step, take] => [3, 5].iter().any(|&file| {
            (step.from, step.to) == (square(file, 6), square(file, 4))
                && (take.from, take.to) == (square(4, 4), square(file, 5))
        }),
        _ => false,
    }
}

/// The squares strictly between `from` and `to` when a piece `slider` (Q, R or B) on `from`
/// has a line to `to` on the empty board; none otherwise.
fn squares_between(from: u8, to: u8, slider: char) -> Vec<u8> {
    let (ff, rf, ft, rt) = (
        i32::from(from % 8),
        i32::from(from / 8),
        i32::from(to % 8),
        i32::from(to / 8),
    );
    let (df, dr) = (ft - ff, rt - rf);
    let straight = (df == 0 || dr == 0) && slider != 'B';
    let diagonal = df.abs() == dr.abs() && slider != 'R';
    if from == to || !(straight || diagonal) {
        return Vec::new();
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let steps = df.abs().max(dr.abs());
    (1..steps)
        .map(|i| ((rf + i * sr) * 8 + ff + i * sf) as u8)
        .collect()
}

#[test]
fn mates_that_discover_a_check_agree() {
    // A line piece of the mating side with one of its men between it and the king to be
    // mated, and often White's pawn on e5 beside a black pawn that may step two squares past
    // it: the last move's check is a new one (a piece moved off a line, a pawn taking en
    // passant empties two squares of a line) or none.
    let stips: Vec<Stipulation> = ["h#1", "h#1", "h#1.5", "h#2", "ser-h#2"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let mut runner = TestRunner::new(Config {
        cases: 30000,
        failure_persistence: None,
        ..Config::default()
    });
    let (legal, solved, passant) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let strategy = (
        (0u8..64, (0usize..8, 2i32..8), 0u8..64),
        (prop::sample::select(vec!['Q', 'R', 'B']), 0u8..8),
        prop::sample::select(vec!['N', 'P', 'B', 'R', 'K']),
        placement(1..=3),
        0u8..3,
        0..stips.len(),
    );
    runner
        .run(
            &strategy,
            |((wk, (dir, far), line), (slider, at), blocker, men, pawns, which)| {
                // The king to be mated `far` squares from the line piece along one of its
                // lines.
                const LINES: [(i32, i32); 8] = [
                    (1, 0),
                    (0, 1),
                    (-1, 0),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ];
                let (df, dr) = match slider {
                    'R' => LINES[dir % 4],
                    'B' => LINES[4 + dir % 4],
                    _ => LINES[dir],
                };
                let (f, r) = (
                    i32::from(line % 8) + df * far,
                    i32::from(line / 8) + dr * far,
                );
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    return Ok(());
                }
                let bk = (r * 8 + f) as u8;
                let between = squares_between(line, bk, slider);
                let Some(&block) = between.get(at as usize % between.len().max(1)) else {
                    return Ok(());
                };
                let mut all = vec![(slider, line), (blocker, block)];
                if blocker == 'K' {
                    all.pop();
                }
                if pawns > 0 {
                    all.push(('P', 36));
                    all.push(('p', if pawns == 1 { 51 } else { 53 }));
                }
                all.extend(men);
                let king = if blocker == 'K' { block } else { wk };
                let text = fen_of((king, bk), &all, false);
                let plain = compare(&text, stips[which], (&legal, &solved))?;
                if plain.is_some_and(|p| p.solutions.iter().any(|h| mated_en_passant(&h.moves))) {
                    passant.set(passant.get() + 1);
                }
                Ok(())
            },
        )
        .unwrap();
    let (legal, solved, passant) = (legal.get(), solved.get(), passant.get());
    assert!(
        legal > 3000 && solved > 500 && passant > 0,
        "{legal} legal, {solved} solved, {passant} mated en passant"
    );
}

#[test]
fn a_pawn_taking_en_passant_may_discover_the_mate() {
    // 1.d5 exd6#: the pawn taken on d5 stood in the bishop's line, the capturing pawn on e5
    // in none (as Popeye solves it: the only solution).
    let (smart, plain) = both("4NN2/1ppp4/1rk5/1pp1P3/8/5B2/8/7K b - - 0 1", "h#1");
    let square = |file, rank| fenboard::core::Square::new(file, rank);
    assert_eq!(plain.len(), 1);
    assert_eq!(
        plain[0]
            .0
            .iter()
            .map(|m| (m.from, m.to))
            .collect::<Vec<_>>(),
        [(square(3, 6), square(3, 4)), (square(4, 4), square(3, 5))]
    );
    assert_eq!(smart, plain);
}

#[test]
fn mates_among_the_kings_own_men_agree() {
    // The king to be mated among four to seven of its own men, within two squares of it, and
    // a line piece of the mating side that may pin one: the last move's check is often one a
    // man could take or stand in the way of where he stands, so he must move first.
    let own = ['q', 'r', 'b', 'b', 'n', 'n', 'p', 'p', 'p'];
    let stips = ["h#1", "h#1.5", "h#2", "ser-h#2", "ser-h#3"];
    let (legal, solved) = among_own_men(&stips, &own, Against::Lines, 6000);
    assert!(
        legal > 2000 && solved > 100,
        "{legal} legal, {solved} solved"
    );
}

#[test]
fn stalemates_among_the_kings_own_pieces_agree() {
    // The king to be stalemated among its own queens, rooks, bishops and knights: a piece
    // that its own men cannot shut in within the moves left must be taken or pinned by the
    // last move, which takes one and pins one at most, and a queen it cannot pin.
    let own = ['q', 'q', 'r', 'r', 'b', 'b', 'n', 'n', 'p'];
    let stips = ["ser-h=1", "ser-h=2", "ser-h=3", "h=1.5", "h=2"];
    let (legal, solved) = among_own_men(&stips, &own, Against::Lines, 3000);
    assert!(
        legal > 1000 && solved > 50,
        "{legal} legal, {solved} solved"
    );
}

#[test]
fn stalemates_among_the_kings_own_men_against_a_lone_king_agree() {
    // With no bishop, rook or queen of the other side nothing is pinned: every man of the
    // king's must be shut in, or taken by the last move, and all of them within the same
    // moves.
    let own = ['q', 'r', 'b', 'n', 'p', 'p'];
    let stips = ["ser-h=1", "ser-h=2", "ser-h=3", "ser-h=4", "h=2"];
    let (legal, solved) = among_own_men(&stips, &own, Against::King, 3000);
    assert!(legal > 1000 && solved > 5, "{legal} legal, {solved} solved");
}

/// What the other side has in `among_own_men`.
#[derive(Clone, Copy)]
enum Against {
    /// A line piece and one or two more men.
    Lines,
    /// Its king and at most a knight or a pawn.
    King,
}

/// Runs `cases` random problems under `stips`, asserting the two searches agree: the king to
/// be mated among four to seven men of `own` kinds within two squares of it, a line piece of
/// the other side and one or two more men (`Against::Lines`) or at most a knight or a pawn
/// (`Against::King`). Returns how many were legal and solved.
fn among_own_men(stips: &[&str], own: &[char], against: Against, cases: u32) -> (usize, usize) {
    let stips: Vec<Stipulation> = stips.iter().map(|s| s.parse().unwrap()).collect();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let (legal, solved) = (Cell::new(0), Cell::new(0));
    let own = prop::sample::select(own.to_vec());
    let (mating, others) = match against {
        Against::Lines => (vec!['Q', 'R', 'B', 'N', 'N', 'P'], 1..=2),
        Against::King => (vec!['N', 'P'], 0..=1),
    };
    let strategy = (
        (0u8..64, 0u8..64),
        prop::collection::vec((own, 0u8..25), 4..=7),
        (prop::sample::select(vec!['Q', 'R', 'B']), 0u8..64),
        prop::collection::vec((prop::sample::select(mating), 0u8..64), others),
        0..stips.len(),
    );
    runner
        .run(&strategy, |((wk, bk), near, line, others, which)| {
            let (mut all, wk, bk) = match against {
                Against::Lines => (vec![line], wk, bk),
                // The king on the edge, the other king within three squares, where a
                // stalemate is nearer.
                Against::King => {
                    let bk = if bk < 32 { bk % 8 } else { 56 + bk % 8 };
                    let (f, r) = (bk % 8 + wk % 7, (bk / 8 + wk / 7 % 7).min(10));
                    let wk = if (3..11).contains(&f) && (3..11).contains(&r) {
                        (r - 3) * 8 + f - 3
                    } else {
                        wk
                    };
                    (Vec::new(), wk, bk)
                }
            };
            let (f, r) = (i32::from(bk % 8), i32::from(bk / 8));
            for (c, at) in near {
                let (f, r) = (f + i32::from(at % 5) - 2, r + i32::from(at / 5) - 2);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    all.push((c, (r * 8 + f) as u8));
                }
            }
            all.extend(others);
            let text = fen_of((wk, bk), &all, false);
            compare(&text, stips[which], (&legal, &solved)).map(|_| ())
        })
        .unwrap();
    (legal.get(), solved.get())
}

//! Editor speed: placing a piece (with re-validation: FEN, diagnostics, status), a move in
//! play mode, and moving the cursor. Plain std timing; prints the median time per action over several batches.
//!
//! `cargo bench --bench editor`

mod common;

use std::hint::black_box;

use fenboard::core::{Color, Game, Piece, Role, Square};
use fenboard::editor::{Action, Direction, Options, State, update};

const BATCHES: usize = 31;

/// Median nanoseconds per call of `f` over `BATCHES` batches of `per_batch` calls.
fn median_ns(per_batch: usize, mut f: impl FnMut(usize)) -> f64 {
    let batches = common::Times::of(BATCHES, |_| {
        for i in 0..per_batch {
            f(i);
        }
    });
    batches.median().as_nanos() as f64 / per_batch as f64
}

fn report(name: &str, goal_ns: f64, ns: f64) {
    println!(
        "{name:<44} median {:>9.3} µs/op  (goal ≤ {:.0} µs)",
        ns / 1000.0,
        goal_ns / 1000.0
    );
}

fn bench_put(name: &str, fen: &str, game: Game) {
    let mut state = State::from_fen(fen, Some(game), Options::default());
    // A square that is empty in the start positions, alternating two pieces so that every put
    // changes the position (and so re-validates).
    update(&mut state, Action::SetCursor(Square::new(4, 4)));
    let pieces = [
        Piece::new(Color::White, Role::Knight),
        Piece::new(Color::Black, Role::Knight),
    ];
    let ns = median_ns(2_000, |i| {
        black_box(update(&mut state, Action::Put(pieces[i % 2])));
    });
    report(name, 20_000.0, ns);
}

fn bench_cursor(name: &str, fen: &str, game: Game) {
    let mut state = State::from_fen(fen, Some(game), Options::default());
    let dirs = [Direction::Right, Direction::Left];
    let ns = median_ns(100_000, |i| {
        black_box(update(&mut state, Action::MoveCursor(dirs[i % 2])));
    });
    report(name, 1_000.0, ns);
}

/// Play mode: the piece chosen, moved (the move checked, named and played, the position
/// re-validated) and taken back: three keys per op.
fn bench_play(name: &str, fen: &str, game: Game, from: Square, to: Square) {
    let mut state = State::from_fen(fen, Some(game), Options::default());
    update(&mut state, Action::PlayMode);
    let ns = median_ns(500, |_| {
        update(&mut state, Action::SetCursor(from));
        black_box(update(&mut state, Action::PlaySelect));
        update(&mut state, Action::SetCursor(to));
        black_box(update(&mut state, Action::PlaySelect));
        black_box(update(&mut state, Action::TakeBack));
    });
    assert!(state.line.as_ref().is_some_and(|l| l.plies.is_empty()));
    report(name, 100_000.0, ns);
}

fn main() {
    bench_put(
        "put a piece, chess start (re-validate)",
        Game::Chess.start_fen(),
        Game::Chess,
    );
    bench_put(
        "put a piece, xiangqi start (re-validate)",
        Game::Xiangqi.start_fen(),
        Game::Xiangqi,
    );
    bench_play(
        "play mode: move e2e4 and take it back, chess",
        Game::Chess.start_fen(),
        Game::Chess,
        Square::new(4, 1),
        Square::new(4, 3),
    );
    bench_play(
        "play mode: move h2e2 and take it back, xiangqi",
        Game::Xiangqi.start_fen(),
        Game::Xiangqi,
        Square::new(7, 2),
        Square::new(4, 2),
    );
    bench_cursor("cursor move, chess", Game::Chess.start_fen(), Game::Chess);
    bench_cursor(
        "cursor move, xiangqi",
        Game::Xiangqi.start_fen(),
        Game::Xiangqi,
    );
}

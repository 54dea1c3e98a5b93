//! Time to draw one full editor frame: the screen rendered into a buffer, and the same through
//! ratatui's `TestBackend` (render, diff and flush), at 120×40 and 80×24, chess and xiangqi,
//! with single glyphs (`--pieces small`) and piece drawings (`--pieces large`, the default),
//! and a keystroke through the editor's incremental frames (`ui::frame`).
//!
//! `cargo bench --bench render` prints the median and the 10th/90th percentiles per frame.

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use fenboard::core::Game;
use fenboard::editor::{Action, Direction, Options, State, update};
use fenboard::i18n::Lang;
use fenboard::ui::frame::Frames;
use fenboard::ui::pieces::PieceSize;
use fenboard::ui::screen::{View, render};
use fenboard::ui::theme::{ColorMode, Theme};
use ratatui::Terminal;
use ratatui::backend::{Backend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SAMPLES: usize = 2000;

fn report(name: &str, times: Vec<Duration>) {
    let times = common::Times::from(times);
    let at = |q: f64| times.at(q);
    println!(
        "{name:<52} median {:>8.1} µs   p10 {:>8.1} µs   p90 {:>8.1} µs",
        at(0.5).as_secs_f64() * 1e6,
        at(0.1).as_secs_f64() * 1e6,
        at(0.9).as_secs_f64() * 1e6,
    );
}

fn main() {
    let view_with = |pieces| View {
        pieces,
        ..View::new(Theme::new(ColorMode::TrueColor))
    };
    for (game, fen) in [
        (Game::Chess, Game::Chess.start_fen()),
        (Game::Chess, "4k3/8/8/8/8/8/8/P3K2K b KQ e3 7 1"),
        (Game::Xiangqi, Game::Xiangqi.start_fen()),
    ] {
        // Each screen in English, Spanish and Chinese, one after the other in the same run:
        // a language costs nothing per frame when their figures match.
        let states = Lang::ALL.map(|lang| {
            State::from_fen(
                fen,
                Some(game),
                Options {
                    ascii: false,
                    mouse: true,
                    lang,
                    notation: None,
                },
            )
        });
        for pieces in [PieceSize::Small, PieceSize::Large] {
            let view = view_with(pieces);
            for (w, h) in [(120, 40), (80, 24)] {
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                for state in &states {
                    let mut times = Vec::with_capacity(SAMPLES);
                    for _ in 0..SAMPLES {
                        let t = Instant::now();
                        // A frame starts blank, as ratatui resets its buffer after each draw.
                        buf.reset();
                        black_box(render(black_box(state), &view, area, &mut buf));
                        times.push(t.elapsed());
                    }
                    let label = if fen.starts_with("4k3") {
                        "illegal"
                    } else {
                        "start"
                    };
                    let lang = state.options.lang.code();
                    report(
                        &format!("render {game} {label} {w}x{h} {pieces:?} {lang} into a Buffer"),
                        times,
                    );
                }
            }
        }
    }
    // A cursor move per frame through a terminal backend: render, diff against the last frame
    // and write the changes, as each keystroke costs.
    for pieces in [PieceSize::Small, PieceSize::Large] {
        let view = view_with(pieces);
        let mut state = State::from_fen(Game::Chess.start_fen(), None, Options::default());
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test backend");
        let mut times = Vec::with_capacity(SAMPLES);
        for i in 0..SAMPLES {
            // Right and Left in turn from e1: every key moves the cursor.
            let dir = if i % 2 == 0 {
                Direction::Right
            } else {
                Direction::Left
            };
            let t = Instant::now();
            update(&mut state, Action::MoveCursor(dir));
            terminal
                .draw(|f| {
                    let area = f.area();
                    render(&state, &view, area, f.buffer_mut());
                })
                .expect("draw");
            times.push(t.elapsed());
        }
        report(
            &format!("keystroke: update + draw 120x40 {pieces:?} (TestBackend)"),
            times,
        );
    }
    // The same through the editor's incremental frames: only the board is drawn again and only
    // its changed cells are written.
    for pieces in [PieceSize::Small, PieceSize::Large] {
        let view = view_with(pieces);
        let mut state = State::from_fen(Game::Chess.start_fen(), None, Options::default());
        let mut backend = TestBackend::new(120, 40);
        let mut frames = Frames::new();
        let area = Rect::new(0, 0, 120, 40);
        let mut times = Vec::with_capacity(SAMPLES);
        for i in 0..SAMPLES {
            // Right and Left in turn from e1: every key moves the cursor.
            let dir = if i % 2 == 0 {
                Direction::Right
            } else {
                Direction::Left
            };
            let t = Instant::now();
            update(&mut state, Action::MoveCursor(dir));
            let (_, cells) = frames.draw(&state, &view, area);
            backend.draw(cells).expect("draw");
            times.push(t.elapsed());
        }
        report(
            &format!("keystroke: update + incremental frame 120x40 {pieces:?}"),
            times,
        );
    }
}

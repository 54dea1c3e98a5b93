//! Diagrams checked as pixels, not as SVG text: each is rendered with resvg and every square's
//! (point's) centre is classified as empty, a White/Red piece or a Black piece, which must be
//! what the FEN has there. The board's place comes from the diagram's `Layout`; which square
//! lies where is worked out here, from the board's geometry, flipped or not.

use std::sync::{Mutex, OnceLock};

use fenboard::core::{Color, Position, Square, fen};
use fenboard::diagram::{self, Caption, Layout, Options, png};
use resvg::tiny_skia::Pixmap;

use crate::common::pixels;
use pixels::{Seen, classify_chess, classify_xiangqi};

fn fonts() -> &'static png::Fonts {
    static FONTS: OnceLock<png::Fonts> = OnceLock::new();
    FONTS.get_or_init(png::Fonts::system)
}

fn position(text: &str) -> Position {
    fen::read(text, None).position.expect("test FEN reads")
}

fn render(pos: &Position, options: &Options) -> (Pixmap, Layout) {
    let caption = Caption::new(pos, Some(r#"c0 "Test, 2026"; dm 2;"#));
    let svg = diagram::svg(pos, &caption, options);
    let pixmap = png::pixmap(&svg, fonts()).expect("renders");
    (pixmap, diagram::layout(pos, &caption, options))
}

/// What the FEN has on `sq`.
fn expected(pos: &Position, sq: Square) -> Seen {
    match pos.board.get(sq) {
        None => Seen::Empty,
        Some(p) if p.color == Color::White => Seen::White,
        Some(_) => Seen::Black,
    }
}

/// Every square of `pos` as seen in the picture, against the FEN.
fn check_every_square(pos: &Position, options: &Options) {
    let (pixmap, layout) = render(pos, options);
    let (w, h) = (pos.board.width(), pos.board.height());
    let mut wrong = Vec::new();
    for sq in Square::all(pos.game) {
        // Where the square is drawn: White's/Red's side at the bottom unless flipped.
        let (col, row) = if options.flip {
            (w - 1 - sq.file, sq.rank)
        } else {
            (sq.file, h - 1 - sq.rank)
        };
        let seen = if pos.game.is_xiangqi() {
            let x = layout.left + col as f32 * layout.cell;
            let y = layout.top + row as f32 * layout.cell;
            classify_xiangqi(&pixmap, x, y, layout.cell)
        } else {
            let x = layout.left + (col as f32 + 0.5) * layout.cell;
            let y = layout.top + (row as f32 + 0.5) * layout.cell;
            classify_chess(&pixmap, x, y, layout.cell)
        };
        if seen != expected(pos, sq) {
            wrong.push(format!(
                "{}: saw {seen:?}, FEN has {:?}",
                sq.name(pos.game),
                expected(pos, sq)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} (flip {}, size {}):\n{}",
        fen::write(pos),
        options.flip,
        options.size,
        wrong.join("\n")
    );
}

const CHESS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // Asymmetric, so that a flip or a mirror drawn wrong shows.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
];

const XIANGQI: [&str; 2] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/4a4/9/9/2P6/9/9/1C7/9/4K2R1 b - - 0 1",
];

#[test]
fn chess_pieces_stand_on_their_squares() {
    for text in CHESS {
        for flip in [false, true] {
            for (size, coords) in [(480, false), (320, true)] {
                let options = Options {
                    size,
                    flip,
                    coords,
                    ..Options::default()
                };
                check_every_square(&position(text), &options);
            }
        }
    }
}

#[test]
fn xiangqi_pieces_stand_on_their_points() {
    for text in XIANGQI {
        for flip in [false, true] {
            for (letters, coords) in [(false, false), (true, true)] {
                let options = Options {
                    flip,
                    coords,
                    letters,
                    ..Options::default()
                };
                check_every_square(&position(text), &options);
            }
        }
    }
}

#[test]
fn a_piece_on_the_wrong_square_is_caught() {
    // The check itself must fail when the picture and the FEN disagree: draw one position and
    // compare it with another that differs by one piece moved.
    let drawn = position("8/8/8/8/8/8/8/K6k w - - 0 1");
    let (pixmap, layout) = render(&drawn, &Options::default());
    let a1 = classify_chess(
        &pixmap,
        layout.left + 0.5 * layout.cell,
        layout.top + 7.5 * layout.cell,
        layout.cell,
    );
    let b1 = classify_chess(
        &pixmap,
        layout.left + 1.5 * layout.cell,
        layout.top + 7.5 * layout.cell,
        layout.cell,
    );
    assert_eq!((a1, b1), (Seen::White, Seen::Empty));
    let moved = position("8/8/8/8/8/8/8/1K5k w - - 0 1");
    assert_ne!(expected(&moved, Square::new(0, 0)), a1);
}

#[test]
fn pieces_look_the_same_at_200_and_1200_pixels() {
    let pos = position(CHESS[1]);
    for size in [200, 1200] {
        check_every_square(
            &pos,
            &Options {
                size,
                ..Options::default()
            },
        );
    }
}

#[test]
fn without_a_cjk_font_xiangqi_falls_back_to_letters_with_a_warning() {
    let pos = position(XIANGQI[0]);
    let caption = Caption::new(&pos, None);
    let (bytes, warnings) =
        png::diagram(&pos, &caption, &Options::default(), &png::Fonts::none()).unwrap();
    assert!(
        warnings.iter().any(|w| w.contains("letters")),
        "{warnings:?}"
    );
    assert!(Pixmap::decode_png(&bytes).is_ok());
    if fonts().has_cjk() {
        let (_, warnings) = png::diagram(&pos, &caption, &Options::default(), fonts()).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
    } else {
        eprintln!("note: no CJK font installed (fonts-wqy-microhei): characters not checked");
    }
}

/// usvg's warnings (it logs what it could not read or draw), collected.
struct Collect(Mutex<Vec<String>>);

impl log::Log for Collect {
    fn enabled(&self, metadata: &log::Metadata) -> bool {
        metadata.level() <= log::Level::Warn
    }
    fn log(&self, record: &log::Record) {
        // Only what the test below parses: other tests run on other threads.
        let mine = std::thread::current().name() == Some("svg_parses_with_usvg_without_warnings");
        if mine && self.enabled(record.metadata()) {
            let mut seen = self.0.lock().unwrap_or_else(|e| e.into_inner());
            seen.push(format!("{}", record.args()));
        }
    }
    fn flush(&self) {}
}

#[test]
fn svg_parses_with_usvg_without_warnings() {
    static LOG: Collect = Collect(Mutex::new(Vec::new()));
    log::set_logger(&LOG).expect("the only logger");
    log::set_max_level(log::LevelFilter::Warn);
    let mut count = 0;
    for text in CHESS.iter().chain(&XIANGQI) {
        for coords in [false, true] {
            let pos = position(text);
            let caption = Caption::new(&pos, Some(r#"c0 "A & B <Test>"; stip "h#2";"#));
            let options = Options {
                coords,
                flip: coords,
                ..Options::default()
            };
            let svg = diagram::svg(&pos, &caption, &options);
            png::tree(&svg, fonts()).expect("parses");
            count += 1;
        }
    }
    assert_eq!(count, 10);
    let warnings = LOG.0.lock().unwrap_or_else(|e| e.into_inner());
    assert!(warnings.is_empty(), "usvg warned: {warnings:?}");
}

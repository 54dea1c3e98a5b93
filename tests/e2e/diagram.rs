//! End to end: the HTML sheet of `fenboard diagram --format html` opened in headless Chromium.
//! Its screenshot must show every diagram (found by their frames, not by reading the page), and
//! the first chess board is read back square by square as in tests/diagram.rs.
//!
//! Chromium is heavy: this runs only with `FENBOARD_E2E=1` (CI sets it; there a missing
//! Chromium fails the test) and shows as ignored otherwise (`#[needs(chromium)]`).

use std::path::PathBuf;
use std::process::{Command, Stdio};

use fenboard::core::{Color, Square, fen};
use resvg::tiny_skia::Pixmap;

use crate::common::{self, needs, pixels};
use pixels::{Seen, classify_chess};

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");

const FIRST: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
const RECORDS: [&str; 3] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - id \"one\"; c1 \"1.Qxf7\";",
    "8/8/8/8/8/2k5/8/K1Q5 b - - dm 2;",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - c0 \"Start\";",
];

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Horizontal runs of pixels that pass `test` (on r, g, b), at least `min` long: (x, y,
/// length). A frame scaled down by the page is thinner than a pixel and so grey, not black.
fn runs(pixmap: &Pixmap, test: impl Fn(i16, i16, i16) -> bool, min: u32) -> Vec<(u32, u32, u32)> {
    let near = |x: u32, y: u32| {
        pixmap.pixel(x, y).is_some_and(|p| {
            let p = p.demultiply();
            test(p.red() as i16, p.green() as i16, p.blue() as i16)
        })
    };
    let mut found = Vec::new();
    for y in 0..pixmap.height() {
        let mut x = 0;
        while x < pixmap.width() {
            if near(x, y) {
                let start = x;
                while x < pixmap.width() && near(x, y) {
                    x += 1;
                }
                if x - start >= min {
                    found.push((start, y, x - start));
                }
            } else {
                x += 1;
            }
        }
    }
    found
}

/// Frames: a top edge with a bottom edge of the same length and left end `height(len)` below
/// it (one per board; a thick line's rows count once).
fn frames(runs: &[(u32, u32, u32)], height: impl Fn(u32) -> f32) -> Vec<(u32, u32, u32)> {
    let mut out: Vec<(u32, u32, u32)> = Vec::new();
    for &(x, y, len) in runs {
        let below = (y as f32 + height(len)).round() as i64;
        let has_bottom = runs.iter().any(|&(x2, y2, len2)| {
            (x2 as i64 - x as i64).abs() <= 2
                && (len2 as i64 - len as i64).abs() <= 3
                && (y2 as i64 - below).abs() <= 4
        });
        let known = out.iter().any(|&(ox, oy, _)| {
            (ox as i64 - x as i64).abs() <= 2 && (oy as i64 - y as i64).abs() <= 6
        });
        if has_bottom && !known {
            out.push((x, y, len));
        }
    }
    out
}

#[needs(chromium)]
#[test]
fn the_html_sheet_shows_every_diagram_in_chromium() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("fenboard-e2e-diagram-{}", std::process::id())));
    std::fs::create_dir_all(&dir.0).unwrap();
    let input = dir.0.join("sheet.epd");
    std::fs::write(&input, RECORDS.join("\n")).unwrap();
    let page = dir.0.join("sheet.html");
    let status = Command::new(BIN)
        .args(["diagram", "--format", "html", "-o"])
        .args([&page, &input])
        .status()
        .unwrap();
    assert!(status.success());
    let shot = dir.0.join("shot.png");
    let profile = dir.0.join("profile");
    let out = Command::new(common::tools::program("chromium"))
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--window-size=900,1400",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .output()
        .expect("chromium runs");
    let pixmap = Pixmap::load_png(&shot).unwrap_or_else(|e| {
        panic!(
            "no screenshot ({e}); chromium said: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    // Chess boards: a black frame, as tall as it is wide. Xiangqi: a brown frame taller than
    // wide (its grid is 8 by 9 intervals within a margin of 0.56 of one on each side).
    let grey = |r: i16, g: i16, b: i16| r <= 160 && (r - b).abs() <= 12 && (r - g).abs() <= 12;
    let brown = |r: i16, _g: i16, b: i16| r <= 170 && r - b >= 25;
    let chess = frames(&runs(&pixmap, grey, 150), |len| len as f32 - 1.0);
    let xiangqi = frames(&runs(&pixmap, brown, 150), |len| {
        len as f32 * 10.12 / 9.12 - 1.0
    });
    assert_eq!(chess.len(), 2, "chess boards seen: {chess:?}");
    assert_eq!(xiangqi.len(), 1, "xiangqi boards seen: {xiangqi:?}");

    // The first board, square by square.
    let (x, y, len) = chess[0];
    let cell = len as f32 / 8.0;
    let position = fen::read(FIRST, None).position.unwrap();
    let mut wrong = Vec::new();
    for sq in Square::all(position.game) {
        let (col, row) = (sq.file as f32, 7.0 - sq.rank as f32);
        let seen = classify_chess(
            &pixmap,
            x as f32 + (col + 0.5) * cell,
            y as f32 + (row + 0.5) * cell,
            cell,
        );
        let expected = match position.board.get(sq) {
            None => Seen::Empty,
            Some(p) if p.color == Color::White => Seen::White,
            Some(_) => Seen::Black,
        };
        if seen != expected {
            wrong.push(format!(
                "{}: saw {seen:?}, FEN has {expected:?}",
                sq.name(position.game)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

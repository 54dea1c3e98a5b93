//! How long diagrams take, each beside a reference measured in the same run (the machine is
//! shared, so compare the pair rather than the absolute figure):
//!
//! - an SVG (chess, xiangqi) — beside reading and writing the record's FEN;
//! - a 600 px PNG (chess, xiangqi: text drawn through the system's fonts) — beside resvg
//!   rendering an empty 600 px SVG, the renderer's floor;
//! - the HTML sheet of a 1,000-record file — beside reading those 1,000 records' FENs;
//! - loading the system's fonts once (what a `diagram` run or the editor's first `d` pays).
//!
//! `cargo bench --bench diagram` prints medians and 10th/90th percentiles.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fenboard::core::{Position, fen};
use fenboard::diagram::{self, Caption, Options, html, png};

const CHESS: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn report(name: &str, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    let unit = |d: Duration| {
        let us = d.as_secs_f64() * 1e6;
        if us >= 1000.0 {
            format!("{:>8.2} ms", us / 1000.0)
        } else {
            format!("{us:>8.2} µs")
        }
    };
    println!(
        "{name:<52} median {}   p10 {}   p90 {}   ({} samples)",
        unit(at(0.5)),
        unit(at(0.1)),
        unit(at(0.9)),
        times.len()
    );
}

fn time(samples: usize, mut f: impl FnMut()) -> Vec<Duration> {
    (0..samples)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect()
}

fn position(text: &str) -> Position {
    fen::read(text, None).position.unwrap()
}

fn main() {
    let t = Instant::now();
    let fonts = png::Fonts::system();
    report("load the system's fonts (once per run)", vec![t.elapsed()]);

    for (name, text) in [("chess", CHESS), ("xiangqi", XIANGQI)] {
        let pos = position(text);
        let caption = Caption::new(&pos, Some(r#"c0 "A. Composer, 2026"; dm 2;"#));
        let options = Options::default();
        report(
            &format!("reference: read + write the FEN ({name})"),
            time(2000, || {
                black_box(fen::write(&position(black_box(text))));
            }),
        );
        report(
            &format!("svg, {} px ({name})", options.size),
            time(2000, || {
                black_box(diagram::svg(black_box(&pos), &caption, &options));
            }),
        );
    }

    let empty = r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"></svg>"#;
    report(
        "reference: resvg, empty 600 px SVG to PNG",
        time(50, || {
            let pixmap = png::pixmap(black_box(empty), &fonts).unwrap();
            black_box(pixmap.encode_png().unwrap());
        }),
    );
    for (name, text) in [("chess", CHESS), ("xiangqi", XIANGQI)] {
        let pos = position(text);
        let caption = Caption::new(&pos, Some(r#"c0 "A. Composer, 2026"; dm 2;"#));
        let options = Options {
            size: 600,
            ..Options::default()
        };
        report(
            &format!("png, 600 px ({name})"),
            time(50, || {
                black_box(png::diagram(black_box(&pos), &caption, &options, &fonts).unwrap());
            }),
        );
    }

    // 1,000 records, chess and xiangqi mixed, each with a caption and a solution.
    let lines: Vec<String> = (0..1000)
        .map(|i| {
            let text = if i % 4 == 3 { XIANGQI } else { CHESS };
            format!(
                "{} id \"p{i}\"; dm 2; c0 \"Composer {i}\"; c1 \"1.Qxa6!\";",
                text.rsplitn(3, ' ').nth(2).unwrap()
            )
        })
        .collect();
    report(
        "reference: read 1,000 records' FENs",
        time(10, || {
            for line in &lines {
                black_box(fen::read(line.split(" id ").next().unwrap(), None));
            }
        }),
    );
    report(
        "html sheet, 1,000 records (read + draw)",
        time(10, || {
            let read: Vec<(Position, Caption)> = lines
                .iter()
                .map(|line| {
                    let (fen_text, ops) = line.split_once(" id ").unwrap();
                    let pos = position(fen_text);
                    let caption = Caption::new(&pos, Some(&format!("id {ops}")));
                    (pos, caption)
                })
                .collect();
            let entries: Vec<html::Entry> = read
                .iter()
                .enumerate()
                .map(|(i, (position, caption))| html::Entry {
                    label: format!("{}.", i + 1),
                    position,
                    caption,
                })
                .collect();
            black_box(html::sheet("bench", &entries, &Options::default()));
        }),
    );
}

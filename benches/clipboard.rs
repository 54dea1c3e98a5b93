//! How long a copy keeps the editor waiting, and how long until it is done.
//!
//! - building the OSC 52 sequence of a FEN;
//! - `Clipboard::copy` without a display (the sequence written to the terminal writer at once);
//! - with an X server (a private Xvfb, when installed): the `copy` call itself, which only
//!   queues the job, and the time until the worker reports that the background holder owns
//!   the clipboard.
//!
//! `cargo bench --bench clipboard` prints medians and 10th/90th percentiles.

mod common;

use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fenboard::tui::clipboard::{Clipboard, Content, Environment, Outcome, Via, osc52};

const FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

fn report(name: &str, times: Vec<Duration>) {
    let times = common::Times::from(times);
    let at = |q: f64| times.at(q);
    let unit = |d: Duration| {
        let us = d.as_secs_f64() * 1e6;
        if us >= 1000.0 {
            format!("{:>8.2} ms", us / 1000.0)
        } else {
            format!("{us:>8.2} µs")
        }
    };
    println!(
        "{name:<48} median {}   p10 {}   p90 {}   ({} samples)",
        unit(at(0.5)),
        unit(at(0.1)),
        unit(at(0.9)),
        times.len()
    );
}

fn main() {
    let times: Vec<Duration> = (0..20_000)
        .map(|_| {
            let t = Instant::now();
            black_box(osc52::sequence(black_box(FEN), osc52::Framing::Plain).unwrap());
            t.elapsed()
        })
        .collect();
    report("osc52::sequence (FEN)", times);

    let mut clip = Clipboard::with_environment(Environment::default(), "fenboard".into(), |_| {});
    let mut term = Vec::with_capacity(256);
    let times: Vec<Duration> = (0..20_000)
        .map(|_| {
            term.clear();
            let t = Instant::now();
            black_box(clip.copy(FEN, Content::Fen, &mut term));
            t.elapsed()
        })
        .collect();
    report("copy, no display (OSC 52 to the writer)", times);

    desktop();
}

/// Copies under a private Xvfb through the background holder.
fn desktop() {
    let Ok(mut xvfb) = Command::new("Xvfb")
        .args(["-displayfd", "1", "-nolisten", "tcp"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        println!("copy with a display: skipped (Xvfb is not installed)");
        return;
    };
    let mut line = String::new();
    let _ = BufReader::new(xvfb.stdout.take().unwrap()).read_line(&mut line);
    let display = format!(":{}", line.trim());
    // SAFETY: no other thread runs yet; the holder (and arboard) read DISPLAY from here.
    unsafe {
        std::env::set_var("DISPLAY", &display);
        std::env::remove_var("WAYLAND_DISPLAY");
    }
    let env = Environment {
        x11: true,
        ..Environment::default()
    };
    let (tx, rx) = mpsc::channel();
    let mut clip =
        Clipboard::with_environment(env, env!("CARGO_BIN_EXE_fenboard").into(), move |r| {
            let _ = tx.send((Instant::now(), r));
        });
    let mut call = Vec::new();
    let mut done = Vec::new();
    let mut term = Vec::new();
    for i in 0..100 {
        let text = format!("{FEN} {i}");
        let t = Instant::now();
        let now = clip.copy(&text, Content::Fen, &mut term);
        call.push(t.elapsed());
        assert!(now.is_none(), "the desktop copy is left to the worker");
        let (at, reply) = rx.recv().expect("a reply");
        let outcome = clip.finish(reply, &mut term);
        assert!(
            matches!(
                &outcome,
                Outcome::Copied {
                    via: Via::Desktop("X11"),
                    ..
                }
            ),
            "{outcome:?}"
        );
        done.push(at - t);
    }
    report("copy with X11: the call (queues the job)", call);
    report("copy with X11: until the holder owns it", done);
    // The last holder exits once its display is gone.
    let _ = xvfb.kill();
    let _ = xvfb.wait();
}

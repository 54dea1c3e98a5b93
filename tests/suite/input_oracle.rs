//! The editor's terminal decoder (`tui::input`) against crossterm's own reader: the same
//! bytes, written to a pseudo-terminal one read at a time, make the same events. The test runs
//! itself a second time as the child that reads the pseudo-terminal with crossterm and prints
//! each event it gets.

use std::io::{BufRead, BufReader, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fenboard::tui::input::Decoder;
use ratatui::crossterm::event;

/// Set in the child's environment.
const CHILD: &str = "FENBOARD_INPUT_ORACLE_CHILD";
/// What the child prints once it reads.
const READY: &str = "crossterm reads";
/// The paste that ends the child.
const END: &str = "end of the oracle";

#[test]
fn the_decoder_reads_what_crossterm_reads() {
    if std::env::var_os(CHILD).is_some() {
        return read_with_crossterm();
    }
    let chunks = chunks();
    let (master, slave) = pty();
    let child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "input_oracle::the_decoder_reads_what_crossterm_reads",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut child = KillOnDrop(child);
    let child = &mut child.0;
    let (tx, lines) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut master = std::fs::File::from(master);
    let mut theirs = Vec::new();
    let next_line = |theirs: &mut Vec<String>, until: Instant| {
        let left = until.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if line.starts_with("event ") => theirs.push(line[6..].to_owned()),
            Ok(_) => {}
            Err(_) => return false,
        }
        true
    };
    // The child is in raw mode (no echo) once it says so.
    let ready = Instant::now() + Duration::from_secs(20);
    loop {
        match lines.recv_timeout(ready.saturating_duration_since(Instant::now())) {
            // The harness's "test … " may start the line.
            Ok(line) if line.ends_with(READY) => break,
            Ok(_) => {}
            Err(e) => panic!("the crossterm reader did not start: {e}"),
        }
    }
    let mut decoder = Decoder::default();
    let mut ours = Vec::new();
    for chunk in &chunks {
        decoder.feed(chunk, false);
        for ev in decoder.by_ref() {
            ours.push(format!("{ev:?}"));
        }
        master.write_all(chunk).unwrap();
        // Each chunk is read alone: wait for as many events as the decoder made (or a moment,
        // for a chunk that makes none) before writing the next.
        let until = Instant::now() + Duration::from_secs(2);
        std::thread::sleep(Duration::from_millis(3));
        while theirs.len() < ours.len() && next_line(&mut theirs, until) {}
    }
    master
        .write_all(format!("\x1b[200~{END}\x1b[201~").as_bytes())
        .unwrap();
    let until = Instant::now() + Duration::from_secs(5);
    while !theirs.last().is_some_and(|l| l.contains(END)) && next_line(&mut theirs, until) {}
    assert_eq!(
        theirs.pop(),
        Some(format!("Paste({END:?})")),
        "the child read to the end"
    );
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "event {i} (ours, crossterm's)");
    }
    assert_eq!(ours.len(), theirs.len(), "as many events");
    assert!(ours.len() > chunks.len() / 2, "the chunks make events");
}

/// Ends the child however the test ends.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The child: prints every event crossterm reads from standard input (the pseudo-terminal).
fn read_with_crossterm() {
    ratatui::crossterm::terminal::enable_raw_mode().unwrap();
    println!("{READY}");
    loop {
        let ev = event::read().unwrap();
        println!("event {ev:?}");
        if matches!(&ev, event::Event::Paste(p) if p == END) {
            break;
        }
    }
    ratatui::crossterm::terminal::disable_raw_mode().unwrap();
}

/// A pseudo-terminal: (master, slave).
fn pty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two descriptors it opened; no name, settings or size asked for.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both are open and owned by nothing else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// What terminals send for keys, mouse and pastes, one read each, then the same sequences
/// run together and cut at random places (a fixed seed).
fn chunks() -> Vec<Vec<u8>> {
    let mut tokens: Vec<Vec<u8>> = Vec::new();
    let mut add = |s: &[u8]| tokens.push(s.to_vec());
    for b in (0x00..=0x7fu8).filter(|&b| b != 0x1b) {
        add(&[b]);
    }
    for s in ["é", "ß", "中", "帥", "♚", "🙂", "Ä"] {
        add(s.as_bytes());
    }
    for b in [b'a', b'Q', b'1', b' ', b'\r', 0x7f, b'\t', 0x01, b'[', b'O'] {
        add(&[0x1b, b]);
    }
    add("\x1bé".as_bytes());
    for s in [
        "\x1b",
        "\x1b\x1b",
        "\x1b[A",
        "\x1b[B",
        "\x1b[C",
        "\x1b[D",
        "\x1b[H",
        "\x1b[F",
        "\x1bOA",
        "\x1bOB",
        "\x1bOC",
        "\x1bOD",
        "\x1bOH",
        "\x1bOF",
        "\x1bOP",
        "\x1bOQ",
        "\x1bOR",
        "\x1bOS",
        "\x1b[Z",
        "\x1b[I",
        "\x1b[O",
        "\x1b[P",
        "\x1b[Q",
        "\x1b[S",
        "\x1b[[A",
        "\x1b[[E",
        "\x1b[1~",
        "\x1b[2~",
        "\x1b[3~",
        "\x1b[4~",
        "\x1b[5~",
        "\x1b[6~",
        "\x1b[7~",
        "\x1b[8~",
        "\x1b[11~",
        "\x1b[15~",
        "\x1b[17~",
        "\x1b[21~",
        "\x1b[23~",
        "\x1b[24~",
        "\x1b[29~",
        "\x1b[34~",
        "\x1b[1;2A",
        "\x1b[1;3B",
        "\x1b[1;5C",
        "\x1b[1;6D",
        "\x1b[1;2H",
        "\x1b[1;5F",
        "\x1b[1;2P",
        "\x1b[1;7R",
        "\x1b[5A",
        "\x1b[;5B",
        "\x1b[3;5~",
        "\x1b[5;2~",
        "\x1b[6;3~",
        "\x1b[15;5~",
        "\x1b[3;129~",
        "\x1b[1;5:2A",
        "\x1b[1;5:3C",
        "\x1b[97;5u",
        "\x1b[27u",
        "\x1b[13;2u",
        "\x1b[9;2u",
        "\x1b[127u",
        "\x1b[57399u",
        "\x1b[57414u",
        "\x1b[57417;3u",
        "\x1b[57441;2u",
        "\x1b[57443u",
        "\x1b[57376u",
        "\x1b[57428u",
        "\x1b[57363u",
        "\x1b[97:65;2u",
        "\x1b[97;5:3u",
        "\x1b[97;65u",
        "\x1b[<0;10;5M",
        "\x1b[<0;10;5m",
        "\x1b[<1;3;4M",
        "\x1b[<2;3;4M",
        "\x1b[<2;3;4m",
        "\x1b[<32;11;5M",
        "\x1b[<34;1;1M",
        "\x1b[<35;120;40M",
        "\x1b[<64;1;1M",
        "\x1b[<65;7;9M",
        "\x1b[<66;2;2M",
        "\x1b[<67;2;2M",
        "\x1b[<4;5;6M",
        "\x1b[<8;5;6M",
        "\x1b[<16;5;6M",
        "\x1b[<28;5;6M",
        "\x1b[<0;300;200M",
        "\x1b[32;10;5M",
        "\x1b[35;1;1M",
        "\x1b[96;4;4M",
        "\x1b[M !!",
        "\x1b[M#*%",
        "\x1b[M@+,",
        "\x1b[Ma!!",
        "\x1b[200~hello\x1b[201~",
        "\x1b[200~\x1b[201~",
        "\x1b[200~8/8/8/8/8/8/8/8 w - - 0 1\r\n2k5/8 b\x1b[A\x1b\x1b[201~",
        "\x1b[200~\u{e9}\u{4e2d}\x01\x7f\x1b[201~",
        "\x1b[12;40R",
        // Not sequences: dropped, and what follows them read as before.
        "\x1b[x",
        "\x1bOx",
        "\x1b[[x",
        "\x1b[99~",
        "\x1b[1;5X",
        "\x1b[0x",
        "\x1b[<99;1;1M",
    ] {
        add(s.as_bytes());
    }
    add(b"\x1b[200~\xc3\x28 lossy \xff\x1b[201~");
    // Bytes that are not UTF-8.
    for b in [&b"\xff"[..], b"\x80", b"\xc3(", b"\xe4\xb8x"] {
        add(b);
    }
    let mut chunks = tokens.clone();
    // Run together, these would start sequences with what follows (crossterm's reader itself
    // fails on some of those): alone only.
    let pool: Vec<&Vec<u8>> = tokens
        .iter()
        .filter(|t| ![&b"\x1b"[..], b"\x1b[", b"\x1bO"].contains(&t.as_slice()))
        .collect();
    // Sequences split across reads, which wait for their end.
    for s in [
        &b"\x1b["[..],
        b"1;5",
        b"A",
        b"\x1b[<0;1",
        b"0;5M",
        b"\x1b[200~half ",
        b"a paste\x1b[2",
        b"01~",
        b"\xe4\xb8",
        b"\xad",
        b"\x1b[M",
        b" !",
        b"!",
    ] {
        chunks.push(s.to_vec());
    }
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut random = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    for _ in 0..300 {
        let mut run = Vec::new();
        for _ in 0..1 + random(4) {
            run.extend_from_slice(pool[random(pool.len())]);
        }
        // Cut in two now and then: the decoder keeps the first part's unfinished sequence.
        let cut = if random(3) == 0 { random(run.len()) } else { 0 };
        if cut > 0 {
            chunks.push(run[..cut].to_vec());
            chunks.push(run[cut..].to_vec());
        } else {
            chunks.push(run);
        }
    }
    chunks
}

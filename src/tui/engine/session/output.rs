//! The engine's standard output as lines, bounded in length and in number: an engine that
//! floods (a program that is none, as `yes`) is stopped being read and reported, instead of
//! growing the editor's memory or keeping its session busy forever.

use std::io::{BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest line kept; the rest of a longer one is skipped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// The most lines in one [`WINDOW`]: a real engine writes a few hundred a second at most.
pub const MAX_LINES_PER_WINDOW: u32 = 20_000;
/// The span lines are counted over.
pub const WINDOW: Duration = Duration::from_secs(1);
/// The most bytes of lines read but not yet handled by the session.
pub const MAX_QUEUED_BYTES: usize = 4 << 20;

/// What the reader hands the session.
#[derive(Debug, PartialEq, Eq)]
pub enum Output {
    Line(String),
    /// The output ended (the engine closed it or exited).
    Eof,
    /// The engine writes more than an engine does (why); reading stopped.
    Flood(String),
}

/// Bytes of lines sent and not yet taken: the reader adds, the session subtracts.
#[derive(Clone, Default)]
pub struct Queued(Arc<AtomicUsize>);

impl Queued {
    /// The session took a line of `len` bytes.
    pub fn taken(&self, len: usize) {
        self.0.fetch_sub(len, Ordering::Relaxed);
    }

    fn sent(&self, len: usize) -> usize {
        self.0.fetch_add(len, Ordering::Relaxed) + len
    }
}

/// Reads `out` to its end (or a flood), handing each line to `send` (false: nobody listens).
pub fn read_lines(out: impl Read, queued: &Queued, mut send: impl FnMut(Output) -> bool) {
    let mut reader = BufReader::new(out);
    let mut buf = Vec::with_capacity(256);
    let mut window = (Instant::now(), 0u32);
    loop {
        let last = match read_line(&mut reader, &mut buf) {
            Ok(true) => Output::Line(String::from_utf8_lossy(&buf).trim_end().to_owned()),
            Ok(false) | Err(_) => Output::Eof,
        };
        if let Output::Line(line) = &last {
            let now = Instant::now();
            if now.duration_since(window.0) >= WINDOW {
                window = (now, 0);
            }
            window.1 += 1;
            let flood = if window.1 > MAX_LINES_PER_WINDOW {
                Some(format!(
                    "the engine floods its output (over {MAX_LINES_PER_WINDOW} lines a second)"
                ))
            } else if queued.sent(line.len()) > MAX_QUEUED_BYTES {
                Some("the engine writes faster than it can be read".to_owned())
            } else {
                None
            };
            if let Some(why) = flood {
                send(Output::Flood(why));
                return;
            }
        }
        let end = last == Output::Eof;
        if !send(last) || end {
            return;
        }
    }
}

/// Reads one line into `buf` (its first [`MAX_LINE_BYTES`], the rest skipped); false at the end.
fn read_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<bool> {
    buf.clear();
    let n = reader
        .by_ref()
        .take(MAX_LINE_BYTES as u64)
        .read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(false);
    }
    if buf.last() != Some(&b'\n') && n == MAX_LINE_BYTES {
        // Skip to the end of the line without keeping it.
        loop {
            let chunk = reader.fill_buf()?;
            if chunk.is_empty() {
                break;
            }
            match chunk.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    reader.consume(at + 1);
                    break;
                }
                None => {
                    let len = chunk.len();
                    reader.consume(len);
                }
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: impl Read) -> Vec<Output> {
        let mut got = Vec::new();
        read_lines(bytes, &Queued::default(), |o| {
            got.push(o);
            true
        });
        got
    }

    #[test]
    fn lines_come_whole_then_the_end() {
        let got = read_all(&b"id name X\r\nuciok\n"[..]);
        assert_eq!(
            got,
            [
                Output::Line("id name X".into()),
                Output::Line("uciok".into()),
                Output::Eof
            ]
        );
    }

    #[test]
    fn an_endless_line_is_cut_and_its_rest_skipped() {
        let mut bytes = vec![b'x'; 3 * MAX_LINE_BYTES];
        bytes.extend_from_slice(b"\nreadyok\n");
        let got = read_all(&bytes[..]);
        assert_eq!(got.len(), 3, "one cut line, the next, the end");
        assert!(matches!(&got[0], Output::Line(l) if l.len() == MAX_LINE_BYTES));
        assert_eq!(got[1], Output::Line("readyok".into()));
    }

    #[test]
    fn a_flood_of_lines_is_said_once_and_reading_stops() {
        // As `yes` writes: endless short lines.
        let endless = std::io::repeat(b'\n');
        let got = read_all(endless.take(u64::MAX));
        assert!(
            matches!(got.last(), Some(Output::Flood(why)) if why.contains("floods")),
            "{:?}",
            got.last()
        );
        assert_eq!(got.len() as u32, MAX_LINES_PER_WINDOW + 1);
    }

    #[test]
    fn lines_nobody_takes_are_bounded_in_bytes() {
        let queued = Queued::default();
        let line = format!("{}\n", "i".repeat(60_000));
        let mut sent = 0usize;
        let mut flood = None;
        read_lines(line.repeat(200).as_bytes(), &queued, |o| {
            match o {
                Output::Line(_) => sent += 1,
                Output::Flood(why) => flood = Some(why),
                Output::Eof => {}
            }
            true
        });
        assert!(flood.is_some_and(|w| w.contains("faster")));
        assert!(sent * 60_000 <= MAX_QUEUED_BYTES, "{sent} lines queued");
    }
}

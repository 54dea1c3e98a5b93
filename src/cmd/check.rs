//! `fenboard check`: lints FEN/EPD records, one per line, from files or standard input.
//!
//! The input is streamed: a reader thread cuts it into batches of lines (a line longer than
//! [`MAX_LINE`] is cut short and skipped to its newline, never held whole), worker threads check
//! the batches, and the calling thread writes the results in input order. Batch `i` goes to
//! worker `i % workers` and its result is collected from that worker's queue, so the order needs
//! no reordering buffer, and the bounded queues keep memory constant whatever the input size.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

mod popeye;
mod record;

use record::check_line;

use crate::cli::args::CheckArgs;
use crate::collection::stream::read_line_capped;
use crate::core::Game;
use crate::core::escape::controls;

/// Lines longer than this many bytes (without their line ending) are reported as
/// `line_too_long` and not read further: the rule the editor's collections follow too.
pub use crate::collection::record::MAX_LINE;
/// Lines per batch handed to a worker.
const BATCH_LINES: usize = 2048;
/// Bytes per batch, so that batches of long lines stay small too.
const BATCH_BYTES: usize = 512 * 1024;

/// How records are checked and printed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The game, or `None` to tell it from each record.
    pub game: Option<Game>,
    /// JSON Lines instead of `FILE:LINE:COL: severity[code]: message`.
    pub json: bool,
    /// Worker threads; 0 means one per available core.
    pub workers: usize,
}

/// Counts over everything checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub records: u64,
    pub valid: u64,
    pub invalid: u64,
    pub warnings: u64,
}

impl Summary {
    fn add(&mut self, other: &Summary) {
        self.records += other.records;
        self.valid += other.valid;
        self.invalid += other.invalid;
        self.warnings += other.warnings;
    }

    /// The closing line: `3 records: 2 valid, 1 invalid, 4 warnings`.
    pub fn line(&self) -> String {
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}: {} valid, {} invalid, {}",
            plural(self.records, "record"),
            self.valid,
            self.invalid,
            plural(self.warnings, "warning")
        )
    }
}

pub fn run(args: CheckArgs) -> crate::cli::Result<ExitCode> {
    let options = Options {
        game: args.game.game(),
        json: args.json,
        workers: 0,
    };
    let inputs = if args.files.is_empty() {
        vec!["-".to_string()]
    } else {
        args.files
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut summary = Summary::default();
    let mut failed = false;
    for name in &inputs {
        let result = if name == "-" {
            check_stream(io::stdin(), "<stdin>", &options, &mut out, &mut summary)
        } else {
            match File::open(name) {
                Ok(_) if crate::popeye::is_popeye_file(std::path::Path::new(name)) => {
                    check_popeye_file(name, &options, &mut out, &mut summary)
                }
                Ok(file) => check_stream(file, name, &options, &mut out, &mut summary),
                Err(err) => Err(StreamError::Read(err)),
            }
        };
        match result {
            Ok(()) => {}
            Err(StreamError::Write(err)) => return Err(crate::cli::output::write_failed(&err)),
            Err(StreamError::Read(err)) => {
                let _ = out.flush();
                // Reported now, in input order, and the other files are still checked.
                crate::cli::report("check", &format!("{}: {err}", controls(name)));
                failed = true;
            }
        }
    }
    let line = summary.line();
    let written = if options.json {
        out.flush().and_then(|()| writeln!(io::stderr(), "{line}"))
    } else {
        writeln!(out, "{line}").and_then(|()| out.flush())
    };
    if let Err(err) = written {
        return Err(crate::cli::output::write_failed(&err));
    }
    Ok(if failed {
        ExitCode::from(2)
    } else if summary.invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Checks the Popeye input file `name` (read whole, as `solve` does).
fn check_popeye_file<W: Write>(
    name: &str,
    options: &Options,
    out: &mut W,
    summary: &mut Summary,
) -> Result<(), StreamError> {
    let text = crate::popeye::read_file(std::path::Path::new(name)).map_err(StreamError::Read)?;
    let mut output = Output {
        text: Vec::new(),
        summary: Summary::default(),
    };
    popeye::check_popeye(&text, &controls(name), options, &mut output);
    summary.add(&output.summary);
    out.write_all(&output.text).map_err(StreamError::Write)
}

/// One line of a batch: where its stored bytes are and how long it really was.
#[derive(Clone, Copy)]
struct LineRef {
    start: usize,
    end: usize,
    full_len: u64,
}

struct Batch {
    first_line: u64,
    data: Vec<u8>,
    lines: Vec<LineRef>,
}

struct Output {
    text: Vec<u8>,
    summary: Summary,
}

/// What stopped a stream being checked: its input or the output.
#[derive(Debug)]
pub enum StreamError {
    Read(io::Error),
    Write(io::Error),
}

/// Checks every record of `input` (named `label` in messages), writing the report to `out` and
/// adding to `summary`.
pub fn check_stream<R: Read + Send, W: Write>(
    input: R,
    label: &str,
    options: &Options,
    out: &mut W,
    summary: &mut Summary,
) -> Result<(), StreamError> {
    let workers = match options.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, 16);
    // A file name reaches the terminal: its control characters are escaped, once per input.
    let label = &*crate::core::escape::controls(label);
    std::thread::scope(|scope| {
        let mut to_workers: Vec<SyncSender<Batch>> = Vec::with_capacity(workers);
        let mut from_workers: Vec<Receiver<Output>> = Vec::with_capacity(workers);
        for _ in 0..workers {
            let (batch_tx, batch_rx) = sync_channel::<Batch>(2);
            let (out_tx, out_rx) = sync_channel::<Output>(2);
            to_workers.push(batch_tx);
            from_workers.push(out_rx);
            scope.spawn(move || {
                for batch in batch_rx {
                    let output = check_batch(&batch, label, options);
                    if out_tx.send(output).is_err() {
                        break;
                    }
                }
            });
        }
        let reader = scope.spawn(move || read_batches(input, to_workers));
        let mut write_result = Ok(());
        for i in 0.. {
            let Ok(output) = from_workers[i % workers].recv() else {
                break;
            };
            summary.add(&output.summary);
            if let Err(err) = out.write_all(&output.text) {
                write_result = Err(StreamError::Write(err));
                break;
            }
        }
        // Dropping the queues stops the workers and the reader if writing failed.
        drop(from_workers);
        let read_result = reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the input reader stopped unexpectedly")));
        write_result.and(read_result.map_err(StreamError::Read))
    })
}

/// Reads `input` into batches of lines and deals them out to the workers in turn.
fn read_batches<R: Read>(input: R, workers: Vec<SyncSender<Batch>>) -> io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 18, input);
    let mut line_no = 1u64;
    let mut next = 0usize;
    loop {
        let mut batch = Batch {
            first_line: line_no,
            data: Vec::with_capacity(BATCH_BYTES.min(64 * BATCH_LINES)),
            lines: Vec::with_capacity(BATCH_LINES),
        };
        let mut eof = false;
        while batch.lines.len() < BATCH_LINES && batch.data.len() < BATCH_BYTES {
            let start = batch.data.len();
            // One byte more than the limit: a CR before the LF is not counted.
            match read_line_capped(&mut reader, &mut batch.data, MAX_LINE + 1)? {
                Some(full_len) => batch.lines.push(LineRef {
                    start,
                    end: batch.data.len(),
                    full_len,
                }),
                None => {
                    eof = true;
                    break;
                }
            }
        }
        line_no += batch.lines.len() as u64;
        if !batch.lines.is_empty() {
            if workers[next % workers.len()].send(batch).is_err() {
                return Ok(()); // the writer stopped; its error is reported there
            }
            next += 1;
        }
        if eof {
            return Ok(());
        }
    }
}

/// `label` is the input's name with its control characters escaped.
fn check_batch(batch: &Batch, label: &str, options: &Options) -> Output {
    let mut output = Output {
        text: Vec::new(),
        summary: Summary::default(),
    };
    for (i, line) in batch.lines.iter().enumerate() {
        let bytes = &batch.data[line.start..line.end];
        check_line(
            batch.first_line + i as u64,
            bytes,
            line.full_len,
            label,
            options,
            &mut output,
            None,
        );
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Code;

    fn run_on(input: &[u8], options: Options) -> (String, Summary) {
        let mut out = Vec::new();
        let mut summary = Summary::default();
        check_stream(input, "t.fen", &options, &mut out, &mut summary).unwrap();
        (String::from_utf8(out).unwrap(), summary)
    }

    #[test]
    fn every_code_is_reachable() {
        let long = "x".repeat(MAX_LINE + 1);
        let lines: Vec<&[u8]> = vec![
            b"FEN:",
            b"rnbqkbnr/pp\xffppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            long.as_bytes(),
            b"8/8/8/8/8/8/8/8\0 w - - 0 1",
            b"\xef\xbb\xbf  FEN: 4k3/8/8/8/8/8/8/4K3  w\t- - 0 0 \r",
            b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            b"4k3/8/8/8/8/8/8 w - - 0 1",
            b"4k3/8/8/8/8/8/8/4K3x x Z e9 -1 z",
            b"4k3/8/8/8/8/44/8/4K3",
            b"r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1",
            b"r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1",
            b"rheakaehr/9/9/9/9/9/9/9/9/RHEAKAEHR r - - 0 1",
            b"8/8/8/8/8/8/8/8 w - - 0 1",
            b"4k3/8/8/8/8/8/8/K3K2p w K e3 0 1",
            b"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
            b"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            b"4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",
            b"4k3/8/8/8/8/8/8/4K3 w - - 200 1",
            b"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 3 2",
            b"3k5/9/9/9/9/9/9/9/RRR6/2K1B4 w - - 0 1",
            b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2",
            // Retro-legality: captures, a caged piece (two dark bishops that no Chess960 start
            // explains either), castling, whose move.
            b"rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w kq - 0 1",
            b"4k3/8/8/8/8/8/PPPPPPP1/B1B1K3 w - - 0 1",
            b"4k3/8/8/8/3RP3/8/PPPP1PPP/4K2R w K - 0 1",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        ];
        let input = lines.join(&b"\n"[..]);
        let options = Options {
            json: true,
            ..Options::default()
        };
        let mut out = Vec::new();
        let mut summary = Summary::default();
        check_stream(&input[..], "t", &options, &mut out, &mut summary).unwrap();
        let mut seen = std::collections::HashSet::new();
        for line in String::from_utf8(out).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            for d in v["diagnostics"].as_array().unwrap() {
                seen.insert(d["code"].as_str().unwrap().to_string());
            }
        }
        let missing: Vec<&str> = Code::ALL
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !seen.contains(*c))
            .collect();
        assert!(missing.is_empty(), "never emitted: {missing:?}");
    }

    #[test]
    fn capped_lines_are_skipped_to_their_newline() {
        let mut input = vec![b'x'; 100];
        input.extend_from_slice(b"\nabc\nlast");
        let mut reader = BufReader::with_capacity(16, &input[..]);
        let mut buf = Vec::new();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf, 10).unwrap(),
            Some(100)
        );
        assert_eq!(buf, vec![b'x'; 10]);
        buf.clear();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf, 10).unwrap(),
            Some(3)
        );
        assert_eq!(buf, b"abc");
        buf.clear();
        assert_eq!(
            read_line_capped(&mut reader, &mut buf, 10).unwrap(),
            Some(4)
        );
        assert_eq!(read_line_capped(&mut reader, &mut buf, 10).unwrap(), None);
    }

    #[test]
    fn every_record_form_is_checked_on_its_position_fields() {
        let input = b"4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"x\";\n\
            4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n\
            4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D3\n\
            4k3/8/8/8/8/8/8/4K3 w - - id \"y\"; free text by someone, 2004\n";
        let (text, summary) = run_on(input, Options::default());
        assert_eq!(summary.records, 4);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            ["t.fen:3:34: error[invalid_operation]: `D3` has no count"],
            "{text}"
        );
        assert_eq!(
            (summary.valid, summary.invalid, summary.warnings),
            (3, 1, 0)
        );
    }

    #[test]
    fn a_crlf_line_ending_does_not_count_towards_the_length() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let padded = format!("{fen}{}", " ".repeat(MAX_LINE - fen.len()));
        let (text, _) = run_on(
            format!("{padded}\r\n{padded} \n").as_bytes(),
            Options::default(),
        );
        assert!(!text.contains(":1:1: error[line_too_long]"), "{text}");
        assert!(text.contains(":2:1: error[line_too_long]"), "{text}");
    }

    #[test]
    fn output_keeps_input_order_across_many_batches() {
        let mut input = Vec::new();
        let n = BATCH_LINES * 5 + 17;
        for i in 0..n {
            if i % 3 == 0 {
                input.extend_from_slice(b"8/8/8/8/8/8/8/8 w - - 0 1\n");
            } else {
                input.extend_from_slice(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
            }
        }
        let options = Options {
            workers: 3,
            ..Options::default()
        };
        let (text, summary) = run_on(&input, options);
        assert_eq!(summary.records, n as u64);
        assert_eq!(summary.invalid, n.div_ceil(3) as u64);
        let lines: Vec<u64> = text
            .lines()
            .filter(|l| l.contains("empty_board"))
            .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
            .collect();
        let expected: Vec<u64> = (0..n as u64).step_by(3).map(|i| i + 1).collect();
        assert_eq!(lines, expected);
    }
}

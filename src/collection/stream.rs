//! Reading a collection's records one at a time from a stream, in constant memory: what the
//! subcommands that go through a file once (`solve`, `diagram`, `perft --suite`) use, so that an
//! endless or huge input (`/dev/zero`, a FIFO) costs no more than one line.
//!
//! The records are those `Collection` finds (blank lines and `#` comments skipped, a UTF-8 byte
//! order mark dropped, CRLF read as LF). A line longer than [`MAX_LINE`] is kept cut to one byte
//! over the limit, so that the FEN reader still reports it as too long, and the rest of it is
//! skipped to its newline without being stored.

use std::io::{self, BufRead};

use super::lines::{BOM, Kind, kind};
use super::record::{self, MAX_LINE, Parts};

/// One record line read from a stream.
#[derive(Clone, Debug)]
pub struct Record {
    /// Its 1-based line number in the input.
    pub line: usize,
    /// Its text (invalid UTF-8 replaced), cut as the module's comment says.
    pub text: String,
    parts: Parts,
}

impl Record {
    /// The FEN text (for EPD, its four fields).
    pub fn fen(&self) -> &str {
        &self.text[self.parts.fen.clone()]
    }

    /// The EPD operations as written; `None` for a FEN.
    pub fn operations(&self) -> Option<&str> {
        self.parts.ops.clone().map(|r| &self.text[r])
    }

    /// The operand of the EPD operation `opcode`, if any.
    pub fn operand(&self, opcode: &str) -> Option<&str> {
        super::epd::operand(self.operations()?, opcode)
    }

    /// Whether the position fields are EPD's four (no clocks).
    pub fn is_four_fields(&self) -> bool {
        self.parts.is_four_fields()
    }

    /// The EPD `id`, if any.
    pub fn id(&self) -> Option<&str> {
        self.operand("id")
    }

    /// The record of one line of text that came from elsewhere (a problem of a Popeye input):
    /// `line` is where its source begins.
    pub fn from_line(line: usize, text: String, epd_file: bool) -> Record {
        let parts = record::parts(&text, epd_file);
        Record { line, text, parts }
    }
}

/// The records of `input`, in order; four-field lines are EPD when `epd_file` (the input's
/// name ends in `.epd`). Yields read errors of the input, and stops after one.
pub fn records<R: BufRead>(input: R, epd_file: bool) -> Records<R> {
    Records {
        input,
        epd_file,
        line: 0,
        buf: Vec::new(),
        failed: false,
    }
}

/// The iterator `records` gives.
pub struct Records<R> {
    input: R,
    epd_file: bool,
    line: usize,
    buf: Vec<u8>,
    failed: bool,
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        while !self.failed {
            self.buf.clear();
            // One byte more than the limit, and one for the CR of a CRLF.
            match read_line_capped(&mut self.input, &mut self.buf, MAX_LINE + 2) {
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
                Ok(None) => return None,
                Ok(Some(_)) => {}
            }
            self.line += 1;
            let mut content = &self.buf[..];
            if self.line == 1 {
                content = content.strip_prefix(BOM).unwrap_or(content);
            }
            content = content.strip_suffix(b"\r").unwrap_or(content);
            if kind(content) != Kind::Record {
                continue;
            }
            let text =
                String::from_utf8_lossy(&content[..content.len().min(MAX_LINE + 1)]).into_owned();
            let parts = record::parts(&text, self.epd_file);
            return Some(Ok(Record {
                line: self.line,
                text,
                parts,
            }));
        }
        None
    }
}

/// Appends the next line (without its `\n`) to `buf`, storing at most `cap` bytes of it and
/// skipping the rest. Returns the line's full length, or `None` at the end of the input.
pub fn read_line_capped<R: BufRead>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<u64>> {
    let mut total = 0u64;
    let mut stored = 0usize;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if available.is_empty() {
            return Ok(any.then_some(total));
        }
        any = true;
        let (chunk, found) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (available.len(), false),
        };
        let keep = chunk.min(cap - stored);
        buf.extend_from_slice(&available[..keep]);
        stored += keep;
        total += chunk as u64;
        reader.consume(chunk + usize::from(found));
        if found {
            return Ok(Some(total));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::Collection;

    fn streamed(bytes: &[u8], epd: bool) -> Vec<(usize, String, Option<String>)> {
        records(bytes, epd)
            .map(|r| r.unwrap())
            .map(|r| {
                (
                    r.line,
                    r.fen().to_owned(),
                    r.operations().map(str::to_owned),
                )
            })
            .collect()
    }

    fn collected(bytes: &[u8], epd: bool) -> Vec<(usize, String, Option<String>)> {
        let name = if epd { "t.epd" } else { "t.fen" };
        let c = Collection::from_bytes(Some(name.into()), bytes);
        (0..c.len())
            .map(|i| {
                (
                    c.line_number(i).unwrap(),
                    c.fen(i).to_owned(),
                    c.operations(i).map(str::to_owned),
                )
            })
            .collect()
    }

    #[test]
    fn the_stream_finds_the_records_a_collection_finds() {
        let input: &[u8] = b"\xEF\xBB\xBF8/8/8/8/8/8/8/K6k w - -\r\n\n# note\n  \t\n\
            k7/8/8/8/8/8/8/7K b - - bm Kb7; id \"x\";\n\xFF\xFEjunk\n\
            4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\nlast";
        for epd in [false, true] {
            assert_eq!(streamed(input, epd), collected(input, epd), "epd {epd}");
        }
    }

    #[test]
    fn a_line_over_the_limit_is_cut_and_still_too_long() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b"\n8/8/8/8/8/8/8/K6k w - - 0 1\n");
        let got: Vec<Record> = records(&input[..], false).map(Result::unwrap).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].text.len(), MAX_LINE + 1);
        assert_eq!(
            (got[1].line, got[1].fen()),
            (2, "8/8/8/8/8/8/8/K6k w - - 0 1")
        );
    }

    #[test]
    fn read_errors_are_yielded_once() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("boom"))
            }
        }
        let mut it = records(io::BufReader::new(Failing), false);
        assert!(it.next().unwrap().is_err());
        assert!(it.next().is_none());
    }
}

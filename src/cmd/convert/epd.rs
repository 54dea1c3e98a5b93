//! `--to epd`: each record as an EPD line, its four position fields and its operations.

use std::io::{self, Write};

use super::{Record, Skipped};

pub fn write(records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    for r in records {
        let fields = crate::collection::record::four_fields(&r.fen);
        let ops = r.ops.trim();
        if ops.is_empty() {
            writeln!(out, "{fields}")?;
        } else {
            writeln!(out, "{fields} {ops}")?;
        }
    }
    Ok(Vec::new())
}

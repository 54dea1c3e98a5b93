//! `--to latex`: one document of every record, chess through diagram.sty and xiangqi through
//! xq (`diagram::latex`), each with the solution its record carries (`c1`).

use std::io::{self, Write};

use super::{Record, Skipped};
use crate::diagram::latex::{Entry, document};

pub fn write(records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    let entries: Vec<Entry> = records
        .iter()
        .map(|r| Entry {
            position: &r.position,
            ops: Some(&r.ops),
            solution: None,
            proved: false,
        })
        .collect();
    out.write_all(document(&entries).as_bytes())?;
    Ok(Vec::new())
}

//! `--to pgn`: each record as a game from its position (`[SetUp "1"]`, `[FEN]`, `[Variant]`
//! for Chess960 and xiangqi, as play mode's PGN writes them), its title and source as the
//! `Event` and `Annotator` tags, and the main line of its solution as moves where it has one:
//! the EPD `pv`, else the solution `c1` (move numbers and `!`/`?` marks skipped), else `bm`,
//! each read as far as its moves are legal.

use std::io::{self, Write};

use super::{Record, Skipped};
use crate::collection::epd;
use crate::core::Position;
use crate::core::notation::Notation;
use crate::editor::line::{Line, LineKind};

pub fn write(records: &[Record], out: &mut dyn Write) -> io::Result<Vec<Skipped>> {
    for (i, r) in records.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let tag = |name: &str, value: Option<&str>| {
            let v = value
                .unwrap_or("?")
                .replace('\\', "\\\\")
                .replace('"', "\\\"");
            format!("[{name} \"{v}\"]\n")
        };
        let mut text = tag("Event", epd::operand(&r.ops, "id"));
        text.push_str(&tag("Site", None));
        text.push_str("[Date \"????.??.??\"]\n");
        text.push_str(&tag("Round", None));
        text.push_str(&tag("White", None));
        text.push_str(&tag("Black", None));
        text.push_str("[Result \"*\"]\n");
        if let Some(c0) = epd::operand(&r.ops, "c0") {
            text.push_str(&tag("Annotator", Some(c0)));
        }
        out.write_all(text.as_bytes())?;
        out.write_all(main_line(r).pgn(&r.fen).as_bytes())?;
    }
    Ok(Vec::new())
}

/// The record's main line: `pv`, `c1` or `bm`, as far as it reads.
fn main_line(r: &Record) -> Line {
    let mut line = Line::new(LineKind::Playback, r.position);
    for code in ["pv", "c1", "bm"] {
        if let Some(text) = epd::operand(&r.ops, code) {
            line = read_moves(r.position, text);
            if !line.plies.is_empty() {
                break;
            }
        }
    }
    line
}

/// The moves of `text` played from `setup` until one does not read or is not legal.
fn read_moves(setup: Position, text: &str) -> Line {
    let mut line = Line::new(LineKind::Playback, setup);
    let notation = if setup.game.is_xiangqi() {
        Notation::Wxf
    } else {
        Notation::San
    };
    for word in text.split_whitespace() {
        let word = word.trim_end_matches(['!', '?']);
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let word = match word[digits..].starts_with('.') {
            true => word[digits..].trim_start_matches('.'),
            false => word,
        };
        if word.is_empty() {
            continue;
        }
        let pos = *line.position();
        match notation.read(&pos, word) {
            Ok(mv) if line.push(mv).is_ok() => {}
            _ => break,
        }
    }
    line
}

//! Checking one record and printing what was found: `FILE:LINE:COL: severity[code]: message`
//! lines, or one JSON object.

use crate::core::fen::Field;
use std::io::Write;

use super::{MAX_LINE, Options, Output, Summary};
use crate::collection::lines::{self, Kind};
use crate::collection::{epd, record};
use crate::core::diagnostic::{Code, DiagArg, Diagnostic, Severity};
use crate::core::fen;
use crate::core::legality::diagnose;
use crate::core::perft::MAX_DEPTH;
use crate::core::status::status_of_legal;
use crate::core::{Game, Position};

/// Whether a line is blank or a `#` comment, by the rule the editor's collections follow too:
/// a byte order mark is set aside at the start of the file only.
fn skipped(text: &str, first_line: bool) -> bool {
    let text = match first_line {
        true => text.strip_prefix('\u{feff}').unwrap_or(text),
        false => text,
    };
    lines::kind(text.as_bytes()) != Kind::Record
}

/// The diagnostics of the operations fenboard knows (`Dn count`) that are malformed, with
/// spans in the line's characters (`ops_start` is where the operations start in `line`).
fn operation_diagnostics(line: &str, ops_start: usize, out: &mut Vec<Diagnostic>) {
    let ops = &line[ops_start..];
    for malformed in epd::perft_counts(ops, MAX_DEPTH).filter_map(Result::err) {
        let (s, e) = (
            ops_start + malformed.span.start,
            ops_start + malformed.span.end,
        );
        let start = line[..s].chars().count();
        let len = line[s..e].chars().count();
        out.push(
            Diagnostic::error(Code::InvalidOperation, Field::Operations, malformed.message)
                .arg("text", DiagArg::text(&line[s..e]))
                .with_span(start..start + len),
        );
    }
}

/// What one record came to, for printing.
struct Verdict<'a> {
    input: &'a str,
    game: Option<Game>,
    position: Option<Position>,
    diagnostics: Vec<Diagnostic>,
    /// Columns are counted from here for diagnostics without a span of their own.
    field_text: Option<&'a str>,
}

/// Where a diagnostic is in the input the record was made from (its line and column), for a
/// record that is not itself a line of the input (a Popeye problem's).
pub(super) type Placer<'a> = &'a dyn Fn(&Diagnostic) -> (u64, usize);

pub(super) fn check_line(
    line_no: u64,
    bytes: &[u8],
    full_len: u64,
    label: &str,
    options: &Options,
    output: &mut Output,
    place: Option<Placer>,
) {
    let (text, utf8_error) = decode(bytes, full_len);
    // A line is too long by the rule the editor follows too (`fen::MAX_LEN`): its length
    // without the line ending. The reader stores one byte more than that, for a CR.
    let cr = full_len == bytes.len() as u64 && bytes.last() == Some(&b'\r');
    let too_long = full_len - u64::from(cr) > MAX_LINE as u64;
    if !too_long && skipped(&text, line_no == 1) {
        return;
    }
    // Spans index this text, so it is kept as it was (a CR included).
    let mut verdict = Verdict {
        input: &text,
        game: options.game,
        position: None,
        diagnostics: Vec::new(),
        field_text: None,
    };
    if too_long {
        cut_short(&mut verdict, full_len);
    } else {
        if let Some(valid_up_to) = utf8_error {
            let at = String::from_utf8_lossy(&bytes[..valid_up_to])
                .chars()
                .count();
            verdict.diagnostics.push(
                Diagnostic::error(
                    Code::InvalidUtf8,
                    Field::Placement,
                    "the line is not valid UTF-8 (shown with U+FFFD in its place)",
                )
                .with_span(at..at + 1),
            );
        }
        read_record(&text, utf8_error.is_some(), options, &mut verdict);
    }
    let valid = !verdict.diagnostics.iter().any(Diagnostic::is_error);
    tally(&mut output.summary, valid, &verdict.diagnostics);
    if options.json {
        write_json(&mut output.text, line_no, valid, &verdict, place);
    } else {
        write_human(&mut output.text, label, line_no, &verdict, place);
    }
}

/// The line as text, and where its first encoding error lies. A line the reader cut short
/// ends at a character boundary, not at an error.
fn decode(bytes: &[u8], full_len: u64) -> (std::borrow::Cow<'_, str>, Option<usize>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.into(), None),
        Err(err) if full_len > bytes.len() as u64 && err.error_len().is_none() => (
            std::str::from_utf8(&bytes[..err.valid_up_to()])
                .unwrap_or("")
                .into(),
            None,
        ),
        Err(err) => (String::from_utf8_lossy(bytes), Some(err.valid_up_to())),
    }
}

/// A line too long to be a FEN: only its beginning is shown, and it is not read.
fn cut_short(verdict: &mut Verdict, full_len: u64) {
    let input = verdict.input;
    let end = input.char_indices().nth(64).map_or(input.len(), |(i, _)| i);
    verdict.input = &input[..end];
    verdict.diagnostics.push(
        Diagnostic::error(
            Code::LineTooLong,
            Field::Placement,
            format!(
                "the line is {full_len} bytes long; no FEN is longer than {MAX_LINE} bytes, so it is not read"
            ),
        )
        .arg("len", DiagArg::num(full_len))
        .arg("max", DiagArg::num(MAX_LINE)),
    );
}

/// Reads the record's position fields, from the start of the line so that columns count from
/// there (a FEN is the whole line, trailing whitespace included, for its warning), then its
/// legality and its EPD operations.
fn read_record<'a>(text: &'a str, not_utf8: bool, options: &Options, verdict: &mut Verdict<'a>) {
    let parts = record::parts(text, false);
    let (record, epd) = match &parts.ops {
        Some(_) => (&text[..parts.fen.end], parts.is_four_fields()),
        None => (text, false),
    };
    let read = fen::read(record, options.game);
    verdict.field_text = Some(record);
    // A byte that is not UTF-8 is reported once, as such, not again as a bad piece.
    let replaced = |d: &Diagnostic| {
        not_utf8
            && d.code == Code::InvalidPiece
            && d.span.as_ref().and_then(|s| record.chars().nth(s.start))
                == Some(char::REPLACEMENT_CHARACTER)
    };
    verdict.diagnostics.extend(
        read.diagnostics
            .into_iter()
            .filter(|d| !(replaced(d) || (epd && d.code == Code::MissingFields))),
    );
    match read.position {
        Some(pos) => {
            verdict.game = Some(pos.game);
            verdict.diagnostics.extend(diagnose(&pos));
            verdict.position = Some(pos);
        }
        None => verdict.game = Some(options.game.unwrap_or_else(|| fen::detect(record))),
    }
    if let Some(ops) = &parts.ops {
        operation_diagnostics(text, ops.start, &mut verdict.diagnostics);
    }
}

/// Counts the record in the summary.
fn tally(summary: &mut Summary, valid: bool, diagnostics: &[Diagnostic]) {
    summary.records += 1;
    if valid {
        summary.valid += 1;
    } else {
        summary.invalid += 1;
    }
    summary.warnings += diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count() as u64;
}

/// The 1-based column of a diagnostic: its span, else the start of its field, else 1.
fn column(
    d: &Diagnostic,
    spans: &mut Option<[Option<std::ops::Range<usize>>; 6]>,
    verdict: &Verdict,
) -> usize {
    if let Some(span) = &d.span {
        return span.start + 1;
    }
    let Some(text) = verdict.field_text else {
        return 1;
    };
    let spans = spans.get_or_insert_with(|| fen::field_spans(text));
    spans
        .get(d.field.index())
        .and_then(Option::as_ref)
        .map_or(1, |s| s.start + 1)
}

/// `label` is the input's name, its control characters already escaped.
fn write_human(
    out: &mut Vec<u8>,
    label: &str,
    line_no: u64,
    verdict: &Verdict,
    place: Option<Placer>,
) {
    if verdict.diagnostics.is_empty() {
        return;
    }
    let mut spans = None;
    let lang = crate::cli::lang();
    let game = verdict.game.unwrap_or(Game::Chess);
    for d in &verdict.diagnostics {
        let (line_no, col) = match place {
            Some(place) => place(d),
            None => (line_no, column(d, &mut spans, verdict)),
        };
        // Into memory, which cannot fail; the buffer reaches stdout through a checked write.
        if lang == crate::i18n::Lang::En {
            writeln!(out, "{label}:{line_no}:{col}: {d}").expect("a write to memory");
        } else {
            let d = crate::ui::text::diagnostic_line(lang, d, game, false);
            writeln!(out, "{label}:{line_no}:{col}: {d}").expect("a write to memory");
        }
    }
}

fn json_str(out: &mut Vec<u8>, s: &str) {
    let _ = serde_json::to_writer(&mut *out, s);
}

fn json_value(out: &mut Vec<u8>, v: &serde_json::Value) {
    let _ = serde_json::to_writer(&mut *out, v);
}

fn write_json(
    out: &mut Vec<u8>,
    line_no: u64,
    valid: bool,
    verdict: &Verdict,
    place: Option<Placer>,
) {
    write!(out, "{{\"line\":{line_no},\"input\":").expect("a write to memory");
    // A line cut short is shown cut short: the record never holds more than MAX_LINE bytes.
    json_str(out, verdict.input);
    out.extend_from_slice(b",\"game\":");
    match verdict.game {
        Some(game) => json_str(out, game.name()),
        None => out.extend_from_slice(b"null"),
    }
    write!(out, ",\"valid\":{valid},\"fen\":").expect("a write to memory");
    match (&verdict.position, valid) {
        (Some(pos), true) => json_str(out, &fen::write(pos)),
        _ => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b",\"diagnostics\":[");
    for (i, d) in verdict.diagnostics.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write!(
            out,
            "{{\"severity\":\"{}\",\"code\":\"{}\",\"message\":",
            d.severity.as_str(),
            d.code.as_str()
        )
        .expect("a write to memory");
        json_str(out, &d.message);
        // JSON keeps the field's number.
        write!(out, ",\"field\":{},\"span\":", d.field.number()).expect("a write to memory");
        match &d.span {
            Some(span) => {
                write!(out, "[{},{}]", span.start, span.end).expect("a write to memory");
            }
            None => out.extend_from_slice(b"null"),
        }
        if let Some(place) = place {
            let (line, col) = place(d);
            write!(out, ",\"line\":{line},\"col\":{col}").expect("a write to memory");
        }
        out.extend_from_slice(b",\"squares\":[");
        let game = verdict.game.unwrap_or(Game::Chess);
        for (j, sq) in d.squares.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            write!(out, "\"{}\"", sq.name(game)).expect("a write to memory");
        }
        out.extend_from_slice(b"]}");
    }
    out.extend_from_slice(b"],\"status\":");
    match verdict
        .position
        .filter(|_| valid)
        .as_ref()
        .and_then(status_of_legal)
    {
        Some(status) => json_value(out, &status.to_json()),
        None => out.extend_from_slice(b"null"),
    }
    out.extend_from_slice(b"}\n");
}

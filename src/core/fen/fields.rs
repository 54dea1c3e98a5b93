//! Splits a FEN's text into its fields, noting what surrounds them (a byte order mark,
//! whitespace, a `FEN:` prefix) and every separator other than a single space, all as byte
//! ranges so that diagnostics can point at them.

use std::ops::Range;

/// Characters that separate fields: the one definition of whitespace in a record, which also
/// decides what a blank line is (see `collection::lines::kind`).
pub fn is_fen_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Byte ranges of the record inside the text, after the byte order mark, surrounding
/// whitespace and a `FEN:` prefix.
pub(super) struct Split {
    pub(super) bom: bool,
    pub(super) leading: Option<(usize, usize)>,
    pub(super) prefix: Option<(usize, usize)>,
    pub(super) trailing: Option<(usize, usize)>,
    /// Byte ranges of the first six fields.
    pub(super) fields: Fields,
    /// From the seventh field to the end of the last one.
    pub(super) extra: Option<(usize, usize)>,
    pub(super) extra_count: usize,
    /// Separator runs other than a single space, with the number of the field they precede.
    pub(super) odd_gaps: Gaps,
    /// Where the record ends (before trailing whitespace).
    pub(super) end: usize,
}

/// Up to six byte ranges without allocating.
#[derive(Default)]
pub(super) struct Fields {
    pub(super) ranges: [(usize, usize); 6],
    pub(super) len: usize,
}

impl Fields {
    pub(super) fn push(&mut self, range: (usize, usize)) {
        self.ranges[self.len] = range;
        self.len += 1;
    }

    pub(super) fn first(&self) -> Option<&(usize, usize)> {
        self.ranges[..self.len].first()
    }

    pub(super) fn get(&self, i: usize) -> Option<(usize, usize)> {
        self.ranges[..self.len].get(i).copied()
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, (usize, usize)> {
        self.ranges[..self.len].iter()
    }
}

/// Odd separator runs; only the first few are kept (more would say nothing new).
pub(super) struct Gaps {
    pub(super) runs: [(usize, usize, super::Field); 6],
    pub(super) len: usize,
}

impl Default for Gaps {
    fn default() -> Gaps {
        Gaps {
            runs: [(0, 0, super::Field::Placement); 6],
            len: 0,
        }
    }
}

pub(super) fn split(text: &str) -> Split {
    let bytes = text.as_bytes();
    let mut start = 0;
    let bom = text.starts_with('\u{feff}');
    if bom {
        start = 3;
    }
    let mut end = bytes.len();
    while end > start && is_fen_space(bytes[end - 1]) {
        end -= 1;
    }
    let trailing = (end < bytes.len()).then_some((end, bytes.len()));
    let lead_start = start;
    while start < end && is_fen_space(bytes[start]) {
        start += 1;
    }
    let leading = (start > lead_start).then_some((lead_start, start));
    let mut prefix = None;
    if end - start >= 4 && bytes[start..start + 4].eq_ignore_ascii_case(b"fen:") {
        prefix = Some((start, start + 4));
        start += 4;
        while start < end && is_fen_space(bytes[start]) {
            start += 1;
        }
    }
    let mut fields = Fields::default();
    let mut extra = None;
    let mut extra_count = 0;
    let mut odd_gaps = Gaps::default();
    let mut i = start;
    let mut count = 0usize;
    while i < end {
        let field_start = i;
        while i < end && !is_fen_space(bytes[i]) {
            i += 1;
        }
        if count < 6 {
            fields.push((field_start, i));
        } else {
            extra_count += 1;
            extra = Some((extra.map_or(field_start, |(s, _)| s), i));
        }
        count += 1;
        let gap_start = i;
        while i < end && is_fen_space(bytes[i]) {
            i += 1;
        }
        let gap = &bytes[gap_start..i];
        if i < end && gap != b" " && odd_gaps.len < odd_gaps.runs.len() {
            let field = super::Field::ALL[count.min(5)];
            odd_gaps.runs[odd_gaps.len] = (gap_start, i, field);
            odd_gaps.len += 1;
        }
    }
    Split {
        bom,
        leading,
        prefix,
        trailing,
        fields,
        extra,
        extra_count,
        odd_gaps,
        end,
    }
}

pub(super) fn char_span(text: &str, ascii: bool, start: usize, end: usize) -> Range<usize> {
    if ascii {
        start..end
    } else {
        let s = text[..start].chars().count();
        s..s + text[start..end].chars().count()
    }
}

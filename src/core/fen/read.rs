//! Reads a FEN record into a `Position` and the diagnostics of its text.
//!
//! Reading is lenient where the format is commonly bent (missing trailing fields, runs of
//! spaces, a `FEN:` prefix, `44` for `8`, xiangqi `r`/`E`/`H`), and each leniency is reported as
//! a warning so the user sees that the canonical output will differ. Every problem is reported,
//! not only the first, with the field, the character span and the squares it concerns.

use crate::core::castling::{self, CastlingSide};
use crate::core::fen::Field;
use std::ops::Range;

use super::fields::{Split, char_span, split};
use super::variant::settle_chess;
use crate::core::diagnostic::{Code, DiagArg, Diagnostic, Severity};
use crate::core::game::{Color, Game, Piece};
use crate::core::position::{Castling, Position};
use crate::core::square::Square;

/// The result of reading one FEN record: the position when the text could be turned into one
/// (it may still be illegal), and every problem found in the text.
#[derive(Clone, Debug)]
pub struct Read {
    pub position: Option<Position>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `text` as a FEN of `game`, or of the game its shape says when `game` is `None`
/// (see [`detect`]).
pub fn read(text: &str, game: Option<Game>) -> Read {
    // The line ending is not part of the length: a CR left by CRLF is not counted.
    let len = text.len() - usize::from(text.ends_with('\r'));
    if len > MAX_LEN {
        return too_long(len);
    }
    if let Some(position) = super::fast::read_fast(text, game) {
        return Read {
            position: Some(position),
            diagnostics: Vec::new(),
        };
    }
    read_full(text, game)
}

/// Texts longer than this many bytes are not read: no FEN or record is anywhere near as long,
/// and `fenboard check` and the editor judge a line alike by it (`line_too_long`).
pub const MAX_LEN: usize = 16 * 1024;

fn too_long(len: usize) -> Read {
    Read {
        position: None,
        diagnostics: vec![
            Diagnostic::error(
                Code::LineTooLong,
                Field::Placement,
                format!(
                    "the line is {len} bytes long; no FEN is longer than {MAX_LEN} bytes, so it is not read"
                ),
            )
            .arg("len", DiagArg::num(len))
            .arg("max", DiagArg::num(MAX_LEN)),
        ],
    }
}

/// The field a byte of the text belongs to: the first field that ends at or after it.
fn field_of(split: &Split, byte: usize) -> Field {
    split
        .fields
        .iter()
        .position(|&(_, e)| byte <= e)
        .map_or(Field::Fullmove, |i| Field::ALL[i.min(5)])
}

/// The full reader, which explains everything; [`read`] tries a fast path first.
pub(super) fn read_full(text: &str, game: Option<Game>) -> Read {
    let mut reader = Reader {
        text,
        ascii: text.is_ascii(),
        diagnostics: Vec::new(),
    };
    let position = reader.run(game);
    limit_repeats(&mut reader.diagnostics);
    // In the order of the text, so that output reads left to right.
    reader
        .diagnostics
        .sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    let position = position.filter(|_| !reader.diagnostics.iter().any(Diagnostic::is_error));
    Read {
        position,
        diagnostics: reader.diagnostics,
    }
}

/// How many diagnostics of one code are listed before the rest are summed up in one.
const MAX_REPEATS: usize = 8;

/// Keeps the first [`MAX_REPEATS`] diagnostics of each code and replaces the others with one
/// that counts them and spans them, so that a line of garbage gets a readable answer.
fn limit_repeats(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_REPEATS {
        return;
    }
    let mut seen: Vec<(Code, usize)> = Vec::new();
    let mut rest: Vec<(usize, Diagnostic)> = Vec::new(); // (count, first of the rest)
    diagnostics.retain(|d| {
        let i = match seen.iter().position(|(c, _)| *c == d.code) {
            Some(i) => i,
            None => {
                seen.push((d.code, 0));
                seen.len() - 1
            }
        };
        seen[i].1 += 1;
        if seen[i].1 <= MAX_REPEATS {
            return true;
        }
        match rest.iter_mut().find(|(_, r)| r.code == d.code) {
            Some((count, first)) => {
                *count += 1;
                if let (Some(a), Some(b)) = (&mut first.span, &d.span) {
                    a.end = a.end.max(b.end);
                }
            }
            None => rest.push((1, d.clone())),
        }
        false
    });
    for (count, mut first) in rest {
        first.message = format!(
            "{count} more problem{} like the ones above ({}) not listed one by one",
            if count == 1 { "" } else { "s" },
            first.code.as_str()
        );
        first.squares.clear();
        first.args = vec![
            ("count", DiagArg::num(count)),
            ("code", DiagArg::text(first.code.as_str())),
        ];
        first.message_id = Some("diag-more-problems");
        diagnostics.push(first);
    }
}

/// The game a FEN's placement field describes: 10 ranks (or, when the rank count is off,
/// mostly 9-wide ranks) is xiangqi, anything else chess. Chess960 is told apart from chess by
/// the castling field, which [`read`] does.
pub fn detect(text: &str) -> Game {
    let split = split(text);
    match split.fields.first() {
        Some(&(s, e)) => detect_placement(&text[s..e]),
        None => Game::Chess,
    }
}

/// The character spans of the six fields of `text` as [`read`] splits them (`None` for a
/// missing field), so that problems found later in the position can point into the text.
pub fn field_spans(text: &str) -> [Option<Range<usize>>; 6] {
    let split = split(text);
    let ascii = text.is_ascii();
    let mut spans: [Option<Range<usize>>; 6] = Default::default();
    for (slot, &(s, e)) in spans.iter_mut().zip(split.fields.iter()) {
        *slot = Some(char_span(text, ascii, s, e));
    }
    spans
}

fn detect_placement(placement: &str) -> Game {
    let ranks = placement.bytes().filter(|&b| b == b'/').count() + 1;
    if ranks == 10 {
        return Game::Xiangqi;
    }
    if ranks == 8 {
        return Game::Chess;
    }
    let nine_wide = placement.split('/').filter(|r| rank_width(r) == 9).count();
    if nine_wide * 2 > ranks {
        Game::Xiangqi
    } else {
        Game::Chess
    }
}

/// The number of squares a rank's text covers, counting every non-digit as one piece.
fn rank_width(rank: &str) -> u32 {
    rank.chars()
        .map(|c| c.to_digit(10).unwrap_or(1))
        .fold(0u32, u32::saturating_add)
}

/// Shows a character in a message: control characters escaped so the line stays one line.
fn shown(c: char) -> String {
    let mut buf = [0; 4];
    crate::core::escape::controls(c.encode_utf8(&mut buf)).into_owned()
}

/// Where reading a rank has got to.
struct RankState {
    start: usize,
    /// Squares covered so far.
    file: u32,
    /// The current run of digits: its length, start and sum.
    digits: u32,
    run_start: usize,
    run_sum: u32,
}

impl RankState {
    fn new(start: usize) -> RankState {
        RankState {
            start,
            file: 0,
            digits: 0,
            run_start: start,
            run_sum: 0,
        }
    }
}

/// The rank number written in square names for the `row`-th rank from the top.
fn rank_label(game: Game, row: usize) -> u8 {
    Square::new(0, (game.height() as usize - 1 - row) as u8).rank_number(game)
}

struct Reader<'a> {
    text: &'a str,
    ascii: bool,
    diagnostics: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn push(
        &mut self,
        severity: Severity,
        code: Code,
        field: Field,
        bytes: Option<(usize, usize)>,
        message: String,
    ) -> &mut Diagnostic {
        let span = bytes.map(|(s, e)| char_span(self.text, self.ascii, s, e));
        self.diagnostics.push(Diagnostic {
            code,
            severity,
            message,
            field,
            span,
            squares: Vec::new(),
            args: Vec::new(),
            message_id: None,
        });
        self.diagnostics.last_mut().expect("just pushed")
    }

    fn error(
        &mut self,
        code: Code,
        field: Field,
        bytes: (usize, usize),
        message: String,
    ) -> &mut Diagnostic {
        self.push(Severity::Error, code, field, Some(bytes), message)
    }

    fn warn(
        &mut self,
        code: Code,
        field: Field,
        bytes: (usize, usize),
        message: String,
    ) -> &mut Diagnostic {
        self.push(Severity::Warning, code, field, Some(bytes), message)
    }

    fn run(&mut self, forced: Option<Game>) -> Option<Position> {
        let split = split(self.text);
        self.before_the_record(&split);
        self.nul_bytes(&split);
        self.odd_gaps(&split);
        self.after_the_record(&split);
        let Some(&(place_start, place_end)) = split.fields.first() else {
            self.push(
                Severity::Error,
                Code::EmptyInput,
                Field::Placement,
                Some((split.end, split.end)),
                "the FEN is empty".into(),
            );
            return None;
        };
        let game = forced.unwrap_or_else(|| detect_placement(&self.text[place_start..place_end]));
        let mut pos = Position::empty(game);
        self.placement(&mut pos, place_start, place_end);
        self.fields_after_placement(&mut pos, &split);
        self.missing_fields(&split);
        self.extra_fields(&split);
        if forced.is_none() {
            settle_chess(&mut pos);
        }
        Some(pos)
    }

    /// A byte order mark, whitespace and a `FEN:` prefix before the record.
    fn before_the_record(&mut self, split: &Split) {
        let text = self.text;
        if split.bom {
            self.warn(
                Code::ByteOrderMark,
                Field::Placement,
                (0, 3),
                "the text starts with a byte order mark (U+FEFF), which is ignored".into(),
            );
        }
        if let Some(range) = split.leading {
            self.warn(
                Code::ExtraWhitespace,
                Field::Placement,
                range,
                "whitespace before the FEN is ignored".into(),
            )
            .set_id("diag-whitespace-before");
        }
        if let Some(range) = split.prefix {
            self.warn(
                Code::FenPrefix,
                Field::Placement,
                range,
                format!(
                    "the '{}' prefix is not part of a FEN and is ignored",
                    &text[range.0..range.1]
                ),
            )
            .set("prefix", DiagArg::text(&text[range.0..range.1]));
        }
    }

    fn nul_bytes(&mut self, split: &Split) {
        let text = self.text;
        if let Some(first) = text.bytes().position(|b| b == 0) {
            let count = text.bytes().filter(|&b| b == 0).count();
            let what = if count == 1 {
                "a NUL byte".to_string()
            } else {
                format!("{count} NUL bytes")
            };
            self.error(
                Code::NulByte,
                field_of(split, first),
                (first, first + 1),
                format!("the text contains {what}, which no FEN has"),
            )
            .set("n", DiagArg::num(count));
        }
    }

    /// Fields separated by something other than one space.
    fn odd_gaps(&mut self, split: &Split) {
        for &(s, e, field) in &split.odd_gaps.runs[..split.odd_gaps.len] {
            let gap = &self.text[s..e];
            let (what, kind) = if gap.bytes().all(|b| b == b' ') {
                (format!("{} spaces", gap.len()), "spaces")
            } else if gap.contains('\t') {
                ("a tab".to_string(), "tab")
            } else {
                ("a line break".to_string(), "line-break")
            };
            self.warn(
                Code::ExtraWhitespace,
                field,
                (s, e),
                format!(
                    "fields {} and {field} are separated by {what}, not one space",
                    field.prev()
                ),
            )
            .set_id("diag-whitespace-between")
            .set("first", DiagArg::num(field.prev().index() + 1))
            .set("second", DiagArg::num(field.index() + 1))
            .set("gap", DiagArg::text(kind))
            .set("n", DiagArg::num(gap.len()));
        }
    }

    /// A carriage return and whitespace after the record.
    fn after_the_record(&mut self, split: &Split) {
        let Some((s, e)) = split.trailing else {
            return;
        };
        let tail = &self.text[s..e];
        if tail.contains('\r') {
            let at = s + tail.find('\r').unwrap_or(0);
            self.warn(
                Code::CarriageReturn,
                field_of(split, s),
                (at, at + 1),
                "the line ends in a carriage return (CRLF line ending), which is ignored".into(),
            );
        }
        if tail.bytes().any(|b| b != b'\r' && b != b'\n') {
            self.warn(
                Code::ExtraWhitespace,
                field_of(split, s),
                (s, e),
                "whitespace after the FEN is ignored".into(),
            )
            .set_id("diag-whitespace-after");
        }
    }

    /// Fields 2–6, those that are there.
    fn fields_after_placement(&mut self, pos: &mut Position, split: &Split) {
        if let Some(range) = split.fields.get(1) {
            self.side(pos, range);
        }
        if let Some(range) = split.fields.get(2) {
            self.castling(pos, range);
        }
        if let Some(range) = split.fields.get(3) {
            self.ep(pos, range);
        }
        if let Some(range) = split.fields.get(4)
            && let Some(n) = self.clock(range, Field::Halfmove)
        {
            pos.halfmove = n;
        }
        if let Some(range) = split.fields.get(5)
            && let Some(n) = self.clock(range, Field::Fullmove)
        {
            if n == 0 {
                self.warn(
                    Code::FullmoveZero,
                    Field::Fullmove,
                    range,
                    "the fullmove number 0 is read as 1 (moves are counted from 1)".into(),
                );
            }
            pos.fullmove = n.max(1);
        }
    }

    /// Fewer than six fields: the rest are read as their defaults.
    fn missing_fields(&mut self, split: &Split) {
        let given = split.fields.len;
        if given >= 6 {
            return;
        }
        const DEFAULTS: [&str; 6] = ["", "w", "-", "-", "0", "1"];
        let message = if given == 5 {
            "the fullmove number (field 6) is missing, read as 1".to_string()
        } else {
            format!(
                "fields {}–6 are missing, read as `{}`",
                given + 1,
                DEFAULTS[given..].join(" ")
            )
        };
        let d = self.warn(
            Code::MissingFields,
            Field::ALL[given.min(5)],
            (split.end, split.end),
            message,
        );
        if given == 5 {
            d.set_id("diag-missing-fullmove");
        } else {
            d.set("first", DiagArg::num(given + 1))
                .set("defaults", DiagArg::text(DEFAULTS[given..].join(" ")));
        }
    }

    fn extra_fields(&mut self, split: &Split) {
        if let Some(range) = split.extra {
            let n = split.extra_count;
            self.error(
                Code::TooManyFields,
                Field::Fullmove,
                range,
                format!(
                    "{n} field{} after the fullmove number; a FEN has six",
                    if n == 1 { "" } else { "s" }
                ),
            )
            .set("n", DiagArg::num(n));
        }
    }

    /// Reads the placement field in one pass over its characters.
    fn placement(&mut self, pos: &mut Position, start: usize, end: usize) {
        let text = self.text;
        let height = pos.game.height() as usize;
        let mut rank = RankState::new(start);
        let mut row = 0usize;
        // Where the ranks that do not fit begin, for the rank count's span.
        let mut overflow_at = None;
        for (offset, c) in text[start..end].char_indices() {
            let at = start + offset;
            if c == '/' {
                if row < height {
                    self.finish_rank(pos, row, &mut rank, at);
                }
                row += 1;
                if row == height {
                    overflow_at = Some(at);
                }
                rank = RankState::new(at + 1);
                continue;
            }
            if row < height {
                self.rank_char(pos, row, &mut rank, at, c);
            }
        }
        if row < height {
            self.finish_rank(pos, row, &mut rank, end);
        }
        let ranks = row + 1;
        if ranks != height {
            let family = if pos.game.is_xiangqi() {
                "xiangqi"
            } else {
                "chess"
            };
            let (range, extra) = match overflow_at {
                Some(at) => ((at, end), "; the extra ranks are ignored"),
                None => ((start, end), ""),
            };
            self.error(
                Code::WrongRankCount,
                Field::Placement,
                range,
                format!(
                    "the board has {ranks} rank{}, {family} boards have {height}{extra}",
                    if ranks == 1 { "" } else { "s" }
                ),
            )
            .set("ranks", DiagArg::num(ranks))
            .set("height", DiagArg::num(height))
            .set(
                "extra",
                DiagArg::text(if extra.is_empty() { "no" } else { "yes" }),
            );
        }
    }

    /// Ends a rank: reports a digit run and a wrong width.
    fn finish_rank(&mut self, pos: &Position, row: usize, rank: &mut RankState, end: usize) {
        let game = pos.game;
        let label = rank_label(game, row);
        self.end_digit_run(rank, end, label);
        let width = u32::from(game.width());
        if rank.file != width {
            let empty = rank.start == end;
            let message = if empty {
                format!("rank {label} is empty; write {width} for an empty rank")
            } else if game.is_xiangqi() {
                format!(
                    "rank {label} has {} points, xiangqi ranks have {width}",
                    rank.file
                )
            } else {
                format!(
                    "rank {label} has {} squares, chess ranks have {width}",
                    rank.file
                )
            };
            let d = self.error(
                Code::WrongRankWidth,
                Field::Placement,
                (rank.start, end),
                message,
            );
            d.set("rank", DiagArg::num(label))
                .set("width", DiagArg::num(width))
                .set("files", DiagArg::num(rank.file));
            if empty {
                d.set_id("diag-empty-rank");
            }
        }
    }

    /// Reads one character of a rank onto `pos`.
    fn rank_char(
        &mut self,
        pos: &mut Position,
        row: usize,
        rank: &mut RankState,
        at: usize,
        c: char,
    ) {
        let game = pos.game;
        let width = u32::from(game.width());
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                let label = rank_label(game, row);
                self.error(
                    Code::InvalidPiece,
                    Field::Placement,
                    (at, at + 1),
                    format!("'0' on rank {label} is not a number of empty squares (1–{width})"),
                )
                .set_id("diag-zero-digit")
                .set("rank", DiagArg::num(label))
                .set("width", DiagArg::num(width));
            }
            if rank.digits == 0 {
                rank.run_start = at;
                rank.run_sum = 0;
            }
            rank.digits += 1;
            rank.run_sum += d;
            rank.file = rank.file.saturating_add(d);
            return;
        }
        let label = rank_label(game, row);
        self.end_digit_run(rank, at, label);
        if c == '\0' {
            return; // reported once for the whole text
        }
        let here = Square::new(
            rank.file.min(255) as u8,
            (game.height() as usize - 1 - row) as u8,
        );
        match self.piece(c, game, at, label) {
            Some(piece) => {
                if rank.file < width {
                    pos.board.set(here, Some(piece));
                }
            }
            None => {
                let d = self.error(
                    Code::InvalidPiece,
                    Field::Placement,
                    (at, at + c.len_utf8()),
                    format!(
                        "'{}' on rank {label} is not a {} piece ({})",
                        shown(c),
                        if game.is_xiangqi() {
                            "xiangqi"
                        } else {
                            "chess"
                        },
                        if game.is_xiangqi() {
                            "K A B N R C P, lower case for Black, or a digit for empty points"
                        } else {
                            "K Q R B N P, lower case for Black, or a digit for empty squares"
                        }
                    ),
                );
                d.set("char", DiagArg::text(shown(c)))
                    .set("rank", DiagArg::num(label));
                if rank.file < width {
                    d.squares.push(here);
                }
            }
        }
        rank.file = rank.file.saturating_add(1);
    }

    fn end_digit_run(&mut self, rank: &mut RankState, at: usize, label: u8) {
        if rank.digits > 1 {
            let run = &self.text[rank.run_start..at];
            let sum = rank.run_sum;
            self.warn(
                Code::ConsecutiveDigits,
                Field::Placement,
                (rank.run_start, at),
                format!("'{run}' on rank {label} is read as {sum} empty squares; write {sum}"),
            )
            .set("run", DiagArg::text(run))
            .set("rank", DiagArg::num(label))
            .set("sum", DiagArg::num(sum));
        }
        rank.digits = 0;
    }

    /// The piece a letter names, with xiangqi's `E`/`H` aliases (reported as warnings).
    fn piece(&mut self, c: char, game: Game, at: usize, label: u8) -> Option<Piece> {
        let (piece, alias) = Piece::from_char_or_alias(c, game)?;
        if alias {
            self.warn(
                Code::PieceAlias,
                Field::Placement,
                (at, at + 1),
                format!(
                    "'{c}' on rank {label} is read as the {} '{}'",
                    piece.role.name(game),
                    piece.char()
                ),
            )
            .set("char", DiagArg::text(c))
            .set("rank", DiagArg::num(label))
            .set("role", DiagArg::text(piece.role.name(game)))
            .set("letter", DiagArg::text(piece.char()));
        }
        Some(piece)
    }

    fn side(&mut self, pos: &mut Position, range: (usize, usize)) {
        let text = &self.text[range.0..range.1];
        let game = pos.game;
        match text {
            "w" => pos.turn = Color::White,
            "b" => pos.turn = Color::Black,
            "r" if game.is_xiangqi() => {
                pos.turn = Color::White;
                self.warn(
                    Code::RedSideLetter,
                    Field::Side,
                    range,
                    "'r' (Red) is read as 'w'; Red is written w".into(),
                );
            }
            _ => {
                let white = Color::White.name(game);
                self.error(
                    Code::InvalidSide,
                    Field::Side,
                    range,
                    format!(
                        "'{}' is not a side to move: use w ({white}) or b (Black)",
                        text.chars().map(shown).collect::<String>()
                    ),
                )
                .set(
                    "text",
                    DiagArg::text(text.chars().map(shown).collect::<String>()),
                )
                .set("white", DiagArg::Side(Color::White));
            }
        }
    }

    fn castling(&mut self, pos: &mut Position, range: (usize, usize)) {
        let text = &self.text[range.0..range.1];
        if text == "-" {
            return;
        }
        let game = pos.game;
        if game.is_xiangqi() {
            self.error(
                Code::InvalidCastling,
                Field::Castling,
                range,
                format!(
                    "xiangqi has no castling; the castling field must be '-', not '{}'",
                    crate::core::escape::controls(text)
                ),
            )
            .set_id("diag-xiangqi-castling")
            .set("text", DiagArg::text(crate::core::escape::controls(text)));
            return;
        }
        let mut castling = Castling::NONE;
        let mut last: Option<(Color, u8)> = None;
        let mut out_of_order = false;
        for (offset, c) in text.char_indices() {
            let at = range.0 + offset;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let file = match c.to_ascii_lowercase() {
                'k' => Some(castling::xfen_rook(pos, color, CastlingSide::King)),
                'q' => Some(castling::xfen_rook(pos, color, CastlingSide::Queen)),
                f @ 'a'..='h' => Some(f as u8 - b'a'),
                _ => None,
            };
            let Some(file) = file else {
                let hint = if c == '-' {
                    "'-' stands alone for no castling rights".to_string()
                } else {
                    format!("'{}' is not a castling right", shown(c))
                };
                let d = self.error(
                    Code::InvalidCastling,
                    Field::Castling,
                    (at, at + c.len_utf8()),
                    format!("{hint} (K Q k q, or rook files A–H a–h)"),
                );
                if c == '-' {
                    d.set_id("diag-castling-dash");
                } else {
                    d.set("char", DiagArg::text(shown(c)));
                }
                continue;
            };
            if castling.has(color, file) {
                self.warn(
                    Code::DuplicateCastlingRight,
                    Field::Castling,
                    (at, at + 1),
                    format!("castling right '{c}' is given twice"),
                )
                .set("char", DiagArg::text(c));
                continue;
            }
            // Canonical order: White before Black, then from the h-side to the a-side.
            if let Some((lc, lf)) = last
                && (color < lc || (color == lc && file > lf))
            {
                out_of_order = true;
            }
            last = Some((color, file));
            castling.set(color, file, true);
        }
        if out_of_order {
            self.warn(
                Code::CastlingOrder,
                Field::Castling,
                range,
                "castling rights are out of order; they are written White first, king side first"
                    .into(),
            );
        }
        pos.castling = castling;
    }

    fn ep(&mut self, pos: &mut Position, range: (usize, usize)) {
        let text = &self.text[range.0..range.1];
        if text == "-" {
            return;
        }
        let game = pos.game;
        if game.is_xiangqi() {
            self.error(
                Code::InvalidEpSquare,
                Field::EnPassant,
                range,
                format!(
                    "xiangqi has no en passant; the en passant field must be '-', not '{}'",
                    crate::core::escape::controls(text)
                ),
            )
            .set_id("diag-xiangqi-ep")
            .set("text", DiagArg::text(crate::core::escape::controls(text)));
            return;
        }
        let lower = text.starts_with(|c: char| c.is_ascii_lowercase());
        match Square::parse(text, game) {
            // Chess squares have one digit: `e03` is not written, so it is not read.
            Some(sq) if lower && text.len() == 2 => pos.ep = Some(sq),
            _ => {
                self.error(
                    Code::InvalidEpSquare,
                    Field::EnPassant,
                    range,
                    format!(
                        "'{}' is not an en passant square: use '-' or a square such as e3",
                        text.chars().map(shown).collect::<String>()
                    ),
                )
                .set(
                    "text",
                    DiagArg::text(text.chars().map(shown).collect::<String>()),
                );
            }
        }
    }

    fn clock(&mut self, range: (usize, usize), field: Field) -> Option<u32> {
        let text = &self.text[range.0..range.1];
        let (code, name) = if field == Field::Halfmove {
            (Code::InvalidHalfmove, "the halfmove clock")
        } else {
            (Code::InvalidFullmove, "the fullmove number")
        };
        let digits = text.strip_prefix('-').unwrap_or(text);
        let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let (message, problem) = if numeric && text.starts_with('-') {
            (format!("{name} cannot be negative ('{text}')"), "negative")
        } else if numeric {
            match text.parse::<u32>() {
                Ok(n) => return Some(n),
                Err(_) => (format!("{name} '{text}' is too large"), "large"),
            }
        } else {
            let shown_text = text.chars().map(shown).collect::<String>();
            (
                format!("{name} must be a whole number, not '{shown_text}'"),
                "not-a-number",
            )
        };
        let shown_text = text.chars().map(shown).collect::<String>();
        self.error(code, field, range, message)
            .set("text", DiagArg::text(shown_text))
            .set("problem", DiagArg::text(problem));
        None
    }
}

#[cfg(test)]
mod tests;

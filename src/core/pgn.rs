//! Reads PGN games: each game's start position (the standard one, or its `[FEN]` tag in the game
//! its `[Variant]` tag names) and its main line as legal moves. Chess games go through
//! `pgn-reader`, shakmaty's streaming reader (tags, comments, NAGs, variations, several games);
//! the reader skips tokens that are not SAN, so a xiangqi game's WXF moves are read from its
//! movetext here, with comments, variations and move numbers left out the same way.

use std::io::Cursor;
use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Skip, Visitor};

use super::fen;
use super::game::Game;
use super::moves::Move;
use super::notation::{self, Notation};
use super::position::Position;

/// One game: its tags as written, its start position, and its main line as far as it is legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub setup: Position,
    pub moves: Vec<Move>,
    /// The first main-line move that does not read or is not legal where it comes (it and all
    /// after it are left out), with its number in the line counting from 1.
    pub stopped_at: Option<(usize, String)>,
}

impl PgnGame {
    /// The value of the tag `name` (PGN tag names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    pub fn end(&self) -> Position {
        let mut pos = self.setup;
        for &mv in &self.moves {
            match notation::play(&pos, mv) {
                Some(next) => pos = next,
                None => break,
            }
        }
        pos
    }
}

/// Why a text is no PGN game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// No game at all: no tag and no move.
    NoGame,
    /// The `[FEN]` tag of game `game` (from 1) does not read as a position.
    BadFen { game: usize, fen: String },
    /// A `[Variant]` this reader does not play.
    Variant { game: usize, name: String },
}

impl std::fmt::Display for PgnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PgnError::NoGame => f.write_str("no PGN game in the text"),
            PgnError::BadFen { game, fen } => {
                write!(f, "game {game}: the FEN tag \"{fen}\" does not read")
            }
            PgnError::Variant { game, name } => {
                write!(f, "game {game}: the variant \"{name}\" is not played here")
            }
        }
    }
}

/// The largest text read: far more than any collection of games pasted or opened by hand.
const MAX_LEN: usize = 64 * 1024 * 1024;

/// Whether `text` looks like PGN rather than a FEN: it begins with a tag pair other than a lone
/// `[FEN "…"]` (which the FEN reader takes), or with a move number `1.`.
pub fn looks_like(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('[') {
        let lines = t.lines().filter(|l| !l.trim().is_empty()).count();
        return lines > 1 || !t.starts_with("[FEN");
    }
    let first = t.split_whitespace().next().unwrap_or_default();
    first
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Every game of `text`, in order; an error when there is none or one's setup does not read.
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    if text.len() > MAX_LEN {
        return Err(PgnError::NoGame);
    }
    let mut games = Vec::new();
    let mut visitor = Collect;
    for chunk in split_games(text) {
        let mut reader = Reader::new(Cursor::new(chunk.as_bytes()));
        // The reader works on bytes held in memory, so it has no I/O error to give.
        while let Ok(Some(mut raw)) = reader.read_game(&mut visitor) {
            if raw.tags.is_empty() && raw.sans.is_empty() {
                continue;
            }
            raw.movetext = movetext_of(chunk);
            games.push(settle(raw, games.len() + 1)?);
        }
    }
    if games.is_empty() {
        return Err(PgnError::NoGame);
    }
    Ok(games)
}

/// The text split where a tag line follows movetext: one piece per game (the reader itself
/// would also find several games in one piece; this keeps each game's movetext at hand).
fn split_games(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut seen_moves = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with('[') {
            if seen_moves {
                out.push(&text[start..at]);
                start = at;
                seen_moves = false;
            }
        } else if !t.trim().is_empty() {
            seen_moves = true;
        }
        at += line.len();
    }
    out.push(&text[start..]);
    out
}

/// The movetext of one game's text: its lines after the tag pairs.
fn movetext_of(chunk: &str) -> String {
    chunk
        .lines()
        .filter(|l| !l.trim_start().starts_with('[') && !l.starts_with('%'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game as the reader hands it over: tags, the main line's SAN, and (for xiangqi) the text of
/// the movetext.
#[derive(Default)]
struct Raw {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    movetext: String,
}

struct Collect;

/// Where the visitor is in a game's movetext: the main line's moves, and how deep in
/// variations the reader is (their moves are not the main line's).
struct Movetext {
    raw: Raw,
    depth: usize,
}

impl Visitor for Collect {
    type Tags = Raw;
    type Movetext = Movetext;
    type Output = Raw;

    fn begin_tags(&mut self) -> ControlFlow<Raw, Raw> {
        ControlFlow::Continue(Raw::default())
    }

    fn tag(
        &mut self,
        tags: &mut Raw,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Raw> {
        let name = String::from_utf8_lossy(name).into_owned();
        tags.tags
            .push((name, value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, raw: Raw) -> ControlFlow<Raw, Movetext> {
        ControlFlow::Continue(Movetext { raw, depth: 0 })
    }

    fn san(&mut self, m: &mut Movetext, san: SanPlus) -> ControlFlow<Raw> {
        if m.depth == 0 {
            m.raw.sans.push(san.to_string());
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, m: &mut Movetext) -> ControlFlow<Raw, Skip> {
        m.depth += 1;
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, m: &mut Movetext) -> ControlFlow<Raw> {
        m.depth = m.depth.saturating_sub(1);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, m: Movetext) -> Raw {
        m.raw
    }
}

/// The game of `raw`: its setup read in its variant, its main line played from there.
fn settle(raw: Raw, number: usize) -> Result<PgnGame, PgnError> {
    let find = |name: &str| {
        raw.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_string())
    };
    let game = match find("Variant").as_deref().map(str::to_ascii_lowercase) {
        None => Game::Chess,
        Some(v) if v.is_empty() || v == "standard" || v == "chess" || v == "from position" => {
            Game::Chess
        }
        Some(v) if v.contains("960") || v.contains("fischer") || v == "fischerandom" => {
            Game::Chess960
        }
        Some(v) if v == "xiangqi" || v == "chinese chess" => Game::Xiangqi,
        Some(_) => {
            return Err(PgnError::Variant {
                game: number,
                name: find("Variant").unwrap_or_default(),
            });
        }
    };
    let setup = match find("FEN") {
        Some(text) if !text.is_empty() => {
            fen::read(&text, Some(game))
                .position
                .ok_or(PgnError::BadFen {
                    game: number,
                    fen: text,
                })?
        }
        _ => Position::start(game),
    };
    let texts = if game.is_xiangqi() {
        xiangqi_moves(&raw.movetext)
    } else {
        raw.sans
    };
    let (moves, stopped_at) = main_line(&setup, &texts);
    Ok(PgnGame {
        tags: raw.tags,
        setup,
        moves,
        stopped_at,
    })
}

/// The moves `texts` name, played from `setup` as far as they are legal.
fn main_line(setup: &Position, texts: &[String]) -> (Vec<Move>, Option<(usize, String)>) {
    let style = if setup.game.is_xiangqi() {
        Notation::Wxf
    } else {
        Notation::San
    };
    let mut pos = *setup;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let mv = style
            .read(&pos, text)
            .ok()
            .or_else(|| king_takes_rook(&pos, text));
        match mv.and_then(|mv| notation::play(&pos, mv).map(|next| (mv, next))) {
            Some((mv, next)) => {
                moves.push(mv);
                pos = next;
            }
            None => return (moves, Some((i + 1, text.clone()))),
        }
    }
    (moves, None)
}

/// Castling written as the king taking its own rook (`Kxh1`, how Chess960 games are often
/// written): read as `O-O` or `O-O-O` by the side the rook stands on.
fn king_takes_rook(pos: &Position, text: &str) -> Option<Move> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let target = t.strip_prefix('K')?.trim_start_matches('x');
    let bytes = target.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].checked_sub(b'a')?;
    let rank = bytes[1].checked_sub(b'1')?;
    if file > 7 || rank > 7 {
        return None;
    }
    let to = super::square::Square::new(file, rank);
    let piece = pos.board.get(to)?;
    let own_rook = piece.color == pos.turn && piece.role == super::game::Role::Rook;
    let king_file = (0..8)
        .map(|f| super::square::Square::new(f, rank))
        .find(|&s| {
            pos.board
                .get(s)
                .is_some_and(|p| p.color == pos.turn && p.role == super::game::Role::King)
        })?
        .file;
    if !own_rook {
        return None;
    }
    let side = if file > king_file { "O-O" } else { "O-O-O" };
    Notation::San.read(pos, side).ok()
}

/// The main line's move words of a movetext: comments (`{…}`, `;…`), variations, NAGs, move
/// numbers and the result are left out.
fn xiangqi_moves(movetext: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, depth: usize, out: &mut Vec<String>| {
        let w = std::mem::take(word);
        let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let is_result = matches!(w, "*" | "1-0" | "0-1" | "1/2-1/2");
        if depth == 0 && !w.is_empty() && !w.starts_with('$') && !is_result {
            out.push(w.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, depth, &mut out);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut word, depth, &mut out);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, depth, &mut out);
                depth += 1;
            }
            ')' => {
                flush(&mut word, depth, &mut out);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut word, depth, &mut out),
            c => word.push(c),
        }
    }
    flush(&mut word, depth, &mut out);
    out
}

#[cfg(test)]
mod tests;

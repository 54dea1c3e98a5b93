//! Move notation: writing a legal move as people read it, and reading it back.
//!
//! One [`Notation`] choice covers both games: chess SAN with English or Spanish piece letters and
//! figurine SAN; xiangqi WXF and Chinese notation; and coordinates (UCI for chess, ICCS point
//! names for xiangqi) for machines. [`Notation::write`] names a move, [`Notation::read`] finds the
//! legal move a text names: it takes what `write` gives and the usual variants (see each
//! notation's module), and answers garbage with a [`NotationError`], never a panic.

mod chess;
mod xiangqi;

#[cfg(test)]
mod tests;

use std::fmt;

use crate::core::{Game, Position, Square};

/// A move of either game: core's one move type. Chess castling is read in either form, the
/// king to its destination (`e1g1`) or onto its rook (`e1h1`); writing coordinates gives
/// UCI's form for the game (the rook's square in Chess960).
pub use super::moves::Move;

impl Move {
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
        }
    }

    /// The coordinate text (`e2e4`, `e7e8q`, `h2e2`): UCI for chess, ICCS point names for xiangqi.
    pub fn coordinates(&self, game: Game) -> String {
        let mut out = format!("{}{}", self.from.name(game), self.to.name(game));
        if let Some(role) = self.promotion {
            out.push(role.letter());
        }
        out
    }
}

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Chess SAN with English letters, check and mate marks: `Nf3`, `exd8=Q+`, `O-O-O`.
    San,
    /// Chess SAN with Spanish letters R D T A C (rey, dama, torre, alfil, caballo): `Cf3`, `e8=D`.
    SanSpanish,
    /// Chess SAN with figurines for the piece letters: `♘f3`, `e8=♕`.
    Figurine,
    /// Xiangqi in the World Xiangqi Federation's notation: `C2.5`, `H8+7`, `R+.3`.
    Wxf,
    /// Xiangqi in Chinese notation: `炮二平五`, `马８进７`, `前车平三`.
    Chinese,
    /// Coordinates: UCI for chess (`e2e4`, `e7e8q`), ICCS point names for xiangqi (`h2e2`).
    Coordinates,
}

impl Notation {
    pub const ALL: [Notation; 6] = [
        Notation::San,
        Notation::SanSpanish,
        Notation::Figurine,
        Notation::Wxf,
        Notation::Chinese,
        Notation::Coordinates,
    ];

    /// The notations that can write `game`'s moves.
    pub fn for_game(game: Game) -> &'static [Notation] {
        if game.is_xiangqi() {
            &[Notation::Wxf, Notation::Chinese, Notation::Coordinates]
        } else {
            &[
                Notation::San,
                Notation::SanSpanish,
                Notation::Figurine,
                Notation::Coordinates,
            ]
        }
    }

    /// Whether this notation writes `game`'s moves.
    pub fn fits(self, game: Game) -> bool {
        Notation::for_game(game).contains(&self)
    }

    /// A short stable name (for options and settings files).
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::SanSpanish => "san-es",
            Notation::Figurine => "figurine",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
            Notation::Coordinates => "coordinates",
        }
    }

    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }

    /// The notation a reader of `language` expects for `game`: Chinese notation for xiangqi in
    /// Chinese, WXF otherwise; Spanish letters for chess in Spanish, English SAN otherwise.
    /// `language` is a code such as `en`, `es`, `zh`, `zh_CN.UTF-8` or `es-AR`.
    pub fn default_for(language: &str, game: Game) -> Notation {
        let code = language
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match (game.is_xiangqi(), code.as_str()) {
            (true, "zh") => Notation::Chinese,
            (true, _) => Notation::Wxf,
            (false, "es") => Notation::SanSpanish,
            (false, _) => Notation::San,
        }
    }

    /// `wanted` when it writes `game`'s moves (`--notation`), else the default for `language`.
    pub fn chosen(wanted: Option<Notation>, language: &str, game: Game) -> Notation {
        wanted
            .filter(|n| n.fits(game))
            .unwrap_or_else(|| Notation::default_for(language, game))
    }

    /// `mv` written in this notation for `position` (before the move). A move that is not legal
    /// there, or a notation of the other game, gives the move's coordinates instead. Xiangqi
    /// moves are named from the board alone: the piece on `from` says who moves.
    pub fn write(self, position: &Position, mv: Move) -> String {
        let game = position.game;
        let written = match self {
            _ if !self.fits(game) => None,
            Notation::Coordinates => None,
            Notation::Wxf => xiangqi::write(&position.board, mv.from, mv.to, xiangqi::Style::Wxf),
            Notation::Chinese => {
                xiangqi::write(&position.board, mv.from, mv.to, xiangqi::Style::Chinese)
            }
            Notation::San | Notation::SanSpanish | Notation::Figurine => {
                chess::write(position, mv, self)
            }
        };
        written.unwrap_or_else(|| chess::coordinates(position, mv))
    }

    /// The legal move of `position` that `text` names in this notation.
    pub fn read(self, position: &Position, text: &str) -> Result<Move, NotationError> {
        if !self.fits(position.game) {
            return Err(NotationError::WrongGame {
                notation: self,
                game: position.game,
            });
        }
        if text.trim().is_empty() {
            return Err(NotationError::Empty);
        }
        if position.game.is_xiangqi() {
            xiangqi::read(position, text, self)
        } else {
            chess::read(position, text, self)
        }
    }

    /// The names of `moves` played one after the other from `position` (a line: an engine's
    /// principal variation, a solution, a game), checks marked in SAN. Stops at the first move
    /// that is not legal where it comes.
    pub fn write_line(self, position: &Position, moves: &[Move]) -> Vec<String> {
        if !self.fits(position.game) {
            return Notation::Coordinates.write_line(position, moves);
        }
        if position.game.is_xiangqi() {
            xiangqi::write_line(position, moves, self)
        } else {
            chess::write_line(position, moves, self)
        }
    }
}

/// The moves that `texts` name in `notation`, each read where the one before it leaves the game
/// (an engine's line in UCI, a game typed in by hand). Stops at the first that does not read.
pub fn read_line<S: AsRef<str>>(position: &Position, notation: Notation, texts: &[S]) -> Vec<Move> {
    let mut pos = *position;
    let mut out = Vec::with_capacity(texts.len());
    for text in texts {
        let Ok(m) = notation.read(&pos, text.as_ref()) else {
            break;
        };
        let Some(next) = play(&pos, m) else {
            break;
        };
        out.push(m);
        pos = next;
    }
    out
}

/// The position after the legal move `mv`, or `None` when it is not legal in `position`.
pub fn play(position: &Position, mv: Move) -> Option<Position> {
    if position.game.is_xiangqi() {
        xiangqi::play(position, mv)
    } else {
        chess::play(position, mv)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The legal moves of the side to move, or why the position has none to offer (it is illegal).
pub fn legal_moves(position: &Position) -> Result<Vec<Move>, NotationError> {
    if position.game.is_xiangqi() {
        xiangqi::legal_moves(position)
    } else {
        chess::legal_moves(position)
    }
}

/// Why a text could not be read as a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing was given.
    Empty,
    /// The notation is the other game's.
    WrongGame { notation: Notation, game: Game },
    /// The position is not one moves can be read in (an illegal position); the reason.
    Position(String),
    /// The text is not a move in this notation; what was wrong with it.
    Unreadable { text: String, reason: String },
    /// The text reads as a move, but no legal move fits it.
    NoSuchMove { text: String },
    /// Several legal moves fit the text: their coordinates.
    Ambiguous { text: String, moves: Vec<String> },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => write!(f, "no move given"),
            NotationError::WrongGame { notation, game } => {
                write!(f, "{notation} notation does not write {game} moves")
            }
            NotationError::Position(why) => write!(f, "no moves to read here: {why}"),
            NotationError::Unreadable { text, reason } => {
                write!(f, "'{text}' is not a move: {reason}")
            }
            NotationError::NoSuchMove { text } => {
                write!(f, "'{text}' is no legal move in this position")
            }
            NotationError::Ambiguous { text, moves } => {
                write!(f, "'{text}' could be any of {}", moves.join(", "))
            }
        }
    }
}

impl std::error::Error for NotationError {}

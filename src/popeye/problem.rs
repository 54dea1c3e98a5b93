//! One problem of a Popeye input as read, and the record it becomes: a four-field EPD line
//! whose operations hold what fenboard solves and keeps (`stip`, `twins`, `setplay`, `tries`,
//! `maxsolutions`, `c0` author and source, `id` title, `c2` remarks).

use crate::collection::epd::quoted;
use crate::core::Square;
use crate::solve::{Play, Stipulation};

use super::Diagnostic;
use super::words::{self, Language};

/// The men of a diagram: FEN letters (upper case White) by square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board([Option<char>; 64]);

impl Default for Board {
    fn default() -> Board {
        Board([None; 64])
    }
}

/// Why a `forsyth` board does not read.
pub struct ForsythError {
    pub message: String,
    pub fairy: bool,
}

fn index(s: Square) -> usize {
    s.rank as usize * 8 + s.file as usize
}

impl Board {
    pub fn put(&mut self, s: Square, fen: char) {
        self.0[index(s)] = Some(fen);
    }

    pub fn get(&self, s: Square) -> Option<char> {
        self.0[index(s)]
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    /// The game array (`InitialGameArray`).
    pub fn initial() -> Board {
        let mut b = Board::default();
        for (file, c) in "RNBQKBNR".chars().enumerate() {
            let f = file as u8;
            b.put(Square::new(f, 0), c);
            b.put(Square::new(f, 1), 'P');
            b.put(Square::new(f, 6), 'p');
            b.put(Square::new(f, 7), c.to_ascii_lowercase());
        }
        b
    }

    /// Popeye's forsyth board in `lang`'s letters: a8 to h8, then a7 …; digits (any number) for
    /// empty squares, `/` optional, the squares after the last man may be left out.
    pub fn forsyth(lang: Language, text: &str) -> Result<Board, ForsythError> {
        let bad = |message: String, fairy| ForsythError { message, fairy };
        let mut b = Board::default();
        let mut at = 0usize;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '/' {
                continue;
            }
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = (n * 10 + d as usize).min(64);
                    chars.next();
                }
                at += n;
                continue;
            }
            if c == '.' {
                return Err(bad("a two-letter piece is a fairy piece".into(), true));
            }
            let Some(fen) = words::piece(lang, &c.to_string()) else {
                return Err(bad(
                    format!("'{}' is not a piece letter", c.escape_debug()),
                    c.is_alphabetic(),
                ));
            };
            if at >= 64 {
                return Err(bad("more than 64 squares".into(), false));
            }
            let s = Square::new((at % 8) as u8, 7 - (at / 8) as u8);
            b.put(
                s,
                if c.is_uppercase() {
                    fen
                } else {
                    fen.to_ascii_lowercase()
                },
            );
            at += 1;
        }
        if at > 64 {
            return Err(bad("more than 64 squares".into(), false));
        }
        Ok(b)
    }

    /// The FEN's first field.
    pub fn placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.get(Square::new(file, rank)) {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}

/// Where something is in the input: its 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub col: usize,
}

/// One problem as read.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    /// The line its first word is on (1-based).
    pub line: usize,
    pub board: Board,
    /// Where the board is given (its `pieces`, `forsyth` or `initialgamearray` command).
    pub board_at: Option<Place>,
    /// Where each man of `board` is given: the `pieces` word that put it on its square.
    pub men_at: Vec<(Square, Place)>,
    /// As written (it reads as a fenboard stipulation).
    pub stipulation: Option<String>,
    pub stipulation_span: std::ops::Range<usize>,
    pub authors: Vec<String>,
    pub origins: Vec<String>,
    pub titles: Vec<String>,
    pub awards: Vec<String>,
    pub remarks: Vec<String>,
    pub set_play: bool,
    pub tries: bool,
    pub white_to_play: bool,
    pub max_solutions: Option<u32>,
    pub en_passant: Vec<Square>,
    pub no_castling: Vec<Square>,
    /// Each twin's commands in English, as fenboard's twin reader reads them.
    pub twins: Vec<String>,
    /// What is wrong with it: not empty, and it is not solved.
    pub errors: Vec<Diagnostic>,
}

impl Problem {
    pub fn new(line: usize) -> Problem {
        Problem {
            line,
            ..Problem::default()
        }
    }

    /// Nothing was given (between `next` and `end`, say).
    pub fn is_blank(&self) -> bool {
        self.board.is_empty()
            && self.stipulation.is_none()
            && self.errors.is_empty()
            && self.authors.is_empty()
            && self.titles.is_empty()
    }

    /// Where in the input a diagnostic of the problem's position belongs: the word that put
    /// the first man it names on the board, else the command that gives the board, else the
    /// problem's first line.
    pub fn place_of(&self, squares: &[Square]) -> Place {
        squares
            .iter()
            .find_map(|s| self.men_at.iter().find(|(m, _)| m == s).map(|(_, at)| *at))
            .or(self.board_at)
            .unwrap_or(Place {
                line: self.line,
                col: 1,
            })
    }

    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// The stipulation fenboard solves: `option whitetoplay` in help play makes White begin,
    /// which is fenboard's half-move helpmate of half a move less (h#2 → h#1.5).
    pub fn solved_stipulation(&self) -> Option<Stipulation> {
        let mut s: Stipulation = self.stipulation.as_deref()?.parse().ok()?;
        if self.white_to_play && s.play == Play::Help {
            if s.half {
                s.half = false;
            } else if s.moves > 1 {
                s.moves -= 1;
                s.half = true;
            }
        }
        Some(s)
    }

    /// The four FEN fields: the side that begins the play to move (White but in help play
    /// and series helpmates), castling rights for every king and rook on their start squares
    /// not named by `nocastling`, the en passant square of `enpassant`.
    pub fn fen4(&self) -> String {
        let stip = self.solved_stipulation();
        let white = stip.is_none_or(|s| {
            s.first_side(crate::core::Color::White, false) == crate::core::Color::White
        });
        let mut castling = String::new();
        for (king, rank, k, q) in [('K', 0u8, 'K', 'Q'), ('k', 7, 'k', 'q')] {
            let at = |f: u8| Square::new(f, rank);
            let free = |s: Square| !self.no_castling.contains(&s);
            if self.board.get(at(4)) != Some(king) || !free(at(4)) {
                continue;
            }
            let rook = if king == 'K' { 'R' } else { 'r' };
            for (file, letter) in [(7u8, k), (0, q)] {
                if self.board.get(at(file)) == Some(rook) && free(at(file)) {
                    castling.push(letter);
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = match self.en_passant.as_slice() {
            [_, middle, _] | [_, middle, _, _] => middle.name(crate::core::Game::Chess).to_string(),
            _ => "-".into(),
        };
        format!(
            "{} {} {castling} {ep}",
            self.board.placement(),
            if white { 'w' } else { 'b' }
        )
    }

    /// The problem as an EPD record line.
    pub fn epd(&self) -> String {
        let mut ops: Vec<String> = Vec::new();
        let mut source: Vec<String> = Vec::new();
        if !self.authors.is_empty() {
            source.push(self.authors.join(", "));
        }
        source.extend(self.origins.iter().cloned());
        source.extend(self.awards.iter().cloned());
        if !source.is_empty() {
            ops.push(format!("c0 {}", quoted(&source.join(", "))));
        }
        if !self.titles.is_empty() {
            ops.push(format!("id {}", quoted(&self.titles.join(" "))));
        }
        if let Some(s) = self.solved_stipulation() {
            ops.push(format!("stip {}", quoted(&s.to_string())));
        }
        if !self.twins.is_empty() {
            let list: Vec<String> = self
                .twins
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{}) {t}", (b'b' + i.min(24) as u8) as char))
                .collect();
            ops.push(format!("twins {}", quoted(&list.join(" "))));
        }
        if self.set_play {
            ops.push("setplay".into());
        }
        if self.tries {
            ops.push("tries".into());
        }
        if let Some(n) = self.max_solutions {
            ops.push(format!("maxsolutions {n}"));
        }
        if !self.remarks.is_empty() {
            ops.push(format!("c2 {}", quoted(&self.remarks.join(" "))));
        }
        let mut line = self.fen4();
        for op in ops {
            line.push(' ');
            line.push_str(&op);
            line.push(';');
        }
        line
    }
}

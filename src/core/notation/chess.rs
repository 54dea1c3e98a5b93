//! Chess and Chess960 notation over shakmaty: SAN in English letters (shakmaty's own writer and
//! reader), the same SAN with Spanish letters or figurines put in place of the piece letters, and
//! UCI coordinates.
//!
//! Spanish letters follow Spanish chess usage (es.wikipedia.org, "Notación algebraica":
//! "en español se utilizan R, D, T, A y C, respectivamente, para el rey, la dama, la torre, el
//! alfil y el caballo"; the same in club primers such as ajedrezgetafe.com's "Notación"): castling,
//! captures, checks and promotions as in English SAN (`e8=D`).
//!
//! Figurines: the common figurine algebraic notation of books and databases replaces the piece
//! letter by a figure and keeps everything else of SAN (`♘f3`, `e8=♕`, no pawn figure). We write
//! the Unicode "white" outline figures U+2654–U+2658 (♔♕♖♗♘) for both sides' moves, as printed
//! FAN does (chessbio.com, "Figurine Algebraic Notation": "the white piece glyphs are generally
//! used for both sides' moves"); reading also takes the black figures ♚♛♜♝♞ and English letters.
//!
//! Reading accepts, besides what `write` gives: no or wrong check marks, `#`/`++` for mate,
//! annotations (`!`, `?`, `!?`), `0-0`/`0-0-0` with zeros, a promotion without `=` (`e8Q`), `×`
//! or `:` for the capture, and a trailing `e.p.`.

use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Position as _};

use super::{Move, Notation, NotationError};
use crate::core::legality::chess::{castling_mode, to_chess};
use crate::core::{Position, Role, Square};

/// The piece letters (king, queen, rook, bishop, knight) of each SAN flavour.
const ENGLISH: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];
const SPANISH: [char; 5] = ['R', 'D', 'T', 'A', 'C'];
const FIGURINES: [char; 5] = ['♔', '♕', '♖', '♗', '♘'];
const BLACK_FIGURINES: [char; 5] = ['♚', '♛', '♜', '♝', '♞'];

fn letters(notation: Notation) -> &'static [char; 5] {
    match notation {
        Notation::SanSpanish => &SPANISH,
        Notation::Figurine => &FIGURINES,
        _ => &ENGLISH,
    }
}

fn to_role(role: shakmaty::Role) -> Role {
    match role {
        shakmaty::Role::King => Role::King,
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::Pawn => Role::Pawn,
    }
}

fn square(sq: shakmaty::Square) -> Square {
    Square::new(sq.file() as u8, sq.rank() as u8)
}

/// shakmaty's move as ours: castling as UCI writes it in `mode`.
fn from_shakmaty(m: &shakmaty::Move, mode: CastlingMode, chess: &Chess) -> Move {
    let to = match *m {
        shakmaty::Move::Castle { king, rook } if mode == CastlingMode::Standard => {
            square(CastlingSide::from_king_side(rook > king).king_to(chess.turn()))
        }
        _ => square(m.to()),
    };
    Move {
        from: m.from().map_or(Square::new(0, 0), square),
        to,
        promotion: m.promotion().map(to_role),
    }
}

fn position(pos: &Position) -> Result<Chess, NotationError> {
    to_chess(pos).map_err(NotationError::Position)
}

pub(super) fn legal_moves(pos: &Position) -> Result<Vec<Move>, NotationError> {
    let chess = position(pos)?;
    let mode = castling_mode(pos.game);
    Ok(chess
        .legal_moves()
        .iter()
        .map(|m| from_shakmaty(m, mode, &chess))
        .collect())
}

/// The legal shakmaty move `mv` stands for; castling also as the king to the rook's square in
/// standard chess, or to its destination in Chess960.
fn find(chess: &Chess, mode: CastlingMode, mv: Move) -> Option<shakmaty::Move> {
    chess.legal_moves().into_iter().find(|m| {
        from_shakmaty(m, mode, chess) == mv
            || matches!(m, shakmaty::Move::Castle { .. })
                && from_shakmaty(
                    m,
                    match mode {
                        CastlingMode::Standard => CastlingMode::Chess960,
                        CastlingMode::Chess960 => CastlingMode::Standard,
                    },
                    chess,
                ) == mv
    })
}

/// SAN with check marks in the letters of `notation`; `None` for a move that is not legal.
pub(super) fn write(pos: &Position, mv: Move, notation: Notation) -> Option<String> {
    let chess = to_chess(pos).ok()?;
    let m = find(&chess, castling_mode(pos.game), mv)?;
    Some(in_letters(
        &SanPlus::from_move(chess, m).to_string(),
        notation,
    ))
}

/// English SAN in the letters of `notation`.
fn in_letters(san: &str, notation: Notation) -> String {
    let to = letters(notation);
    san.chars()
        .map(|c| ENGLISH.iter().position(|&l| l == c).map_or(c, |i| to[i]))
        .collect()
}

/// The line played out on one shakmaty position, so that checks and mates are marked.
pub(super) fn write_line(pos: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let Ok(mut chess) = to_chess(pos) else {
        return Vec::new();
    };
    let mode = castling_mode(pos.game);
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Some(m) = find(&chess, mode, mv) else {
            break;
        };
        out.push(if notation == Notation::Coordinates {
            let uci = m.to_uci(mode).to_string();
            chess.play_unchecked(m);
            uci
        } else {
            in_letters(
                &SanPlus::from_move_and_play_unchecked(&mut chess, m).to_string(),
                notation,
            )
        });
    }
    out
}

pub(super) fn play(pos: &Position, mv: Move) -> Option<Position> {
    let mut chess = to_chess(pos).ok()?;
    let m = find(&chess, castling_mode(pos.game), mv)?;
    chess.play_unchecked(m);
    let fen = shakmaty::fen::Fen::from_position(&chess, shakmaty::EnPassantMode::Legal);
    let mut next = crate::core::fen::read(&fen.to_string(), Some(pos.game)).position?;
    next.game = pos.game;
    Some(next)
}

/// The move's coordinates: UCI (as shakmaty writes it, castling by `pos`'s game) for a legal chess
/// move, the plain point names otherwise.
pub(super) fn coordinates(pos: &Position, mv: Move) -> String {
    if pos.game.is_chess()
        && let Ok(chess) = to_chess(pos)
    {
        let mode = castling_mode(pos.game);
        if let Some(m) = find(&chess, mode, mv) {
            return m.to_uci(mode).to_string();
        }
    }
    mv.coordinates(pos.game)
}

pub(super) fn read(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let chess = position(pos)?;
    let mode = castling_mode(pos.game);
    let unreadable = |reason: &str| NotationError::Unreadable {
        text: text.trim().to_string(),
        reason: reason.to_string(),
    };
    if notation == Notation::Coordinates {
        let uci = text.trim().to_ascii_lowercase();
        let uci = UciMove::from_ascii(uci.as_bytes())
            .map_err(|_| unreadable("expected a UCI move such as e2e4 or e7e8q"))?;
        return uci
            .to_move(&chess)
            .map(|m| from_shakmaty(&m, mode, &chess))
            .map_err(|_| NotationError::NoSuchMove {
                text: text.trim().to_string(),
            });
    }
    let ascii = to_english(text, notation);
    if !ascii.is_ascii() {
        return Err(unreadable("it has characters SAN does not use"));
    }
    let san = San::from_ascii(ascii.as_bytes()).map_err(|_| {
        unreadable(match notation {
            Notation::SanSpanish => "expected SAN such as Cf3, exd5, O-O or e8=D",
            Notation::Figurine => "expected SAN such as ♘f3, exd5, O-O or e8=♕",
            _ => "expected SAN such as Nf3, exd5, O-O or e8=Q",
        })
    })?;
    if matches!(san, San::Null | San::Put { .. }) {
        return Err(unreadable("not a move of a piece"));
    }
    match san.to_move(&chess) {
        Ok(m) => Ok(from_shakmaty(&m, mode, &chess)),
        Err(SanError::IllegalSan) => Err(NotationError::NoSuchMove {
            text: text.trim().to_string(),
        }),
        Err(SanError::AmbiguousSan) => Err(NotationError::Ambiguous {
            text: text.trim().to_string(),
            moves: chess
                .legal_moves()
                .iter()
                .filter(|&&m| san.matches(m))
                .map(|m| m.to_uci(mode).to_string())
                .collect(),
        }),
    }
}

/// The text as English SAN without check marks or annotations, for shakmaty's reader.
fn to_english(text: &str, notation: Notation) -> String {
    let from = letters(notation);
    let mut out: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if let Some(i) = from.iter().position(|&l| l == c) {
                ENGLISH[i]
            } else if let Some(i) = BLACK_FIGURINES.iter().position(|&l| l == c)
                && notation == Notation::Figurine
            {
                ENGLISH[i]
            } else if notation == Notation::SanSpanish && ENGLISH.contains(&c) {
                // An English letter in Spanish text means another piece (R is the king): refuse
                // it rather than guess.
                '\u{fffd}'
            } else {
                match c {
                    '×' | ':' => 'x',
                    '0' => 'O',
                    _ => c,
                }
            }
        })
        .collect();
    for tail in ["e.p.", "ep"] {
        if let Some(rest) = out.strip_suffix(tail) {
            out = rest.to_string();
        }
    }
    let marks = |c: char| matches!(c, '+' | '#' | '!' | '?');
    let mut out = out.trim_end_matches(marks).to_string();
    // A promotion without '=' (e8Q): shakmaty wants the '='.
    let bytes = out.as_bytes();
    if bytes.len() >= 3
        && matches!(bytes[bytes.len() - 1], b'Q' | b'R' | b'B' | b'N')
        && matches!(bytes[bytes.len() - 2], b'1' | b'8')
    {
        out.insert(out.len() - 1, '=');
    }
    out
}

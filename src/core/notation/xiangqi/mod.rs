//! Xiangqi notation: WXF (`wxf.rs`) and Chinese (`chinese.rs`) share one analysis of a move —
//! the piece, which one of its kind it is, the direction and the number that ends the move — and
//! one reader that finds the legal move a text names.
//!
//! Both notations follow the same scheme, the traditional Chinese one that WXF transcribes
//! (World Xiangqi Federation, "Official Xiangqi Piece Names and Notation",
//! <http://www.wxf.org/xq/computer/wxf_notation.html>): the piece, the file it stands on counted
//! 1–9 from the mover's own right, forward / backward / sideways, then the number of ranks moved
//! (chariot, cannon, soldier and general moving along their file) or the file arrived on
//! (sideways moves, and every move of the diagonal movers horse, elephant and advisor).
//!
//! Pieces of one kind on one file ("tandem pieces") are told apart by their order from the front
//! (the end nearer the enemy); see `Which`.

mod chinese;
mod wxf;

use super::{Move, Notation, NotationError};
use crate::core::xiangqi::Mailbox;
use crate::core::{Board, Color, Piece, Position, Role, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Style {
    Wxf,
    Chinese,
}

/// `from`→`to` on `board` (before the move) in `style`; `None` when `from` is empty.
pub(super) fn write(board: &Board, from: Square, to: Square, style: Style) -> Option<String> {
    let parts = Parts::of(board, from, to)?;
    Some(match style {
        Style::Wxf => wxf::write(&parts),
        Style::Chinese => chinese::write(&parts),
    })
}

/// The line played out on a copy of the board.
pub(super) fn write_line(pos: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = *pos;
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let Some(next) = play(&pos, m) else {
            break;
        };
        out.push(notation.write(&pos, m));
        pos = next;
    }
    out
}

pub(super) fn play(pos: &Position, m: Move) -> Option<Position> {
    let mut mailbox = Mailbox::new(pos).ok()?;
    if m.promotion.is_some() || !mailbox.legal_moves().contains(&(m.from, m.to)) {
        return None;
    }
    let mut next = *pos;
    let piece = next.board.set(m.from, None);
    next.board.set(m.to, piece);
    next.turn = pos.turn.other();
    next.ep = None;
    if next.turn == crate::core::Color::White {
        next.fullmove += 1;
    }
    next.halfmove = if pos.board.get(m.to).is_some() {
        0
    } else {
        pos.halfmove + 1
    };
    Some(next)
}

/// Which way a piece goes, from its own side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Forward,
    Backward,
    Sideways,
}

/// How a piece is told apart from the others of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    /// Alone on its file, or an advisor or elephant (their direction tells two on one file apart:
    /// the one that can retreat is the front one — xqbase.com, 《中国象棋电脑应用规范（二）：着法
    /// 表示》§四: 仕(士)和相(象)如果在同一纵线上，不用“前”和“后”区别，因为能退的一定在前，能进
    /// 的一定在后; xqinenglish.com, "Basics introduction to notations 02": `A6+5`, `E7-5`).
    Alone,
    /// `index` (0 = the front one) of the `count` pieces of its kind on its file. `two_files`:
    /// soldiers, with another file also holding two or more of them.
    Tandem {
        index: u8,
        count: u8,
        two_files: bool,
    },
}

/// A move taken apart into what both notations write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parts {
    piece: Piece,
    /// The file it leaves, 1–9 from the mover's right.
    file: u8,
    which: Which,
    direction: Direction,
    /// Ranks moved, or the file arrived on.
    number: u8,
}

/// The file number 1–9 as `color` counts it, from its own right.
fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::White => 9 - file,
        Color::Black => file + 1,
    }
}

/// How far forward `rank` is for `color` (bigger is nearer the enemy).
fn advance(color: Color, rank: u8) -> i8 {
    match color {
        Color::White => rank as i8,
        Color::Black => 9 - rank as i8,
    }
}

/// The squares holding `piece` on board file `file`, front first.
fn column(board: &Board, piece: Piece, file: u8) -> impl Iterator<Item = Square> + '_ {
    let ranks: [u8; 10] = match piece.color {
        Color::White => [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
        Color::Black => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };
    ranks
        .into_iter()
        .map(move |rank| Square::new(file, rank))
        .filter(move |&sq| board.get(sq) == Some(piece))
}

/// Roles that never need telling apart on a file.
fn self_evident(role: Role) -> bool {
    matches!(role, Role::Advisor | Role::Bishop | Role::King)
}

/// Roles whose move along their file is counted in ranks.
fn straight(role: Role) -> bool {
    matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

impl Parts {
    fn of(board: &Board, from: Square, to: Square) -> Option<Parts> {
        let piece @ Piece { color, role } = board.get(from)?;
        let game = crate::core::Game::Xiangqi;
        if !from.on_board(game) || !to.on_board(game) {
            return None;
        }
        let forward = advance(color, to.rank) - advance(color, from.rank);
        let (direction, number) = if forward == 0 {
            (Direction::Sideways, file_number(color, to.file))
        } else {
            let direction = if forward > 0 {
                Direction::Forward
            } else {
                Direction::Backward
            };
            if straight(role) {
                (direction, forward.unsigned_abs())
            } else {
                (direction, file_number(color, to.file))
            }
        };
        Some(Parts {
            piece,
            file: file_number(color, from.file),
            which: which(board, piece, from),
            direction,
            number,
        })
    }
}

fn which(board: &Board, piece: Piece, from: Square) -> Which {
    if self_evident(piece.role) {
        return Which::Alone;
    }
    let (mut index, mut count) = (0, 0);
    for sq in column(board, piece, from.file) {
        if sq == from {
            index = count;
        }
        count += 1;
    }
    if count < 2 {
        return Which::Alone;
    }
    let two_files = piece.role == Role::Pawn
        && (0..9).any(|f| f != from.file && column(board, piece, f).nth(1).is_some());
    Which::Tandem {
        index,
        count,
        two_files,
    }
}

pub(super) fn legal_moves(pos: &Position) -> Result<Vec<Move>, NotationError> {
    let mut mailbox = Mailbox::new(pos).map_err(|e| NotationError::Position(e.to_string()))?;
    Ok(mailbox
        .legal_moves()
        .into_iter()
        .map(|(from, to)| Move::new(from, to))
        .collect())
}

/// What a text says about a move; `None` fields were not said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Spec {
    role: Option<Role>,
    file: Option<u8>,
    rank_in_file: Option<Rank>,
    direction: Option<Direction>,
    number: Option<u8>,
}

/// An order word: front, middle, rear, or the n-th from the front (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rank {
    Front,
    Middle,
    Rear,
    Nth(u8),
}

impl Spec {
    /// Whether the legal move with these parts, on `board`, fits what the text says.
    fn fits(&self, board: &Board, from: Square, parts: &Parts) -> bool {
        let same = |want: Option<u8>, have: u8| want.is_none_or(|w| w == have);
        if self.role.is_some_and(|r| r != parts.piece.role)
            || !same(self.file, parts.file)
            || self.direction.is_some_and(|d| d != parts.direction)
            || !same(self.number, parts.number)
        {
            return false;
        }
        let Some(rank) = self.rank_in_file else {
            return true;
        };
        let (index, count) = match parts.which {
            Which::Tandem { index, count, .. } => (index, count),
            Which::Alone => {
                let mut column = column(board, parts.piece, from.file);
                let index = column.position(|sq| sq == from).unwrap_or(0) as u8;
                (index, index + 1 + column.count() as u8)
            }
        };
        let crossed = self.file.is_none() && matches!(rank, Rank::Nth(_));
        match rank {
            _ if count < 2 => false,
            Rank::Front => index == 0,
            Rank::Rear => index + 1 == count,
            Rank::Middle => count % 2 == 1 && index == count / 2,
            // The Chinese computer standard numbers the soldiers of two doubled files together,
            // the mover's right file first, each front to back (xqbase.com, 《中国象棋电脑应用
            // 规范（二）：着法表示》§四 二(3)): `一兵平五`.
            Rank::Nth(n) if crossed && two_doubled_files(board, parts.piece) => {
                cross_file_index(board, parts.piece, from) == Some(n.saturating_sub(1))
            }
            Rank::Nth(n) => index + 1 == n,
        }
    }
}

fn doubled_files(board: &Board, piece: Piece) -> impl Iterator<Item = u8> + '_ {
    // The mover's right first.
    let files: [u8; 9] = match piece.color {
        Color::White => [8, 7, 6, 5, 4, 3, 2, 1, 0],
        Color::Black => [0, 1, 2, 3, 4, 5, 6, 7, 8],
    };
    files
        .into_iter()
        .filter(move |&f| column(board, piece, f).nth(1).is_some())
}

fn two_doubled_files(board: &Board, piece: Piece) -> bool {
    doubled_files(board, piece).nth(1).is_some()
}

fn cross_file_index(board: &Board, piece: Piece, from: Square) -> Option<u8> {
    doubled_files(board, piece)
        .flat_map(|f| column(board, piece, f))
        .position(|sq| sq == from)
        .map(|i| i as u8)
}

/// Finds the legal move `text` names: first the move whose own written form the text is (up to
/// the variants each notation's `normalize` irons out), then, failing that, the one legal move
/// that fits what the text says (a plain file where a tandem mark was due, `前兵九平八`, …).
pub(super) fn read(pos: &Position, text: &str, notation: Notation) -> Result<Move, NotationError> {
    let moves = legal_moves(pos)?;
    let text = text.trim();
    let unreadable = |reason: &str| NotationError::Unreadable {
        text: text.to_string(),
        reason: reason.to_string(),
    };
    if notation == Notation::Coordinates {
        return read_coordinates(text, &moves).ok_or_else(|| {
            unreadable("expected two points such as h2e2 (files a–i, ranks 0–9)")
        })?;
    }
    let style = if notation == Notation::Chinese {
        Style::Chinese
    } else {
        Style::Wxf
    };
    let normalize = |t: &str| match style {
        Style::Wxf => wxf::normalize(t),
        Style::Chinese => chinese::normalize(t),
    };
    let wanted = normalize(text);
    if wanted.is_empty() {
        return Err(unreadable("no move in it"));
    }
    let board = &pos.board;
    let written: Vec<(Move, Parts)> = moves
        .iter()
        .filter_map(|&m| Some((m, Parts::of(board, m.from, m.to)?)))
        .collect();
    let exact: Vec<Move> = written
        .iter()
        .filter(|(_, parts)| {
            normalize(&match style {
                Style::Wxf => wxf::write(parts),
                Style::Chinese => chinese::write(parts),
            }) == wanted
        })
        .map(|&(m, _)| m)
        .collect();
    if let [m] = exact[..] {
        return Ok(m);
    }
    let spec = match style {
        Style::Wxf => wxf::parse(&wanted),
        Style::Chinese => chinese::parse(&wanted),
    }
    .map_err(unreadable)?;
    let fitting: Vec<Move> = written
        .iter()
        .filter(|(m, parts)| spec.fits(board, m.from, parts))
        .map(|&(m, _)| m)
        .collect();
    match fitting[..] {
        [m] => Ok(m),
        [] => Err(NotationError::NoSuchMove {
            text: text.to_string(),
        }),
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            moves: fitting.iter().map(|m| m.coordinates(pos.game)).collect(),
        }),
    }
}

/// `h2e2`, `H2-E2`: ICCS's two points (its files a–i from Red's left, ranks 0–9 from Red's side,
/// the same names fenboard gives points).
fn read_coordinates(text: &str, moves: &[Move]) -> Option<Result<Move, NotationError>> {
    let clean: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if clean.len() != 4 || !clean.is_ascii() {
        return None;
    }
    let game = crate::core::Game::Xiangqi;
    let from = Square::parse(&clean[..2], game)?;
    let to = Square::parse(&clean[2..], game)?;
    let mv = Move::new(from, to);
    Some(if moves.contains(&mv) {
        Ok(mv)
    } else {
        Err(NotationError::NoSuchMove {
            text: text.to_string(),
        })
    })
}

//! Perft: the number of leaf nodes of the legal move tree, and its split per first move.
//! Chess through shakmaty, xiangqi through our generator.

use std::fmt;

use shakmaty::{Position as _, uci::UciMove};

use super::legality::chess::{castling_mode, to_chess, to_chess_forced};
use super::xiangqi::Mailbox;
use super::{Diagnostic, Game, Position, legality};

/// The deepest perft fenboard runs. Far beyond any search that could finish (perft 15 from
/// the chess start position is about 2·10²¹ leaves), and shallow enough that the recursion
/// never comes near the end of a thread's stack.
pub const MAX_DEPTH: u32 = 64;

/// Why perft cannot run on a position.
#[derive(Clone, Debug)]
pub enum PerftError {
    /// The position has legality errors (all of them).
    Illegal(Vec<Diagnostic>),
    /// The rules engine refused the position, for a reason the diagnostics did not give (its
    /// message says it is illegal and why).
    Refused(String),
    /// The depth is above [`MAX_DEPTH`].
    TooDeep(u32),
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::Illegal(diagnostics) => {
                write!(f, "illegal position")?;
                for d in diagnostics {
                    write!(f, "; {}", d.message)?;
                }
                Ok(())
            }
            PerftError::Refused(reason) => f.write_str(reason),
            PerftError::TooDeep(depth) => write!(
                f,
                "the depth {depth} is above the maximum of {MAX_DEPTH} plies, which no search could finish"
            ),
        }
    }
}

impl std::error::Error for PerftError {}

/// A position ready for move generation in either game.
enum Tree {
    Chess(shakmaty::Chess, Game),
    Xiangqi(Box<Mailbox>),
}

fn tree(pos: &Position, depth: u32) -> Result<Tree, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep(depth));
    }
    let errors: Vec<Diagnostic> = legality::diagnose_without_history(pos)
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    if !errors.is_empty() {
        return Err(PerftError::Illegal(errors));
    }
    if pos.game.is_xiangqi() {
        Mailbox::new(pos)
            .map(|mb| Tree::Xiangqi(Box::new(mb)))
            .map_err(|e| PerftError::Refused(e.to_string()))
    } else {
        to_chess(pos)
            .map(|c| Tree::Chess(c, pos.game))
            .map_err(PerftError::Refused)
    }
}

/// The number of leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft(pos: &Position, depth: u32) -> Result<u64, PerftError> {
    Ok(count(tree(pos, depth)?, depth))
}

/// [`perft`] on a position whose legality errors are ignored where move generation can still
/// run (an impossible check, too much material, bad castling rights or en passant square in
/// chess; a piece off its points in xiangqi). What the rules engine refuses is still an error.
pub fn perft_forced(pos: &Position, depth: u32) -> Result<u64, PerftError> {
    if depth > MAX_DEPTH {
        return Err(PerftError::TooDeep(depth));
    }
    let tree = if pos.game.is_xiangqi() {
        Mailbox::new(pos)
            .map(|mb| Tree::Xiangqi(Box::new(mb)))
            .map_err(|e| PerftError::Refused(e.to_string()))?
    } else {
        to_chess_forced(pos)
            .map(|c| Tree::Chess(c, pos.game))
            .map_err(PerftError::Refused)?
    };
    Ok(count(tree, depth))
}

fn count(tree: Tree, depth: u32) -> u64 {
    match tree {
        Tree::Chess(chess, _) => shakmaty::perft(&chess, depth),
        Tree::Xiangqi(mut mb) => mb.perft(depth),
    }
}

/// The perft count below each legal first move, named in the game's notation (UCI such as
/// `e2e4` or `e1h1` for Chess960 castling; `h2e2` for xiangqi, ranks counted from 0), sorted
/// by name. Empty at depth 0.
pub fn divide(pos: &Position, depth: u32) -> Result<Vec<(String, u64)>, PerftError> {
    if depth == 0 {
        // Validate all the same, so that an illegal position is an error at every depth.
        tree(pos, depth)?;
        return Ok(Vec::new());
    }
    let mut lines = match tree(pos, depth)? {
        Tree::Chess(chess, game) => chess
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = chess.clone();
                child.play_unchecked(m);
                (
                    UciMove::from_move(m, castling_mode(game)).to_string(),
                    shakmaty::perft(&child, depth - 1),
                )
            })
            .collect(),
        Tree::Xiangqi(mut mb) => mb
            .divide(depth)
            .into_iter()
            .map(|((from, to), n)| {
                (
                    format!("{}{}", from.name(Game::Xiangqi), to.name(Game::Xiangqi)),
                    n,
                )
            })
            .collect::<Vec<_>>(),
    };
    lines.sort();
    Ok(lines)
}

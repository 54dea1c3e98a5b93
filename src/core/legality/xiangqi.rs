//! Xiangqi legality after Pikafish's setup checks: one general per side inside its palace, piece
//! limits, advisors, elephants and soldiers only on the points they can reach, and the side not
//! to move not in check (flying generals included).

use super::square_list;
use crate::core::diagnostic::{Code, DiagArg, Diagnostic};
use crate::core::fen::Field;
use crate::core::game::{Color, Game, Piece, Role};
use crate::core::position::Position;
use crate::core::square::Square;
use crate::core::xiangqi::{attackers, palace_contains};

const GAME: Game = Game::Xiangqi;

/// Per-role limits, in the order advisors, elephants, horses, chariots, cannons, soldiers.
const LIMITS: [(Role, usize); 6] = [
    (Role::Advisor, 2),
    (Role::Bishop, 2),
    (Role::Knight, 2),
    (Role::Rook, 2),
    (Role::Cannon, 2),
    (Role::Pawn, 5),
];

/// Whether `color`'s advisor may stand on `sq`: the palace corners and centre.
fn advisor_point(color: Color, sq: Square) -> bool {
    palace_contains(color, sq)
        && (sq.file + sq.rank) % 2 == if color == Color::White { 1 } else { 0 }
}

/// Whether `color`'s elephant may stand on `sq`: the seven points it reaches on its own side.
fn elephant_point(color: Color, sq: Square) -> bool {
    let rank = if color == Color::White {
        sq.rank
    } else {
        9 - sq.rank.min(9)
    };
    matches!((sq.file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

/// Whether `color`'s soldier may stand on `sq`: never behind its start rank, and on its own
/// side only on the a, c, e, g and i files.
fn soldier_point(color: Color, sq: Square) -> bool {
    let rank = if color == Color::White {
        sq.rank
    } else {
        9 - sq.rank.min(9)
    };
    match rank {
        0..=2 => false,
        3 | 4 => sq.file.is_multiple_of(2),
        _ => true,
    }
}

pub(super) fn diagnose(pos: &Position, out: &mut Vec<Diagnostic>) {
    let board = &pos.board;
    // Counts per colour and role, without allocating.
    let mut counts = [[0usize; 8]; 2];
    for (sq, piece) in board.pieces() {
        counts[piece.color.index()][piece.role as usize] += 1;
        placed(sq, piece, out);
    }
    for color in Color::BOTH {
        generals(pos, color, counts[color.index()][Role::King as usize], out);
        limits(pos, color, &counts[color.index()], out);
    }
    opposite_check(pos, out);
}

/// Whether `piece` may stand on `sq`: a queen never, the others where their moves reach.
fn placed(sq: Square, piece: Piece, out: &mut Vec<Diagnostic>) {
    let color = piece.color;
    let side = color.name(GAME);
    let why;
    let off = match piece.role {
        Role::Queen => {
            out.push(
                Diagnostic::error(
                    Code::InvalidPiece,
                    Field::Placement,
                    format!("the queen on {} is not a xiangqi piece", sq.name(GAME)),
                )
                .with_id("diag-queen-in-xiangqi")
                .with_squares([sq]),
            );
            return;
        }
        Role::King => {
            if !palace_contains(color, sq) {
                out.push(
                    Diagnostic::error(
                        Code::KingOutsidePalace,
                        Field::Placement,
                        format!(
                            "{side}'s general on {} is outside its palace (d–f, ranks {})",
                            sq.name(GAME),
                            if color == Color::White {
                                "0–2"
                            } else {
                                "7–9"
                            }
                        ),
                    )
                    .arg("who", DiagArg::Side(color))
                    .with_squares([sq]),
                );
            }
            return;
        }
        Role::Advisor if !advisor_point(color, sq) => {
            why = "advisor";
            "advisors stay on the 5 points of their palace's diagonals"
        }
        Role::Bishop if !elephant_point(color, sq) => {
            why = "elephant";
            "elephants move two points diagonally and never cross the river, so they only reach 7 points"
        }
        Role::Pawn if !soldier_point(color, sq) => {
            let behind = if color == Color::White {
                sq.rank < 3
            } else {
                sq.rank > 6
            };
            if behind {
                why = "soldier-behind";
                "soldiers never move backwards, so they are never behind their start rank"
            } else {
                why = "soldier-file";
                "before crossing the river soldiers only stand on the a, c, e, g and i files"
            }
        }
        _ => return,
    };
    out.push(
        Diagnostic::error(
            Code::PieceOffPoint,
            Field::Placement,
            format!(
                "{side}'s {} on {} cannot be there: {off}",
                piece.role.name(GAME),
                sq.name(GAME)
            ),
        )
        .arg("who", DiagArg::Side(color))
        .arg("why", DiagArg::text(why))
        .with_squares([sq]),
    );
}

/// One general per side: none, or `n` of them, is an error.
fn generals(pos: &Position, color: Color, n: usize, out: &mut Vec<Diagnostic>) {
    let board = &pos.board;
    let side = color.name(GAME);
    match n {
        0 => out.push(
            Diagnostic::error(
                Code::MissingKing,
                Field::Placement,
                format!("{side} has no general"),
            )
            .arg("who", DiagArg::Side(color)),
        ),
        1 => {}
        n => {
            let sqs: Vec<Square> = board.kings(color).collect();
            out.push(
                Diagnostic::error(
                    Code::TooManyKings,
                    Field::Placement,
                    format!(
                        "{side} has {n} generals ({}); each side has exactly one",
                        square_list(&sqs, GAME)
                    ),
                )
                .arg("who", DiagArg::Side(color))
                .arg("n", DiagArg::num(n))
                .arg("squares", DiagArg::text(square_list(&sqs, GAME)))
                .with_squares(sqs),
            );
        }
    }
}

/// No more men of a role than the setup has.
fn limits(pos: &Position, color: Color, counts: &[usize; 8], out: &mut Vec<Diagnostic>) {
    let board = &pos.board;
    let side = color.name(GAME);
    for (role, limit) in LIMITS {
        let n = counts[role as usize];
        if n > limit {
            let piece = Piece::new(color, role);
            let sqs: Vec<Square> = board.find(piece).collect();
            let name = role.name(GAME);
            out.push(
                Diagnostic::error(
                    Code::TooManyPieces,
                    Field::Placement,
                    format!("{side} has {n} {name}s; at most {limit} are allowed"),
                )
                .arg("who", DiagArg::Side(color))
                .arg("n", DiagArg::num(n))
                .arg("role", DiagArg::text(name))
                .arg("limit", DiagArg::num(limit))
                .with_squares(sqs),
            );
        }
    }
}

fn opposite_check(pos: &Position, out: &mut Vec<Diagnostic>) {
    let board = &pos.board;
    // The side not to move must not be in check; the flying-general rule counts.
    let them = pos.turn.other();
    for general in board.kings(them) {
        let checkers = attackers(board, general, pos.turn);
        if checkers.is_empty() {
            continue;
        }
        let flying = checkers
            .iter()
            .any(|&s| board.get(s).is_some_and(|p| p.role == Role::King));
        let mut sqs = vec![general];
        sqs.extend(&checkers);
        let how = if flying {
            " (the generals face each other on an open file)"
        } else {
            ""
        };
        out.push(
            Diagnostic::error(
                Code::OppositeCheck,
                Field::Side,
                format!(
                    "{}'s general on {} is in check from {}{how} but {} is to move",
                    them.name(GAME),
                    general.name(GAME),
                    square_list(&checkers, GAME),
                    pos.turn.name(GAME)
                ),
            )
            .arg("who", DiagArg::Side(them))
            .arg("king", DiagArg::text(general.name(GAME).to_string()))
            .arg("from", DiagArg::text(square_list(&checkers, GAME)))
            .arg("flying", DiagArg::text(if flying { "yes" } else { "no" }))
            .arg("mover", DiagArg::Side(pos.turn))
            .with_squares(sqs),
        );
    }
}

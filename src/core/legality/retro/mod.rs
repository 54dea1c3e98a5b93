//! Retro-legality: positions that each piece's square allows but no game can reach. It runs
//! only on positions that pass every other check, and every error it gives is provable — a
//! position reached by a legal game never gets one (see `tests.rs` and
//! `tests/retro_soundness.rs`).

mod assign;
mod chess;
mod parity;
mod xiangqi;

pub(super) use xiangqi::diagnose as diagnose_xiangqi;

use self::chess::{Failure, Kind, Men, Path, analyse, home_walls};
use super::square_list;
use crate::core::diagnostic::{Code, DiagArg, Diagnostic};
use crate::core::fen::Field;
use crate::core::game::{Color, Game, Role};
use crate::core::position::Position;
use crate::core::square::Square;

fn men(board: &shakmaty::Board, color: shakmaty::Color) -> Men {
    let side = board.by_color(color);
    Men {
        pawns: (board.pawns() & side).0,
        knights: (board.knights() & side).0,
        bishops: (board.bishops() & side).0,
        rooks: (board.rooks() & side).0,
        queens: (board.queens() & side).0,
        king: (board.kings() & side).0,
    }
}

/// Castling rights of a standard-chess side as bits: 1 the a-rook, 2 the h-rook.
fn castles(pos: &Position, color: Color) -> u8 {
    u8::from(pos.castling.has(color, 0)) | u8::from(pos.castling.has(color, 7)) << 1
}

/// How far a side's earlier answer carries over to new walls.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Nothing known: analyse.
    No,
    /// The quick path passed before: the pawns' captures fit, so it suffices that the pieces
    /// still pass the quick test.
    Quick,
    /// Taken as unchanged: the other side's new walls stand on its first rank, which a quick
    /// answer only looks at for a piece standing there (missing an error is safe; a false one
    /// never comes from this).
    Same,
}

/// Both sides' men accounted for, with `castles` (per colour) taken as true. Failures are per
/// side, in that side's own view.
fn account(
    white: &Men,
    black: &Men,
    castles: [u8; 2],
    standard: bool,
    known: [Known; 2],
) -> [Result<Path, Failure>; 2] {
    let w = home_walls(white, castles[0], standard);
    let b = home_walls(black, castles[1], standard);
    let run = |known: Known, own: &Men, opp: &Men, walls: u64| match known {
        Known::Same => Ok(Path::Quick),
        Known::Quick if chess::quick(own, walls, standard) => Ok(Path::Quick),
        // Only the other side's number of men is read: no need to turn its board round.
        _ => analyse(own, opp, walls, standard),
    };
    [
        run(known[0], white, black, w | b.swap_bytes()),
        run(known[1], black, white, b | w.swap_bytes()),
    ]
}

/// Whether standard chess reaches `board` as far as the retro rules' quick test sees, for both
/// sides with no castling right taken as true: then no retro error of the men's squares can
/// come, and only where it fails is a closer look worth its cost.
pub(super) fn standard_quick(board: &shakmaty::Board) -> bool {
    let white = men(board, shakmaty::Color::White);
    let black = men(board, shakmaty::Color::Black).flip();
    let (w, b) = (home_walls(&white, 0, true), home_walls(&black, 0, true));
    chess::quick(&white, w | b.swap_bytes(), true) && chess::quick(&black, b | w.swap_bytes(), true)
}

/// Retro errors of a chess position that shakmaty accepts (`board` is its shakmaty board).
pub(super) fn diagnose_chess(pos: &Position, board: &shakmaty::Board, out: &mut Vec<Diagnostic>) {
    let standard = pos.game == Game::Chess;
    let white = men(board, shakmaty::Color::White);
    // Black's men in Black's own view: its first rank at the bottom.
    let black = men(board, shakmaty::Color::Black).flip();
    let sides = [&white, &black];
    let home = sides.map(|men| home_walls(men, 0, standard));
    // The walls without castling rights, made once: the castling re-runs below reuse them.
    let base = [0, 1].map(|c| {
        let walls = home[c] | home[1 - c].swap_bytes();
        analyse(sides[c], sides[1 - c], walls, standard)
    });
    let mut found = false;
    let mut full = [false; 2];
    for (color, result) in Color::BOTH.into_iter().zip(base) {
        match result {
            Err(f) => {
                let (message, squares) = explain(&f, color, pos.game);
                let (id, args) = failure_args(&f, color);
                let mut d = Diagnostic::error(code(&f), Field::Placement, message)
                    .with_id(id)
                    .with_squares(squares);
                d.args = args;
                out.push(d);
                found = true;
            }
            Ok(path) => full[color.index()] = path == Path::Full,
        }
    }
    if found || !standard {
        return;
    }
    // Every pawn at home first: two comparisons, where the counts are two popcounts.
    if white.pawns == chess::RANK_2
        && black.pawns == chess::RANK_2
        && white.count() + black.count() == 32
        && let Some((expected, squares)) = parity::wrong_turn(&white, &black, pos.turn)
    {
        out.push(
            Diagnostic::error(
                Code::TurnParity,
                Field::Side,
                parity::message(expected, pos.game),
            )
            .arg("who", DiagArg::Side(expected))
            .with_squares(squares),
        );
        return;
    }
    if pos.castling.is_empty() {
        return;
    }
    // Castling rights: the king and those rooks never moved, walling in more. A side's own
    // rights change its own analysis; they change the other side's only where that one looked
    // at promotions (the full path), since they wall squares of the other side's last rank.
    let rights = [castles(pos, Color::White), castles(pos, Color::Black)];
    let mut blamed = false;
    for color in Color::BOTH {
        let c = color.index();
        if rights[c] == 0 {
            continue;
        }
        // Most often both sides took the quick path: then only this side's quick test can
        // change, under its new walls (the other side's answer stands, as `Known::Same` says).
        // When it passes, so does the whole re-run below.
        if !full[0] && !full[1] {
            let walls = home_walls(sides[c], rights[c], standard) | home[1 - c].swap_bytes();
            if chess::quick(sides[c], walls, standard) {
                continue;
            }
        }
        let mut only = [0, 0];
        only[c] = rights[c];
        let mut known = [Known::No; 2];
        known[c] = if full[c] { Known::No } else { Known::Quick };
        known[1 - c] = if full[1 - c] { Known::No } else { Known::Same };
        if let Some((side, f)) = first_failure(account(&white, &black, only, standard, known)) {
            out.push(castling_error(pos, &[color], side, &f));
            blamed = true;
        }
    }
    if !blamed
        && rights[0] != 0
        && rights[1] != 0
        && (full[0] || full[1])
        && let Some((side, f)) = first_failure(account(
            &white,
            &black,
            rights,
            standard,
            full.map(|f| if f { Known::No } else { Known::Quick }),
        ))
    {
        out.push(castling_error(pos, &Color::BOTH, side, &f));
    }
}

fn first_failure(results: [Result<Path, Failure>; 2]) -> Option<(Color, Failure)> {
    let [w, b] = results;
    w.err()
        .map(|f| (Color::White, f))
        .or_else(|| b.err().map(|f| (Color::Black, f)))
}

fn code(f: &Failure) -> Code {
    match f {
        Failure::Captures { .. } => Code::PawnCaptures,
        _ => Code::CagedPiece,
    }
}

fn castling_error(pos: &Position, colors: &[Color], side: Color, f: &Failure) -> Diagnostic {
    let game = pos.game;
    let mut letters = String::new();
    let mut men = Vec::new();
    for &color in colors {
        let back = pos.back_rank(color);
        men.push(Square::new(4, back));
        for (file, letter) in [(7u8, 'k'), (0, 'q')] {
            if pos.castling.has(color, file) {
                letters.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
                men.push(Square::new(file, back));
            }
        }
    }
    let who = if colors.len() == 1 {
        colors[0].name(game).to_string()
    } else {
        "White and Black".to_string()
    };
    let (inner, mut squares) = explain(f, side, game);
    let message = format!(
        "{who} cannot still have castling rights {letters}: they need the men on {} never to have moved, but then {}",
        square_list(&men, game),
        lower_first(&inner)
    );
    men.append(&mut squares);
    men.dedup();
    let (_, mut args) = failure_args(f, side);
    args.extend([
        ("letters", DiagArg::text(letters)),
        (
            "both",
            DiagArg::text(if colors.len() == 1 { "no" } else { "yes" }),
        ),
    ]);
    let mut d = Diagnostic::error(Code::CastlingMoved, Field::Castling, message).with_squares(men);
    // `who` is the side whose men cannot have come where they stand.
    d.args = args;
    d
}

/// The message id and arguments of a failure, for saying it in another language.
fn failure_args(f: &Failure, color: Color) -> (&'static str, Vec<(&'static str, DiagArg)>) {
    let who = ("who", DiagArg::Side(color));
    match *f {
        Failure::KingCaged { .. } => ("diag-king-caged", vec![who]),
        Failure::NoOrigin { kind, .. } => (
            "diag-no-origin",
            vec![who, ("role", DiagArg::text(role(kind).name(Game::Chess)))],
        ),
        Failure::TooManyPromoted {
            ref promoted,
            pawns,
            ..
        } => (
            "diag-too-many-promoted",
            vec![
                who,
                ("n", DiagArg::num(promoted.len())),
                ("pawns", DiagArg::num(pawns)),
                ("max", DiagArg::num(8 - pawns.min(8))),
            ],
        ),
        Failure::Captures {
            need: Some(need),
            missing,
            ..
        } => (
            "diag-pawn-captures",
            vec![
                who,
                ("other", DiagArg::Side(color.other())),
                ("need", DiagArg::num(need)),
                ("lost", DiagArg::num(missing)),
            ],
        ),
        Failure::Captures { need: None, .. } => ("diag-pawn-files", vec![who]),
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // Side names stay capitalised.
        Some(c) if text.starts_with("White") || text.starts_with("Black") => {
            c.to_string() + chars.as_str()
        }
        Some(c) => c.to_lowercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// Squares of a bitboard in `color`'s own view, as board squares.
fn board_squares(bb: u64, color: Color) -> Vec<Square> {
    let mut out = Vec::with_capacity(bb.count_ones() as usize);
    let mut bb = if color == Color::White {
        bb
    } else {
        bb.swap_bytes()
    };
    while bb != 0 {
        let s = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        out.push(Square::new(s & 7, s >> 3));
    }
    out
}

fn board_square(s: u8, color: Color) -> Square {
    board_squares(1 << s, color)[0]
}

fn role(kind: Kind) -> Role {
    match kind {
        Kind::Rook => Role::Rook,
        Kind::Bishop => Role::Bishop,
        Kind::Queen => Role::Queen,
        Kind::Knight => Role::Knight,
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 { one.into() } else { many.into() }
}

/// The one-line message of a failure and the squares it concerns.
fn explain(f: &Failure, color: Color, game: Game) -> (String, Vec<Square>) {
    let words = Words { color, game };
    match *f {
        Failure::KingCaged { king, walls } => words.king_caged(king, walls),
        Failure::NoOrigin { kind, at, walls } => words.no_origin(kind, at, walls),
        Failure::TooManyPromoted {
            ref promoted,
            pawns,
            walls,
        } => words.too_many_promoted(promoted, pawns, walls),
        Failure::Captures {
            need,
            missing,
            movers,
            promoted,
        } => words.captures(need, missing, movers, promoted),
    }
}

/// What the messages of one side's failures are made of: its colour's words in `game`, and
/// its squares (in its own view) on the board.
struct Words {
    color: Color,
    game: Game,
}

impl Words {
    fn list(&self, bb: u64) -> String {
        square_list(&board_squares(bb, self.color), self.game)
    }

    fn walled(&self, walls: u64) -> String {
        if walls == 0 {
            String::new()
        } else {
            format!(
                " (walled off by men that never moved: {})",
                self.list(walls)
            )
        }
    }

    fn king_caged(&self, king: u8, walls: u64) -> (String, Vec<Square>) {
        let (color, game) = (self.color, self.game);
        let mut sqs = vec![board_square(king, color)];
        sqs.extend(board_squares(walls, color));
        let start = Square::new(4, if color == Color::White { 0 } else { 7 });
        (
            format!(
                "{}'s king on {} cannot have got there from {}: the men on {} have never moved and wall its start square in",
                color.name(game),
                sqs[0].name(game),
                start.name(game),
                self.list(walls)
            ),
            sqs,
        )
    }

    fn no_origin(&self, kind: Kind, at: u8, walls: u64) -> (String, Vec<Square>) {
        let (color, game) = (self.color, self.game);
        let name = role(kind).name(game);
        let mut sqs = vec![board_square(at, color)];
        sqs.extend(board_squares(walls, color));
        (
            format!(
                "{}'s {name} on {} cannot have got there: no original {name} can reach it{} and no pawn can have promoted where it could come from",
                color.name(game),
                sqs[0].name(game),
                self.walled(walls)
            ),
            sqs,
        )
    }

    fn too_many_promoted(
        &self,
        promoted: &[(Kind, u8)],
        pawns: u32,
        walls: u64,
    ) -> (String, Vec<Square>) {
        let (color, game) = (self.color, self.game);
        let n = promoted.len();
        let mut sqs: Vec<Square> = promoted
            .iter()
            .map(|&(_, s)| board_square(s, color))
            .collect();
        let names: Vec<String> = promoted
            .iter()
            .zip(&sqs)
            .map(|(&(kind, _), sq)| format!("{} on {}", role(kind).name(game), sq.name(game)))
            .collect();
        sqs.extend(board_squares(walls, color));
        (
            format!(
                "{}'s {} must be {}: no original man can have got there{}; with {pawns} pawns on the board at most {} can have promoted",
                color.name(game),
                names.join(", "),
                plural(n, "a promoted pawn", "promoted pawns"),
                self.walled(walls),
                8 - pawns.min(8)
            ),
            sqs,
        )
    }

    fn captures(
        &self,
        need: Option<u32>,
        missing: u32,
        movers: u64,
        promoted: u64,
    ) -> (String, Vec<Square>) {
        let (color, game) = (self.color, self.game);
        let (side, other) = (color.name(game), color.other().name(game));
        let mut sqs = board_squares(movers, color);
        sqs.extend(board_squares(promoted, color));
        let mut why = Vec::new();
        if movers != 0 {
            let n = movers.count_ones() as usize;
            why.push(format!(
                "{} {} on other files than {} started",
                self.list(movers),
                plural(n, "stands", "stand"),
                plural(n, "it", "they")
            ));
        }
        if promoted != 0 {
            why.push(format!(
                "the promoted {} on {} took captures to pass the unmoved pawns",
                plural(promoted.count_ones() as usize, "piece", "pieces"),
                self.list(promoted)
            ));
        }
        let message = match need {
            Some(n) => format!(
                "{side}'s pawns need {n} captures ({}), but {other} has lost {}",
                why.join("; "),
                match missing {
                    0 => "no piece".to_string(),
                    1 => "only 1 piece".to_string(),
                    m => format!("only {m} pieces"),
                }
            ),
            None => format!(
                "{side}'s pawns on {} cannot all have started on different files: a pawn changes file only by capturing, at most once per rank it advances{}",
                self.list(movers),
                if promoted != 0 {
                    format!(
                        ", and the promoted pieces on {} need pawns too",
                        self.list(promoted)
                    )
                } else {
                    String::new()
                }
            ),
        };
        (message, sqs)
    }
}

#[cfg(test)]
mod tests;

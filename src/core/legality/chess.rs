//! Chess and Chess960 legality through shakmaty's `Chess::from_setup`: every
//! `PositionErrorKinds` flag becomes one or more diagnostics that say which side, which squares
//! and why.

use crate::core::fen::Field;
use std::num::NonZeroU32;

use shakmaty::{
    Bitboard, ByColor, ByRole, Castles, CastlingMode, Chess, FromSetup, PositionErrorKinds, Setup,
    Square as SSquare,
};

use super::square_list;
use crate::core::diagnostic::{Code, DiagArg, Diagnostic};
use crate::core::game::{Color, Game, Piece, Role};
use crate::core::position::Position;
use crate::core::square::Square;

fn to_color(color: Color) -> shakmaty::Color {
    match color {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

fn to_role(role: Role) -> Option<shakmaty::Role> {
    Some(match role {
        Role::King => shakmaty::Role::King,
        Role::Queen => shakmaty::Role::Queen,
        Role::Rook => shakmaty::Role::Rook,
        Role::Bishop => shakmaty::Role::Bishop,
        Role::Knight => shakmaty::Role::Knight,
        Role::Pawn => shakmaty::Role::Pawn,
        Role::Advisor | Role::Cannon => return None,
    })
}

fn to_square(sq: Square) -> Option<SSquare> {
    (sq.file < 8 && sq.rank < 8).then(|| SSquare::new(u32::from(sq.rank) * 8 + u32::from(sq.file)))
}

fn from_square(sq: SSquare) -> Square {
    Square::new(sq.file() as u8, sq.rank() as u8)
}

/// The shakmaty setup of a chess position. Pieces chess does not have (a xiangqi cannon left on
/// the board by an editor) and off-board squares are left out; [`diagnose`] reports them.
pub fn to_setup(pos: &Position) -> Setup {
    setup_and_foreign(pos).0
}

/// `pos` as a shakmaty position, or why it cannot be one (a message).
pub fn to_chess(pos: &Position) -> Result<Chess, String> {
    if !pos.game.is_chess() {
        return Err(format!("{} is not a chess game", pos.game));
    }
    let (setup, foreign) = setup_and_foreign(pos);
    if foreign {
        let what = pos
            .board
            .pieces()
            .find(|&(sq, p)| to_role(p.role).is_none() || to_square(sq).is_none())
            .map_or("a square".to_string(), |(sq, p)| {
                format!(
                    "the {} on {}",
                    p.role.name(Game::Xiangqi),
                    sq.name(pos.game)
                )
            });
        return Err(format!("{what} is not part of chess"));
    }
    Chess::from_setup(setup, castling_mode(pos.game)).map_err(|e| e.to_string())
}

/// `pos` as a shakmaty position even when it is illegal in ways move generation survives (an
/// impossible check, too much material, bad castling rights or en passant square, which are
/// dropped), or why it cannot be one: what `perft --force` counts.
#[expect(
    clippy::result_large_err,
    reason = "shakmaty's PositionError carries the position; it is its own API, used once here"
)]
pub fn to_chess_forced(pos: &Position) -> Result<Chess, String> {
    if let Ok(chess) = to_chess(pos) {
        return Ok(chess);
    }
    if !pos.game.is_chess() {
        return Err(format!("{} is not a chess game", pos.game));
    }
    let (setup, foreign) = setup_and_foreign(pos);
    if foreign {
        return to_chess(pos);
    }
    Chess::from_setup(setup, castling_mode(pos.game))
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .or_else(|e| e.ignore_invalid_castling_rights())
        .or_else(|e| e.ignore_invalid_ep_square())
        .map_err(|e| e.to_string())
}

/// The setup, and whether the board holds anything chess cannot (another game's pieces, or a
/// board of another size).
fn setup_and_foreign(pos: &Position) -> (Setup, bool) {
    let mut setup = Setup::empty();
    let (board, foreign) = to_board(&pos.board);
    setup.board = board;
    setup.turn = to_color(pos.turn);
    for color in Color::BOTH {
        let rank = pos.back_rank(color);
        for file in pos.castling.files(color) {
            if let Some(s) = to_square(Square::new(file, rank)) {
                setup.castling_rights.add(s);
            }
        }
    }
    setup.ep_square = pos.ep.and_then(to_square);
    setup.halfmoves = pos.halfmove;
    setup.fullmoves = NonZeroU32::new(pos.fullmove).unwrap_or(NonZeroU32::MIN);
    (setup, foreign)
}

/// The board as shakmaty bitboards, built in one pass over the cells (this runs for every
/// record `fenboard check` reads).
fn to_board(board: &crate::core::Board) -> (shakmaty::Board, bool) {
    let mut roles = [0u64; 7];
    let mut colors = [0u64; 2];
    if board.width() == 8 && board.height() == 8 {
        let cells = board.cells();
        // Occupancy first, branch-free; then only the occupied squares.
        let mut occupied = 0u64;
        for (i, cell) in cells.iter().enumerate() {
            occupied |= u64::from(cell.is_some()) << i;
        }
        while occupied != 0 {
            let i = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            if let Some(p) = cells[i] {
                roles[role_slot(p.role)] |= 1 << i;
                colors[p.color as usize] |= 1 << i;
            }
        }
        // Pieces chess does not have (slot 0) get no colour either.
        colors = colors.map(|c| c & !roles[0]);
    }
    let by_role = ByRole {
        pawn: Bitboard(roles[1]),
        knight: Bitboard(roles[2]),
        bishop: Bitboard(roles[3]),
        rook: Bitboard(roles[4]),
        queen: Bitboard(roles[5]),
        king: Bitboard(roles[6]),
    };
    let by_color = ByColor {
        white: Bitboard(colors[0]),
        black: Bitboard(colors[1]),
    };
    let foreign = roles[0] != 0 || board.width() != 8 || board.height() != 8;
    // One role and one colour per square by construction, so the bitboards are consistent.
    let board = shakmaty::Board::try_from_bitboards(by_role, by_color).unwrap_or_default();
    (board, foreign)
}

/// The bitboard slot of each role, indexed by `Role as usize` (King, Queen, Rook, Bishop,
/// Knight, Pawn, Advisor, Cannon); slot 0 collects the pieces chess does not have.
const ROLE_SLOTS: [usize; 8] = [6, 5, 4, 3, 2, 1, 0, 0];

fn role_slot(role: Role) -> usize {
    ROLE_SLOTS[role as usize]
}

/// Whether `pos`, a standard chess position, is one that standard chess cannot reach but a
/// Chess960 start can: read as Chess960 it has no error, as standard chess it has one. Cheap
/// for the positions standard chess plainly reaches (the retro rules' quick test).
pub fn only_chess960_reaches(pos: &Position) -> bool {
    if pos.game != Game::Chess {
        return false;
    }
    let (setup, foreign) = setup_and_foreign(pos);
    if foreign || super::retro::standard_quick(&setup.board) {
        return false;
    }
    let has_error = |p: &Position| super::diagnose(p).iter().any(Diagnostic::is_error);
    let as_960 = Position {
        game: Game::Chess960,
        ..*pos
    };
    has_error(pos) && !has_error(&as_960)
}

/// The castling mode shakmaty should judge `pos` in.
pub fn castling_mode(game: Game) -> CastlingMode {
    if game == Game::Chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// Squares of a bitboard in our coordinates, without allocating until there is one.
fn squares(bb: Bitboard) -> Vec<Square> {
    bb.into_iter().map(from_square).collect()
}

pub(super) fn diagnose(pos: &Position, history: bool, out: &mut Vec<Diagnostic>) {
    let (setup, foreign) = setup_and_foreign(pos);
    if foreign {
        foreign_pieces(pos, out);
    }
    let mode = castling_mode(pos.game);
    let kinds = match Chess::from_setup(setup.clone(), mode) {
        Ok(_) => {
            // Retro rules only once every cheap check has passed.
            if history && !foreign {
                super::retro::diagnose_chess(pos, &setup.board, out);
            }
            return;
        }
        Err(e) => e.kinds(),
    };
    let board = &setup.board;
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        out.push(Diagnostic::error(
            Code::EmptyBoard,
            Field::Placement,
            "the board is empty; each side needs at least its king",
        ));
    }
    if kinds.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
        kings(pos, board, out);
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        pawns_on_backrank(pos, board, out);
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        castling_rights(pos, &setup, mode, out);
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        ep_square(pos, out);
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        opposite_check(pos, board, out);
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        impossible_check(pos, &setup, out);
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        for color in Color::BOTH {
            too_much_material(pos, color, out);
        }
    }
}

/// Pieces chess does not have, or on squares off its board.
fn foreign_pieces(pos: &Position, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let off_chess =
        |&(sq, p): &(Square, Piece)| to_role(p.role).is_none() || to_square(sq).is_none();
    for (sq, piece) in pos.board.pieces().filter(off_chess) {
        out.push(
            Diagnostic::error(
                Code::InvalidPiece,
                Field::Placement,
                format!(
                    "the {} on {} is not a chess piece",
                    piece.role.name(Game::Xiangqi),
                    sq.name(game)
                ),
            )
            .with_id("diag-not-a-chess-piece")
            .arg("role", DiagArg::text(piece.role.name(Game::Xiangqi)))
            .with_squares([sq]),
        );
    }
}

/// A side without a king, or with more than one.
fn kings(pos: &Position, board: &shakmaty::Board, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let name = |c: Color| c.name(game);
    for color in Color::BOTH {
        let kings = board.kings() & board.by_color(to_color(color));
        match kings.count() {
            0 => out.push(
                Diagnostic::error(
                    Code::MissingKing,
                    Field::Placement,
                    format!("{} has no king", name(color)),
                )
                .arg("who", DiagArg::Side(color)),
            ),
            1 => {}
            n => {
                let sqs = squares(kings);
                out.push(
                    Diagnostic::error(
                        Code::TooManyKings,
                        Field::Placement,
                        format!(
                            "{} has {n} kings ({}); each side has exactly one",
                            name(color),
                            square_list(&sqs, game)
                        ),
                    )
                    .arg("who", DiagArg::Side(color))
                    .arg("n", DiagArg::num(n))
                    .arg("squares", DiagArg::text(square_list(&sqs, game)))
                    .with_squares(sqs),
                );
            }
        }
    }
}

fn pawns_on_backrank(pos: &Position, board: &shakmaty::Board, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let on_backrank = board.pawns() & Bitboard::BACKRANKS;
    let sqs = squares(on_backrank);
    // One pawn is named with its colour; several are listed by square.
    let what = match on_backrank.single_square() {
        Some(sq) if board.white().contains(sq) => "a White pawn",
        Some(_) => "a Black pawn",
        None => "pawns",
    };
    out.push(
        Diagnostic::error(
            Code::PawnsOnBackrank,
            Field::Placement,
            format!(
                "{what} on {}: pawns never stand on the first or last rank",
                square_list(&sqs, game)
            ),
        )
        .with_squares(sqs),
    );
}

/// The side not to move is in check.
fn opposite_check(pos: &Position, board: &shakmaty::Board, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let name = |c: Color| c.name(game);
    let them = pos.turn.other();
    if let Some(king) = board.king_of(to_color(them)) {
        let checkers = board.attacks_to(king, to_color(pos.turn), board.occupied());
        let mut sqs = vec![from_square(king)];
        sqs.extend(checkers.into_iter().map(from_square));
        out.push(
            Diagnostic::error(
                Code::OppositeCheck,
                Field::Side,
                format!(
                    "{}'s king on {} is in check from {} but {} is to move",
                    name(them),
                    sqs[0].name(game),
                    square_list(&sqs[1..], game),
                    name(pos.turn)
                ),
            )
            .arg("who", DiagArg::Side(them))
            .arg("king", DiagArg::text(sqs[0].name(game).to_string()))
            .arg("from", DiagArg::text(square_list(&sqs[1..], game)))
            .arg("mover", DiagArg::Side(pos.turn))
            .arg("flying", DiagArg::text("no"))
            .with_squares(sqs),
        );
    }
}

/// A check no last move can have given.
fn impossible_check(pos: &Position, setup: &Setup, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let board = &setup.board;
    let name = |c: Color| c.name(game);
    let us = pos.turn;
    if let Some(king) = board.king_of(to_color(us)) {
        let checkers = board.attacks_to(king, to_color(us.other()), board.occupied());
        let mut sqs = vec![from_square(king)];
        sqs.extend(checkers.into_iter().map(from_square));
        let why = if setup.ep_square.is_some() {
            "the en passant square says the last move was a pawn's double step, which cannot give this check"
        } else {
            "no single move can give this check"
        };
        out.push(
            Diagnostic::error(
                Code::ImpossibleCheck,
                Field::Placement,
                format!(
                    "{}'s king on {} is in check from {}: {why}",
                    name(us),
                    sqs[0].name(game),
                    square_list(&sqs[1..], game)
                ),
            )
            .arg("who", DiagArg::Side(us))
            .arg("king", DiagArg::text(sqs[0].name(game).to_string()))
            .arg("from", DiagArg::text(square_list(&sqs[1..], game)))
            .arg(
                "why",
                DiagArg::text(if setup.ep_square.is_some() {
                    "ep"
                } else {
                    "single"
                }),
            )
            .with_squares(sqs),
        );
    }
}

/// One diagnostic per castling right shakmaty refuses, saying why.
fn castling_rights(pos: &Position, setup: &Setup, mode: CastlingMode, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let valid = Castles::from_setup(setup, mode)
        .unwrap_or_else(|c| c)
        .castling_rights();
    let invalid = setup.castling_rights & !valid;
    for rook_sq in invalid {
        let sq = from_square(rook_sq);
        let color = if sq.rank == 0 {
            Color::White
        } else {
            Color::Black
        };
        let side = color.name(game);
        let back = pos.back_rank(color);
        let king = pos
            .board
            .kings(color)
            .find(|k| k.rank == back)
            .or_else(|| pos.board.kings(color).next());
        let rook = Piece::new(color, Role::Rook);
        let mut sqs = vec![sq];
        let rank_label = back + 1;
        let mut id = "diag-invalid-castling-rights";
        let message = match king {
            _ if pos.board.get(sq) != Some(rook) => {
                id = "diag-castling-no-rook";
                format!(
                    "{side} has a castling right for a rook on {} but no rook stands there",
                    sq.name(game)
                )
            }
            None => {
                id = "diag-castling-no-king";
                format!(
                    "{side} has a castling right ({}) but no king",
                    sq.name(game)
                )
            }
            Some(k) if k.rank != back => {
                id = "diag-castling-king-off-rank";
                sqs.push(k);
                format!(
                    "{side} cannot castle with the rook on {}: the king is on {}, not on rank {rank_label}",
                    sq.name(game),
                    k.name(game)
                )
            }
            Some(k) => {
                sqs.push(k);
                let same_side: Vec<Square> = pos
                    .castling
                    .files(color)
                    .map(|f| Square::new(f, back))
                    .filter(|s| pos.board.get(*s) == Some(rook))
                    .filter(|s| (s.file < k.file) == (sq.file < k.file))
                    .collect();
                if same_side.len() > 1 {
                    id = "diag-castling-two-rooks";
                    format!(
                        "{side} has castling rights for two rooks on the same side of the king ({}); only the outer one can castle",
                        square_list(&same_side, game)
                    )
                } else if mode == CastlingMode::Standard
                    && (k.file != 4 || !matches!(sq.file, 0 | 7))
                {
                    id = "diag-castling-is-chess960";
                    format!(
                        "castling with the king on {} and the rook on {} is Chess960 castling, but the position is read as standard chess",
                        k.name(game),
                        sq.name(game)
                    )
                } else {
                    format!(
                        "{side} cannot castle with the rook on {} and the king on {}",
                        sq.name(game),
                        k.name(game)
                    )
                }
            }
        };
        out.push(
            Diagnostic::error(Code::InvalidCastlingRights, Field::Castling, message)
                .with_id(id)
                .arg("who", DiagArg::Side(color))
                .arg("rook", DiagArg::text(sq.name(game).to_string()))
                .arg("rank", DiagArg::num(rank_label))
                .with_squares(sqs),
        );
    }
}

fn ep_square(pos: &Position, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let Some(ep) = pos.ep else { return };
    let mover = pos.turn.other();
    let want_rank = if pos.turn == Color::White { 5 } else { 2 };
    let mut id = "diag-invalid-ep-square";
    let (message, sqs) = if ep.rank != want_rank {
        (
            format!(
                "en passant square {} is impossible: with {} to move it must be on rank {}",
                ep.name(game),
                pos.turn.name(game),
                want_rank + 1
            ),
            vec![ep],
        )
    } else {
        let dir: i8 = if mover == Color::White { 1 } else { -1 };
        let pushed_to = Square::new(ep.file, (ep.rank as i8 + dir) as u8);
        let pushed_from = Square::new(ep.file, (ep.rank as i8 - dir) as u8);
        if pos.board.get(pushed_to) != Some(Piece::new(mover, Role::Pawn)) {
            id = "diag-ep-needs-pawn";
            (
                format!(
                    "en passant square {} needs a {} pawn on {} that has just moved two squares",
                    ep.name(game),
                    mover.name(game),
                    pushed_to.name(game)
                ),
                vec![ep, pushed_to],
            )
        } else {
            let occupied: Vec<Square> = [ep, pushed_from]
                .into_iter()
                .filter(|s| pos.board.get(*s).is_some())
                .collect();
            id = "diag-ep-path-blocked";
            (
                format!(
                    "en passant square {}: the pawn's path ({}) must be empty, but {} is occupied",
                    ep.name(game),
                    square_list(&[pushed_from, ep], game),
                    square_list(&occupied, game)
                ),
                occupied,
            )
        }
    };
    out.push(
        Diagnostic::error(Code::InvalidEpSquareForPosition, Field::EnPassant, message)
            .with_id(id)
            .arg("who", DiagArg::Side(pos.turn))
            .arg("mover", DiagArg::Side(mover))
            .arg("ep", DiagArg::text(ep.name(game).to_string()))
            .arg("rank", DiagArg::num(want_rank + 1))
            .with_squares(sqs),
    );
}

/// shakmaty's material rule: pawns plus pieces beyond the initial set (a second queen, a third
/// rook, two bishops on one colour of square…) at most 8 per side.
fn too_much_material(pos: &Position, color: Color, out: &mut Vec<Diagnostic>) {
    let game = pos.game;
    let mut pawns = Vec::new();
    let mut by_role: [Vec<Square>; 5] = Default::default();
    let mut bishops_light = Vec::new();
    let mut bishops_dark = Vec::new();
    for (sq, p) in pos.board.pieces() {
        if p.color != color {
            continue;
        }
        match p.role {
            Role::Pawn => pawns.push(sq),
            Role::Queen => by_role[0].push(sq),
            Role::Rook => by_role[1].push(sq),
            Role::Knight => by_role[2].push(sq),
            Role::Bishop if (sq.file + sq.rank) % 2 == 1 => bishops_light.push(sq),
            Role::Bishop => bishops_dark.push(sq),
            _ => {}
        }
    }
    let extra = by_role[0].len().saturating_sub(1)
        + by_role[1].len().saturating_sub(2)
        + by_role[2].len().saturating_sub(2)
        + bishops_light.len().saturating_sub(1)
        + bishops_dark.len().saturating_sub(1);
    if pawns.len() + extra <= 8 {
        return;
    }
    let mut sqs = Vec::new();
    if pawns.len() > 8 {
        sqs.extend(&pawns);
    }
    for (list, keep) in [
        (&by_role[0], 1),
        (&by_role[1], 2),
        (&by_role[2], 2),
        (&bishops_light, 1),
        (&bishops_dark, 1),
    ] {
        if list.len() > keep {
            sqs.extend(list);
        }
    }
    out.push(
        Diagnostic::error(
            Code::TooMuchMaterial,
            Field::Placement,
            if extra == 0 {
                format!(
                    "{} has {} pawns; a side starts with 8 and never gets more",
                    color.name(game),
                    pawns.len()
                )
            } else {
                format!(
                    "{} has {} pawns and {extra} pieces beyond its starting set, each a promoted pawn: {} pawns in all, but a side has only 8",
                    color.name(game),
                    pawns.len(),
                    pawns.len() + extra
                )
            },
        )
        .arg("who", DiagArg::Side(color))
        .arg("pawns", DiagArg::num(pawns.len()))
        .arg("extra", DiagArg::num(extra))
        .arg("total", DiagArg::num(pawns.len() + extra))
        .with_squares(sqs),
    );
}

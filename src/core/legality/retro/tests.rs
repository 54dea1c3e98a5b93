//! Hand-built positions no game can reach, one or more per rule, each with the argument that
//! proves it; and their legal neighbours, which must stay free of retro errors.

use crate::core::castling::all_standard;
use crate::core::fen::read;
use crate::core::legality::{diagnose, only_chess960_reaches};
use crate::core::{Code, Diagnostic, Game, Position, Square};

/// Every diagnostic of `text`, read as auto-detection reads it, except that a board only a
/// Chess960 start explains (which auto-detection reads as Chess960 when its castling rights do
/// not say Chess960 already) is judged as standard chess: these are standard chess positions.
fn all(text: &str) -> Vec<Diagnostic> {
    let read = read(text, None);
    let mut pos = read
        .position
        .unwrap_or_else(|| panic!("{text}: {:?}", read.diagnostics));
    let standard = Position {
        game: Game::Chess,
        ..pos
    };
    if pos.game == Game::Chess960 && all_standard(&pos) && only_chess960_reaches(&standard) {
        pos = standard;
    }
    diagnose(&pos)
}

/// The only error of `text`, which must have `code`.
fn error(text: &str, code: Code) -> Diagnostic {
    let errors: Vec<Diagnostic> = all(text).into_iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{text}: {errors:?}");
    assert_eq!(errors[0].code, code, "{text}: {errors:?}");
    errors.into_iter().next().unwrap()
}

fn legal(text: &str) {
    let errors: Vec<Diagnostic> = all(text).into_iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{text}: {errors:?}");
}

fn squares(d: &Diagnostic, game: Game) -> Vec<String> {
    let mut names: Vec<String> = d.squares.iter().map(|s| s.name(game).to_string()).collect();
    names.sort();
    names
}

fn sq(name: &str) -> Square {
    Square::parse(name, Game::Chess).unwrap()
}

#[test]
fn start_positions_and_ordinary_games_are_legal() {
    legal(Game::Chess.start_fen());
    legal(Game::Xiangqi.start_fen());
    legal("bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1");
    // After 1. e4 d5 2. exd5: a white pawn on the d-file took one black man.
    legal("rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
}

#[test]
fn pawn_captures_counts_file_changes_against_the_other_sides_losses() {
    // a2 never moved, so the pawns on a3 and a4 came from other files: from b and c at best
    // (1 + 2 captures: a3 can only come from a or b, one capture per rank gained). Black has
    // all 16 men: White captured nothing.
    let d = error(
        "rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w kq - 0 1",
        Code::PawnCaptures,
    );
    assert_eq!(
        d.message,
        "White's pawns need 3 captures (a3, a4 stand on other files than they started), but Black has lost no piece"
    );
    assert_eq!(d.squares, [sq("a3"), sq("a4")]);
    // Black has lost 2 men: still one capture short.
    let d = error(
        "rnbqkbnr/pppppp2/8/8/P7/P7/P7/4K3 w kq - 0 1",
        Code::PawnCaptures,
    );
    assert!(
        d.message.ends_with("but Black has lost only 2 pieces"),
        "{}",
        d.message
    );
    // Black has lost 3: exactly enough.
    legal("rnbqkbnr/ppppp3/8/8/P7/P7/P7/4K3 w kq - 0 1");
}

#[test]
fn pawn_captures_for_black_and_in_chess960() {
    // Black's mirror image of the first case: h7 at home, h6 and h5 came from g and f.
    let d = error(
        "4k3/p7/p7/p7/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        Code::PawnCaptures,
    );
    assert!(
        d.message
            .starts_with("Black's pawns need 3 captures (a5, a6"),
        "{}",
        d.message
    );
    // Pawns start on the second rank in Chess960 too.
    let d = error(
        "bqnrkrnb/pppppppp/8/8/P7/P7/P7/3RKR2 w KQkq - 0 1",
        Code::PawnCaptures,
    );
    assert!(d.message.contains("need 3 captures"), "{}", d.message);
}

#[test]
fn pawns_that_cannot_share_out_the_files() {
    // a2 and b2 never moved; a3 came from a2 or b2 (one rank gained, so at most one file
    // changed): both are still at home. However many men Black lost.
    let d = error("4k3/8/8/8/8/P7/PP6/4K3 w - - 0 1", Code::PawnCaptures);
    assert!(
        d.message
            .starts_with("White's pawns on a2, b2, a3 cannot all have started on different files"),
        "{}",
        d.message
    );
    // With b2 gone, a3 is the b-pawn after one capture.
    legal("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1");
}

#[test]
fn a_bishop_whose_original_is_caged_is_promoted() {
    // b2 and d2 never moved, so the c1 bishop never left c1 (its only exits) and no bishop ever
    // came in: the dark-squared bishop on d4 is a promoted pawn. But all 8 white pawns are on
    // the board. (g7 is gone so that a pawn could in principle promote to a dark-squared bishop
    // on f8 or h8.)
    let d = error(
        "rnbqkbnr/pppppp1p/8/8/3B4/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1",
        Code::CagedPiece,
    );
    assert_eq!(
        d.message,
        "White's bishop on d4 must be a promoted pawn: no original man can have got there (walled off by men that never moved: b2, d2); with 8 pawns on the board at most 0 can have promoted"
    );
    assert_eq!(squares(&d, Game::Chess), ["b2", "d2", "d4"]);
    // With d2 gone the bishop simply came out.
    legal("rnbqkbnr/pppppp1p/8/8/3B4/3P4/PPP1PPPP/RN1QKBNR w KQkq - 0 1");
    // With h7 gone instead, no pawn can even have become a dark-squared bishop: it would have
    // promoted on h8 (dark), whose only exit g7 holds an unmoved pawn.
    let d = error(
        "rnbqkbnr/ppppppp1/8/8/3B4/8/PPPPPPPP/RN1QKBNR w KQkq - 0 1",
        Code::CagedPiece,
    );
    assert!(
        d.message
            .starts_with("White's bishop on d4 cannot have got there"),
        "{}",
        d.message
    );
}

#[test]
fn a_piece_no_man_can_have_reached() {
    // A bishop on a1 only ever comes in through b2, where a pawn has stood all game.
    let d = error("4k3/8/8/8/8/8/1P6/B3K3 w - - 0 1", Code::CagedPiece);
    assert!(
        d.message
            .starts_with("White's bishop on a1 cannot have got there"),
        "{}",
        d.message
    );
    // The black king's side likewise: a black bishop on h8 behind g7.
    let d = error("4k2b/6p1/8/8/8/8/8/4K3 w - - 0 1", Code::CagedPiece);
    assert!(
        d.message.starts_with("Black's bishop on h8"),
        "{}",
        d.message
    );
    legal("4k3/8/8/8/8/8/8/B3K3 w - - 0 1");
}

#[test]
fn rooks_behind_their_pawns() {
    // All white pawns at home and both bishops walled in on c1 and f1: the a1 rook can only use
    // a1–b1 and the h1 rook g1–h1. The rook on d4 is promoted, with 8 pawns on the board.
    let d = error(
        "4k3/8/8/8/3R4/8/PPPPPPPP/2B1KB2 w - - 0 1",
        Code::CagedPiece,
    );
    assert!(
        d.message
            .starts_with("White's rook on d4 must be a promoted pawn"),
        "{}",
        d.message
    );
    // With the g-pawn gone from g2 (to g3), the h1 rook gets out.
    legal("4k3/8/8/8/3R4/6P1/PPPPPP1P/2B1KB2 w - - 0 1");
}

#[test]
fn the_king_behind_its_pawns() {
    // All white pawns at home, bishops walled in on c1 and f1: the king has only d1 and e1.
    let d = error("4k3/8/8/8/8/4K3/PPPPPPPP/2B2B2 w - - 0 1", Code::CagedPiece);
    assert!(
        d.message
            .starts_with("White's king on e3 cannot have got there from e1"),
        "{}",
        d.message
    );
    legal("4k3/8/8/8/8/4K3/PPPP1PPP/2B2B2 w - - 0 1");
}

#[test]
fn castling_rights_whose_king_must_have_moved() {
    // With the right K the king never left e1, so the a1 rook (behind the unmoved a2–d2 pawns)
    // had only a1–d1: the rook on d4 is then a promoted pawn, and White has 8 pawns.
    let d = error(
        "4k3/8/8/8/3RP3/8/PPPP1PPP/4K2R w K - 0 1",
        Code::CastlingMoved,
    );
    assert!(
        d.message.starts_with("White cannot still have castling rights K: they need the men on e1, h1 never to have moved, but then White's rook on d4 must be a promoted pawn"),
        "{}",
        d.message
    );
    assert_eq!(d.field, crate::core::fen::Field::Castling);
    // Without the right, the king stepped aside and let the rook out.
    legal("4k3/8/8/8/3RP3/8/PPPP1PPP/4K2R w - - 0 1");
}

#[test]
fn whose_move_when_only_knights_and_rooks_can_have_moved() {
    // The start position with Black to move: nothing but knights and rooks can have moved, the
    // knights stand where they started and the rooks in their corners, so each side has made an
    // even number of moves — White must be to move.
    let d = error(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        Code::TurnParity,
    );
    assert_eq!(
        d.message,
        "White must be to move: with every pawn at home and nothing captured only knights and rooks can have moved, and where they stand says both sides have made as many moves"
    );
    assert_eq!(d.field, crate::core::fen::Field::Side);
    // 1. Nf3: the knight changed colour once (g1 dark, f3 light): Black to move.
    legal("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    error(
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 1",
        Code::TurnParity,
    );
    // 1. Nf3 Nc6 2. Rg1: the rook off its corner adds one more move.
    legal("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq - 3 2");
    let d = error(
        "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKBR1 w Qkq - 3 2",
        Code::TurnParity,
    );
    assert!(
        d.message.starts_with("Black must be to move"),
        "{}",
        d.message
    );
    // One pawn moved: the rule says nothing (the bishop can have wasted a move).
    legal("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
}

#[test]
fn xiangqi_soldiers_sharing_a_file_before_the_river() {
    // Soldiers move only forward before crossing the river, so they keep their file; one starts
    // on each file.
    let d = error("4k4/9/9/9/9/P8/P8/9/9/3K5 w - - 0 1", Code::PieceOffPoint);
    assert_eq!(
        d.message,
        "Red's soldiers on a3, a4 cannot all be there: a soldier keeps its file until it crosses the river, and only one starts on each file"
    );
    assert_eq!(squares(&d, Game::Xiangqi), ["a3", "a4"]);
    // Black's, on its side of the river.
    let d = error("3k5/9/9/p8/p8/9/9/9/9/4K4 w - - 0 1", Code::PieceOffPoint);
    assert!(
        d.message.starts_with("Black's soldiers on a5, a6"),
        "{}",
        d.message
    );
    // One soldier across the river and one behind: fine.
    legal("4k4/9/9/9/P8/9/P8/9/9/3K5 w - - 0 1");
}

/// The soundness test (tests/retro_soundness.rs) only means something if its games come near
/// the rules' limits. Here the same kind of games are played and, at every position, each side
/// is also judged as if the other had lost one man fewer: when that fails, the position used
/// every capture it had, so the capture count was tight. The full path (promotions, walls on
/// both halves) and walled-in pieces must come up too.
#[test]
fn random_games_reach_the_limits_of_the_rules() {
    use super::chess::{Path, analyse, home_walls};
    use shakmaty::{Chess, Position as _};

    let mut seed = 0x7e57_ab1e_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut tight, mut full, mut walled_pieces, mut positions) = (0, 0, 0, 0);
    for _ in 0..400 {
        let mut pos = Chess::default();
        for _ in 0..(20 + next() % 200) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Captures and pawn moves first, when there are any, most of the time.
            let eager: Vec<_> = moves
                .iter()
                .filter(|m| m.is_capture() || m.role() == shakmaty::Role::Pawn)
                .collect();
            let m = if !eager.is_empty() && next() % 4 != 0 {
                *eager[(next() % eager.len() as u64) as usize]
            } else {
                moves[(next() % moves.len() as u64) as usize]
            };
            pos.play_unchecked(m);
            positions += 1;
            let board = pos.board();
            let white = super::men(board, shakmaty::Color::White);
            let black = super::men(board, shakmaty::Color::Black).flip();
            let (w, b) = (home_walls(&white, 0, true), home_walls(&black, 0, true));
            walled_pieces += usize::from((w | b) & !(0xff << 8) != 0);
            for (own, opp, walls) in [
                (white, black, w | b.swap_bytes()),
                (black, white, b | w.swap_bytes()),
            ] {
                let opp = opp.flip();
                let path = analyse(&own, &opp, walls, true).expect("a reached position");
                full += usize::from(path == Path::Full);
                // One captured man fewer: a spare knight on an empty square.
                let empty = !(own.occupied() | opp.occupied());
                let mut fewer = opp;
                fewer.knights |= 1 << empty.trailing_zeros();
                if opp.count() < 16 && analyse(&own, &fewer, walls, true).is_err() {
                    tight += 1;
                }
            }
        }
    }
    assert!(positions > 20_000, "{positions}");
    assert!(tight > 500, "only {tight} tight positions");
    assert!(full > 200, "only {full} full analyses");
    assert!(
        walled_pieces > 500,
        "only {walled_pieces} with walled-in pieces"
    );
}

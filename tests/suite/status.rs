//! Status (check, checkmate, stalemate, legal move count) in both games.

use fenboard::core::status::{Status, status};
use fenboard::core::{Color, Game, fen};

fn status_of(text: &str, game: Game) -> Option<Status> {
    let read = fen::read(text, Some(game));
    status(&read.position.expect(text))
}

fn legal(text: &str, game: Game) -> Status {
    status_of(text, game).unwrap_or_else(|| panic!("{text} should be legal"))
}

#[test]
fn start_positions() {
    let chess = legal(Game::Chess.start_fen(), Game::Chess);
    assert_eq!(
        chess,
        Status {
            check: false,
            checkmate: false,
            stalemate: false,
            legal_moves: 20
        }
    );
    assert!(!chess.is_over());
    let xq = legal(Game::Xiangqi.start_fen(), Game::Xiangqi);
    assert_eq!(xq.legal_moves, 44);
    assert!(!xq.check && !xq.is_over());
    assert_eq!(
        xq.describe(Game::Xiangqi, Color::White),
        "Red to move, 44 legal moves"
    );
}

#[test]
fn chess_check_mate_and_stalemate() {
    // The king on e8 in check from the rook e1: d8, d7, f8, f7.
    let check = legal("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1", Game::Chess);
    assert!(check.check && !check.checkmate && !check.stalemate);
    assert_eq!(check.legal_moves, 4);
    assert_eq!(
        check.describe(Game::Chess, Color::Black),
        "Black to move, in check, 4 legal moves"
    );

    let fools_mate = legal(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        Game::Chess,
    );
    assert!(fools_mate.check && fools_mate.checkmate && !fools_mate.stalemate);
    assert_eq!(fools_mate.legal_moves, 0);
    assert!(fools_mate.side_to_move_loses(Game::Chess));
    assert_eq!(
        fools_mate.describe(Game::Chess, Color::White),
        "White is checkmated: Black wins"
    );

    let stalemate = legal("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Game::Chess);
    assert!(!stalemate.check && !stalemate.checkmate && stalemate.stalemate);
    assert!(stalemate.is_over());
    assert!(!stalemate.side_to_move_loses(Game::Chess));
    assert_eq!(
        stalemate.describe(Game::Chess, Color::Black),
        "Black is stalemated: draw"
    );
}

#[test]
fn chess960_castling_counts_as_a_move() {
    // King b1, rooks a1 and h1 with both rights: both castlings are legal (king to c1 with the
    // rook to d1, king to g1 with the rook to f1), two moves more than without the rights.
    let text = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";
    let with = legal(text, Game::Chess960);
    let without = legal("1k6/8/8/8/8/8/8/RK5R w - - 0 1", Game::Chess960);
    assert_eq!(with.legal_moves, without.legal_moves + 2);
}

#[test]
fn xiangqi_checks() {
    // Double check from the chariot a0 and the horse d2: only e1 answers both.
    let double = legal("3k5/9/9/9/9/9/9/3n5/9/r3K4 w - - 0 1", Game::Xiangqi);
    assert!(double.check && !double.checkmate);
    assert_eq!(double.legal_moves, 1);
    // A cannon check over the advisor e1.
    let cannon = legal("3ak4/9/9/9/4c4/9/9/9/4A4/4K4 w - - 0 1", Game::Xiangqi);
    assert!(cannon.check);
    assert_eq!(cannon.legal_moves, 6);
    // The same cannon with two screens gives no check.
    let screened = legal("3ak4/9/9/9/4c4/9/4P4/9/4A4/4K4 w - - 0 1", Game::Xiangqi);
    assert!(!screened.check);
}

#[test]
fn xiangqi_face_off_mate() {
    // The chariot d0 checks along the d-file; e9 would face Red's general on e0.
    let mate = legal("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", Game::Xiangqi);
    assert!(mate.check && mate.checkmate && !mate.stalemate);
    assert_eq!(mate.legal_moves, 0);
    assert!(mate.side_to_move_loses(Game::Xiangqi));
    assert_eq!(
        mate.describe(Game::Xiangqi, Color::Black),
        "Black is checkmated: Red wins"
    );
}

#[test]
fn xiangqi_smothered_horse_mate() {
    // Advisors d9 and f9 and the horse e8 wall the general in; the horse g8 checks over f8.
    let mate = legal("3aka3/4n1N2/9/9/9/9/9/9/9/3K5 b - - 0 1", Game::Xiangqi);
    assert!(mate.checkmate);
    // Move the black horse off e8 and the general escapes there.
    let escape = legal("3aka3/6N2/4n4/9/9/9/9/9/9/3K5 b - - 0 1", Game::Xiangqi);
    assert!(escape.check && !escape.checkmate && escape.legal_moves > 0);
}

#[test]
fn xiangqi_no_legal_move_loses() {
    // Not in check, but d8 is covered by the chariot and e9 faces Red's general.
    let pos = "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let s = legal(pos, Game::Xiangqi);
    assert!(!s.check && !s.checkmate && s.stalemate);
    assert_eq!(s.legal_moves, 0);
    assert!(s.side_to_move_loses(Game::Xiangqi));
    assert_eq!(
        s.describe(Game::Xiangqi, Color::Black),
        "Black has no legal move and loses: Red wins"
    );
}

#[test]
fn illegal_positions_have_no_status() {
    for (text, game) in [
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Game::Xiangqi),
        ("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Game::Xiangqi),
        ("8/8/8/8/8/8/8/8 w - - 0 1", Game::Chess),
        ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", Game::Chess),
    ] {
        assert_eq!(status_of(text, game), None, "{text}");
    }
}

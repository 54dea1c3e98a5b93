use super::diagnose;
use crate::core::fen::Field;
use crate::core::fen::read;
use crate::core::{Code, Diagnostic, Game, Severity, Square};

/// The diagnostics of a FEN that reads cleanly.
fn diagnostics(text: &str, game: Option<Game>) -> Vec<Diagnostic> {
    let read = read(text, game);
    let pos = read
        .position
        .unwrap_or_else(|| panic!("{text}: {:?}", read.diagnostics));
    diagnose(&pos)
}

fn codes(text: &str) -> Vec<&'static str> {
    diagnostics(text, None)
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// The one diagnostic with `code`.
fn only(text: &str, code: Code) -> Diagnostic {
    let all = diagnostics(text, None);
    let found: Vec<_> = all.iter().filter(|d| d.code == code).cloned().collect();
    assert_eq!(found.len(), 1, "{text}: {all:?}");
    found.into_iter().next().unwrap()
}

fn squares(names: &[&str], game: Game) -> Vec<Square> {
    names
        .iter()
        .map(|n| Square::parse(n, game).unwrap())
        .collect()
}

#[test]
fn legal_positions_have_no_diagnostics() {
    for text in [
        Game::Chess.start_fen(),
        Game::Xiangqi.start_fen(),
        "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "4k4/9/9/9/9/9/9/9/9/3K5 b - - 12 40",
    ] {
        assert_eq!(diagnostics(text, None), [], "{text}");
    }
}

#[test]
fn chess_empty_board_and_missing_kings() {
    assert_eq!(
        codes("8/8/8/8/8/8/8/8 w - - 0 1"),
        ["empty_board", "missing_king", "missing_king"]
    );
    let d = only("4k3/8/8/8/8/8/8/8 w - - 0 1", Code::MissingKing);
    assert_eq!(d.message, "White has no king");
    assert_eq!(d.severity, Severity::Error);
}

#[test]
fn chess_too_many_kings_names_them() {
    let d = only("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", Code::TooManyKings);
    assert_eq!(d.squares, squares(&["a1", "e1"], Game::Chess));
    assert!(d.message.starts_with("White has 2 kings"), "{}", d.message);
}

#[test]
fn chess_pawns_on_backrank() {
    let d = only("P3k3/8/8/8/8/8/8/4K2p w - - 0 1", Code::PawnsOnBackrank);
    assert_eq!(d.squares, squares(&["h1", "a8"], Game::Chess));
    assert_eq!(
        d.message,
        "pawns on h1, a8: pawns never stand on the first or last rank"
    );
    let d = only("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", Code::PawnsOnBackrank);
    assert_eq!(
        d.message,
        "a Black pawn on a1: pawns never stand on the first or last rank"
    );
}

#[test]
fn chess_invalid_castling_rights_say_why() {
    // No rook on the h-file.
    let d = only("4k3/8/8/8/8/8/8/4K3 w K - 0 1", Code::InvalidCastlingRights);
    assert_eq!(d.squares, squares(&["h1"], Game::Chess));
    assert!(d.message.contains("no rook"), "{}", d.message);
    assert_eq!(d.field, Field::Castling);
    // King off its back rank.
    let d = only(
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
        Code::InvalidCastlingRights,
    );
    assert_eq!(d.squares, squares(&["h1", "e2"], Game::Chess));
    assert!(d.message.contains("not on rank 1"), "{}", d.message);
    // Chess960 castling in a position forced to standard chess.
    let all = diagnostics("4k3/8/8/8/8/8/8/3K3R w H - 0 1", Some(Game::Chess));
    let d = all
        .iter()
        .find(|d| d.code == Code::InvalidCastlingRights)
        .expect("reported");
    assert!(d.message.contains("Chess960"), "{}", d.message);
    // Two rights on the same side of the king.
    let d = only(
        "4k3/8/8/8/8/8/8/4K1RR w HG - 0 1",
        Code::InvalidCastlingRights,
    );
    assert!(d.message.contains("same side"), "{}", d.message);
}

#[test]
fn chess_invalid_ep_square_says_why() {
    let d = only(
        "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
        Code::InvalidEpSquareForPosition,
    );
    assert!(d.message.contains("rank 6"), "{}", d.message);
    let d = only(
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        Code::InvalidEpSquareForPosition,
    );
    assert_eq!(d.squares, squares(&["e6", "e5"], Game::Chess));
    let d = only(
        "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
        Code::InvalidEpSquareForPosition,
    );
    assert_eq!(d.squares, squares(&["e7"], Game::Chess));
    assert_eq!(d.code.as_str(), "invalid_ep_square");
}

#[test]
fn chess_opposite_check_names_king_and_checkers() {
    let d = only("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Code::OppositeCheck);
    assert_eq!(d.squares, squares(&["e8", "e1"], Game::Chess));
    assert_eq!(d.field, Field::Side);
    assert!(d.message.contains("White is to move"), "{}", d.message);
}

#[test]
fn chess_impossible_check() {
    let d = only("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", Code::ImpossibleCheck);
    assert_eq!(d.squares, squares(&["e1", "d3", "f3"], Game::Chess));
}

#[test]
fn chess_too_much_material() {
    let d = only(
        "4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1",
        Code::TooMuchMaterial,
    );
    assert_eq!(d.squares, squares(&["a1", "b1", "c1"], Game::Chess));
    assert_eq!(
        d.message,
        "White has 8 pawns and 2 pieces beyond its starting set, each a promoted pawn: 10 pawns in all, but a side has only 8"
    );
    let d = only(
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        Code::TooMuchMaterial,
    );
    assert_eq!(
        d.message,
        "White has 9 pawns; a side starts with 8 and never gets more"
    );
    assert_eq!(d.squares.len(), 9);
}

#[test]
fn chess_board_with_xiangqi_pieces_is_refused() {
    let mut pos = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None)
        .position
        .unwrap();
    let cannon = crate::core::Piece::new(crate::core::Color::White, crate::core::Role::Cannon);
    pos.board.set(Square::new(0, 0), Some(cannon));
    let all = diagnose(&pos);
    let d = all
        .iter()
        .find(|d| d.code == Code::InvalidPiece)
        .expect("reported");
    assert_eq!(d.squares, [Square::new(0, 0)]);
}

#[test]
fn pieces_chess_does_not_have_are_left_out_of_the_setup_colours_too() {
    use crate::core::{Color, Piece, Role};
    let mut pos = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None)
        .position
        .unwrap();
    pos.board.set(
        Square::new(0, 0),
        Some(Piece::new(Color::White, Role::Cannon)),
    );
    pos.board.set(
        Square::new(7, 7),
        Some(Piece::new(Color::Black, Role::Advisor)),
    );
    let board = super::chess::to_setup(&pos).board;
    let (e1, e8) = (shakmaty::Square::E1, shakmaty::Square::E8);
    assert_eq!(board.occupied(), shakmaty::Bitboard::from(e1) | e8);
    assert_eq!(board.by_color(shakmaty::Color::White), e1.into());
    assert_eq!(board.by_color(shakmaty::Color::Black), e8.into());
}

const XQ: Option<Game> = Some(Game::Xiangqi);

fn xq_only(text: &str, code: Code) -> Diagnostic {
    let all = diagnostics(text, XQ);
    let found: Vec<_> = all.iter().filter(|d| d.code == code).cloned().collect();
    assert_eq!(found.len(), 1, "{text}: {all:?}");
    found.into_iter().next().unwrap()
}

#[test]
fn xiangqi_general_counts() {
    let d = xq_only("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1", Code::MissingKing);
    assert_eq!(d.message, "Red has no general");
    let d = xq_only("3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Code::TooManyKings);
    assert_eq!(d.squares, squares(&["d9", "e9"], Game::Xiangqi));
}

#[test]
fn xiangqi_general_outside_palace() {
    let d = xq_only("4k4/9/9/9/9/9/9/9/9/2K6 w - - 0 1", Code::KingOutsidePalace);
    assert_eq!(d.squares, squares(&["c0"], Game::Xiangqi));
}

#[test]
fn xiangqi_too_many_pieces() {
    let d = xq_only("4k4/9/9/9/9/9/9/9/RRR6/4K4 w - - 0 1", Code::TooManyPieces);
    assert_eq!(d.squares, squares(&["a1", "b1", "c1"], Game::Xiangqi));
    assert!(d.message.contains("3 chariots"), "{}", d.message);
    let d = xq_only(
        "4k4/9/9/P1P1P1P1P/P8/9/9/9/9/4K4 w - - 0 1",
        Code::TooManyPieces,
    );
    assert!(d.message.contains("6 soldiers"), "{}", d.message);
}

#[test]
fn xiangqi_pieces_off_their_points() {
    for (text, square, says) in [
        ("3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "e1", ""),
        ("3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", "d1", "advisors"),
        ("3k5/9/9/9/9/9/9/9/9/1B2K4 w - - 0 1", "b0", "elephants"),
        ("3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1", "c5", "elephants"),
        ("3k5/9/9/9/9/9/9/9/P8/4K4 w - - 0 1", "a1", "behind"),
        ("3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", "b3", "river"),
        ("3k5/1p7/9/9/9/9/9/9/9/4K4 w - - 0 1", "b8", "behind"),
    ] {
        let all = diagnostics(text, XQ);
        let off: Vec<_> = all
            .iter()
            .filter(|d| d.code == Code::PieceOffPoint)
            .collect();
        if says.is_empty() {
            assert!(off.is_empty(), "{text}: {all:?}");
            continue;
        }
        assert_eq!(off.len(), 1, "{text}: {all:?}");
        assert_eq!(off[0].squares, squares(&[square], Game::Xiangqi), "{text}");
        assert!(off[0].message.contains(says), "{}", off[0].message);
    }
    // Soldiers across the river may stand on any file.
    assert_eq!(diagnostics("3k5/9/9/1P7/9/9/9/9/9/4K4 w - - 0 1", XQ), []);
}

#[test]
fn xiangqi_opposite_check_and_flying_generals() {
    let d = xq_only("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Code::OppositeCheck);
    assert_eq!(d.squares, squares(&["e9", "e0"], Game::Xiangqi));
    assert!(d.message.contains("face each other"), "{}", d.message);
    // A screen between them: legal.
    assert_eq!(diagnostics("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1", XQ), []);
    // A chariot giving check to the side not to move.
    let d = xq_only("3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", Code::OppositeCheck);
    assert_eq!(d.squares, squares(&["d9", "d0"], Game::Xiangqi));
}

#[test]
fn xiangqi_queen_is_refused() {
    let mut pos = read(Game::Xiangqi.start_fen(), None).position.unwrap();
    let queen = crate::core::Piece::new(crate::core::Color::White, crate::core::Role::Queen);
    pos.board.set(Square::new(4, 4), Some(queen));
    assert!(diagnose(&pos).iter().any(|d| d.code == Code::InvalidPiece));
}

#[test]
fn consistency_warnings() {
    let d = only(
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 3 2",
        Code::EpWithHalfmove,
    );
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(d.squares, squares(&["c6"], Game::Chess));
    let d = only("4k3/8/8/8/8/8/8/4K3 b - - 4 2", Code::HalfmoveImpossible);
    assert!(d.message.contains("3 plies"), "{}", d.message);
    assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 b - - 3 2"), Vec::<&str>::new());
    let d = only("4k3/8/8/8/8/8/8/4K3 w - - 100 80", Code::DrawLimit);
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 w - - 99 80"), Vec::<&str>::new());
    let d = xq_only("4k4/9/9/9/9/4p4/9/9/9/3K5 w - - 120 80", Code::DrawLimit);
    assert!(d.message.contains("120"), "{}", d.message);
}

// That diagnosing a legal position does not allocate is measured in tests/no_alloc.rs, with a
// counting allocator.

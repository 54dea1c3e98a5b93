//! The hard cases of every notation with strings worked out by hand from the published rules
//! (cited beside the rules in `chess.rs`, `xiangqi/wxf.rs` and `xiangqi/chinese.rs`), the usual
//! variants on reading, garbage, and round trips over thousands of positions.

use std::collections::{HashMap, HashSet};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Position as _};

use super::{Move, Notation, NotationError, legal_moves};
use crate::core::xiangqi::Mailbox;
use crate::core::{Color, Game, Piece, Position, Role, Square, fen};

fn position(text: &str, game: Game) -> Position {
    fen::read(text, Some(game))
        .position
        .unwrap_or_else(|| panic!("{text} reads"))
}

fn mv(game: Game, uci: &str) -> Move {
    let sq = |s: &str| Square::parse(s, game).unwrap();
    let (from, rest) = uci.split_at(2);
    let (to, promo) = rest.split_at(2);
    Move {
        from: sq(from),
        to: sq(to),
        promotion: promo
            .chars()
            .next()
            .and_then(|c| Role::from_letter(c, game)),
    }
}

/// Checks that `uci` is legal in `fen`, is written `text` in `notation`, and that `text` reads
/// back to it.
fn case(game: Game, fen: &str, notation: Notation, uci: &str, text: &str) {
    let pos = position(fen, game);
    let m = mv(game, uci);
    assert!(
        legal_moves(&pos).unwrap().contains(&m),
        "{uci} is legal in {fen}"
    );
    assert_eq!(notation.write(&pos, m), text, "{uci} in {fen}");
    assert_eq!(notation.read(&pos, text), Ok(m), "{text} in {fen}");
}

/// Checks that `text` (a variant `write` does not give) reads as `uci`.
fn reads(game: Game, fen: &str, notation: Notation, text: &str, uci: &str) {
    let pos = position(fen, game);
    assert_eq!(
        notation.read(&pos, text),
        Ok(mv(game, uci)),
        "{text} in {fen}"
    );
}

const X: Game = Game::Xiangqi;
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const START_BLACK: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";

#[test]
fn xiangqi_opening_moves_in_both_notations_and_both_colours() {
    for (uci, wxf, chinese) in [
        ("h2e2", "C2.5", "炮二平五"),
        ("b0c2", "H8+7", "马八进七"),
        ("h0g2", "H2+3", "马二进三"),
        ("g0e2", "E3+5", "相三进五"),
        ("f0e1", "A4+5", "仕四进五"),
        ("a0a1", "R9+1", "车九进一"),
        ("c3c4", "P7+1", "兵七进一"),
        ("e0e1", "K5+1", "帅五进一"),
    ] {
        case(X, START, Notation::Wxf, uci, wxf);
        case(X, START, Notation::Chinese, uci, chinese);
    }
    // Black counts from its own right, in full-width digits.
    for (uci, wxf, chinese) in [
        ("h9g7", "H8+7", "马８进７"),
        ("b9c7", "H2+3", "马２进３"),
        ("b7e7", "C2.5", "炮２平５"),
        ("a9a8", "R1+1", "车１进１"),
        ("c9e7", "E3+5", "象３进５"),
        ("d9e8", "A4+5", "士４进５"),
        ("c6c5", "P3+1", "卒３进１"),
    ] {
        case(X, START_BLACK, Notation::Wxf, uci, wxf);
        case(X, START_BLACK, Notation::Chinese, uci, chinese);
    }
    case(X, START, Notation::Coordinates, "h2e2", "h2e2");
}

/// Two Red chariots on the b-file (b6 front, b3 rear); two Black cannons on the d-file (d7 is
/// Black's front one: nearer Red).
const TANDEM: &str = "3c1k3/9/3c5/1R7/9/9/1R7/9/9/4K4";

#[test]
fn two_chariots_and_two_cannons_on_a_file_are_front_and_rear() {
    let red = &format!("{TANDEM} w - - 0 1");
    for (uci, wxf, chinese) in [
        ("b6c6", "R+.7", "前车平七"),
        ("b6b9", "R++3", "前车进三"),
        ("b3b1", "R--2", "后车退二"),
        ("b3b5", "R-+2", "后车进二"),
    ] {
        case(X, red, Notation::Wxf, uci, wxf);
        case(X, red, Notation::Chinese, uci, chinese);
    }
    let black = &format!("{TANDEM} b - - 0 1");
    for (uci, wxf, chinese) in [
        ("d7d8", "C+-1", "前炮退１"),
        ("d7d3", "C++4", "前炮进４"),
        ("d7h7", "C+.8", "前炮平８"),
        ("d9b9", "C-.2", "后炮平２"),
    ] {
        case(X, black, Notation::Wxf, uci, wxf);
        case(X, black, Notation::Chinese, uci, chinese);
    }
    // Traditional characters, Arabic digits, '=' for '.', check marks: the same moves.
    reads(X, red, Notation::Chinese, "前車平七", "b6c6");
    reads(X, red, Notation::Chinese, "後俥退二", "b3b1");
    reads(X, black, Notation::Chinese, "前砲退1", "d7d8");
    reads(X, black, Notation::Chinese, "后包平2+", "d9b9");
    reads(X, red, Notation::Wxf, "r+=7", "b6c6");
    reads(X, red, Notation::Wxf, "Ｒ－－２", "b3b1");
    // A plain file where the mark was due still reads when only one of them can make the move…
    reads(X, red, Notation::Wxf, "R8+3", "b6b9");
    reads(X, red, Notation::Chinese, "车八进三", "b6b9");
    // …and is refused, naming both, when either could.
    let pos = position(red, X);
    assert!(matches!(
        Notation::Chinese.read(&pos, "车八平七"),
        Err(NotationError::Ambiguous { moves, .. }) if moves.len() == 2
    ));
}

#[test]
fn three_soldiers_on_a_file_are_front_middle_and_rear() {
    let red = "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c7d7", "P+.6", "前兵平六"),
        ("c7c8", "P++1", "前兵进一"),
        ("c6b6", "P7.8", "中兵平八"),
        ("c5d5", "P-.6", "后兵平六"),
    ] {
        case(X, red, Notation::Wxf, uci, wxf);
        case(X, red, Notation::Chinese, uci, chinese);
    }
    // Black's on g4, g3, g2: g2 is the front one, nearest Red.
    let black = "4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b - - 0 1";
    for (uci, wxf, chinese) in [
        ("g2g1", "P++1", "前卒进１"),
        ("g3f3", "P7.6", "中卒平６"),
        ("g4h4", "P-.8", "后卒平８"),
    ] {
        case(X, black, Notation::Wxf, uci, wxf);
        case(X, black, Notation::Chinese, uci, chinese);
    }
}

#[test]
fn four_and_five_soldiers_on_a_file_are_numbered_from_the_front() {
    let five = "4k4/2P6/2P6/2P6/2P6/2P6/9/9/9/3K5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c8d8", "++.6", "一兵平六"),
        ("c8c9", "+++1", "一兵进一"),
        ("c7d7", "P+.6", "二兵平六"),
        ("c6d6", "P7.6", "三兵平六"),
        ("c5d5", "P-.6", "四兵平六"),
    ] {
        case(X, five, Notation::Wxf, uci, wxf);
        case(X, five, Notation::Chinese, uci, chinese);
    }
    let four = "4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c8b8", "++.8", "一兵平八"),
        ("c7d7", "P+.6", "二兵平六"),
        ("c6d6", "P-.6", "三兵平六"),
        ("c5d5", "--.6", "四兵平六"),
    ] {
        case(X, four, Notation::Wxf, uci, wxf);
        case(X, four, Notation::Chinese, uci, chinese);
    }
    // Wikipedia's form: 前, 二, 三, 后 for four.
    reads(X, four, Notation::Chinese, "前兵平八", "c8b8");
    reads(X, four, Notation::Chinese, "后兵平六", "c5d5");
    reads(X, five, Notation::Chinese, "中兵平六", "c6d6");
}

#[test]
fn soldiers_doubled_on_two_files_are_named_by_order_and_file() {
    // Red: c6, c5 (file 7) and g6, g5 (file 3).
    let red = "4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c6c7", "7++1", "前七进一"),
        ("c5b5", "7-.8", "后七平八"),
        ("g6h6", "3+.2", "前三平二"),
        ("g5f5", "3-.4", "后三平四"),
    ] {
        case(X, red, Notation::Wxf, uci, wxf);
        case(X, red, Notation::Chinese, uci, chinese);
    }
    // Black: c3, c2 (its file 3; c2 in front) and g3, g2 (its file 7).
    let black = "4k4/9/9/9/9/9/2p3p2/2p3p2/9/3K5 b - - 0 1";
    for (uci, wxf, chinese) in [
        ("c2c1", "3++1", "前３进１"),
        ("c3b3", "3-.2", "后３平２"),
        ("g2h2", "7+.8", "前７平８"),
        ("g3f3", "7-.6", "后７平６"),
    ] {
        case(X, black, Notation::Wxf, uci, wxf);
        case(X, black, Notation::Chinese, uci, chinese);
    }
    // Wikipedia's five-character form, and the computer standard's numbering across both files
    // (Red's right file first: g6 一, g5 二, c6 三, c5 四).
    reads(X, red, Notation::Chinese, "前兵七进一", "c6c7");
    reads(X, red, Notation::Chinese, "三兵进一", "c6c7");
    reads(X, red, Notation::Chinese, "四兵平八", "c5b5");
    reads(X, black, Notation::Chinese, "前卒3进1", "c2c1");
    // Three and two: the WXF rules' own example (IV), mirrored.
    let three_two = "4k4/9/2P3P2/2P3P2/2P6/9/9/9/9/3K5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c7d7", "7+.6", "前七平六"),
        ("c6d6", "77.6", "中七平六"),
        ("c5d5", "7-.6", "后七平六"),
        ("g7f7", "3+.4", "前三平四"),
        ("g6f6", "3-.4", "后三平四"),
    ] {
        case(X, three_two, Notation::Wxf, uci, wxf);
        case(X, three_two, Notation::Chinese, uci, chinese);
    }
}

#[test]
fn diagonal_movers_name_the_file_they_reach_forward_and_back() {
    let horse = "4k4/9/9/9/9/9/9/4H4/9/5K3 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("e2d0", "H5-6", "马五退六"),
        ("e2c1", "H5-7", "马五退七"),
        ("e2f4", "H5+4", "马五进四"),
        ("e2g3", "H5+3", "马五进三"),
    ] {
        case(X, horse, Notation::Wxf, uci, wxf);
        case(X, horse, Notation::Chinese, uci, chinese);
    }
    let black_horse = "4k4/9/3n5/9/9/9/9/9/9/3K5 b - - 0 1";
    for (uci, wxf, chinese) in [
        ("d7e5", "H4+5", "马４进５"),
        ("d7b6", "H4+2", "马４进２"),
        ("d7c9", "H4-3", "马４退３"),
        ("d7f8", "H4-6", "马４退６"),
    ] {
        case(X, black_horse, Notation::Wxf, uci, wxf);
        case(X, black_horse, Notation::Chinese, uci, chinese);
    }
    // Two elephants, two advisors on one file: the direction tells them apart, no 前/后.
    let elephants = "4k4/9/9/9/9/2B6/9/9/9/2BK5 w - - 0 1";
    for (uci, wxf, chinese) in [
        ("c0e2", "E7+5", "相七进五"),
        ("c4e2", "E7-5", "相七退五"),
        ("c0a2", "E7+9", "相七进九"),
        ("c4a2", "E7-9", "相七退九"),
    ] {
        case(X, elephants, Notation::Wxf, uci, wxf);
        case(X, elephants, Notation::Chinese, uci, chinese);
    }
    let black_elephants = "4k1b2/9/9/9/6b2/9/9/9/9/3K5 b - - 0 1";
    for (uci, wxf, chinese) in [
        ("g9e7", "E7+5", "象７进５"),
        ("g5e7", "E7-5", "象７退５"),
        ("g5i7", "E7-9", "象７退９"),
    ] {
        case(X, black_elephants, Notation::Wxf, uci, wxf);
        case(X, black_elephants, Notation::Chinese, uci, chinese);
    }
    let advisors = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
    case(X, advisors, Notation::Wxf, "d0e1", "A6+5");
    case(X, advisors, Notation::Wxf, "d2e1", "A6-5");
    case(X, advisors, Notation::Chinese, "d0e1", "仕六进五");
    case(X, advisors, Notation::Chinese, "d2e1", "仕六退五");
    let black_advisors = "4ka3/9/5a3/9/9/9/9/9/9/3K5 b - - 0 1";
    case(X, black_advisors, Notation::Chinese, "f9e8", "士６进５");
    case(X, black_advisors, Notation::Chinese, "f7e8", "士６退５");
    case(X, black_advisors, Notation::Wxf, "f7e8", "A6-5");
}

#[test]
fn xiangqi_variants_on_reading() {
    reads(X, START, Notation::Chinese, "炮2平5", "h2e2");
    reads(X, START, Notation::Chinese, " 炮二平五 ", "h2e2");
    reads(X, START, Notation::Chinese, "砲二平五!", "h2e2");
    reads(X, START, Notation::Chinese, "傌八進七", "b0c2");
    reads(X, START, Notation::Chinese, "帥五上一", "e0e1");
    // A one-step move may leave its 一 out.
    reads(X, START, Notation::Chinese, "兵七进", "c3c4");
    reads(X, START_BLACK, Notation::Chinese, "馬8進7", "h9g7");
    reads(X, START_BLACK, Notation::Chinese, "將5進1", "e9e8");
    reads(X, START, Notation::Wxf, "c2=5", "h2e2");
    reads(X, START, Notation::Wxf, "N8+7", "b0c2");
    reads(X, START, Notation::Wxf, "B3+5", "g0e2");
    reads(X, START, Notation::Wxf, "C2.5!?", "h2e2");
    reads(X, START, Notation::Coordinates, "H2-E2", "h2e2");
    // Red's cannon takes the horse; a check mark after the four signs is allowed.
    reads(X, START, Notation::Wxf, "C2+7+", "h2h9");
}

#[test]
fn chess_promotions_in_every_letter_set() {
    let g = Game::Chess;
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    case(g, fen, Notation::San, "e7e8q", "e8=Q");
    case(g, fen, Notation::SanSpanish, "e7e8q", "e8=D");
    case(g, fen, Notation::Figurine, "e7e8q", "e8=♕");
    case(g, fen, Notation::SanSpanish, "e7e8r", "e8=T");
    case(g, fen, Notation::SanSpanish, "e7e8b", "e8=A");
    case(g, fen, Notation::SanSpanish, "e7e8n", "e8=C");
    case(g, fen, Notation::Figurine, "e7e8n", "e8=♘");
    case(g, fen, Notation::Coordinates, "e7e8q", "e7e8q");
    // Check marks come through in every letter set.
    let check = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    case(g, check, Notation::San, "b7b8q", "b8=Q+");
    case(g, check, Notation::SanSpanish, "b7b8r", "b8=T+");
    case(g, check, Notation::Figurine, "b7b8q", "b8=♕+");
    reads(g, fen, Notation::SanSpanish, "e8D", "e7e8q");
    reads(g, fen, Notation::Figurine, "e8=♛", "e7e8q");
    reads(g, fen, Notation::Figurine, "e8=Q", "e7e8q");
    reads(g, fen, Notation::San, "e8Q!", "e7e8q");
    reads(g, fen, Notation::Coordinates, "E7E8Q", "e7e8q");
}

#[test]
fn chess_pieces_castling_and_disambiguation() {
    let g = Game::Chess;
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for notation in [Notation::San, Notation::SanSpanish, Notation::Figurine] {
        case(g, fen, notation, "e1g1", "O-O");
        case(g, fen, notation, "e1c1", "O-O-O");
        reads(g, fen, notation, "0-0", "e1g1");
        reads(g, fen, notation, "0-0-0+", "e1c1");
    }
    case(g, fen, Notation::Coordinates, "e1g1", "e1g1");
    reads(g, fen, Notation::Coordinates, "e1h1", "e1g1");
    case(g, fen, Notation::San, "e1e2", "Ke2");
    case(g, fen, Notation::SanSpanish, "e1e2", "Re2");
    case(g, fen, Notation::Figurine, "e1e2", "♔e2");
    case(g, fen, Notation::San, "h1h8", "Rxh8+");
    case(g, fen, Notation::SanSpanish, "h1h8", "Txh8+");
    case(g, fen, Notation::Figurine, "h1h8", "♖xh8+");
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    case(g, knights, Notation::San, "b1d2", "Nbd2");
    case(g, knights, Notation::SanSpanish, "b1d2", "Cbd2");
    case(g, knights, Notation::SanSpanish, "f3d2", "Cfd2");
    case(g, knights, Notation::Figurine, "f3d2", "♘fd2");
    reads(g, knights, Notation::Figurine, "♞fd2", "f3d2");
    let pos = position(knights, g);
    assert!(matches!(
        Notation::SanSpanish.read(&pos, "Cd2"),
        Err(NotationError::Ambiguous { moves, .. }) if moves == ["b1d2", "f3d2"]
            || moves == ["f3d2", "b1d2"]
    ));
    // English letters mean other pieces in Spanish text: refused, not guessed.
    assert!(matches!(
        Notation::SanSpanish.read(&pos, "Nbd2"),
        Err(NotationError::Unreadable { .. })
    ));
}

#[test]
fn chess960_castling_is_o_o_and_the_king_takes_its_rook_in_uci() {
    let g = Game::Chess960;
    let fen = "4k3/8/8/8/8/8/8/1R3KR1 w GB - 0 1";
    for notation in [Notation::San, Notation::SanSpanish, Notation::Figurine] {
        case(g, fen, notation, "f1g1", "O-O");
        case(g, fen, notation, "f1b1", "O-O-O");
    }
    case(g, fen, Notation::Coordinates, "f1g1", "f1g1");
    case(g, fen, Notation::Coordinates, "f1b1", "f1b1");
}

#[test]
fn notations_of_the_other_game_refuse_to_read_and_write_coordinates() {
    let chess = position(Game::Chess.start_fen(), Game::Chess);
    assert!(matches!(
        Notation::Wxf.read(&chess, "C2.5"),
        Err(NotationError::WrongGame { .. })
    ));
    assert_eq!(
        Notation::Chinese.write(&chess, mv(Game::Chess, "e2e4")),
        "e2e4"
    );
    let xq = position(START, X);
    assert!(matches!(
        Notation::San.read(&xq, "e4"),
        Err(NotationError::WrongGame { .. })
    ));
    assert_eq!(Notation::Figurine.write(&xq, mv(X, "h2e2")), "h2e2");
    // A move that is not legal is written by its coordinates.
    assert_eq!(Notation::San.write(&chess, mv(Game::Chess, "e2e5")), "e2e5");
}

#[test]
fn an_illegal_position_says_why_it_has_no_moves() {
    let no_general = position("9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", X);
    let err = Notation::Wxf.read(&no_general, "K5+1").unwrap_err();
    assert!(matches!(err, NotationError::Position(_)), "{err}");
    let no_king = position("8/8/8/8/8/8/8/4K3 w - - 0 1", Game::Chess);
    let err = Notation::San.read(&no_king, "Ke2").unwrap_err();
    assert!(matches!(err, NotationError::Position(_)), "{err}");
}

#[test]
fn language_codes_pick_the_default_notation() {
    assert_eq!(Notation::default_for("zh", X), Notation::Chinese);
    assert_eq!(Notation::default_for("zh_CN.UTF-8", X), Notation::Chinese);
    assert_eq!(Notation::default_for("en", X), Notation::Wxf);
    assert_eq!(Notation::default_for("es", X), Notation::Wxf);
    assert_eq!(
        Notation::default_for("es-AR", Game::Chess),
        Notation::SanSpanish
    );
    assert_eq!(
        Notation::default_for("es", Game::Chess960),
        Notation::SanSpanish
    );
    assert_eq!(Notation::default_for("en", Game::Chess), Notation::San);
    assert_eq!(Notation::default_for("zh", Game::Chess), Notation::San);
    assert_eq!(Notation::default_for("", Game::Chess), Notation::San);
    for n in Notation::ALL {
        assert_eq!(Notation::from_name(n.name()), Some(n));
    }
}

const GARBAGE: &[&str] = &[
    "",
    "   ",
    "x",
    "zzzz",
    "C2.5.5",
    "C0.5",
    "C2.0",
    "C2*5",
    "Q2.5",
    "++++",
    "----",
    "9999",
    "炮",
    "炮二平",
    "炮十平五",
    "前前前前",
    "前车",
    "二二二二",
    "车九进十",
    "马八进七七",
    "\u{0}\u{1}",
    "🙂🙂🙂🙂",
    "O-O-O-O",
    "Kxx9",
    "e9e9",
    "h2e2e2",
    "i9j9",
    "e2",
    "=Q",
    "e8=K",
    "Nf3 Nf6",
    "--",
    "Z0",
    "@e4",
    "N@f3",
    "\u{202e}e4",
];

#[test]
fn garbage_is_refused_with_a_message_in_every_notation() {
    let long = "前".repeat(10_000);
    let positions = [
        position(START, X),
        position(START_BLACK, X),
        position(Game::Chess.start_fen(), Game::Chess),
    ];
    for pos in &positions {
        for &notation in Notation::for_game(pos.game) {
            for text in GARBAGE.iter().copied().chain([long.as_str()]) {
                match notation.read(pos, text) {
                    Ok(m) => panic!("{notation} read '{text}' as {m:?}"),
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
            }
        }
    }
}

proptest::proptest! {
    #[test]
    fn no_text_makes_a_reader_panic(text in "\\PC{0,12}") {
        let positions = [
            position(START, X),
            position(&format!("{TANDEM} b - - 0 1"), X),
            position("4k4/9/2P3P2/2P3P2/2P6/9/9/9/9/3K5 w - - 0 1", X),
            position(Game::Chess.start_fen(), Game::Chess),
        ];
        for pos in &positions {
            for &notation in Notation::ALL.iter() {
                let _ = notation.read(pos, &text);
            }
        }
    }

    #[test]
    fn no_move_makes_a_writer_panic(a in 0u8..12, b in 0u8..12, c in 0u8..12, d in 0u8..12) {
        let positions = [
            position(START, X),
            position(Game::Chess.start_fen(), Game::Chess),
        ];
        for pos in &positions {
            for &notation in Notation::ALL.iter() {
                let m = Move::new(Square::new(a, b), Square::new(c, d));
                proptest::prop_assert!(!notation.write(pos, m).is_empty());
            }
        }
    }
}

/// A small deterministic generator (splitmix64): the same positions on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every legal move of `pos` in each notation of its game: all texts different, each read back
/// to its move. Returns the texts written, by notation.
fn round_trip(pos: &Position, seen: &mut HashMap<Notation, Vec<String>>) {
    let moves = legal_moves(pos).unwrap();
    for &notation in Notation::for_game(pos.game) {
        let mut texts = HashSet::new();
        for &m in &moves {
            let text = notation.write(pos, m);
            assert!(
                texts.insert(text.clone()),
                "{notation}: two moves written {text} in {}",
                fen::write(pos)
            );
            assert_eq!(
                notation.read(pos, &text),
                Ok(m),
                "{notation}: {text} in {}",
                fen::write(pos)
            );
            seen.entry(notation).or_default().push(text);
        }
    }
}

fn chess_positions(game: Game, count: usize, rng: &mut Rng) -> Vec<Position> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let start = if game == Game::Chess960 {
            crate::core::chess960::start_position(rng.below(960) as u16).unwrap()
        } else {
            Position::start(game)
        };
        let mut start = start;
        start.game = game;
        let mut chess: Chess = crate::core::legality::chess::to_chess(&start).unwrap();
        let plies = rng.below(120);
        for _ in 0..plies {
            let moves = chess.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            chess.play_unchecked(m);
        }
        let text = Fen::from_position(&chess, EnPassantMode::Legal).to_string();
        out.push(position(&text, game));
    }
    out
}

#[test]
fn every_legal_chess_move_round_trips_in_every_chess_notation() {
    let mut rng = Rng(0x5eed_c4e5);
    let mut seen = HashMap::new();
    for game in [Game::Chess, Game::Chess960] {
        for pos in chess_positions(game, 1000, &mut rng) {
            round_trip(&pos, &mut seen);
        }
    }
    let san = &seen[&Notation::San];
    for form in ["O-O", "O-O-O", "=Q", "x", "+", "#"] {
        assert!(san.iter().any(|t| t.contains(form)), "no move wrote {form}");
    }
    let figurine = &seen[&Notation::Figurine];
    assert!(figurine.iter().any(|t| t.starts_with('♘')));
    // Disambiguated moves (Nbd2, R1e2) occurred too.
    assert!(san.iter().any(|t| t.len() >= 4
        && t.as_bytes()[0].is_ascii_uppercase()
        && t.as_bytes()[1].is_ascii_alphanumeric()
        && t.as_bytes()[2].is_ascii_alphabetic()
        && t.as_bytes()[2] != b'x'));
}

fn xiangqi_games(count: usize, rng: &mut Rng) -> Vec<Position> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = position(START, X);
        for _ in 0..rng.below(150) {
            let moves = legal_moves(&pos).unwrap();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            play(&mut pos, m);
        }
        out.push(pos);
    }
    out
}

fn play(pos: &mut Position, m: Move) {
    let piece = pos.board.set(m.from, None);
    pos.board.set(m.to, piece);
    pos.turn = pos.turn.other();
}

/// Positions built to put several pieces of a kind on one file: generals in their palaces, two
/// to five soldiers of a side on one file, often a second doubled file, pairs of chariots,
/// horses and cannons on one file, and a few pieces anywhere; only legal ones are kept.
fn stacked_positions(count: usize, rng: &mut Rng) -> Vec<Position> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Position::empty(X);
        let palace = |color: Color, rng: &mut Rng| {
            let rank = if color == Color::White { 0 } else { 7 };
            Square::new(3 + rng.below(3) as u8, rank + rng.below(3) as u8)
        };
        for color in Color::BOTH {
            pos.board
                .set(palace(color, rng), Some(Piece::new(color, Role::King)));
        }
        for color in Color::BOTH {
            // Soldiers across the river, where they can also move sideways.
            let ranks: Vec<u8> = if color == Color::White {
                (5..10).collect()
            } else {
                (0..5).collect()
            };
            let soldier = Piece::new(color, Role::Pawn);
            let mut left = 5;
            for _ in 0..1 + rng.below(2) {
                let file = rng.below(9) as u8;
                let n = (2 + rng.below(4)).min(left);
                let mut free: Vec<u8> = ranks.clone();
                for _ in 0..n {
                    let rank = free.remove(rng.below(free.len()));
                    let sq = Square::new(file, rank);
                    if pos.board.get(sq).is_none() {
                        pos.board.set(sq, Some(soldier));
                        left -= 1;
                    }
                }
            }
            for role in [Role::Rook, Role::Knight, Role::Cannon] {
                if rng.below(2) == 0 {
                    let file = rng.below(9) as u8;
                    for _ in 0..2 {
                        let sq = Square::new(file, rng.below(10) as u8);
                        if pos.board.get(sq).is_none() {
                            pos.board.set(sq, Some(Piece::new(color, role)));
                        }
                    }
                }
            }
            if rng.below(2) == 0 {
                let spots = [(2, 0), (6, 0), (4, 2), (0, 2), (8, 2), (2, 4), (6, 4)];
                let (f, r) = spots[rng.below(spots.len())];
                let r = if color == Color::White { r } else { 9 - r };
                let sq = Square::new(f, r);
                if pos.board.get(sq).is_none() {
                    pos.board.set(sq, Some(Piece::new(color, Role::Bishop)));
                }
            }
        }
        pos.turn = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if Mailbox::new(&pos).is_ok() && !legal_moves(&pos).unwrap().is_empty() {
            out.push(pos);
        }
    }
    out
}

#[test]
fn every_legal_xiangqi_move_round_trips_in_wxf_chinese_and_iccs() {
    let mut rng = Rng(0x0c0f_fee5);
    let mut seen = HashMap::new();
    for pos in xiangqi_games(1000, &mut rng) {
        round_trip(&pos, &mut seen);
    }
    for pos in stacked_positions(1000, &mut rng) {
        round_trip(&pos, &mut seen);
    }
    let wxf = &seen[&Notation::Wxf];
    let chinese = &seen[&Notation::Chinese];
    let any = |texts: &[String], test: &dyn Fn(&[char]) -> bool| {
        texts.iter().any(|t| test(&t.chars().collect::<Vec<_>>()))
    };
    // Every ambiguous form occurred: front/rear chariots, horses, cannons and soldiers; a middle
    // soldier; four or five on a file; two doubled files.
    for letter in ['R', 'H', 'C', 'P'] {
        assert!(any(wxf, &|t| t[0] == letter && t[1] == '+'), "{letter}+");
        assert!(any(wxf, &|t| t[0] == letter && t[1] == '-'), "{letter}-");
    }
    for name in ['车', '马', '炮', '兵', '卒'] {
        assert!(any(chinese, &|t| t[0] == '前' && t[1] == name), "前{name}");
        assert!(any(chinese, &|t| t[0] == '后' && t[1] == name), "后{name}");
    }
    assert!(any(chinese, &|t| t[0] == '中' && (t[1] == '兵' || t[1] == '卒')));
    assert!(any(wxf, &|t| t[0] == '+' && t[1] == '+'), "++");
    assert!(any(wxf, &|t| t[0] == '-' && t[1] == '-'), "--");
    assert!(any(chinese, &|t| "一二三四五".contains(t[0])), "一兵…五兵");
    assert!(any(wxf, &|t| t[0].is_ascii_digit()), "3+.4");
    assert!(
        any(chinese, &|t| t[0] == '前' && !"车马炮兵卒".contains(t[1])),
        "前九平八"
    );
    assert!(any(wxf, &|t| t[0].is_ascii_digit() && t[0] == t[1]), "33.4");
}

#[test]
fn lines_are_read_and_written_move_after_move() {
    let chess = position(Game::Chess.start_fen(), Game::Chess);
    let uci = [
        "e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7", "e8f7",
    ];
    let line = super::read_line(&chess, Notation::Coordinates, &uci);
    // The last move is the mated king's: not legal, so the line stops before it.
    assert_eq!(line.len(), 7);
    assert_eq!(
        Notation::San.write_line(&chess, &line),
        ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    );
    assert_eq!(
        Notation::SanSpanish.write_line(&chess, &line)[2..],
        ["Ac4", "Cc6", "Dh5", "Cf6", "Dxf7#"]
    );
    assert_eq!(Notation::Figurine.write_line(&chess, &line)[6], "♕xf7#");
    assert_eq!(Notation::Coordinates.write_line(&chess, &line), uci[..7]);
    let xq = position(START, X);
    let line = super::read_line(
        &xq,
        Notation::Chinese,
        &["炮二平五", "马８进７", "马二进三", "车９平８"],
    );
    assert_eq!(
        Notation::Wxf.write_line(&xq, &line),
        ["C2.5", "H8+7", "H2+3", "R9.8"]
    );
    assert_eq!(
        Notation::Chinese.write_line(&xq, &line),
        ["炮二平五", "马８进７", "马二进三", "车９平８"]
    );
    // Stops at the first text that does not read, and at the first illegal move.
    assert_eq!(
        super::read_line(&xq, Notation::Wxf, &["C2.5", "C9.5", "C2.5"]).len(),
        1
    );
    assert_eq!(
        Notation::Wxf.write_line(&xq, &[mv(X, "e5e6")]),
        Vec::<String>::new()
    );
}

#[test]
fn playing_a_move_keeps_the_fen_fields_right() {
    let castle = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10", Game::Chess);
    let after = super::play(&castle, mv(Game::Chess, "e1g1")).unwrap();
    assert_eq!(fen::write(&after), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10");
    assert_eq!(super::play(&castle, mv(Game::Chess, "e1e3")), None);
    let xq = position(START_BLACK, X);
    let after = super::play(&xq, mv(X, "h7h0")).unwrap();
    assert_eq!(
        fen::write(&after),
        "rnbakabnr/9/1c7/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABcR w - - 0 2"
    );
    assert_eq!(super::play(&xq, mv(X, "h2e2")), None);
}

proptest::proptest! {
    /// Texts made of the notations' own signs reach the deeper paths of the readers.
    #[test]
    fn no_text_of_notation_signs_makes_a_reader_panic(
        text in "[前中后一二三四五六七八九１２３４５６７８９1-9车马炮兵卒仕相帅进退平KAEHRCPN+.=-]{0,7}"
    ) {
        let positions = [
            position(START_BLACK, X),
            position("4k4/2P6/2P6/2P6/2P6/2P6/9/9/9/3K5 w - - 0 1", X),
            position("4k4/9/9/9/9/9/2p3p2/2p3p2/9/3K5 b - - 0 1", X),
        ];
        for pos in &positions {
            for &notation in Notation::for_game(X) {
                if let Ok(m) = notation.read(pos, &text) {
                    proptest::prop_assert!(legal_moves(pos).unwrap().contains(&m));
                }
            }
        }
    }
}

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn codes(text: &str, game: Option<Game>) -> Vec<&'static str> {
    read(text, game)
        .diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// The one diagnostic with `code`, failing when there is not exactly one.
fn only(text: &str, game: Option<Game>, code: Code) -> Diagnostic {
    let read = read(text, game);
    let found: Vec<_> = read
        .diagnostics
        .iter()
        .filter(|d| d.code == code)
        .cloned()
        .collect();
    assert_eq!(found.len(), 1, "{text:?}: {:?}", read.diagnostics);
    found.into_iter().next().unwrap()
}

fn sq(name: &str, game: Game) -> Square {
    Square::parse(name, game).unwrap()
}

#[test]
fn start_positions_read_cleanly() {
    for (text, game) in [(START, Game::Chess), (XQ_START, Game::Xiangqi)] {
        let read = read(text, None);
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(read.position, Some(Position::start(game)));
    }
}

#[test]
fn empty_and_blank_input_is_an_error() {
    for text in ["", "   ", "\t\r\n"] {
        let read = read(text, None);
        assert!(read.position.is_none());
        assert!(codes(text, None).contains(&"empty_input"), "{text:?}");
    }
}

#[test]
fn missing_fields_are_defaulted_with_a_warning() {
    let read = read("8/8/8/8/8/8/8/8", None);
    let pos = read.position.expect("readable");
    assert_eq!((pos.turn, pos.halfmove, pos.fullmove), (Color::White, 0, 1));
    let d = only("8/8/8/8/8/8/8/8", None, Code::MissingFields);
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(d.field, Field::Side);
    assert!(d.message.contains("w - - 0 1"), "{}", d.message);
    let d = only("8/8/8/8/8/8/8/8 b - - 3", None, Code::MissingFields);
    assert_eq!(d.field, Field::Fullmove);
}

#[test]
fn whitespace_prefix_bom_and_cr_are_warnings() {
    let text = "\u{feff}  fen: 8/8/8/8/8/8/8/8  w - - 0 1 \r";
    let read = read(text, None);
    assert!(read.position.is_some());
    let found = codes(text, None);
    for code in [
        "byte_order_mark",
        "extra_whitespace",
        "fen_prefix",
        "carriage_return",
    ] {
        assert!(found.contains(&code), "{code} not in {found:?}");
    }
    assert!(read.diagnostics.iter().all(|d| !d.is_error()));
    // Spans count characters: the BOM is one character, not three bytes.
    let prefix = only(text, None, Code::FenPrefix);
    assert_eq!(prefix.span, Some(3..7));
}

#[test]
fn a_tab_between_fields_is_a_warning() {
    let d = only("8/8/8/8/8/8/8/8\tw - - 0 1", None, Code::ExtraWhitespace);
    assert_eq!(d.field, Field::Side);
    assert!(d.message.contains("tab"));
}

#[test]
fn nul_bytes_are_errors() {
    let text = "8/8/8/8/8/8/8/8 w\0 - - 0 1";
    let d = only(text, None, Code::NulByte);
    assert!(d.is_error());
    assert_eq!(d.span, Some(17..18));
    assert_eq!(d.field, Field::Side);
    assert!(read(text, None).position.is_none());
}

#[test]
fn consecutive_digits_are_summed_with_a_warning() {
    let text = "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let read = read(text, None);
    assert_eq!(read.position, Some(Position::start(Game::Chess)));
    let d = only(text, None, Code::ConsecutiveDigits);
    assert_eq!(d.span, Some(18..20));
    assert!(d.message.contains("write 8"), "{}", d.message);
}

#[test]
fn wrong_rank_width_names_the_rank() {
    let text = "rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let d = only(text, None, Code::WrongRankWidth);
    assert_eq!(d.message, "rank 3 has 9 squares, chess ranks have 8");
    let at = text.find("/9/").unwrap() + 1;
    assert_eq!(d.span, Some(at..at + 1));
    let d = only("8/8//8/8/8/8/8 w - - 0 1", None, Code::WrongRankWidth);
    assert!(d.message.contains("rank 6 is empty"), "{}", d.message);
}

#[test]
fn wrong_rank_count_is_reported_once() {
    let d = only("8/8/8/8/8/8/8 w - - 0 1", None, Code::WrongRankCount);
    assert_eq!(d.message, "the board has 7 ranks, chess boards have 8");
    let d = only("8/8/8/8/8/8/8/8/8 w - - 0 1", None, Code::WrongRankCount);
    assert!(d.message.contains("9 ranks"));
    assert_eq!(d.span, Some(15..17));
}

#[test]
fn invalid_pieces_name_their_square() {
    let text = "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let d = only(text, None, Code::InvalidPiece);
    assert_eq!(d.squares, vec![sq("e7", Game::Chess)]);
    assert_eq!(d.span, Some(13..14));
    // A xiangqi cannon on a chess board, a zero, a control character.
    assert!(codes("c7/8/8/8/8/8/8/8", None).contains(&"invalid_piece"));
    assert!(codes("08/8/8/8/8/8/8/8", None).contains(&"invalid_piece"));
    let d = only("\u{1}7/8/8/8/8/8/8/8", None, Code::InvalidPiece);
    assert!(d.message.contains("\\u{1}"), "{}", d.message);
}

#[test]
fn every_problem_is_reported_at_once() {
    let text = "rnbqkbnr/pppxpppp/9/8/8/8/PPPPPPPP/RNBQKBNR x KQkZ e9 -1 z extra";
    assert_eq!(
        codes(text, None),
        [
            "invalid_piece",
            "wrong_rank_width",
            "invalid_side",
            "invalid_castling",
            "invalid_ep",
            "invalid_halfmove",
            "invalid_fullmove",
            "too_many_fields",
        ]
    );
    let read = read(text, None);
    assert!(read.position.is_none());
    let fields: Vec<u8> = read.diagnostics.iter().map(|d| d.field.number()).collect();
    assert_eq!(fields, [1, 1, 2, 3, 4, 5, 6, 6]);
}

#[test]
fn side_to_move() {
    assert_eq!(
        read("8/8/8/8/8/8/8/8 b", None).position.unwrap().turn,
        Color::Black
    );
    let d = only("8/8/8/8/8/8/8/8 W - - 0 1", None, Code::InvalidSide);
    assert_eq!(d.span, Some(16..17));
    // `r` is Red only in xiangqi.
    assert!(codes("8/8/8/8/8/8/8/8 r - - 0 1", None).contains(&"invalid_side"));
    let text = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1";
    let d = only(text, None, Code::RedSideLetter);
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(
        read(text, None).position,
        Some(Position::start(Game::Xiangqi))
    );
}

#[test]
fn xiangqi_aliases_and_fullmove_zero() {
    let text = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 0";
    let read = read(text, None);
    let pos = read.position.expect("readable");
    assert_eq!(pos, Position::start(Game::Xiangqi));
    let aliases = read
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::PieceAlias)
        .count();
    assert_eq!(aliases, 8);
    let d = only(text, None, Code::FullmoveZero);
    assert_eq!(d.span, Some(text.len() - 1..text.len()));
    // Not aliases in chess.
    assert!(codes("h7/8/8/8/8/8/8/8", None).contains(&"invalid_piece"));
}

#[test]
fn xiangqi_castling_and_ep_must_be_dashes() {
    let text = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ e3 0 1";
    assert_eq!(codes(text, None), ["invalid_castling", "invalid_ep"]);
    assert!(read(text, None).position.is_none());
}

#[test]
fn game_detection() {
    assert_eq!(detect(XQ_START), Game::Xiangqi);
    assert_eq!(detect(START), Game::Chess);
    assert_eq!(detect("9/9/9/9/9/9/9/9/9"), Game::Xiangqi);
    assert_eq!(detect("8/8/8/8/8/8/8"), Game::Chess);
    assert_eq!(detect(""), Game::Chess);
    // Chess960 from castling rights only Chess960 can have.
    let text = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1";
    assert_eq!(read(text, None).position.unwrap().game, Game::Chess960);
    let text = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w FDfd - 0 1";
    assert_eq!(read(text, None).position.unwrap().game, Game::Chess960);
    // A forced game is kept.
    assert_eq!(
        read(text, Some(Game::Chess)).position.unwrap().game,
        Game::Chess
    );
    assert_eq!(read(START, None).position.unwrap().game, Game::Chess);
}

#[test]
fn men_only_a_chess960_start_explains_make_it_chess960() {
    // A Chess960 start without castling rights: standard chess cannot have the bishops on a1
    // and a8 behind unmoved pawns, a Chess960 start can. Both readers agree.
    let text = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1";
    assert_eq!(read(text, None).position.unwrap().game, Game::Chess960);
    assert_eq!(read_full(text, None).position.unwrap().game, Game::Chess960);
    assert_eq!(
        read(text, Some(Game::Chess)).position.unwrap().game,
        Game::Chess
    );
    // What no Chess960 start explains either stays standard chess.
    let caged = "4k3/8/8/8/8/8/PPPPPPP1/B1B1K3 w - - 0 1";
    assert_eq!(read(caged, None).position.unwrap().game, Game::Chess);
    // The standard setup, and positions of ordinary games, are standard chess.
    let game = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    assert_eq!(read(game, None).position.unwrap().game, Game::Chess);
}

#[test]
fn castling_letters_resolve_to_rook_files() {
    // K and Q name the outermost rook; file letters name rooks directly.
    let text = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1";
    let pos = read(text, None).position.unwrap();
    assert_eq!(pos.castling.files(Color::White).collect::<Vec<_>>(), [1, 6]);
    assert_eq!(pos.game, Game::Chess960);
    let text = "4k3/8/8/8/8/8/8/R1R1K3 w CA - 0 1";
    let pos = read(text, None).position.unwrap();
    assert_eq!(pos.castling.files(Color::White).collect::<Vec<_>>(), [0, 2]);
    // No rook: K falls back to the h-file, so the right can be reported as impossible.
    let pos = read("4k3/8/8/8/8/8/8/4K3 w K - 0 1", None)
        .position
        .unwrap();
    assert!(pos.castling.has(Color::White, 7));
}

#[test]
fn castling_warnings_and_errors() {
    let text = "r3k2r/8/8/8/8/8/8/R3K2R w KKQkq - 0 1";
    let d = only(text, None, Code::DuplicateCastlingRight);
    let at = text.find("KK").unwrap() + 1;
    assert_eq!(d.span, Some(at..at + 1));
    let d = only(
        "r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1",
        None,
        Code::CastlingOrder,
    );
    assert_eq!(d.severity, Severity::Warning);
    let text = "r3k2r/8/8/8/8/8/8/R3K2R w K-q - 0 1";
    let d = only(text, None, Code::InvalidCastling);
    let at = text.find("K-").unwrap() + 1;
    assert_eq!(d.span, Some(at..at + 1));
    assert!(codes("r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", None).contains(&"invalid_castling"));
}

#[test]
fn ep_squares() {
    let text = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3";
    assert_eq!(
        read(text, None).position.unwrap().ep,
        Some(sq("d6", Game::Chess))
    );
    for bad in ["d9", "D6", "d", "x1", "-d6", "d06"] {
        let text = format!("4k3/8/8/3pP3/8/8/8/4K3 w - {bad} 0 3");
        let d = only(&text, None, Code::InvalidEpSquare);
        let at = text.find(&format!(" {bad} ")).unwrap() + 1;
        assert_eq!(d.span, Some(at..at + bad.len()), "{bad}");
    }
}

#[test]
fn clocks() {
    let pos = read("8/8/8/8/8/8/8/8 w - - 12 40", None).position.unwrap();
    assert_eq!((pos.halfmove, pos.fullmove), (12, 40));
    for (bad, code, says) in [
        ("-1 5", Code::InvalidHalfmove, "negative"),
        ("x 5", Code::InvalidHalfmove, "whole number"),
        ("1.5 5", Code::InvalidHalfmove, "whole number"),
        ("99999999999 5", Code::InvalidHalfmove, "too large"),
        ("0 -3", Code::InvalidFullmove, "negative"),
        ("0 +3", Code::InvalidFullmove, "whole number"),
        ("0 -", Code::InvalidFullmove, "whole number"),
    ] {
        let text = format!("8/8/8/8/8/8/8/8 w - - {bad}");
        let d = only(&text, None, code);
        assert!(d.message.contains(says), "{bad}: {}", d.message);
        assert!(read(&text, None).position.is_none());
    }
}

#[test]
fn too_many_fields_spans_the_extras() {
    let text = "8/8/8/8/8/8/8/8 w - - 0 1 bm e4;";
    let d = only(text, None, Code::TooManyFields);
    assert_eq!(d.span, Some(26..32));
    assert!(d.message.starts_with("2 fields"), "{}", d.message);
}

#[test]
fn spans_count_characters_not_bytes() {
    let text = "é7/8/8/8/8/8/8/8 w - - 0 1";
    let d = only(text, None, Code::InvalidPiece);
    assert_eq!(d.span, Some(0..1));
    let spans = field_spans(text);
    assert_eq!(spans[1], Some(17..18));
    assert_eq!(spans[5], Some(25..26));
}

#[test]
fn field_spans_follow_the_reader() {
    let spans = field_spans("  FEN: 8/8/8/8/8/8/8/8   b");
    assert_eq!(spans[0], Some(7..22));
    assert_eq!(spans[1], Some(25..26));
    assert_eq!(spans[2], None);
}

#[test]
fn garbage_never_panics_and_always_says_why() {
    for text in [
        "/",
        "////////",
        "🙂",
        "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8",
        "99999999999999999999/8",
        "K\u{0}\u{0}",
        "FEN:",
        "fen:   ",
        "\u{feff}",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 w KQkq - 0 1 w",
    ] {
        let read = read(text, None);
        if read.position.is_none() {
            assert!(
                read.diagnostics.iter().any(Diagnostic::is_error),
                "{text:?}"
            );
        }
    }
}

#[test]
fn repeated_problems_are_summed_up() {
    let text = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "x".repeat(1000));
    let read = read(&text, None);
    let invalid: Vec<_> = read
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::InvalidPiece)
        .collect();
    assert_eq!(invalid.len(), 9);
    let last = invalid[8];
    assert!(
        last.message.starts_with("992 more problems"),
        "{}",
        last.message
    );
    assert_eq!(last.span, Some(8..1000));
    assert!(last.is_error());
}

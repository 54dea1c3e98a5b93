use super::*;

const EXPECTED: &str = include_str!("../../../tests/fixtures/pgn/expected.txt");

fn fixture(name: &str) -> &'static str {
    match name {
        "opera.pgn" => include_str!("../../../tests/fixtures/pgn/opera.pgn"),
        "games.pgn" => include_str!("../../../tests/fixtures/pgn/games.pgn"),
        "chess960.pgn" => include_str!("../../../tests/fixtures/pgn/chess960.pgn"),
        "chess960-king-takes-rook.pgn" => {
            include_str!("../../../tests/fixtures/pgn/chess960-king-takes-rook.pgn")
        }
        other => panic!("no fixture {other}"),
    }
}

/// The board, side to move, castling rights and move counters of a position, as FEN fields
/// other than en passant (python-chess writes a square only when a capture there is legal).
fn comparable(pos: &Position) -> String {
    let text = fen::write(pos);
    let fields: Vec<&str> = text.split(' ').collect();
    format!("{} {} {} {}", fields[0], fields[1], fields[4], fields[5])
}

#[test]
fn every_fixture_game_ends_where_python_chess_ends_it() {
    let mut checked = 0;
    for line in EXPECTED.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.splitn(3, ' ');
        let (file, index, fen_text) = (
            parts.next().unwrap(),
            parts.next().unwrap().parse::<usize>().unwrap(),
            parts.next().unwrap(),
        );
        let games = read(fixture(file)).unwrap();
        let game = &games[index];
        assert_eq!(game.stopped_at, None, "{file} game {index}");
        let want = fen::read(fen_text, Some(game.setup.game)).position.unwrap();
        assert_eq!(
            comparable(&game.end()),
            comparable(&want),
            "{file} game {index}"
        );
        assert_eq!(game.end().castling, want.castling, "{file} game {index}");
        checked += 1;
    }
    assert_eq!(checked, 9);
}

#[test]
fn a_file_of_many_games_reads_every_game_with_its_tags() {
    let games = read(fixture("games.pgn")).unwrap();
    assert_eq!(games.len(), 6);
    assert_eq!(games[0].tag("White"), Some("Adolf Anderssen"));
    assert_eq!(games[1].tag("Black"), Some("Jean Dufresne"));
    assert_eq!(games[4].setup.fullmove, 60);
}

#[test]
fn variations_comments_and_nags_stay_out_of_the_main_line() {
    let games = read(fixture("opera.pgn")).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves.len(), 33);
}

#[test]
fn chess960_castling_reads_as_o_o_and_as_the_king_taking_its_rook() {
    let a = read(fixture("chess960.pgn")).unwrap();
    let b = read(fixture("chess960-king-takes-rook.pgn")).unwrap();
    assert_eq!(a[0].setup.game, Game::Chess960);
    assert_eq!(a[0].moves, b[0].moves);
}

#[test]
fn xiangqi_games_read_their_wxf_moves() {
    let start = Position::start(Game::Xiangqi);
    let text = format!(
        "[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n1. C2.5 {{centre cannon}} H8+7 (1... C8.5) 2. H2+3 *\n",
        fen::write(&start)
    );
    let games = read(&text).unwrap();
    assert_eq!(games[0].setup.game, Game::Xiangqi);
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(games[0].stopped_at, None);
}

#[test]
fn an_illegal_move_ends_the_line_and_is_named() {
    let games = read("1. e4 e5 2. Ke3 Nc6 *").unwrap();
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(games[0].stopped_at, Some((3, "Ke3".to_string())));
}

#[test]
fn garbage_is_no_game_or_a_named_error_never_a_panic() {
    assert_eq!(read(""), Err(PgnError::NoGame));
    assert_eq!(read("hello world"), Err(PgnError::NoGame));
    assert!(matches!(
        read("[FEN \"not a fen\"]\n\n1. e4 *"),
        Err(PgnError::BadFen { game: 1, .. })
    ));
    assert!(matches!(
        read("[Variant \"Atomic\"]\n\n1. e4 *"),
        Err(PgnError::Variant { .. })
    ));
    for junk in [
        "[",
        "[[[\"",
        "{",
        "(((",
        "1.",
        "\u{0}\u{1}[x \"",
        "]]]]",
        ")(){}",
    ] {
        let _ = read(junk);
    }
}

#[test]
fn pgn_is_told_from_a_fen() {
    assert!(looks_like("[Event \"x\"]\n1. e4 *"));
    assert!(looks_like(
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n*"
    ));
    assert!(looks_like("1. e4 e5"));
    assert!(!looks_like("[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]"));
    assert!(!looks_like("8/8/8/8/8/8/8/K6k w - - 0 1"));
    assert!(!looks_like("hello"));
}

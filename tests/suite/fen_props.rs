//! Properties of the FEN reader and writer: reading never panics and always explains a refusal;
//! writing then reading a canonical FEN gives it back unchanged, in both games.

use fenboard::core::fen::{self, CastlingStyle};
use fenboard::core::{Color, Game, Piece, Position, Role, Square};
use proptest::prelude::*;

const SEEDS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pp1n1ppp/8/2pP4/8/8/PPP2PPP/R3K2R w KQkq c6 0 12",
    "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2bak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 b - - 3 30",
];

/// What must hold of any read: a refusal is explained by an error, every diagnostic points
/// into the text and names a field.
fn check_read(text: &str) {
    for game in [
        None,
        Some(Game::Chess),
        Some(Game::Chess960),
        Some(Game::Xiangqi),
    ] {
        let read = fen::read(text, game);
        let has_error = read.diagnostics.iter().any(|d| d.is_error());
        assert_eq!(read.position.is_none(), has_error, "{text:?}");
        let len = text.chars().count();
        for d in &read.diagnostics {
            assert!((1..=6).contains(&d.field.number()), "{d:?}");
            assert!(!d.message.is_empty() && !d.message.contains('\n'), "{d:?}");
            if let Some(span) = &d.span {
                assert!(span.start <= span.end && span.end <= len, "{text:?}: {d:?}");
            }
        }
        if let Some(pos) = read.position {
            // Whatever reads can be written and judged.
            let _ = fenboard::core::legality::diagnose(&pos);
            let _ = fen::write(&pos);
        }
    }
}

fn mutation() -> impl Strategy<Value = String> {
    let edit = (any::<usize>(), 0..3u8, any::<char>());
    (0..SEEDS.len(), proptest::collection::vec(edit, 0..6)).prop_map(|(seed, edits)| {
        let mut chars: Vec<char> = SEEDS[seed].chars().collect();
        for (at, kind, c) in edits {
            let at = at % (chars.len() + 1);
            // Mostly FEN-like characters, sometimes anything at all.
            const FEN_LIKE: &[u8] = b"KQRBNPACEHkqrbnpacehwr0123456789/ -\t";
            let c = if (c as u32).is_multiple_of(4) {
                c
            } else {
                FEN_LIKE[(c as usize) % FEN_LIKE.len()] as char
            };
            match kind {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        chars.into_iter().collect()
    })
}

/// Random positions of `game`: any placement, side, rights, ep square and clocks the format can
/// hold (legality is not the writer's business).
fn position(game: Game) -> impl Strategy<Value = Position> {
    let cells = game.width() as usize * game.height() as usize;
    let roles = game.roles().to_vec();
    let piece = prop_oneof![
        3 => Just(None),
        1 => (0..roles.len(), any::<bool>()).prop_map(move |(r, white)| {
            let color = if white { Color::White } else { Color::Black };
            Some(Piece::new(color, roles[r]))
        }),
    ];
    (
        proptest::collection::vec(piece, cells),
        any::<bool>(),
        any::<[u8; 2]>(),
        proptest::option::of((0..8u8, 0..8u8)),
        any::<u32>(),
        1..u32::MAX,
    )
        .prop_map(move |(cells, black, rights, ep, halfmove, fullmove)| {
            let mut pos = Position::empty(game);
            let width = game.width() as usize;
            for (i, p) in cells.into_iter().enumerate() {
                pos.board
                    .set(Square::new((i % width) as u8, (i / width) as u8), p);
            }
            pos.turn = if black { Color::Black } else { Color::White };
            if game.is_chess() {
                for (color, mask) in Color::BOTH.into_iter().zip(rights) {
                    for file in 0..8 {
                        pos.castling.set(color, file, mask & (1 << file) != 0);
                    }
                }
                pos.ep = ep.map(|(f, r)| Square::new(f, r));
            }
            pos.halfmove = halfmove;
            pos.fullmove = fullmove;
            pos
        })
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        position(Game::Chess),
        position(Game::Chess960),
        position(Game::Xiangqi)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn reading_arbitrary_text_never_panics(text in any::<String>()) {
        check_read(&text);
    }

    #[test]
    fn reading_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check_read(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn reading_mutated_fens_never_panics(text in mutation()) {
        check_read(&text);
    }

    #[test]
    fn write_then_read_is_the_identity(pos in any_position()) {
        for style in [CastlingStyle::XFen, CastlingStyle::Shredder] {
            let text = fen::write_with(&pos, style);
            let read = fen::read(&text, Some(pos.game));
            // A canonical FEN needs no leniency: not a single diagnostic.
            prop_assert!(read.diagnostics.is_empty(), "{}: {:?}", text, read.diagnostics);
            prop_assert_eq!(read.position, Some(pos));
            prop_assert_eq!(fen::write_with(&read.position.unwrap(), style), text.clone());
            // Auto-detection may call standard chess Chess960, never change the text.
            let detected = fen::read(&text, None).position.expect("reads");
            prop_assert_eq!(fen::write_with(&detected, style), text);
        }
    }
}

#[test]
fn start_positions_round_trip() {
    for game in [Game::Chess, Game::Xiangqi] {
        let pos = fen::read(game.start_fen(), None).position.unwrap();
        assert_eq!(pos, Position::start(game));
        assert_eq!(fen::write(&pos), game.start_fen());
    }
    assert_eq!(Role::Advisor.name(Game::Xiangqi), "advisor");
}

//! Perft against reference counts (tests/fixtures/perft_*.tsv), divide, and refusal of illegal
//! positions. Rows above a node budget are left to `cargo bench --bench perft`.

use fenboard::core::perft::{PerftError, divide, perft};
use fenboard::core::{Game, Position, fen};

/// Rows with more leaf nodes than this are skipped so the suite stays quick in the dev profile.
const XIANGQI_BUDGET: u64 = 4_000_000;
const CHESS_BUDGET: u64 = 1_000_000;

fn position(text: &str, game: Game) -> Position {
    let read = fen::read(text, Some(game));
    assert!(
        !read.diagnostics.iter().any(|d| d.is_error()),
        "{text}: {:?}",
        read.diagnostics
    );
    read.position.expect(text)
}

fn rows(data: &str) -> impl Iterator<Item = Vec<&str>> {
    data.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

#[test]
fn xiangqi_counts_match_the_reference() {
    let data = include_str!("../fixtures/perft_xiangqi.tsv");
    let mut checked = 0;
    let mut positions = std::collections::HashSet::new();
    for row in rows(data) {
        let [text, depth, count] = row[..] else {
            panic!("bad fixture row {row:?}");
        };
        let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
        positions.insert(text);
        if count > XIANGQI_BUDGET {
            continue;
        }
        let pos = position(text, Game::Xiangqi);
        assert_eq!(perft(&pos, depth).unwrap(), count, "{text} depth {depth}");
        checked += 1;
    }
    assert!(positions.len() >= 21, "{} positions", positions.len());
    assert!(checked >= 90, "only {checked} rows checked");
}

#[test]
fn chess_counts_match_the_reference() {
    let data = include_str!("../fixtures/perft_chess.tsv");
    let mut checked = [0; 2];
    for row in rows(data) {
        let [text, game, depth, count] = row[..] else {
            panic!("bad fixture row {row:?}");
        };
        let game = Game::from_name(game).unwrap();
        let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
        if count > CHESS_BUDGET {
            continue;
        }
        let pos = position(text, game);
        assert_eq!(pos.game, game);
        assert_eq!(perft(&pos, depth).unwrap(), count, "{text} depth {depth}");
        checked[(game == Game::Chess960) as usize] += 1;
    }
    assert!(checked[0] >= 20 && checked[1] >= 15, "{checked:?}");
}

#[test]
fn divide_splits_the_total_by_first_move() {
    let xq = position(Game::Xiangqi.start_fen(), Game::Xiangqi);
    let lines = divide(&xq, 2).unwrap();
    assert_eq!(lines.len(), 44);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 1920);
    // Central cannon: h2e2, named with xiangqi ranks from 0.
    assert!(lines.iter().any(|(m, _)| m == "h2e2"), "{lines:?}");
    assert!(lines.is_sorted());

    let chess = position(Game::Chess.start_fen(), Game::Chess);
    let lines = divide(&chess, 3).unwrap();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    assert_eq!(
        lines.iter().find(|(m, _)| m == "e2e4").map(|(_, n)| *n),
        Some(600)
    );
}

#[test]
fn divide_writes_castling_in_the_game_s_notation() {
    let text = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let standard = divide(&position(text, Game::Chess), 1).unwrap();
    assert!(standard.iter().any(|(m, _)| m == "e1g1"), "{standard:?}");
    let fischer = divide(&position(text, Game::Chess960), 1).unwrap();
    assert!(fischer.iter().any(|(m, _)| m == "e1h1"), "{fischer:?}");
    assert!(!fischer.iter().any(|(m, _)| m == "e1g1"));
}

#[test]
fn depth_zero_counts_the_position_itself() {
    let pos = position(Game::Xiangqi.start_fen(), Game::Xiangqi);
    assert_eq!(perft(&pos, 0).unwrap(), 1);
    assert!(divide(&pos, 0).unwrap().is_empty());
}

#[test]
fn illegal_positions_are_errors_not_panics() {
    let cases = [
        // No generals at all, one general only, facing generals with Red to move.
        ("9/9/9/9/9/9/9/9/9/9 w - - 0 1", Game::Xiangqi),
        ("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1", Game::Xiangqi),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Game::Xiangqi),
        // A general outside its palace, six chariots.
        ("4k4/9/9/9/9/K8/9/9/9/9 w - - 0 1", Game::Xiangqi),
        ("3k5/9/9/9/9/RRRRRR3/9/9/9/4K4 w - - 0 1", Game::Xiangqi),
        // Chess: empty board, side not to move in check, pawns on the back rank.
        ("8/8/8/8/8/8/8/8 w - - 0 1", Game::Chess),
        ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1", Game::Chess),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Game::Chess),
    ];
    for (text, game) in cases {
        let read = fen::read(text, Some(game));
        let Some(pos) = read.position else {
            continue;
        };
        for depth in [0, 1, 3] {
            let err = perft(&pos, depth).expect_err(text);
            assert!(!err.to_string().is_empty());
            assert!(matches!(
                err,
                PerftError::Illegal(_) | PerftError::Refused(_)
            ));
            assert!(divide(&pos, depth).is_err(), "{text}");
        }
    }
    // A position whose game does not match its board is refused too.
    let mut odd = Position::start(Game::Xiangqi);
    odd.game = Game::Chess;
    assert!(perft(&odd, 1).is_err());
    let mut odd = Position::start(Game::Chess);
    odd.game = Game::Xiangqi;
    assert!(perft(&odd, 1).is_err());
}

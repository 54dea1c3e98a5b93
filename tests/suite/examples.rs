//! The example collections are what they claim: every chess problem's key moves mate in the
//! stated number against every defence (and no other first move does, and no faster mate
//! exists); every position is legal; `fenboard check` accepts every file.

use std::path::{Path, PathBuf};
use std::process::Command;

use fenboard::collection::Collection;
use fenboard::core::Game;
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Chess, Move, Position};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples")
}

/// Whether the side to move can force mate within `n` moves.
fn mates_within(pos: &Chess, n: u32) -> bool {
    n > 0 && pos.legal_moves().iter().any(|m| forces_mate(pos, m, n))
}

/// Whether `first` mates at once or, against every reply, leaves a mate within `n - 1` moves.
/// A first move that stalemates does not.
fn forces_mate(pos: &Chess, first: &Move, n: u32) -> bool {
    let after = pos.clone().play(*first).expect("legal move");
    if after.is_checkmate() {
        return true;
    }
    let replies = after.legal_moves();
    n > 1
        && !replies.is_empty()
        && replies.iter().all(|r| {
            let next = after.clone().play(*r).expect("legal reply");
            mates_within(&next, n - 1)
        })
}

fn san(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), *m).to_string()
}

#[test]
fn the_solver_tells_mate_from_no_mate() {
    // Back-rank mate in one, and a position where the same rook only checks.
    let mate: Chess = position("6k1/5ppp/8/8/8/8/8/R5K1 w - -");
    assert!(mates_within(&mate, 1));
    let none: Chess = position("6k1/5pp1/8/8/8/8/8/R5K1 w - -");
    assert!(!mates_within(&none, 1));
    // Stalemating is not mating: K+Q vs K where Qb6 stalemates.
    let pos: Chess = position("k7/8/2K5/8/8/8/8/1Q6 w - -");
    let qb6 = San::from_ascii(b"Qb6").unwrap().to_move(&pos).unwrap();
    assert!(!forces_mate(&pos, &qb6, 2));
}

fn position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen} is not legal: {e}"))
}

#[test]
fn chess_mates_are_correct() {
    let path = examples().join("chess-mates.epd");
    let c = Collection::open(&path, Game::Chess).unwrap();
    assert!(c.len() >= 10, "at least ten problems, found {}", c.len());
    for i in 0..c.len() {
        let id = c.id(i).unwrap_or_else(|| panic!("record {i} has no id"));
        assert!(
            c.operand(i, "c0").is_some(),
            "{id}: no c0 (players or composer)"
        );
        let pos = position(c.fen(i));
        let n: u32 = c
            .operand(i, "dm")
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("{id}: no dm"));
        assert!((2..=3).contains(&n), "{id}: dm {n}");
        let mut stated: Vec<String> = c
            .operand(i, "bm")
            .unwrap_or_else(|| panic!("{id}: no bm"))
            .split_whitespace()
            .map(|s| {
                let m = s
                    .parse::<SanPlus>()
                    .ok()
                    .and_then(|sp| sp.san.to_move(&pos).ok())
                    .unwrap_or_else(|| panic!("{id}: bm {s} is not a legal move"));
                san(&pos, &m)
            })
            .collect();
        stated.sort();
        let mut keys: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| forces_mate(&pos, m, n))
            .map(|m| san(&pos, m))
            .collect();
        keys.sort();
        assert_eq!(keys, stated, "{id}: the moves that mate in {n}");
        assert!(!mates_within(&pos, n - 1), "{id}: mates faster than {n}");
    }
}

/// The example files, sorted; there are at least the chess and the xiangqi collection.
fn example_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(examples())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 2, "{files:?}");
    files
}

/// Every record of every example file reads and is legal: no error diagnostic (warnings, such
/// as the clocks an EPD record leaves out, are fine).
#[test]
fn every_example_record_is_valid() {
    let files = example_files();
    for path in files {
        let c = Collection::open(&path, Game::Chess).unwrap();
        assert!(!c.is_empty(), "{}", path.display());
        for i in 0..c.len() {
            let fen = c.fen(i);
            let read = fenboard::core::fen::read(fen, None);
            let pos = read
                .position
                .unwrap_or_else(|| panic!("{fen}: does not parse"));
            let errors: Vec<_> = read
                .diagnostics
                .into_iter()
                .chain(fenboard::core::legality::diagnose(&pos))
                .filter(|d| d.is_error())
                .collect();
            assert!(errors.is_empty(), "{}: {fen}: {errors:?}", path.display());
        }
    }
}

/// Every example file passes `fenboard check`: the real binary, as a user runs it.
#[test]
fn fenboard_check_accepts_the_examples() {
    let files = example_files();
    let out = Command::new(crate::common::BIN)
        .arg("check")
        .args(&files)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "fenboard check failed ({}):\n{stdout}{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // Every record the collections hold, and no fewer, is counted valid.
    let total: usize = files
        .iter()
        .map(|p| Collection::open(p, Game::Chess).unwrap().len())
        .sum();
    let summary = format!("{total} records: {total} valid, 0 invalid");
    assert!(stdout.contains(&summary), "{summary}?\n{stdout}");
}

#[test]
fn xiangqi_endgames_are_named_and_legal() {
    let path = examples().join("xiangqi-endgames.fen");
    let bytes = std::fs::read(&path).unwrap();
    let c = Collection::from_bytes(Some(path), &bytes);
    assert!(c.len() >= 5, "at least five endgames, found {}", c.len());
    let text = String::from_utf8(bytes).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..c.len() {
        let fen = c.fen(i);
        // The nearest line above that is not blank names the endgame.
        let at = c.line_number(i).unwrap() - 1;
        let name = lines[..at].iter().rev().find(|l| !l.trim().is_empty());
        assert!(
            name.is_some_and(|l| l.starts_with("# ")),
            "{fen}: no comment line naming it"
        );
        let read = fenboard::core::fen::read(fen, None);
        let pos = read
            .position
            .unwrap_or_else(|| panic!("{fen}: does not parse"));
        assert_eq!(pos.game, Game::Xiangqi, "{fen}");
        let problems: Vec<_> = read
            .diagnostics
            .into_iter()
            .chain(fenboard::core::legality::diagnose(&pos))
            .collect();
        assert!(problems.is_empty(), "{fen}: {problems:?}");
    }
}

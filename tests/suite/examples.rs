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
    let mut genres = 0;
    for i in 0..c.len() {
        let id = c.id(i).unwrap_or_else(|| panic!("record {i} has no id"));
        assert!(
            c.operand(i, "c0").is_some(),
            "{id}: no c0 (players or composer)"
        );
        let pos = position(c.fen(i));
        if let Some(stip) = c.operand(i, "stip") {
            assert!(c.operand(i, "dm").is_none(), "{id}: dm with a stip");
            genre_is_correct(id, c.fen(i), stip, c.operand(i, "c1"));
            genres += 1;
            continue;
        }
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
    assert_eq!(
        genres, 4,
        "a twinned helpmate, set play, a series helpmate, a reflexmate"
    );
}

/// How a line of a published solution begins.
#[derive(Clone, Copy, PartialEq)]
enum Begins {
    /// `1.`: the key (or a whole line of help play).
    Key,
    /// `1...`: a defence of the diagram (set play, before the key) or of the key.
    Defence,
    /// `2...` and later: a defence deeper in the key's tree.
    Later,
}

/// The published lines of a solution `c1`, one per `;`: how each begins and its SAN moves,
/// with move numbers, twin labels, `!`, `(…)` remarks and the word `set` left out; a `K
/// moves`-style summary ends the line.
fn published_lines(c1: &str) -> Vec<(Begins, Vec<String>)> {
    let mut out = Vec::new();
    for part in c1.split(';') {
        let numbered = part
            .split_whitespace()
            .find(|w| w.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap_or("");
        let defence = match numbered {
            w if w.starts_with("1...") => Begins::Defence,
            w if w.contains("...") => Begins::Later,
            _ => Begins::Key,
        };
        let mut depth = 0usize;
        let mut line = Vec::new();
        for word in part.split_whitespace() {
            let opens = word.matches('(').count();
            let inside = depth > 0 || opens > 0;
            depth = (depth + opens).saturating_sub(word.matches(')').count());
            if inside || word == "set" || word.ends_with(')') {
                continue;
            }
            let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let word = word.trim_end_matches('!');
            if word == "moves" {
                line.pop();
                break;
            }
            if !word.is_empty() {
                line.push(word.to_owned());
            }
        }
        out.push((defence, line));
    }
    out
}

/// fenboard's `solve --json` on one position: its objects, one per twin.
fn fenboard_solves(fen: &str, stip: &str, ops: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["solve", "--json", "--stip", stip];
    args.extend_from_slice(ops);
    args.push(fen);
    let out = Command::new(crate::common::BIN)
        .args(&args)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn sans(line: &serde_json::Value) -> Vec<String> {
    let moves = line.as_array().unwrap().iter();
    moves
        .map(|m| m["san"].as_str().unwrap().to_owned())
        .collect()
}

/// A problem of another genre: its published solution is played out by shakmaty to its goal
/// (each twin on its own board, the series with White standing still, set play with White
/// passing), and fenboard finds exactly the published solutions or key.
fn genre_is_correct(id: &str, fen: &str, stip: &str, c1: Option<&str>) {
    let lines = published_lines(c1.unwrap_or_else(|| panic!("{id}: no c1")));
    match stip {
        "h#2" => {
            // Forsberg's twins: the queen on a6 replaced by each other black man.
            let men = ["r", "b", "n", "p"];
            let twins: Vec<String> = men
                .iter()
                .map(|m| format!("remove a6 add black {m}a6"))
                .collect();
            let boards: Vec<String> = std::iter::once(fen.to_owned())
                .chain(men.iter().map(|m| fen.replacen("q7", &format!("{m}7"), 1)))
                .collect();
            assert_eq!(lines.len(), boards.len(), "{id}: one line per twin");
            for (board, (_, line)) in boards.iter().zip(&lines) {
                let end = play(&position(board), line);
                assert!(
                    end.is_checkmate(),
                    "{id}: {line:?} does not mate on {board}"
                );
            }
            let ops: Vec<&str> = twins.iter().flat_map(|t| ["--twin", t.as_str()]).collect();
            let found = fenboard_solves(fen, stip, &ops);
            assert_eq!(found.len(), boards.len(), "{id}: a result per twin");
            for (json, (_, line)) in found.iter().zip(&lines) {
                let solutions = json["solutions"].as_array().unwrap();
                assert_eq!(solutions.len(), 1, "{id}: {json}");
                assert_eq!(&sans(&solutions[0]), line, "{id}");
            }
        }
        "ser-h#6" => {
            let (_, line) = &lines[0];
            let mut pos = position(fen);
            for (i, word) in line.iter().enumerate() {
                pos = play(&pos, std::slice::from_ref(word));
                // White stands still until its mate; Black gives no check on the way.
                if i + 2 < line.len() {
                    assert!(!pos.is_check(), "{id}: {word} checks");
                    pos = pass(&pos);
                }
            }
            assert!(pos.is_checkmate(), "{id}: {line:?} does not mate");
            let found = fenboard_solves(fen, stip, &[]);
            let solutions = found[0]["solutions"].as_array().unwrap();
            assert_eq!(solutions.len(), 1, "{id}: {solutions:?}");
            assert_eq!(&sans(&solutions[0]), line, "{id}");
        }
        "s#3" | "r#3" => {
            // Set play: Black's defences in the diagram (White passes); then the key's line
            // and its variations, each ending with the mate Black is forced to give.
            // A defence deeper in the tree, after a `K moves` summary, is left to the Popeye
            // round trip.
            let key_at = lines.iter().position(|(b, _)| *b == Begins::Key);
            let key = lines[key_at.expect("a key line")].1[0].clone();
            for (k, (begins, line)) in lines.iter().enumerate() {
                let (start, moves) = match (begins, Some(k) < key_at) {
                    (Begins::Later, _) => continue,
                    (Begins::Defence, true) => (pass(&position(fen)), line.clone()),
                    (Begins::Key, _) => (position(fen), line.clone()),
                    (Begins::Defence, false) => {
                        let full = std::iter::once(key.clone()).chain(line.iter().cloned());
                        (position(fen), full.collect())
                    }
                };
                let end = play(&start, &moves);
                if moves.last().is_some_and(|m| m.ends_with('#')) {
                    assert!(end.is_checkmate(), "{id}: {moves:?} does not mate");
                    assert_eq!(end.turn(), shakmaty::Color::White, "{id}: {moves:?}");
                }
            }
            let ops: &[&str] = if stip == "s#3" { &["--set-play"] } else { &[] };
            let found = fenboard_solves(fen, stip, ops);
            let keys: Vec<&str> = found[0]["keys"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k["san"].as_str().unwrap())
                .collect();
            assert_eq!(keys, [key.as_str()], "{id}: the key");
        }
        other => panic!("{id}: no proof for {other}"),
    }
}

/// `pos` after the SAN moves of `line`.
fn play(pos: &Chess, line: &[String]) -> Chess {
    let mut pos = pos.clone();
    for word in line {
        let m = word
            .parse::<SanPlus>()
            .ok()
            .and_then(|sp| sp.san.to_move(&pos).ok())
            .unwrap_or_else(|| panic!("{word} is not legal in {}", fen_of(&pos)));
        pos = pos.play(m).unwrap();
    }
    pos
}

/// `pos` with the other side to move (a pass: series play, set play).
fn pass(pos: &Chess) -> Chess {
    pos.clone()
        .swap_turn()
        .unwrap_or_else(|_| panic!("no pass in {}", fen_of(pos)))
}

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
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

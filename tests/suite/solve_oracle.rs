//! `fenboard solve` against independent references: Popeye's keys and helpmate solutions for
//! chess (tests/fixtures/solve_popeye.tsv, scripts/make-solve-fixtures.py) and keys proved by
//! brute force over Fairy-Stockfish's move generator for xiangqi
//! (tests/fixtures/solve_xiangqi.tsv, scripts/make-xiangqi-solve-fixtures.py). Every record must
//! match exactly — the same set of keys, or the same set of whole solutions — and a failure lists
//! every record that does not.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

use crate::common::tsv::{Record, records};

const POPEYE: &str = include_str!("../fixtures/solve_popeye.tsv");
const XIANGQI: &str = include_str!("../fixtures/solve_xiangqi.tsv");

/// Every chess stipulation `fenboard solve` takes (see the README) that the Popeye fixture must
/// cover.
const CHESS_STIPULATIONS: [&str; 13] = [
    "#1", "#2", "#3", "=2", "s#1", "s#2", "s=1", "h#1", "h#2", "h#3", "h=2", "h#1.5", "h#2.5",
];

impl Record {
    /// The `expected` column as a set: keys (`e2e4`) or whole solutions (`e7e8q d8e8`).
    fn expected(&self) -> BTreeSet<String> {
        match self.get("expected") {
            "-" => BTreeSet::new(),
            list => list.split(',').map(str::to_owned).collect(),
        }
    }
}

fn is_help(stipulation: &str) -> bool {
    stipulation.starts_with('h')
}

/// What fenboard found, in the fixture's terms, or why it could not be read. `threads` is 1 or
/// 2 by record, so that both the single-threaded search and the split over root moves answer.
fn solve(
    fen: &str,
    stipulation: &str,
    checks: bool,
    threads: &str,
) -> Result<BTreeSet<String>, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fenboard"));
    cmd.args([
        "solve",
        "--json",
        "--threads",
        threads,
        "--stip",
        stipulation,
        // The fixture's convention: the FEN's side to move begins, help play included.
        "--as-given",
    ]);
    if checks {
        cmd.arg("--checks");
    }
    let out = cmd.arg(fen).output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let code = out.status.code();
    if !matches!(code, Some(0 | 1)) {
        return Err(format!(
            "exit {code:?}: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let line = stdout.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let json: Value =
        serde_json::from_str(line).map_err(|e| format!("not JSON ({e}): {line:?}"))?;
    let found = found_in(&json, stipulation)?;
    if code != Some(if found.is_empty() { 1 } else { 0 }) {
        return Err(format!("exit {code:?} for {} moves found", found.len()));
    }
    Ok(found)
}

/// The keys (or helpmate solutions) of one `--json` object, checked against its `result`.
fn found_in(json: &Value, stipulation: &str) -> Result<BTreeSet<String>, String> {
    let result = json["result"].as_str().unwrap_or("");
    let uci = |m: &Value| m["uci"].as_str().map(str::to_owned);
    let found: BTreeSet<String> = if is_help(stipulation) {
        let solutions = json["solutions"].as_array().ok_or("no solutions array")?;
        solutions
            .iter()
            .map(|s| {
                let moves = s.as_array().ok_or("a solution is not an array")?;
                let moves: Option<Vec<String>> = moves.iter().map(uci).collect();
                moves.map(|m| m.join(" ")).ok_or("a move without uci")
            })
            .collect::<Result<_, _>>()?
    } else {
        let keys = json["keys"].as_array().ok_or("no keys array")?;
        keys.iter()
            .map(|k| uci(k).ok_or("a key without uci"))
            .collect::<Result<_, _>>()?
    };
    let expected_result = if found.is_empty() {
        "no_solution"
    } else {
        "solved"
    };
    if result != expected_result {
        return Err(format!(
            "result {result:?} with {} moves found",
            found.len()
        ));
    }
    Ok(found)
}

/// Describes a record's disagreement, if any.
fn compare(r: &Record, rule: &str, found: Result<BTreeSet<String>, String>) -> Option<String> {
    let (fen, stip) = (r.get("fen"), r.get("stipulation"));
    let expected = r.expected();
    match found {
        Err(e) => Some(format!("line {}: {stip}{rule} {fen}: {e}", r.line)),
        Ok(found) if found != expected => {
            let missing: Vec<_> = expected.difference(&found).collect();
            let extra: Vec<_> = found.difference(&expected).collect();
            Some(format!(
                "line {}: {stip}{rule} {fen}: missing {missing:?}, not in the reference {extra:?}",
                r.line
            ))
        }
        Ok(_) => None,
    }
}

/// Solves `records` as one EPD collection (`stip "…"; id "N";`, N the fixture line) in one
/// process, the way a composer checks a file of problems, and compares record by record.
fn file_mismatches(name: &str, records: &[&Record], checks: bool) -> Vec<String> {
    let path = std::env::temp_dir().join(format!("fenboard-{}-{name}.epd", std::process::id()));
    let mut epd = String::new();
    for r in records {
        let fields: Vec<&str> = r.get("fen").split(' ').take(4).collect();
        let stip = r.get("stipulation");
        epd.push_str(&format!(
            "{} stip \"{stip}\"; id \"{}\";\n",
            fields.join(" "),
            r.line
        ));
    }
    std::fs::write(&path, epd).expect("temp file written");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fenboard"));
    cmd.args(["solve", "--json", "--as-given"]);
    if checks {
        cmd.arg("--checks");
    }
    let out = cmd.arg(&path).output().expect("fenboard runs");
    let _ = std::fs::remove_file(&path);
    let mut by_id = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if let Ok(json) = serde_json::from_str::<Value>(line)
            && let Some(id) = json["id"].as_str()
        {
            by_id.insert(id.to_string(), json);
        }
    }
    let rule = if checks { " --checks" } else { "" };
    records
        .iter()
        .filter_map(|r| {
            let found = match by_id.get(&r.line.to_string()) {
                None => Err(format!(
                    "no JSON object with id {} (exit {:?}: {})",
                    r.line,
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).trim()
                )),
                Some(json) => found_in(json, r.get("stipulation")),
            };
            compare(r, rule, found)
        })
        .collect()
}

/// Runs every record (on two threads: each problem is its own process) and describes each one
/// where fenboard disagrees with the reference, in fixture order.
fn mismatches(records: &[Record], checks_of: impl Fn(&Record) -> bool + Sync) -> Vec<String> {
    let check = |r: &Record| -> Option<String> {
        let checks = checks_of(r);
        let threads = if r.line.is_multiple_of(2) { "2" } else { "1" };
        let found = solve(r.get("fen"), r.get("stipulation"), checks, threads);
        compare(r, if checks { " --checks" } else { "" }, found)
    };
    let half = records.len().div_ceil(2);
    let (first, second) = records.split_at(half);
    std::thread::scope(|s| {
        let other = s.spawn(|| second.iter().filter_map(check).collect::<Vec<_>>());
        let mut bad: Vec<String> = first.iter().filter_map(check).collect();
        bad.extend(other.join().expect("the second half ran"));
        bad
    })
}

#[test]
fn popeye_fixture_covers_every_chess_stipulation() {
    let rows = records(POPEYE);
    assert!(rows.len() >= 300, "only {} problems", rows.len());
    for stip in CHESS_STIPULATIONS {
        let of_stip: Vec<_> = rows
            .iter()
            .filter(|r| r.get("stipulation") == stip)
            .collect();
        let solved = of_stip.iter().filter(|r| !r.expected().is_empty()).count();
        assert!(solved >= 5, "{stip}: {solved} problems with a solution");
        assert!(
            of_stip.len() > solved,
            "{stip}: no problem without a solution"
        );
    }
}

#[test]
fn xiangqi_fixture_covers_one_to_three_moves_with_and_without_checks() {
    let rows = records(XIANGQI);
    assert!(rows.len() >= 100, "only {} problems", rows.len());
    for stip in ["#1", "#2", "#3"] {
        for checks in ["yes", "no"] {
            let of: Vec<_> = rows
                .iter()
                .filter(|r| r.get("stipulation") == stip && r.get("checks") == checks)
                .collect();
            let solved = of.iter().filter(|r| !r.expected().is_empty()).count();
            assert!(solved >= 5, "{stip} checks={checks}: {solved} with a key");
            assert!(
                of.len() > solved,
                "{stip} checks={checks}: none without a key"
            );
        }
    }
}

#[test]
fn solver_finds_exactly_popeyes_keys_and_solutions() {
    let rows = records(POPEYE);
    let bad = mismatches(&rows, |_| false);
    assert!(
        bad.is_empty(),
        "fenboard disagrees with Popeye on {} of {} problems:\n{}",
        bad.len(),
        rows.len(),
        bad.join("\n")
    );
}

#[test]
fn solver_finds_exactly_the_brute_force_xiangqi_keys() {
    let rows = records(XIANGQI);
    let bad = mismatches(&rows, |r| r.get("checks") == "yes");
    assert!(
        bad.is_empty(),
        "fenboard disagrees with the Fairy-Stockfish brute force on {} of {} problems:\n{}",
        bad.len(),
        rows.len(),
        bad.join("\n")
    );
}

#[test]
fn a_file_of_problems_gets_the_same_answers_as_each_problem_alone() {
    let chess = records(POPEYE);
    let xiangqi = records(XIANGQI);
    let mut bad = file_mismatches("chess", &chess.iter().collect::<Vec<_>>(), false);
    for (checks, flag) in [(false, "no"), (true, "yes")] {
        let of: Vec<&Record> = xiangqi.iter().filter(|r| r.get("checks") == flag).collect();
        bad.extend(file_mismatches(&format!("xiangqi-{flag}"), &of, checks));
    }
    assert!(
        bad.is_empty(),
        "fenboard solve FILE disagrees with the references on {} records:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

//! Popeye's own example files read and solved by `fenboard solve FILE.inp`
//! (tests/fixtures/popeye/, tests/fixtures/popeye_examples.tsv,
//! scripts/make-popeye-example-fixtures.py): each file's orthodox problems, as Popeye's authors
//! wrote them, must give exactly Popeye's keys and lines, twin by twin; its fairy problems must
//! each be an error naming the fairy word, and the problems after them are solved all the same.
//! The long helpmates and series (`NAME-long.inp`) are a test of their own, run on demand.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::common::cli::{fenboard, stderr, stdout};

const FIXTURE: &str = include_str!("../fixtures/popeye_examples.tsv");

/// One fixture row: a twin of an orthodox problem, or a fairy problem.
struct Row {
    file: String,
    problem: usize,
    twin: String,
    fairy: bool,
    columns: BTreeMap<&'static str, Option<BTreeSet<String>>>,
    words: Vec<String>,
}

fn list(cell: &str) -> Option<BTreeSet<String>> {
    match cell {
        "." => None,
        "-" => Some(BTreeSet::new()),
        cell => Some(cell.split(',').map(str::to_owned).collect()),
    }
}

fn rows() -> Vec<Row> {
    let mut lines = FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    assert_eq!(
        lines.next(),
        Some("file\tproblem\ttwin\tkind\tkeys\tsolutions\tset\tfairy")
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 8, "{l}");
            Row {
                file: f[0].into(),
                problem: f[1].parse().expect("a problem number"),
                twin: f[2].into(),
                fairy: f[3] == "fairy",
                columns: [("keys", f[4]), ("solutions", f[5]), ("set", f[6])]
                    .into_iter()
                    .map(|(c, v)| (c, list(v)))
                    .collect(),
                words: f[7].split('|').map(str::to_owned).collect(),
            }
        })
        .collect()
}

fn uci(m: &Value) -> String {
    m["uci"].as_str().expect("a move with its uci").to_owned()
}

fn line_of(moves: &Value) -> String {
    let moves = moves.as_array().expect("a line is an array");
    moves.iter().map(uci).collect::<Vec<_>>().join(" ")
}

/// What fenboard's object for one twin says in `column`.
fn found(json: &Value, column: &str) -> BTreeSet<String> {
    let array = |key: &str| json[key].as_array().cloned().unwrap_or_default();
    match column {
        "keys" => array("keys").iter().map(uci).collect(),
        "solutions" => array("solutions")
            .into_iter()
            .chain(array("set"))
            .map(|l| line_of(&l))
            .collect(),
        _ => {
            let mut pairs = BTreeSet::new();
            for v in array("set") {
                for c in v["continuations"].as_array().into_iter().flatten() {
                    pairs.insert(format!("{} {}", uci(&v["defence"]), uci(&c[0])));
                }
            }
            pairs
        }
    }
}

/// fenboard's JSON objects for a file, grouped by problem (its `line`), in order.
fn problems(file: &str) -> Vec<Vec<Value>> {
    let path = format!("tests/fixtures/popeye/{file}");
    let o = fenboard(&["solve", "--json", &path]);
    // 2: some problem did not read (the fairy ones), which the rows check one by one.
    assert!(
        matches!(o.status.code(), Some(0..=2)),
        "{file}: exit {:?}: {}",
        o.status.code(),
        stderr(&o)
    );
    let mut out: Vec<Vec<Value>> = Vec::new();
    for line in stdout(&o).lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("a JSON object");
        match out.last_mut() {
            Some(group) if group[0]["line"] == v["line"] => group.push(v),
            _ => out.push(vec![v]),
        }
    }
    out
}

/// Every disagreement of fenboard with the fixture over one file.
fn disagreements(file: &str, rows: &[&Row]) -> Vec<String> {
    let got = problems(file);
    let count = rows.iter().map(|r| r.problem).max().unwrap_or(0);
    if got.len() != count {
        return vec![format!(
            "{file}: {} problems read, {count} in the file",
            got.len()
        )];
    }
    let mut bad = Vec::new();
    for row in rows {
        let objects = &got[row.problem - 1];
        let what = format!("{file} problem {} ({})", row.problem, row.twin);
        if row.fairy {
            let error = objects[0]["error"].as_str().unwrap_or("").to_lowercase();
            let named = row.words.iter().any(|w| error.contains(&w.to_lowercase()));
            if objects[0]["result"] != "error" || !named {
                bad.push(format!(
                    "{what}: not an error naming {:?}: {}",
                    row.words, objects[0]
                ));
            }
            continue;
        }
        let Some(json) = objects
            .iter()
            .find(|o| o["twin"].as_str().unwrap_or("a") == row.twin)
        else {
            bad.push(format!("{what}: no such twin in {objects:?}"));
            continue;
        };
        for (column, want) in &row.columns {
            let Some(want) = want else { continue };
            let got = found(json, column);
            if &got != want {
                let missing: Vec<_> = want.difference(&got).collect();
                let extra: Vec<_> = got.difference(want).collect();
                bad.push(format!(
                    "{what} {column}: missing {missing:?}, not Popeye's {extra:?}"
                ));
            }
        }
    }
    bad
}

/// Solves the fixture files `pick` chooses and fails listing every disagreement.
fn check_files(pick: impl Fn(&str) -> bool) {
    let rows = rows();
    let mut files: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in rows.iter().filter(|r| pick(&r.file)) {
        files.entry(&r.file).or_default().push(r);
    }
    assert!(!files.is_empty(), "no such fixture file");
    let bad: Vec<String> = files
        .iter()
        .flat_map(|(file, rows)| disagreements(file, rows))
        .collect();
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn popeyes_own_orthodox_examples_solve_to_popeyes_results_and_the_fairy_ones_are_named() {
    check_files(|file| !file.ends_with("-long.inp"));
}

/// Popeye's long helpmates and series (NAME-long.inp), which its intelligent mode solves at
/// once and fenboard's search takes about half a minute for (CI runs it).
#[test]
#[ignore = "half a minute: run with -- --ignored"]
fn popeyes_own_long_helpmates_and_series_solve_to_popeyes_results() {
    check_files(|file| file.ends_with("-long.inp"));
}

#[test]
fn the_example_fixture_has_orthodox_and_fairy_problems_from_every_folder() {
    let rows = rows();
    let problems: BTreeSet<(&str, usize, bool)> = rows
        .iter()
        .map(|r| (r.file.as_str(), r.problem, r.fairy))
        .collect();
    let orthodox = problems.iter().filter(|p| !p.2).count();
    let fairy = problems.iter().filter(|p| p.2).count();
    assert!(
        orthodox >= 40 && fairy >= 20,
        "{orthodox} orthodox, {fairy} fairy"
    );
    for folder in ["beispiel-", "tests-", "regressions-"] {
        assert!(
            problems.iter().any(|p| p.0.starts_with(folder) && !p.2),
            "no orthodox problem from {folder}"
        );
    }
}

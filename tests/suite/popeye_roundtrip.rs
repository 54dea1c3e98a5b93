//! fenboard's Popeye export proved against Popeye (tests/fixtures/popeye_roundtrip.tsv,
//! scripts/make-popeye-roundtrip.py): every chess record of `assets/examples/` and a few hundred
//! composer problems of every family, with set play and twins, written with
//! `fenboard convert --to popeye` and solved by Popeye. One test solves the same records with
//! `fenboard solve` and asks for Popeye's keys and lines, twin by twin; one, where Popeye is
//! built, converts the records again and lets Popeye solve them, to show that the export still
//! says what the fixture recorded.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

use crate::common::cli::Scratch;
use crate::common::{needs, tools};

const FIXTURE: &str = include_str!("../fixtures/popeye_roundtrip.tsv");

/// One fixture row: a twin of a record.
struct Row {
    line: usize,
    id: String,
    twin: String,
    record: String,
    keys: Option<BTreeSet<String>>,
    solutions: Option<BTreeSet<String>>,
    set: Option<BTreeSet<String>>,
    popeye: BTreeSet<String>,
}

fn list(cell: &str, sep: char) -> Option<BTreeSet<String>> {
    match cell {
        "." => None,
        "-" => Some(BTreeSet::new()),
        cell => Some(cell.split(sep).map(str::to_owned).collect()),
    }
}

fn rows() -> Vec<Row> {
    let mut lines = FIXTURE
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.is_empty());
    let (_, header) = lines.next().expect("a header");
    assert_eq!(header, "id\ttwin\trecord\tkeys\tsolutions\tset\tpopeye");
    lines
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 7, "line {}: {l}", i + 1);
            Row {
                line: i + 1,
                id: f[0].into(),
                twin: f[1].into(),
                record: f[2].into(),
                keys: list(f[3], ','),
                solutions: list(f[4], ','),
                set: list(f[5], ','),
                popeye: list(f[6], '|').unwrap_or_default(),
            }
        })
        .collect()
}

/// The records, each once, in the fixture's order.
fn records(rows: &[Row]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for r in rows {
        if out.last() != Some(&r.record.as_str()) {
            out.push(&r.record);
        }
    }
    out
}

fn records_file(dir: &Scratch, rows: &[Row]) -> std::path::PathBuf {
    let text: String = records(rows).iter().map(|r| format!("{r}\n")).collect();
    dir.file("records.epd", &text)
}

fn uci(m: &Value) -> String {
    m["uci"].as_str().expect("a move with its uci").to_owned()
}

fn line_of(moves: &Value) -> String {
    let moves = moves.as_array().expect("a line is an array");
    moves.iter().map(uci).collect::<Vec<_>>().join(" ")
}

/// What fenboard's JSON object for one twin says, in the fixture's columns.
fn found(json: &Value, row: &Row) -> BTreeMap<&'static str, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    let array = |key: &str| json[key].as_array().cloned().unwrap_or_default();
    if row.keys.is_some() {
        out.insert("keys", array("keys").iter().map(uci).collect());
    }
    if row.solutions.is_some() {
        // Popeye prints a helpmate's set lines among its solutions; the fixture keeps them so.
        let lines = array("solutions").into_iter().chain(array("set"));
        out.insert("solutions", lines.map(|l| line_of(&l)).collect());
    }
    if row.set.is_some() {
        let mut pairs = BTreeSet::new();
        for v in array("set") {
            for c in v["continuations"].as_array().into_iter().flatten() {
                pairs.insert(format!("{} {}", uci(&v["defence"]), uci(&c[0])));
            }
        }
        out.insert("set", pairs);
    }
    out
}

#[test]
fn fenboard_finds_popeyes_answers_to_its_own_popeye_export() {
    let rows = rows();
    let dir = Scratch::new("roundtrip-solve");
    let file = records_file(&dir, &rows);
    let out = Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .args(["solve", "--json"])
        .arg(&file)
        .output()
        .expect("fenboard runs");
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let objects: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON object"))
        .collect();
    assert_eq!(objects.len(), rows.len(), "one JSON object per twin");
    let mut bad = Vec::new();
    for (row, json) in rows.iter().zip(&objects) {
        let what = format!("line {} ({} {})", row.line, row.id, row.twin);
        if json["id"].as_str() != Some(row.id.as_str()) {
            bad.push(format!("{what}: fenboard answered for {:?}", json["id"]));
            continue;
        }
        let label = json["twin"].as_str().unwrap_or("a");
        if label != row.twin {
            bad.push(format!("{what}: fenboard's twin is {label}"));
            continue;
        }
        for (column, got) in found(json, row) {
            let want = match column {
                "keys" => &row.keys,
                "solutions" => &row.solutions,
                _ => &row.set,
            };
            let want = want.as_ref().expect("a column the row has");
            if &got != want {
                let missing: Vec<_> = want.difference(&got).collect();
                let extra: Vec<_> = got.difference(want).collect();
                bad.push(format!(
                    "{what} {column}: missing {missing:?}, not Popeye's {extra:?}"
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "fenboard disagrees with Popeye {} times:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_roundtrip_fixture_covers_every_family_set_play_and_twins() {
    let rows = rows();
    let records = records(&rows);
    assert!(records.len() >= 250, "only {} records", records.len());
    for family in [
        "\"#", "\"s#", "\"h#", ".5\"", "\"ser-#", "\"ser-h#", "\"ser-s#", "\"ser-=", "\"r#", "\"r=",
    ] {
        let of = records
            .iter()
            .filter(|r| r.contains(&format!("stip {family}")) || r.contains(family))
            .count();
        assert!(of >= 5, "{family}: {of} records");
    }
    let twinned = records.iter().filter(|r| r.contains("twins \"")).count();
    let set_play = records.iter().filter(|r| r.contains(" setplay;")).count();
    assert!(
        twinned >= 40 && set_play >= 40,
        "{twinned} twinned, {set_play} set play"
    );
    let examples = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples/chess-mates.epd"),
    )
    .expect("the examples file");
    for record in examples
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        assert!(records.contains(&record), "not in the fixture: {record}");
    }
}

/// Popeye's answer to one twin in the fixture's `popeye` words: `key MOVE` for a key line
/// (three spaces, `1.`, a `!`), `line MOVES` for a whole line of help or series play (two
/// spaces, `1.`), `set DEFENCE ANSWER` for the set play printed before the first key.
fn popeye_words(lines: &[&str]) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    let mut keyed = false;
    let mut defence: Option<String> = None;
    for line in lines {
        if let Some(rest) = line.strip_prefix("   1.")
            && !rest.starts_with('.')
        {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.contains(&"!") {
                keyed = true;
                words.insert(format!("key {}", moves(&tokens[..1])[0]));
            }
        } else if line.starts_with("  1.") {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            words.insert(format!("line {}", moves(&tokens).join(" ")));
        } else if keyed {
        } else if let Some(rest) = line.strip_prefix("      1...") {
            defence = rest
                .split_whitespace()
                .next()
                .map(|m| moves(&[m])[0].clone());
        } else if let Some(rest) = line.strip_prefix("          2.")
            && let (Some(d), Some(answer)) = (&defence, rest.split_whitespace().next())
        {
            words.insert(format!("set {d} {}", moves(&[answer])[0]));
        }
    }
    words
}

/// The moves of Popeye's tokens: move numbers stripped, marks (`#`, `+`, `ep.`) left out.
fn moves(tokens: &[&str]) -> Vec<String> {
    tokens
        .iter()
        .map(|t| {
            let numbered = t.trim_start_matches(|c: char| c.is_ascii_digit());
            if numbered.len() < t.len() && numbered.starts_with('.') {
                numbered.trim_start_matches('.')
            } else {
                t
            }
        })
        .filter(|t| t.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

/// Popeye's output split into problems (each ends with `solution finished`) and each into its
/// twins (`b) …`, `+c) …` begin one).
fn answers(out: &str) -> Vec<BTreeMap<String, Vec<&str>>> {
    let mut problems = Vec::new();
    let mut twins: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut current = String::from("a");
    for line in out.lines().skip(1) {
        if line.contains("solution finished") {
            problems.push(std::mem::take(&mut twins));
            current = "a".into();
            continue;
        }
        let label = line.trim_start_matches('+');
        let bytes = label.as_bytes();
        if bytes.len() >= 3 && bytes[0].is_ascii_lowercase() && &bytes[1..3] == b") " {
            current = label[..1].to_owned();
            twins.entry(current.clone()).or_default();
            continue;
        }
        twins.entry(current.clone()).or_default().push(line);
    }
    problems
}

#[needs(popeye)]
#[test]
fn popeye_solves_fenboards_export_as_the_fixture_recorded() {
    let rows = rows();
    let dir = Scratch::new("roundtrip-popeye");
    let file = records_file(&dir, &rows);
    let inp = dir.path().join("records.inp");
    let converted = Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .arg("convert")
        .arg(&file)
        .args(["--to", "popeye", "-o"])
        .arg(&inp)
        .status()
        .expect("fenboard runs");
    assert!(converted.success(), "convert --to popeye: {converted}");
    let out = Command::new(tools::popeye_path())
        .args(["-maxmem", "256M"])
        .arg(&inp)
        .output()
        .expect("Popeye runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let problems = answers(&text);
    let records = records(&rows);
    assert_eq!(problems.len(), records.len(), "one answer per problem");
    let mut by_record: BTreeMap<&str, &BTreeMap<String, Vec<&str>>> = BTreeMap::new();
    for (record, answer) in records.iter().zip(&problems) {
        by_record.insert(record, answer);
    }
    let mut bad = Vec::new();
    for row in &rows {
        let twins = by_record[row.record.as_str()];
        let got = twins
            .get(&row.twin)
            .map(|lines| popeye_words(lines))
            .unwrap_or_default();
        if got != row.popeye {
            let missing: Vec<_> = row.popeye.difference(&got).collect();
            let extra: Vec<_> = got.difference(&row.popeye).collect();
            bad.push(format!(
                "line {} ({} {}): Popeye no longer says {missing:?}, now says {extra:?}",
                row.line, row.id, row.twin
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

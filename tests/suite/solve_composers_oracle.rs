//! `fenboard solve` against Popeye on problems as composers write them
//! (tests/fixtures/solve_popeye_composers.tsv, scripts/make-composer-fixtures.py): series and
//! reflex play, helpmates in their fixed order, set play, twins and the variations of a #2 with
//! a threat. Each problem runs as its own `fenboard solve --json` process; every twin must give
//! exactly Popeye's keys, whole solutions, set play and `key defence answer` variations, on the
//! twin's own board and stipulation. Each group of problems is its own test, so that a group
//! turns on when the solver speaks it; a failure lists every record that disagrees.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use serde_json::Value;

use crate::common::tsv::{Record as Row, records};

const FIXTURE: &str = include_str!("../fixtures/solve_popeye_composers.tsv");

/// The twin commands a composer uses, each of which the fixture must exercise.
const TWIN_COMMANDS: [&str; 10] = [
    "move",
    "exchange",
    "remove",
    "add",
    "rotate",
    "mirror",
    "shift",
    "polish",
    "stipulation",
    "cont",
];

/// The new stipulation families, each of which the fixture must have with and without solutions.
const NEW_FAMILIES: [&str; 7] = ["ser-#", "ser-=", "ser-h#", "ser-h=", "ser-s#", "r#", "r="];

/// A fixture line is one twin of a problem.
impl Row {
    /// A list column as a set; `None` for `.` (not asked, or not of this family).
    fn list(&self, column: &str) -> Option<BTreeSet<String>> {
        match self.get(column) {
            "." => None,
            "-" => Some(BTreeSet::new()),
            list => Some(list.split(',').map(str::to_owned).collect()),
        }
    }
}

/// A problem: its twins' rows, `a` first.
struct Problem<'a> {
    rows: Vec<&'a Row>,
}

impl Problem<'_> {
    fn first(&self) -> &Row {
        self.rows[0]
    }

    fn stipulation(&self) -> &str {
        self.first().get("stipulation")
    }

    fn twinned(&self) -> bool {
        self.first().get("twins") != "-"
    }

    fn set_play(&self) -> bool {
        self.first().get("setplay") == "yes"
    }

    /// The twins as `--twin` arguments: `b) move c3 d4 c) cont add black pe4` gives
    /// `move c3 d4` and `cont add black pe4`.
    fn twin_args(&self) -> Vec<String> {
        let mut twins: Vec<Vec<&str>> = Vec::new();
        if self.twinned() {
            for word in self.first().get("twins").split_whitespace() {
                let label = word.len() == 2 && word.ends_with(')');
                match twins.last_mut() {
                    Some(words) if !label => words.push(word),
                    _ => twins.push(Vec::new()),
                }
            }
        }
        twins.into_iter().map(|w| w.join(" ")).collect()
    }

    /// Whether any twin has a solution (or a key).
    fn solved(&self) -> bool {
        self.rows.iter().any(|r| {
            r.list("keys").is_some_and(|k| !k.is_empty())
                || r.list("solutions").is_some_and(|s| !s.is_empty())
        })
    }
}

fn rows() -> Vec<Row> {
    records(FIXTURE)
}

fn problems(rows: &[Row]) -> Vec<Problem<'_>> {
    let mut out: Vec<Problem> = Vec::new();
    for row in rows {
        match out.last_mut() {
            Some(p) if p.first().get("id") == row.get("id") => p.rows.push(row),
            _ => out.push(Problem { rows: vec![row] }),
        }
    }
    out
}

/// The goals of the last move, each of which the fixture must have with and without solutions.
const LAST_MOVE_GOALS: [&str; 5] = ["x", "%", "+", "ep", "00"];

/// `#`, `h#`, `ser-h=`, `r#`, `h00` …: a stipulation without its number of moves (the
/// castling goal `00` is a sign, not a number).
fn family(stipulation: &str) -> &str {
    for prefix in ["ser-h", "ser-s", "ser-", "h", "s", "r", ""] {
        if let Some(rest) = stipulation.strip_prefix(prefix) {
            for goal in ["#", "=", "+", "x", "%", "ep", "00"] {
                if rest.starts_with(goal) {
                    return &stipulation[..prefix.len() + goal.len()];
                }
            }
        }
    }
    stipulation
}

/// Whether the stipulation's goal is one of the last move's (not mate or stalemate).
fn last_move_goal(stipulation: &str) -> bool {
    !family(stipulation).ends_with(['#', '='])
}

/// Whether the FEN's side is the one that begins in the composers' order: Black for h#n,
/// h=n and ser-h#n, White for everything else.
fn fen_side_begins(p: &Problem) -> bool {
    let stip = p.stipulation();
    let black_begins =
        stip.starts_with("ser-h") || (stip.starts_with('h') && !stip.ends_with(".5"));
    let side = p.first().get("fen").split(' ').nth(1);
    side == Some(if black_begins { "b" } else { "w" })
}

/// The group a problem is tested in: twins, set play and the #2 variations first, then the
/// stipulation's family; helpmates whose FEN names the other side as to move are the fixed
/// order's own group.
fn group(p: &Problem) -> String {
    if p.twinned() {
        return "twins".into();
    }
    if p.set_play() {
        return "set play".into();
    }
    if p.first().get("defences") != "." {
        return "#2 variations".into();
    }
    if last_move_goal(p.stipulation()) {
        return "last-move goals".into();
    }
    let fam = family(p.stipulation());
    match fam {
        "#" | "=" | "s#" | "s=" => "orthodox".into(),
        "h#" | "h=" if fen_side_begins(p) => "help as given".into(),
        "h#" | "h=" => "help fixed order".into(),
        _ => fam.into(),
    }
}

fn uci(m: &Value) -> Result<String, String> {
    m["uci"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("a move without uci: {m}"))
}

fn line_of(moves: &Value) -> Result<String, String> {
    let moves = moves.as_array().ok_or("a line is not an array")?;
    Ok(moves
        .iter()
        .map(uci)
        .collect::<Result<Vec<_>, _>>()?
        .join(" "))
}

/// `defence answer` pairs of a `variations`-shaped array (each defence with its continuations'
/// first moves); defences without a continuation give none.
fn pairs(variations: &Value, prefix: &str) -> Result<BTreeSet<String>, String> {
    let mut out = BTreeSet::new();
    for v in variations.as_array().ok_or("variations are not an array")? {
        let defence = uci(&v["defence"])?;
        for c in v["continuations"]
            .as_array()
            .ok_or("no continuations array")?
        {
            let first = c.get(0).ok_or("an empty continuation")?;
            out.insert(format!("{prefix}{defence} {}", uci(first)?));
        }
    }
    Ok(out)
}

/// What one `--json` object (one twin) says, in the fixture's columns.
fn found(json: &Value, row: &Row) -> Result<BTreeMap<&'static str, BTreeSet<String>>, String> {
    let mut out = BTreeMap::new();
    if row.list("keys").is_some() {
        let keys = json["keys"].as_array().ok_or("no keys array")?;
        out.insert("keys", keys.iter().map(uci).collect::<Result<_, _>>()?);
    }
    if row.list("solutions").is_some() {
        let sols = json["solutions"].as_array().ok_or("no solutions array")?;
        out.insert(
            "solutions",
            sols.iter().map(line_of).collect::<Result<_, _>>()?,
        );
    }
    if row.list("set").is_some() {
        let set = &json["set"];
        let lines = if row.list("solutions").is_some() {
            let set = set.as_array().ok_or("no set array")?;
            set.iter().map(line_of).collect::<Result<_, _>>()?
        } else {
            pairs(set, "")?
        };
        out.insert("set", lines);
    }
    if row.list("defences").is_some() {
        let mut triples = BTreeSet::new();
        for tree in json["trees"].as_array().ok_or("no trees array")? {
            let threatens = tree["threat"].as_array().is_some_and(|t| !t.is_empty());
            if threatens && tree["length"].as_u64() != Some(1) {
                let key = uci(&tree["key"])?;
                triples.extend(pairs(&tree["variations"], &format!("{key} "))?);
            }
        }
        out.insert("defences", triples);
    }
    Ok(out)
}

/// fenboard's `--json` objects for a problem, one per twin, in order.
fn run(p: &Problem) -> Result<Vec<Value>, String> {
    let first = p.first();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fenboard"));
    cmd.args(["solve", "--json", "--stip", p.stipulation()]);
    if p.set_play() {
        cmd.arg("--set-play");
    }
    for twin in p.twin_args() {
        cmd.args(["--twin", &twin]);
    }
    let out = cmd
        .arg(first.get("fen"))
        .output()
        .map_err(|e| e.to_string())?;
    if !matches!(out.status.code(), Some(0 | 1)) {
        return Err(format!(
            "exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).map_err(|e| format!("not JSON ({e}): {l:?}")))
        .collect()
}

/// Every disagreement of one problem with Popeye, twin by twin and column by column.
fn disagreements(p: &Problem) -> Vec<String> {
    let first = p.first();
    let what = format!(
        "line {}: {} {}{}",
        first.line,
        p.stipulation(),
        first.get("fen"),
        if p.twinned() {
            format!(" twins \"{}\"", first.get("twins"))
        } else {
            String::new()
        }
    );
    let objects = match run(p) {
        Ok(o) => o,
        Err(e) => return vec![format!("{what}: {e}")],
    };
    if objects.len() != p.rows.len() {
        return vec![format!(
            "{what}: {} JSON objects for {} twins",
            objects.len(),
            p.rows.len()
        )];
    }
    let mut bad = Vec::new();
    for (row, json) in p.rows.iter().zip(&objects) {
        let twin = row.get("twin");
        if p.twinned() {
            let label = json["twin"].as_str().unwrap_or("");
            let board = json["fen"].as_str().unwrap_or("").split(' ').next();
            let stip = json["stipulation"].as_str().unwrap_or("");
            if label != twin
                || board != Some(row.get("board"))
                || stip != row.get("twin_stipulation")
            {
                bad.push(format!(
                    "{what}: twin {twin} is {label}) {board:?} {stip}, Popeye's is {} {}",
                    row.get("board"),
                    row.get("twin_stipulation")
                ));
                continue;
            }
        }
        match found(json, row) {
            Err(e) => bad.push(format!("{what}: twin {twin}: {e}")),
            Ok(found) => {
                for (column, got) in found {
                    let want = row.list(column).expect("a column fenboard was asked for");
                    if got != want {
                        let missing: Vec<_> = want.difference(&got).collect();
                        let extra: Vec<_> = got.difference(&want).collect();
                        bad.push(format!(
                            "{what}: twin {twin} {column}: missing {missing:?}, not Popeye's {extra:?}"
                        ));
                    }
                }
            }
        }
    }
    bad
}

/// Solves every problem of `group` (on two threads) and fails listing each disagreement.
fn check_group(name: &str) {
    let rows = rows();
    let all = problems(&rows);
    let of: Vec<&Problem> = all.iter().filter(|p| group(p) == name).collect();
    assert!(!of.is_empty(), "no problems in group {name}");
    let (first, second) = of.split_at(of.len().div_ceil(2));
    let bad: Vec<String> = std::thread::scope(|s| {
        let other = s.spawn(|| {
            second
                .iter()
                .flat_map(|p| disagreements(p))
                .collect::<Vec<_>>()
        });
        let mut bad: Vec<String> = first.iter().flat_map(|p| disagreements(p)).collect();
        bad.extend(other.join().expect("the second half ran"));
        bad
    });
    assert!(
        bad.is_empty(),
        "{name}: fenboard disagrees with Popeye {} times over {} problems:\n{}",
        bad.len(),
        of.len(),
        bad.join("\n")
    );
}

#[test]
fn composer_fixture_covers_every_family_set_play_twin_command_and_popeyes_examples() {
    let rows = rows();
    let all = problems(&rows);
    assert!(all.len() >= 400, "only {} problems", all.len());
    for fam in NEW_FAMILIES {
        let of: Vec<_> = all
            .iter()
            .filter(|p| !p.twinned() && family(p.stipulation()) == fam)
            .collect();
        let solved = of.iter().filter(|p| p.solved()).count();
        assert!(solved >= 5, "{fam}: {solved} problems with a solution");
        assert!(of.len() > solved, "{fam}: none without a solution");
    }
    for (begins_black, stips) in [
        (true, ["h#1", "h#2", "h#3"]),
        (false, ["h#1.5", "h#2.5", ""]),
    ] {
        for stip in stips.into_iter().filter(|s| !s.is_empty()) {
            let of: Vec<_> = all.iter().filter(|p| p.stipulation() == stip).collect();
            assert!(
                of.iter().any(|p| !fen_side_begins(p)),
                "{stip}: no FEN with the side that does not begin (Black begins: {begins_black})"
            );
            assert!(
                of.iter().any(|p| !p.solved()),
                "{stip}: none without a solution"
            );
        }
    }
    for stip in ["#2", "#3", "s#2", "h#2", "h#3"] {
        let with_set = all
            .iter()
            .filter(|p| p.set_play() && p.stipulation() == stip)
            .filter(|p| p.first().list("set").is_some_and(|s| !s.is_empty()))
            .count();
        assert!(with_set >= 5, "{stip}: {with_set} problems with set play");
    }
    let twinned: Vec<_> = all.iter().filter(|p| p.twinned()).collect();
    assert!(
        twinned.len() >= 60,
        "only {} twinned problems",
        twinned.len()
    );
    for command in TWIN_COMMANDS {
        assert!(
            twinned
                .iter()
                .flat_map(|p| p.twin_args())
                .any(|t| t.split_whitespace().next() == Some(command)),
            "no twin uses {command}"
        );
    }
    let threats = all
        .iter()
        .filter(|p| p.first().list("defences").is_some_and(|d| !d.is_empty()))
        .count();
    assert!(
        threats >= 20,
        "only {threats} #2 problems with threat variations"
    );
    let examples = all
        .iter()
        .filter(|p| p.first().get("source").starts_with("popeye:"))
        .count();
    assert!(examples >= 30, "only {examples} of Popeye's examples");
    let goals: Vec<_> = all
        .iter()
        .filter(|p| last_move_goal(p.stipulation()))
        .collect();
    assert!(
        goals.len() >= 40,
        "only {} last-move goal problems",
        goals.len()
    );
    for goal in LAST_MOVE_GOALS {
        let of: Vec<_> = goals
            .iter()
            .filter(|p| family(p.stipulation()).ends_with(goal))
            .collect();
        let solved = of.iter().filter(|p| p.solved()).count();
        assert!(solved >= 3, "{goal}: {solved} problems with a solution");
        assert!(of.len() > solved, "{goal}: none without a solution");
    }
    let direct = |s: &str| !s.starts_with(['h', 's', 'r']);
    let help = |s: &str| s.starts_with('h');
    let series = |s: &str| s.starts_with("ser-");
    for (play, is) in [
        ("direct", &direct as &dyn Fn(&str) -> bool),
        ("help", &help),
        ("series", &series),
    ] {
        assert!(
            goals.iter().any(|p| is(p.stipulation())),
            "no last-move goal in {play} play"
        );
    }
}

#[test]
fn goals_of_the_last_move_match_popeye() {
    check_group("last-move goals");
}

#[test]
fn orthodox_direct_play_matches_popeye() {
    check_group("orthodox");
}

#[test]
fn helpmates_with_the_beginning_side_to_move_match_popeye() {
    check_group("help as given");
}

#[test]
fn helpmates_play_in_the_fixed_order_whatever_the_fen_says() {
    check_group("help fixed order");
}

#[test]
fn series_mates_match_popeye() {
    check_group("ser-#");
}

#[test]
fn series_stalemates_match_popeye() {
    check_group("ser-=");
}

#[test]
fn series_helpmates_match_popeye() {
    check_group("ser-h#");
}

#[test]
fn series_helpstalemates_match_popeye() {
    check_group("ser-h=");
}

#[test]
fn series_selfmates_match_popeye() {
    check_group("ser-s#");
}

#[test]
fn reflexmates_match_popeye() {
    check_group("r#");
}

#[test]
fn reflex_stalemates_match_popeye() {
    check_group("r=");
}

#[test]
fn set_play_matches_popeye() {
    check_group("set play");
}

#[test]
fn every_twin_matches_popeye() {
    check_group("twins");
}

#[test]
fn the_variations_of_a_two_mover_with_a_threat_are_the_defences_popeye_prints() {
    check_group("#2 variations");
}

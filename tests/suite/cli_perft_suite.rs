//! `fenboard perft --suite` as a user runs it, on tests/fixtures/perft_suite.epd: every count
//! in it is Fairy-Stockfish's (scripts/make-perft-suite.py), in every record form real suites
//! use, with Chess960 (Shredder castling), xiangqi and an illegal record (a double check by two
//! bishops on one diagonal, line 12).

use std::process::{Command, Output};

const SUITE: &str = include_str!("../fixtures/perft_suite.epd");
const ILLEGAL_LINE: usize = 12;

fn fenboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fenboard"))
        .args(args)
        .output()
        .expect("run fenboard")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn fixture() -> String {
    format!(
        "{}/tests/fixtures/perft_suite.epd",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The `Dn count` operations of `text`'s line `line` (1-based), found by hand: every
/// `D<digits> <digits>` between separators.
fn counts_on(text: &str) -> Vec<(u32, u64)> {
    text.split(';')
        .flat_map(|seg| {
            let words: Vec<&str> = seg.split_whitespace().collect();
            words
                .windows(2)
                .filter_map(|w| {
                    let d = w[0].strip_prefix('D')?.parse().ok()?;
                    Some((d, w[1].parse().ok()?))
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// How many checks a run up to `max` plies makes: with or without the illegal record.
fn expected_checks(max: u32, with_illegal: bool) -> usize {
    SUITE
        .lines()
        .enumerate()
        .filter(|(i, l)| !l.starts_with('#') && (with_illegal || i + 1 != ILLEGAL_LINE))
        .map(|(_, l)| counts_on(l).iter().filter(|(d, _)| *d <= max).count())
        .sum()
}

/// A copy of the suite with `edit` applied, in a temporary file.
struct Edited(std::path::PathBuf);

impl Edited {
    fn new(name: &str, text: &str) -> Edited {
        let path =
            std::env::temp_dir().join(format!("fenboard-suite-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        Edited(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for Edited {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn every_count_agrees_and_the_illegal_record_is_skipped_and_said() {
    let o = fenboard(&["perft", "--suite", &fixture()]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    let n = expected_checks(u32::MAX, false);
    assert!(n > 80, "the fixture lost its records: {n}");
    assert_eq!(
        out.lines().last(),
        Some(
            format!(
                "{n} checks: {n} agree; 1 record with an illegal position skipped (--force counts them)"
            )
            .as_str()
        ),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "perft_suite.epd:{ILLEGAL_LINE}: the position is illegal; skipped (--force counts it):"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "perft_suite.epd:{ILLEGAL_LINE}: error[impossible_check]:"
        )),
        "{out}"
    );
}

#[test]
fn force_counts_the_illegal_record_and_says_so() {
    let o = fenboard(&["perft", "--suite", &fixture(), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let out = stdout(&o);
    let n = expected_checks(u32::MAX, true);
    assert_eq!(
        out.lines().last(),
        Some(
            format!(
                "{n} checks: {n} agree; 1 record with an illegal position counted anyway (--force)"
            )
            .as_str()
        ),
        "{out}"
    );
    assert!(out.contains("counted anyway (--force):"), "{out}");
}

#[test]
fn max_depth_limits_the_checks() {
    for max in [0, 1, 2] {
        let o = fenboard(&[
            "perft",
            "--suite",
            &fixture(),
            "--max-depth",
            &max.to_string(),
        ]);
        let n = expected_checks(max, false);
        let last = stdout(&o).lines().last().unwrap_or("").to_string();
        assert!(last.starts_with(&format!("{n} check")), "max {max}: {last}");
    }
}

#[test]
fn a_wrong_count_exits_1_with_its_line_and_depth() {
    // The Chess960 record (Shredder castling) gets a wrong D3.
    let text = SUITE.replace(";D3 12189 ", ";D3 12188 ");
    assert_ne!(text, SUITE);
    let line = text.lines().position(|l| l.contains("12188")).unwrap() + 1;
    let f = Edited::new("wrong.epd", &text);
    let o = fenboard(&["perft", "--suite", f.path()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    assert!(
        out.contains(&format!(
            "wrong.epd:{line}: D3 expected 12188, fenboard counts 12189"
        )),
        "{out}"
    );
    let n = expected_checks(u32::MAX, false);
    assert!(
        out.contains(&format!("{n} checks: {} agree, 1 disagree", n - 1)),
        "{out}"
    );
}

#[test]
fn a_record_that_does_not_read_exits_2() {
    for (name, bad) in [
        ("nocount.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D3"),
        ("badfen.epd", "4k3/8/8/8/8/8/8/4K3x w - - 0 1 ;D1 5"),
        ("deep.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D5000 5"),
    ] {
        let f = Edited::new(name, &format!("{SUITE}{bad}\n"));
        let o = fenboard(&["perft", "--suite", f.path()]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stdout(&o));
        let out = stdout(&o);
        let line = SUITE.lines().count() + 1;
        assert!(
            out.contains(&format!("{name}:{line}: the record does not read:")),
            "{out}"
        );
        assert!(out.contains("; 1 record that does not read"), "{out}");
    }
}

#[test]
fn json_gives_one_object_per_record_and_the_summary_on_stderr() {
    let o = fenboard(&["perft", "--suite", &fixture(), "--json", "--max-depth", "2"]);
    assert_eq!(o.status.code(), Some(0));
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let with_counts = SUITE
        .lines()
        .filter(|l| !l.starts_with('#') && !counts_on(l).is_empty())
        .count();
    assert_eq!(records.len(), with_counts);
    let illegal = records
        .iter()
        .find(|r| r["line"] == ILLEGAL_LINE)
        .expect("the illegal record");
    assert_eq!(illegal["status"], "skipped_illegal");
    assert_eq!(illegal["diagnostics"][0]["code"], "impossible_check");
    for r in records.iter().filter(|r| r["line"] != ILLEGAL_LINE) {
        assert_eq!(r["status"], "checked", "{r}");
        for c in r["checks"].as_array().unwrap() {
            assert_eq!(c["got"], c["expected"], "{r}");
            assert_eq!(c["agree"], true);
        }
    }
    assert!(stderr(&o).contains(" agree"), "{}", stderr(&o));
}

#[test]
fn a_missing_file_exits_2() {
    let o = fenboard(&["perft", "--suite", "/nonexistent/\x1b[2Jsuite.epd"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("\\u{1b}[2Jsuite.epd"), "{err}");
    assert!(!err.contains('\x1b'));
}

#[test]
fn suite_options_without_a_suite_are_a_usage_error() {
    for flag in [&["--force"][..], &["--json"], &["--max-depth", "2"]] {
        let mut args = vec!["perft"];
        args.extend_from_slice(flag);
        args.extend(["8/8/8/8/8/8/8/K6k w - - 0 1", "1"]);
        let o = fenboard(&args);
        assert_eq!(o.status.code(), Some(2), "{flag:?}");
        assert!(stdout(&o).is_empty());
        assert!(stderr(&o).contains("go with --suite"), "{}", stderr(&o));
    }
}

#[test]
fn a_suite_with_no_counts_is_an_error_not_zero_checks() {
    let dir = std::env::temp_dir().join(format!("fenboard-nocounts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.epd");
    let junk = dir.join("junk.epd");
    std::fs::write(&empty, "").unwrap();
    std::fs::write(&junk, "hello world\n\u{0}\u{1}\u{2}\nrnbqkbnr w\n").unwrap();
    for path in [empty.to_str().unwrap(), junk.to_str().unwrap(), "/dev/null"] {
        let o = fenboard(&["perft", "--suite", path]);
        assert_eq!(o.status.code(), Some(2), "{path}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("no record has a perft count"),
            "{path}: {}",
            stderr(&o)
        );
        assert!(!stdout(&o).contains("0 checks"), "{path}: {}", stdout(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

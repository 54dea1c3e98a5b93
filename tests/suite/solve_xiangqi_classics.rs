//! The solver on classic composed xiangqi mates: 《适情雅趣》's #4–#6 in which Black's mate is one
//! move away, so that Red must keep checking (tests/fixtures/xiangqi_classics.tsv, every key
//! found with Fairy-Stockfish by scripts/make-xiangqi-classics.py). The library's solver, on one
//! thread, must find exactly the fixture's keys; a failure lists every record that differs.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use fenboard::core::fen;
use fenboard::solve::{self, Options, Outcome, Stipulation};

use crate::common::tsv::{Record as Classic, records};

const CLASSICS: &str = include_str!("../fixtures/xiangqi_classics.tsv");

impl Classic {
    fn n(&self) -> u32 {
        self.get("n").parse().expect("n is a number")
    }

    fn keys(&self) -> BTreeSet<String> {
        self.get("expected").split(',').map(str::to_owned).collect()
    }
}

fn classics() -> Vec<Classic> {
    records(CLASSICS)
}

/// What is wrong with the solver's answer to `c`, if anything.
fn mismatch(c: &Classic) -> Option<String> {
    let (source, fen_text, stip) = (c.get("source"), c.get("fen"), c.get("stipulation"));
    let what = format!("line {}: {source} {stip} {fen_text}", c.line);
    let Some(position) = fen::read(fen_text, None).position else {
        return Some(format!("{what}: the FEN does not read"));
    };
    let stipulation: Stipulation = match stip.parse() {
        Ok(s) => s,
        Err(e) => return Some(format!("{what}: {e}")),
    };
    let options = Options {
        threads: 1,
        ..Options::default()
    };
    let s = match solve::solve(
        &position,
        stipulation,
        &options,
        &AtomicBool::new(false),
        &mut |_| {},
    ) {
        Ok(s) => s,
        Err(e) => return Some(format!("{what}: {e}")),
    };
    if s.outcome != Outcome::Solved {
        return Some(format!("{what}: outcome {}", s.outcome.as_str()));
    }
    let found: BTreeSet<String> = solve::named(&s)
        .keys
        .iter()
        .map(|k| k.mv.uci.to_string())
        .collect();
    let expected = c.keys();
    (found != expected).then(|| {
        let missing: Vec<_> = expected.difference(&found).collect();
        let extra: Vec<_> = found.difference(&expected).collect();
        format!("{what}: missing {missing:?}, not in the reference {extra:?}")
    })
}

/// Solves the records of the lengths `ns` and fails listing every one that differs.
fn check(ns: &[u32]) {
    let rows: Vec<Classic> = classics()
        .into_iter()
        .filter(|c| ns.contains(&c.n()))
        .collect();
    assert!(!rows.is_empty(), "no #{ns:?} in the fixture");
    let bad: Vec<String> = rows.iter().filter_map(mismatch).collect();
    assert!(
        bad.is_empty(),
        "the solver disagrees with the Fairy-Stockfish keys on {} of {} classic mates:\n{}",
        bad.len(),
        rows.len(),
        bad.join("\n")
    );
}

#[test]
fn xiangqi_classics_fixture_has_several_mates_of_each_length() {
    let rows = classics();
    for n in 4..=6 {
        let of: Vec<_> = rows.iter().filter(|c| c.n() == n).collect();
        assert!(of.len() >= 4, "#{n}: only {} positions", of.len());
        for c in of {
            assert_eq!(c.get("stipulation"), format!("#{n}"), "line {}", c.line);
            assert!(
                !c.keys().is_empty() && c.keys().iter().all(|k| k.len() == 4),
                "line {}: keys {:?}",
                c.line,
                c.get("expected")
            );
            let seconds: f64 = c.get("fsf_seconds").parse().expect("a time");
            assert!(seconds > 0.0, "line {}", c.line);
        }
    }
}

#[test]
fn solver_finds_exactly_the_keys_of_the_classic_mates_in_four_and_five() {
    check(&[4, 5]);
}

#[test]
fn solver_finds_exactly_the_keys_of_the_classic_mates_in_six() {
    check(&[6]);
}

//! A fuzz harness for every reader of outside text: the FEN reader, EPD record lines, PGN, Popeye
//! input (real example files mutated), the editor's paste cleanup and collection files. Each
//! target runs proptest-generated inputs (FEN and EPD fragments, control characters, arbitrary
//! bytes and characters) for a time
//! budget: `FENBOARD_FUZZ_SECONDS` per target (default 2; CI sets more). A panic anywhere is a
//! failure (proptest catches it and shrinks the input), and so is a broken invariant.
//!
//! Runs on stable Rust; `cargo test --release --test fuzz_readers` fuzzes faster.

use std::time::{Duration, Instant};

use fenboard::cmd::check::{Options, Summary, check_stream};
use fenboard::collection::{Collection, epd, record};
use fenboard::core::{Game, fen};
use fenboard::editor::paste;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

const FRAGMENTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "4k3/8/8/8/8/8/8/4K3 w - -",
    "8/8/8/8/8/8/8/8",
    " w ",
    " b ",
    " - ",
    " KQkq ",
    " e3 ",
    " 0 1",
    " 12 40",
    ";",
    "; ",
    " ;",
    ";D1 20",
    " ;D2 400",
    "D3",
    " D4 x",
    "D99999999999 1",
    "D64 1",
    " bm Qg6;",
    " id \"WAC.001\";",
    " c0 \"a; b\";",
    "\"",
    " hmvc 3;",
    " free text",
    "FEN: ",
    "[FEN \"",
    "\"]",
    "'",
    "`",
    "https://lichess.org/analysis/",
    "#",
    " ",
    "  ",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\0",
    "\x1b[2J",
    "\u{feff}",
    "\u{9b}",
    "é",
    "字",
    "♞",
    "/",
    "9",
    "44",
    "K",
    "k",
    "x",
];

/// Text made of FEN/EPD fragments, control characters and arbitrary characters.
fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => prop::sample::select(FRAGMENTS).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// Bytes: such text with arbitrary bytes (invalid UTF-8 included) mixed in.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => prop::sample::select(FRAGMENTS).prop_map(|s| s.as_bytes().to_vec()),
        1 => any::<u8>().prop_map(|b| vec![b]),
        1 => Just(b"\xEF\xBB\xBF".to_vec()),
    ];
    prop::collection::vec(piece, 0..48).prop_map(|v| v.concat())
}

/// Runs `test` on inputs from `strategy` until the time budget is spent (at least one batch).
fn fuzz<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    const BATCH: u32 = 256;
    let seconds: f64 = std::env::var("FENBOARD_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let budget = Duration::from_secs_f64(seconds);
    let config = Config {
        cases: BATCH,
        failure_persistence: None,
        ..Config::default()
    };
    // A runner counts its successes across runs: each batch gets a fresh one, seeded from a
    // parent whose seed is new each run.
    let mut parent = TestRunner::new(config.clone());
    let start = Instant::now();
    let mut cases = 0u64;
    loop {
        let mut runner = TestRunner::new_with_rng(config.clone(), parent.new_rng());
        if let Err(e) = runner.run(&strategy, &test) {
            panic!("fuzz {name}: {e}");
        }
        cases += u64::from(BATCH);
        if start.elapsed() >= budget {
            break;
        }
    }
    eprintln!(
        "fuzz {name}: {cases} cases in {:.1?}, no failure",
        start.elapsed()
    );
}

#[test]
fn fuzz_the_fen_reader() {
    fuzz("fen::read", text(), |text| {
        for game in [
            None,
            Some(Game::Chess),
            Some(Game::Chess960),
            Some(Game::Xiangqi),
        ] {
            let read = fen::read(&text, game);
            let errors = read.diagnostics.iter().any(|d| d.is_error());
            prop_assert_eq!(read.position.is_none(), errors);
            let len = text.chars().count();
            for d in &read.diagnostics {
                prop_assert!((1..=6).contains(&d.field.number()), "{:?}", d);
                prop_assert!(!d.message.is_empty());
                prop_assert!(!d.message.chars().any(char::is_control), "{:?}", d.message);
                if let Some(span) = &d.span {
                    prop_assert!(span.start <= span.end && span.end <= len, "{:?}", d);
                }
            }
            // Round trip: what reads writes a canonical FEN that reads back to itself.
            if let Some(pos) = read.position {
                let canonical = fen::write(&pos);
                let again = fen::read(&canonical, Some(pos.game));
                prop_assert!(
                    again.diagnostics.iter().all(|d| !d.is_error()),
                    "{}",
                    canonical
                );
                prop_assert_eq!(again.position.map(|p| fen::write(&p)), Some(canonical));
            }
        }
        Ok(())
    });
}

#[test]
fn fuzz_epd_record_lines() {
    fuzz(
        "record::parts",
        (text(), any::<bool>()),
        |(text, epd_file)| {
            let p = record::parts(&text, epd_file);
            prop_assert!(p.fen.start <= p.fen.end && p.fen.end <= text.len());
            prop_assert!(text.is_char_boundary(p.fen.start) && text.is_char_boundary(p.fen.end));
            let Some(ops) = p.ops.clone() else {
                prop_assert_eq!(p.fields, 0);
                return Ok(());
            };
            prop_assert!(p.fen.end <= ops.start && ops.end <= text.len());
            prop_assert!(text.is_char_boundary(ops.start) && text.is_char_boundary(ops.end));
            prop_assert!(p.fields == 4 || p.fields == 6);
            let ops_text = &text[ops.clone()];
            for (at, op) in epd::operations_at(ops_text) {
                prop_assert_eq!(&ops_text[at..at + op.len()], op);
            }
            for m in epd::perft_counts(ops_text, 64).filter_map(Result::err) {
                prop_assert!(
                    m.span.end <= ops_text.len() && !m.message.chars().any(char::is_control)
                );
            }
            // Rewriting keeps the form: the operations byte for byte, the field count.
            let canonical = "8/8/8/8/8/8/8/K6k b - - 3 9";
            let line = record::rewrite(&text, &p, canonical);
            let q = record::parts(&line, epd_file);
            prop_assert_eq!(
                q.ops.map(|o| line[o].to_owned()),
                Some(ops_text.to_owned()),
                "{:?}",
                line
            );
            prop_assert_eq!(q.fields, p.fields);
            Ok(())
        },
    );
}

#[test]
fn fuzz_the_paste_cleanup() {
    fuzz("paste::clean", text(), |text| {
        let clean = paste::clean(&text);
        prop_assert!(!clean.chars().any(char::is_control), "{:?}", clean);
        prop_assert_eq!(clean.trim(), clean.as_str());
        prop_assert!(!clean.contains("  "), "{:?}", clean);
        // Whatever comes out, the reader explains it.
        let read = fen::read(&clean, None);
        prop_assert_eq!(
            read.position.is_none(),
            read.diagnostics.iter().any(|d| d.is_error())
        );
        Ok(())
    });
}

#[test]
fn fuzz_collection_files() {
    fuzz("Collection::from_bytes", bytes(), |bytes| {
        let c = Collection::from_bytes(None, &bytes);
        prop_assert_eq!(c.to_bytes(), bytes.clone());
        // One rule for what a record is: `fenboard check` counts the same lines.
        let mut out = Vec::new();
        let mut summary = Summary::default();
        let options = Options {
            workers: 1,
            ..Options::default()
        };
        check_stream(&bytes[..], "f", &options, &mut out, &mut summary).unwrap();
        prop_assert_eq!(
            summary.records,
            c.len() as u64,
            "{:?}",
            String::from_utf8_lossy(&bytes)
        );
        // Editing every record touches only record lines and keeps the rest.
        let mut edited = c.clone();
        for i in 0..c.len() {
            let _ = edited.operations(i);
            let _ = edited.id(i);
            edited.replace(i, "8/8/8/8/8/8/8/K6k w - - 0 1");
        }
        prop_assert_eq!(edited.len(), c.len());
        for i in 0..c.len() {
            prop_assert_eq!(edited.operations(i), c.operations(i));
        }
        Ok(())
    });
}

/// Pieces of PGN: tags, move numbers, SAN, castling both ways, comments, NAGs, variations,
/// results, xiangqi WXF, and the FEN fragments above.
const PGN_FRAGMENTS: &[&str] = &[
    "[Event \"x\"]\n",
    "[SetUp \"1\"]\n",
    "[FEN \"",
    "\"]\n",
    "[Variant \"Chess960\"]\n",
    "[Variant \"xiangqi\"]\n",
    "[Variant \"Atomic\"]\n",
    "[",
    "]",
    "\n\n",
    "1. ",
    "1... ",
    "23.",
    "e4 ",
    "e5 ",
    "Nf3 ",
    "Nc6 ",
    "Bb5 ",
    "O-O ",
    "O-O-O ",
    "0-0 ",
    "Kxh1 ",
    "Kxa8 ",
    "exd5 ",
    "e8=Q+ ",
    "Qh4# ",
    "C2.5 ",
    "H8+7 ",
    "{ a comment } ",
    "{",
    "}",
    "; rest of line\n",
    "(",
    ")",
    "$1 ",
    "!? ",
    "?? ",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "%escape\n",
    "--",
    "Z0 ",
];

fn pgn_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(PGN_FRAGMENTS).prop_map(str::to_owned),
        2 => prop::sample::select(FRAGMENTS).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

#[test]
fn fuzz_the_pgn_reader() {
    use fenboard::core::{notation, pgn};
    fuzz("pgn::read", pgn_text(), |text| {
        match pgn::read(&text) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(games) => {
                prop_assert!(!games.is_empty());
                for game in &games {
                    // Every move kept is legal where it comes.
                    let mut pos = game.setup;
                    for &mv in &game.moves {
                        let next = notation::play(&pos, mv);
                        prop_assert!(next.is_some(), "{:?} in {:?}", mv, text);
                        pos = next.unwrap();
                    }
                    if let Some((at, _)) = &game.stopped_at {
                        prop_assert_eq!(*at, game.moves.len() + 1);
                    }
                }
            }
        }
        // Pasted into the editor, it loads or says why; the editor never panics.
        let mut state = fenboard::editor::State::from_fen(
            Game::Chess.start_fen(),
            Some(Game::Chess),
            fenboard::editor::Options::default(),
        );
        let before = state.position;
        fenboard::editor::update(&mut state, fenboard::editor::Action::Paste(text.clone()));
        if matches!(state.notice, Some(fenboard::editor::Notice::PgnUnread(_))) {
            prop_assert_eq!(state.position, before);
        }
        Ok(())
    });
}

#[test]
fn fuzz_the_record_overlay_values() {
    use fenboard::editor::record::{Change, Known, Slot, change};
    let slot = prop_oneof![
        prop::sample::select(Known::ALL.to_vec()).prop_map(Slot::Known),
        Just(Slot::New),
        Just(Slot::Other {
            index: 0,
            code: "bm".into()
        }),
    ];
    fuzz(
        "record overlay values",
        (text(), text(), slot, any::<bool>()),
        |(line, typed, slot, epd_file)| {
            let p = record::parts(&line, epd_file);
            let ops: Vec<String> = p
                .ops
                .clone()
                .map(|r| {
                    epd::operations(&line[r])
                        .map(|o| o.trim().to_owned())
                        .collect()
                })
                .unwrap_or_default();
            // Writing an operation back as it is changes no byte of the line.
            for (i, op) in ops.iter().enumerate() {
                if let Some(same) =
                    record::edit_operation(&line, &p, record::OpEdit::Replace(i, op), epd_file)
                {
                    prop_assert_eq!(&same, &line);
                }
            }
            let Ok(Change::Write(op)) = change(&slot, &typed) else {
                return Ok(());
            };
            prop_assert!(
                !op.chars().any(|c| c == '\n' || c == '\r') || typed.contains(['\n', '\r'])
            );
            // A typed operation goes in as typed, after the others, or the line is left alone.
            if let Some(new) =
                record::edit_operation(&line, &p, record::OpEdit::Append(&op), epd_file)
            {
                let q = record::parts(&new, epd_file);
                prop_assert_eq!(&new[q.fen.clone()], &line[p.fen.clone()]);
                let got: Vec<String> = q
                    .ops
                    .clone()
                    .map(|r| {
                        epd::operations(&new[r])
                            .map(|o| o.trim().to_owned())
                            .collect()
                    })
                    .unwrap_or_default();
                let mut want = ops.clone();
                want.push(op.trim().to_owned());
                prop_assert_eq!(got, want);
                // Removed again, the operations are those of before.
                let back =
                    record::edit_operation(&new, &q, record::OpEdit::Remove(ops.len()), epd_file);
                let back = back.expect("a line that took an operation gives it up");
                let b = record::parts(&back, epd_file);
                let again: Vec<String> = b
                    .ops
                    .map(|r| {
                        epd::operations(&back[r])
                            .map(|o| o.trim().to_owned())
                            .collect()
                    })
                    .unwrap_or_default();
                prop_assert_eq!(again, ops);
            }
            Ok(())
        },
    );
}

const POPEYE_FRAGMENTS: &[&str] = &[
    "beginproblem\n",
    "begin ",
    "AnfangProblem\n",
    "DebutProbleme\n",
    "nextproblem\n",
    "next ",
    "endproblem\n",
    "end",
    "pieces ",
    "pie ",
    "white ",
    "black ",
    "weiss ",
    "schwarz ",
    "neutral ",
    "kc8 ",
    "qd1 ",
    "ra1h1 ",
    "sb1g1 ",
    "pa2b2c2 ",
    "pa8 ",
    "ke1 ",
    "ka8 ",
    "lia7 ",
    "gr ",
    "forsyth ",
    "8/8/2k5/8/8/8/8/K7 ",
    "ks6K ",
    "stipulation ",
    "stip ",
    "#2 ",
    "h#2.5 ",
    "ser-h#5 ",
    "r#3 ",
    "s=2 ",
    "#0 ",
    "#99999999999 ",
    "hs#2 ",
    "dia10.5 ",
    "option ",
    "setplay ",
    "whitetoplay ",
    "try ",
    "variation ",
    "nocastling a1e1 ",
    "enpassant e2e3e4 ",
    "maxsolutions 3 ",
    "noboard ",
    "condition madrasi ",
    "twin ",
    "twin cont ",
    "move c8 d7 ",
    "exchange a1 a8 ",
    "remove b6 ",
    "add white qd4 ",
    "rotate 90 ",
    "mirror a1<-->h1 ",
    "shift a1 b2 ",
    "polish ",
    "author ",
    "origin ",
    "title ",
    "award ",
    "remark ",
    "Sam Loyd\n",
    "protocol x.tst\n",
    "\n",
    " ",
    "\t",
    "\r\n",
    "\0",
    "\u{feff}",
    "é",
    "字",
];

/// The Popeye files of the fixtures: real inputs to mutate.
fn popeye_files() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/popeye");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| std::fs::read(e.path()).ok())
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    assert!(!files.is_empty(), "no Popeye files in {}", dir.display());
    files
}

/// Popeye text: fragments and characters, or a real input with a stretch of it replaced by
/// fragments, cut out or repeated.
fn popeye_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => prop::sample::select(POPEYE_FRAGMENTS).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ];
    let made = prop::collection::vec(piece.clone(), 0..40).prop_map(|v| v.concat());
    let files = popeye_files();
    let mutated = (
        prop::sample::select(files),
        any::<prop::sample::Index>(),
        0usize..200,
        prop::collection::vec(piece, 0..4),
        0u8..3,
    )
        .prop_map(|(file, at, len, insert, how)| {
            let mut start = at.index(file.len() + 1);
            while !file.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + len).min(file.len());
            while !file.is_char_boundary(end) {
                end -= 1;
            }
            let middle = match how {
                0 => insert.concat(),
                1 => String::new(),
                _ => file[start..end].repeat(2),
            };
            format!("{}{middle}{}", &file[..start], &file[end..])
        });
    prop_oneof![1 => made, 3 => mutated]
}

#[test]
fn fuzz_the_popeye_reader() {
    use fenboard::popeye;
    fuzz("popeye::read", popeye_text(), |text| {
        let input = popeye::read(&text);
        let diagnostics = input
            .errors
            .iter()
            .chain(input.problems.iter().flat_map(|p| &p.errors));
        for d in diagnostics {
            // Each says what and where: a message, a span of the text, its line and column.
            prop_assert!(!d.message.trim().is_empty(), "{:?}", d);
            prop_assert!(
                d.span.start <= d.span.end && d.span.end <= text.len(),
                "{:?}",
                d
            );
            prop_assert!(text.is_char_boundary(d.span.start), "{:?}", d);
            let line = text[..d.span.start].matches('\n').count() + 1;
            prop_assert_eq!(d.line, line, "{:?} in {:?}", d, text);
            prop_assert!(d.col >= 1);
        }
        for p in input.problems.iter().filter(|p| p.is_ok()) {
            // A problem that reads is a record that reads: one line, a FEN that does not panic
            // the FEN reader, operations that the record reader splits.
            let epd = p.epd();
            prop_assert!(!epd.contains('\n'), "{:?}", epd);
            let parts = record::parts(&epd, true);
            let _ = fen::read(&epd[parts.fen], Some(Game::Chess));
        }
        let _ = popeye::pasted(&text);
        Ok(())
    });
}

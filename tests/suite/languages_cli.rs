//! `show` and `check` speak the language `--lang` or the locale chooses; codes and JSON stay
//! as they are, for scripts.

use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_fenboard");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const NO_BLACK_KING: &str = "8/8/8/8/8/8/8/4K3 w - - 0 1";

/// Runs fenboard with exactly these locale variables (the others removed).
fn run(args: &[&str], locale: &[(&str, &str)], stdin: &str) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in locale {
        cmd.env(name, value);
    }
    let mut child = cmd.spawn().expect("run fenboard");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn show_speaks_the_language_of_lang() {
    let es = stdout(&run(&["--lang", "es", "show", START], &[], ""));
    assert!(
        es.contains("legal · juegan las blancas · 20 jugadas legales"),
        "{es}"
    );
    let zh = stdout(&run(&["show", "--lang", "zh", XIANGQI], &[], ""));
    assert!(zh.contains("合法 · 红方走棋 · 44 种合法着法"), "{zh}");
    let en = stdout(&run(
        &["--lang", "en", "show", START],
        &[("LANG", "zh_CN.UTF-8")],
        "",
    ));
    assert!(
        en.contains("legal · White to move · 20 legal moves"),
        "{en}"
    );
}

#[test]
fn show_keeps_the_codes_and_translates_the_messages() {
    let o = run(&["--lang", "zh", "show", NO_BLACK_KING], &[], "");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("error[missing_king] 字段 1: 黑方没有王"),
        "{out}"
    );
    assert!(out.contains("不合法：1 个错误 · 白方走棋"), "{out}");
    let es = stdout(&run(&["--lang", "es", "show", NO_BLACK_KING], &[], ""));
    assert!(
        es.contains("error[missing_king] campo 1: falta el rey negro"),
        "{es}"
    );
}

#[test]
fn the_locale_chooses_when_lang_is_not_given() {
    let show = |locale: &[(&str, &str)]| stdout(&run(&["show", START], locale, ""));
    assert!(show(&[("LANG", "es_AR.UTF-8")]).contains("juegan las blancas"));
    assert!(show(&[("LC_MESSAGES", "zh_CN.UTF-8"), ("LANG", "es_AR")]).contains("白方走棋"));
    // LC_ALL first; an empty one counts as unset.
    assert!(show(&[("LC_ALL", "es_ES"), ("LANG", "zh_CN.UTF-8")]).contains("juegan las blancas"));
    assert!(show(&[("LC_ALL", ""), ("LANG", "zh_CN.UTF-8")]).contains("白方走棋"));
    // C, POSIX, another language or garbage: English.
    for garbage in ["C", "POSIX", "fr_FR.UTF-8", "\u{1F600}", "zh", "__"] {
        let expected = if garbage == "zh" {
            "白方走棋"
        } else {
            "White to move"
        };
        assert!(show(&[("LANG", garbage)]).contains(expected), "{garbage:?}");
    }
}

#[test]
fn check_translates_its_lines_but_not_its_json() {
    let zh = run(
        &["--lang", "zh", "check"],
        &[],
        &format!("{NO_BLACK_KING}\n"),
    );
    let out = stdout(&zh);
    assert!(
        out.contains("<stdin>:1:1: error[missing_king]: 黑方没有王"),
        "{out}"
    );
    let json = run(
        &["--lang", "zh", "check", "--json"],
        &[],
        &format!("{NO_BLACK_KING}\n"),
    );
    let json = stdout(&json);
    assert!(
        json.contains("\"code\":\"missing_king\"") && json.contains("Black has no king"),
        "{json}"
    );
}

#[test]
fn an_unknown_lang_is_refused() {
    let o = run(&["--lang", "fr", "show", START], &[], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--lang"),
        "{o:?}"
    );
}

/// Shinkman's #2: 1.Qa7! zugzwang.
const SHINKMAN: &str = "Q7/3B4/3B4/3NR2P/3R4/2p5/2p3kN/2K4b w - - 0 1";
/// Three keys mate: 1.R8.4, 1.R8+2, 1.R9.4 (WXF).
const XIANGQI_MATE: &str = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn solve_writes_moves_as_the_language_reads_them_and_as_notation_says() {
    let solve = |args: &[&str], fen: &str| {
        let mut all = vec!["solve", "--stip", "#2"];
        if fen == XIANGQI_MATE {
            all[2] = "#1";
        }
        all.extend_from_slice(args);
        all.push(fen);
        stdout(&run(&all, &[], ""))
    };
    let en = solve(&["--lang", "en"], SHINKMAN);
    assert!(en.contains("1.Qa7! zugzwang"), "{en}");
    let es = solve(&["--lang", "es"], SHINKMAN);
    assert!(
        es.contains("1.Da7!") && es.contains("1...Rg1 2.Td2#"),
        "{es}"
    );
    let figurine = solve(&["--lang", "es", "--notation", "figurine"], SHINKMAN);
    assert!(
        figurine.contains("1.♕a7!") && figurine.contains("♖d2#"),
        "{figurine}"
    );
    let zh = solve(&["--lang", "zh"], XIANGQI_MATE);
    assert!(zh.contains("1.车八进二!"), "{zh}");
    let wxf = solve(&["--lang", "zh", "--notation", "wxf"], XIANGQI_MATE);
    assert!(wxf.contains("1.R8+2!"), "{wxf}");
    let bad = run(&["solve", "--notation", "nonsense", SHINKMAN], &[], "");
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
}

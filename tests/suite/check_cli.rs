//! `fenboard check` as a user runs it: the real binary on files and standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = crate::common::BIN;
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Runs `fenboard check ARGS` with `stdin` as standard input.
fn check(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .arg("check")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fenboard");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// A file in a fresh temporary directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, content: &[u8]) -> TempFile {
        let dir =
            std::env::temp_dir().join(format!("fenboard-check-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0.parent().unwrap());
    }
}

#[test]
fn all_valid_exits_0_with_a_summary() {
    let o = check(
        &[],
        format!("{START}\n\n# a comment\n{XQ_START}\n").as_bytes(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(stdout(&o), "2 records: 2 valid, 0 invalid, 0 warnings\n");
}

#[test]
fn an_invalid_record_exits_1_and_is_reported_by_line_and_column() {
    let input = format!(
        "{START}\n8/8/8/8/8/8/8/8 w - - 0 1\nrnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let o = check(&["-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:2:1: error[empty_board]: the board is empty"),
        "{out}"
    );
    assert!(
        out.contains("<stdin>:2:1: error[missing_king]: White has no king"),
        "{out}"
    );
    assert!(
        out.contains(
            "<stdin>:3:25: error[wrong_rank_width]: rank 3 has 9 squares, chess ranks have 8"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("3 records: 1 valid, 2 invalid, 0 warnings\n"),
        "{out}"
    );
}

#[test]
fn legality_problems_point_at_their_field() {
    // The ep square is field 4, which starts at column 29.
    let o = check(&[], b"4k3/8/8/8/8/8/8/4K3 w - e3 0 1\n");
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:1:25: error[invalid_ep_square]"),
        "{out}"
    );
}

#[test]
fn files_are_named_in_messages_and_missing_files_exit_2() {
    let file = TempFile::new(
        "a.fen",
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/8 w - - 0 1\n",
    );
    let o = check(&[file.path()], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(&format!("{}:2:1: error[missing_king]", file.path())),
        "{}",
        stdout(&o)
    );
    let o = check(&[file.path(), "/nonexistent/x.fen"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/nonexistent/x.fen"), "{err}");
    // The readable file was still checked.
    assert!(stdout(&o).contains("2 records"), "{}", stdout(&o));
}

#[test]
fn a_directory_is_an_io_error() {
    let dir = std::env::temp_dir();
    let o = check(&[dir.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("fenboard check:"), "{err}");
    assert!(err.contains("Is a directory"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    let o = check(&["--game", "shogi"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn json_lines_follow_the_spec() {
    let input = format!("{START}\n4k3/8/8/8/8/8/8/8 w - - 0 1\n# skipped\n{XQ_START}\n");
    let o = check(&["--json"], input.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    let first = &lines[0];
    assert_eq!(first["line"], 1);
    assert_eq!(first["input"], START);
    assert_eq!(first["game"], "chess");
    assert_eq!(first["valid"], true);
    assert_eq!(first["fen"], START);
    assert_eq!(first["diagnostics"], serde_json::json!([]));
    assert_eq!(first["status"]["legal_moves"], 20);
    let bad = &lines[1];
    assert_eq!(bad["line"], 2);
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["fen"], serde_json::Value::Null);
    assert_eq!(bad["status"], serde_json::Value::Null);
    let d = &bad["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "missing_king");
    assert_eq!(d["field"], 1);
    assert_eq!(d["span"], serde_json::Value::Null);
    assert_eq!(lines[2]["line"], 4);
    assert_eq!(lines[2]["game"], "xiangqi");
    // The summary goes to standard error, keeping standard output pure JSON Lines.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("3 records: 2 valid, 1 invalid"), "{err}");
}

#[test]
fn json_spans_and_squares() {
    let o = check(
        &["--json"],
        b"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let d = &v["diagnostics"][0];
    assert_eq!(d["code"], "invalid_piece");
    assert_eq!(d["span"], serde_json::json!([13, 14]));
    assert_eq!(d["squares"], serde_json::json!(["e7"]));
}

#[test]
fn json_carries_retro_errors_with_their_squares() {
    // a2 never moved, so a3 and a4 came from the b- and c-files: 3 captures, and Black has all
    // 16 men. The second record is the legal neighbour (Black lost 3).
    let o = check(
        &["--json"],
        b"rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w kq - 0 1\nrnbqkbnr/ppppp3/8/8/P7/P7/P7/4K3 w kq - 0 1\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["valid"], false);
    let d = &lines[0]["diagnostics"][0];
    assert_eq!(d["code"], "pawn_captures");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["field"], 1);
    assert_eq!(d["squares"], serde_json::json!(["a3", "a4"]));
    assert!(
        d["message"].as_str().unwrap().contains("need 3 captures"),
        "{d}"
    );
    assert_eq!(lines[1]["valid"], true);
    assert_eq!(lines[1]["diagnostics"], serde_json::json!([]));
}

#[test]
fn epd_records_are_checked_on_their_four_fields() {
    let o = check(&[], b"4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"test\";\n");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        "1 records: 1 valid, 0 invalid, 0 warnings\n".replace("1 records", "1 record")
    );
}

#[test]
fn crlf_and_bom_are_warnings() {
    let mut input = b"\xef\xbb\xbf".to_vec();
    input.extend_from_slice(format!("{START}\r\n{START}\r\n").as_bytes());
    let o = check(&[], &input);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(
        out.contains("<stdin>:1:1: warning[byte_order_mark]"),
        "{out}"
    );
    assert!(
        out.contains("<stdin>:2:57: warning[carriage_return]"),
        "{out}"
    );
    assert!(
        out.ends_with("2 records: 2 valid, 0 invalid, 3 warnings\n"),
        "{out}"
    );
}

#[test]
fn garbage_gets_diagnostics_and_the_run_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"8/8/8/8/8/8/8/8\0 w - - 0 1\n");
    input.extend_from_slice(b"rnbqkbnr/pp\xff\xfepppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.push(b'\n');
    input.extend_from_slice(&[0x89, b'P', b'N', b'G', 0, 0, 0x1a, b'\n']);
    input.extend_from_slice(format!("{START}\n").as_bytes());
    let o = check(&[], &input);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("<stdin>:1:16: error[nul_byte]"), "{out}");
    assert!(out.contains("<stdin>:2:12: error[invalid_utf8]"), "{out}");
    // Reported once, not again as pieces.
    assert!(!out.contains("<stdin>:2:12: error[invalid_piece]"), "{out}");
    assert!(
        out.contains("<stdin>:3:1: error[line_too_long]: the line is 1048576 bytes long"),
        "{out}"
    );
    // The binary line: each of its problems by code and column, and nothing else.
    let line4: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("<stdin>:4:"))
        .map(|l| l.split(": ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        line4,
        [
            "error[invalid_utf8]",
            "error[wrong_rank_width]",
            "error[wrong_rank_count]",
            "error[invalid_piece]",
            "error[nul_byte]",
            "error[invalid_piece]",
            "warning[missing_fields]",
        ],
        "{out}"
    );
    assert!(out.contains("<stdin>:4:5: error[nul_byte]"), "{out}");
    assert!(
        out.contains("<stdin>:4:7: error[invalid_piece]: '\\u{1a}'"),
        "{out}"
    );
    // The last line is still read, and valid.
    assert!(!out.contains("<stdin>:5:"), "{out}");
    // Line 4 (binary) also lacks fields: one warning.
    assert!(
        out.ends_with("5 records: 1 valid, 4 invalid, 1 warning\n"),
        "{out}"
    );
}

#[test]
fn json_output_of_a_long_line_is_cut_short() {
    let mut input = vec![b'x'; 1 << 20];
    input.push(b'\n');
    let o = check(&["--json"], &input);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["diagnostics"][0]["code"], "line_too_long");
    assert!(v["input"].as_str().unwrap().len() <= 64);
}

#[test]
fn a_forced_game_is_used() {
    let o = check(&["--game", "xiangqi"], format!("{START}\n").as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("wrong_rank_count"), "{}", stdout(&o));
}

#[test]
fn output_stays_in_input_order_on_large_input() {
    let mut input = String::new();
    for i in 0..20_000 {
        if i % 997 == 0 {
            input.push_str("8/8/8/8/8/8/8/8 w - - 0 1\n");
        } else {
            input.push_str(START);
            input.push('\n');
        }
    }
    let o = check(&[], input.as_bytes());
    let lines: Vec<u64> = stdout(&o)
        .lines()
        .filter(|l| l.contains("empty_board"))
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    let expected: Vec<u64> = (0..20_000).step_by(997).map(|i| i + 1).collect();
    assert_eq!(lines, expected);
}

#[test]
fn control_characters_in_a_file_name_are_escaped() {
    let file = TempFile::new("evil\x1b[2Jname.fen", b"4k3/8/8/8/8/8/8/8 w - - 0 1\n");
    let o = check(&[file.path()], b"");
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(
        out.contains("evil\\u{1b}[2Jname.fen:1:1: error[missing_king]"),
        "{out:?}"
    );
    let missing = format!("{}.gone\x07", file.path());
    let o = check(&[&missing], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains('\x1b') && !err.contains('\x07'), "{err:?}");
    assert!(err.contains("\\u{7}"), "{err:?}");
}

#[test]
fn blank_means_the_same_as_in_the_editor() {
    // VT and FF are FEN whitespace: a line of either is blank, skipped, as the editor skips it.
    let o = check(&[], format!("\x0b\n\x0c\n \x0b\t\n{START}\n").as_bytes());
    assert_eq!(stdout(&o), "1 record: 1 valid, 0 invalid, 0 warnings\n");
    let c = fenboard::collection::Collection::from_bytes(None, b"\x0b\n\x0c\n \x0b\t\nx\n");
    assert_eq!(c.len(), 1);
}

#[test]
fn a_line_too_long_for_check_does_not_open_in_the_editor_either() {
    let padded = format!("{START}{}", " ".repeat(16 * 1024));
    let o = check(&[], format!("{padded}\n").as_bytes());
    assert!(
        stdout(&o).contains("<stdin>:1:1: error[line_too_long]"),
        "{}",
        stdout(&o)
    );
    let c = fenboard::collection::Collection::from_bytes(None, format!("{padded}\n").as_bytes());
    let read = fenboard::core::fen::read(c.fen(0), None);
    assert!(read.position.is_none());
    assert_eq!(
        read.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
        [fenboard::core::Code::LineTooLong]
    );
}

#[crate::common::needs(dev_full)]
#[test]
fn a_full_disk_is_named_as_the_output_not_the_input() {
    let path = std::env::temp_dir().join(format!("fenboard-full-{}.fen", std::process::id()));
    // More output than any buffer holds, so that writes fail while the input is read.
    std::fs::write(&path, format!("{START}\n").repeat(20_000)).unwrap();
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = Command::new(BIN)
        .arg("check")
        .arg(&path)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
    assert!(!err.contains(path.to_str().unwrap()), "{err}");
}

/// The 960 Chess960 start positions (`scripts/make-chess960-starts.py`), with their Shredder
/// castling rights and again without any: auto-detection reads every one as a legal position.
#[test]
fn every_chess960_start_is_valid_in_auto_mode_with_or_without_castling_rights() {
    let suite = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/chess960_starts.fen"
    ))
    .unwrap();
    let records: Vec<&str> = suite.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(records.len(), 960);
    let without_rights: Vec<String> = records
        .iter()
        .map(|fen| {
            let mut fields: Vec<&str> = fen.split(' ').collect();
            fields[2] = "-";
            fields.join(" ")
        })
        .collect();
    for input in [records.join("\n"), without_rights.join("\n")] {
        let o = check(&[], input.as_bytes());
        let out = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert!(out.contains("960 records: 960 valid, 0 invalid"), "{out}");
    }
}

/// What no start can explain stays an error: two bishops on dark squares, each walled in by
/// pawns that never moved, with seven pawns left (one bishop must be a promoted pawn, and none
/// can have got in); and a lone bishop caged on a1 when standard chess is asked for.
#[test]
fn a_really_caged_piece_is_still_caged_piece() {
    let o = check(&[], b"4k3/8/8/8/8/8/PPPPPPP1/B1B1K3 w - - 0 1\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("error[caged_piece]"), "{}", stdout(&o));
    let lone = b"4k3/8/8/8/8/8/PPPPPPP1/B3K3 w - - 0 1\n";
    let o = check(&["--game", "chess"], lone);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("error[caged_piece]"), "{}", stdout(&o));
    let o = check(&[], lone);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

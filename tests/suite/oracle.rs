//! fenboard's verdicts against oracle data: python-chess 1.11 for chess and Chess960, an
//! independent checker of Pikafish's setup rules for xiangqi (tests/fixtures/*.tsv).

use fenboard::core::fen::{self, CastlingStyle};
use fenboard::core::legality::diagnose;
use fenboard::core::{Code, Diagnostic, Game};

/// fenboard's verdict on one FEN: valid, and the diagnostics.
fn judge(text: &str, game: Game) -> (bool, Vec<Diagnostic>) {
    let read = fen::read(text, Some(game));
    let mut diagnostics = read.diagnostics;
    if let Some(pos) = &read.position {
        diagnostics.extend(diagnose(pos));
    }
    let valid = read.position.is_some() && !diagnostics.iter().any(Diagnostic::is_error);
    (valid, diagnostics)
}

fn has(diagnostics: &[Diagnostic], code: Code) -> bool {
    diagnostics.iter().any(|d| d.code == code)
}

/// The lines of chess_oracle.tsv where python-chess is wrong, and why. python-chess 1.11
/// silently drops a castling letter when no rook stands on that side of the king and then calls
/// the position valid (its `detail` FEN has the right removed); shakmaty and fenboard report the
/// impossible right as `invalid_castling_rights`.
const PYTHON_CHESS_WRONG: [(usize, Code, &str); 5] = [
    (
        443,
        Code::InvalidCastlingRights,
        "`q` with no black rook on the a-side",
    ),
    (
        517,
        Code::InvalidCastlingRights,
        "`Q` with no white rook on the a-side",
    ),
    (
        891,
        Code::InvalidCastlingRights,
        "`Qq`: neither side has an a-side rook",
    ),
    (
        1530,
        Code::InvalidCastlingRights,
        "`Q` with no white rook on the first rank",
    ),
    (
        2374,
        Code::InvalidCastlingRights,
        "`q` with no black rook on the a-side",
    ),
];

#[test]
fn chess_verdicts_agree_with_python_chess() {
    let data = include_str!("../fixtures/chess_oracle.tsv");
    let mut disagreements = Vec::new();
    let mut excused = Vec::new();
    let mut lines = 0;
    for (n, line) in data.lines().enumerate() {
        let line_no = n + 1;
        let cols: Vec<&str> = line.split('\t').collect();
        let [text, mode, verdict, detail] = cols[..] else {
            panic!("line {line_no}: malformed fixture");
        };
        lines += 1;
        let game = if mode == "chess960" {
            Game::Chess960
        } else {
            Game::Chess
        };
        let (valid, diagnostics) = judge(text, game);
        if valid == (verdict == "valid") {
            continue;
        }
        match PYTHON_CHESS_WRONG.iter().find(|(l, _, _)| *l == line_no) {
            // The listed reason must be what fenboard actually says.
            Some(&(_, code, _)) if has(&diagnostics, code) => excused.push(line_no),
            _ => disagreements.push(format!(
                "line {line_no}: {text} ({mode}) oracle {verdict} {detail}, fenboard {}: {:?}",
                if valid { "valid" } else { "invalid" },
                diagnostics
                    .iter()
                    .map(|d| format!("{}: {}", d.code.as_str(), d.message))
                    .collect::<Vec<_>>()
            )),
        }
    }
    assert_eq!(lines, 3000);
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    // Every listed line is still a disagreement: the list says no more than it must.
    let listed: Vec<usize> = PYTHON_CHESS_WRONG.iter().map(|(l, _, _)| *l).collect();
    assert_eq!(excused, listed);
}

#[test]
fn canonical_chess_fen_matches_python_chess_on_valid_lines() {
    let data = include_str!("../fixtures/chess_oracle.tsv");
    let mut compared = 0;
    for line in data.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [text, mode, "valid", detail] = cols[..] else {
            continue;
        };
        let game = if mode == "chess960" {
            Game::Chess960
        } else {
            Game::Chess
        };
        let (valid, _) = judge(text, game);
        if !valid {
            continue; // an excused disagreement, see above
        }
        let pos = fen::read(text, Some(game)).position.unwrap();
        let ours = fen::write_with(&pos, CastlingStyle::XFen);
        let first3 = |s: &str| s.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert_eq!(first3(&ours), first3(detail), "{text}");
        compared += 1;
    }
    assert!(compared > 1500, "only {compared} lines compared");
}

#[test]
fn xiangqi_verdicts_agree_with_the_pikafish_rules_checker() {
    let data = include_str!("../fixtures/xiangqi_oracle.tsv");
    let mut disagreements = Vec::new();
    let mut read = 0;
    for (n, line) in data.lines().enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [text, verdict, detail] = cols[..] else {
            panic!("line {}: malformed fixture", n + 1);
        };
        read += 1;
        let (valid, diagnostics) = judge(text, Game::Xiangqi);
        let errors: Vec<Code> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.code)
            .collect();
        // Every reason the checker gives must be a code fenboard reports, and every error
        // fenboard reports must be one of the reasons' codes, with two exceptions the checker
        // explains: it stops at the first syntax problem (fenboard lists them all), and it
        // has no rule about the side not to move being in check (`opposite_check`).
        let expected: Vec<&[Code]> = detail
            .split(',')
            .filter(|r| !r.is_empty())
            .map(|reason| xiangqi_reason_codes(reason, n + 1))
            .collect();
        let beyond_the_checker = |c: &Code| match verdict {
            "syntax" => Code::ALL[..Code::ALL
                .iter()
                .position(|&x| x == Code::MissingFields)
                .unwrap()]
                .contains(c),
            _ => *c == Code::OppositeCheck,
        };
        let unexplained: Vec<Code> = errors
            .iter()
            .copied()
            .filter(|c| !expected.iter().any(|codes| codes.contains(c)) && !beyond_the_checker(c))
            .collect();
        let missed: Vec<&[Code]> = expected
            .iter()
            .copied()
            .filter(|codes| !codes.iter().any(|c| errors.contains(c)))
            .collect();
        if valid != (verdict == "valid") || !unexplained.is_empty() || !missed.is_empty() {
            disagreements.push(format!(
                "line {}: {text} oracle {verdict} {detail}, fenboard {:?} (unexplained {unexplained:?}, missed {missed:?})",
                n + 1,
                diagnostics
                    .iter()
                    .map(|d| format!("{}: {}", d.code.as_str(), d.message))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert_eq!(read, 1000, "the fixture has 1,000 lines");
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// The fenboard codes that say what one reason of the xiangqi checker says.
fn xiangqi_reason_codes(reason: &str, line: usize) -> &'static [Code] {
    match reason {
        r if r.starts_with("too_many_") => &[Code::TooManyPieces],
        "elephant_point" | "advisor_point" | "soldier_point" => &[Code::PieceOffPoint],
        "general_count" => &[Code::MissingKing, Code::TooManyKings],
        "general_outside_palace" => &[Code::KingOutsidePalace],
        "rank width" => &[Code::WrongRankWidth],
        "board needs 10 ranks" => &[Code::WrongRankCount],
        "side" => &[Code::InvalidSide],
        "castling must be -" => &[Code::InvalidCastling],
        "ep must be -" => &[Code::InvalidEpSquare],
        r if r.starts_with("bad piece") => &[Code::InvalidPiece],
        other => panic!("line {line}: unknown reason {other:?} in the fixture"),
    }
}

#[test]
fn canonical_fen_matches_shakmaty_on_every_valid_chess_line() {
    use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, fen::Fen};
    let data = include_str!("../fixtures/chess_oracle.tsv");
    let mut compared = 0;
    for line in data.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let game = if cols[1] == "chess960" {
            Game::Chess960
        } else {
            Game::Chess
        };
        let (valid, _) = judge(cols[0], game);
        if !valid {
            continue;
        }
        let pos = fen::read(cols[0], Some(game)).position.unwrap();
        let setup = fenboard::core::legality::chess::to_setup(&pos);
        let mode = if game == Game::Chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let chess = Chess::from_setup(setup, mode).expect("valid for shakmaty too");
        let theirs = Fen::from_position(&chess, EnPassantMode::Always).to_string();
        assert_eq!(fen::write(&pos), theirs, "{}", cols[0]);
        compared += 1;
    }
    assert!(compared > 1800, "only {compared} lines compared");
}

//! One English: every diagnostic the reader and the legality checks raise on the fixtures, the
//! examples and a list of inputs made to raise each message says the same in its own English
//! (`Diagnostic::message`, what `check` prints) and in `locales/en.ftl` (by its id and
//! arguments, what the other languages translate). Every `diag-` message of `en.ftl` is raised
//! by at least one input, so none can drift unseen.
//!
//! `DIFFERING` lists the messages whose two Englishes do not say the same yet (the `.ftl` one
//! names fewer of the values): the test fails when another one differs, and when a listed one
//! has come to say the same (then it leaves the list), so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};

use fenboard::collection::record;
use fenboard::core::{Game, fen, legality};
use fenboard::i18n::{self, Lang};
use fenboard::ui::text;

/// The messages whose two Englishes differ.
const DIFFERING: &[&str] = &[
    "diag-castling-is-chess960",
    "diag-castling-king-off-rank",
    "diag-castling-moved",
    "diag-castling-two-rooks",
    "diag-ep-needs-pawn",
    "diag-ep-path-blocked",
    "diag-invalid-castling-rights",
    "diag-king-caged",
    "diag-king-outside-palace",
    "diag-no-origin",
    "diag-not-a-chess-piece",
    "diag-pawn-captures",
    "diag-pawn-files",
    "diag-pawns-on-backrank",
    "diag-piece-off-point",
    "diag-queen-in-xiangqi",
    "diag-soldiers-one-file",
    "diag-too-many-promoted",
    "diag-turn-parity",
];

/// Inputs that raise the messages the fixtures and examples do not.
const MADE: &[&str] = &[
    "",
    "\u{feff}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "  FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1  \r",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra more",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w\tKQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 0",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K-kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp0ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp\0pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "xxxxxxxxxx/8/8/8/8/8/8/8 w - - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/2K1K3 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ e3 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w KQ e6 0 1",
    "4k3/8/8/8/4Q3/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNEAKAENR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBQKABNR w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/3AKA3 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1",
    "3kk4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/A8/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/B3K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/P8/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/P1P1P1P1P/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/RRR1K4 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/P7/P7/P7/4K3 w kq - 0 1",
    "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/PPPPPPP1/B1B1K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w kq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - e6 5 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 40 10",
    "4k3/8/8/8/8/8/8/4K3 w - - 150 100",
    "4k3/8/8/8/3RP3/8/PPPP1PPP/4K2R w K - 0 1",
    "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1",
    "3k5/9/9/9/9/P8/P8/9/9/4K4 w - - 0 1",
];

/// The ids no reading or legality check raises: `fenboard check`'s own (a line that is not
/// UTF-8, a malformed EPD operation), and the plain ids of codes whose every message has an id
/// of its own.
const NOT_FROM_CORE: &[&str] = &[
    "diag-invalid-utf8",
    "diag-invalid-operation",
    "diag-caged-piece",
    "diag-extra-whitespace",
];

/// Every line of the fixtures and examples, and the made inputs.
fn inputs() -> Vec<(String, bool)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out: Vec<(String, bool)> = MADE.iter().map(|s| (s.to_string(), false)).collect();
    out.push(("x".repeat(fen::MAX_LEN + 1), false));
    for dir in ["tests/fixtures", "assets/examples"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            let epd = path.extension().is_some_and(|e| e == "epd");
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                // A tab-separated fixture holds the record in its first column.
                let record = line.split('\t').next().unwrap_or("");
                out.push((record.to_string(), epd));
            }
        }
    }
    out
}

/// A board with another game's piece on it, as the editor can leave one: a cannon in chess, a
/// queen in xiangqi. Their messages are compared as the others are.
fn pieces_from_another_game() -> Vec<(fenboard::core::Diagnostic, Game)> {
    use fenboard::core::{Color, Piece, Role, Square};
    let mut out = Vec::new();
    for (game, role) in [(Game::Chess, Role::Cannon), (Game::Xiangqi, Role::Queen)] {
        let mut pos = fenboard::core::Position::start(game);
        pos.board
            .set(Square::new(0, 4), Some(Piece::new(Color::White, role)));
        out.extend(legality::diagnose(&pos).into_iter().map(|d| (d, game)));
    }
    out
}

/// The `diag-` ids of `en.ftl`.
fn english_ids() -> BTreeSet<String> {
    i18n::source(Lang::En)
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.trim()))
        .filter(|id| id.starts_with("diag-"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn core_english_and_en_ftl_say_the_same_for_every_diagnostic_raised() {
    let mut raised = BTreeSet::new();
    let mut differ: BTreeMap<String, (String, String)> = BTreeMap::new();
    for (line, epd) in inputs() {
        let parts = record::parts(&line, epd);
        // A FEN alone is read whole, surrounding whitespace and all, as the reader gets it.
        let fen_text = if parts.is_epd() {
            &line[parts.fen.clone()]
        } else {
            line.as_str()
        };
        for game in [
            None,
            Some(Game::Chess),
            Some(Game::Chess960),
            Some(Game::Xiangqi),
        ] {
            let read = fen::read(fen_text, game);
            let shown = read
                .position
                .as_ref()
                .map_or(game.unwrap_or_else(|| fen::detect(fen_text)), |p| p.game);
            let mut diagnostics = read.diagnostics.clone();
            if let Some(pos) = &read.position {
                diagnostics.extend(legality::diagnose(pos));
            }
            for d in &diagnostics {
                if parts.is_four_fields() && d.code == fenboard::core::Code::MissingFields {
                    continue;
                }
                let id = d
                    .message_id
                    .map_or_else(|| text::diagnostic_id(d.code), str::to_owned);
                raised.insert(id.clone());
                let core = d.message_with_squares(shown);
                let fluent = text::catalogued_diagnostic(Lang::En, d, shown);
                if core != fluent {
                    differ.entry(id).or_insert((core, fluent));
                }
            }
        }
    }
    for (d, game) in pieces_from_another_game() {
        let id = d
            .message_id
            .map_or_else(|| text::diagnostic_id(d.code), str::to_owned);
        raised.insert(id.clone());
        let core = d.message_with_squares(game);
        let fluent = text::catalogued_diagnostic(Lang::En, &d, game);
        if core != fluent {
            differ.entry(id).or_insert((core, fluent));
        }
    }
    raised.extend(NOT_FROM_CORE.iter().map(|s| s.to_string()));
    let unraised: Vec<_> = english_ids().difference(&raised).cloned().collect();
    assert!(unraised.is_empty(), "raised by no input: {unraised:?}");
    let report: Vec<String> = differ
        .iter()
        .filter(|(id, _)| !DIFFERING.contains(&id.as_str()))
        .map(|(id, (core, fluent))| format!("{id}:\n  core:   {core}\n  en.ftl: {fluent}"))
        .collect();
    assert!(
        report.is_empty(),
        "{} differ:\n{}",
        report.len(),
        report.join("\n")
    );
    let agree: Vec<&&str> = DIFFERING
        .iter()
        .filter(|id| !differ.contains_key(**id))
        .collect();
    assert!(
        agree.is_empty(),
        "say the same now, off the list: {agree:?}"
    );
}

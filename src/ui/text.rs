//! Every piece of text the screen and `fenboard show` print, in one place (what the terminal
//! runtime says beyond the screen is in `tui::text`). The words
//! themselves are in `locales/*.ftl`, one file per language (`crate::i18n`): a const here is a
//! message id (`Msg`), shown with `.tr(lang)`; a function formats a message with arguments.

use crate::core::fen::Field;
use crate::core::status::Status;
use crate::core::{Color, Game, Piece};
use crate::i18n::{Arg, Lang, Msg, fmt, tr};

pub const APP_NAME: &str = "fenboard";

/// The six FEN fields, numbered 1–6 in this order.
pub const FIELD_NAMES: [Msg; 6] = [
    Msg("field-placement"),
    Msg("field-side"),
    Msg("field-castling"),
    Msg("field-ep"),
    Msg("field-halfmove"),
    Msg("field-fullmove"),
];

/// Shorter names for narrow panels.
pub const FIELD_SHORT_NAMES: [Msg; 6] = [
    Msg("field-short-placement"),
    Msg("field-short-side"),
    Msg("field-short-castling"),
    Msg("field-short-ep"),
    Msg("field-short-halfmove"),
    Msg("field-short-fullmove"),
];

pub const FIELDS_TITLE: Msg = Msg("fields-title");
pub const DIAGNOSTICS_TITLE: Msg = Msg("diagnostics-title");
pub const ANALYSIS_TITLE: Msg = Msg("analysis-title");

// The Analysis panel.
pub const ENGINE: Msg = Msg("engine");
pub const ENGINE_STARTING: Msg = Msg("engine-starting");
pub const ENGINE_GAME_OVER: Msg = Msg("engine-game-over");

/// ` · depth 18 · 1.2 Mn/s` after the engine's name.
pub fn engine_progress(lang: Lang, depth: u32, nps: u64) -> String {
    let speed = match nps {
        0 => String::new(),
        n if n >= 1_000_000 => format!(" · {:.1} Mn/s", n as f64 / 1e6),
        n => format!(" · {} kn/s", n / 1000),
    };
    format!(
        " · {}{speed}",
        fmt(lang, "engine-depth", &[("depth", depth.into())])
    )
}

pub fn engine_not_sent(lang: Lang, why: &str) -> String {
    if why.is_empty() {
        tr(lang, "engine-not-sent").to_owned()
    } else {
        fmt(lang, "engine-not-sent-why", &[("why", why.into())])
    }
}

pub fn engine_unavailable(lang: Lang, reason: &str) -> String {
    fmt(lang, "engine-unavailable", &[("reason", reason.into())])
}
pub const FEN_TITLE: Msg = Msg("fen-title");
/// The FEN line's label while the board shows moves from the setup it holds.
pub const SETUP_FEN_TITLE: Msg = Msg("setup-fen-title");
pub const HELP_TITLE: Msg = Msg("help-title");
pub const HELP_FOOTER: Msg = Msg("help-footer");
pub const MODIFIED_MARK: Msg = Msg("modified-mark");
pub const NO_PROBLEMS: Msg = Msg("no-problems");
pub const EPD_OPERATIONS: Msg = Msg("epd-operations");
pub const TOO_SMALL_TITLE: Msg = Msg("too-small-title");
pub const TOO_SMALL_QUIT: Msg = Msg("too-small-quit");
pub const NOT_PARSED: Msg = Msg("not-parsed");

/// The "too small" message: current size and the size needed.
pub fn too_small(lang: Lang, width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    fmt(
        lang,
        "too-small",
        &[
            ("size", format!("{width}×{height}").as_str().into()),
            (
                "needed",
                format!("{min_width}×{min_height}").as_str().into(),
            ),
        ],
    )
}

/// A side as a selector of the messages that name it: xiangqi's Black is a word of its own in
/// Spanish (Negro, not las negras).
pub fn side_key(color: Color, game: Game) -> &'static str {
    match (color, game.is_xiangqi()) {
        (Color::White, false) => "white",
        (Color::Black, false) => "black",
        (Color::White, true) => "red",
        (Color::Black, true) => "xq-black",
    }
}

/// A side's name: White, Black, Red.
pub fn side_name(lang: Lang, color: Color, game: Game) -> String {
    fmt(lang, "side", &[("side", side_key(color, game).into())])
}

/// The message id of a piece's name in `game`: `piece-white-king`, `piece-red-general`.
pub fn piece_id(piece: Piece, game: Game) -> String {
    format!(
        "piece-{}-{}",
        piece.color.name(game).to_ascii_lowercase(),
        piece.role.name(game)
    )
}

/// A piece's name, its colour included: White king, caballo negro, 红帅.
pub fn piece_name(lang: Lang, piece: Piece, game: Game) -> &'static str {
    tr(lang, &piece_id(piece, game))
}

/// A game's name: Chess, Chess960, Xiangqi (象棋).
pub fn game_name(lang: Lang, game: Game) -> &'static str {
    match game {
        Game::Chess => tr(lang, "game-chess"),
        Game::Chess960 => tr(lang, "game-chess960"),
        Game::Xiangqi => tr(lang, "game-xiangqi"),
    }
}

/// Side to move, in the game's words.
pub fn to_move(lang: Lang, color: Color, game: Game) -> String {
    fmt(lang, "to-move", &[("side", side_key(color, game).into())])
}

/// The status lines of a position: legality, side to move, check, mate, move count.
pub fn status_line(
    lang: Lang,
    status: Option<&Status>,
    errors: usize,
    color: Color,
    game: Game,
) -> String {
    let side = to_move(lang, color, game);
    let legal = tr(lang, "status-legal");
    match status {
        _ if errors > 0 => format!("{} · {side}", illegal(lang, errors)),
        None => format!("{legal} · {side}"),
        Some(s) => {
            // The end of the game says who wins: a stalemate draws in chess but loses in
            // xiangqi.
            let winner: &[(&str, Arg)] = &[("side", side_key(color.other(), game).into())];
            let xiangqi = game.is_xiangqi();
            let state = if s.checkmate && xiangqi {
                fmt(lang, "status-xiangqi-checkmate", winner)
            } else if s.checkmate {
                fmt(lang, "status-checkmate", winner)
            } else if s.stalemate && xiangqi {
                fmt(lang, "status-stalemated", winner)
            } else if s.stalemate {
                tr(lang, "status-stalemate").to_owned()
            } else if s.check {
                tr(lang, "status-check").to_owned()
            } else {
                String::new()
            };
            let moves = fmt(lang, "status-legal-moves", &[("n", s.legal_moves.into())]);
            if state.is_empty() {
                format!("{legal} · {side} · {moves}")
            } else {
                format!("{legal} · {side} · {state} · {moves}")
            }
        }
    }
}

/// "illegal: N errors".
pub fn illegal(lang: Lang, errors: usize) -> String {
    fmt(lang, "status-illegal", &[("n", errors.into())])
}

/// The composers' piece count, `(9+4)`: White's (Red's) pieces, then Black's.
pub fn piece_count(white: usize, black: usize) -> String {
    format!("({white}+{black})")
}

/// A record counter such as `record 3/20` (`current` counted from 1).
pub fn record(lang: Lang, current: usize, count: usize) -> String {
    fmt(
        lang,
        "record-counter",
        &[("current", current.into()), ("count", count.into())],
    )
}

use crate::core::CastlingSide;
use crate::editor::Notice;

/// How a status-bar message should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Good,
    Bad,
}

fn castling_key(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::King => "king",
        CastlingSide::Queen => "queen",
    }
}

pub const PLAY_STARTED: Msg = Msg("notice-play-started");
pub const MOVES_TITLE: Msg = Msg("moves-title");
pub const PLAY_TITLE: Msg = Msg("play-title");
pub const PLAYBACK_TITLE: Msg = Msg("playback-title");
pub const NO_MOVES_YET: Msg = Msg("no-moves-yet");
pub const PROMOTION_TITLE: Msg = Msg("promotion-title");
pub const PROMOTION_PROMPT: Msg = Msg("promotion-prompt");
pub const PROMOTION_KEYS: Msg = Msg("promotion-keys");

/// Where the board stands in a line: `setup · 5 moves`, `move 3 of 5`.
pub fn line_position(lang: Lang, at: usize, total: usize) -> String {
    match at {
        0 => fmt(lang, "line-at-setup", &[("total", total.into())]),
        a => fmt(
            lang,
            "line-at-move",
            &[("at", a.into()), ("total", total.into())],
        ),
    }
}

/// "playback of 5 moves" (and how many were left out as not legal).
pub fn playback_started(lang: Lang, moves: usize, dropped: usize) -> String {
    let line = fmt(lang, "notice-playback-started", &[("n", moves.into())]);
    match dropped {
        0 => line,
        n => fmt(
            lang,
            "notice-playback-dropped",
            &[("line", line.as_str().into()), ("n", n.into())],
        ),
    }
}

/// "game loaded: 33 moves, at its end; = keeps it as the setup" (with the games in the text
/// and the move where the line stopped).
pub fn pgn_loaded(
    lang: Lang,
    moves: usize,
    games: usize,
    stopped: Option<&(usize, String)>,
) -> (String, Tone) {
    let mut text = fmt(lang, "notice-pgn-loaded", &[("n", moves.into())]);
    if games > 1 {
        text = fmt(
            lang,
            "notice-pgn-first-of",
            &[("line", text.as_str().into()), ("games", games.into())],
        );
    }
    match stopped {
        None => (text, Tone::Good),
        Some((at, word)) => (
            fmt(
                lang,
                "notice-pgn-stopped",
                &[
                    ("line", text.as_str().into()),
                    ("at", (*at).into()),
                    ("move", word.as_str().into()),
                ],
            ),
            Tone::Bad,
        ),
    }
}

/// Why a pasted or opened PGN did not load.
pub fn pgn_unread(lang: Lang, why: &crate::core::pgn::PgnError) -> String {
    use crate::core::pgn::PgnError;
    match why {
        PgnError::NoGame => tr(lang, "pgn-no-game").to_owned(),
        PgnError::BadFen { game, fen } => fmt(
            lang,
            "pgn-bad-fen",
            &[("game", (*game).into()), ("fen", fen.as_str().into())],
        ),
        PgnError::Variant { game, name } => fmt(
            lang,
            "pgn-variant",
            &[("game", (*game).into()), ("name", name.as_str().into())],
        ),
    }
}

/// Why a move is not played, in words.
pub fn refusal(lang: Lang, why: &crate::core::moves::Refusal, game: Game) -> String {
    use crate::core::moves::Refusal;
    let king = if game.is_xiangqi() { "general" } else { "king" };
    match why {
        Refusal::Illegal(error) => fmt(
            lang,
            "refusal-illegal-position",
            &[(
                "reason",
                diagnostic_message(lang, error, game).as_str().into(),
            )],
        ),
        Refusal::IllegalPosition(reason) => fmt(
            lang,
            "refusal-illegal-position",
            &[("reason", reason.as_str().into())],
        ),
        Refusal::NoPiece(sq) => fmt(
            lang,
            "refusal-no-piece",
            &[("square", sq.name(game).to_string().as_str().into())],
        ),
        Refusal::NotYourTurn(p) => fmt(
            lang,
            "refusal-not-your-turn",
            &[("side", side_key(p.color.other(), game).into())],
        ),
        Refusal::CannotGo(p, from, to) => fmt(
            lang,
            "refusal-cannot-go",
            &[
                ("role", p.role.name(game).into()),
                ("from", from.name(game).to_string().as_str().into()),
                ("to", to.name(game).to_string().as_str().into()),
            ],
        ),
        Refusal::LeavesInCheck(_) => fmt(lang, "refusal-leaves-in-check", &[("king", king.into())]),
        Refusal::NeedsPromotion => tr(lang, "refusal-needs-promotion").to_owned(),
    }
}

/// A notice in words, and how it should look.
pub fn notice(lang: Lang, n: &Notice, game: Game) -> (String, Tone) {
    use Tone::*;
    let t = |id: &str| tr(lang, id).to_owned();
    let f = |id: &str, name: &str, value: Arg| fmt(lang, id, &[(name, value)]);
    let quoted = |id: &str, text: &str| f(id, "text", format!("{text:?}").as_str().into());
    let on = |id: &str, p: &Piece, sq: &crate::core::Square| {
        let square = sq.name(game).to_string();
        let piece = piece_name(lang, *p, game);
        fmt(
            lang,
            id,
            &[("piece", piece.into()), ("square", square.as_str().into())],
        )
    };
    let at = |id: &str, sq: &crate::core::Square| {
        f(id, "square", sq.name(game).to_string().as_str().into())
    };
    let wing = |id: &str, c: &Color, side: &CastlingSide| {
        fmt(
            lang,
            id,
            &[
                ("side", side_key(*c, game).into()),
                ("wing", castling_key(*side).into()),
            ],
        )
    };
    let nth = |id: &str, i: &usize| f(id, "n", (i + 1).into());
    match n {
        Notice::GotoCancelled => (t("notice-goto-cancelled"), Info),
        Notice::NotASquare(s) => (quoted("notice-not-a-square", s), Bad),
        Notice::Unbound(k) => (f("notice-unbound", "key", k.into()), Bad),
        Notice::PickedUp(p, sq) => (on("notice-picked-up", p, sq), Info),
        Notice::Dropped(p, sq) => (on("notice-dropped", p, sq), Info),
        Notice::PickUpCancelled => (t("notice-pick-up-cancelled"), Info),
        Notice::NothingToPickUp(sq) => (at("notice-nothing-to-pick-up", sq), Bad),
        Notice::NoBrush => (t("notice-no-brush"), Bad),
        Notice::Undone => (t("notice-undone"), Info),
        Notice::Redone => (t("notice-redone"), Info),
        Notice::NothingToUndo => (t("notice-nothing-to-undo"), Bad),
        Notice::NothingToRedo => (t("notice-nothing-to-redo"), Bad),
        Notice::GameSwitched(g) => (
            f("notice-game-switched", "game", game_name(lang, *g).into()),
            Good,
        ),
        Notice::Chess960Start(n) => (f("notice-chess960-start", "n", (*n).into()), Good),
        Notice::NotAChess960Number(s) => (quoted("notice-not-a-chess960-number", s), Bad),
        Notice::CastlingImpossible(c, side) => (wing("notice-castling-impossible", c, side), Bad),
        Notice::CastlingNeedsChess960(c, side) => {
            (wing("notice-castling-needs-chess960", c, side), Bad)
        }
        Notice::NotInXiangqi => (t("notice-not-in-xiangqi"), Bad),
        Notice::NoEpCandidates => (t("notice-no-ep-candidates"), Bad),
        Notice::Pasted => (t("notice-pasted"), Good),
        Notice::PasteHasErrors => (t("notice-paste-has-errors"), Bad),
        Notice::PasteEmpty => (t("notice-paste-empty"), Bad),
        Notice::PgnLoaded {
            moves,
            games,
            stopped,
        } => pgn_loaded(lang, *moves, *games, stopped.as_ref()),
        Notice::PgnUnread(why) => (
            f(
                "notice-pgn-unread",
                "reason",
                pgn_unread(lang, why).as_str().into(),
            ),
            Bad,
        ),
        Notice::PopeyePasted(stip) => (
            f(
                "notice-popeye-pasted",
                "stip",
                stip.as_deref().unwrap_or("").into(),
            ),
            Good,
        ),
        Notice::PopeyeNotRead(why) => (f("notice-popeye-not-read", "why", why.into()), Bad),
        Notice::FenApplied => (t("notice-fen-applied"), Good),
        Notice::FenLineHasErrors => (t("notice-fen-line-has-errors"), Bad),
        Notice::RecordHasErrors(i) => (nth("notice-record-has-errors", i), Bad),
        Notice::NoCollection => (t("notice-no-collection"), Bad),
        Notice::FirstRecord => (t("notice-first-record"), Info),
        Notice::LastRecord => (t("notice-last-record"), Info),
        Notice::RecordAdded(i) => (nth("notice-record-added", i), Good),
        Notice::RecordDeleted(i) => (nth("notice-record-deleted", i), Good),
        Notice::OnlyRecord => (t("notice-only-record"), Bad),
        Notice::Saving => (t("notice-saving"), Info),
        Notice::Saved => (t("notice-saved"), Good),
        Notice::SaveFailed(why) => (f("notice-save-failed", "why", why.into()), Bad),
        Notice::NotSaved => (t("notice-not-saved"), Bad),
        Notice::Reloaded => (t("notice-reloaded"), Info),
        Notice::ReloadFailed(why) => (f("notice-reload-failed", "why", why.into()), Bad),
        Notice::ClockAtMax(max) => (f("notice-clock-at-max", "max", (*max).into()), Bad),
        Notice::Copied(what) => (what.clone(), Good),
        Notice::CopyFailed(why) => (f("notice-copy-failed", "why", why.into()), Bad),
        Notice::PasteFailed(why) => (f("notice-paste-failed", "why", why.into()), Bad),
        Notice::SolveRefused(why) => (f("notice-solve-refused", "why", why.into()), Bad),
        Notice::StipulationSet(stip) => (
            f("notice-stipulation-set", "stip", stip.as_str().into()),
            Good,
        ),
        Notice::SideSetForStipulation(stip, side) => (
            fmt(
                lang,
                "notice-side-set-for-stipulation",
                &[
                    ("stip", stip.as_str().into()),
                    (
                        "side",
                        if *side == Color::White {
                            "white"
                        } else {
                            "black"
                        }
                        .into(),
                    ),
                ],
            ),
            Good,
        ),
        Notice::OperationSet(code) => (f("notice-operation-set", "code", code.into()), Good),
        Notice::OperationRemoved(code) => {
            (f("notice-operation-removed", "code", code.into()), Good)
        }
        Notice::NothingToRemove => (t("notice-nothing-to-remove"), Bad),
        Notice::SolveCancelled => (t("notice-solve-cancelled"), Info),
        Notice::SolutionStale => (t("notice-solution-stale"), Bad),
        Notice::Info(text) => (text.clone(), Info),
        Notice::PlayStarted => (PLAY_STARTED.tr(lang).into(), Info),
        Notice::PlaybackStarted { moves, dropped } => {
            (playback_started(lang, *moves, *dropped), Info)
        }
        Notice::MoveRefused(why) => (refusal(lang, why, game), Bad),
        Notice::Chosen(p, sq) => (on("notice-chosen", p, sq), Info),
        Notice::ChoiceCancelled => (t("notice-choice-cancelled"), Info),
        Notice::TookBack(name) => (f("notice-took-back", "move", name.as_str().into()), Info),
        Notice::NothingToTakeBack => (t("notice-nothing-to-take-back"), Bad),
        Notice::KeptAsSetup => (t("notice-kept-as-setup"), Good),
        Notice::LineStart => (t("notice-line-start"), Info),
        Notice::LineEnd => (t("notice-line-end"), Info),
        Notice::SetupBack => (t("notice-setup-back"), Info),
        Notice::LeaveLineFirst => (t("notice-leave-line-first"), Bad),
        Notice::FallsOffBoard => (t("notice-falls-off-board"), Bad),
        Notice::RotateChessOnly => (t("notice-rotate-chess-only"), Bad),
    }
}

/// The pending `g` jump, as the message line shows it.
pub fn goto_pending(lang: Lang, typed: &str) -> String {
    fmt(lang, "goto-pending", &[("typed", typed.into())])
}

pub const CONFIRM_DELETE_TITLE: Msg = Msg("confirm-delete-title");
pub const CONFIRM_DELETE: Msg = Msg("confirm-delete");
pub const CONFIRM_DELETE_KEYS: Msg = Msg("confirm-delete-keys");
pub const CONFIRM_QUIT_TITLE: Msg = Msg("confirm-quit-title");
pub const CONFIRM_QUIT: Msg = Msg("confirm-quit");
pub const CONFIRM_QUIT_KEYS: Msg = Msg("confirm-quit-keys");
/// The title and keys of an overlay that asks a question (not help, not the Chess960 prompt).
pub fn question(overlay: &crate::editor::Overlay) -> Option<(Msg, Msg)> {
    use crate::editor::Overlay;
    match overlay {
        Overlay::ConfirmDelete => Some((CONFIRM_DELETE_TITLE, CONFIRM_DELETE_KEYS)),
        Overlay::ConfirmQuit => Some((CONFIRM_QUIT_TITLE, CONFIRM_QUIT_KEYS)),
        Overlay::ChangedOnDisk => Some((CHANGED_ON_DISK_TITLE, CHANGED_ON_DISK_KEYS)),
        Overlay::QuitUnread => Some((QUIT_UNREAD_TITLE, QUIT_UNREAD_KEYS)),
        Overlay::Promotion(..) => Some((PROMOTION_TITLE, PROMOTION_KEYS)),
        Overlay::Help
        | Overlay::Chess960Prompt(_)
        | Overlay::StipulationPrompt { .. }
        | Overlay::Record(_) => None,
    }
}

pub const CHANGED_ON_DISK_TITLE: Msg = Msg("changed-on-disk-title");
pub const CHANGED_ON_DISK: Msg = Msg("changed-on-disk");
pub const CHANGED_ON_DISK_KEYS: Msg = Msg("changed-on-disk-keys");
pub const QUIT_UNREAD_TITLE: Msg = Msg("quit-unread-title");
pub const QUIT_UNREAD: Msg = Msg("quit-unread");
pub const QUIT_UNREAD_KEYS: Msg = Msg("quit-unread-keys");
pub const CHESS960_TITLE: Msg = Msg("chess960-title");
pub const CHESS960_PROMPT: Msg = Msg("chess960-prompt");
pub const CHESS960_KEYS: Msg = Msg("chess960-keys");
pub const HELP_SCROLL: Msg = Msg("help-scroll");

/// `(12–40 of 75)` after the help's scroll keys.
pub fn help_position(lang: Lang, first: u16, last: u16, total: usize) -> String {
    fmt(
        lang,
        "help-position",
        &[
            ("first", first.into()),
            ("last", last.into()),
            ("total", total.into()),
        ],
    )
}

// The Record overlay (`i`).
pub const RECORD_TITLE: Msg = Msg("record-title");
pub const RECORD_NEW: Msg = Msg("record-new");
pub const RECORD_LOOSE: Msg = Msg("record-loose");
pub const RECORD_NEW_PROMPT: Msg = Msg("record-new-prompt");

/// The label of a row of the Record overlay.
pub fn record_label(lang: Lang, known: crate::editor::record::Known) -> &'static str {
    use crate::editor::record::Known;
    tr(
        lang,
        match known {
            Known::Author => "record-author",
            Known::Id => "record-id",
            Known::Stipulation => "record-stipulation",
            Known::Solution => "record-solution",
        },
    )
}

/// Why the Record overlay did not take a value.
pub fn record_refused(lang: Lang, why: &crate::editor::record::ValueError) -> String {
    use crate::editor::record::ValueError;
    match why {
        ValueError::Quote => tr(lang, "record-quote").to_owned(),
        ValueError::Semicolon => tr(lang, "record-semicolon").to_owned(),
        ValueError::OpenQuote => tr(lang, "record-open-quote").to_owned(),
        ValueError::Opcode(code) => fmt(lang, "record-opcode", &[("code", code.as_str().into())]),
        ValueError::NoOpcode => tr(lang, "record-no-opcode").to_owned(),
        ValueError::Stipulation(why) => stipulation_refused(lang, why),
        ValueError::DoesNotFit => tr(lang, "record-does-not-fit").to_owned(),
    }
}

// The stipulation prompt (`S`).
pub const STIPULATION_TITLE: Msg = Msg("stipulation-title");
pub const STIPULATION_PROMPT: Msg = Msg("stipulation-prompt");
pub const STIPULATION_KEYS: Msg = Msg("stipulation-keys");

/// Why the prompt did not take its text.
pub fn stipulation_refused(lang: Lang, why: &crate::editor::solving::AskError) -> String {
    use crate::editor::solving::AskError;
    match why {
        AskError::Empty => tr(lang, "stipulation-empty").to_owned(),
        AskError::Stipulation(_, problem) => {
            use crate::solve::Problem;
            let id = match problem {
                Problem::NoGoal => "stipulation-no-goal",
                Problem::HalfOnlyInHelp => "stipulation-half-only-in-help",
                Problem::OnlyHalf => "stipulation-only-half",
                Problem::NoNumber => "stipulation-no-number",
                Problem::TooLarge => "stipulation-too-large",
                Problem::Zero => "stipulation-zero",
                Problem::TooMany => {
                    let max = crate::solve::stipulation::MAX_MOVES as usize;
                    return fmt(lang, "stipulation-too-many", &[("max", max.into())]);
                }
            };
            tr(lang, id).to_owned()
        }
        AskError::Word(word) => fmt(lang, "stipulation-word", &[("word", word.as_str().into())]),
        // The twin reader's reason names the twin and its command in Popeye's words.
        AskError::Twin(why) => fmt(lang, "stipulation-twin", &[("why", why.as_str().into())]),
    }
}

// The Solution panel.
pub const SOLUTION_TITLE: Msg = Msg("solution-title");
pub const SOLUTION_STALE: Msg = Msg("solution-stale");
pub const SOLUTION_ENTER: Msg = Msg("solution-enter");
pub const SOLUTION_THREAT: Msg = Msg("solution-threat");
pub const SOLUTION_ZUGZWANG: Msg = Msg("solution-zugzwang");
pub const SOLUTION_BUT: Msg = Msg("solution-but");
pub const SOLUTION_SHORT: Msg = Msg("solution-short");
pub const SOLUTION_DUALS: Msg = Msg("solution-duals");
pub const SOLUTION_NO_SOLUTION: Msg = Msg("solution-no-solution");

/// `solving #3`, `1.2 M nodes`, `4.1 s`, `5/31 first moves`, `Esc stops`: the parts of the
/// progress line (joined by ` · `, wrapped between parts when narrow).
pub fn solving_progress(
    lang: Lang,
    stip: &str,
    nodes: u64,
    millis: u64,
    done: usize,
    total: usize,
) -> Vec<String> {
    let mut parts = vec![
        fmt(lang, "solving", &[("stip", stip.into())]),
        nodes_text(lang, nodes),
        seconds_text(millis),
    ];
    if total > 0 {
        parts.push(fmt(
            lang,
            "solving-first-moves",
            &[("done", done.into()), ("total", total.into())],
        ));
    }
    parts.push(tr(lang, "solving-esc-stops").to_owned());
    parts
}

/// `stopping…` while a cancelled solve winds down.
pub const SOLVING_STOPPING: Msg = Msg("solving-stopping");

/// `1234 nodes`, `45.6 k nodes`, `1.2 M nodes`.
pub fn nodes_text(lang: Lang, nodes: u64) -> String {
    let n = match nodes {
        n if n >= 1_000_000 => format!("{:.1} M", n as f64 / 1e6),
        n if n >= 10_000 => format!("{:.1} k", n as f64 / 1e3),
        n => n.to_string(),
    };
    fmt(lang, "nodes", &[("n", n.as_str().into())])
}

pub fn seconds_text(millis: u64) -> String {
    format!("{:.1} s", millis as f64 / 1000.0)
}

/// What a finished solve found: keys (direct, self and reflex play) or solutions (help and
/// series play), the short solutions apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub help: bool,
    /// Keys, or solutions of the full length.
    pub full: usize,
    /// Help and series play: solutions shorter than the stipulation.
    pub short: usize,
}

/// The parts of the result's first line: `#2`, `sound: 1 key` (`cooked: 3 keys`, `cooked: 3
/// solutions and 1 short`, `no solution`, `unfinished (stopped): 1 key proved so far`), the
/// search's nodes and time.
pub fn solution_summary(
    lang: Lang,
    stip: &str,
    outcome: crate::solve::Outcome,
    found: Found,
    cooked: bool,
    nodes: u64,
    seconds: f64,
) -> Vec<String> {
    use crate::solve::Outcome;
    let count = count(lang, found);
    let what = match (outcome, cooked) {
        (Outcome::NoSolution, _) => SOLUTION_NO_SOLUTION.tr(lang).to_owned(),
        (Outcome::Unfinished, _) => fmt(
            lang,
            "solution-unfinished",
            &[("count", count.as_str().into())],
        ),
        (Outcome::Solved, _) if found.full == 0 && found.short > 0 => {
            fmt(lang, "solve-only-short", &[("n", found.short.into())])
        }
        (Outcome::Solved, true) => {
            fmt(lang, "solution-cooked", &[("count", count.as_str().into())])
        }
        (Outcome::Solved, false) => {
            fmt(lang, "solution-sound", &[("count", count.as_str().into())])
        }
    };
    // The search's size is one part: it wraps as a whole.
    vec![
        stip.to_owned(),
        what,
        format!(
            "{}{SOLUTION_SEPARATOR}{seconds:.1} s",
            nodes_text(lang, nodes)
        ),
    ]
}

/// `1 key`, `3 solutions`, `3 solutions and 1 short`.
fn count(lang: Lang, found: Found) -> String {
    let id = if found.help {
        "count-solutions"
    } else {
        "count-keys"
    };
    let mut text = fmt(lang, id, &[("n", found.full.into())]);
    if found.short > 0 {
        text.push_str(&fmt(lang, "solve-short-note", &[("n", found.short.into())]));
    }
    text
}

/// Refused by the solver (an illegal position, a stipulation the game does not have).
pub fn solve_refused(lang: Lang, why: &str) -> String {
    fmt(lang, "solve-refused", &[("why", why.into())])
}

/// Between the parts of the panel's first line.
pub const SOLUTION_SEPARATOR: &str = " · ";

/// A side-to-move value as the panel shows it.
pub fn side_value(lang: Lang, color: Color, game: Game) -> String {
    format!("{} ({})", color.letter(), side_name(lang, color, game))
}
pub const TITLE_HELP: Msg = Msg("title-help");

/// A short reference to a FEN field for diagnostics lines.
pub fn field_ref(lang: Lang, field: Field) -> String {
    fmt(
        lang,
        "field-ref",
        &[("field", field.to_string().as_str().into())],
    )
}

/// The last row of a list that does not fit.
pub fn more_lines(lang: Lang, n: usize) -> String {
    fmt(lang, "more-lines", &[("n", n.into())])
}

/// The key table's help group titles.
pub fn group_title(lang: Lang, group: crate::editor::keys::Group) -> &'static str {
    use crate::editor::keys::Group;
    tr(
        lang,
        match group {
            Group::Board => "group-board",
            Group::Fields => "group-fields",
            Group::FenLine => "group-fen-line",
            Group::Anywhere => "group-anywhere",
            Group::Questions => "group-questions",
            Group::Help => "group-help",
            Group::Solution => "group-solution",
            Group::Moves => "group-moves",
            Group::Record => "group-record",
        },
    )
}

/// The key table's words in one language, looked up once: the help overlay and the hint bar
/// read them every frame.
struct KeyWords {
    what: std::collections::HashMap<&'static str, &'static str>,
    keys: std::collections::HashMap<&'static str, &'static str>,
    hints: std::collections::HashMap<&'static str, &'static str>,
}

fn key_words(lang: Lang) -> &'static KeyWords {
    use crate::editor::keys::TABLE;
    use std::sync::OnceLock;
    static WORDS: [OnceLock<KeyWords>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    WORDS[lang as usize].get_or_init(|| {
        let mut words = KeyWords {
            what: Default::default(),
            keys: Default::default(),
            hints: Default::default(),
        };
        for row in TABLE {
            if !row.what.is_empty() {
                words.what.insert(row.what, tr(lang, &key_id(row.what)));
            }
            if crate::i18n::keys_have_words(row.keys) {
                words.keys.insert(row.keys, tr(lang, &keys_id(row.keys)));
            }
            for hint in row.hints {
                words.hints.insert(hint.what, tr(lang, &hint_id(hint.what)));
            }
        }
        words
    })
}

/// The message ids of the key table's texts (see `i18n::slug`).
pub fn key_id(what: &str) -> String {
    crate::i18n::slug("key-", what)
}
pub fn keys_id(keys: &str) -> String {
    crate::i18n::slug("keys-", keys)
}
pub fn hint_id(what: &str) -> String {
    crate::i18n::slug("hint-", what)
}

/// A key table row's description in `lang`.
pub fn key_what(lang: Lang, what: &'static str) -> &'static str {
    key_words(lang).what.get(what).copied().unwrap_or(what)
}

/// A key table row's keys in `lang`: key names stay, words (`mouse drag`) are translated.
pub fn key_keys(lang: Lang, keys: &'static str) -> &'static str {
    key_words(lang).keys.get(keys).copied().unwrap_or(keys)
}

/// A hint's word in `lang`.
pub fn hint_what(lang: Lang, what: &'static str) -> &'static str {
    key_words(lang).hints.get(what).copied().unwrap_or(what)
}

/// The message id of a diagnostic's code: `diag-missing-king`.
pub fn diagnostic_id(code: crate::core::Code) -> String {
    format!("diag-{}", code.as_str().replace('_', "-"))
}

/// A diagnostic's message in `lang`, with the squares it names. English is the message the
/// check found; another language says it by the code and the diagnostic's arguments (its
/// codes stay as they are, for scripts).
pub fn diagnostic_message(lang: Lang, d: &crate::core::Diagnostic, game: Game) -> String {
    if lang == Lang::En {
        return d.message_with_squares(game);
    }
    catalogued_diagnostic(lang, d, game)
}

/// A diagnostic's message as `lang`'s catalogue says it, by its id and arguments, with the
/// squares it names. For English it is the message the check found, word for word: a test over
/// every fixture and example holds the two to it.
pub fn catalogued_diagnostic(lang: Lang, d: &crate::core::Diagnostic, game: Game) -> String {
    use crate::core::DiagArg;
    let texts: Vec<(&str, String)> = d
        .args
        .iter()
        .map(|(name, value)| {
            let text = match value {
                DiagArg::Number(n) => n.to_string(),
                DiagArg::Text(t) => t.clone(),
                DiagArg::Side(c) => side_name(lang, *c, game),
            };
            (*name, text)
        })
        .collect();
    let mut args: Vec<(&str, Arg)> = Vec::with_capacity(texts.len() + 1);
    for ((name, value), (_, text)) in d.args.iter().zip(&texts) {
        match value {
            DiagArg::Number(n) => args.push((name, (*n).into())),
            DiagArg::Side(c) => {
                // The name for the text; the first side's key for the grammar (`$side`
                // selects: Spanish adjectives agree with it).
                if !args.iter().any(|(n, _)| *n == "side") {
                    args.push(("side", side_key(*c, game).into()));
                }
                args.push((name, text.as_str().into()));
            }
            DiagArg::Text(_) => args.push((name, text.as_str().into())),
        }
    }
    args.push((
        "game",
        if game.is_xiangqi() {
            "xiangqi"
        } else {
            "chess"
        }
        .into(),
    ));
    let id = d
        .message_id
        .map_or_else(|| diagnostic_id(d.code), str::to_owned);
    let message = fmt(lang, &id, &args);
    let names: Vec<String> = d.squares.iter().map(|s| s.name(game).to_string()).collect();
    if names.is_empty() || names.iter().all(|n| message.contains(n.as_str())) {
        message
    } else {
        format!("{message} ({})", names.join(", "))
    }
}

/// The messages of a position's diagnostics in `lang`, made once per change of the
/// diagnostics: a frame that draws the same ones again only compares them with the last.
pub fn diagnostic_messages(
    lang: Lang,
    diagnostics: &[crate::core::Diagnostic],
    game: Game,
) -> std::rc::Rc<[String]> {
    use std::cell::RefCell;
    use std::rc::Rc;
    type Cache = Option<(Lang, Game, Vec<crate::core::Diagnostic>, Rc<[String]>)>;
    thread_local! {
        static LAST: RefCell<Cache> = const { RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((l, g, d, messages)) = &*last
            && *l == lang
            && *g == game
            && d.as_slice() == diagnostics
        {
            return Rc::clone(messages);
        }
        let messages: Rc<[String]> = diagnostics
            .iter()
            .map(|d| diagnostic_message(lang, d, game))
            .collect();
        *last = Some((lang, game, diagnostics.to_vec(), Rc::clone(&messages)));
        messages
    })
}

/// A diagnostic as `show` (`with_field`, squares named) and `check` print it:
/// `error[missing_king] field 1: message`. The severity and code stay English, for scripts.
pub fn diagnostic_line(
    lang: Lang,
    d: &crate::core::Diagnostic,
    game: Game,
    with_field: bool,
) -> String {
    if lang == Lang::En {
        return if with_field {
            format!("{:#}", d.naming_squares(game))
        } else {
            d.to_string()
        };
    }
    let head = format!("{}[{}]", d.severity.as_str(), d.code.as_str());
    let message = diagnostic_message(lang, d, game);
    if with_field {
        format!("{head} {}: {message}", field_ref(lang, d.field))
    } else {
        format!("{head}: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_of_a_move_are_worded_in_each_language() {
        use crate::core::moves::Refusal;
        use crate::editor::{Action, Options, State, update};
        let refusal = |fen: &str, keys: &[Action], lang| {
            let mut s = State::from_fen(fen, None, Options::default());
            update(&mut s, Action::PlayMode);
            for a in keys {
                update(&mut s, a.clone());
            }
            let Some(Notice::MoveRefused(why)) = s.notice.clone() else {
                panic!("{:?}", s.notice)
            };
            (refusal(lang, &why, s.game()), why)
        };
        let at =
            |name: &str, game| Action::SetCursor(crate::core::Square::parse(name, game).unwrap());
        // The pinned knight.
        let keys = [
            at("e2", Game::Chess),
            Action::PlaySelect,
            at("c3", Game::Chess),
            Action::PlaySelect,
        ];
        let (words, _) = refusal("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", &keys, Lang::En);
        assert_eq!(words, "that move leaves your king in check");
        // Xiangqi: the horse on b9 does not go to b6.
        let keys = [
            at("h2", Game::Xiangqi),
            Action::PlaySelect,
            at("e2", Game::Xiangqi),
            Action::PlaySelect,
            at("b9", Game::Xiangqi),
            Action::PlaySelect,
            at("b6", Game::Xiangqi),
            Action::PlaySelect,
        ];
        let (words, _) = refusal(Game::Xiangqi.start_fen(), &keys, Lang::En);
        assert_eq!(words, "the horse on b9 cannot go to b6");
        // An illegal position: its first error, in the screen's language.
        let illegal = "4k3/8/8/8/8/8/8/8 w - - 0 1";
        let (english, why) = refusal(illegal, &[], Lang::En);
        let Refusal::Illegal(error) = why else {
            panic!("{why:?}")
        };
        assert!(english.starts_with("the position is illegal"), "{english}");
        assert!(english.ends_with(&error.message), "{english}");
        let (chinese, _) = refusal(illegal, &[], Lang::Zh);
        assert!(chinese.starts_with("局面不合法"), "{chinese}");
        assert!(!chinese.contains(&error.message), "{chinese}");
        assert!(chinese.ends_with(&diagnostic_message(Lang::Zh, &error, Game::Chess)));
    }

    #[test]
    fn stipulation_refusals_are_worded_in_each_language() {
        use crate::editor::solving::{Ask, AskError};
        for typed in ["x#2", "#2.5", "h#2.3", "#", "#99999999999", "#0", "#31"] {
            let Err(why) = Ask::parse(typed) else {
                panic!("{typed} reads")
            };
            let AskError::Stipulation(english, _) = &why else {
                panic!("{typed}: {why:?}")
            };
            let words = |lang| stipulation_refused(lang, &why);
            assert!(english.ends_with(&words(Lang::En)), "{typed}: {english}");
            for lang in [Lang::Es, Lang::Zh] {
                assert_ne!(words(lang), words(Lang::En), "{typed}: {lang:?} is English");
            }
            assert!(!words(Lang::Zh).contains("expected"), "{typed}");
        }
    }

    #[test]
    fn diagnostic_messages_are_made_once_per_change() {
        let read = |fen: &str| {
            crate::core::legality::diagnose(&crate::core::fen::read(fen, None).position.unwrap())
        };
        let two_kings = read("4k3/8/8/8/8/8/8/KK6 w - - 0 1");
        let a = diagnostic_messages(Lang::Zh, &two_kings, Game::Chess);
        let b = diagnostic_messages(Lang::Zh, &two_kings, Game::Chess);
        assert!(
            std::rc::Rc::ptr_eq(&a, &b),
            "the same diagnostics: the same messages"
        );
        assert!(a[0].starts_with("白方有 2 个王"), "{a:?}");
        let es = diagnostic_messages(Lang::Es, &two_kings, Game::Chess);
        assert!(es[0].starts_with("hay 2 reyes blancos"), "{es:?}");
        let other = read("4k3/8/8/8/8/8/8/8 w - - 0 1");
        let c = diagnostic_messages(Lang::Es, &other, Game::Chess);
        assert_eq!(c[0], "falta el rey blanco");
    }

    fn over(checkmate: bool) -> Status {
        Status {
            check: checkmate,
            checkmate,
            stalemate: !checkmate,
            legal_moves: 0,
        }
    }

    #[test]
    fn the_status_line_says_who_wins_when_the_game_is_over() {
        let line = |s: Status, game| status_line(Lang::En, Some(&s), 0, Color::Black, game);
        assert_eq!(
            line(over(true), Game::Chess),
            "legal · Black to move · checkmate: White wins · 0 legal moves"
        );
        assert_eq!(
            line(over(false), Game::Chess),
            "legal · Black to move · stalemate: draw · 0 legal moves"
        );
        assert_eq!(
            line(over(false), Game::Xiangqi),
            "legal · Black to move · stalemated: Red wins · 0 legal moves"
        );
        assert_eq!(
            line(over(true), Game::Xiangqi),
            "legal · Black to move · checkmate: Red wins · 0 legal moves"
        );
    }
}

//! Every piece of text the screen and `fenboard show` print, in one place.

use crate::core::fen::Field;
use crate::core::status::Status;
use crate::core::{Color, Game};

pub const APP_NAME: &str = "fenboard";

/// The six FEN fields, numbered 1–6 in this order.
pub const FIELD_NAMES: [&str; 6] = [
    "Piece placement",
    "Active colour",
    "Castling availability",
    "En passant target square",
    "Halfmove clock",
    "Fullmove number",
];

/// Shorter names for narrow panels.
pub const FIELD_SHORT_NAMES: [&str; 6] = [
    "Placement",
    "Side",
    "Castling",
    "En passant",
    "Halfmove",
    "Fullmove",
];

pub const FIELDS_TITLE: &str = "Fields";
pub const DIAGNOSTICS_TITLE: &str = "Diagnostics";
pub const ANALYSIS_TITLE: &str = "Analysis";

// The Analysis panel.
pub const ENGINE: &str = "engine";
pub const ENGINE_STARTING: &str = "starting the engine…";
pub const ENGINE_GAME_OVER: &str = "no legal move: nothing to analyse";

/// ` · depth 18 · 1.2 Mn/s` after the engine's name.
pub fn engine_progress(depth: u32, nps: u64) -> String {
    let speed = match nps {
        0 => String::new(),
        n if n >= 1_000_000 => format!(" · {:.1} Mn/s", n as f64 / 1e6),
        n => format!(" · {} kn/s", n / 1000),
    };
    format!(" · depth {depth}{speed}")
}

pub fn engine_not_sent(why: &str) -> String {
    if why.is_empty() {
        "illegal position: not sent to the engine".to_owned()
    } else {
        format!("illegal position, not sent: {why}")
    }
}

pub fn engine_unavailable(reason: &str) -> String {
    format!("no analysis: {reason}")
}
pub const FEN_TITLE: &str = "FEN";
/// The FEN line's label while the board shows moves from the setup it holds.
pub const SETUP_FEN_TITLE: &str = "setup FEN";
pub const HELP_TITLE: &str = "Keys";
pub const HELP_FOOTER: &str = "Esc, ? or F1 closes this help";
pub const MODIFIED_MARK: &str = "modified";
pub const NO_PROBLEMS: &str = "no problems found";
pub const EPD_OPERATIONS: &str = "EPD operations";
pub const TOO_SMALL_TITLE: &str = "Terminal too small";
pub const TOO_SMALL_QUIT: &str = "Ctrl-Q quits, Ctrl-C aborts";
pub const NOT_PARSED: &str = "the FEN does not read; the board shows the last one that did";

/// The "too small" message: current size and the size needed.
pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    format!("{width}×{height}, needs at least {min_width}×{min_height}")
}

/// Side to move, in the game's words.
pub fn to_move(color: Color, game: Game) -> String {
    format!("{} to move", color.name(game))
}

/// The status lines of a position: legality, side to move, check, mate, move count.
pub fn status_line(status: Option<&Status>, errors: usize, color: Color, game: Game) -> String {
    let side = to_move(color, game);
    match status {
        _ if errors > 0 => format!("{} · {side}", illegal(errors)),
        None => format!("legal · {side}"),
        Some(s) => {
            // The end of the game says who wins: a stalemate draws in chess but loses in
            // xiangqi.
            let winner = color.other().name(game);
            let state = if s.checkmate {
                format!("checkmate: {winner} wins")
            } else if s.stalemate && game.is_xiangqi() {
                format!("stalemated: {winner} wins")
            } else if s.stalemate {
                "stalemate: draw".to_owned()
            } else if s.check {
                "check".to_owned()
            } else {
                String::new()
            };
            let moves = match s.legal_moves {
                1 => "1 legal move".to_owned(),
                n => format!("{n} legal moves"),
            };
            if state.is_empty() {
                format!("legal · {side} · {moves}")
            } else {
                format!("legal · {side} · {state} · {moves}")
            }
        }
    }
}

/// "illegal: N errors".
pub fn illegal(errors: usize) -> String {
    match errors {
        1 => "illegal: 1 error".to_owned(),
        n => format!("illegal: {n} errors"),
    }
}

/// The composers' piece count, `(9+4)`: White's (Red's) pieces, then Black's.
pub fn piece_count(white: usize, black: usize) -> String {
    format!("({white}+{black})")
}

/// A record counter such as `3/20` (`current` counted from 1).
pub fn record(current: usize, count: usize) -> String {
    format!("{current}/{count}")
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

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::King => "king-side",
        CastlingSide::Queen => "queen-side",
    }
}

pub const PLAY_STARTED: &str =
    "play mode: Enter on a piece, then on its target; Esc returns to the setup";
pub const MOVES_TITLE: &str = "Moves";
pub const PLAY_TITLE: &str = "Play";
pub const PLAYBACK_TITLE: &str = "Playback";
pub const NO_MOVES_YET: &str = "no moves yet";
pub const PROMOTION_TITLE: &str = "Promotion";
pub const PROMOTION_PROMPT: &str = "The pawn becomes:";
pub const PROMOTION_KEYS: &str = "q queen · r rook · b bishop · n knight · Esc cancel";

/// Where the board stands in a line: `setup · 5 moves`, `move 3 of 5`.
pub fn line_position(at: usize, total: usize) -> String {
    match (at, total) {
        (0, 0) => "setup".to_owned(),
        (0, 1) => "setup · 1 move".to_owned(),
        (0, n) => format!("setup · {n} moves"),
        (a, n) => format!("move {a} of {n}"),
    }
}

/// "playing a line of 5 moves" (and how many were left out as not legal).
pub fn playback_started(moves: usize, dropped: usize) -> String {
    let line = match moves {
        1 => "playback of 1 move: → steps, Esc returns".to_owned(),
        n => format!("playback of {n} moves: → steps, Esc returns"),
    };
    match dropped {
        0 => line,
        n => format!("{line} ({n} not legal here, left out)"),
    }
}

/// Why a move is not played, in words.
pub fn refusal(why: &crate::core::moves::Refusal, game: Game) -> String {
    use crate::core::moves::Refusal;
    let king = if game.is_xiangqi() { "general" } else { "king" };
    match why {
        Refusal::IllegalPosition(reason) => {
            format!("the position is illegal, so no move is played: {reason}")
        }
        Refusal::NoPiece(sq) => format!("no piece on {}", sq.name(game)),
        Refusal::NotYourTurn(p) => format!("not your turn: {} to move", p.color.other().name(game)),
        Refusal::CannotGo(p, from, to) => format!(
            "the {} on {} cannot go to {}",
            p.role.name(game),
            from.name(game),
            to.name(game)
        ),
        Refusal::LeavesInCheck(_) => format!("that move leaves your {king} in check"),
        Refusal::NeedsPromotion => "the pawn must promote: choose its piece".to_owned(),
    }
}

/// A notice in words, and how it should look.
pub fn notice(n: &Notice, game: Game) -> (String, Tone) {
    use Tone::*;
    let piece = |p: &crate::core::Piece| format!("{} {}", p.color.name(game), p.role.name(game));
    match n {
        Notice::GotoCancelled => ("square jump cancelled".into(), Info),
        Notice::NotASquare(s) => (format!("{s:?} is not a square of this board"), Bad),
        Notice::Unbound(k) => (format!("{k}: not a key here (? lists the keys)"), Bad),
        Notice::PickedUp(p, sq) => (
            format!(
                "picked up the {} on {}: Enter drops it, Esc puts it back",
                piece(p),
                sq.name(game)
            ),
            Info,
        ),
        Notice::Dropped(p, sq) => (format!("{} dropped on {}", piece(p), sq.name(game)), Info),
        Notice::PickUpCancelled => ("pick-up cancelled".into(), Info),
        Notice::NothingToPickUp(sq) => (format!("nothing to pick up on {}", sq.name(game)), Bad),
        Notice::NoBrush => (
            "type a piece letter first: a click puts the last piece placed".into(),
            Bad,
        ),
        Notice::Undone => ("undone".into(), Info),
        Notice::Redone => ("redone".into(), Info),
        Notice::NothingToUndo => ("nothing to undo".into(), Bad),
        Notice::NothingToRedo => ("nothing to redo".into(), Bad),
        Notice::GameSwitched(g) => (format!("switched to {g}"), Good),
        Notice::Chess960Start(n) => (format!("Chess960 start position {n}"), Good),
        Notice::NotAChess960Number(s) => (format!("{s:?} is not a number from 0 to 959"), Bad),
        Notice::CastlingImpossible(c, side) => (
            format!(
                "{} cannot castle {}: king or rook is not in place",
                c.name(game),
                side_name(*side)
            ),
            Bad,
        ),
        Notice::CastlingNeedsChess960(c, side) => (
            format!(
                "{} {}: only Chess960 castling allows this right (Space switches)",
                c.name(game),
                side_name(*side)
            ),
            Bad,
        ),
        Notice::NotInXiangqi => ("xiangqi has no castling and no en passant".into(), Bad),
        Notice::NoEpCandidates => ("no pawn could just have made a double step".into(), Bad),
        Notice::Pasted => ("pasted FEN loaded (u undoes)".into(), Good),
        Notice::PasteHasErrors => (
            "the pasted text does not read: fix it in the FEN line".into(),
            Bad,
        ),
        Notice::PasteEmpty => ("nothing to paste".into(), Bad),
        Notice::FenApplied => ("FEN applied".into(), Good),
        Notice::FenLineHasErrors => (
            "the FEN line has errors: fix them or Esc to restore".into(),
            Bad,
        ),
        Notice::RecordHasErrors(i) => (
            format!(
                "record {} does not read: its text is in the FEN line (/ edits it)",
                i + 1
            ),
            Bad,
        ),
        Notice::NoCollection => (
            "no collection is open (fenboard FILE.fen opens one)".into(),
            Bad,
        ),
        Notice::FirstRecord => ("this is the first record".into(), Info),
        Notice::LastRecord => ("this is the last record".into(), Info),
        Notice::RecordAdded(i) => (format!("record {} added", i + 1), Good),
        Notice::RecordDeleted(i) => (format!("record {} deleted", i + 1), Good),
        Notice::OnlyRecord => ("the only record of a collection stays".into(), Bad),
        Notice::Saving => ("saving…".into(), Info),
        Notice::Saved => ("saved".into(), Good),
        Notice::SaveFailed(why) => (format!("save failed: {why}"), Bad),
        Notice::NotSaved => (
            "not saved: the file on disk is as the other program left it".into(),
            Bad,
        ),
        Notice::Reloaded => (
            "read again from disk: your unsaved changes are dropped".into(),
            Info,
        ),
        Notice::ReloadFailed(why) => (format!("reload failed: {why}"), Bad),
        Notice::ClockAtMax(max) => (format!("clocks go up to {max}"), Bad),
        Notice::Copied(what) => (what.clone(), Good),
        Notice::CopyFailed(why) => (format!("copy failed: {why}"), Bad),
        Notice::PasteFailed(why) => (format!("paste failed: {why}"), Bad),
        Notice::SolveRefused(why) => (format!("not solved: illegal position: {why}"), Bad),
        Notice::StipulationSet(stip) => (
            format!("stipulation {stip} stored in the record (saved with Ctrl-S)"),
            Good,
        ),
        Notice::SolveCancelled => ("solve stopped".into(), Info),
        Notice::SolutionStale => (
            "the position changed since it was solved: S solves it again".into(),
            Bad,
        ),
        Notice::Info(text) => (text.clone(), Info),
        Notice::PlayStarted => (PLAY_STARTED.into(), Info),
        Notice::PlaybackStarted { moves, dropped } => (playback_started(*moves, *dropped), Info),
        Notice::MoveRefused(why) => (refusal(why, game), Bad),
        Notice::Chosen(p, sq) => (
            format!(
                "{} on {} chosen: Enter on its target",
                piece(p),
                sq.name(game)
            ),
            Info,
        ),
        Notice::ChoiceCancelled => ("choice cancelled".into(), Info),
        Notice::TookBack(name) => (format!("{name} taken back"), Info),
        Notice::NothingToTakeBack => ("no move to take back".into(), Bad),
        Notice::KeptAsSetup => (
            "the position reached is the setup now (u undoes)".into(),
            Good,
        ),
        Notice::LineStart => ("at the setup".into(), Info),
        Notice::LineEnd => ("at the last move".into(), Info),
        Notice::SetupBack => ("back to the setup".into(), Info),
        Notice::LeaveLineFirst => (
            "the board shows moves: Esc returns to the setup first".into(),
            Bad,
        ),
        Notice::FallsOffBoard => ("refused: a piece would fall off the board".into(), Bad),
        Notice::RotateChessOnly => ("refused: a xiangqi board does not turn by 90°".into(), Bad),
    }
}

/// The pending `g` jump, as the message line shows it.
pub fn goto_pending(typed: &str) -> String {
    format!("go to square: {typed}_  (Esc cancels)")
}

pub const CONFIRM_DELETE_TITLE: &str = "Delete record";
pub const CONFIRM_DELETE: &str = "Delete this record from the collection?";
pub const CONFIRM_DELETE_KEYS: &str = "y delete · n keep";
pub const CONFIRM_QUIT_TITLE: &str = "Unsaved changes";
pub const CONFIRM_QUIT: &str = "The collection has unsaved changes.";
pub const CONFIRM_QUIT_KEYS: &str = "s save and quit · d discard and quit · c cancel";
/// The title and keys of an overlay that asks a question (not help, not the Chess960 prompt).
pub fn question(overlay: &crate::editor::Overlay) -> Option<(&'static str, &'static str)> {
    use crate::editor::Overlay;
    match overlay {
        Overlay::ConfirmDelete => Some((CONFIRM_DELETE_TITLE, CONFIRM_DELETE_KEYS)),
        Overlay::ConfirmQuit => Some((CONFIRM_QUIT_TITLE, CONFIRM_QUIT_KEYS)),
        Overlay::ChangedOnDisk => Some((CHANGED_ON_DISK_TITLE, CHANGED_ON_DISK_KEYS)),
        Overlay::QuitUnread => Some((QUIT_UNREAD_TITLE, QUIT_UNREAD_KEYS)),
        Overlay::Promotion(..) => Some((PROMOTION_TITLE, PROMOTION_KEYS)),
        Overlay::Help | Overlay::Chess960Prompt(_) | Overlay::StipulationPrompt { .. } => None,
    }
}

pub const CHANGED_ON_DISK_TITLE: &str = "File changed on disk";
pub const CHANGED_ON_DISK: &str = "Another program changed the file since fenboard read it.";
pub const CHANGED_ON_DISK_KEYS: &str =
    "o overwrite it · r reload it, dropping your changes · c cancel";
pub const QUIT_UNREAD_TITLE: &str = "FEN does not read";
pub const QUIT_UNREAD: &str = "The FEN line does not read: there is no FEN to print.";
pub const QUIT_UNREAD_KEYS: &str = "q quit printing nothing (exit status 1) · c cancel";
/// On stderr after quitting that way.
pub const QUIT_UNREAD_NOTE: &str = "the FEN line did not read: no FEN printed";
pub const CHESS960_TITLE: &str = "Chess960 start position";
pub const CHESS960_PROMPT: &str = "Number 0–959 (empty or r: random):";
pub const CHESS960_KEYS: &str = "Enter apply · Esc cancel";
pub const HELP_SCROLL: &str = "↑↓ scroll";

// The stipulation prompt (`S`).
pub const STIPULATION_TITLE: &str = "Solve";
pub const STIPULATION_PROMPT: &str = "Stipulation:";
pub const STIPULATION_KEYS: &str = "Enter solve · Esc cancel · add tries or checks";

/// Why the prompt did not take its text.
pub fn stipulation_refused(why: &crate::editor::solving::AskError) -> String {
    use crate::editor::solving::AskError;
    match why {
        AskError::Empty => "type a stipulation: #2, =3, s#2, h#2, h#2.5".to_owned(),
        AskError::Stipulation(reason) => reason.clone(),
        AskError::Word(word) => format!("'{word}': only tries or checks may follow"),
    }
}

// The Solution panel.
pub const SOLUTION_TITLE: &str = "Solution";
pub const SOLUTION_STALE: &str = "stale";
pub const SOLUTION_THREAT: &str = "threat:";
pub const SOLUTION_ZUGZWANG: &str = "zugzwang";
pub const SOLUTION_BUT: &str = "but";
pub const SOLUTION_SHORT: &str = "(short)";
pub const SOLUTION_DUALS: &str = "duals:";
pub const SOLUTION_NO_SOLUTION: &str = "no solution";

/// `solving #3`, `1.2 M nodes`, `4.1 s`, `5/31 first moves`, `Esc stops`: the parts of the
/// progress line (joined by ` · `, wrapped between parts when narrow).
pub fn solving_progress(
    stip: &str,
    nodes: u64,
    millis: u64,
    done: usize,
    total: usize,
) -> Vec<String> {
    let mut parts = vec![
        format!("solving {stip}"),
        nodes_text(nodes),
        seconds_text(millis),
    ];
    if total > 0 {
        parts.push(format!("{done}/{total} first moves"));
    }
    parts.push("Esc stops".to_owned());
    parts
}

/// `stopping…` while a cancelled solve winds down.
pub const SOLVING_STOPPING: &str = "stopping…";

/// `1234 nodes`, `45.6 k nodes`, `1.2 M nodes`.
pub fn nodes_text(nodes: u64) -> String {
    match nodes {
        n if n >= 1_000_000 => format!("{:.1} M nodes", n as f64 / 1e6),
        n if n >= 10_000 => format!("{:.1} k nodes", n as f64 / 1e3),
        n => format!("{n} nodes"),
    }
}

pub fn seconds_text(millis: u64) -> String {
    format!("{:.1} s", millis as f64 / 1000.0)
}

/// The parts of the result's first line: `#2`, `sound: 1 key` (`cooked: 3 keys`, `no
/// solution`, `unfinished (stopped): 1 key proved so far`), the search's nodes and time.
pub fn solution_summary(
    stip: &str,
    outcome: crate::solve::Outcome,
    help: bool,
    found: usize,
    cooked: bool,
    nodes: u64,
    seconds: f64,
) -> Vec<String> {
    use crate::solve::Outcome;
    let what = match (outcome, cooked) {
        (Outcome::NoSolution, _) => SOLUTION_NO_SOLUTION.to_owned(),
        (Outcome::Unfinished, _) => {
            format!("unfinished (stopped): {} proved so far", count(found, help))
        }
        (Outcome::Solved, true) => format!("cooked: {}", count(found, help)),
        (Outcome::Solved, false) => format!("sound: {}", count(found, help)),
    };
    // The search's size is one part: it wraps as a whole.
    vec![
        stip.to_owned(),
        what,
        format!("{}{SOLUTION_SEPARATOR}{seconds:.1} s", nodes_text(nodes)),
    ]
}

fn count(n: usize, help: bool) -> String {
    match (n, help) {
        (1, false) => "1 key".to_owned(),
        (n, false) => format!("{n} keys"),
        (1, true) => "1 solution".to_owned(),
        (n, true) => format!("{n} solutions"),
    }
}

/// Refused by the solver (an illegal position, a stipulation the game does not have).
pub fn solve_refused(why: &str) -> String {
    format!("not solved: {why}")
}

/// Between the parts of the panel's first line.
pub const SOLUTION_SEPARATOR: &str = " · ";

/// A side-to-move value as the panel shows it.
pub fn side_value(color: Color, game: Game) -> String {
    format!("{} ({})", color.letter(), color.name(game))
}
pub const TITLE_HELP: &str = " ? help ";

/// A short reference to a FEN field for diagnostics lines.
pub fn field_ref(field: Field) -> String {
    format!("field {field}")
}

/// The last row of a list that does not fit.
pub fn more_lines(n: usize) -> String {
    format!("… {n} more lines")
}

// The editor's own messages on stderr.
pub const NO_SIGNALS: &str = "cannot watch the signals that end a process";
pub const NO_TERMINAL: &str = "cannot use the terminal (/dev/tty)";
pub const NO_INPUT_THREAD: &str = "cannot start the input thread";
pub const NO_COLLECTION: &str = "no collection is open";

/// The final FEN could not go to stdout: it is given here instead.
pub fn fen_not_written(fen: &str, why: &str) -> String {
    format!("cannot write the FEN to stdout: {why}; it was: {fen}")
}

pub fn input_failed(why: &str) -> String {
    format!("cannot read the terminal: {why}")
}

/// Rescue files (`FILE.save`, `FILE.save.1`, …) newer than the file opened, every one named:
/// the first with its folder, the others beside it by their names alone.
pub fn newer_rescues(paths: &[std::path::PathBuf]) -> Option<String> {
    let (first, rest) = paths.split_first()?;
    let mut names = first.display().to_string();
    for p in rest {
        let name = p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        names.push_str(", ");
        names.push_str(&name);
    }
    // The names first: a narrow message line cuts the end.
    let sessions = if rest.is_empty() {
        "a killed session"
    } else {
        "killed sessions"
    };
    Some(format!(
        "{names}: unsaved changes from {sessions}; compare with this file"
    ))
}

/// Killed by `signal`, the unsaved changes went to `path`.
pub fn rescued(signal: &str, path: &str) -> String {
    format!("{signal}: unsaved changes written to {path}")
}

pub fn rescue_failed(signal: &str, why: &str) -> String {
    format!("{signal}: unsaved changes lost: {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_newer_rescue_is_named() {
        use std::path::PathBuf;
        assert_eq!(newer_rescues(&[]), None);
        let one = newer_rescues(&[PathBuf::from("d/a.fen.save")]).unwrap();
        assert!(
            one.starts_with("d/a.fen.save: unsaved changes from a killed session"),
            "{one}"
        );
        let three = newer_rescues(&[
            PathBuf::from("d/a.fen.save"),
            PathBuf::from("d/a.fen.save.1"),
            PathBuf::from("d/a.fen.save.2"),
        ])
        .unwrap();
        assert!(
            three.starts_with("d/a.fen.save, a.fen.save.1, a.fen.save.2: unsaved changes"),
            "{three}"
        );
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
        let line = |s: Status, game| status_line(Some(&s), 0, Color::Black, game);
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

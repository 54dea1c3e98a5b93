//! The board's actions: the cursor, pieces, whole-position edits, undo and the clipboard.

use crate::core::{Game, Piece, Position, Square, chess960};

use super::super::action::{Direction, LineEdit};
use super::super::effect::{Effect, Notice};
use super::super::fen_line::{FenLine, read_fen};
use super::super::paste;
use super::super::state::{Focus, Overlay, Pending, State};
use super::super::transform;
use super::change::{Rights, after_change, commit, edit, load_position, stop_editing_line};

/// The lichess analysis board, which takes a FEN with `_` for spaces after this prefix.
pub const LICHESS_ANALYSIS: &str = "https://lichess.org/analysis/";

/// The lichess analysis URL of a FEN (Chess960 through lichess's `chess960/` variant path).
pub fn lichess_url(fen: &str, game: Game) -> String {
    let variant = if game == Game::Chess960 {
        "chess960/"
    } else {
        ""
    };
    format!("{LICHESS_ANALYSIS}{variant}{}", fen.replace(' ', "_"))
}

/// The file and rank step of an arrow as it points on screen (a flipped board turns it round).
fn screen_step(state: &State, dir: Direction) -> (i8, i8) {
    let (df, dr) = match dir {
        Direction::Up => (0, 1),
        Direction::Down => (0, -1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    };
    if state.flipped { (-df, -dr) } else { (df, dr) }
}

pub(super) fn move_cursor(state: &mut State, dir: Direction) {
    let (df, dr) = screen_step(state, dir);
    if let Some(sq) = state.cursor.offset(df, dr, state.game()) {
        state.cursor = sq;
    }
}

pub(super) fn set_cursor(state: &mut State, sq: Square) {
    if sq.on_board(state.game()) {
        state.cursor = sq;
    }
}

pub(super) fn start_goto(state: &mut State) {
    state.pending = Some(Pending::Goto(String::new()));
}

pub(super) fn goto_key(state: &mut State, c: char) {
    let Some(Pending::Goto(typed)) = &mut state.pending else {
        state.notice = Some(Notice::Unbound(c.to_string()));
        return;
    };
    if c == ' ' {
        return;
    }
    typed.push(c);
    let typed = typed.clone();
    let game = state.game();
    if let Some(sq) = Square::parse(&typed, game) {
        state.cursor = sq;
        state.pending = None;
        return;
    }
    // A file letter alone waits for the rank; anything else is no square.
    let file_ok = |ch: char| ch.is_ascii_lowercase() && ((ch as u8 - b'a') < game.width());
    let mut chars = typed.chars();
    let waiting = chars.next().is_some_and(file_ok) && chars.next().is_none();
    if !waiting {
        state.pending = None;
        state.notice = Some(Notice::NotASquare(typed));
    }
}

/// Puts a piece of the game on the cursor square and makes it the brush.
pub(super) fn put(state: &mut State, piece: Piece) {
    if state.game().roles().contains(&piece.role) {
        let sq = state.cursor;
        edit(state, |p| {
            p.board.set(sq, Some(piece));
        });
        state.brush = Some(piece);
    } else {
        state.notice = Some(Notice::Unbound(piece.char().to_string()));
    }
}

pub(super) fn empty(state: &mut State) {
    let sq = state.cursor;
    edit(state, |p| {
        p.board.set(sq, None);
    });
}

pub(super) fn pick_up_or_drop(state: &mut State) {
    let at = state.cursor;
    match state.picked {
        Some((_, from)) if from == at => {
            state.picked = None;
            state.notice = Some(Notice::PickUpCancelled);
        }
        Some((piece, from)) => {
            state.picked = None;
            edit(state, |p| {
                p.board.set(from, None);
                p.board.set(at, Some(piece));
            });
            state.notice = Some(Notice::Dropped(piece, at));
        }
        None => match state.position.board.get(at) {
            Some(piece) => {
                state.picked = Some((piece, at));
                state.notice = Some(Notice::PickedUp(piece, at));
            }
            None => state.notice = Some(Notice::NothingToPickUp(at)),
        },
    }
}

pub(crate) fn toggle_side(state: &mut State) {
    edit(state, |p| {
        p.turn = p.turn.other();
        p.ep = None;
    });
}

pub(super) fn swap_colors(state: &mut State) {
    edit(state, |p| *p = transform::swap_colors(p));
}

pub(super) fn mirror_files(state: &mut State) {
    edit(state, |p| *p = transform::mirror_files(p));
}

/// Shift+arrow: the whole position one file or rank, as the arrow points on screen; refused
/// when a piece would fall off the board.
pub(super) fn shift(state: &mut State, dir: Direction) {
    let (df, dr) = screen_step(state, dir);
    match transform::shift(&state.position, df, dr) {
        Some(new) => {
            edit(state, |p| *p = new);
            if let Some(sq) = state.cursor.offset(df, dr, state.game()) {
                state.cursor = sq;
            }
        }
        None => state.notice = Some(Notice::FallsOffBoard),
    }
}

/// A quarter turn clockwise (chess only).
pub(super) fn rotate(state: &mut State) {
    match transform::rotate(&state.position) {
        Some(new) => {
            edit(state, |p| *p = new);
        }
        None => state.notice = Some(Notice::RotateChessOnly),
    }
}

pub(super) fn mirror_ranks(state: &mut State) {
    edit(state, |p| *p = transform::mirror_ranks(p));
}

/// An empty board; the side to move and the clocks stay.
pub(super) fn clear(state: &mut State) {
    let old = state.position;
    let new = Position {
        turn: old.turn,
        halfmove: old.halfmove,
        fullmove: old.fullmove,
        ..Position::empty(old.game)
    };
    commit(state, new, Rights::FollowBoard);
}

/// `I`: the start position; in Chess960 the number prompt.
pub(super) fn initial(state: &mut State) {
    if state.position.game == Game::Chess960 {
        state.overlay = Some(Overlay::Chess960Prompt(String::new()));
    } else {
        commit(
            state,
            Position::start(state.position.game),
            Rights::FollowBoard,
        );
    }
}

pub(crate) fn chess960_start(state: &mut State, n: u16) {
    state.overlay = None;
    match chess960::start_position(n) {
        Some(pos) => {
            commit(state, pos, Rights::FollowBoard);
            state.notice = Some(Notice::Chess960Start(n));
        }
        None => state.notice = Some(Notice::NotAChess960Number(n.to_string())),
    }
}

/// A Chess960 start position drawn from the state's generator.
pub(crate) fn chess960_random(state: &mut State) {
    let n = (next_random(&mut state.rng) % chess960::COUNT as u64) as u16;
    chess960_start(state, n);
}

/// xorshift64*: enough randomness for choosing a start position, and reproducible in tests.
fn next_random(rng: &mut u64) -> u64 {
    let mut x = if *rng == 0 {
        0x9E37_79B9_7F4A_7C15
    } else {
        *rng
    };
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *rng = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Chess ↔ xiangqi, from the start position.
pub(super) fn switch_game(state: &mut State) {
    let game = if state.position.game.is_xiangqi() {
        Game::Chess
    } else {
        Game::Xiangqi
    };
    commit(state, Position::start(game), Rights::FollowBoard);
    state.cursor = state.home_square();
    state.picked = None;
    state.brush = None;
    state.notice = Some(Notice::GameSwitched(game));
}

pub(super) fn undo(state: &mut State) {
    let restored = state.history.undo(state.snapshot());
    restore(state, restored, Notice::Undone, Notice::NothingToUndo);
}

pub(super) fn redo(state: &mut State) {
    let restored = state.history.redo(state.snapshot());
    restore(state, restored, Notice::Redone, Notice::NothingToRedo);
}

/// Puts back what undo or redo found, saying `done`, or `nothing` when there was none.
fn restore(
    state: &mut State,
    snapshot: Option<super::super::Snapshot>,
    done: Notice,
    nothing: Notice,
) {
    let Some(snap) = snapshot else {
        state.notice = Some(nothing);
        return;
    };
    state.position = snap.position;
    state.castling_auto = snap.castling_auto;
    state.unread = snap.unread;
    if let (Some(line), Some(collection)) = (snap.record_line, state.collection.as_mut()) {
        collection.restore_record(state.record, line);
    }
    state.loose_operations = snap.loose_operations;
    stop_editing_line(state);
    after_change(state);
    state.notice = Some(done);
}

/// A pasted Popeye problem: its position loaded (one undo step), its stipulation made the one
/// `S` offers.
fn paste_popeye(state: &mut State, problem: &crate::popeye::Problem) {
    // A pasted board needs no stipulation.
    let missing = |d: &&crate::popeye::Diagnostic| {
        d.code == crate::popeye::Code::Incomplete && !problem.board.is_empty()
    };
    if let Some(d) = problem.errors.iter().find(|d| !missing(d)) {
        state.notice = Some(Notice::PopeyeNotRead(format!(
            "{}:{}: {}",
            d.line, d.col, d.message
        )));
        return;
    }
    let read = read_fen(&problem.fen4(), crate::core::Game::Chess);
    let Some(pos) = read.position else {
        state.notice = Some(Notice::PasteHasErrors);
        return;
    };
    load_position(state, pos, read.diagnostics);
    let stip = problem.solved_stipulation().map(|s| s.to_string());
    if let Some(s) = &stip {
        state.last_stipulation = Some(s.clone());
    }
    state.notice = Some(Notice::PopeyePasted(stip));
}

/// The diagram `d` asks for: what is on screen, with the record's caption and name.
pub(super) fn diagram_request(state: &State) -> crate::editor::effect::DiagramRequest {
    let collection = state.collection.as_ref();
    crate::editor::effect::DiagramRequest {
        position: *state.shown_position(),
        operations: state.record_operations().map(str::to_owned),
        stipulation: state.shown_stipulation(),
        collection: collection.and_then(|c| c.path()).map(|p| p.to_owned()),
        id: state.record_id().map(str::to_owned),
        line: collection.and_then(|c| c.line_number(state.record)),
        flip: state.flipped,
    }
}

pub(super) fn copy_url(state: &mut State) -> Option<Effect> {
    if state.game().is_xiangqi() {
        state.notice = Some(Notice::NotInXiangqi);
        None
    } else {
        Some(Effect::CopyUrl(lichess_url(state.fen(), state.game())))
    }
}

/// Pasted text: into the FEN line when it has focus, else a PGN game into play mode, else
/// loaded as a position when it reads, else opened in the FEN line with its errors.
pub(super) fn paste(state: &mut State, text: &str) {
    if state.focus != Focus::FenLine && crate::core::pgn::looks_like(text) {
        super::play::load_pgn(state, text);
        return;
    }
    if state.focus != Focus::FenLine
        && let Some(problem) = crate::popeye::pasted(text)
    {
        paste_popeye(state, &problem);
        return;
    }
    let text = paste::clean(text);
    if state.focus == Focus::FenLine {
        super::fen_line::line_edit(state, LineEdit::InsertText(text));
        return;
    }
    if text.is_empty() {
        state.notice = Some(Notice::PasteEmpty);
        return;
    }
    let (read, ops) = crate::editor::fen_line::read_record(&text, state.position.game);
    match read.position {
        Some(pos) => {
            super::fen_line::load_with_operations(state, pos, read.diagnostics, ops.as_deref());
            state.notice = Some(Notice::Pasted);
        }
        None => {
            state.fen_line = FenLine::editing_text(&text, None, read.diagnostics);
            state.focus = Focus::FenLine;
            state.refresh();
            state.notice = Some(Notice::PasteHasErrors);
        }
    }
}

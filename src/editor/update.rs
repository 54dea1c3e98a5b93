//! `update`: applies one action to the state and returns the effects for the shell.

use crate::core::chess960;
use crate::core::fen::{self, Read};
use crate::core::{Game, Position, Square};

use super::action::{Action, Answer, Direction, LineEdit};
use super::collection_nav;
use super::effect::{Effect, Notice};
use super::fen_line::FenLine;
use super::fields::{self, CastlingSide};
use super::state::{Focus, Overlay, Pending, State};
use super::transform;

/// The lichess analysis board, which takes a FEN with `_` for spaces after this prefix.
pub const LICHESS_ANALYSIS: &str = "https://lichess.org/analysis/";

/// Reads `text` as a FEN, telling the game from its shape; a standard-looking chess FEN stays
/// Chess960 while editing Chess960.
pub fn read_fen(text: &str, current: Game) -> Read {
    let read = fen::read(text, None);
    match &read.position {
        Some(pos) if pos.game == Game::Chess && current == Game::Chess960 => {
            fen::read(text, Some(Game::Chess960))
        }
        _ => read,
    }
}

/// Applies `action` to `state`; the returned effects are for the shell to run in order.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    let mut effects = Vec::new();
    // Reports from the shell arrive between keys: they must not disturb what the user is doing.
    let report = matches!(action, Action::Notify(_) | Action::SaveDone(_));
    if !report {
        state.notice = None;
    }
    if state.pending.is_some() && !report && !matches!(action, Action::GotoKey(_)) {
        state.pending = None;
        state.notice = Some(Notice::GotoCancelled);
        if matches!(action, Action::Escape | Action::Unbound(_)) {
            return effects;
        }
    }
    if !report && !matches!(action, Action::ClockDigit(_) | Action::ClockBackspace) {
        state.clock_typing = false;
    }
    match action {
        Action::MoveCursor(dir) => move_cursor(state, dir),
        Action::SetCursor(sq) => {
            if sq.on_board(state.game()) {
                state.cursor = sq;
            }
        }
        Action::StartGoto => state.pending = Some(Pending::Goto(String::new())),
        Action::GotoKey(c) => goto_key(state, c),
        Action::Put(piece) => {
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
        Action::Empty => {
            let sq = state.cursor;
            edit(state, |p| {
                p.board.set(sq, None);
            });
        }
        Action::PickUpOrDrop => pick_up_or_drop(state),
        Action::SetBrush(piece) => state.brush = piece,
        Action::ToggleSide => toggle_side(state),
        Action::Flip => state.flipped = !state.flipped,
        Action::SwapColors => {
            edit(state, |p| *p = transform::swap_colors(p));
        }
        Action::MirrorFiles => {
            edit(state, |p| *p = transform::mirror_files(p));
        }
        Action::Clear => {
            let old = state.position;
            let new = Position {
                turn: old.turn,
                halfmove: old.halfmove,
                fullmove: old.fullmove,
                ..Position::empty(old.game)
            };
            commit(state, new, true);
        }
        Action::Initial => {
            if state.position.game == Game::Chess960 {
                state.overlay = Some(Overlay::Chess960Prompt(String::new()));
            } else {
                commit(state, Position::start(state.position.game), true);
            }
        }
        Action::Chess960Number(n) => chess960_start(state, n),
        Action::Chess960Random => {
            let n = (next_random(&mut state.rng) % chess960::COUNT as u64) as u16;
            chess960_start(state, n);
        }
        Action::SwitchGame => {
            let game = if state.position.game.is_xiangqi() {
                Game::Chess
            } else {
                Game::Xiangqi
            };
            commit(state, Position::start(game), true);
            state.cursor = state.home_square();
            state.picked = None;
            state.brush = None;
            state.notice = Some(Notice::GameSwitched(game));
        }
        Action::Undo => undo(state, true),
        Action::Redo => undo(state, false),
        Action::Copy => effects.push(Effect::Copy(state.fen().to_owned())),
        Action::CopyUrl => {
            if state.game().is_xiangqi() {
                state.notice = Some(Notice::NotInXiangqi);
            } else {
                effects.push(Effect::CopyUrl(lichess_url(state.fen(), state.game())));
            }
        }
        Action::RequestPaste => effects.push(Effect::ReadClipboard),
        Action::Diagram => effects.push(Effect::Diagram(diagram_request(state))),
        Action::Paste(text) => paste(state, &text),
        Action::FocusNext => cycle_focus(state, true),
        Action::FocusPrev => cycle_focus(state, false),
        Action::EditFenLine => {
            state.focus = Focus::FenLine;
            state.fen_line.end();
        }
        Action::ToggleHelp => {
            state.overlay = match state.overlay {
                Some(Overlay::Help) => None,
                _ => Some(Overlay::Help),
            }
        }
        Action::Escape => escape(state),
        Action::Answer(answer) => effects.extend(answer_overlay(state, answer)),
        Action::PromptKey(c) => prompt_key(state, c),
        Action::PromptBackspace => {
            if let Some(Overlay::Chess960Prompt(text)) = &mut state.overlay {
                text.pop();
            }
        }
        Action::PromptSubmit => prompt_submit(state),
        Action::FieldUp => state.field = if state.field <= 1 { 6 } else { state.field - 1 },
        Action::FieldDown => state.field = if state.field >= 6 { 1 } else { state.field + 1 },
        Action::SelectField(n) => {
            if (1..=6).contains(&n) {
                state.field = n;
            }
        }
        Action::FieldPrev => field_step(state, false),
        Action::FieldNext => field_step(state, true),
        Action::FieldActivate => field_activate(state),
        Action::ToggleCastling(color, side) => toggle_castling(state, color, side),
        Action::ToggleCastlingFile(color, file) => toggle_castling_file(state, color, file),
        Action::ClockDigit(d) => {
            clock_edit(state, |v, typing| (fields::clock_digit(v, d, typing), true))
        }
        Action::ClockBackspace => clock_edit(state, |v, _| (v / 10, v / 10 > 0)),
        Action::ClockIncrement => clock_edit(state, |v, _| ((v + 1).min(fields::CLOCK_MAX), false)),
        Action::ClockDecrement => clock_edit(state, |v, _| (v.saturating_sub(1), false)),
        Action::Line(edit) => line_edit(state, edit),
        Action::LineApply => line_apply(state),
        Action::PrevRecord => collection_nav::step(state, false),
        Action::NextRecord => collection_nav::step(state, true),
        Action::AddRecord => collection_nav::add(state),
        Action::DeleteRecord => {
            if state.collection.is_some() {
                state.overlay = Some(Overlay::ConfirmDelete);
            } else {
                state.notice = Some(Notice::NoCollection);
            }
        }
        Action::Save => {
            apply_pending_line(state);
            if collection_nav::write_back(state) {
                state.notice = Some(Notice::Saving);
                effects.push(Effect::Save);
            } else {
                state.notice = Some(Notice::NoCollection);
            }
        }
        Action::Quit => {
            apply_pending_line(state);
            if state.is_modified() {
                state.overlay = Some(Overlay::ConfirmQuit);
            } else {
                effects.push(Effect::Quit(state.position_fen()));
            }
        }
        Action::Abort => effects.push(Effect::Abort),
        Action::MouseDown(sq) => {
            if sq.on_board(state.game()) && leave_for_board(state) {
                state.mouse_down = Some(sq);
                state.cursor = sq;
            }
        }
        Action::MouseUp(target) => mouse_up(state, target),
        Action::RightClick(sq) => {
            if sq.on_board(state.game()) && leave_for_board(state) {
                state.cursor = sq;
                edit(state, |p| {
                    p.board.set(sq, None);
                });
            }
        }
        Action::ClickField(n) => {
            if (1..=6).contains(&n) {
                leave_fen_line(state);
                if state.focus != Focus::FenLine {
                    state.focus = Focus::Fields;
                    state.field = n;
                    if matches!(n, fields::SIDE | fields::EP) {
                        field_step(state, true);
                    }
                }
            }
        }
        Action::Notify(notice) => state.notice = Some(notice),
        Action::SaveDone(result) => match result {
            Ok(()) => {
                state.notice = Some(Notice::Saved);
                if std::mem::take(&mut state.quit_after_save) {
                    effects.push(Effect::Quit(state.position_fen()));
                }
            }
            Err(why) => {
                state.quit_after_save = false;
                state.notice = Some(Notice::SaveFailed(why));
            }
        },
        Action::Unbound(key) => {
            if state.notice.is_none() {
                state.notice = Some(Notice::Unbound(key));
            }
        }
    }
    effects
}

/// The lichess analysis URL of a FEN (Chess960 through lichess's `chess960/` variant path).
pub fn lichess_url(fen: &str, game: Game) -> String {
    let variant = if game == Game::Chess960 {
        "chess960/"
    } else {
        ""
    };
    format!("{LICHESS_ANALYSIS}{variant}{}", fen.replace(' ', "_"))
}

/// Changes the position through `f` as one undo step; castling then follows the board (or
/// loses what the board made impossible).
pub(crate) fn edit(state: &mut State, f: impl FnOnce(&mut Position)) -> bool {
    let mut new = state.position;
    f(&mut new);
    let auto = state.castling_auto;
    commit(state, new, auto)
}

/// Makes `new` the position as one undo step (none when nothing changes). With `auto` the
/// castling rights follow the board; otherwise rights the board makes impossible are dropped.
pub(crate) fn commit(state: &mut State, mut new: Position, auto: bool) -> bool {
    if auto {
        fields::follow_board(&mut new);
    } else {
        fields::drop_impossible_rights(&mut new);
    }
    set_position(state, new, auto)
}

/// Makes `new` the position exactly as given, as one undo step.
pub(crate) fn set_position(state: &mut State, new: Position, auto: bool) -> bool {
    let was_editing = state.fen_line.editing;
    stop_editing_line(state);
    if new == state.position && auto == state.castling_auto {
        if was_editing {
            state.refresh();
        }
        return false;
    }
    state.history.push(state.snapshot());
    state.position = new;
    state.castling_auto = auto;
    after_change(state);
    true
}

/// Bookkeeping after the position changed.
fn after_change(state: &mut State) {
    state.read_diagnostics.clear();
    state.record_changed = state.position != state.base;
    if let Some((piece, from)) = state.picked
        && state.position.board.get(from) != Some(piece)
    {
        state.picked = None;
    }
    state.refresh();
}

fn stop_editing_line(state: &mut State) {
    state.fen_line.editing = false;
    state.fen_line.preview = None;
    state.fen_line.diagnostics.clear();
}

fn move_cursor(state: &mut State, dir: Direction) {
    let (mut df, mut dr) = match dir {
        Direction::Up => (0, 1),
        Direction::Down => (0, -1),
        Direction::Left => (-1, 0),
        Direction::Right => (1, 0),
    };
    if state.flipped {
        df = -df;
        dr = -dr;
    }
    if let Some(sq) = state.cursor.offset(df, dr, state.game()) {
        state.cursor = sq;
    }
}

fn goto_key(state: &mut State, c: char) {
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

fn pick_up_or_drop(state: &mut State) {
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

fn toggle_side(state: &mut State) {
    edit(state, |p| {
        p.turn = p.turn.other();
        p.ep = None;
    });
}

fn chess960_start(state: &mut State, n: u16) {
    state.overlay = None;
    match chess960::start_position(n) {
        Some(pos) => {
            commit(state, pos, true);
            state.notice = Some(Notice::Chess960Start(n));
        }
        None => state.notice = Some(Notice::NotAChess960Number(n.to_string())),
    }
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

fn undo(state: &mut State, back: bool) {
    let current = state.snapshot();
    let restored = if back {
        state.history.undo(current)
    } else {
        state.history.redo(current)
    };
    match restored {
        Some(snap) => {
            stop_editing_line(state);
            state.position = snap.position;
            state.castling_auto = snap.castling_auto;
            after_change(state);
            state.notice = Some(if back { Notice::Undone } else { Notice::Redone });
        }
        None => {
            state.notice = Some(if back {
                Notice::NothingToUndo
            } else {
                Notice::NothingToRedo
            })
        }
    }
}

fn paste(state: &mut State, text: &str) {
    let text = super::paste::clean(text);
    if state.focus == Focus::FenLine {
        line_edit(state, LineEdit::InsertText(text));
        return;
    }
    if text.is_empty() {
        state.notice = Some(Notice::PasteEmpty);
        return;
    }
    let read = read_fen(&text, state.position.game);
    match read.position {
        Some(pos) => {
            load_position(state, pos, read.diagnostics);
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

/// Loads a position read from text as one undo step, keeping its reading warnings on show.
fn load_position(state: &mut State, pos: Position, warnings: Vec<crate::core::Diagnostic>) {
    set_position(state, pos, false);
    state.read_diagnostics = warnings;
    state.picked = None;
    if !state.cursor.on_board(pos.game) || state.position.game != pos.game {
        state.cursor = state.home_square();
    }
    state.refresh();
}

/// Leaves the FEN line: applies a text that reads; refuses (and says so) one that does not.
/// Returns whether focus may move on.
fn leave_fen_line(state: &mut State) -> bool {
    if state.focus != Focus::FenLine || !state.fen_line.editing {
        return true;
    }
    if state.fen_line.preview.is_some() {
        line_apply(state);
        true
    } else {
        state.notice = Some(Notice::FenLineHasErrors);
        false
    }
}

/// A FEN line text that reads counts as what the user wants when saving or quitting.
fn apply_pending_line(state: &mut State) {
    if state.fen_line.editing && state.fen_line.preview.is_some() {
        let focus = state.focus;
        line_apply(state);
        state.focus = focus;
    }
}

/// A click on the board takes the focus there, applying a FEN line text that reads; a text
/// that does not read keeps the focus (and the text) and says so.
fn leave_for_board(state: &mut State) -> bool {
    if !leave_fen_line(state) {
        return false;
    }
    state.focus = Focus::Board;
    true
}

fn cycle_focus(state: &mut State, forward: bool) {
    let from = state.focus;
    if !leave_fen_line(state) {
        return;
    }
    state.focus = match (from, forward) {
        (Focus::Board, true) | (Focus::FenLine, false) => Focus::Fields,
        (Focus::Fields, true) | (Focus::Board, false) => Focus::FenLine,
        (Focus::FenLine, true) | (Focus::Fields, false) => Focus::Board,
    };
    if state.focus == Focus::FenLine {
        state.fen_line.end();
    }
}

fn escape(state: &mut State) {
    if let Some(overlay) = state.overlay.take() {
        if overlay == Overlay::ConfirmQuit {
            state.quit_after_save = false;
        }
        return;
    }
    if state.picked.take().is_some() {
        state.notice = Some(Notice::PickUpCancelled);
        return;
    }
    if state.fen_line.editing {
        stop_editing_line(state);
        state.refresh();
    }
    state.focus = Focus::Board;
}

fn answer_overlay(state: &mut State, answer: Answer) -> Vec<Effect> {
    let mut effects = Vec::new();
    match (state.overlay.clone(), answer) {
        (Some(Overlay::ConfirmDelete), Answer::Yes) => {
            state.overlay = None;
            collection_nav::delete(state);
        }
        (Some(Overlay::ConfirmQuit), Answer::Save) => {
            state.overlay = None;
            if collection_nav::write_back(state) {
                state.quit_after_save = true;
                state.notice = Some(Notice::Saving);
                effects.push(Effect::Save);
            } else {
                effects.push(Effect::Quit(state.position_fen()));
            }
        }
        (Some(Overlay::ConfirmQuit), Answer::Discard) => {
            state.overlay = None;
            effects.push(Effect::Quit(state.position_fen()));
        }
        (Some(Overlay::Help), _) => state.overlay = None,
        (Some(_), Answer::Cancel) => {
            state.overlay = None;
            state.quit_after_save = false;
        }
        _ => {}
    }
    effects
}

fn prompt_key(state: &mut State, c: char) {
    let Some(Overlay::Chess960Prompt(text)) = &mut state.overlay else {
        return;
    };
    if c == 'r' || c == 'R' {
        let n = (next_random(&mut state.rng) % chess960::COUNT as u64) as u16;
        chess960_start(state, n);
    } else if c.is_ascii_digit() && text.len() < 3 {
        text.push(c);
    } else {
        state.notice = Some(Notice::NotAChess960Number(format!("{text}{c}")));
    }
}

fn prompt_submit(state: &mut State) {
    let Some(Overlay::Chess960Prompt(text)) = &state.overlay else {
        return;
    };
    if text.is_empty() {
        let n = (next_random(&mut state.rng) % chess960::COUNT as u64) as u16;
        chess960_start(state, n);
        return;
    }
    match text.parse::<u16>() {
        Ok(n) if n < chess960::COUNT => chess960_start(state, n),
        _ => state.notice = Some(Notice::NotAChess960Number(text.clone())),
    }
}

fn field_step(state: &mut State, forward: bool) {
    match state.field {
        fields::SIDE => toggle_side(state),
        fields::EP => {
            if state.position.game.is_xiangqi() {
                state.notice = Some(Notice::NotInXiangqi);
                return;
            }
            let next = fields::cycle_ep(&state.position, forward);
            if next.is_none() && fields::ep_candidates(&state.position).is_empty() {
                state.notice = Some(Notice::NoEpCandidates);
            }
            edit(state, |p| p.ep = next);
        }
        fields::HALFMOVE | fields::FULLMOVE => {
            if forward {
                clock_edit(state, |v, _| ((v + 1).min(fields::CLOCK_MAX), false));
            } else {
                clock_edit(state, |v, _| (v.saturating_sub(1), false));
            }
        }
        _ => {}
    }
}

fn field_activate(state: &mut State) {
    match state.field {
        fields::PLACEMENT => state.focus = Focus::Board,
        fields::SIDE | fields::EP => field_step(state, true),
        fields::CASTLING => toggle_chess960(state),
        _ => {}
    }
}

/// Switches between standard and Chess960 castling (the board stays).
fn toggle_chess960(state: &mut State) {
    let game = match state.position.game {
        Game::Chess => Game::Chess960,
        Game::Chess960 => Game::Chess,
        Game::Xiangqi => {
            state.notice = Some(Notice::NotInXiangqi);
            return;
        }
    };
    edit(state, |p| p.game = game);
    state.notice = Some(Notice::GameSwitched(game));
}

fn toggle_castling(state: &mut State, color: crate::core::Color, side: CastlingSide) {
    let pos = state.position;
    if pos.game.is_xiangqi() {
        state.notice = Some(Notice::NotInXiangqi);
        return;
    }
    match fields::cycle_right(&pos, color, side) {
        Some(castling) => {
            commit(state, Position { castling, ..pos }, false);
        }
        None => {
            let as_960 = Position {
                game: Game::Chess960,
                ..pos
            };
            state.notice = Some(
                if pos.game == Game::Chess && fields::cycle_right(&as_960, color, side).is_some() {
                    Notice::CastlingNeedsChess960(color, side)
                } else {
                    Notice::CastlingImpossible(color, side)
                },
            );
        }
    }
}

fn toggle_castling_file(state: &mut State, color: crate::core::Color, file: u8) {
    let pos = state.position;
    let mut new = pos;
    if pos.castling.has(color, file) {
        new.castling.set(color, file, false);
    } else if fields::right_possible(&pos, color, file) {
        new.castling.set(color, file, true);
    } else {
        let king = pos.board.kings(color).next().map_or(4, |k| k.file);
        let side = if file > king {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        };
        state.notice = Some(Notice::CastlingImpossible(color, side));
        return;
    }
    commit(state, new, false);
}

/// Edits the selected clock with `f(value, typing) -> (value, typing)`.
fn clock_edit(state: &mut State, f: impl FnOnce(u32, bool) -> (u32, bool)) {
    let field = state.field;
    if !matches!(field, fields::HALFMOVE | fields::FULLMOVE) {
        state.notice = Some(Notice::Unbound("digit".into()));
        return;
    }
    let typing = state.clock_typing;
    let value = if field == fields::HALFMOVE {
        state.position.halfmove
    } else {
        state.position.fullmove
    };
    let (value, typing) = f(value, typing);
    edit(state, |p| {
        if field == fields::HALFMOVE {
            p.halfmove = value;
        } else {
            p.fullmove = value.max(1);
        }
    });
    state.clock_typing = typing;
}

fn line_edit(state: &mut State, edit: LineEdit) {
    let line = &mut state.fen_line;
    let changed = match edit {
        LineEdit::Insert(c) => {
            line.insert(c.encode_utf8(&mut [0; 4]));
            true
        }
        LineEdit::InsertText(text) => {
            line.insert(&text);
            !text.is_empty()
        }
        LineEdit::Left => {
            line.left();
            false
        }
        LineEdit::Right => {
            line.right();
            false
        }
        LineEdit::Home => {
            line.home();
            false
        }
        LineEdit::End => {
            line.end();
            false
        }
        LineEdit::Backspace => line.backspace(),
        LineEdit::Delete => line.delete(),
        LineEdit::DeleteToStart => line.delete_to_start(),
    };
    if changed {
        let read = read_fen(&state.fen_line.text, state.position.game);
        state.fen_line.editing = true;
        state.fen_line.preview = read.position;
        state.fen_line.diagnostics = read.diagnostics;
        state.refresh();
    }
}

fn line_apply(state: &mut State) {
    if !state.fen_line.editing {
        state.focus = Focus::Board;
        return;
    }
    match state.fen_line.preview {
        Some(pos) => {
            let warnings = std::mem::take(&mut state.fen_line.diagnostics);
            load_position(state, pos, warnings);
            state.focus = Focus::Board;
            state.notice = Some(Notice::FenApplied);
        }
        None => state.notice = Some(Notice::FenLineHasErrors),
    }
}

fn mouse_up(state: &mut State, target: Option<Square>) {
    let Some(from) = state.mouse_down.take() else {
        return;
    };
    let game = state.game();
    match target.filter(|sq| sq.on_board(game)) {
        Some(to) if to == from => match state.brush {
            Some(piece) => {
                state.cursor = to;
                update(state, Action::Put(piece));
            }
            None => state.cursor = to,
        },
        Some(to) => {
            if let Some(piece) = state.position.board.get(from) {
                edit(state, |p| {
                    p.board.set(from, None);
                    p.board.set(to, Some(piece));
                });
            }
            state.cursor = to;
        }
        None => {
            edit(state, |p| {
                p.board.set(from, None);
            });
        }
    }
}

/// The diagram `d` asks for: what is on screen, with the record's caption and name.
fn diagram_request(state: &State) -> super::effect::DiagramRequest {
    let collection = state.collection.as_ref();
    super::effect::DiagramRequest {
        position: *state.shown_position(),
        operations: state.record_operations().map(str::to_owned),
        collection: collection.and_then(|c| c.path()).map(|p| p.to_owned()),
        id: state.record_id().map(str::to_owned),
        line: collection.and_then(|c| c.line_number(state.record)),
        flip: state.flipped,
    }
}

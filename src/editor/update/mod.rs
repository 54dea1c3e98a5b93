//! `update`: applies one action to the state and returns the effects for the terminal runtime. It is a
//! dispatcher: each arm hands its action to the handler of its section, in the order of
//! `Action`'s own sections (board, panel, FEN line, overlays, collection, mouse).

mod analysis;
mod board;
mod change;
mod collection;
mod fen_line;
mod mouse;
mod overlay;
mod panel;
mod play;
mod record;
mod solve;

use super::action::Action;
pub use super::action::Towards;
use super::effect::{Effect, Notice};
use super::state::State;

pub use board::{LICHESS_ANALYSIS, lichess_url};
pub use play::load_pgn;
#[allow(
    unused_imports,
    reason = "the Solution panel's Enter calls it; the tests do already"
)]
pub(crate) use play::start_playback;
pub use record::entries as record_entries;

/// Applies `action` to `state`; the returned effects are for the terminal runtime to run in order.
pub fn update(state: &mut State, action: Action) -> Vec<Effect> {
    let mut effects = Vec::new();
    if !before(state, &action) {
        return effects;
    }
    let refreshes = state.refreshes;
    let toggles_analysis = matches!(action, Action::ToggleAnalysis);
    if state.line.is_some() && !line_allows(state, &action) {
        return effects;
    }
    match action {
        // Board cursor and pieces.
        Action::MoveCursor(dir) => board::move_cursor(state, dir),
        Action::SetCursor(sq) => board::set_cursor(state, sq),
        Action::StartGoto => board::start_goto(state),
        Action::GotoKey(c) => board::goto_key(state, c),
        Action::Put(piece) => board::put(state, piece),
        Action::Empty => board::empty(state),
        Action::PickUpOrDrop => board::pick_up_or_drop(state),
        Action::SetBrush(piece) => state.brush = piece,
        // Whole-position edits.
        Action::ToggleSide => board::toggle_side(state),
        Action::Flip => state.flipped = !state.flipped,
        Action::SwapColors => board::swap_colors(state),
        Action::MirrorFiles => board::mirror_files(state),
        Action::Clear => board::clear(state),
        Action::Initial => board::initial(state),
        Action::Chess960Number(n) => board::chess960_start(state, n),
        Action::Chess960Random => board::chess960_random(state),
        Action::SwitchGame => board::switch_game(state),
        Action::Undo => board::undo(state),
        Action::Redo => board::redo(state),
        // Clipboard.
        Action::Copy => effects.push(Effect::Copy(state.fen().to_owned())),
        Action::CopyUrl => effects.extend(board::copy_url(state)),
        Action::Diagram => effects.push(Effect::Diagram(Box::new(board::diagram_request(state)))),
        Action::RequestPaste => effects.push(Effect::ReadClipboard),
        Action::Paste(text) => board::paste(state, &text),
        // Focus and overlays.
        Action::FocusNext => overlay::cycle_focus(state, Towards::Next),
        Action::FocusPrev => overlay::cycle_focus(state, Towards::Prev),
        Action::EditFenLine => overlay::edit_fen_line(state),
        Action::ToggleHelp => overlay::toggle_help(state),
        Action::ScrollHelp(line) => state.help_scroll = line,
        Action::Escape => match solve::escape(state) {
            Some(more) => effects.extend(more),
            None => overlay::escape(state),
        },
        Action::Answer(answer) => effects.extend(overlay::answer(state, answer)),
        Action::PromptKey(c) => overlay::prompt_key(state, c),
        Action::PromptBackspace => overlay::prompt_backspace(state),
        Action::PromptSubmit => effects.extend(overlay::prompt_submit(state)),
        Action::PromptClear => solve::prompt_clear(state),
        Action::PromptDeselect => solve::prompt_deselect(state),
        // Fields panel.
        Action::FieldUp => state.field = state.field.prev(),
        Action::FieldDown => state.field = state.field.next(),
        Action::SelectField(field) => state.field = field,
        Action::FieldPrev => panel::field_step(state, Towards::Prev),
        Action::FieldNext => panel::field_step(state, Towards::Next),
        Action::FieldActivate => panel::field_activate(state),
        Action::ToggleCastling(color, side) => panel::toggle_castling(state, color, side),
        Action::ToggleCastlingFile(color, file) => panel::toggle_castling_file(state, color, file),
        Action::ClockDigit(d) => panel::clock_digit(state, d),
        Action::ClockBackspace => panel::clock_backspace(state),
        Action::ClockIncrement => panel::clock_step(state, Towards::Next),
        Action::ClockDecrement => panel::clock_step(state, Towards::Prev),
        // FEN line.
        Action::Line(edit) => fen_line::line_edit(state, edit),
        Action::LineApply => fen_line::line_apply(state),
        // Collection.
        Action::PrevRecord => {
            collection::step(state, Towards::Prev);
            effects.extend(solve::follow_record(state));
        }
        Action::NextRecord => {
            collection::step(state, Towards::Next);
            effects.extend(solve::follow_record(state));
        }
        Action::AddRecord => collection::add(state),
        Action::DeleteRecord => collection::ask_delete(state),
        Action::Save => effects.extend(collection::save(state)),
        Action::Quit => effects.extend(collection::quit(state)),
        Action::Abort => effects.push(Effect::Abort),
        // Mouse.
        Action::MouseDown(sq) if state.line.is_some() => play::mouse_down(state, sq),
        Action::MouseUp(target) if state.line.is_some() => play::mouse_up(state, target),
        Action::MouseDown(sq) => mouse::down(state, sq),
        Action::MouseUp(target) => mouse::up(state, target),
        Action::RightClick(sq) => mouse::right_click(state, sq),
        Action::ClickField(field) => mouse::click_field(state, field),
        Action::ClickSolution(row) => solve::click(state, row),
        Action::WheelSolution(towards) => solve::select(state, towards, 1),
        Action::ClickMove(ply) => play::go_to(state, ply + 1),
        Action::WheelMoves(towards) => play::step(state, towards),
        // Reports from the terminal runtime.
        Action::Notify(notice) => state.notice = Some(notice),
        Action::SaveDone(result) => effects.extend(collection::save_done(state, result)),
        Action::ChangedOnDisk => collection::changed_on_disk(state),
        Action::Reloaded(result) => collection::reload_done(state, result),
        Action::Seed(seed) => state.rng = seed,
        Action::WriteBack => collection::write_back_for_rescue(state),
        Action::Engine(event) => analysis::engine(state, event),
        Action::ToggleAnalysis => effects.push(analysis::toggle(state)),
        // Composers' transforms.
        Action::Shift(dir) => board::shift(state, dir),
        Action::Rotate => board::rotate(state),
        Action::MirrorRanks => board::mirror_ranks(state),
        // Play mode and playback.
        Action::PlayMode => play::start_play(state),
        Action::PlaySelect => play::select(state),
        Action::Promote(role) => play::promote(state, role),
        Action::CancelPromotion => play::cancel_promotion(state),
        Action::TakeBack => play::take_back(state),
        Action::KeepAsSetup => play::keep(state),
        Action::CopyMoves => effects.extend(play::copy_moves(state)),
        Action::LineForward => play::step(state, Towards::Next),
        Action::LineBack => play::step(state, Towards::Prev),
        Action::LineFirst => play::to_end(state, Towards::Prev),
        Action::LineLast => play::to_end(state, Towards::Next),
        Action::LeaveLine => play::leave(state),
        // Solving.
        Action::Solve => solve::open_prompt(state),
        Action::Solver(event) => solve::solver(state, event),
        Action::SolutionSelect(towards) => solve::select(state, towards, 1),
        Action::SolutionPage(towards) => solve::page(state, towards),
        Action::SolutionPlay => solve::play(state),
        Action::CopySolutionLine => effects.extend(solve::copy_line(state)),
        // The Record overlay.
        Action::Record => record::toggle(state),
        Action::RecordSelect(towards) => record::select(state, towards),
        Action::RecordChoose => record::choose(state),
        Action::RecordAdd => record::add(state),
        Action::RecordRemove => record::remove(state),
        Action::RecordLine(edit) => record::line_edit(state, edit),
        Action::Unbound(key) => unbound(state, key),
    }
    // The engine follows the board: every change of what it shows is a new request.
    if state.analysis.is_some() && state.refreshes != refreshes && !toggles_analysis {
        effects.push(analysis::request(state));
    }
    // A result follows the position too: stale once it changes, its solve stopped.
    if state.solving.is_some() && state.refreshes != refreshes {
        effects.extend(solve::follow_position(state));
    }
    effects
}

/// What every action does first: a new key clears the last message, cancels a pending square
/// jump (then an Esc or an unbound key has done its work: `false`) and ends clock typing.
fn before(state: &mut State, action: &Action) -> bool {
    // Reports from the terminal runtime arrive between keys: they must not disturb what the user is doing.
    let report = matches!(
        action,
        Action::Notify(_)
            | Action::SaveDone(_)
            | Action::ChangedOnDisk
            | Action::Reloaded(_)
            | Action::Seed(_)
            | Action::WriteBack
            | Action::Engine(_)
            | Action::Solver(_)
    );
    if report {
        return true;
    }
    state.notice = None;
    if state.pending.is_some() && !matches!(action, Action::GotoKey(_)) {
        state.pending = None;
        state.notice = Some(Notice::GotoCancelled);
        if matches!(action, Action::Escape | Action::Unbound(_)) {
            return false;
        }
    }
    if !matches!(action, Action::ClockDigit(_) | Action::ClockBackspace) {
        state.clock_typing = false;
    }
    true
}

/// While the board shows a line, whatever would edit the setup (or move to another record) is
/// refused with a word: keys outside the line's modes never get here, but the mouse on the
/// panel, the terminal's paste and other callers of `update` do.
fn line_allows(state: &mut State, action: &Action) -> bool {
    use Action::*;
    let edits = matches!(
        action,
        Put(_)
            | Empty
            | PickUpOrDrop
            | ToggleSide
            | SwapColors
            | MirrorFiles
            | Clear
            | Initial
            | Chess960Number(_)
            | Chess960Random
            | SwitchGame
            | Undo
            | Redo
            | RequestPaste
            | Paste(_)
            | FocusNext
            | FocusPrev
            | EditFenLine
            | FieldPrev
            | FieldNext
            | FieldActivate
            | ToggleCastling(..)
            | ToggleCastlingFile(..)
            | ClockDigit(_)
            | ClockBackspace
            | ClockIncrement
            | ClockDecrement
            | Line(_)
            | LineApply
            | PrevRecord
            | NextRecord
            | AddRecord
            | DeleteRecord
            | RightClick(_)
            | ClickField(_)
            | Shift(_)
            | Rotate
            | MirrorRanks
            | Record
            | RecordChoose
            | RecordAdd
            | RecordRemove
    );
    if edits {
        state.notice = Some(Notice::LeaveLineFirst);
    }
    !edits
}

fn unbound(state: &mut State, key: String) {
    if state.notice.is_none() {
        state.notice = Some(Notice::Unbound(key));
    }
}

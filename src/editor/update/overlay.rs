//! Focus and overlays: moving the focus, the help, Esc, the confirmation questions and the
//! Chess960 number prompt.

use crate::core::chess960;

use super::super::action::Answer;
use super::super::effect::{Effect, Notice};
use super::super::state::{Focus, Overlay, State};
use super::Towards;
use super::board::{chess960_random, chess960_start};
use super::change::stop_editing_line;
use super::collection;
use super::fen_line::leave_fen_line;

/// Tab / Shift-Tab: board → fields → FEN line → board, leaving the FEN line only with a text
/// that reads.
pub(super) fn cycle_focus(state: &mut State, towards: Towards) {
    let from = state.focus;
    if !leave_fen_line(state) {
        return;
    }
    // The Solution panel takes its turn while it is open.
    let mut order = vec![Focus::Board, Focus::Fields, Focus::FenLine];
    if state.solving.is_some() {
        order.push(Focus::Solution);
    }
    let at = order.iter().position(|&f| f == from).unwrap_or(0);
    let n = order.len();
    state.focus = match towards {
        Towards::Next => order[(at + 1) % n],
        Towards::Prev => order[(at + n - 1) % n],
    };
    if state.focus == Focus::FenLine {
        state.fen_line.end();
    }
}

/// `/`: the FEN line takes the keys, its cursor at the end.
pub(super) fn edit_fen_line(state: &mut State) {
    state.focus = Focus::FenLine;
    state.fen_line.end();
}

/// Opens or closes the help, which always opens at its top.
pub(super) fn toggle_help(state: &mut State) {
    state.overlay = match state.overlay {
        Some(Overlay::Help) => None,
        _ => Some(Overlay::Help),
    };
    state.help_scroll = 0;
}

/// Esc: closes an overlay, else drops a picked-up piece, else restores the FEN line and gives
/// the focus back to the board.
pub(super) fn escape(state: &mut State) {
    if super::record::escape(state) {
        return;
    }
    if state.overlay.is_some() {
        answer(state, Answer::Cancel);
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

/// The answer to the question on screen.
pub(super) fn answer(state: &mut State, answer: Answer) -> Vec<Effect> {
    let mut effects = Vec::new();
    match (state.overlay.clone(), answer) {
        (Some(Overlay::ConfirmDelete), Answer::Yes) => {
            state.overlay = None;
            collection::delete(state);
        }
        (Some(Overlay::ConfirmQuit), Answer::Save) => {
            state.overlay = None;
            effects.push(collection::save_and_quit(state));
        }
        (Some(Overlay::ConfirmQuit), Answer::Discard) => {
            state.overlay = None;
            effects.push(collection::quit_effect(state));
        }
        (Some(Overlay::ChangedOnDisk), Answer::Overwrite) => {
            state.overlay = None;
            state.notice = Some(Notice::Saving);
            effects.push(Effect::SaveOver);
        }
        (Some(Overlay::ChangedOnDisk), Answer::Reload) => {
            state.overlay = None;
            state.quit_after_save = false;
            effects.push(Effect::Reload);
        }
        (Some(Overlay::QuitUnread), Answer::QuitUnread) => {
            state.overlay = None;
            if state.is_modified() {
                state.overlay = Some(Overlay::ConfirmQuit);
            } else {
                effects.push(Effect::QuitUnread);
            }
        }
        (Some(Overlay::Help), _) => state.overlay = None,
        (Some(overlay), Answer::Cancel) => {
            state.overlay = None;
            state.quit_after_save = false;
            if overlay == Overlay::ChangedOnDisk {
                state.notice = Some(Notice::NotSaved);
            }
        }
        _ => {}
    }
    effects
}

pub(super) fn prompt_key(state: &mut State, c: char) {
    if matches!(state.overlay, Some(Overlay::StipulationPrompt { .. })) {
        return super::solve::prompt_key(state, c);
    }
    let Some(Overlay::Chess960Prompt(text)) = &mut state.overlay else {
        return;
    };
    if c == 'r' || c == 'R' {
        chess960_random(state);
    } else if c.is_ascii_digit() && text.len() < 3 {
        text.push(c);
    } else {
        state.notice = Some(Notice::NotAChess960Number(format!("{text}{c}")));
    }
}

pub(super) fn prompt_backspace(state: &mut State) {
    if matches!(state.overlay, Some(Overlay::StipulationPrompt { .. })) {
        return super::solve::prompt_backspace(state);
    }
    if let Some(Overlay::Chess960Prompt(text)) = &mut state.overlay {
        text.pop();
    }
}

/// Enter in the prompt: the number typed, or a random one when nothing was.
pub(super) fn prompt_submit(state: &mut State) -> Vec<Effect> {
    if matches!(state.overlay, Some(Overlay::StipulationPrompt { .. })) {
        return super::solve::prompt_submit(state);
    }
    let Some(Overlay::Chess960Prompt(text)) = &state.overlay else {
        return Vec::new();
    };
    if text.is_empty() {
        chess960_random(state);
        return Vec::new();
    }
    match text.parse::<u16>() {
        Ok(n) if n < chess960::COUNT => chess960_start(state, n),
        _ => state.notice = Some(Notice::NotAChess960Number(text.clone())),
    }
    Vec::new()
}

//! Solving: `S` and its stipulation prompt, the request to the terminal runtime's worker and its reports,
//! the stipulation stored in the record, the Solution panel's chosen line, and what an edit
//! does to a result (stale) or to a solve still running (cancelled).

use std::sync::Arc;

use super::super::effect::{Effect, Notice};
use super::super::solving::{Ask, Phase, Request, SolveEvent, Solved, Solving};
use super::super::state::{Focus, Overlay, State};
use super::Towards;
use crate::solve::{Goal, Play};

/// The longest text the prompt takes.
const PROMPT_MAX: usize = 40;
/// Lines a page step moves in the tree.
const PAGE: usize = 10;

/// `S`: refuses an illegal position with its first error, else asks the stipulation, prefilled
/// with the record's, or else the last one used.
pub(super) fn open_prompt(state: &mut State) {
    if let Some(error) = state.diagnostics.iter().find(|d| d.is_error()) {
        state.notice = Some(Notice::SolveRefused(error.message.clone()));
        return;
    }
    let text = state
        .stipulation()
        .map(std::borrow::Cow::into_owned)
        .or_else(|| state.last_stipulation.clone())
        .unwrap_or_default();
    let selected = !text.is_empty();
    state.overlay = Some(Overlay::StipulationPrompt {
        text,
        error: None,
        selected,
    });
}

/// A character typed into the prompt: it replaces a selected prefill (the last refusal is
/// forgotten).
pub(super) fn prompt_key(state: &mut State, c: char) {
    if let Some(Overlay::StipulationPrompt {
        text,
        error,
        selected,
    }) = &mut state.overlay
        && !c.is_control()
    {
        if std::mem::take(selected) {
            text.clear();
        }
        if text.chars().count() < PROMPT_MAX {
            text.push(c);
        }
        *error = None;
    }
}

/// Backspace: the last character, or the whole prefill while it is selected.
pub(super) fn prompt_backspace(state: &mut State) {
    if let Some(Overlay::StipulationPrompt {
        text,
        error,
        selected,
    }) = &mut state.overlay
    {
        if std::mem::take(selected) {
            text.clear();
        } else {
            text.pop();
        }
        *error = None;
    }
}

/// Ctrl-U: the prompt emptied.
pub(super) fn prompt_clear(state: &mut State) {
    if let Some(Overlay::StipulationPrompt {
        text,
        error,
        selected,
    }) = &mut state.overlay
    {
        text.clear();
        *error = None;
        *selected = false;
    }
}

/// An arrow, Home or End: the prefill stays, and typing goes after it.
pub(super) fn prompt_deselect(state: &mut State) {
    if let Some(Overlay::StipulationPrompt { selected, .. }) = &mut state.overlay {
        *selected = false;
    }
}

/// Enter in the prompt: a text that reads is stored in the record (or kept as the last one
/// used) and solved; one that does not stays in the prompt with the reason.
pub(super) fn prompt_submit(state: &mut State) -> Vec<Effect> {
    let Some(Overlay::StipulationPrompt { text, error, .. }) = &mut state.overlay else {
        return Vec::new();
    };
    let ask = match Ask::parse(text) {
        Ok(ask) => ask,
        Err(why) => {
            *error = Some(why);
            return Vec::new();
        }
    };
    state.overlay = None;
    state.last_stipulation = Some(ask.to_string());
    store_in_record(state, ask);
    start(state, ask)
}

/// Writes the stipulation into the current record's EPD operations: `dm N` for `#N`, else
/// `stip "…"` (the other one dropped, so the record says one thing), as one undo step.
fn store_in_record(state: &mut State, ask: Ask) {
    let s = ask.stipulation;
    if state.stipulation().as_deref() == Some(&s.to_string()) {
        return;
    }
    let record = state.record;
    let before = state.snapshot();
    let Some(collection) = state.collection.as_mut() else {
        return;
    };
    let direct_mate = s.play == Play::Direct && s.goal == Goal::Mate;
    let stored = if direct_mate {
        collection.set_operation(record, "dm", &s.moves.to_string(), &["stip"])
    } else {
        collection.set_operation(record, "stip", &format!("\"{s}\""), &["dm"])
    };
    if stored {
        state.notice = Some(Notice::StipulationSet(s.to_string()));
    }
    if collection.record_line(record) != before.record_line {
        state.history.push(before);
    }
}

/// Shows the cached result for the position and `ask`, or sends a new request to the worker
/// (which stops any solve still running).
pub(super) fn start(state: &mut State, ask: Ask) -> Vec<Effect> {
    let fen: Arc<str> = Arc::from(state.position_fen());
    state.solve_id += 1;
    let request = Request {
        id: state.solve_id,
        position: state.position,
        ask,
    };
    let was_running = state.solving.as_ref().is_some_and(Solving::is_running);
    let cached = state.solve_cache.get(&fen, ask).cloned();
    let phase = match &cached {
        Some(solved) => Phase::Done(solved.clone()),
        None => Phase::Running {
            nodes: 0,
            millis: 0,
            done: 0,
            total: 0,
        },
    };
    state.solving = Some(Solving {
        request: request.clone(),
        fen,
        phase,
        stale: false,
        cancelled: false,
        selected: 0,
    });
    match cached {
        Some(_) if was_running => vec![Effect::Solve(None)],
        Some(_) => Vec::new(),
        None => vec![Effect::Solve(Some(request))],
    }
}

/// A report of the worker; reports of an older request are dropped.
pub(super) fn solver(state: &mut State, event: SolveEvent) {
    let options = state.options;
    let Some(s) = state.solving.as_mut() else {
        return;
    };
    match event {
        SolveEvent::Progress { id, progress } if id == s.request.id && s.is_running() => {
            s.phase = Phase::Running {
                nodes: progress.nodes,
                millis: progress.elapsed.as_millis() as u64,
                done: progress.root_done,
                total: progress.root_total,
            };
        }
        SolveEvent::Done { id, result } if id == s.request.id => {
            s.phase = match result {
                Ok(solved) => {
                    // The moves as the screen writes them (the solver's are SAN or WXF).
                    let notation = options.notation(solved.solution.game);
                    let solved =
                        Solved::new(crate::solve::text::renamed(&solved.solution, notation));
                    state.solve_cache.put(s.fen.clone(), s.request.ask, &solved);
                    Phase::Done(solved)
                }
                Err(why) => Phase::Refused(why),
            };
            s.selected = 0;
        }
        SolveEvent::Progress { .. } | SolveEvent::Done { .. } => {}
    }
}

/// Esc while a solve runs (and no overlay or pick-up takes it first): stops it. Esc on the
/// Solution panel with nothing running closes the panel. `None`: Esc is not about solving.
pub(super) fn escape(state: &mut State) -> Option<Vec<Effect>> {
    if state.overlay.is_some() || state.picked.is_some() || state.fen_line.editing {
        return None;
    }
    let s = state.solving.as_mut()?;
    if s.is_running() {
        if !s.cancelled {
            s.cancelled = true;
            state.notice = Some(Notice::SolveCancelled);
            return Some(vec![Effect::Solve(None)]);
        }
        return Some(Vec::new());
    }
    if state.focus == Focus::Solution {
        state.solving = None;
        state.focus = Focus::Board;
        return Some(Vec::new());
    }
    None
}

/// After every action: a result about another position than the board's is stale, and a solve
/// of a position that was edited away is stopped.
pub(super) fn follow_position(state: &mut State) -> Option<Effect> {
    let fen = state.position_fen();
    let s = state.solving.as_mut()?;
    s.stale = *s.fen != *fen;
    if s.stale && s.is_running() && !s.cancelled {
        s.cancelled = true;
        return Some(Effect::Solve(None));
    }
    None
}

/// ↑ ↓ (one line) and PgUp PgDn (a page) through the tree's lines.
pub(super) fn select(state: &mut State, towards: Towards, step: usize) {
    let Some(s) = state.solving.as_mut() else {
        return;
    };
    let last = s.rows().len().saturating_sub(1);
    s.selected = match towards {
        Towards::Next => (s.selected + step).min(last),
        Towards::Prev => s.selected.saturating_sub(step),
    };
}

pub(super) fn page(state: &mut State, towards: Towards) {
    select(state, towards, PAGE);
}

/// Enter on a line: plays its moves from the setup position (not while the result is stale:
/// its moves are about another position).
pub(super) fn play(state: &mut State) {
    let Some(s) = state.solving.as_ref() else {
        return;
    };
    if s.stale {
        state.notice = Some(Notice::SolutionStale);
        return;
    }
    let Some(moves) = s.rows().get(s.selected).map(|r| r.moves.clone()) else {
        return;
    };
    super::play::start_playback(state, &moves);
}

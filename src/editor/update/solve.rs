//! Solving: `S` and its stipulation prompt, the request to the terminal runtime's worker and its reports,
//! the stipulation stored in the record, the Solution panel's chosen line, and what an edit
//! does to a result (stale) or to a solve still running (cancelled).

use std::sync::Arc;

use super::super::effect::{Effect, Notice};
use super::super::solving::{self, Ask, Phase, Request, SolveEvent, Solved, Solving, TwinAsk};
use super::super::state::{Focus, Overlay, State};
use super::Towards;
use super::change::after_change;
use crate::solve::{Goal, Play, twin};

/// The longest text the prompt takes.
const PROMPT_MAX: usize = 120;
/// Lines a page step moves in the tree.
const PAGE: usize = 10;

/// `S`: refuses an illegal position with its first error, else asks the stipulation, prefilled
/// with the record's (as last typed, when that was it), or else the last one used.
pub(super) fn open_prompt(state: &mut State) {
    if let Some(error) = state.diagnostics.iter().find(|d| d.is_error()) {
        state.notice = Some(Notice::SolveRefused(error.message.clone()));
        return;
    }
    // The last text typed when it asked for the record's stipulation: its `tries` and the
    // like come with it.
    let last = state.last_stipulation.clone();
    let text = match (state.stipulation().map(std::borrow::Cow::into_owned), last) {
        (Some(record), Some(last))
            if solving::Asked::parse(&last)
                .is_ok_and(|a| a.ask.stipulation.to_string() == record) =>
        {
            last
        }
        (Some(record), _) => record,
        (None, last) => last.unwrap_or_default(),
    };
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
    let asked = match solving::Asked::parse(text) {
        Ok(asked) => asked,
        Err(why) => {
            *error = Some(why);
            return Vec::new();
        }
    };
    state.overlay = None;
    state.last_stipulation = Some(asked.to_string());
    store_in_record(state, asked.ask);
    start(state, asked.ask, asked.twins.as_deref())
}

/// Writes the stipulation into the current record's EPD operations (without a collection, the
/// position's own): `dm N` for `#N`, else `stip "…"` (the other one dropped, so the record
/// says one thing); a stipulation whose order of play is fixed (h#n: Black begins) also sets
/// the side to move to match. Both are one undo step. The Record overlay's stipulation row
/// stores through here too.
pub(super) fn store_in_record(state: &mut State, ask: Ask) {
    let s = ask.stipulation;
    let before = state.snapshot();
    let first = s.first_side(state.position.turn, false);
    let side_set = first != state.position.turn;
    if side_set {
        state.unread = None;
        super::change::stop_editing_line(state);
        state.position.turn = first;
        state.position.ep = None;
        after_change(state);
        state.notice = Some(Notice::SideSetForStipulation(s.to_string(), first));
    }
    if state.stipulation().as_deref() != Some(&s.to_string()) {
        let direct_mate = s.play == Play::Direct && s.goal == Goal::Mate;
        let stored = if direct_mate {
            super::record::set_operation(state, "dm", &s.moves.to_string(), &["stip"])
        } else {
            super::record::set_operation(state, "stip", &format!("\"{s}\""), &["dm"])
        };
        // Without a file there is no saving to speak of: the title shows it.
        if stored && !side_set && state.collection.is_some() {
            state.notice = Some(Notice::StipulationSet(s.to_string()));
        }
    }
    if state.snapshot() != before {
        state.history.push(before);
    }
}

/// The twins asked for in the prompt (`asked`, in the form of the EPD `twins` operation), or
/// else the record's (its `twins` operation), applied to the position: their commands' text
/// and each twin, or the first twin that does not apply, named with why.
fn twins(state: &State, ask: Ask, asked: Option<&str>) -> Result<(String, Vec<TwinAsk>), String> {
    let record = || {
        state
            .record_operations()
            .and_then(|ops| crate::collection::epd::operand(ops, "twins"))
    };
    let Some(text) = asked.or_else(record).filter(|t| !t.trim().is_empty()) else {
        return Ok((String::new(), Vec::new()));
    };
    let list = twin::parse_list(text).map_err(|e| e.to_string())?;
    let applied = twin::apply_all(&list, &state.position, ask.stipulation);
    let mut out = Vec::new();
    for (t, a) in list.iter().zip(applied) {
        let (position, stipulation) = a.map_err(|e| e.to_string())?;
        out.push(TwinAsk {
            label: t.label,
            text: t.text.clone(),
            position,
            stipulation,
        });
    }
    Ok((text.to_owned(), out))
}

/// Shows the cached result for the position and `ask` (with the twins `asked` in the prompt,
/// else the record's), or sends a new request to the worker (which stops any solve still
/// running).
pub(super) fn start(state: &mut State, ask: Ask, asked: Option<&str>) -> Vec<Effect> {
    let fen: Arc<str> = Arc::from(state.position_fen());
    state.solve_id += 1;
    let was_running = state.solving.as_ref().is_some_and(Solving::is_running);
    let (twins_text, twins, refused) = match twins(state, ask, asked) {
        Ok((text, list)) => (text, list, None),
        Err(why) => (String::new(), Vec::new(), Some(why)),
    };
    let request = Request {
        id: state.solve_id,
        position: state.position,
        ask,
        twins,
    };
    let cached = state.solve_cache.get(&fen, ask, &twins_text).cloned();
    let phase = match (&cached, refused) {
        (_, Some(why)) => Phase::Refused(why),
        (Some(solved), None) => Phase::Done(solved.clone()),
        (None, None) => Phase::Running {
            nodes: 0,
            millis: 0,
            done: 0,
            total: 0,
        },
    };
    let refused = matches!(phase, Phase::Refused(_));
    state.solving = Some(Solving {
        request: request.clone(),
        fen,
        phase,
        stale: false,
        cancelled: false,
        selected: 0,
        twins: twins_text,
    });
    match cached {
        _ if refused && was_running => vec![Effect::Solve(None)],
        _ if refused => Vec::new(),
        Some(_) if was_running => vec![Effect::Solve(None)],
        Some(_) => Vec::new(),
        None => vec![Effect::Solve(Some(Box::new(request)))],
    }
}

/// After `[`/`]`: the new record's cached result for its stipulation is shown, or else the
/// panel closes (a result about the record left is never shown for the new one; a solve of
/// it still running stops).
pub(super) fn follow_record(state: &mut State) -> Vec<Effect> {
    let Some(old) = state.solving.take() else {
        return Vec::new();
    };
    let ask = state
        .stipulation()
        .and_then(|t| Ask::parse(&t).ok())
        .map(|a| Ask {
            tries: old.request.ask.tries || a.tries,
            checks: old.request.ask.checks || a.checks,
            set_play: old.request.ask.set_play || a.set_play,
            ..a
        });
    let twins_text = ask
        .and_then(|ask| twins(state, ask, None).ok())
        .map(|t| t.0);
    let fen = state.position_fen();
    let cached = ask.zip(twins_text).and_then(|(ask, t)| {
        state
            .solve_cache
            .get(&fen, ask, &t)
            .map(|s| (ask, s.clone()))
    });
    let mut effects = Vec::new();
    if old.is_running() && !old.cancelled {
        effects.push(Effect::Solve(None));
    }
    match cached {
        Some((ask, _)) => {
            effects.clear();
            effects.extend(start(state, ask, None));
            if old.is_running() && !effects.contains(&Effect::Solve(None)) {
                effects.push(Effect::Solve(None));
            }
        }
        None if state.focus == Focus::Solution => state.focus = Focus::Board,
        None => {}
    }
    effects
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
                    let rename = |sol: &crate::solve::Solution<crate::solve::Named>| {
                        crate::solve::text::renamed(sol, notation).into_owned()
                    };
                    let twins = solved
                        .twins
                        .iter()
                        .map(|t| solving::TwinSolution {
                            solution: rename(&t.solution),
                            ..t.clone()
                        })
                        .collect();
                    let solved = Solved::with_twins(rename(&solved.solution), twins);
                    state
                        .solve_cache
                        .put(s.fen.clone(), s.request.ask, &s.twins, &solved);
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

/// Enter on a line: plays its moves from where they start — the setup, the setup with the
/// other side to move (set play), a twin's position — (not while the result is stale: its
/// moves are about another position).
pub(super) fn play(state: &mut State) {
    let Some(s) = state.solving.as_ref() else {
        return;
    };
    if s.stale {
        state.notice = Some(Notice::SolutionStale);
        return;
    }
    let Some(row) = s.rows().get(s.selected).cloned() else {
        return;
    };
    super::play::start_playback_from(state, row.from, &row.moves, row.series);
}

/// `y` on the Solution panel: the chosen line as text with move numbers.
pub(super) fn copy_line(state: &mut State) -> Vec<Effect> {
    let Some(s) = state.solving.as_ref() else {
        return Vec::new();
    };
    let Some(row) = s.rows().get(s.selected) else {
        return Vec::new();
    };
    let text = solving::line_text(row, state.options.notation(row.from.game));
    vec![Effect::Copy(text)]
}

/// A click on a line of the Solution panel chooses it (the panel takes the focus); in
/// playback, the line clicked is played instead.
pub(super) fn click(state: &mut State, row: usize) {
    let Some(s) = state.solving.as_mut() else {
        return;
    };
    if row >= s.rows().len() {
        return;
    }
    s.selected = row;
    if state.line.is_some() {
        play(state);
    } else {
        state.focus = Focus::Solution;
    }
}

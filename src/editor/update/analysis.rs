//! The Analysis panel: opening and closing it, the engine's reports, and a new request to the
//! engine each time the position on the board changes while it is open.

use std::sync::Arc;

use super::super::analysis::{Analysis, EngineEvent, Phase, Report, Request};
use super::super::effect::Effect;
use super::super::state::State;

/// `l`: opens the panel (and asks for the position) or closes it (and stops the engine).
pub(super) fn toggle(state: &mut State) -> Effect {
    if state.analysis.take().is_some() {
        return Effect::Analyse(None);
    }
    state.analysis = Some(Analysis::starting(Arc::from("")));
    request(state)
}

/// The request for what the board shows now: the position when it is legal and has a move,
/// else a stop, the panel saying why.
pub(super) fn request(state: &mut State) -> Effect {
    let legal = state.status;
    let fen: Arc<str> = Arc::from(state.fen());
    let game = state.game();
    let Some(analysis) = state.analysis.as_mut() else {
        return Effect::Analyse(None);
    };
    analysis.report = Report::default();
    let failed = matches!(analysis.phase, Phase::Unavailable(_));
    match legal {
        Some(status) if !status.is_over() => {
            analysis.fen = fen.clone();
            if !failed {
                analysis.phase = if analysis.engine.is_some() {
                    Phase::Running
                } else {
                    Phase::Starting
                };
            }
            Effect::Analyse(Some(Request { fen, game }))
        }
        other => {
            analysis.fen = Arc::from("");
            if !failed {
                analysis.phase = if other.is_some() {
                    Phase::GameOver
                } else {
                    Phase::Illegal
                };
            }
            Effect::Analyse(None)
        }
    }
}

/// A report of the engine client.
pub(super) fn engine(state: &mut State, event: EngineEvent) {
    if let Some(a) = state.analysis.as_mut() {
        a.take(event);
    }
}

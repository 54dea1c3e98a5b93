//! Moves on the board from the setup position: playback of a solution line and play mode.

use super::super::state::State;

/// Plays `moves` (UCI, from the setup position) on the board one step at a time: the board and
/// the move list show the line while the setup position stays as it is; ← → step, Esc returns.
/// The Solution panel calls this on Enter. (To be built with play mode.)
pub(super) fn start_playback(state: &mut State, moves: &[String]) {
    let _ = (state, moves);
}

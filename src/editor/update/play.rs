//! Moves on the board from the setup position: playback of a solution line and play mode. The
//! board shows `state.line`'s position; the setup (`state.position`), the FEN line and the
//! undo history stay as they are until the user keeps the position reached as the setup.

use crate::core::moves::{self, Move, Refusal};
use crate::core::{Role, Square};

use super::super::action::Towards;
use super::super::effect::{Effect, Notice};
use super::super::line::{Line, LineKind};
use super::super::state::{Overlay, State};
use super::change::{Rights, commit};

/// Plays `moves` (UCI, from the setup position) on the board one step at a time: the board and
/// the move list show the line while the setup position stays as it is; ← → step, Esc returns.
/// The Solution panel calls this on Enter. Moves that are not legal end the line there.
#[allow(dead_code, reason = "the tests start playback from the setup")]
pub(crate) fn start_playback(state: &mut State, moves: &[String]) {
    start_playback_from(state, state.position, moves, 0);
}

/// Plays `moves` from `from` (a twin's position, or the setup with the other side to move)
/// as `start_playback` does from the setup; the first `series` of them are a series, the
/// other side standing still after each but the last.
pub(crate) fn start_playback_from(
    state: &mut State,
    from: crate::core::Position,
    moves: &[String],
    series: usize,
) {
    let (line, dropped) = Line::series_from_uci(from, moves, series);
    let line = line.written_in(state.options.notation(state.position.game));
    let count = line.plies.len();
    begin(state, line);
    state.notice = Some(Notice::PlaybackStarted {
        moves: count,
        dropped,
    });
}

/// `M`: play mode from the setup, refused (with the reason) when the position is illegal. In
/// playback it plays on from the move on the board (a move made drops the line's later ones).
pub(super) fn start_play(state: &mut State) {
    if let Some(line) = state.line.as_mut() {
        line.kind = LineKind::Play;
        state.notice = Some(Notice::PlayStarted);
        return;
    }
    if let Err(why) = moves::legal_moves(&state.position) {
        state.notice = Some(Notice::MoveRefused(why));
        return;
    }
    let style = state.options.notation(state.position.game);
    begin(
        state,
        Line::new(LineKind::Play, state.position).written_in(style),
    );
    state.notice = Some(Notice::PlayStarted);
}

/// A PGN game (pasted, or the file opened): its start position becomes the setup (one undo
/// step) and its main line is played in play mode up to its end, where the board stands; `=`
/// keeps that position as the setup. Of several games the first is loaded.
pub fn load_pgn(state: &mut State, text: &str) {
    let games = match crate::core::pgn::read(text) {
        Ok(games) => games,
        Err(why) => {
            state.notice = Some(Notice::PgnUnread(why));
            return;
        }
    };
    let count = games.len();
    let Some(game) = games.into_iter().next() else {
        return;
    };
    super::change::load_position(state, game.setup, Vec::new());
    let style = state.options.notation(state.position.game);
    let mut line = Line::new(LineKind::Play, state.position);
    let mut stopped = game.stopped_at;
    for (i, &mv) in game.moves.iter().enumerate() {
        if line.push(mv).is_err() {
            stopped = Some((i + 1, moves::uci(line.position(), mv)));
            break;
        }
    }
    let played = line.plies.len();
    begin(state, line.written_in(style));
    state.notice = Some(Notice::PgnLoaded {
        moves: played,
        games: count,
        stopped,
    });
}

fn begin(state: &mut State, line: Line) {
    state.picked = None;
    state.mouse_down = None;
    state.play_from = None;
    state.line = Some(line);
    state.refresh();
}

/// Esc: a chosen piece is let go first; else the line ends and the setup is shown again.
pub(super) fn leave(state: &mut State) {
    if state.play_from.take().is_some() {
        state.notice = Some(Notice::ChoiceCancelled);
        return;
    }
    if state.line.take().is_some() {
        state.refresh();
        state.notice = Some(Notice::SetupBack);
    }
}

/// ← → Home End in playback: one move either way, or to the ends.
pub(super) fn step(state: &mut State, towards: Towards) {
    let Some(line) = state.line.as_mut() else {
        return;
    };
    let moved = match towards {
        Towards::Next => line.forward(),
        Towards::Prev => line.back(),
    };
    if moved {
        state.refresh();
    } else {
        state.notice = Some(match towards {
            Towards::Next => Notice::LineEnd,
            Towards::Prev => Notice::LineStart,
        });
    }
}

/// A click on a move of the Moves panel: the board shows the position after it.
pub(super) fn go_to(state: &mut State, at: usize) {
    let Some(line) = state.line.as_mut() else {
        return;
    };
    if at <= line.plies.len() && line.at != at {
        line.at = at;
        state.refresh();
    }
}

pub(super) fn to_end(state: &mut State, towards: Towards) {
    let Some(line) = state.line.as_mut() else {
        return;
    };
    let at = line.at;
    line.to_end(towards);
    if line.at != at {
        state.refresh();
    }
}

/// Enter in play mode: chooses the piece under the cursor, or plays the chosen one to the
/// cursor (Enter on the chosen square again lets it go).
pub(super) fn select(state: &mut State) {
    let at = state.cursor;
    match state.play_from {
        Some(from) if from == at => {
            state.play_from = None;
            state.notice = Some(Notice::ChoiceCancelled);
        }
        Some(from) => try_move(state, from, at),
        None => choose(state, at),
    }
}

/// Makes the piece on `at` the one to move, when it may move at all.
fn choose(state: &mut State, at: Square) {
    let pos = *state.shown_position();
    let refusal = match pos.board.get(at) {
        None => Some(Refusal::NoPiece(at)),
        Some(p) if p.color != pos.turn => Some(Refusal::NotYourTurn(p)),
        Some(_) => None,
    };
    match refusal {
        Some(why) => state.notice = Some(Notice::MoveRefused(why)),
        None => {
            state.play_from = Some(at);
            if let Some(p) = pos.board.get(at) {
                state.notice = Some(Notice::Chosen(p, at));
            }
        }
    }
}

/// Plays `from`→`to`, asking for the piece when a pawn promotes; a refusal says why and
/// keeps the piece chosen only when it was the target that was wrong.
fn try_move(state: &mut State, from: Square, to: Square) {
    let pos = *state.shown_position();
    // A click on another piece of the side to move chooses that one instead (unless it is
    // the king onto its castling rook).
    let plain = Move {
        from,
        to,
        promotion: None,
    };
    if let (Some(p), Some(q)) = (pos.board.get(from), pos.board.get(to))
        && p.color == q.color
        && moves::play(&pos, plain).is_err()
    {
        choose(state, to);
        return;
    }
    if moves::is_promotion(&pos, from, to) {
        state.overlay = Some(Overlay::Promotion(from, to));
        return;
    }
    play(
        state,
        Move {
            from,
            to,
            promotion: None,
        },
    );
}

fn play(state: &mut State, mv: Move) {
    let Some(line) = state.line.as_mut() else {
        return;
    };
    match line.push(mv) {
        Ok(()) => {
            state.play_from = None;
            state.cursor = line.last_move().map_or(mv.to, |(_, to)| to);
            state.refresh();
        }
        Err(why) => {
            // A wrong target keeps the piece chosen for another try.
            if !matches!(why, Refusal::CannotGo(..) | Refusal::LeavesInCheck(_)) {
                state.play_from = None;
            }
            state.notice = Some(Notice::MoveRefused(why));
        }
    }
}

/// The promotion prompt's answer.
pub(super) fn promote(state: &mut State, role: Role) {
    let Some(Overlay::Promotion(from, to)) = state.overlay else {
        return;
    };
    state.overlay = None;
    play(
        state,
        Move {
            from,
            to,
            promotion: Some(role),
        },
    );
}

pub(super) fn cancel_promotion(state: &mut State) {
    state.overlay = None;
    state.play_from = None;
    state.notice = Some(Notice::ChoiceCancelled);
}

/// `u`/Backspace in play mode: the last move is taken back.
pub(super) fn take_back(state: &mut State) {
    let Some(line) = state.line.as_mut() else {
        return;
    };
    let name = line
        .at
        .checked_sub(1)
        .map(|i| line.plies[i].notation.clone());
    if line.take_back() {
        state.play_from = None;
        state.refresh();
        state.notice = name.map(Notice::TookBack);
    } else {
        state.notice = Some(Notice::NothingToTakeBack);
    }
}

/// Keeps the position reached as the new setup: one undo step.
pub(super) fn keep(state: &mut State) {
    let Some(line) = state.line.take() else {
        return;
    };
    state.play_from = None;
    let reached = *line.position();
    if !commit(state, reached, Rights::AsGiven) {
        state.refresh();
    }
    state.notice = Some(Notice::KeptAsSetup);
}

/// `y` in play mode and playback: the moves as PGN from the setup.
pub(super) fn copy_moves(state: &State) -> Option<Effect> {
    let line = state.line.as_ref()?;
    Some(Effect::CopyPgn(line.pgn(&state.position_fen())))
}

/// The mouse in play mode: press on a piece and release on its target (a drag), or click the
/// piece and then the target.
pub(super) fn mouse_down(state: &mut State, sq: Square) {
    if sq.on_board(state.game())
        && state
            .line
            .as_ref()
            .is_some_and(|l| l.kind == LineKind::Play)
    {
        state.mouse_down = Some(sq);
        state.cursor = sq;
    }
}

pub(super) fn mouse_up(state: &mut State, target: Option<Square>) {
    let Some(from) = state.mouse_down.take() else {
        return;
    };
    match target.filter(|sq| sq.on_board(state.game())) {
        Some(to) if to == from => {
            state.cursor = to;
            select(state);
        }
        Some(to) => {
            state.play_from = None;
            state.cursor = to;
            try_move(state, from, to);
        }
        None => {}
    }
}

//! The keymap: terminal events (keys, mouse, paste) to editor actions. Keys are translated to
//! the editor's `Key` and looked up in the one key table (`editor::keys`); the mouse asks the
//! screen layout which square or field is under it through `HitTest`, so drawing and
//! hit-testing share one layout.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::editor::keys::{self, Code, Key};
use crate::editor::{Action, Overlay, State, Towards};
pub use crate::ui::layout::{HitTest, NoHit};

/// The action an event asks for, if any.
pub fn action_for(event: &Event, state: &State, hit: &dyn HitTest) -> Option<Action> {
    match event {
        Event::Key(key) => key_action_on(key, state, hit),
        Event::Mouse(mouse) => mouse_action(mouse, state, hit),
        Event::Paste(text) => state.overlay.is_none().then(|| Action::Paste(text.clone())),
        _ => None,
    }
}

/// The action of a key press (releases are ignored), on a screen where nothing is anywhere.
pub fn key_action(key: &KeyEvent, state: &State) -> Option<Action> {
    key_action_on(key, state, &NoHit)
}

/// The action of a key press on the screen `hit` describes (how far the help scrolls).
pub fn key_action_on(key: &KeyEvent, state: &State, hit: &dyn HitTest) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    // Only the help's own scroll keys need how far it scrolls, and finding out wraps the whole
    // help text: by far the dearest part of a keystroke. So ask only while the help is open.
    let help = if state.overlay == Some(Overlay::Help) {
        hit.help_scroll()
    } else {
        keys::HelpScroll::default()
    };
    keys::action(state, editor_key(key), help)
}

/// A terminal key as the editor's key table knows keys.
pub fn editor_key(key: &KeyEvent) -> Key {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let code = match key.code {
        KeyCode::Char(c) => Code::Char(c),
        KeyCode::Up if shift => Code::ShiftUp,
        KeyCode::Down if shift => Code::ShiftDown,
        KeyCode::Left if shift => Code::ShiftLeft,
        KeyCode::Right if shift => Code::ShiftRight,
        KeyCode::Up => Code::Up,
        KeyCode::Down => Code::Down,
        KeyCode::Left => Code::Left,
        KeyCode::Right => Code::Right,
        KeyCode::Enter => Code::Enter,
        KeyCode::Esc => Code::Esc,
        KeyCode::Tab => Code::Tab,
        KeyCode::BackTab => Code::BackTab,
        KeyCode::Backspace => Code::Backspace,
        KeyCode::Delete => Code::Delete,
        KeyCode::Home => Code::Home,
        KeyCode::End => Code::End,
        KeyCode::PageUp => Code::PageUp,
        KeyCode::PageDown => Code::PageDown,
        KeyCode::F(n) => Code::F(n),
        KeyCode::Insert => Code::Other("Insert"),
        KeyCode::Null => Code::Other("Null"),
        _ => Code::Other("key"),
    };
    Key {
        code,
        ctrl: key.modifiers.contains(KeyModifiers::CONTROL),
        alt: key.modifiers.contains(KeyModifiers::ALT),
    }
}

/// The action of a mouse event, in board terms.
pub fn mouse_action(mouse: &MouseEvent, state: &State, hit: &dyn HitTest) -> Option<Action> {
    if !state.options.mouse || state.overlay.is_some() {
        return None;
    }
    let (col, row) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            if let Some(sq) = hit.square_at(col, row) {
                Some(Action::MouseDown(sq))
            } else if let Some((color, file)) = hit.castling_at(col, row) {
                Some(Action::ToggleCastlingFile(color, file))
            } else if let Some(i) = hit.solution_row_at(col, row) {
                Some(Action::ClickSolution(i))
            } else if let Some(i) = hit.move_at(col, row) {
                Some(Action::ClickMove(i))
            } else {
                hit.field_at(col, row).map(Action::ClickField)
            }
        }
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown => {
            let towards = if mouse.kind == MouseEventKind::ScrollUp {
                Towards::Prev
            } else {
                Towards::Next
            };
            if hit.on_solution(col, row) {
                Some(Action::WheelSolution(towards))
            } else if hit.on_moves(col, row) {
                Some(Action::WheelMoves(towards))
            } else {
                None
            }
        }
        MouseEventKind::Up(MouseButton::Left) => state
            .mouse_down
            .is_some()
            .then(|| Action::MouseUp(hit.square_at(col, row))),
        MouseEventKind::Down(MouseButton::Right) => hit.square_at(col, row).map(Action::RightClick),
        _ => None,
    }
}

/// A short name of a key for "key not bound" notices.
pub fn key_name(key: &KeyEvent) -> String {
    editor_key(key).name()
}

#[cfg(test)]
mod tests;

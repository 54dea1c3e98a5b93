//! The keymap: terminal events (keys, mouse, paste) to editor actions. Pure: it reads the
//! state's focus, pending key and overlay, and asks the screen layout which square or field is
//! under the mouse through `HitTest`, so drawing and hit-testing share one layout.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::core::{Color, Game, Piece, Square};
use crate::editor::fields::CastlingSide;
use crate::editor::{Action, Answer, Direction, Focus, LineEdit, Overlay, Pending, State};

/// What is under a screen cell, answered by the ui's layout.
pub trait HitTest {
    /// The board square drawn at this cell.
    fn square_at(&self, col: u16, row: u16) -> Option<Square>;
    /// The panel field (1–6) drawn at this cell.
    fn field_at(&self, col: u16, row: u16) -> Option<u8>;
    /// A castling right's letter drawn at this cell: its colour and rook file.
    fn castling_at(&self, _col: u16, _row: u16) -> Option<(Color, u8)> {
        None
    }
}

/// A layout where nothing is anywhere (keys only).
pub struct NoHit;

impl HitTest for NoHit {
    fn square_at(&self, _: u16, _: u16) -> Option<Square> {
        None
    }
    fn field_at(&self, _: u16, _: u16) -> Option<u8> {
        None
    }
}

/// The action an event asks for, if any.
pub fn action_for(event: &Event, state: &State, hit: &dyn HitTest) -> Option<Action> {
    match event {
        Event::Key(key) => key_action(key, state),
        Event::Mouse(mouse) => mouse_action(mouse, state, hit),
        Event::Paste(text) => state.overlay.is_none().then(|| Action::Paste(text.clone())),
        _ => None,
    }
}

/// The action of a key press (releases are ignored).
pub fn key_action(key: &KeyEvent, state: &State) -> Option<Action> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
        return Some(Action::Abort);
    }
    if let Some(overlay) = &state.overlay {
        return overlay_key(key, overlay);
    }
    if let Some(Pending::Goto(_)) = &state.pending {
        return Some(match key.code {
            KeyCode::Esc => Action::Escape,
            KeyCode::Char(c) if !ctrl => Action::GotoKey(c),
            _ => Action::Unbound(key_name(key)),
        });
    }
    if ctrl {
        return Some(match (key.code, state.focus) {
            (KeyCode::Char('s' | 'S'), _) => Action::Save,
            (KeyCode::Char('q' | 'Q'), _) => Action::Quit,
            (KeyCode::Char('v' | 'V'), _) => Action::RequestPaste,
            (KeyCode::Char('u' | 'U'), Focus::FenLine) => Action::Line(LineEdit::DeleteToStart),
            (KeyCode::Char('a' | 'A'), Focus::FenLine) => Action::Line(LineEdit::Home),
            (KeyCode::Char('e' | 'E'), Focus::FenLine) => Action::Line(LineEdit::End),
            (KeyCode::Char('z' | 'Z'), Focus::Board | Focus::Fields) => Action::Undo,
            (KeyCode::Char('y' | 'Y'), Focus::Board | Focus::Fields) => Action::Redo,
            _ => Action::Unbound(key_name(key)),
        });
    }
    match key.code {
        KeyCode::Tab => return Some(Action::FocusNext),
        KeyCode::BackTab => return Some(Action::FocusPrev),
        KeyCode::F(1) => return Some(Action::ToggleHelp),
        KeyCode::Esc => return Some(Action::Escape),
        _ => {}
    }
    if key.modifiers.contains(KeyModifiers::ALT) {
        return Some(Action::Unbound(key_name(key)));
    }
    Some(match state.focus {
        Focus::Board => board_key(key, state.game()),
        Focus::Fields => fields_key(key),
        Focus::FenLine => fen_line_key(key)?,
    })
}

fn overlay_key(key: &KeyEvent, overlay: &Overlay) -> Option<Action> {
    let code = key.code;
    match overlay {
        Overlay::Help => matches!(
            code,
            KeyCode::Esc | KeyCode::F(1) | KeyCode::Char('?' | 'q') | KeyCode::Enter
        )
        .then_some(Action::ToggleHelp),
        Overlay::ConfirmDelete => match code {
            KeyCode::Char('y' | 'Y') | KeyCode::Enter => Some(Action::Answer(Answer::Yes)),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Action::Answer(Answer::Cancel)),
            _ => None,
        },
        Overlay::ConfirmQuit => match code {
            KeyCode::Char('s' | 'S') => Some(Action::Answer(Answer::Save)),
            KeyCode::Char('d' | 'D') => Some(Action::Answer(Answer::Discard)),
            KeyCode::Char('c' | 'C') | KeyCode::Esc => Some(Action::Answer(Answer::Cancel)),
            _ => None,
        },
        Overlay::Chess960Prompt(_) => match code {
            KeyCode::Char(c) => Some(Action::PromptKey(c)),
            KeyCode::Backspace => Some(Action::PromptBackspace),
            KeyCode::Enter => Some(Action::PromptSubmit),
            KeyCode::Esc => Some(Action::Escape),
            _ => None,
        },
    }
}

/// The piece a letter puts in `game`: the game's own letters, and xiangqi's `E`/`H` aliases
/// for the elephant and the horse.
pub fn piece_for_letter(c: char, game: Game) -> Option<Piece> {
    Piece::from_char_or_alias(c, game).map(|(piece, _)| piece)
}

fn board_key(key: &KeyEvent, game: Game) -> Action {
    match key.code {
        KeyCode::Up => Action::MoveCursor(Direction::Up),
        KeyCode::Down => Action::MoveCursor(Direction::Down),
        KeyCode::Left => Action::MoveCursor(Direction::Left),
        KeyCode::Right => Action::MoveCursor(Direction::Right),
        KeyCode::Delete | KeyCode::Backspace | KeyCode::Char(' ' | 'x') => Action::Empty,
        KeyCode::Enter => Action::PickUpOrDrop,
        KeyCode::Char(c) => match c {
            'g' => Action::StartGoto,
            't' => Action::ToggleSide,
            'f' => Action::Flip,
            's' => Action::SwapColors,
            'm' => Action::MirrorFiles,
            'X' => Action::Clear,
            'I' => Action::Initial,
            'G' => Action::SwitchGame,
            'u' => Action::Undo,
            'U' => Action::Redo,
            'y' => Action::Copy,
            'Y' => Action::CopyUrl,
            'd' => Action::Diagram,
            'v' => Action::RequestPaste,
            '/' => Action::EditFenLine,
            '?' => Action::ToggleHelp,
            '[' => Action::PrevRecord,
            ']' => Action::NextRecord,
            '+' => Action::AddRecord,
            'D' => Action::DeleteRecord,
            c => match piece_for_letter(c, game) {
                Some(piece) => Action::Put(piece),
                None => Action::Unbound(key_name(key)),
            },
        },
        _ => Action::Unbound(key_name(key)),
    }
}

fn fields_key(key: &KeyEvent) -> Action {
    match key.code {
        KeyCode::Up => Action::FieldUp,
        KeyCode::Down => Action::FieldDown,
        KeyCode::Left => Action::FieldPrev,
        KeyCode::Right => Action::FieldNext,
        KeyCode::Enter | KeyCode::Char(' ') => Action::FieldActivate,
        KeyCode::Backspace => Action::ClockBackspace,
        KeyCode::Char(c) => match c {
            'K' => Action::ToggleCastling(Color::White, CastlingSide::King),
            'Q' => Action::ToggleCastling(Color::White, CastlingSide::Queen),
            'k' => Action::ToggleCastling(Color::Black, CastlingSide::King),
            'q' => Action::ToggleCastling(Color::Black, CastlingSide::Queen),
            '0'..='9' => Action::ClockDigit(c as u8 - b'0'),
            '+' => Action::ClockIncrement,
            '-' => Action::ClockDecrement,
            'u' => Action::Undo,
            'U' => Action::Redo,
            'y' => Action::Copy,
            'v' => Action::RequestPaste,
            '/' => Action::EditFenLine,
            '?' => Action::ToggleHelp,
            _ => Action::Unbound(key_name(key)),
        },
        _ => Action::Unbound(key_name(key)),
    }
}

fn fen_line_key(key: &KeyEvent) -> Option<Action> {
    Some(match key.code {
        KeyCode::Char(c) => Action::Line(LineEdit::Insert(c)),
        KeyCode::Left => Action::Line(LineEdit::Left),
        KeyCode::Right => Action::Line(LineEdit::Right),
        KeyCode::Home => Action::Line(LineEdit::Home),
        KeyCode::End => Action::Line(LineEdit::End),
        KeyCode::Backspace => Action::Line(LineEdit::Backspace),
        KeyCode::Delete => Action::Line(LineEdit::Delete),
        KeyCode::Enter => Action::LineApply,
        _ => return None,
    })
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
            } else {
                hit.field_at(col, row).map(Action::ClickField)
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
    let mut name = String::new();
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        name.push_str("Ctrl-");
    }
    if key.modifiers.contains(KeyModifiers::ALT) {
        name.push_str("Alt-");
    }
    match key.code {
        KeyCode::Char(' ') => name.push_str("Space"),
        KeyCode::Char(c) => name.push(c),
        KeyCode::F(n) => name.push_str(&format!("F{n}")),
        other => name.push_str(&format!("{other:?}")),
    }
    name
}

#[cfg(test)]
mod tests;

//! One test per key of the key list: each key, in each focus, gives the action it promises.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::*;
use crate::core::Square;
use crate::core::fen::Field;
use crate::core::{CastlingSide, Color, Game, Piece};
use crate::editor::keys::{self, Bind, Cmd, Code, Mode, Pat};
use crate::editor::{Action, Answer, Direction, Focus, LineEdit, Options, Overlay, State, update};

fn state(fen: &str) -> State {
    State::from_fen(
        fen,
        None,
        Options {
            ascii: false,
            mouse: true,
            ..Options::default()
        },
    )
}

fn chess() -> State {
    state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}

fn xiangqi() -> State {
    state("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ch(c: char) -> KeyEvent {
    key(KeyCode::Char(c))
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn focused(focus: Focus) -> State {
    let mut s = chess();
    s.focus = focus;
    s
}

#[test]
fn board_keys() {
    let s = chess();
    let cases: Vec<(KeyEvent, Action)> = vec![
        (key(KeyCode::Up), Action::MoveCursor(Direction::Up)),
        (key(KeyCode::Down), Action::MoveCursor(Direction::Down)),
        (key(KeyCode::Left), Action::MoveCursor(Direction::Left)),
        (key(KeyCode::Right), Action::MoveCursor(Direction::Right)),
        (ch('g'), Action::StartGoto),
        (ch(' '), Action::Empty),
        (ch('x'), Action::Empty),
        (key(KeyCode::Delete), Action::Empty),
        (key(KeyCode::Backspace), Action::Empty),
        (key(KeyCode::Enter), Action::PickUpOrDrop),
        (ch('t'), Action::ToggleSide),
        (ch('f'), Action::Flip),
        (ch('s'), Action::SwapColors),
        (ch('m'), Action::MirrorFiles),
        (ch('X'), Action::Clear),
        (ch('I'), Action::Initial),
        (ch('G'), Action::SwitchGame),
        (ch('u'), Action::Undo),
        (ctrl('z'), Action::Undo),
        (ch('U'), Action::Redo),
        (ctrl('y'), Action::Redo),
        (ch('y'), Action::Copy),
        (ch('Y'), Action::CopyUrl),
        (ch('v'), Action::RequestPaste),
        (ctrl('v'), Action::RequestPaste),
        (key(KeyCode::Tab), Action::FocusNext),
        (
            KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT),
            Action::FocusPrev,
        ),
        (ch('/'), Action::EditFenLine),
        (ch('?'), Action::ToggleHelp),
        (key(KeyCode::F(1)), Action::ToggleHelp),
        (ch('['), Action::PrevRecord),
        (ch(']'), Action::NextRecord),
        (ch('+'), Action::AddRecord),
        (ch('D'), Action::DeleteRecord),
        (ctrl('s'), Action::Save),
        (ctrl('q'), Action::Quit),
        (ctrl('c'), Action::Abort),
        (key(KeyCode::Esc), Action::Escape),
    ];
    for (event, action) in cases {
        assert_eq!(key_action(&event, &s), Some(action), "{event:?}");
    }
}

#[test]
fn board_piece_letters_of_chess() {
    let s = chess();
    for c in "KQRBNPkqrbnp".chars() {
        let piece = Piece::from_char(c, Game::Chess).unwrap();
        assert_eq!(key_action(&ch(c), &s), Some(Action::Put(piece)), "{c}");
    }
    for c in "ACEHace".chars() {
        assert_eq!(
            key_action(&ch(c), &s),
            Some(Action::Unbound(c.to_string())),
            "{c}"
        );
    }
}

#[test]
fn board_piece_letters_of_xiangqi_with_aliases() {
    let s = xiangqi();
    for c in "KABNRCPkabnrcp".chars() {
        let piece = Piece::from_char(c, Game::Xiangqi).unwrap();
        assert_eq!(key_action(&ch(c), &s), Some(Action::Put(piece)), "{c}");
    }
    let alias = |c| match key_action(&ch(c), &s) {
        Some(Action::Put(p)) => p.char(),
        other => panic!("{c}: {other:?}"),
    };
    assert_eq!(
        [alias('E'), alias('H'), alias('e'), alias('h')],
        ['B', 'N', 'b', 'n']
    );
    assert_eq!(key_action(&ch('Q'), &s), Some(Action::Unbound("Q".into())));
}

#[test]
fn fields_keys() {
    let s = focused(Focus::Fields);
    let cases: Vec<(KeyEvent, Action)> = vec![
        (key(KeyCode::Up), Action::FieldUp),
        (key(KeyCode::Down), Action::FieldDown),
        (key(KeyCode::Left), Action::FieldPrev),
        (key(KeyCode::Right), Action::FieldNext),
        (ch(' '), Action::FieldActivate),
        (key(KeyCode::Enter), Action::FieldActivate),
        (
            ch('K'),
            Action::ToggleCastling(Color::White, CastlingSide::King),
        ),
        (
            ch('Q'),
            Action::ToggleCastling(Color::White, CastlingSide::Queen),
        ),
        (
            ch('k'),
            Action::ToggleCastling(Color::Black, CastlingSide::King),
        ),
        (
            ch('q'),
            Action::ToggleCastling(Color::Black, CastlingSide::Queen),
        ),
        (ch('0'), Action::ClockDigit(0)),
        (ch('7'), Action::ClockDigit(7)),
        (key(KeyCode::Backspace), Action::ClockBackspace),
        (ch('+'), Action::ClockIncrement),
        (ch('-'), Action::ClockDecrement),
        (key(KeyCode::Esc), Action::Escape),
        (key(KeyCode::Tab), Action::FocusNext),
        (ctrl('z'), Action::Undo),
        (ctrl('q'), Action::Quit),
    ];
    for (event, action) in cases {
        assert_eq!(key_action(&event, &s), Some(action), "{event:?}");
    }
    assert_eq!(key_action(&ch('X'), &s), Some(Action::Unbound("X".into())));
}

#[test]
fn fen_line_keys() {
    let s = focused(Focus::FenLine);
    let cases: Vec<(KeyEvent, Action)> = vec![
        (ch('K'), Action::Line(LineEdit::Insert('K'))),
        (ch('u'), Action::Line(LineEdit::Insert('u'))),
        (ch(' '), Action::Line(LineEdit::Insert(' '))),
        (ch('/'), Action::Line(LineEdit::Insert('/'))),
        (key(KeyCode::Left), Action::Line(LineEdit::Left)),
        (key(KeyCode::Right), Action::Line(LineEdit::Right)),
        (key(KeyCode::Home), Action::Line(LineEdit::Home)),
        (key(KeyCode::End), Action::Line(LineEdit::End)),
        (key(KeyCode::Backspace), Action::Line(LineEdit::Backspace)),
        (key(KeyCode::Delete), Action::Line(LineEdit::Delete)),
        (ctrl('u'), Action::Line(LineEdit::DeleteToStart)),
        (key(KeyCode::Enter), Action::LineApply),
        (key(KeyCode::Esc), Action::Escape),
        (key(KeyCode::Tab), Action::FocusNext),
        (ctrl('c'), Action::Abort),
    ];
    for (event, action) in cases {
        assert_eq!(key_action(&event, &s), Some(action), "{event:?}");
    }
    assert_eq!(key_action(&key(KeyCode::Up), &s), None);
}

#[test]
fn pending_goto_keys() {
    let mut s = chess();
    update(&mut s, Action::StartGoto);
    assert_eq!(key_action(&ch('e'), &s), Some(Action::GotoKey('e')));
    assert_eq!(key_action(&ch('X'), &s), Some(Action::GotoKey('X')));
    assert_eq!(key_action(&key(KeyCode::Esc), &s), Some(Action::Escape));
    assert_eq!(
        key_action(&key(KeyCode::Up), &s),
        Some(Action::Unbound("Up".into()))
    );
    assert_eq!(key_action(&ctrl('c'), &s), Some(Action::Abort));
}

#[test]
fn overlay_keys() {
    let mut s = chess();
    s.overlay = Some(Overlay::Help);
    for k in [key(KeyCode::Esc), ch('?'), key(KeyCode::F(1)), ch('q')] {
        assert_eq!(key_action(&k, &s), Some(Action::ToggleHelp));
    }
    assert_eq!(key_action(&ch('X'), &s), None);
    s.overlay = Some(Overlay::ConfirmDelete);
    assert_eq!(key_action(&ch('y'), &s), Some(Action::Answer(Answer::Yes)));
    assert_eq!(
        key_action(&ch('n'), &s),
        Some(Action::Answer(Answer::Cancel))
    );
    assert_eq!(
        key_action(&key(KeyCode::Esc), &s),
        Some(Action::Answer(Answer::Cancel))
    );
    assert_eq!(key_action(&ch('x'), &s), None);
    s.overlay = Some(Overlay::ConfirmQuit);
    assert_eq!(key_action(&ch('s'), &s), Some(Action::Answer(Answer::Save)));
    assert_eq!(
        key_action(&ch('d'), &s),
        Some(Action::Answer(Answer::Discard))
    );
    assert_eq!(
        key_action(&ch('c'), &s),
        Some(Action::Answer(Answer::Cancel))
    );
    assert_eq!(
        key_action(&key(KeyCode::Esc), &s),
        Some(Action::Answer(Answer::Cancel))
    );
    assert_eq!(key_action(&ctrl('c'), &s), Some(Action::Abort));
    s.overlay = Some(Overlay::Chess960Prompt(String::new()));
    assert_eq!(key_action(&ch('5'), &s), Some(Action::PromptKey('5')));
    assert_eq!(key_action(&ch('r'), &s), Some(Action::PromptKey('r')));
    assert_eq!(
        key_action(&key(KeyCode::Backspace), &s),
        Some(Action::PromptBackspace)
    );
    assert_eq!(
        key_action(&key(KeyCode::Enter), &s),
        Some(Action::PromptSubmit)
    );
    assert_eq!(key_action(&key(KeyCode::Esc), &s), Some(Action::Escape));
}

#[test]
fn key_releases_and_alt_keys_do_nothing_harmful() {
    let s = chess();
    let release = KeyEvent::new_with_kind(
        KeyCode::Char('X'),
        KeyModifiers::SHIFT,
        KeyEventKind::Release,
    );
    assert_eq!(key_action(&release, &s), None);
    let alt = KeyEvent::new(KeyCode::Char('X'), KeyModifiers::ALT);
    assert_eq!(key_action(&alt, &s), Some(Action::Unbound("Alt-X".into())));
}

/// A board at cells (10.., 5..) two columns per square, 8 rows; the panel's fields at column 40,
/// rows 1–6; a castling letter at (45, 3).
struct Grid;

impl HitTest for Grid {
    fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        let (f, r) = (col.checked_sub(10)? / 2, row.checked_sub(5)?);
        (f < 8 && r < 8).then(|| Square::new(f as u8, 7 - r as u8))
    }
    fn field_at(&self, col: u16, row: u16) -> Option<Field> {
        (col == 40).then(|| Field::from_number(row as u8)).flatten()
    }
    fn castling_at(&self, col: u16, row: u16) -> Option<(Color, u8)> {
        (col == 45 && row == 3).then_some((Color::White, 7))
    }
}

fn mouse(kind: MouseEventKind, col: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column: col,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn mouse_presses_releases_and_clicks() {
    let mut s = chess();
    let down = mouse(MouseEventKind::Down(MouseButton::Left), 10, 12);
    assert_eq!(
        action_for(&down, &s, &Grid),
        Some(Action::MouseDown(Square::new(0, 0)))
    );
    let up_off = mouse(MouseEventKind::Up(MouseButton::Left), 0, 0);
    assert_eq!(action_for(&up_off, &s, &Grid), None, "no press, no release");
    update(&mut s, Action::MouseDown(Square::new(0, 0)));
    assert_eq!(action_for(&up_off, &s, &Grid), Some(Action::MouseUp(None)));
    let up_on = mouse(MouseEventKind::Up(MouseButton::Left), 13, 5);
    assert_eq!(
        action_for(&up_on, &s, &Grid),
        Some(Action::MouseUp(Some(Square::new(1, 7))))
    );
    let right = mouse(MouseEventKind::Down(MouseButton::Right), 12, 5);
    assert_eq!(
        action_for(&right, &s, &Grid),
        Some(Action::RightClick(Square::new(1, 7)))
    );
    let field = mouse(MouseEventKind::Down(MouseButton::Left), 40, 4);
    assert_eq!(
        action_for(&field, &s, &Grid),
        Some(Action::ClickField(Field::EnPassant))
    );
    let castling = mouse(MouseEventKind::Down(MouseButton::Left), 45, 3);
    assert_eq!(
        action_for(&castling, &s, &Grid),
        Some(Action::ToggleCastlingFile(Color::White, 7))
    );
    let nowhere = mouse(MouseEventKind::Down(MouseButton::Left), 100, 100);
    assert_eq!(action_for(&nowhere, &s, &Grid), None);
    let scroll = mouse(MouseEventKind::ScrollUp, 10, 5);
    assert_eq!(action_for(&scroll, &s, &Grid), None);
}

#[test]
fn mouse_is_ignored_without_mouse_or_under_an_overlay() {
    let mut s = chess();
    let down = mouse(MouseEventKind::Down(MouseButton::Left), 10, 12);
    s.options.mouse = false;
    assert_eq!(action_for(&down, &s, &Grid), None);
    s.options.mouse = true;
    s.overlay = Some(Overlay::Help);
    assert_eq!(action_for(&down, &s, &Grid), None);
    assert_eq!(action_for(&down, &s, &NoHit), None);
}

#[test]
fn paste_events_become_paste_actions() {
    let mut s = chess();
    let paste = Event::Paste("8/8 w".into());
    assert_eq!(
        action_for(&paste, &s, &NoHit),
        Some(Action::Paste("8/8 w".into()))
    );
    s.overlay = Some(Overlay::ConfirmQuit);
    assert_eq!(action_for(&paste, &s, &NoHit), None);
    assert_eq!(action_for(&Event::Resize(80, 24), &s, &NoHit), None);
    assert_eq!(action_for(&Event::FocusGained, &s, &NoHit), None);
}

/// A state whose keys go to `mode`.
fn in_mode(mode: Mode) -> State {
    let mut s = chess();
    match mode {
        Mode::Board => {}
        Mode::Fields => s.focus = Focus::Fields,
        Mode::FenLine => s.focus = Focus::FenLine,
        Mode::Goto => {
            update(&mut s, Action::StartGoto);
        }
        Mode::Help => s.overlay = Some(Overlay::Help),
        Mode::ConfirmDelete => s.overlay = Some(Overlay::ConfirmDelete),
        Mode::ConfirmQuit => s.overlay = Some(Overlay::ConfirmQuit),
        Mode::ChangedOnDisk => s.overlay = Some(Overlay::ChangedOnDisk),
        Mode::QuitUnread => s.overlay = Some(Overlay::QuitUnread),
        Mode::Chess960Prompt => s.overlay = Some(Overlay::Chess960Prompt(String::new())),
        Mode::Play => {
            update(&mut s, Action::PlayMode);
        }
        Mode::Playback => {
            update(&mut s, Action::PlayMode);
            s.line.as_mut().unwrap().kind = crate::editor::line::LineKind::Playback;
        }
        Mode::Promotion => {
            update(&mut s, Action::PlayMode);
            s.overlay = Some(Overlay::Promotion(
                crate::core::Square::new(4, 6),
                crate::core::Square::new(4, 7),
            ));
        }
        Mode::Solution => s.focus = Focus::Solution,
        Mode::StipulationPrompt => {
            s.overlay = Some(Overlay::StipulationPrompt {
                text: String::new(),
                error: None,
                selected: false,
            })
        }
        Mode::Record => {
            update(&mut s, Action::Record);
        }
        Mode::RecordEdit => {
            update(&mut s, Action::Record);
            update(&mut s, Action::RecordChoose);
        }
    }
    assert_eq!(Mode::of(&s), mode);
    s
}

/// A terminal key event for a key pattern that names one key.
fn event_for(pat: Pat) -> Option<KeyEvent> {
    let code = |c: Code| match c {
        Code::Char(c) => KeyCode::Char(c),
        Code::Up => KeyCode::Up,
        Code::Down => KeyCode::Down,
        Code::Left => KeyCode::Left,
        Code::Right => KeyCode::Right,
        Code::Enter => KeyCode::Enter,
        Code::Esc => KeyCode::Esc,
        Code::Tab => KeyCode::Tab,
        Code::BackTab => KeyCode::BackTab,
        Code::Backspace => KeyCode::Backspace,
        Code::Delete => KeyCode::Delete,
        Code::Home => KeyCode::Home,
        Code::End => KeyCode::End,
        Code::PageUp => KeyCode::PageUp,
        Code::PageDown => KeyCode::PageDown,
        Code::F(n) => KeyCode::F(n),
        Code::Other(_) => KeyCode::Null,
        Code::ShiftUp | Code::ShiftDown | Code::ShiftLeft | Code::ShiftRight => KeyCode::Null,
    };
    let shifted = |c: Code| match c {
        Code::ShiftUp => Some(KeyCode::Up),
        Code::ShiftDown => Some(KeyCode::Down),
        Code::ShiftLeft => Some(KeyCode::Left),
        Code::ShiftRight => Some(KeyCode::Right),
        _ => None,
    };
    match pat {
        Pat::Is(c) if shifted(c).is_some() => {
            shifted(c).map(|k| KeyEvent::new(k, ratatui::crossterm::event::KeyModifiers::SHIFT))
        }
        Pat::Is(c) => Some(key(code(c))),
        Pat::Char(c) => Some(ch(c)),
        Pat::Ctrl(c) => Some(ctrl(c)),
        Pat::PieceLetter | Pat::Digit | Pat::AnyChar => None,
    }
}

#[test]
fn every_key_of_the_key_table_gives_its_action_in_each_of_its_modes() {
    // Through the terminal keymap, so that the translation of key events is covered too; a
    // key shadowed by an earlier line of the table would fail here.
    for row in keys::TABLE {
        for &mode in row.modes {
            let s = in_mode(mode);
            for Bind(pat, cmd) in row.binds {
                let (Some(event), Cmd::Do(action)) = (event_for(*pat), cmd) else {
                    continue;
                };
                assert_eq!(
                    key_action(&event, &s).as_ref(),
                    Some(action),
                    "{:?} in {mode:?} ({:?})",
                    pat,
                    row.keys
                );
            }
        }
    }
}

#[test]
fn help_scroll_keys_stay_within_the_screen() {
    struct Tall;
    impl HitTest for Tall {
        fn square_at(&self, _: u16, _: u16) -> Option<crate::core::Square> {
            None
        }
        fn field_at(&self, _: u16, _: u16) -> Option<crate::core::fen::Field> {
            None
        }
        fn help_scroll(&self) -> keys::HelpScroll {
            keys::HelpScroll { max: 12, page: 10 }
        }
    }
    let mut s = in_mode(Mode::Help);
    let scroll = |s: &State, k: KeyEvent| key_action_on(&k, s, &Tall);
    assert_eq!(scroll(&s, key(KeyCode::Down)), Some(Action::ScrollHelp(1)));
    assert_eq!(scroll(&s, ch('j')), Some(Action::ScrollHelp(1)));
    assert_eq!(scroll(&s, key(KeyCode::Up)), Some(Action::ScrollHelp(0)));
    assert_eq!(scroll(&s, key(KeyCode::End)), Some(Action::ScrollHelp(12)));
    update(&mut s, Action::ScrollHelp(8));
    assert_eq!(scroll(&s, ch(' ')), Some(Action::ScrollHelp(12)));
    assert_eq!(
        scroll(&s, key(KeyCode::PageUp)),
        Some(Action::ScrollHelp(0))
    );
    assert_eq!(scroll(&s, ch('k')), Some(Action::ScrollHelp(7)));
    assert_eq!(scroll(&s, key(KeyCode::Home)), Some(Action::ScrollHelp(0)));
    update(&mut s, Action::ToggleHelp);
    update(&mut s, Action::ToggleHelp);
    assert_eq!(s.help_scroll, 0, "the help opens at its top");
}

#[test]
fn keys_outside_the_help_do_not_ask_how_far_it_scrolls() {
    // Asking wraps the whole help text: a board key must not pay for it.
    struct Dear;
    impl HitTest for Dear {
        fn square_at(&self, _: u16, _: u16) -> Option<crate::core::Square> {
            None
        }
        fn field_at(&self, _: u16, _: u16) -> Option<crate::core::fen::Field> {
            None
        }
        fn help_scroll(&self) -> keys::HelpScroll {
            panic!("asked how far the help scrolls")
        }
    }
    let s = in_mode(Mode::Board);
    for k in [
        key(KeyCode::Right),
        key(KeyCode::Down),
        ch('K'),
        key(KeyCode::End),
    ] {
        assert!(key_action_on(&k, &s, &Dear).is_some(), "{k:?}");
    }
}

mod garbage {
    use proptest::prelude::*;

    use super::*;

    fn code() -> impl Strategy<Value = KeyCode> {
        prop_oneof![
            any::<char>().prop_map(KeyCode::Char),
            (0u8..30).prop_map(KeyCode::F),
            prop::sample::select(vec![
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::Enter,
                KeyCode::Esc,
                KeyCode::Tab,
                KeyCode::BackTab,
                KeyCode::Backspace,
                KeyCode::Delete,
                KeyCode::Home,
                KeyCode::End,
                KeyCode::PageUp,
                KeyCode::Insert,
                KeyCode::Null,
            ]),
        ]
    }

    proptest! {
        #[test]
        fn random_keys_in_both_games_never_panic(
            xq in any::<bool>(),
            keys in prop::collection::vec((code(), 0u8..16), 0..80),
        ) {
            let mut s = if xq { xiangqi() } else { chess() };
            for (code, mods) in keys {
                let event = KeyEvent::new(code, KeyModifiers::from_bits_truncate(mods));
                if let Some(action) = key_action(&event, &s) {
                    update(&mut s, action);
                }
                prop_assert!(s.cursor.on_board(s.game()));
            }
        }
    }
}

//! Random action sequences in both games: no panic, undo walks back to the start exactly,
//! redo walks forward again.

use proptest::prelude::*;

use super::*;
use crate::collection::Collection;
use crate::core::fen::Field;
use crate::core::{CastlingSide, Color, Game, Piece, Role, Square};

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1",
    "4k4/9/9/9/9/9/9/9/9/R3K4 b - - 7 30",
];

fn piece() -> impl Strategy<Value = Piece> {
    (prop::sample::select(Role::ALL.to_vec()), any::<bool>())
        .prop_map(|(role, white)| Piece::new(if white { Color::White } else { Color::Black }, role))
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..11, 0u8..12).prop_map(|(f, r)| Square::new(f, r))
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(STARTS.to_vec()).prop_map(str::to_owned),
        any::<String>(),
        "[ -~]{0,80}",
        Just("FEN: 8/8/8/8/8/8/8/K6k b - - 0 1\n".to_owned()),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    use Action::*;
    let simple = prop::sample::select(vec![
        MoveCursor(Direction::Up),
        MoveCursor(Direction::Down),
        MoveCursor(Direction::Left),
        MoveCursor(Direction::Right),
        StartGoto,
        Empty,
        PickUpOrDrop,
        ToggleSide,
        Flip,
        SwapColors,
        MirrorFiles,
        Clear,
        Initial,
        Chess960Random,
        SwitchGame,
        Undo,
        Redo,
        Copy,
        CopyUrl,
        RequestPaste,
        FocusNext,
        FocusPrev,
        EditFenLine,
        ToggleHelp,
        Escape,
        Answer(super::Answer::Yes),
        Answer(super::Answer::Cancel),
        PromptBackspace,
        PromptSubmit,
        FieldUp,
        FieldDown,
        FieldPrev,
        FieldNext,
        FieldActivate,
        ClockBackspace,
        ClockIncrement,
        ClockDecrement,
        Line(LineEdit::Left),
        Line(LineEdit::Right),
        Line(LineEdit::Home),
        Line(LineEdit::End),
        Line(LineEdit::Backspace),
        Line(LineEdit::Delete),
        Line(LineEdit::DeleteToStart),
        LineApply,
        PrevRecord,
        NextRecord,
        AddRecord,
        DeleteRecord,
        Save,
        Quit,
        Abort,
        SaveDone(Ok(())),
        Shift(Direction::Up),
        Shift(Direction::Left),
        Rotate,
        MirrorRanks,
        PlayMode,
        PlaySelect,
        PlaySelect,
        Promote(Role::Knight),
        CancelPromotion,
        TakeBack,
        KeepAsSetup,
        CopyMoves,
        LineForward,
        LineBack,
        LineFirst,
        LineLast,
        LeaveLine,
    ]);
    prop_oneof![
        4 => simple,
        3 => piece().prop_map(Put),
        1 => square().prop_map(SetCursor),
        1 => any::<char>().prop_map(GotoKey),
        1 => any::<char>().prop_map(PromptKey),
        1 => (0u16..1200).prop_map(Chess960Number),
        1 => prop::sample::select(Field::ALL.to_vec()).prop_map(SelectField),
        1 => (0u8..10).prop_map(ClockDigit),
        1 => (any::<bool>(), prop::sample::select(CastlingSide::BOTH.to_vec()))
            .prop_map(|(w, side)| ToggleCastling(if w { Color::White } else { Color::Black }, side)),
        1 => (0u8..12).prop_map(|f| ToggleCastlingFile(Color::White, f)),
        2 => any::<char>().prop_map(|c| Line(LineEdit::Insert(c))),
        1 => text().prop_map(Paste),
        1 => square().prop_map(MouseDown),
        1 => prop::option::of(square()).prop_map(MouseUp),
        1 => square().prop_map(RightClick),
        1 => prop::sample::select(Field::ALL.to_vec()).prop_map(ClickField),
        1 => "[a-z]{0,8}".prop_map(Unbound),
    ]
}

fn start(i: usize) -> State {
    let mut s = State::from_fen(STARTS[i], None, Options::default());
    s.rng = 42 + i as u64;
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_actions_never_panic(i in 0usize..4, actions in prop::collection::vec(action(), 0..60)) {
        let mut s = start(i);
        for a in actions {
            update(&mut s, a);
            prop_assert!(s.cursor.on_board(s.game()));
            prop_assert!(s.fen_line.cursor <= s.fen_line.len());
        }
    }

    #[test]
    fn random_actions_in_a_collection_never_panic(
        actions in prop::collection::vec(action(), 0..60),
        lines in prop::collection::vec(text(), 0..5),
    ) {
        let c = Collection::from_bytes(None, lines.join("\n").as_bytes());
        let mut s = State::with_collection(c, None, Options::default());
        for a in actions {
            update(&mut s, a);
            let len = s.collection.as_ref().map_or(0, |c| c.len());
            prop_assert!(s.record <= len);
        }
    }

    #[test]
    fn undo_returns_to_the_start_and_redo_replays(
        i in 0usize..4,
        actions in prop::collection::vec(action(), 0..60),
    ) {
        let mut s = start(i);
        let first = s.position;
        for a in actions {
            update(&mut s, a);
        }
        // Undo works on the setup: back to it from play mode or playback first.
        update(&mut s, Action::Escape);
        update(&mut s, Action::CancelPromotion);
        update(&mut s, Action::LeaveLine);
        update(&mut s, Action::LeaveLine);
        let last = s.position;
        let mut steps = 0;
        while s.history.can_undo() {
            update(&mut s, Action::Undo);
            steps += 1;
        }
        prop_assert_eq!(s.position, first);
        prop_assert_eq!(s.fen(), STARTS[i].to_owned());
        for _ in 0..steps {
            update(&mut s, Action::Redo);
        }
        prop_assert_eq!(s.position, last);
    }
}

#[test]
fn sequences_of_game_switches_keep_the_cursor_on_the_board() {
    let mut s = start(0);
    update(&mut s, Action::SetCursor(Square::new(7, 7)));
    for _ in 0..3 {
        update(&mut s, Action::SwitchGame);
        assert!(s.cursor.on_board(s.game()));
    }
    assert_eq!(s.game(), Game::Xiangqi);
}

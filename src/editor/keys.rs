//! The one key table: every key of the editor, where it acts, what it does and how the help
//! overlay, the hint bar and the README describe it. The terminal runtime's keymap only turns terminal
//! events into `Key`s and looks them up here (`action`).
//!
//! Adding a key is one `bind` in a row of `TABLE` (or a new row) plus the handler of its
//! action in `editor::update`.

use crate::core::{CastlingSide, Color, Game, Piece, Role};

use super::action::{Action, Answer, Direction, LineEdit, Towards};
use super::line::LineKind;
use super::state::{Focus, Overlay, Pending, State};

/// A key as the editor sees it: its code and the modifiers that change its meaning (Shift
/// only shows in the character it gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub code: Code,
    pub ctrl: bool,
    pub alt: bool,
}

/// Which key, independent of modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    Char(char),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    BackTab,
    Backspace,
    Delete,
    Home,
    End,
    PageUp,
    PageDown,
    F(u8),
    /// The arrows with Shift (the composers' shifts).
    ShiftUp,
    ShiftDown,
    ShiftLeft,
    ShiftRight,
    /// Any other key (Insert, media keys …): bound nowhere.
    Other(&'static str),
}

impl Key {
    pub const fn plain(code: Code) -> Key {
        Key {
            code,
            ctrl: false,
            alt: false,
        }
    }

    pub const fn ctrl(c: char) -> Key {
        Key {
            code: Code::Char(c),
            ctrl: true,
            alt: false,
        }
    }

    /// A short name for "key not bound" notices: `Ctrl-x`, `Alt-X`, `Space`, `F5`, `Up`.
    pub fn name(&self) -> String {
        let mut name = String::new();
        if self.ctrl {
            name.push_str("Ctrl-");
        }
        if self.alt {
            name.push_str("Alt-");
        }
        match self.code {
            Code::Char(' ') => name.push_str("Space"),
            Code::Char(c) => name.push(c),
            Code::F(n) => name.push_str(&format!("F{n}")),
            Code::Other(what) => name.push_str(what),
            Code::ShiftUp => name.push_str("Shift-Up"),
            Code::ShiftDown => name.push_str("Shift-Down"),
            Code::ShiftLeft => name.push_str("Shift-Left"),
            Code::ShiftRight => name.push_str("Shift-Right"),
            other => name.push_str(&format!("{other:?}")),
        }
        name
    }
}

/// Where the keys go: the overlay on top, else a pending key sequence, else the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Board,
    Fields,
    FenLine,
    /// `g` was typed: the next keys name a square.
    Goto,
    Help,
    ConfirmDelete,
    ConfirmQuit,
    ChangedOnDisk,
    QuitUnread,
    Chess960Prompt,
    /// Play mode: moves from the setup.
    Play,
    /// Stepping through a line.
    Playback,
    /// Play mode asks what the pawn becomes.
    Promotion,
    /// The Solution panel has the focus.
    Solution,
    /// `S` asks the stipulation.
    StipulationPrompt,
    /// The Record overlay's rows.
    Record,
    /// A value of the Record overlay being typed.
    RecordEdit,
}

impl Mode {
    /// Where the keys of `state` go.
    pub fn of(state: &State) -> Mode {
        match &state.overlay {
            Some(Overlay::Help) => Mode::Help,
            Some(Overlay::ConfirmDelete) => Mode::ConfirmDelete,
            Some(Overlay::ConfirmQuit) => Mode::ConfirmQuit,
            Some(Overlay::ChangedOnDisk) => Mode::ChangedOnDisk,
            Some(Overlay::QuitUnread) => Mode::QuitUnread,
            Some(Overlay::Chess960Prompt(_)) => Mode::Chess960Prompt,
            Some(Overlay::Promotion(..)) => Mode::Promotion,
            Some(Overlay::StipulationPrompt { .. }) => Mode::StipulationPrompt,
            Some(Overlay::Record(view)) if view.edit.is_some() => Mode::RecordEdit,
            Some(Overlay::Record(_)) => Mode::Record,
            None => match (&state.pending, state.focus) {
                (Some(Pending::Goto(_)), _) => Mode::Goto,
                _ if state.line.is_some() => match state.line.as_ref().map(|l| l.kind) {
                    Some(LineKind::Playback) => Mode::Playback,
                    _ => Mode::Play,
                },
                (None, Focus::Board) => Mode::Board,
                (None, Focus::Fields) => Mode::Fields,
                (None, Focus::FenLine) => Mode::FenLine,
                (None, Focus::Solution) => Mode::Solution,
            },
        }
    }

    /// A focus of the screen (no overlay, no pending key).
    const fn is_focus(self) -> bool {
        matches!(
            self,
            Mode::Board
                | Mode::Fields
                | Mode::FenLine
                | Mode::Play
                | Mode::Playback
                | Mode::Solution
        )
    }
}

const ALL: &[Mode] = &[
    Mode::Board,
    Mode::Fields,
    Mode::FenLine,
    Mode::Goto,
    Mode::Help,
    Mode::ConfirmDelete,
    Mode::ConfirmQuit,
    Mode::ChangedOnDisk,
    Mode::QuitUnread,
    Mode::Chess960Prompt,
    Mode::Play,
    Mode::Playback,
    Mode::Promotion,
    Mode::Solution,
    Mode::StipulationPrompt,
    Mode::Record,
    Mode::RecordEdit,
];
const FOCUSED: &[Mode] = &[Mode::Board, Mode::Fields, Mode::FenLine, Mode::Solution];
/// The board, the fields panel and the Solution panel: where a letter is a command.
const PANELS: &[Mode] = &[Mode::Board, Mode::Fields, Mode::Solution];
const SOLUTION: &[Mode] = &[Mode::Solution];
const BOARD_AND_FIELDS: &[Mode] = &[Mode::Board, Mode::Fields];
const BOARD: &[Mode] = &[Mode::Board];
const FIELDS: &[Mode] = &[Mode::Fields];
const FEN_LINE: &[Mode] = &[Mode::FenLine];
const NOWHERE: &[Mode] = &[];
const PLAY: &[Mode] = &[Mode::Play];
const PLAYBACK: &[Mode] = &[Mode::Playback];
const LINE: &[Mode] = &[Mode::Play, Mode::Playback];

/// Which keys a bind answers to.
#[derive(Clone, Copy, Debug)]
pub enum Pat {
    /// This key without Ctrl.
    Is(Code),
    /// This character without Ctrl.
    Char(char),
    /// Ctrl and this letter (either case).
    Ctrl(char),
    /// A piece letter of the game shown (xiangqi's `E`/`H` aliases included).
    PieceLetter,
    /// A digit 0–9.
    Digit,
    /// Any character without Ctrl.
    AnyChar,
}

/// What a bound key does.
#[derive(Clone, Debug)]
pub enum Cmd {
    Do(Action),
    /// Puts the piece its letter names.
    Put,
    /// Types its digit into the selected clock.
    ClockDigit,
    /// Types its character into the FEN line.
    LineInsert,
    /// Adds its character to the square name being typed.
    GotoKey,
    /// Adds its character to the Chess960 number.
    PromptKey,
    /// Types its character into the Record overlay's value.
    RecordInsert,
    /// Scrolls the help.
    Scroll(Scroll),
}

/// A help scroll step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    Up(u16),
    Down(u16),
    /// As many rows as the help shows at once.
    PageUp,
    PageDown,
    Top,
    Bottom,
}

/// How the help scrolls on the screen drawn last: how far, and how many rows it shows at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpScroll {
    pub max: u16,
    pub page: u16,
}

/// One key (pattern) and what it does.
#[derive(Clone, Debug)]
pub struct Bind(pub Pat, pub Cmd);

/// A hint bar entry: shown in `mode`, ordered by `rank`. `{pieces}` in `keys` stands for the
/// piece letters of the game.
#[derive(Clone, Copy, Debug)]
pub struct Hint {
    pub mode: Mode,
    pub rank: u8,
    pub keys: &'static str,
    pub what: &'static str,
}

/// One line of the key table: the modes its keys act in, how the help (under the group
/// `group`) and the README describe it, and its hints.
#[derive(Clone, Debug)]
pub struct Row {
    pub group: Group,
    pub modes: &'static [Mode],
    /// The keys as the help shows them; empty for a row documented by its neighbour.
    pub keys: &'static str,
    pub what: &'static str,
    pub binds: &'static [Bind],
    pub hints: &'static [Hint],
}

/// The help overlay's sections, in the order it shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Board,
    Fields,
    Solution,
    FenLine,
    Anywhere,
    Questions,
    Help,
    Moves,
    Record,
}

impl Group {
    pub const ALL: [Group; 9] = [
        Group::Board,
        Group::Fields,
        Group::Solution,
        Group::Record,
        Group::FenLine,
        Group::Moves,
        Group::Anywhere,
        Group::Questions,
        Group::Help,
    ];

    pub const fn title(self) -> &'static str {
        match self {
            Group::Board => "Board",
            Group::Fields => "Fields panel",
            Group::Solution => "Solution panel",
            Group::FenLine => "FEN line",
            Group::Anywhere => "Anywhere",
            Group::Questions => "Questions",
            Group::Help => "Help",
            Group::Moves => "Play mode and playback",
            Group::Record => "Record overlay",
        }
    }
}

const fn hint(mode: Mode, rank: u8, keys: &'static str, what: &'static str) -> Hint {
    Hint {
        mode,
        rank,
        keys,
        what,
    }
}

use Cmd::Do;
use Code::*;
use Pat::{AnyChar, Char as Ch, Ctrl, Is};

const fn row(
    group: Group,
    modes: &'static [Mode],
    keys: &'static str,
    what: &'static str,
    binds: &'static [Bind],
    hints: &'static [Hint],
) -> Row {
    Row {
        group,
        modes,
        keys,
        what,
        binds,
        hints,
    }
}

/// Every key. Lookup goes top to bottom: the first bind of a row active in the mode wins.
/// Columns: help group, modes, keys and description as the help shows them, binds, hints.
#[rustfmt::skip]
pub const TABLE: &[Row] = &[
    // ---- Board --------------------------------------------------------------------------
    row(Group::Board, BOARD, "arrows", "move the cursor", &[
        Bind(Is(Up), Do(Action::MoveCursor(Direction::Up))),
        Bind(Is(Down), Do(Action::MoveCursor(Direction::Down))),
        Bind(Is(Left), Do(Action::MoveCursor(Direction::Left))),
        Bind(Is(Right), Do(Action::MoveCursor(Direction::Right))),
    ], &[hint(Mode::Board, 1, "←↑↓→", "move")]),
    row(Group::Board, BOARD, "g + square (g e4)", "jump the cursor; Esc or a wrong key cancels", &[
        Bind(Ch('g'), Do(Action::StartGoto)),
    ], &[]),
    // The square name after `g` (documented by the row above).
    row(Group::Board, &[Mode::Goto], "", "", &[
        Bind(Is(Esc), Do(Action::Escape)),
        Bind(AnyChar, Cmd::GotoKey),
    ], &[]),
    row(Group::Board, BOARD, "a piece letter", "put that piece on the cursor square (upper case White/Red, lower case Black); chess K Q R B N P, xiangqi K A B N R C P (E = B, H = N)", &[
        Bind(Pat::PieceLetter, Cmd::Put),
    ], &[hint(Mode::Board, 2, "{pieces}", "put")]),
    row(Group::Board, BOARD, "Space, x, Delete, Backspace", "empty the square", &[
        Bind(Ch(' '), Do(Action::Empty)),
        Bind(Ch('x'), Do(Action::Empty)),
        Bind(Is(Delete), Do(Action::Empty)),
        Bind(Is(Backspace), Do(Action::Empty)),
    ], &[hint(Mode::Board, 3, "Space", "empty")]),
    row(Group::Board, BOARD, "Enter", "pick up the piece under the cursor; Enter again drops it there", &[
        Bind(Is(Enter), Do(Action::PickUpOrDrop)),
    ], &[hint(Mode::Board, 4, "Enter", "pick/drop")]),
    row(Group::Board, BOARD, "t", "toggle side to move (clears the ep square)", &[
        Bind(Ch('t'), Do(Action::ToggleSide)),
    ], &[]),
    row(Group::Board, BOARD, "f", "flip the view (not the position)", &[
        Bind(Ch('f'), Do(Action::Flip)),
    ], &[]),
    row(Group::Board, BOARD, "s", "swap colours (mirror ranks, swap piece colours, side and castling)", &[
        Bind(Ch('s'), Do(Action::SwapColors)),
    ], &[]),
    row(Group::Board, BOARD, "m", "mirror files (a↔h)", &[
        Bind(Ch('m'), Do(Action::MirrorFiles)),
    ], &[]),
    row(Group::Board, BOARD, "-", "mirror ranks (top↔bottom; colours stay)", &[
        Bind(Ch('-'), Do(Action::MirrorRanks)),
    ], &[]),
    row(Group::Board, BOARD, "Shift+arrows", "shift the whole position one file or rank (refused when a piece would fall off)", &[
        Bind(Is(ShiftUp), Do(Action::Shift(Direction::Up))),
        Bind(Is(ShiftDown), Do(Action::Shift(Direction::Down))),
        Bind(Is(ShiftLeft), Do(Action::Shift(Direction::Left))),
        Bind(Is(ShiftRight), Do(Action::Shift(Direction::Right))),
    ], &[]),
    row(Group::Board, BOARD, "o", "rotate the position a quarter turn clockwise (chess)", &[
        Bind(Ch('o'), Do(Action::Rotate)),
    ], &[]),
    row(Group::Board, BOARD, "M", "play mode: make legal moves from this position (Esc returns to it)", &[
        Bind(Ch('M'), Do(Action::PlayMode)),
    ], &[hint(Mode::Board, 13, "M", "play")]),
    row(Group::Board, BOARD, "X", "clear the board", &[Bind(Ch('X'), Do(Action::Clear))], &[]),
    row(Group::Board, BOARD, "I", "initial position (Chess960: a number 0–959, or Enter/r for a random one)", &[
        Bind(Ch('I'), Do(Action::Initial)),
    ], &[]),
    row(Group::Board, BOARD, "G", "switch game (chess ↔ xiangqi)", &[
        Bind(Ch('G'), Do(Action::SwitchGame)),
    ], &[]),
    row(Group::Board, BOARD_AND_FIELDS, "u, Ctrl-Z", "undo", &[
        Bind(Ch('u'), Do(Action::Undo)),
        Bind(Ctrl('z'), Do(Action::Undo)),
    ], &[hint(Mode::Board, 7, "u", "undo")]),
    row(Group::Board, BOARD_AND_FIELDS, "U, Ctrl-Y", "redo", &[
        Bind(Ch('U'), Do(Action::Redo)),
        Bind(Ctrl('y'), Do(Action::Redo)),
    ], &[]),
    row(Group::Board, BOARD_AND_FIELDS, "y", "copy the FEN to the clipboard", &[
        Bind(Ch('y'), Do(Action::Copy)),
    ], &[hint(Mode::Board, 8, "y", "copy")]),
    row(Group::Board, BOARD, "Y", "copy a lichess analysis URL of the position", &[
        Bind(Ch('Y'), Do(Action::CopyUrl)),
    ], &[]),
    row(Group::Board, BOARD, "d", "write the record's diagram (SVG, PNG) and copy the image", &[
        Bind(Ch('d'), Do(Action::Diagram)),
    ], &[]),
    row(Group::Board, BOARD_AND_FIELDS, "v, Ctrl-V", "paste a FEN or a PGN game from the clipboard", &[
        Bind(Ch('v'), Do(Action::RequestPaste)),
        Bind(Ctrl('v'), Do(Action::RequestPaste)),
    ], &[]),
    // In the FEN line `v` is text; Ctrl-V still pastes (documented by the row above).
    row(Group::Board, FEN_LINE, "", "", &[Bind(Ctrl('v'), Do(Action::RequestPaste))], &[]),
    row(Group::Board, PANELS, "Tab / Shift-Tab", "focus fields panel, FEN line, Solution panel (while open), board", &[
        Bind(Is(Tab), Do(Action::FocusNext)),
        Bind(Is(BackTab), Do(Action::FocusPrev)),
    ], &[hint(Mode::Board, 5, "Tab", "fields"), hint(Mode::Fields, 5, "Tab", "FEN line")]),
    row(Group::Board, BOARD_AND_FIELDS, "/", "edit the FEN line", &[
        Bind(Ch('/'), Do(Action::EditFenLine)),
    ], &[hint(Mode::Board, 6, "/", "edit FEN")]),
    row(Group::Board, PANELS, "?, F1", "help (this list)", &[
        Bind(Ch('?'), Do(Action::ToggleHelp)),
        Bind(Is(F(1)), Do(Action::ToggleHelp)),
    ], &[hint(Mode::Board, 9, "?", "help"), hint(Mode::Fields, 7, "?", "help")]),
    // In the FEN line `?` is text; F1 still opens the help (documented by the row above).
    row(Group::Board, FEN_LINE, "", "", &[Bind(Is(F(1)), Do(Action::ToggleHelp))], &[]),
    row(Group::Board, BOARD_AND_FIELDS, "l", "Analysis panel: a UCI engine evaluates the position as you edit (open / close)", &[
        Bind(Ch('l'), Do(Action::ToggleAnalysis)),
    ], &[hint(Mode::Board, 11, "l", "analyse")]),
    row(Group::Board, PANELS, "S", "solve: asks the stipulation (the record's; + tries, checks), stores it in the record, solves in the background into the Solution panel; Esc stops", &[
        Bind(Ch('S'), Do(Action::Solve)),
    ], &[hint(Mode::Board, 12, "S", "solve")]),
    row(Group::Board, BOARD_AND_FIELDS, "i", "the record's author and source, id, stipulation, solution and other operations: add, change, delete (open / close)", &[
        Bind(Ch('i'), Do(Action::Record)),
    ], &[hint(Mode::Board, 14, "i", "record")]),
    row(Group::Board, BOARD, "[ ]", "previous / next record of a collection", &[
        Bind(Ch('['), Do(Action::PrevRecord)),
        Bind(Ch(']'), Do(Action::NextRecord)),
    ], &[]),
    row(Group::Board, BOARD, "+", "add a record after this one (a copy of this position)", &[
        Bind(Ch('+'), Do(Action::AddRecord)),
    ], &[]),
    row(Group::Board, BOARD, "D", "delete this record (asks)", &[
        Bind(Ch('D'), Do(Action::DeleteRecord)),
    ], &[]),
    row(Group::Board, FOCUSED, "Ctrl-S", "save the collection", &[
        Bind(Ctrl('s'), Do(Action::Save)),
    ], &[]),
    row(Group::Board, FOCUSED, "Ctrl-Q", "quit and print the FEN (asks when a collection has unsaved changes or the FEN line does not read)", &[
        Bind(Ctrl('q'), Do(Action::Quit)),
    ], &[hint(Mode::Board, 10, "^Q", "quit")]),
    row(Group::Board, ALL, "Ctrl-C", "abort: print nothing, exit status 130", &[
        Bind(Ctrl('c'), Do(Action::Abort)),
    ], &[]),
    row(Group::Board, FOCUSED, "Esc", "close an overlay, cancel a pending key or pick-up, return focus to the board", &[
        Bind(Is(Esc), Do(Action::Escape)),
    ], &[hint(Mode::Fields, 6, "Esc", "board"), hint(Mode::FenLine, 2, "Esc", "restore")]),
    // ---- Fields panel -------------------------------------------------------------------
    row(Group::Fields, FIELDS, "↑ ↓", "choose the field", &[
        Bind(Is(Up), Do(Action::FieldUp)),
        Bind(Is(Down), Do(Action::FieldDown)),
    ], &[hint(Mode::Fields, 1, "↑↓", "field")]),
    row(Group::Fields, FIELDS, "Space, Enter, ← →", "side to move: change it", &[
        Bind(Ch(' '), Do(Action::FieldActivate)),
        Bind(Is(Enter), Do(Action::FieldActivate)),
        Bind(Is(Left), Do(Action::FieldPrev)),
        Bind(Is(Right), Do(Action::FieldNext)),
    ], &[hint(Mode::Fields, 2, "←→ Space", "change")]),
    row(Group::Fields, FIELDS, "K Q k q", "toggle a castling right (only where king and rook make it possible)", &[
        Bind(Ch('K'), Do(Action::ToggleCastling(Color::White, CastlingSide::King))),
        Bind(Ch('Q'), Do(Action::ToggleCastling(Color::White, CastlingSide::Queen))),
        Bind(Ch('k'), Do(Action::ToggleCastling(Color::Black, CastlingSide::King))),
        Bind(Ch('q'), Do(Action::ToggleCastling(Color::Black, CastlingSide::Queen))),
    ], &[hint(Mode::Fields, 3, "KQkq", "castling")]),
    // The same keys as the side row, on other fields (documentation only).
    row(Group::Fields, NOWHERE, "Space, Enter", "castling field: switch standard ↔ Chess960 castling", &[], &[]),
    row(Group::Fields, NOWHERE, "← →", "ep field: cycle the plausible squares and -", &[], &[]),
    row(Group::Fields, FIELDS, "digits, Backspace", "clocks: type the value", &[
        Bind(Pat::Digit, Cmd::ClockDigit),
        Bind(Is(Backspace), Do(Action::ClockBackspace)),
    ], &[hint(Mode::Fields, 4, "0-9 + -", "clocks")]),
    row(Group::Fields, FIELDS, "+ - (or ← →)", "clocks: count up / down (up to 99999)", &[
        Bind(Ch('+'), Do(Action::ClockIncrement)),
        Bind(Ch('-'), Do(Action::ClockDecrement)),
    ], &[]),
    // The board rows marked for the fields panel too.
    row(Group::Fields, NOWHERE, "u U, Ctrl-Z Ctrl-Y, y, v, /, ?", "as on the board", &[], &[]),
    row(Group::Fields, NOWHERE, "Esc", "back to the board", &[], &[]),
    // ---- Solution panel -----------------------------------------------------------------
    row(Group::Solution, SOLUTION, "↑ ↓, PgUp PgDn", "choose a line of the tree", &[
        Bind(Is(Up), Do(Action::SolutionSelect(Towards::Prev))),
        Bind(Is(Down), Do(Action::SolutionSelect(Towards::Next))),
        Bind(Is(PageUp), Do(Action::SolutionPage(Towards::Prev))),
        Bind(Is(PageDown), Do(Action::SolutionPage(Towards::Next))),
    ], &[hint(Mode::Solution, 1, "↑↓", "line")]),
    row(Group::Solution, SOLUTION, "Enter", "play the chosen line on the board (the setup stays)", &[
        Bind(Is(Enter), Do(Action::SolutionPlay)),
    ], &[hint(Mode::Solution, 2, "Enter", "play")]),
    row(Group::Solution, SOLUTION, "y", "copy the chosen line as text with its move numbers", &[
        Bind(Ch('y'), Do(Action::CopySolutionLine)),
    ], &[hint(Mode::Solution, 6, "y", "copy line")]),
    row(Group::Solution, NOWHERE, "Esc", "stop a running solve (here or on the board); with nothing running, close the panel", &[], &[
        hint(Mode::Solution, 3, "Esc", "stop/close"),
        hint(Mode::Solution, 4, "Tab", "board"),
        hint(Mode::Solution, 5, "S", "solve"),
    ]),
    // ---- Record overlay -----------------------------------------------------------------
    row(Group::Record, &[Mode::Record], "↑ ↓", "choose a row", &[
        Bind(Is(Up), Do(Action::RecordSelect(Towards::Prev))),
        Bind(Is(Down), Do(Action::RecordSelect(Towards::Next))),
    ], &[hint(Mode::Record, 1, "↑↓", "row")]),
    row(Group::Record, &[Mode::Record], "Enter", "type the row's value (author, id and solution without quotes; another operation's operand as written; on the last row a new operation: opcode and operand)", &[
        Bind(Is(Enter), Do(Action::RecordChoose)),
    ], &[hint(Mode::Record, 2, "Enter", "edit")]),
    row(Group::Record, &[Mode::Record], "+", "add an operation (opcode and operand, after the others)", &[
        Bind(Ch('+'), Do(Action::RecordAdd)),
    ], &[hint(Mode::Record, 3, "+", "add")]),
    row(Group::Record, &[Mode::Record], "Delete, -", "delete the row's operation", &[
        Bind(Is(Delete), Do(Action::RecordRemove)),
        Bind(Ch('-'), Do(Action::RecordRemove)),
    ], &[hint(Mode::Record, 4, "Del", "delete")]),
    row(Group::Record, &[Mode::Record], "u U, Ctrl-Z Ctrl-Y", "undo / redo (each change is one step)", &[
        Bind(Ch('u'), Do(Action::Undo)),
        Bind(Ctrl('z'), Do(Action::Undo)),
        Bind(Ch('U'), Do(Action::Redo)),
        Bind(Ctrl('y'), Do(Action::Redo)),
    ], &[hint(Mode::Record, 5, "u U", "undo/redo")]),
    row(Group::Record, &[Mode::Record], "Esc, i", "close the overlay", &[
        Bind(Is(Esc), Do(Action::Escape)),
        Bind(Ch('i'), Do(Action::Record)),
    ], &[hint(Mode::Record, 6, "Esc", "close")]),
    row(Group::Record, &[Mode::RecordEdit], "text, ← → Home End, Backspace Delete, Ctrl-U", "type the value (empty: the operation goes)", &[
        Bind(Is(Left), Do(Action::RecordLine(LineEdit::Left))),
        Bind(Is(Right), Do(Action::RecordLine(LineEdit::Right))),
        Bind(Is(Home), Do(Action::RecordLine(LineEdit::Home))),
        Bind(Is(End), Do(Action::RecordLine(LineEdit::End))),
        Bind(Ctrl('a'), Do(Action::RecordLine(LineEdit::Home))),
        Bind(Ctrl('e'), Do(Action::RecordLine(LineEdit::End))),
        Bind(Is(Backspace), Do(Action::RecordLine(LineEdit::Backspace))),
        Bind(Is(Delete), Do(Action::RecordLine(LineEdit::Delete))),
        Bind(Ctrl('u'), Do(Action::RecordLine(LineEdit::DeleteToStart))),
        Bind(AnyChar, Cmd::RecordInsert),
    ], &[hint(Mode::RecordEdit, 3, "←→ Home End", "move"), hint(Mode::RecordEdit, 4, "^U", "clear to start")]),
    row(Group::Record, &[Mode::RecordEdit], "Enter / Esc", "write it into the record (one undo step) / leave it as it was", &[
        Bind(Is(Enter), Do(Action::RecordChoose)),
        Bind(Is(Esc), Do(Action::Escape)),
    ], &[hint(Mode::RecordEdit, 1, "Enter", "write"), hint(Mode::RecordEdit, 2, "Esc", "cancel")]),
    // ---- FEN line -----------------------------------------------------------------------
    row(Group::FenLine, FEN_LINE, "← → Home End, Ctrl-A Ctrl-E", "move in the text", &[
        Bind(Is(Left), Do(Action::Line(LineEdit::Left))),
        Bind(Is(Right), Do(Action::Line(LineEdit::Right))),
        Bind(Is(Home), Do(Action::Line(LineEdit::Home))),
        Bind(Is(End), Do(Action::Line(LineEdit::End))),
        Bind(Ctrl('a'), Do(Action::Line(LineEdit::Home))),
        Bind(Ctrl('e'), Do(Action::Line(LineEdit::End))),
    ], &[hint(Mode::FenLine, 3, "←→ Home End", "move")]),
    row(Group::FenLine, FEN_LINE, "Backspace, Delete", "delete a character", &[
        Bind(Is(Backspace), Do(Action::Line(LineEdit::Backspace))),
        Bind(Is(Delete), Do(Action::Line(LineEdit::Delete))),
    ], &[]),
    row(Group::FenLine, FEN_LINE, "Ctrl-U", "delete to the start of the line", &[
        Bind(Ctrl('u'), Do(Action::Line(LineEdit::DeleteToStart))),
    ], &[hint(Mode::FenLine, 4, "^U", "clear to start")]),
    row(Group::FenLine, FEN_LINE, "Enter", "apply the text (the board previews it while it reads)", &[
        Bind(Is(Enter), Do(Action::LineApply)),
    ], &[hint(Mode::FenLine, 1, "Enter", "apply")]),
    row(Group::FenLine, NOWHERE, "Esc", "restore the FEN of the position", &[], &[]),
    row(Group::FenLine, FEN_LINE, "Tab / Shift-Tab", "apply a text that reads and move on (one that does not stays)", &[
        Bind(Is(Tab), Do(Action::FocusNext)),
        Bind(Is(BackTab), Do(Action::FocusPrev)),
    ], &[hint(Mode::FenLine, 5, "Tab", "board")]),
    row(Group::FenLine, FEN_LINE, "other characters", "type them at the cursor", &[
        Bind(AnyChar, Cmd::LineInsert),
    ], &[]),
    // ---- Play mode and playback ---------------------------------------------------------
    row(Group::Moves, PLAY, "arrows, g + square", "move the cursor", &[
        Bind(Is(Up), Do(Action::MoveCursor(Direction::Up))),
        Bind(Is(Down), Do(Action::MoveCursor(Direction::Down))),
        Bind(Is(Left), Do(Action::MoveCursor(Direction::Left))),
        Bind(Is(Right), Do(Action::MoveCursor(Direction::Right))),
        Bind(Ch('g'), Do(Action::StartGoto)),
    ], &[hint(Mode::Play, 1, "←↑↓→", "move")]),
    row(Group::Moves, PLAY, "Enter, mouse drag", "choose a piece, then its target: the move is played if it is legal (else the message line says why); a promotion asks the piece", &[
        Bind(Is(Enter), Do(Action::PlaySelect)),
    ], &[hint(Mode::Play, 2, "Enter", "from/to")]),
    row(Group::Moves, PLAY, "u, Backspace", "take back the last move", &[
        Bind(Ch('u'), Do(Action::TakeBack)),
        Bind(Is(Backspace), Do(Action::TakeBack)),
    ], &[hint(Mode::Play, 3, "u", "take back")]),
    row(Group::Moves, PLAY, "=", "keep the position reached as the new setup (u then undoes it)", &[
        Bind(Ch('='), Do(Action::KeepAsSetup)),
    ], &[hint(Mode::Play, 4, "=", "keep")]),
    row(Group::Moves, PLAYBACK, "← →, Home End", "step through the line, to its start or end", &[
        Bind(Is(Left), Do(Action::LineBack)),
        Bind(Is(Right), Do(Action::LineForward)),
        Bind(Is(Home), Do(Action::LineFirst)),
        Bind(Is(End), Do(Action::LineLast)),
    ], &[hint(Mode::Playback, 1, "←→", "step"), hint(Mode::Playback, 2, "Home End", "ends")]),
    row(Group::Moves, PLAYBACK, "M", "play on from the move shown (a move made drops the rest of the line)", &[
        Bind(Ch('M'), Do(Action::PlayMode)),
    ], &[hint(Mode::Playback, 6, "M", "play on")]),
    row(Group::Moves, LINE, "y", "copy the moves as PGN (with the setup's [FEN])", &[
        Bind(Ch('y'), Do(Action::CopyMoves)),
    ], &[hint(Mode::Play, 5, "y", "copy PGN"), hint(Mode::Playback, 3, "y", "copy PGN")]),
    row(Group::Moves, LINE, "Esc", "back to the setup (in play mode a chosen piece is let go first)", &[
        Bind(Is(Esc), Do(Action::LeaveLine)),
    ], &[hint(Mode::Play, 6, "Esc", "setup"), hint(Mode::Playback, 4, "Esc", "setup")]),
    row(Group::Moves, LINE, "f, l, ?, Ctrl-Q", "as on the board (the engine analyses the position shown)", &[
        Bind(Ch('f'), Do(Action::Flip)),
        Bind(Ch('l'), Do(Action::ToggleAnalysis)),
        Bind(Ch('?'), Do(Action::ToggleHelp)),
        Bind(Is(F(1)), Do(Action::ToggleHelp)),
        Bind(Ctrl('q'), Do(Action::Quit)),
    ], &[hint(Mode::Play, 7, "?", "help"), hint(Mode::Playback, 5, "?", "help")]),
    row(Group::Moves, &[Mode::Promotion], "q r b n, Enter, Esc", "promotion: the piece the pawn becomes (Enter: queen) / cancel", &[
        Bind(Ch('q'), Do(Action::Promote(Role::Queen))),
        Bind(Ch('Q'), Do(Action::Promote(Role::Queen))),
        Bind(Is(Enter), Do(Action::Promote(Role::Queen))),
        Bind(Ch('r'), Do(Action::Promote(Role::Rook))),
        Bind(Ch('R'), Do(Action::Promote(Role::Rook))),
        Bind(Ch('b'), Do(Action::Promote(Role::Bishop))),
        Bind(Ch('B'), Do(Action::Promote(Role::Bishop))),
        Bind(Ch('n'), Do(Action::Promote(Role::Knight))),
        Bind(Ch('N'), Do(Action::Promote(Role::Knight))),
        Bind(Is(Esc), Do(Action::CancelPromotion)),
    ], &[hint(Mode::Promotion, 1, "q r b n", "piece"), hint(Mode::Promotion, 2, "Esc", "cancel")]),
    // ---- Anywhere (the mouse and the terminal's paste are the terminal runtime's events) ------------
    row(Group::Anywhere, NOWHERE, "paste (terminal)", "load a FEN that reads as one undo step, a PGN game into play mode at its end, else open it in the FEN line with its errors (in the FEN line: insert it at the cursor)", &[], &[]),
    row(Group::Anywhere, NOWHERE, "mouse left click", "put the brush (the last piece put) on the square", &[], &[]),
    row(Group::Anywhere, NOWHERE, "mouse drag", "move a piece; dragging off the board deletes it", &[], &[]),
    row(Group::Anywhere, NOWHERE, "mouse right click", "empty the square", &[], &[]),
    row(Group::Anywhere, NOWHERE, "click on a panel field", "select it (side and ep: change it)", &[], &[]),
    row(Group::Anywhere, NOWHERE, "Ctrl-C", "abort", &[], &[]),
    // ---- Questions ----------------------------------------------------------------------
    row(Group::Questions, &[Mode::ConfirmDelete], "y / n, Esc", "delete this record? yes / no", &[
        Bind(Ch('y'), Do(Action::Answer(Answer::Yes))),
        Bind(Ch('Y'), Do(Action::Answer(Answer::Yes))),
        Bind(Is(Enter), Do(Action::Answer(Answer::Yes))),
        Bind(Ch('n'), Do(Action::Answer(Answer::Cancel))),
        Bind(Ch('N'), Do(Action::Answer(Answer::Cancel))),
        Bind(Is(Esc), Do(Action::Answer(Answer::Cancel))),
    ], &[
        hint(Mode::ConfirmDelete, 1, "y", "delete"),
        hint(Mode::ConfirmDelete, 2, "n Esc", "keep"),
    ]),
    row(Group::Questions, &[Mode::ConfirmQuit], "s / d / c, Esc", "unsaved changes: save and quit / discard and quit / cancel", &[
        Bind(Ch('s'), Do(Action::Answer(Answer::Save))),
        Bind(Ch('S'), Do(Action::Answer(Answer::Save))),
        Bind(Ch('d'), Do(Action::Answer(Answer::Discard))),
        Bind(Ch('D'), Do(Action::Answer(Answer::Discard))),
        Bind(Ch('c'), Do(Action::Answer(Answer::Cancel))),
        Bind(Ch('C'), Do(Action::Answer(Answer::Cancel))),
        Bind(Is(Esc), Do(Action::Answer(Answer::Cancel))),
    ], &[
        hint(Mode::ConfirmQuit, 1, "s", "save and quit"),
        hint(Mode::ConfirmQuit, 2, "d", "discard and quit"),
        hint(Mode::ConfirmQuit, 3, "c Esc", "cancel"),
    ]),
    row(Group::Questions, &[Mode::ChangedOnDisk], "o / r / c, Esc", "file changed on disk: overwrite it / reload it, dropping your changes / cancel", &[
        Bind(Ch('o'), Do(Action::Answer(Answer::Overwrite))),
        Bind(Ch('O'), Do(Action::Answer(Answer::Overwrite))),
        Bind(Ch('r'), Do(Action::Answer(Answer::Reload))),
        Bind(Ch('R'), Do(Action::Answer(Answer::Reload))),
        Bind(Ch('c'), Do(Action::Answer(Answer::Cancel))),
        Bind(Ch('C'), Do(Action::Answer(Answer::Cancel))),
        Bind(Is(Esc), Do(Action::Answer(Answer::Cancel))),
    ], &[
        hint(Mode::ChangedOnDisk, 1, "o", "overwrite"),
        hint(Mode::ChangedOnDisk, 2, "r", "reload (drop mine)"),
        hint(Mode::ChangedOnDisk, 3, "c Esc", "cancel"),
    ]),
    row(Group::Questions, &[Mode::QuitUnread], "q, Ctrl-Q / c, Esc", "the FEN line does not read: quit printing nothing (exit status 1) / cancel", &[
        Bind(Ch('q'), Do(Action::Answer(Answer::QuitUnread))),
        Bind(Ch('Q'), Do(Action::Answer(Answer::QuitUnread))),
        Bind(Ctrl('q'), Do(Action::Answer(Answer::QuitUnread))),
        Bind(Ch('c'), Do(Action::Answer(Answer::Cancel))),
        Bind(Ch('C'), Do(Action::Answer(Answer::Cancel))),
        Bind(Is(Esc), Do(Action::Answer(Answer::Cancel))),
    ], &[
        hint(Mode::QuitUnread, 1, "q ^Q", "quit, print nothing"),
        hint(Mode::QuitUnread, 2, "c Esc", "cancel"),
    ]),
    row(Group::Questions, &[Mode::Chess960Prompt], "digits, Enter, r, Esc", "Chess960 number: type it / random / cancel", &[
        Bind(Is(Backspace), Do(Action::PromptBackspace)),
        Bind(Is(Enter), Do(Action::PromptSubmit)),
        Bind(Is(Esc), Do(Action::Escape)),
        Bind(AnyChar, Cmd::PromptKey),
    ], &[
        hint(Mode::Chess960Prompt, 1, "0–959", "number"),
        hint(Mode::Chess960Prompt, 2, "Enter", "apply (empty: random)"),
        hint(Mode::Chess960Prompt, 3, "Esc", "cancel"),
    ]),
    row(Group::Questions, &[Mode::StipulationPrompt], "text, Enter, Ctrl-U, Esc", "stipulation: type it (#2, h#2.5 tries; typing replaces the selected prefill, an arrow keeps it) / solve / clear / cancel", &[
        Bind(Is(Backspace), Do(Action::PromptBackspace)),
        Bind(Is(Enter), Do(Action::PromptSubmit)),
        Bind(Is(Esc), Do(Action::Escape)),
        Bind(Ctrl('u'), Do(Action::PromptClear)),
        Bind(Is(Left), Do(Action::PromptDeselect)),
        Bind(Is(Right), Do(Action::PromptDeselect)),
        Bind(Is(Up), Do(Action::PromptDeselect)),
        Bind(Is(Down), Do(Action::PromptDeselect)),
        Bind(Is(Home), Do(Action::PromptDeselect)),
        Bind(Is(End), Do(Action::PromptDeselect)),
        Bind(AnyChar, Cmd::PromptKey),
    ], &[
        hint(Mode::StipulationPrompt, 1, "#2 s#3 h#2.5", "stipulation"),
        hint(Mode::StipulationPrompt, 2, "tries", "also tries"),
        hint(Mode::StipulationPrompt, 3, "Enter", "solve"),
        hint(Mode::StipulationPrompt, 4, "Esc", "cancel"),
    ]),
    // ---- Help ---------------------------------------------------------------------------
    row(Group::Help, &[Mode::Help], "Esc, ?, F1, q, Enter", "close the help", &[
        Bind(Is(Esc), Do(Action::ToggleHelp)),
        Bind(Is(F(1)), Do(Action::ToggleHelp)),
        Bind(Ch('?'), Do(Action::ToggleHelp)),
        Bind(Ch('q'), Do(Action::ToggleHelp)),
        Bind(Is(Enter), Do(Action::ToggleHelp)),
    ], &[hint(Mode::Help, 2, "Esc ? F1", "close")]),
    row(Group::Help, &[Mode::Help], "↑ ↓, k j, PgUp PgDn, Space, Home End", "scroll the help", &[
        Bind(Is(Up), Cmd::Scroll(Scroll::Up(1))),
        Bind(Ch('k'), Cmd::Scroll(Scroll::Up(1))),
        Bind(Is(Down), Cmd::Scroll(Scroll::Down(1))),
        Bind(Ch('j'), Cmd::Scroll(Scroll::Down(1))),
        Bind(Is(PageUp), Cmd::Scroll(Scroll::PageUp)),
        Bind(Is(PageDown), Cmd::Scroll(Scroll::PageDown)),
        Bind(Ch(' '), Cmd::Scroll(Scroll::PageDown)),
        Bind(Is(Home), Cmd::Scroll(Scroll::Top)),
        Bind(Is(End), Cmd::Scroll(Scroll::Bottom)),
    ], &[hint(Mode::Help, 1, "↑↓ PgUp PgDn", "scroll")]),
];

impl Pat {
    /// Whether `key` answers to this pattern (in `game`, for piece letters).
    fn matches(self, key: Key, game: Game) -> bool {
        let char = match key.code {
            Code::Char(c) if !key.ctrl => Some(c),
            _ => None,
        };
        match self {
            Pat::Is(code) => !key.ctrl && key.code == code,
            Pat::Char(c) => char == Some(c),
            Pat::Ctrl(c) => {
                key.ctrl && matches!(key.code, Code::Char(k) if k.to_ascii_lowercase() == c)
            }
            Pat::PieceLetter => char.is_some_and(|c| piece_for_letter(c, game).is_some()),
            Pat::Digit => char.is_some_and(|c| c.is_ascii_digit()),
            Pat::AnyChar => char.is_some(),
        }
    }
}

/// The piece a letter puts in `game`: the game's own letters, and xiangqi's `E`/`H` aliases
/// for the elephant and the horse.
pub fn piece_for_letter(c: char, game: Game) -> Option<Piece> {
    Piece::from_char_or_alias(c, game).map(|(piece, _)| piece)
}

impl Cmd {
    /// The action of this command for `key`.
    fn action(&self, key: Key, state: &State, help: HelpScroll) -> Option<Action> {
        let c = match key.code {
            Code::Char(c) => c,
            _ => '\0',
        };
        Some(match self {
            Cmd::Do(action) => action.clone(),
            Cmd::Put => Action::Put(piece_for_letter(c, state.game())?),
            Cmd::ClockDigit => Action::ClockDigit(c.to_digit(10)? as u8),
            Cmd::LineInsert => Action::Line(LineEdit::Insert(c)),
            Cmd::GotoKey => Action::GotoKey(c),
            Cmd::PromptKey => Action::PromptKey(c),
            Cmd::RecordInsert => Action::RecordLine(LineEdit::Insert(c)),
            Cmd::Scroll(step) => {
                let at = state.help_scroll;
                Action::ScrollHelp(match *step {
                    Scroll::Up(n) => at.saturating_sub(n),
                    Scroll::Down(n) => at.saturating_add(n).min(help.max),
                    Scroll::PageUp => at.saturating_sub(help.page.max(1)),
                    Scroll::PageDown => at.saturating_add(help.page.max(1)).min(help.max),
                    Scroll::Top => 0,
                    Scroll::Bottom => help.max,
                })
            }
        })
    }
}

/// The action `key` asks for in `state`. `help` is how far the help can scroll on the
/// screen drawn last. `None`: the key means nothing there and nothing needs saying (typing in
/// an overlay, keys the FEN line ignores).
pub fn action(state: &State, key: Key, help: HelpScroll) -> Option<Action> {
    let mode = Mode::of(state);
    let global = matches!(key.code, Code::Tab | Code::BackTab | Code::F(1) | Code::Esc);
    // Alt changes a key's meaning in every terminal: an Alt key is bound nowhere.
    if key.alt && !key.ctrl && mode.is_focus() && !global {
        return Some(Action::Unbound(key.name()));
    }
    let game = state.game();
    for row in TABLE.iter().filter(|r| r.modes.contains(&mode)) {
        for Bind(pat, cmd) in row.binds {
            if pat.matches(key, game)
                && let Some(action) = cmd.action(key, state, help)
            {
                return Some(action);
            }
        }
    }
    let say_so = match mode {
        Mode::Board | Mode::Fields | Mode::Goto | Mode::Play | Mode::Playback => true,
        Mode::FenLine => key.ctrl,
        _ => false,
    };
    say_so.then(|| Action::Unbound(key.name()))
}

/// The hint bar of `mode`: `(keys, what)` pairs in rank order.
pub fn hints(mode: Mode, game: Game) -> Vec<(String, &'static str)> {
    // While a square name is typed, the board's hints stay.
    let mode = if mode == Mode::Goto {
        Mode::Board
    } else {
        mode
    };
    let mut hints: Vec<&Hint> = TABLE
        .iter()
        .flat_map(|r| r.hints.iter())
        .filter(|h| h.mode == mode)
        .collect();
    hints.sort_by_key(|h| h.rank);
    let pieces = piece_letters(game);
    hints
        .into_iter()
        .map(|h| (h.keys.replace("{pieces}", &pieces), h.what))
        .collect()
}

/// `KQRBNP kqrbnp`: the piece letters of a game, White's then Black's.
fn piece_letters(game: Game) -> String {
    let white: String = game
        .roles()
        .iter()
        .map(|&r| Piece::new(Color::White, r).char())
        .collect();
    format!("{white} {}", white.to_lowercase())
}

/// The rows the help shows under `group`: `(keys, what they do)`.
pub fn group_rows(group: Group) -> impl Iterator<Item = (&'static str, &'static str)> {
    TABLE
        .iter()
        .filter(move |r| r.group == group && !r.keys.is_empty())
        .map(|r| (r.keys, r.what))
}

/// The key list as a Markdown section (what the README's `## Keys` holds).
pub fn markdown() -> String {
    let mut out = String::from("## Keys\n");
    for group in Group::ALL {
        out.push_str(&format!(
            "\n{}:\n\n| key | action |\n|---|---|\n",
            group.title()
        ));
        for (keys, action) in group_rows(group) {
            out.push_str(&format!("| {} | {} |\n", keys.replace('|', "\\|"), action));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_keys_section_follows_the_key_list() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
        let section = markdown();
        assert!(
            readme.contains(&section),
            "README.md's `## Keys` section differs from editor::keys; replace it with:\n{section}"
        );
    }

    #[test]
    fn every_group_has_keys_and_descriptions() {
        for group in Group::ALL {
            let rows: Vec<_> = group_rows(group).collect();
            assert!(!rows.is_empty(), "{}", group.title());
            for (keys, action) in rows {
                assert!(!keys.is_empty() && !action.is_empty(), "{}", group.title());
            }
        }
    }

    #[test]
    fn every_mode_has_hints_in_distinct_ranks() {
        for &mode in ALL.iter().filter(|&&m| m != Mode::Goto) {
            let mut ranks: Vec<u8> = TABLE
                .iter()
                .flat_map(|r| r.hints.iter())
                .filter(|h| h.mode == mode)
                .map(|h| h.rank)
                .collect();
            assert!(!ranks.is_empty(), "{mode:?}");
            let n = ranks.len();
            ranks.sort();
            ranks.dedup();
            assert_eq!(ranks.len(), n, "{mode:?}");
        }
        assert_eq!(hints(Mode::Board, Game::Xiangqi)[1].0, "KABNRCP kabnrcp");
    }
}

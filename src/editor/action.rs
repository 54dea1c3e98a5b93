//! Everything the user (or the terminal runtime, reporting back) can ask of the editor.

use super::analysis::EngineEvent;
use super::solving::SolveEvent;
use crate::core::fen::Field;
use crate::core::{Color, Piece, Role, Square};

use super::effect::Notice;
use crate::core::CastlingSide;

/// A cursor direction as seen on screen: with a flipped view `Up` goes toward White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// One step through something that cycles: the focus, the panel's values, the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Towards {
    Next,
    Prev,
}

/// Editing of the FEN line text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineEdit {
    Insert(char),
    /// Inserts text at the cursor (a paste while the FEN line has focus).
    InsertText(String),
    Left,
    Right,
    Home,
    End,
    Backspace,
    Delete,
    /// Deletes everything before the cursor (Ctrl-U).
    DeleteToStart,
}

/// An answer in a confirmation overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Yes,
    /// Quit: save, then quit.
    Save,
    /// Quit: drop the unsaved changes and quit.
    Discard,
    /// The file changed on disk: save over it all the same.
    Overwrite,
    /// The file changed on disk: read it again, dropping the edits here.
    Reload,
    /// The FEN line does not read: quit printing nothing (exit status 1).
    QuitUnread,
    Cancel,
}

impl Action {
    /// Whether the action may run while the terminal is too small to show the editor: leaving,
    /// saving, and answering the question the small screen shows — never an edit nobody sees.
    pub fn works_unseen(&self) -> bool {
        matches!(
            self,
            Action::Quit
                | Action::Abort
                | Action::Save
                | Action::Escape
                | Action::Answer(_)
                | Action::LeaveLine
                | Action::Promote(_)
                | Action::CancelPromotion
        )
    }
}

/// One editing behaviour. `update` applies it to a `State`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    // Board cursor.
    MoveCursor(Direction),
    /// Moves the cursor straight to a square (mouse, tests).
    SetCursor(Square),
    /// `g`: starts the square jump; the next keys name the square.
    StartGoto,
    /// A key typed while the square jump is pending.
    GotoKey(char),

    // Pieces.
    /// Puts a piece on the cursor square and makes it the brush.
    Put(Piece),
    /// Empties the cursor square.
    Empty,
    /// Enter: picks up the piece under the cursor, or drops the picked-up piece there.
    PickUpOrDrop,
    /// Chooses the brush (the piece a left click places) without placing it.
    SetBrush(Option<Piece>),

    // Whole-position edits.
    ToggleSide,
    Flip,
    SwapColors,
    MirrorFiles,
    Clear,
    /// `I`: the start position; in Chess960 it opens the number prompt.
    Initial,
    /// Chess960 start position by Scharnagl number (0–959).
    Chess960Number(u16),
    /// A random Chess960 start position, drawn from the state's seeded generator.
    Chess960Random,
    SwitchGame,
    Undo,
    Redo,

    // Clipboard.
    Copy,
    CopyUrl,
    /// Write the record's diagram (SVG and PNG) and copy the image.
    Diagram,
    /// `v`/Ctrl-V: asks the terminal runtime for the clipboard text (it answers with `Paste`).
    RequestPaste,
    /// Text pasted by the terminal or read from the clipboard.
    Paste(String),

    // Focus and overlays.
    FocusNext,
    FocusPrev,
    /// `/`: focus the FEN line for editing.
    EditFenLine,
    ToggleHelp,
    /// Scrolls the help overlay to this line (the keymap knows how far it can go).
    ScrollHelp(u16),
    /// Esc: close an overlay, cancel a pending key or a pick-up, or return focus to the board.
    Escape,
    /// A confirmation overlay's answer.
    Answer(Answer),
    /// A key typed in the Chess960 number or the stipulation prompt.
    PromptKey(char),
    PromptBackspace,
    PromptSubmit,
    /// Ctrl-U in the stipulation prompt: empties it.
    PromptClear,
    /// An arrow, Home or End in the stipulation prompt: the prefill is no longer selected.
    PromptDeselect,

    // Fields panel.
    FieldUp,
    FieldDown,
    SelectField(Field),
    /// ←: previous value of the selected field (side, ep square).
    FieldPrev,
    /// →: next value of the selected field.
    FieldNext,
    /// Space/Enter on the selected field.
    FieldActivate,
    ToggleCastling(Color, CastlingSide),
    /// Toggles the castling right of the rook on a given file (a click in the panel).
    ToggleCastlingFile(Color, u8),
    ClockDigit(u8),
    ClockBackspace,
    ClockIncrement,
    ClockDecrement,

    // FEN line.
    Line(LineEdit),
    /// Enter in the FEN line: applies the text when it reads as a position.
    LineApply,

    // Collection.
    PrevRecord,
    NextRecord,
    AddRecord,
    /// `D`: asks, then deletes the current record.
    DeleteRecord,
    Save,
    Quit,
    Abort,

    // Mouse, in board terms.
    /// Left button pressed on a square.
    MouseDown(Square),
    /// Left button released on a square, or off the board (`None`).
    MouseUp(Option<Square>),
    /// Right click on a square: empties it.
    RightClick(Square),
    /// A click on a field of the panel.
    ClickField(Field),
    /// A click on a line of the Solution panel (its index among the tree's rows).
    ClickSolution(usize),
    /// The wheel over the Solution panel: the chosen line one up or down.
    WheelSolution(Towards),
    /// A click on a move of the Moves panel (its index in the line): the board goes there.
    ClickMove(usize),
    /// The wheel over the Moves panel: one move back or forward.
    WheelMoves(Towards),

    // Reports from the terminal runtime.
    /// The result of an effect (copy, paste, save) to show in the status line.
    Notify(Notice),
    /// The terminal runtime finished the `Save` effect: `Err` holds why it failed.
    SaveDone(Result<(), String>),
    /// The `Save` effect wrote nothing: the file changed on disk since it was read or saved.
    ChangedOnDisk,
    /// The terminal runtime finished the `Reload` effect: `state.collection` is the file as it is now
    /// (`Err`: it could not be read, and nothing changed).
    Reloaded(Result<(), String>),
    /// A seed for the random Chess960 draws (the terminal runtime's clock; fixed in tests).
    Seed(u64),
    /// The process is being killed: write the current record back into the collection so that
    /// the terminal runtime can rescue it.
    WriteBack,

    /// A report of the engine client (the Analysis panel's content).
    Engine(EngineEvent),

    /// `l`: open or close the Analysis panel.
    ToggleAnalysis,

    // Composers' transforms.
    /// Shift+arrow: the whole position one file or rank that way (as seen on screen).
    Shift(Direction),
    /// Turn the board a quarter clockwise (chess).
    Rotate,
    MirrorRanks,

    // Play mode and playback.
    /// `M`: play moves from the setup.
    PlayMode,
    /// Enter in play mode: choose the piece, then its target.
    PlaySelect,
    /// The promotion prompt's answer.
    Promote(Role),
    CancelPromotion,
    TakeBack,
    /// Keep the position reached as the new setup (one undo step).
    KeepAsSetup,
    /// Copy the moves as PGN.
    CopyMoves,
    LineForward,
    LineBack,
    /// Home / End: to the setup or the last move.
    LineFirst,
    LineLast,
    /// Esc: back to the setup.
    LeaveLine,
    // Solving.
    /// `S`: asks the stipulation (prefilled), then solves on the terminal runtime's worker.
    Solve,
    /// A report of the solver worker (progress, the result).
    Solver(SolveEvent),
    /// ↑ ↓ in the Solution panel: the previous / next line of the tree.
    SolutionSelect(Towards),
    /// PgUp PgDn in the Solution panel: ten lines up / down.
    SolutionPage(Towards),
    /// Enter in the Solution panel: plays the chosen line on the board.
    SolutionPlay,
    /// `y` in the Solution panel: copies the chosen line with its move numbers.
    CopySolutionLine,

    // The Record overlay.
    /// `i`: opens the Record overlay (the record's operations), or closes it.
    Record,
    /// ↑ ↓ in the overlay: the row above or below.
    RecordSelect(Towards),
    /// Enter: types into the chosen row (its value prefilled), or with a value being typed,
    /// writes it into the record (one undo step).
    RecordChoose,
    /// `+`: types a new operation (`opcode operand`).
    RecordAdd,
    /// Delete: the chosen row's operation goes (one undo step).
    RecordRemove,
    /// Editing the value being typed.
    RecordLine(LineEdit),

    /// A key that means nothing where it was typed; the editor says so.
    Unbound(String),
}

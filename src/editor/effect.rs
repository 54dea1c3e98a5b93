//! What the editor asks the terminal runtime to do, and the notices it shows in the status line. Notices
//! are data: the ui turns them into words in one place.

use std::path::PathBuf;

use super::analysis::Request;
use super::solving;
use crate::core::{Color, Game, Piece, Position, Square};

use crate::core::CastlingSide;
use crate::core::moves::Refusal;

/// Work that needs the outside world; the terminal runtime runs these in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Put this text on the clipboard.
    Copy(String),
    /// Put this URL (lichess analysis board) on the clipboard.
    CopyUrl(String),
    /// Put the moves of play mode or playback, as PGN, on the clipboard.
    CopyPgn(String),
    /// Write the diagram of the record on screen (SVG and PNG) and copy the image.
    Diagram(Box<DiagramRequest>),
    /// Read the clipboard and answer with `Action::Paste(text)` (or `Action::Notify` on failure).
    ReadClipboard,
    /// Save the collection (`state.collection`) and answer with `Action::SaveDone`, or with
    /// `Action::ChangedOnDisk` when someone changed the file since it was read.
    Save,
    /// Save the collection over whatever the file holds now (the user chose to overwrite);
    /// answer with `Action::SaveDone`.
    SaveOver,
    /// Read the collection's file again into `state.collection`, dropping the edits; answer
    /// with `Action::Reloaded`.
    Reload,
    /// Leave the editor normally and print this FEN on stdout.
    Quit(String),
    /// Leave at once: exit status 130, nothing printed.
    Abort,
    /// Leave without printing a FEN, exit status 1: the FEN line did not read, and a FEN the
    /// user never saw is not printed.
    QuitUnread,
    /// Analyse this position from now on (`None`: stop thinking; the engine stays).
    Analyse(Option<Request>),
    /// Solve this on the worker, cancelling any solve still running (`None`: only cancel);
    /// the worker answers with `Action::Solver`.
    Solve(Option<Box<solving::Request>>),
}

/// What `d` draws: the position on screen with its record's caption, seen as on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramRequest {
    pub position: Position,
    /// The record's EPD operations (`c0`, `id`, `dm`, …), for the caption.
    pub operations: Option<String>,
    /// The stipulation on show (the title's, else the Solution panel's): the caption's, over
    /// what `operations` say.
    pub stipulation: Option<String>,
    /// The collection's file: the diagram goes beside it (else into the current folder).
    pub collection: Option<PathBuf>,
    /// The record's EPD id and 1-based line number, for the file name.
    pub id: Option<String>,
    pub line: Option<usize>,
    pub flip: bool,
}

/// A one-line message for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The `g` square jump was cancelled (Esc, or a key that cannot start a square name).
    GotoCancelled,
    /// `g` was followed by something that is no square of the game.
    NotASquare(String),
    /// A key with no meaning where it was typed.
    Unbound(String),
    PickedUp(Piece, Square),
    Dropped(Piece, Square),
    PickUpCancelled,
    NothingToPickUp(Square),
    /// A click with no brush chosen yet.
    NoBrush,
    Undone,
    Redone,
    NothingToUndo,
    NothingToRedo,
    GameSwitched(Game),
    Chess960Start(u16),
    /// The Chess960 prompt got something other than 0–959.
    NotAChess960Number(String),
    /// A castling right the board does not allow (king or rook missing).
    CastlingImpossible(Color, CastlingSide),
    /// A castling right that standard chess does not allow but Chess960 would (the king or the
    /// rook off its standard square).
    CastlingNeedsChess960(Color, CastlingSide),
    /// Xiangqi has no castling and no en passant.
    NotInXiangqi,
    /// No pawn of the side that just moved could have made a double step.
    NoEpCandidates,
    /// The pasted text was loaded as a FEN.
    Pasted,
    /// The pasted text did not read; it is in the FEN line with its errors.
    PasteHasErrors,
    PasteEmpty,
    /// A pasted PGN game: its start position is the setup, its main line is on the board at its
    /// end in play mode. `games` games were in the text (the first is loaded); `stopped` is the
    /// move that did not read or was not legal, where the line ends.
    PgnLoaded {
        moves: usize,
        games: usize,
        stopped: Option<(usize, String)>,
    },
    /// The pasted text looked like PGN and did not read as a game, and why.
    PgnUnread(crate::core::pgn::PgnError),
    /// Pasted Popeye text was loaded; its stipulation, when it has one, is what `S` offers.
    PopeyePasted(Option<String>),
    /// Pasted Popeye text does not read: the first reason.
    PopeyeNotRead(String),
    /// The FEN line text was applied.
    FenApplied,
    /// The FEN line cannot be applied or left while its text does not read.
    FenLineHasErrors,
    /// This record of the collection did not read; its text is in the FEN line.
    RecordHasErrors(usize),
    NoCollection,
    FirstRecord,
    LastRecord,
    RecordAdded(usize),
    RecordDeleted(usize),
    /// The only record of a collection is not deleted (a collection keeps one record).
    OnlyRecord,
    Saving,
    Saved,
    SaveFailed(String),
    /// The save was cancelled: the file on disk changed and stays as it is.
    NotSaved,
    /// The collection was read again from disk.
    Reloaded,
    ReloadFailed(String),
    /// `+` on a clock at the largest value the keys give (`fields::CLOCK_MAX`).
    ClockAtMax(u32),
    Copied(String),
    CopyFailed(String),
    PasteFailed(String),
    /// `S` on a position that is not legal: the first error.
    SolveRefused(String),
    /// The stipulation was stored in the record (saved with the collection).
    StipulationSet(String),
    /// The stipulation was stored and, its order of play being fixed, the side to move set to
    /// the side that begins.
    SideSetForStipulation(String, crate::core::Color),
    /// The Record overlay wrote this operation (by its opcode) into the record.
    OperationSet(String),
    /// The Record overlay removed this operation from the record.
    OperationRemoved(String),
    /// Delete on a row the record has no operation for.
    NothingToRemove,
    /// Esc stopped the solve.
    SolveCancelled,
    /// Enter on a line of a result about another position than the board's.
    SolutionStale,
    /// The terminal runtime's own message (clipboard backends describe what they did).
    Info(String),
    /// Play mode began.
    PlayStarted,
    /// Playback of a line of `moves` moves began; `dropped` moves at its end were not legal.
    PlaybackStarted {
        moves: usize,
        dropped: usize,
    },
    /// A move (or play mode itself) was refused, and why.
    MoveRefused(Refusal),
    /// Play mode: the piece chosen to move.
    Chosen(Piece, Square),
    ChoiceCancelled,
    /// The move taken back, by its name.
    TookBack(String),
    NothingToTakeBack,
    /// The position reached became the setup (u undoes).
    KeptAsSetup,
    /// Stepping stopped at the setup or at the line's last move.
    LineStart,
    LineEnd,
    /// Playback or play mode ended: the setup is back.
    SetupBack,
    /// An edit while the board shows a line: leave it first.
    LeaveLineFirst,
    /// A transform would push a piece off the board.
    FallsOffBoard,
    /// Rotating by 90° needs a square board.
    RotateChessOnly,
}

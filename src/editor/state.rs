//! The editor's whole state. The ui reads it (fields are public for reading); only `update`
//! changes it, so the cached FEN, diagnostics and status always match the position.

use std::ops::Range;

use crate::collection::Collection;
use crate::core::fen::{self, Field};
use crate::core::legality;
use crate::core::status::{self, Status};
use crate::core::{Diagnostic, Game, Piece, Position, Square};

use super::analysis::Analysis;
use super::effect::Notice;
use super::fen_line::{FenLine, field_span, read_fen};
use super::history::{History, Snapshot};
use super::line::Line;
use super::solving::{Cache, Solving};

/// Which part of the screen takes the keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Board,
    Fields,
    FenLine,
    /// The Solution panel (while it is open): ↑↓ choose a line, Enter plays it.
    Solution,
}

/// A window over the screen that takes the keys until it closes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    /// "Delete this record?" (y / n).
    ConfirmDelete,
    /// "Unsaved changes": save / discard / cancel.
    ConfirmQuit,
    /// "The file changed on disk": overwrite / reload / cancel.
    ChangedOnDisk,
    /// "The FEN line does not read": quit printing nothing / cancel.
    QuitUnread,
    /// The Chess960 start number typed so far (empty Enter draws one at random).
    Chess960Prompt(String),
    /// Play mode: the pawn's move waits for the piece it becomes.
    Promotion(Square, Square),
    /// `S`: the stipulation to solve, as typed so far, and why the last Enter refused it.
    StipulationPrompt {
        text: String,
        error: Option<super::solving::AskError>,
        /// The text is the prefill, selected: typing replaces it (an arrow, Home or End keeps
        /// it and types after it).
        selected: bool,
    },
    /// The record's operations (author, id, stipulation, solution, the others), one chosen,
    /// perhaps one being typed.
    Record(Box<super::record::RecordView>),
}

/// What a record's text is: a FEN, or an EPD record (four fields, then operations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    Fen,
    Epd,
}

/// A key sequence in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// `g` and the part of the square name typed so far.
    Goto(String),
}

/// How the terminal shows things; the editor only carries them for the ui.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub ascii: bool,
    pub mouse: bool,
    /// The language of every word on the screen.
    pub lang: crate::i18n::Lang,
    /// How moves are written, when `--notation` says (else the language's default).
    pub notation: Option<crate::core::notation::Notation>,
}

impl Options {
    /// How moves of `game` are written on the screen: `--notation` when it fits the game, else
    /// the language's default (Chinese for xiangqi in Chinese, Spanish letters for chess in
    /// Spanish, SAN or WXF otherwise).
    pub fn notation(&self, game: crate::core::Game) -> crate::core::notation::Notation {
        crate::core::notation::Notation::chosen(self.notation, self.lang.code(), game)
    }
}

/// Everything the editor knows. Read freely; change only through `editor::update`.
#[derive(Clone, Debug)]
pub struct State {
    /// The position being edited (the board shows `shown_position()`, which is the FEN line's
    /// preview while one is active).
    pub position: Position,
    pub cursor: Square,
    pub focus: Focus,
    /// The field selected in the panel.
    pub field: Field,
    /// The piece a left click places: the last piece put or chosen.
    pub brush: Option<Piece>,
    /// A piece picked up with Enter and the square it came from (it stays there until dropped).
    pub picked: Option<(Piece, Square)>,
    /// The board is drawn from Black's side.
    pub flipped: bool,
    pub fen_line: FenLine,
    pub history: History,
    pub pending: Option<Pending>,
    pub overlay: Option<Overlay>,
    /// First line of the help overlay shown (it scrolls when it does not fit).
    pub help_scroll: u16,
    /// The latest message for the status bar.
    pub notice: Option<Notice>,
    /// Problems of what is shown: reading problems of the text it came from (while they still
    /// describe it), then legality and consistency. Recomputed once per position change.
    pub diagnostics: Vec<Diagnostic>,
    /// Check, mate, stalemate and move count, when the shown position is legal.
    pub status: Option<Status>,
    /// Castling rights follow the board (after clear or initial, until the user toggles one).
    pub castling_auto: bool,
    pub collection: Option<Collection>,
    /// The current record of the collection.
    pub record: usize,
    /// The user changed the current record since it was loaded.
    pub record_changed: bool,
    pub options: Options,
    /// Reading problems of the text the position was loaded from; dropped at the first edit.
    pub read_diagnostics: Vec<Diagnostic>,
    /// State of the generator for random Chess960 numbers (seeded by the terminal runtime; fixed in tests).
    pub rng: u64,
    /// Quit once the pending save succeeds.
    pub quit_after_save: bool,
    /// Where the left mouse button went down, until it comes up.
    pub mouse_down: Option<Square>,
    /// A clock is being typed: the next digit appends instead of replacing.
    pub clock_typing: bool,
    /// The position as loaded (the current record unchanged), to tell whether it was edited.
    pub base: Position,
    /// The text the position was loaded from when it does not read (a record's, or the
    /// command line's), with its errors: the FEN line shows it, Esc brings it back, and the
    /// empty `position` stands in for it until the first edit that really changes the board.
    pub unread: Option<FenLine>,
    /// The record as loaded did not read: dropping its text (`unread`) changes the record.
    pub base_unread: bool,
    /// How often the derived data (FEN, diagnostics, status) was recomputed: caching is
    /// checked against it.
    pub refreshes: u64,
    /// The Analysis panel, while it is open.
    pub analysis: Option<Analysis>,
    /// Playback of a line or play mode: the board shows the line's position, the setup
    /// (`position`) stays as it is.
    pub line: Option<Line>,
    /// Play mode: the square of the piece chosen to move (Enter or the mouse), until its target.
    pub play_from: Option<Square>,
    /// The Solution panel, while it is open.
    pub solving: Option<Solving>,
    /// Complete solve results by position and stipulation.
    pub solve_cache: Cache,
    /// The stipulation prompt's last accepted text, offered when the record has none.
    pub last_stipulation: Option<String>,
    /// The id of the last solve request (each request gets the next one).
    pub solve_id: u64,
    /// The position's EPD operations while no collection is open (a FEN from the command
    /// line): what the Record overlay, the FEN line and `S` put there, shown in the title and
    /// `d`'s caption as a record's would be.
    pub loose_operations: String,
    fen: String,
}

impl State {
    /// An editor on `position`.
    pub fn new(position: Position, options: Options) -> State {
        let fen = fen::write(&position);
        let mut state = State {
            position,
            cursor: Square::new(0, 0),
            focus: Focus::Board,
            field: Field::Side,
            brush: None,
            picked: None,
            flipped: false,
            fen_line: FenLine::showing(&fen),
            history: History::default(),
            pending: None,
            overlay: None,
            help_scroll: 0,
            notice: None,
            diagnostics: Vec::new(),
            status: None,
            castling_auto: false,
            collection: None,
            record: 0,
            record_changed: false,
            options,
            read_diagnostics: Vec::new(),
            rng: 0x9E37_79B9_7F4A_7C15,
            quit_after_save: false,
            mouse_down: None,
            clock_typing: false,
            base: position,
            unread: None,
            base_unread: false,
            refreshes: 0,
            analysis: None,
            line: None,
            play_from: None,
            solving: None,
            solve_cache: Cache::default(),
            last_stipulation: None,
            solve_id: 0,
            loose_operations: String::new(),
            fen,
        };
        state.cursor = state.home_square();
        state.refresh();
        state
    }

    /// An editor on a FEN text: loaded when it reads (its warnings kept), otherwise an empty
    /// board with the text open in the FEN line and its errors shown.
    pub fn from_fen(text: &str, game: Option<Game>, options: Options) -> State {
        let mut state = State::new(Position::empty(game.unwrap_or(Game::Chess)), options);
        state.load_text(text, game);
        state
    }

    /// An editor on a collection, at its first record.
    pub fn with_collection(collection: Collection, game: Option<Game>, options: Options) -> State {
        let mut state = State::new(Position::start(game.unwrap_or(Game::Chess)), options);
        let text = (!collection.is_empty()).then(|| collection.fen(0).to_owned());
        let epd = collection.operations(0).is_some();
        state.collection = Some(collection);
        if let Some(text) = text {
            let kind = if epd {
                RecordKind::Epd
            } else {
                RecordKind::Fen
            };
            state.load_record_text(&text, game, kind);
            if state.fen_line.editing {
                // On the board, as for `]` onto such a record: `]` moves on, `/` edits it.
                state.focus = Focus::Board;
                state.notice = Some(Notice::RecordHasErrors(0));
            }
        }
        state
    }

    /// The canonical FEN of what the board shows.
    pub fn fen(&self) -> &str {
        &self.fen
    }

    /// The canonical FEN of the position (without any FEN line preview): what quitting prints.
    pub fn position_fen(&self) -> String {
        fen::write(&self.position)
    }

    /// What the board shows: the line's position in playback and play mode, the FEN line's
    /// preview while editing, else the position.
    pub fn shown_position(&self) -> &Position {
        if let Some(line) = &self.line {
            return line.position();
        }
        self.fen_line.preview.as_ref().unwrap_or(&self.position)
    }

    /// What the board draws: the shown position, or while a twin's line is chosen in the
    /// focused Solution panel, that twin's position (the setup stays as it is).
    pub fn board_position(&self) -> &Position {
        let twin = self
            .solving
            .as_ref()
            .filter(|s| self.focus == Focus::Solution && self.line.is_none() && !s.stale)
            .and_then(|s| s.twin_position())
            .filter(|p| p.game == self.position.game);
        twin.unwrap_or_else(|| self.shown_position())
    }

    pub fn game(&self) -> Game {
        self.shown_position().game
    }

    /// The FEN line's text (the FEN of the position unless the user is editing it).
    pub fn fen_line_text(&self) -> &str {
        &self.fen_line.text
    }

    /// Character range of FEN field `field` in the FEN line text.
    pub fn field_span(&self, field: Field) -> Option<Range<usize>> {
        field_span(&self.fen_line.text, field)
    }

    /// The range to highlight in the FEN line for the focused panel field, if the panel has
    /// focus.
    pub fn focused_field_span(&self) -> Option<Range<usize>> {
        (self.focus == Focus::Fields)
            .then(|| self.field_span(self.field))
            .flatten()
    }

    /// The first error's span in the FEN line text, to underline.
    pub fn fen_line_error_span(&self) -> Option<Range<usize>> {
        self.fen_line.error_span()
    }

    /// Squares named by the diagnostics, to highlight.
    pub fn highlighted_squares(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self
            .diagnostics
            .iter()
            .flat_map(|d| d.squares.iter().copied())
            .collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// Whether the panel offers the `K`/`Q`/`k`/`q` right: king and a rook stand where castling
    /// on that side needs them (or the right is set and can be removed).
    pub fn castling_offered(
        &self,
        color: crate::core::Color,
        side: crate::core::CastlingSide,
    ) -> bool {
        super::fields::cycle_right(&self.position, color, side).is_some()
    }

    /// Plausible en passant squares the panel cycles through (besides `-`).
    pub fn ep_candidates(&self) -> Vec<Square> {
        super::fields::ep_candidates(&self.position)
    }

    /// Whether the shown position reads and has no error.
    pub fn is_valid(&self) -> bool {
        !self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// `(current, total)` record numbers counted from 1, when a collection is open.
    pub fn record_label(&self) -> Option<(usize, usize)> {
        self.collection
            .as_ref()
            .map(|c| ((self.record + 1).min(c.len()), c.len()))
    }

    /// The EPD `id` of the current record, if any.
    pub fn record_id(&self) -> Option<&str> {
        let c = self.collection.as_ref()?;
        (self.record < c.len()).then(|| c.id(self.record)).flatten()
    }

    /// The EPD operations of the current record (`bm Ra6; dm 2;`), when it has any; without
    /// a collection, the position's own (`loose_operations`).
    pub fn record_operations(&self) -> Option<&str> {
        let Some(c) = self.collection.as_ref() else {
            return Some(self.loose_operations.as_str()).filter(|ops| !ops.trim().is_empty());
        };
        (self.record < c.len())
            .then(|| c.operations(self.record))
            .flatten()
            .filter(|ops| !ops.trim().is_empty())
    }

    /// The composers' piece count of what the board shows: White's (Red's) pieces and Black's.
    pub fn piece_count(&self) -> (usize, usize) {
        // One pass: the title's inputs count them every frame.
        self.shown_position()
            .board
            .pieces()
            .fold((0, 0), |(white, black), (_, p)| match p.color {
                crate::core::Color::White => (white + 1, black),
                crate::core::Color::Black => (white, black + 1),
            })
    }

    /// The stipulation of the current record: its EPD `stip` operation as written, else its
    /// `dm N` (direct mate in N) as `#N`. Borrowed where it can be: the title's inputs ask
    /// for it every frame.
    pub fn stipulation(&self) -> Option<std::borrow::Cow<'_, str>> {
        use crate::collection::epd::operand;
        let ops = self.record_operations()?;
        let stip = operand(ops, "stip").filter(|s| !s.is_empty());
        stip.map(std::borrow::Cow::Borrowed).or_else(|| {
            let n = operand(ops, "dm")?;
            n.parse::<u32>()
                .is_ok()
                .then(|| std::borrow::Cow::Owned(format!("#{n}")))
        })
    }

    /// The stipulation on show: the record's, else that of the result in the Solution panel.
    pub fn shown_stipulation(&self) -> Option<String> {
        self.stipulation()
            .map(std::borrow::Cow::into_owned)
            .or_else(|| {
                self.solving
                    .as_ref()
                    .map(|s| s.request.ask.stipulation.to_string())
            })
    }

    /// Whether the FEN line holds text that does not read (typed, pasted, or a record's): the
    /// board then shows no position of it.
    pub fn fen_line_unread(&self) -> bool {
        self.fen_line.editing && self.fen_line.preview.is_none()
    }

    /// Whether quitting now would lose changes to the collection.
    pub fn is_modified(&self) -> bool {
        self.collection
            .as_ref()
            .is_some_and(|c| c.is_modified() || self.record_changed)
    }

    /// The square the cursor starts on: White's/Red's king, or the lower-left corner.
    pub(crate) fn home_square(&self) -> Square {
        let color = crate::core::Color::White;
        self.position
            .board
            .kings(color)
            .next()
            .unwrap_or(Square::new(0, 0))
    }

    /// Recomputes everything derived from the shown position. Called once per change of the
    /// position or the FEN line preview; never on cursor moves.
    pub(crate) fn refresh(&mut self) {
        self.refreshes += 1;
        let shown = *self.shown_position();
        self.fen = fen::write(&shown);
        if !self.fen_line.editing {
            // Playback and play mode leave the FEN line on the setup.
            match self.line {
                Some(_) => self.fen_line.show(&fen::write(&self.position)),
                None => self.fen_line.show(&self.fen),
            }
        }
        let mut diagnostics = if self.fen_line.editing {
            self.fen_line.diagnostics.clone()
        } else {
            self.read_diagnostics.clone()
        };
        if self.fen_line.editing && self.fen_line.preview.is_none() {
            // The text does not read: its errors describe what is on screen.
            self.status = None;
        } else {
            let legality = legality::diagnose(&shown);
            self.status = if legality.iter().any(Diagnostic::is_error) {
                None
            } else {
                status::status_of_legal(&shown)
            };
            diagnostics.extend(legality);
        }
        self.diagnostics = diagnostics;
        if !self.cursor.on_board(shown.game) {
            self.cursor = Square::new(
                self.cursor.file.min(shown.game.width() - 1),
                self.cursor.rank.min(shown.game.height() - 1),
            );
        }
    }

    /// The snapshot undo restores.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position,
            castling_auto: self.castling_auto,
            unread: self.unread.clone(),
            record_line: self
                .collection
                .as_ref()
                .and_then(|c| c.record_line(self.record)),
            loose_operations: self.loose_operations.clone(),
        }
    }

    /// Loads a FEN text as a new base (no undo step): used at start and for records.
    pub(crate) fn load_text(&mut self, text: &str, game: Option<Game>) {
        self.load_record_text(text, game, RecordKind::Fen);
    }

    /// Loads the FEN text of a record. An EPD record has only the four position fields by
    /// definition, so its missing clocks are not worth a warning (as in `fenboard check`).
    pub(crate) fn load_record_text(&mut self, text: &str, game: Option<Game>, kind: RecordKind) {
        let mut read = match game {
            Some(g) => fen::read(text, Some(g)),
            None => read_fen(text, self.position.game),
        };
        if kind == RecordKind::Epd {
            read.diagnostics
                .retain(|d| d.code != crate::core::Code::MissingFields);
        }
        match read.position {
            Some(pos) => {
                self.position = pos;
                self.read_diagnostics = read.diagnostics;
                self.castling_auto = false;
                self.fen_line = FenLine::showing("");
                self.unread = None;
                self.focus = Focus::Board;
            }
            None => {
                self.position = Position::empty(game.unwrap_or(self.position.game));
                self.read_diagnostics = Vec::new();
                self.fen_line = FenLine::editing_text(text, None, read.diagnostics);
                self.unread = Some(self.fen_line.clone());
                self.focus = Focus::FenLine;
            }
        }
        self.base_unread = self.unread.is_some();
        self.picked = None;
        self.base = self.position;
        self.record_changed = false;
        self.history.clear();
        self.cursor = self.home_square();
        self.refresh();
    }
}

//! The text model of a .fen/.epd file: every line's bytes kept, records edited in place, saved
//! atomically.
//!
//! The file's bytes are read once and kept; lines are byte ranges into them, and a record's FEN
//! text and EPD operations are found when asked for. Only edited lines own their text. So a
//! large file costs its own size plus a few words per line, and unchanged lines are written
//! back byte for byte: line endings, trailing spaces, comments, blank lines, invalid UTF-8.

pub mod epd;
pub mod lines;
pub mod record;
pub mod save;
pub mod stream;

use std::io;
use std::path::{Path, PathBuf};

use crate::core::Game;
use lines::{BOM, Eol, Kind};
pub use save::FileError;
use save::Fingerprint;

/// An open collection file.
#[derive(Clone, Debug)]
pub struct Collection {
    /// The path as it was given, for showing.
    path: Option<PathBuf>,
    /// The same path made absolute when the collection was read: where it is saved, so that a
    /// change of the working folder (or the folder removed and made again) changes nothing.
    file: Option<PathBuf>,
    /// The bytes the collection was read from; unedited lines point into them.
    source: Vec<u8>,
    /// Whether `source` starts with a UTF-8 byte order mark (kept, and not part of line 0).
    bom: bool,
    lines: Vec<Line>,
    /// The index in `lines` of each record, in order.
    records: Vec<usize>,
    /// Whether four-field lines are EPD records (the file is named `.epd`).
    epd_file: bool,
    modified: bool,
    /// The file did not exist when opened; the first save creates it.
    new_file: bool,
    /// The `FILE.save`, `FILE.save.1`, … newer than the file, found when opening it.
    newer_rescues: Vec<PathBuf>,
    /// What the file held when it was last read or saved (`None`: there was no file), to tell
    /// before saving whether someone else changed it.
    disk: Option<Fingerprint>,
}

/// A record's line as it stood, kept by the editor's undo to put back (`restore_record`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLine(Text);

/// Why a save did not happen.
#[derive(Debug)]
pub enum SaveError {
    /// The file changed on disk since it was read or saved: saving would lose someone's work.
    /// Nothing was written; `save_over` writes anyway, `reload` reads the file again.
    ChangedOnDisk(PathBuf),
    File(FileError),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::ChangedOnDisk(path) => {
                write!(f, "{} changed on disk since it was read", path.display())
            }
            SaveError::File(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<FileError> for SaveError {
    fn from(e: FileError) -> SaveError {
        SaveError::File(e)
    }
}

#[derive(Clone, Debug)]
struct Line {
    text: Text,
    eol: Eol,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Text {
    /// Unchanged bytes of `source`: valid UTF-8 when the line is a record.
    Source { start: usize, end: usize },
    /// An unchanged record line that is not valid UTF-8: its bytes are in `source` and are
    /// written back as they are; its text, with replacement characters, is what the editor sees.
    Invalid(Box<InvalidLine>),
    /// An edited or added line.
    Owned(Box<str>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct InvalidLine {
    start: usize,
    end: usize,
    lossy: Box<str>,
}

impl Collection {
    /// A collection read from `bytes`; `path` is where it saves.
    pub fn from_bytes(path: Option<PathBuf>, bytes: &[u8]) -> Collection {
        let source = bytes.to_vec();
        let bom = source.starts_with(BOM);
        let start = if bom { BOM.len() } else { 0 };
        let mut lines = Vec::new();
        let mut records = Vec::new();
        for raw in lines::split(&source, start) {
            let (s, e) = (raw.content.start, raw.content.end);
            let content = &source[s..e];
            let text = match lines::kind(content) {
                Kind::Record => {
                    records.push(lines.len());
                    match std::str::from_utf8(content) {
                        Ok(_) => Text::Source { start: s, end: e },
                        Err(_) => Text::Invalid(Box::new(InvalidLine {
                            start: s,
                            end: e,
                            lossy: String::from_utf8_lossy(content).into(),
                        })),
                    }
                }
                Kind::Blank | Kind::Comment => Text::Source { start: s, end: e },
            };
            lines.push(Line { text, eol: raw.eol });
        }
        let epd_file = path.as_deref().is_some_and(is_epd_path);
        let file = path
            .as_deref()
            .map(|p| std::path::absolute(p).unwrap_or_else(|_| p.to_owned()));
        Collection {
            path,
            file,
            source,
            bom,
            lines,
            records,
            epd_file,
            modified: false,
            new_file: false,
            newer_rescues: Vec::new(),
            disk: Some(Fingerprint::of(bytes)),
        }
    }

    /// Opens the file at `path`. A path where no file exists yet gives one start-position record
    /// of `game` (four fields for a `.epd` name); the file is created on the first save.
    /// Rescue files newer than the file are reported by `newer_rescues`.
    /// A path that is not a regular file (a device, a FIFO) or holds more than [`MAX_FILE`]
    /// bytes is refused without being read.
    pub fn open(path: &Path, game: Game) -> Result<Collection, FileError> {
        let mut collection = match read_regular(path) {
            Ok(bytes) => Collection::from_bytes(Some(path.to_owned()), &bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Collection::new_file(path, game),
            Err(e) => {
                return Err(FileError {
                    action: "open",
                    path: path.to_owned(),
                    source: e,
                });
            }
        };
        collection.newer_rescues = save::newer_rescues(path);
        Ok(collection)
    }

    /// A collection read from elsewhere (a Popeye input's problems as EPD records, `bytes`)
    /// that saves as `path`: nothing of it is on disk yet, so it counts as changed, and a file
    /// already at `path` is not replaced without asking (the save finds it changed on disk).
    pub fn converted(path: &Path, bytes: &[u8]) -> Collection {
        let mut c = Collection::from_bytes(Some(path.to_owned()), bytes);
        c.epd_file = true;
        c.new_file = true;
        c.modified = true;
        c.disk = None;
        c
    }

    /// A collection for a file that does not exist yet: one start-position record of `game`.
    pub fn new_file(path: &Path, game: Game) -> Collection {
        let mut c = Collection::from_bytes(Some(path.to_owned()), b"");
        let fen = if c.epd_file {
            record::four_fields(game.start_fen())
        } else {
            game.start_fen().to_owned()
        };
        c.lines.push(Line {
            text: Text::Owned(fen.into()),
            eol: Eol::Lf,
        });
        c.records.push(0);
        c.new_file = true;
        c.disk = None;
        c
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The FEN text of record `i` (for EPD, its four fields); empty when there is no record `i`.
    pub fn fen(&self, i: usize) -> &str {
        match self.record(i) {
            Some((text, parts)) => &text[parts.fen],
            None => "",
        }
    }

    /// The EPD `id` operation of record `i`, if any.
    pub fn id(&self, i: usize) -> Option<&str> {
        self.operand(i, "id")
    }

    /// The operand of the EPD operation `opcode` of record `i` (`bm`, `c0`, `dm`, …), if any.
    pub fn operand(&self, i: usize, opcode: &str) -> Option<&str> {
        let (text, parts) = self.record(i)?;
        epd::operand(&text[parts.ops?], opcode)
    }

    /// The EPD operations of record `i` as written (`bm Qg6; id "WAC.001";`); `None` for a FEN.
    pub fn operations(&self, i: usize) -> Option<&str> {
        let (text, parts) = self.record(i)?;
        Some(&text[parts.ops?])
    }

    /// The 1-based line number of record `i` in the file, for messages.
    pub fn line_number(&self, i: usize) -> Option<usize> {
        self.records.get(i).map(|&l| l + 1)
    }

    /// Rewrites record `i` with `fen`, a canonical FEN (as `core::fen::write` gives it). The
    /// line becomes that FEN in the record's own form (see `record::rewrite`): a FEN alone, or
    /// for a record with operations its four or six fields followed by its own operations, as
    /// they were. The line keeps its line ending; every other line stays as it was. Nothing
    /// happens when there is no record `i` or the line would not change.
    pub fn replace(&mut self, i: usize, fen: &str) {
        let Some((text, parts)) = self.record(i) else {
            return;
        };
        let new = record::rewrite(text, &parts, &one_line(fen));
        let line = &mut self.lines[self.records[i]];
        let unchanged = match &line.text {
            Text::Source { start, end } => self.source[*start..*end] == *new.as_bytes(),
            Text::Owned(s) => **s == *new,
            Text::Invalid(_) => false,
        };
        if !unchanged {
            line.text = Text::Owned(new.into());
            self.modified = true;
        }
    }

    /// Sets the EPD operation `opcode` of record `i` to `operand` and drops the operations named
    /// in `drop` (see `record::set_operation`): the line changes only there, and the collection
    /// is modified. Returns whether the record holds the operation now (not for a line that
    /// would not read back with it, nor when there is no record `i`).
    pub fn set_operation(&mut self, i: usize, opcode: &str, operand: &str, drop: &[&str]) -> bool {
        let Some((text, parts)) = self.record(i) else {
            return false;
        };
        let Some(new) = record::set_operation(text, &parts, opcode, operand, drop, self.epd_file)
        else {
            return false;
        };
        if new != text {
            self.lines[self.records[i]].text = Text::Owned(new.into());
            self.modified = true;
        }
        true
    }

    /// Applies one change to record `i`'s operations (see `record::edit_operation`): the line
    /// changes only there. Returns whether it was done (not for a change the line would not
    /// read back with, nor when there is no record `i`).
    pub fn edit_operation(&mut self, i: usize, edit: record::OpEdit) -> bool {
        let Some((text, parts)) = self.record(i) else {
            return false;
        };
        let Some(new) = record::edit_operation(text, &parts, edit, self.epd_file) else {
            return false;
        };
        if new != text {
            self.lines[self.records[i]].text = Text::Owned(new.into());
            self.modified = true;
        }
        true
    }

    /// Record `i`'s line as it stands now (its bytes, edited or not); `None` when there is no
    /// record `i`.
    pub fn record_line(&self, i: usize) -> Option<RecordLine> {
        let &l = self.records.get(i)?;
        Some(RecordLine(self.lines[l].text.clone()))
    }

    /// Puts back a line `record_line` gave for record `i`: an unedited line is again the file's
    /// own bytes. Nothing happens when there is no record `i` or the line is the same.
    pub fn restore_record(&mut self, i: usize, line: RecordLine) {
        let Some(&l) = self.records.get(i) else {
            return;
        };
        if self.lines[l].text != line.0 {
            self.lines[l].text = line.0;
            self.modified = true;
        }
    }

    /// Adds a record holding `fen` after record `i` (at the end when `i` is past it) and returns
    /// its index. Beside a four-field EPD record, or in an `.epd` file, it is written as EPD
    /// (four fields); otherwise as a FEN.
    pub fn insert_after(&mut self, i: usize, fen: &str) -> usize {
        let fen = one_line(fen);
        let (at, line_at, epd, eol) = if self.records.is_empty() {
            (0, self.lines.len(), self.epd_file, self.usual_eol())
        } else {
            let i = i.min(self.records.len() - 1);
            let epd = self.record(i).is_some_and(|(_, p)| p.is_four_fields());
            let l = self.records[i];
            (i + 1, l + 1, epd, self.lines[l].eol)
        };
        let text = if epd { record::four_fields(&fen) } else { fen };
        // A line added after a last line that had no newline gets none, and that line gets one.
        let mut eol = eol;
        if line_at == self.lines.len() && line_at > 0 && self.lines[line_at - 1].eol == Eol::None {
            self.lines[line_at - 1].eol = self.usual_eol();
            eol = Eol::None;
        }
        self.lines.insert(
            line_at,
            Line {
                text: Text::Owned(text.into()),
                eol,
            },
        );
        for l in &mut self.records[at..] {
            *l += 1;
        }
        self.records.insert(at, line_at);
        self.modified = true;
        at
    }

    /// Deletes record `i` (its whole line); nothing happens when there is no record `i`.
    pub fn remove(&mut self, i: usize) {
        if i >= self.records.len() {
            return;
        }
        let l = self.records.remove(i);
        let removed = self.lines.remove(l);
        for r in &mut self.records[i..] {
            *r -= 1;
        }
        // Removing a last line without a newline leaves the file without one, as it was.
        if removed.eol == Eol::None && l == self.lines.len() && l > 0 {
            self.lines[l - 1].eol = Eol::None;
        }
        self.modified = true;
    }

    pub fn is_modified(&self) -> bool {
        self.modified
    }

    /// The file did not exist when it was opened; saving creates it.
    pub fn is_new_file(&self) -> bool {
        self.new_file
    }

    /// The rescue files (`FILE.save`, `FILE.save.1`, …) found beside the file when it was
    /// opened, written after the file was last changed: unsaved work from sessions that were
    /// killed.
    pub fn newer_rescues(&self) -> &[PathBuf] {
        &self.newer_rescues
    }

    /// The file's bytes as they would be saved: the input, byte for byte, where nothing changed.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.source.len() + 64);
        if self.bom {
            out.extend_from_slice(BOM);
        }
        for line in &self.lines {
            out.extend_from_slice(self.line_bytes(line));
            out.extend_from_slice(line.eol.bytes());
        }
        out
    }

    /// Saves to the collection's path atomically (see `save::write_atomic`), unless the file
    /// changed on disk since it was read or last saved: then nothing is written and the error
    /// says so (`save_over` and `reload` are the ways on). On error nothing on disk changed and
    /// the edits are still here, still marked as modified.
    pub fn save(&mut self) -> Result<(), SaveError> {
        let path = self.file.clone().ok_or_else(no_path)?;
        if self.changed_on_disk()? {
            return Err(SaveError::ChangedOnDisk(path));
        }
        self.save_over()?;
        Ok(())
    }

    /// Saves whatever the file on disk holds now: the user chose to overwrite it. A read-only
    /// file is not replaced (as vim and nano refuse it): the error says why.
    pub fn save_over(&mut self) -> Result<(), FileError> {
        let path = self.file.clone().ok_or_else(no_path)?;
        if std::fs::metadata(&path).is_ok_and(|m| m.permissions().readonly()) {
            return Err(FileError {
                action: "save",
                path,
                source: io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "the file is read-only (its permissions allow no writing)",
                ),
            });
        }
        let bytes = self.to_bytes();
        save::write_atomic(&path, &bytes)?;
        self.modified = false;
        self.new_file = false;
        self.newer_rescues.clear();
        self.disk = Some(Fingerprint::of(&bytes));
        Ok(())
    }

    /// Whether the file on disk is not what was read or last saved: someone else wrote it (or
    /// created it, when it did not exist). A file deleted meanwhile is no conflict: saving loses
    /// nothing.
    pub fn changed_on_disk(&self) -> Result<bool, FileError> {
        let Some(path) = self.file.as_deref() else {
            return Ok(false);
        };
        let now = Fingerprint::on_disk(path).map_err(|e| FileError {
            action: "read",
            path: path.to_owned(),
            source: e,
        })?;
        Ok(match (self.disk, now) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(was), Some(now)) => was != now,
        })
    }

    /// The collection read again from its file, as it is on disk now: the edits here are
    /// dropped (the user chose that over overwriting someone else's work).
    pub fn reload(&self, game: Game) -> Result<Collection, FileError> {
        let path = self.file.as_deref().ok_or_else(no_path)?;
        let mut fresh = Collection::open(path, game)?;
        fresh.newer_rescues.clear();
        fresh.path.clone_from(&self.path);
        Ok(fresh)
    }

    /// Writes the collection, unsaved changes included, to a new rescue file beside it:
    /// `FILE.save`, or `FILE.save.1`, `.2`, … when that exists (see `save::write_rescue`),
    /// leaving the file itself alone: what fenboard does when killed by a signal. When its
    /// folder cannot take one (read-only, gone), the rescue goes to the first of
    /// [`rescue_folders`] that can. Returns the path written. The collection stays modified:
    /// the file itself still lacks the changes.
    pub fn write_rescue(&self) -> Result<PathBuf, FileError> {
        let path = self.file.as_deref().ok_or_else(no_path)?;
        let bytes = self.to_bytes();
        let beside = save::write_rescue(path, &bytes);
        let (Err(_), Some(name)) = (&beside, path.file_name()) else {
            return beside;
        };
        for folder in rescue_folders() {
            if std::fs::create_dir_all(&folder).is_ok()
                && let Ok(written) = save::write_rescue(&folder.join(name), &bytes)
            {
                return Ok(written);
            }
        }
        beside
    }

    /// The text of record `i` and where its parts are.
    fn record(&self, i: usize) -> Option<(&str, record::Parts)> {
        let line = &self.lines[*self.records.get(i)?];
        let text = match &line.text {
            Text::Source { start, end } => {
                std::str::from_utf8(&self.source[*start..*end]).unwrap_or_default()
            }
            Text::Invalid(inv) => &inv.lossy,
            Text::Owned(s) => s,
        };
        Some((text, record::parts(text, self.epd_file)))
    }

    fn line_bytes<'a>(&'a self, line: &'a Line) -> &'a [u8] {
        match &line.text {
            Text::Source { start, end } => &self.source[*start..*end],
            Text::Invalid(inv) => &self.source[inv.start..inv.end],
            Text::Owned(s) => s.as_bytes(),
        }
    }

    /// The line ending new lines get: the file's first, or LF.
    fn usual_eol(&self) -> Eol {
        self.lines
            .iter()
            .map(|l| l.eol)
            .find(|&e| e != Eol::None)
            .unwrap_or(Eol::Lf)
    }
}

/// The largest file the editor opens, in bytes: far more than any collection of positions, far
/// less than would exhaust memory.
pub const MAX_FILE: u64 = 256 << 20;

/// The bytes of the regular file at `path`, refusing anything else and anything over
/// [`MAX_FILE`] before reading it (a FIFO is not opened, so nothing waits on it).
fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let too_big = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is larger than {} MB, more than fenboard opens",
                MAX_FILE >> 20
            ),
        )
    };
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(io::ErrorKind::IsADirectory.into());
    }
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a device or a pipe)",
        ));
    }
    if meta.len() > MAX_FILE {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_FILE + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Where a rescue goes when the file's own folder cannot take it, in order:
/// `$XDG_STATE_HOME/fenboard` (or the home folder when that is not set), then the temporary
/// folder.
pub fn rescue_folders() -> Vec<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let mut folders = Vec::new();
    match var("XDG_STATE_HOME") {
        Some(state) => folders.push(state.join("fenboard")),
        None => folders.extend(var("HOME")),
    }
    folders.push(std::env::temp_dir());
    folders
}

/// Whether a path names an EPD file.
pub fn is_epd_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("epd"))
}

/// `text` made safe to be one line: surrounding whitespace dropped, line breaks become spaces.
fn one_line(text: &str) -> String {
    text.trim().replace(['\n', '\r'], " ")
}

fn no_path() -> FileError {
    FileError {
        action: "save",
        path: PathBuf::new(),
        source: io::Error::new(
            io::ErrorKind::InvalidInput,
            "the collection has no file name",
        ),
    }
}

//! Reading `convert`'s input into records, whatever it is: a FEN or EPD record given on the
//! command line, a `.fen`/`.epd` collection, a Popeye input (`.inp`, or a file whose first word
//! is `beginproblem`), a `.pgn` of games. Every kind of input ends here as the same `Record`s.

use std::path::Path;

use crate::collection::{self, stream};
use crate::core::{Diagnostic, Game, Position, fen};

/// Where a record, or what did not read, is in the input: a line, or a game of a PGN file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Line(usize),
    Game(usize),
}

impl Origin {
    /// `line 3`, `game 3`, in the user's language.
    pub fn describe(self) -> String {
        let (id, n) = match self {
            Origin::Line(n) => ("convert-line", n),
            Origin::Game(n) => ("convert-game", n),
        };
        crate::i18n::fmt(crate::cli::lang(), id, &[("n", n.into())])
    }
}

/// One record to convert: where it came from, its position, its EPD operations as written.
#[derive(Clone, Debug)]
pub struct Record {
    /// The line it starts on in the input (1 for a record given on the command line), or its
    /// game's number in a PGN file.
    pub origin: Origin,
    pub position: Position,
    /// The position's canonical six-field FEN.
    pub fen: String,
    pub ops: String,
}

/// The records of the input, and what could not be read (with where it is, when it has a place).
#[derive(Default)]
pub struct Read {
    pub records: Vec<Record>,
    pub errors: Vec<(Option<Origin>, String)>,
}

/// Reads `target` (a path, or a FEN in one or more words).
pub fn read(target: &[String], game: Option<Game>) -> Read {
    let joined = target.join(" ");
    let path = Path::new(joined.trim());
    let mut read = Read::default();
    if target.len() == 1 && crate::cli::args::is_pgn_path(path) {
        match std::fs::read(path) {
            Ok(bytes) => pgn(&String::from_utf8_lossy(&bytes), &mut read),
            Err(e) => read.errors.push((None, cannot_read(path, &e))),
        }
    } else if target.len() == 1 && crate::popeye::is_popeye_file(path) {
        match crate::popeye::read_file(path) {
            Ok(text) => popeye(&text, game, &mut read),
            Err(e) => read.errors.push((None, cannot_read(path, &e))),
        }
    } else if target.len() == 1
        && (path.is_file()
            || collection::is_epd_path(path)
            || path.extension().is_some_and(|e| e == "fen"))
    {
        collection_file(path, game, &mut read);
    } else if crate::popeye::looks_like_popeye(&joined) {
        popeye(&joined, game, &mut read);
    } else {
        let parts = collection::record::parts(&joined, false);
        let ops = parts
            .ops
            .clone()
            .map(|r| joined[r].to_string())
            .unwrap_or_default();
        add(&mut read, Origin::Line(1), &joined[parts.fen], ops, game);
    }
    read
}

fn collection_file(path: &Path, game: Option<Game>, read: &mut Read) {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            read.errors.push((None, cannot_read(path, &e)));
            return;
        }
    };
    let input = std::io::BufReader::with_capacity(1 << 16, file);
    for record in stream::records(input, collection::is_epd_path(path)) {
        match record {
            Ok(r) => {
                let ops = r.operations().unwrap_or("").to_string();
                add(read, Origin::Line(r.line), r.fen(), ops, game);
            }
            Err(e) => {
                read.errors.push((None, cannot_read(path, &e)));
                return;
            }
        }
    }
}

/// Each game a record at its start position, its main line as the solution `c1` (SAN, or WXF
/// in xiangqi, without move numbers), its `Event` as the `id` and its `Annotator` as `c0`: the
/// tags `--to pgn` writes from them, so that a game converted to EPD and back keeps its moves.
fn pgn(text: &str, read: &mut Read) {
    let games = match crate::core::pgn::read(text) {
        Ok(games) => games,
        Err(e) => {
            read.errors.push((None, e.to_string()));
            return;
        }
    };
    for (i, game) in games.iter().enumerate() {
        let style = if game.setup.game.is_xiangqi() {
            crate::core::notation::Notation::Wxf
        } else {
            crate::core::notation::Notation::San
        };
        let moves = style.write_line(&game.setup, &game.moves).join(" ");
        let mut ops = Vec::new();
        let known = |name: &str| game.tag(name).filter(|v| !v.trim().is_empty() && *v != "?");
        if let Some(event) = known("Event") {
            ops.push(format!("id {};", crate::collection::epd::quoted(event)));
        }
        if let Some(annotator) = known("Annotator") {
            ops.push(format!("c0 {};", crate::collection::epd::quoted(annotator)));
        }
        if !moves.is_empty() {
            ops.push(format!("c1 {};", crate::collection::epd::quoted(&moves)));
        }
        if let Some((at, word)) = &game.stopped_at {
            let why = crate::i18n::fmt(
                crate::cli::lang(),
                "convert-move-stops",
                &[("at", (*at).into()), ("word", word.as_str().into())],
            );
            read.errors.push((Some(Origin::Game(i + 1)), why));
        }
        read.records.push(Record {
            origin: Origin::Game(i + 1),
            fen: fen::write(&game.setup),
            position: game.setup,
            ops: ops.join(" "),
        });
    }
}

fn popeye(text: &str, game: Option<Game>, read: &mut Read) {
    let input = crate::popeye::read(text);
    for d in &input.errors {
        read.errors
            .push((Some(Origin::Line(d.line)), d.message.clone()));
    }
    for p in &input.problems {
        if let Some(d) = p.errors.first() {
            read.errors.push((
                Some(Origin::Line(d.line)),
                format!("{}:{}: {}", d.line, d.col, d.message),
            ));
            continue;
        }
        let epd = p.epd();
        let parts = collection::record::parts(&epd, true);
        let ops = parts
            .ops
            .clone()
            .map(|r| epd[r].to_string())
            .unwrap_or_default();
        add(
            read,
            Origin::Line(p.line),
            &epd[parts.fen],
            ops,
            game.or(Some(Game::Chess)),
        );
    }
}

/// "cannot read PATH: why", in the user's language.
fn cannot_read(path: &Path, e: &dyn std::fmt::Display) -> String {
    let (path, why) = (path.display().to_string(), e.to_string());
    let args = [("path", path.as_str().into()), ("why", why.as_str().into())];
    crate::i18n::fmt(crate::cli::lang(), "convert-cannot-read", &args)
}

/// Adds the record of `fen_text` and `ops`, or why its FEN does not read.
fn add(read: &mut Read, origin: Origin, fen_text: &str, ops: String, game: Option<Game>) {
    let result = fen::read(fen_text, game);
    match result.position {
        Some(position) if !result.diagnostics.iter().any(Diagnostic::is_error) => {
            read.records.push(Record {
                origin,
                fen: fen::write(&position),
                position,
                ops,
            });
        }
        _ => {
            let why: Vec<String> = result
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| d.message.clone())
                .collect();
            read.errors.push((
                Some(origin),
                format!(
                    "{}: {}",
                    crate::core::escape::controls(fen_text),
                    why.join("; ")
                ),
            ));
        }
    }
}

//! The command line: the editor by default, and its subcommands (`check`, `show`, `perft`, …).

use std::path::Path;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::collection::is_epd_path;
use crate::core::Game;
use crate::ui::pieces::PieceSize;

#[derive(Debug, Parser)]
#[command(
    name = "fenboard",
    version,
    about = "A terminal board editor for FEN positions: chess, Chess960 and xiangqi",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The language of the screen and of `show`, `check` and `solve` (JSON stays English);
    /// default: the locale (LC_ALL, then LC_MESSAGES, then LANG), English for any other.
    #[arg(long, value_enum, global = true, value_name = "LANG")]
    pub lang: Option<LangArg>,

    /// How moves are written on the screen and in `solve`'s play: san, san-es (Spanish
    /// letters), figurine (♘f3), wxf, chinese (炮二平五) or coordinates; default: the
    /// language's (chinese for xiangqi in zh, san-es for chess in es, else san or wxf). A
    /// notation of the other game leaves that game at its default.
    #[arg(long, global = true, value_name = "NOTATION", value_parser = notation_arg)]
    pub notation: Option<crate::core::notation::Notation>,

    #[command(flatten)]
    pub edit: EditArgs,
}

/// Options of the editor (no subcommand).
#[derive(Debug, Args)]
pub struct EditArgs {
    /// The game; `auto` tells it from the FEN (no FEN and no file: chess).
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// Letters instead of Unicode/CJK piece glyphs.
    #[arg(long)]
    pub ascii: bool,

    /// Piece drawings that fill squares of 5×2 cells and more (xiangqi: discs), or one glyph
    /// per square. `--ascii` keeps letters either way.
    #[arg(long, value_enum, default_value_t = PiecesArg::Large)]
    pub pieces: PiecesArg,

    /// Leave the terminal's own mouse selection alone.
    #[arg(long)]
    pub no_mouse: bool,

    /// The UCI engine of the Analysis panel (`l`): a path, or a name on PATH (else
    /// FENBOARD_ENGINE, else the first of stockfish for chess, fairy-stockfish or pikafish for
    /// xiangqi, on PATH or in /usr/games).
    #[arg(long, value_name = "PATH")]
    pub engine: Option<std::path::PathBuf>,

    /// A FEN to edit (its fields may be separate arguments), a .fen/.epd FILE to open as a
    /// collection, or a Popeye .inp to open as one that saves as FILE.epd.
    #[arg(value_name = "FEN | FILE")]
    pub target: Vec<String>,
}

/// The command line with leading global options (`--lang L`, `--notation N`, or `--lang=L`)
/// moved after the subcommand that follows them: the editor's own options exclude
/// subcommands, so `fenboard --lang zh show` would read `show` as a FEN; after the subcommand,
/// the global options are the subcommand's.
pub fn lang_after_subcommand(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use clap::CommandFactory;
    let is_subcommand = |a: &std::ffi::OsString| {
        let a = a.to_string_lossy();
        Cli::command().get_subcommands().any(|c| c.get_name() == a)
    };
    let mut sub = 1;
    loop {
        let Some(a) = args.get(sub).map(|a| a.to_string_lossy().into_owned()) else {
            return args;
        };
        sub += match a.as_str() {
            "--lang" | "--notation" => 2,
            _ if a.starts_with("--lang=") || a.starts_with("--notation=") => 1,
            _ => break,
        };
    }
    if sub == 1 || !args.get(sub).is_some_and(is_subcommand) {
        return args;
    }
    let mut out = vec![args[0].clone(), args[sub].clone()];
    out.extend_from_slice(&args[1..sub]);
    out.extend_from_slice(&args[sub + 1..]);
    out
}

/// A `--notation` value by its name.
fn notation_arg(name: &str) -> Result<crate::core::notation::Notation, String> {
    use crate::core::notation::Notation;
    Notation::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Notation::ALL.iter().map(|n| n.name()).collect();
        format!("not a notation: use one of {}", names.join(", "))
    })
}

/// `--lang`'s values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    Es,
    Zh,
}

impl LangArg {
    pub fn lang(self) -> crate::i18n::Lang {
        use crate::i18n::Lang;
        match self {
            LangArg::En => Lang::En,
            LangArg::Es => Lang::Es,
            LangArg::Zh => Lang::Zh,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint FEN/EPD records, one per line (standard input when no FILE or `-`).
    Check(CheckArgs),
    /// Print a diagram of a position.
    Show(ShowArgs),
    /// Count the leaf nodes of the legal move tree.
    Perft(PerftArgs),
    /// Draw publication diagrams (SVG, PNG, or a printable HTML page of a whole file).
    Diagram(DiagramArgs),
    /// Solve a problem (#n, =n, s#n, s=n, h#n, h#n.5; xiangqi #n) or every problem of a file.
    Solve(SolveArgs),
    /// Convert a FEN, a .fen/.epd collection, a Popeye .inp or a .pgn to EPD, Popeye input or PGN.
    Convert(ConvertArgs),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of fenboard or of one of its subcommands.
    Man(ManArgs),
    /// Hold the text read from standard input on the desktop clipboard until another program
    /// takes it (started by the editor's copy).
    #[command(hide = true)]
    ServeClipboard,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`fenboard-check(1)`…); fenboard's own when absent.
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// One JSON object per record (JSON Lines).
    #[arg(long)]
    pub json: bool,

    /// Files to check; `-` is standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// Letters instead of Unicode/CJK piece glyphs.
    #[arg(long)]
    pub ascii: bool,

    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,

    /// `large`: squares of 7×3 cells (xiangqi 6×3) with piece drawings; `small`: one glyph per
    /// square, the compact diagram.
    #[arg(long, value_enum, default_value_t = PiecesArg::Small)]
    pub pieces: PiecesArg,

    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,

    /// The FEN (its fields may be separate arguments); the start position when absent.
    #[arg(value_name = "FEN")]
    pub fen: Vec<String>,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// List the count under each first move before the total.
    #[arg(long, conflicts_with = "suite")]
    pub divide: bool,

    /// Check every `Dn count` operation of the records in FILE (a perft suite).
    #[arg(long, value_name = "FILE")]
    pub suite: Option<String>,

    /// With --suite: check depths up to N only.
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u32>,

    /// With --suite: one JSON object per record (JSON Lines); the summary goes to stderr.
    #[arg(long)]
    pub json: bool,

    /// With --suite: count illegal positions anyway where moves can still be generated.
    #[arg(long)]
    pub force: bool,

    /// The FEN (its fields may be separate arguments) followed by the depth.
    #[arg(
        value_name = "FEN DEPTH",
        required_unless_present = "suite",
        conflicts_with = "suite",
        num_args = 2..,
        allow_negative_numbers = true
    )]
    pub args: Vec<String>,
}

#[derive(Debug, Args)]
pub struct DiagramArgs {
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// What to write; by default the extension of OUT tells, else SVG.
    #[arg(long, value_enum)]
    pub format: Option<DiagramFormat>,

    /// Width of each diagram in pixels.
    #[arg(long, value_name = "PX", default_value_t = crate::diagram::DEFAULT_SIZE,
          value_parser = clap::value_parser!(u32).range(
              crate::diagram::MIN_SIZE as i64..=crate::diagram::MAX_SIZE as i64))]
    pub size: u32,

    /// Draw the board from Black's side.
    #[arg(long)]
    pub flip: bool,

    /// File letters and rank numbers around the board.
    #[arg(long)]
    pub coords: bool,

    /// No caption (author, source, stipulation, piece count) under the board.
    #[arg(long)]
    pub no_caption: bool,

    /// HTML: solve every record that has a stipulation and no solution (EPD `c1`) yet, and
    /// put what the solver finds behind the record's "Solution".
    #[arg(long)]
    pub solve: bool,

    /// With --solve: the most seconds spent on one problem.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, requires = "solve")]
    pub solve_time: u64,

    /// Where to write: a file, or for a FILE of several records in SVG/PNG a folder (one image
    /// per record, named after its EPD `id` or its line number). Standard output when absent.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<std::path::PathBuf>,

    /// A FEN (its fields may be separate arguments) or a .fen/.epd FILE; the start position
    /// when absent.
    #[arg(value_name = "FEN | FILE")]
    pub target: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiagramFormat {
    Svg,
    Png,
    Html,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The game of FENs that could be either (default: told from each FEN).
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// The format to write.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Format,

    /// Write here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<std::path::PathBuf>,

    /// A FEN or EPD record (its fields may be separate arguments), a .fen/.epd FILE, or a
    /// Popeye .inp (or any file whose first word is beginproblem).
    #[arg(value_name = "IN", required = true)]
    pub input: Vec<String>,
}

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// EPD: four position fields and the record's operations.
    Epd,
    /// Popeye input: a problem per record, which Popeye solves to the same keys.
    Popeye,
    /// PGN: a game per record from its position, with its solution's main line.
    Pgn,
    /// LaTeX: one document for pdflatex, chess with diagram.sty, xiangqi with xq.
    Latex,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[arg(long, value_enum, default_value_t = GameArg::Auto)]
    pub game: GameArg,

    /// The stipulation (#2, =3, s#2, h#3, h#2.5, r#2, ser-#3, ser-h#5, ser-s#4, xiangqi #3;
    /// the last move's goals x capture, % win a piece, + check, ep, 00 castling: x3, hx2,
    /// h002, ser-x4); overrides a file's own.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub stip: Option<String>,

    /// Help play as the FEN says: its side to move begins (h#n normally begins with Black,
    /// h#n.5 with White).
    #[arg(long)]
    pub as_given: bool,

    /// Also show the set play: what the other side's moves in the diagram would meet.
    #[arg(long)]
    pub set_play: bool,

    /// A twin, in Popeye's words (move c3 d4, exchange, remove, add white qa1, rotate 90,
    /// mirror a1<-->h1, shift a1 b1, polish, stipulation #3; cont changes the last twin);
    /// repeatable: b), c), …
    #[arg(long, value_name = "TWIN", allow_hyphen_values = true)]
    pub twin: Vec<String>,

    /// Help and series play: stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_solutions: Option<u32>,

    /// Solve a position the legality rules refuse (a warning says which rule).
    #[arg(long)]
    pub force: bool,

    /// Every move of the attacking side must give check (xiangqi's continuous-check puzzles).
    #[arg(long)]
    pub checks: bool,

    /// Also list the tries: first moves refuted by only one or two defences.
    #[arg(long)]
    pub tries: bool,

    /// One JSON object per problem (JSON Lines).
    #[arg(long)]
    pub json: bool,

    /// Search threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    /// Help and series play in chess: intelligent passes over every position from which the
    /// goal is out of reach of the moves left (the same solutions, sooner); plain searches
    /// every line.
    #[arg(long, value_enum, value_name = "HOW", default_value_t = SearchArg::Intelligent)]
    pub search: SearchArg,

    /// Memory for the search in MB: the transposition table and, in help and series play, the
    /// caches of each thread.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,

    /// Stop each problem's search after this long (90, 90s, 500ms, 2m) and print what is proved.
    #[arg(long, value_name = "T")]
    pub max_time: Option<String>,

    /// Chess pieces as figurines in the play (♘f3).
    #[arg(long)]
    pub figurine: bool,

    /// A FEN (its fields may be separate arguments; EPD operations such as `dm 2;` count) or
    /// a .fen/.epd FILE.
    #[arg(value_name = "FEN | FILE", required = true, num_args = 1..)]
    pub target: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    Auto,
    Chess,
    Chess960,
    Xiangqi,
}

impl GameArg {
    /// The forced game, or `None` for auto-detection.
    pub fn game(self) -> Option<Game> {
        match self {
            GameArg::Auto => None,
            GameArg::Chess => Some(Game::Chess),
            GameArg::Chess960 => Some(Game::Chess960),
            GameArg::Xiangqi => Some(Game::Xiangqi),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SearchArg {
    Intelligent,
    Plain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PiecesArg {
    Small,
    Large,
}

impl PiecesArg {
    pub fn size(self) -> PieceSize {
        match self {
            PiecesArg::Small => PieceSize::Small,
            PiecesArg::Large => PieceSize::Large,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

/// Whether `path` names a PGN file by its extension (`.pgn` in any case).
pub fn is_pgn_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Whether the command line names a collection file rather than a FEN. An existing folder
/// counts, so that opening it fails with a clear error instead of reading its name as a FEN.
pub fn is_collection_target(target: &[String]) -> bool {
    match target {
        [one] => {
            let path = Path::new(one);
            let fen_name = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("fen"));
            !is_pgn_path(path)
                && (path.is_file()
                    || path.is_dir()
                    || is_epd_path(path)
                    || fen_name
                    || crate::popeye::is_popeye_path(path))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_lang_moves_after_the_subcommand() {
        let args = |s: &str| -> Vec<std::ffi::OsString> { s.split(' ').map(Into::into).collect() };
        let moved = |s: &str| lang_after_subcommand(args(s));
        assert_eq!(
            moved("fenboard --lang zh show 8/8"),
            args("fenboard show --lang zh 8/8")
        );
        assert_eq!(
            moved("fenboard --lang=es check -"),
            args("fenboard check --lang=es -")
        );
        assert_eq!(
            moved("fenboard --notation figurine --lang es solve x"),
            args("fenboard solve --notation figurine --lang es x")
        );
        // The editor's own, and anything else, as it is.
        for same in [
            "fenboard --lang zh 8/8/8",
            "fenboard show --lang zh",
            "fenboard --lang",
            "fenboard --ascii show",
            "fenboard",
        ] {
            assert_eq!(moved(same), args(same), "{same}");
        }
        let cli = Cli::parse_from(moved("fenboard --lang zh show 8/8"));
        assert!(matches!(cli.command, Some(Command::Show(_))));
        assert_eq!(cli.lang, Some(LangArg::Zh));
        let editor = Cli::parse_from(moved("fenboard --lang es 8/8/8/8/8/8/8/8"));
        assert!(editor.command.is_none() && editor.lang == Some(LangArg::Es));
    }

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn unquoted_fen_fields_are_collected() {
        let cli =
            Cli::try_parse_from(["fenboard", "8/8/8/8/8/8/8/8", "w", "-", "-", "0", "1"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.edit.target.len(), 6);
    }

    #[test]
    fn subcommands_parse() {
        let cli = Cli::try_parse_from(["fenboard", "perft", "--divide", "startfen", "3"]).unwrap();
        match cli.command {
            Some(Command::Perft(p)) => {
                assert!(p.divide);
                assert_eq!(p.args, ["startfen", "3"]);
            }
            other => panic!("parsed as {other:?}"),
        }
        assert!(Cli::try_parse_from(["fenboard", "check", "--json", "-"]).is_ok());
        let cli =
            Cli::try_parse_from(["fenboard", "perft", "--suite", "s.epd", "--max-depth", "3"])
                .unwrap();
        match cli.command {
            Some(Command::Perft(p)) => {
                assert_eq!((p.suite.as_deref(), p.max_depth), (Some("s.epd"), Some(3)));
            }
            other => panic!("parsed as {other:?}"),
        }
        assert!(
            Cli::try_parse_from(["fenboard", "perft", "--suite", "s", "startfen", "3"]).is_err()
        );
        assert!(Cli::try_parse_from(["fenboard", "--game", "shogi"]).is_err());
        let cli = Cli::try_parse_from(["fenboard"]).unwrap();
        assert_eq!(cli.edit.pieces, PiecesArg::Large);
        let cli = Cli::try_parse_from(["fenboard", "--pieces", "small", "--ascii"]).unwrap();
        assert_eq!((cli.edit.pieces, cli.edit.ascii), (PiecesArg::Small, true));
        assert!(Cli::try_parse_from(["fenboard", "--pieces", "huge"]).is_err());
        match Cli::try_parse_from(["fenboard", "show", "--pieces", "large"])
            .unwrap()
            .command
        {
            Some(Command::Show(s)) => assert_eq!(s.pieces, PiecesArg::Large),
            other => panic!("parsed as {other:?}"),
        }
        let cli = Cli::try_parse_from([
            "fenboard",
            "solve",
            "--stip",
            "h#2.5",
            "--threads",
            "2",
            "--hash",
            "16",
            "8/8",
            "w",
        ])
        .unwrap();
        match cli.command {
            Some(Command::Solve(s)) => {
                assert_eq!(s.stip.as_deref(), Some("h#2.5"));
                assert_eq!((s.threads, s.hash), (Some(2), 16));
                assert_eq!(s.target, ["8/8", "w"]);
            }
            other => panic!("parsed as {other:?}"),
        }
        assert!(Cli::try_parse_from(["fenboard", "solve", "--threads", "0", "x"]).is_err());
        assert!(Cli::try_parse_from(["fenboard", "solve", "--hash", "0", "x"]).is_err());
    }

    #[test]
    fn fen_words_are_not_taken_for_files() {
        let words = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
        assert!(!is_collection_target(&words(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        )));
        assert!(!is_collection_target(&words("8/8/8/8/8/8/8/8")));
        assert!(is_collection_target(&words("puzzles.fen")));
        assert!(is_collection_target(&words("new/tests.epd")));
        assert!(is_collection_target(&words("Cargo.toml")));
        assert!(is_collection_target(&words("src")), "a folder");
        assert!(!is_collection_target(&[]));
    }
}

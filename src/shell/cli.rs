//! The command line: the editor by default, and the `check`, `show` and `perft` subcommands.

use clap::{Args, Parser, Subcommand, ValueEnum};

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

    /// A FEN to edit (its fields may be separate arguments), or a .fen/.epd FILE to open as a
    /// collection.
    #[arg(value_name = "FEN | FILE")]
    pub target: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lint FEN/EPD records, one per line (standard input when no FILE or `-`).
    Check(CheckArgs),
    /// Print a diagram of a position.
    Show(ShowArgs),
    /// Count the leaf nodes of the legal move tree.
    Perft(PerftArgs),
    /// Hold the text read from standard input on the desktop clipboard until another program
    /// takes it (started by the editor's copy).
    #[command(hide = true)]
    ServeClipboard,
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
    #[arg(long)]
    pub divide: bool,

    /// The FEN (its fields may be separate arguments) followed by the depth.
    #[arg(
        value_name = "FEN DEPTH",
        required = true,
        num_args = 2..,
        allow_negative_numbers = true
    )]
    pub args: Vec<String>,
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}

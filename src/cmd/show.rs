//! `fenboard show`: a diagram of a position with its FEN, diagnostics and status.

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use crate::cli::args::is_collection_target;
use crate::cli::args::{ColorArg, ShowArgs};
use crate::cli::output::print;
use crate::cli::{Failure, Result};
use crate::collection::{record, stream};
use crate::core::escape::controls;
use crate::core::{self, Diagnostic, Game, fen};
use crate::ui::ansi::buffer_to_text;
use crate::ui::board::{Marks, diagram};
use crate::ui::glyphs::GlyphSet;
use crate::ui::pieces::PieceSize;
use crate::ui::text;
use crate::ui::theme::{ColorMode, Theme};

pub fn run(args: ShowArgs) -> Result<ExitCode> {
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let mode = if color {
        match ColorMode::from_vars(false, std::env::var("COLORTERM").ok().as_deref()) {
            ColorMode::Mono => ColorMode::Indexed,
            m => m,
        }
    } else {
        ColorMode::Mono
    };
    let theme = Theme::new(mode);
    let look = Look {
        game: args.game.game(),
        glyphs: GlyphSet::from_ascii_flag(args.ascii),
        pieces: args.pieces.size(),
        theme: &theme,
        flipped: args.flip,
    };
    if is_collection_target(&args.fen) {
        return show_file(Path::new(&args.fen[0]), &look);
    }
    let input = args.fen.join(" ");
    // An EPD record shows its position; its operations are not part of the FEN.
    let parts = record::parts(&input, false);
    let (out, code) = look.render(&input[parts.fen.clone()], parts.is_four_fields())?;
    print(out.as_bytes())?;
    Ok(ExitCode::from(code))
}

/// How positions are drawn.
struct Look<'a> {
    game: Option<Game>,
    glyphs: GlyphSet,
    pieces: PieceSize,
    theme: &'a Theme,
    flipped: bool,
}

/// Shows every record of the collection file at `path`, read as a stream, each under a
/// `FILE:LINE:` heading (with its EPD `id`); a record that does not read is reported on stderr
/// and the others are still shown. The exit status is the worst record's.
fn show_file(path: &Path, look: &Look<'_>) -> Result<ExitCode> {
    let name = controls(&path.display().to_string()).into_owned();
    let cannot_read = |e: std::io::Error| Failure::new(2, format!("cannot read {name}: {e}"));
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let input = std::io::BufReader::with_capacity(1 << 16, file);
    let mut worst = 0;
    let mut any = false;
    for r in stream::records(input, crate::collection::is_epd_path(path)) {
        let r = r.map_err(cannot_read)?;
        any = true;
        let mut head = format!("{name}:{}:", r.line);
        if let Some(id) = r.id() {
            head.push_str(&format!(" {}", controls(id)));
        }
        match look.render(r.fen(), r.is_four_fields()) {
            Ok((out, code)) => {
                print(format!("{head}\n{out}\n").as_bytes())?;
                worst = worst.max(code);
            }
            Err(failure) => {
                for line in &failure.lines {
                    crate::cli::report("show", &format!("{name}:{}: {line}", r.line));
                }
                worst = worst.max(failure.status);
            }
        }
    }
    if !any {
        return Err(Failure::new(2, format!("{name} holds no record")));
    }
    Ok(ExitCode::from(worst))
}

/// What `show` prints on stdout and its exit status (0 legal, 1 read but illegal), or the
/// reading problems of an unreadable text (exit status 2).
pub fn show(
    input: &str,
    game: Option<Game>,
    glyphs: GlyphSet,
    pieces: PieceSize,
    theme: &Theme,
    flipped: bool,
) -> Result<(String, u8)> {
    let look = Look {
        game,
        glyphs,
        pieces,
        theme,
        flipped,
    };
    look.render(input, false)
}

impl Look<'_> {
    /// What `show` prints for the FEN text `input`; `epd` when it is an EPD record's four
    /// fields, whose missing clocks are normal.
    fn render(&self, input: &str, epd: bool) -> Result<(String, u8)> {
        let (game, glyphs, pieces, theme, flipped) = (
            self.game,
            self.glyphs,
            self.pieces,
            self.theme,
            self.flipped,
        );
        let text_in = if input.trim().is_empty() {
            game.unwrap_or(Game::Chess).start_fen()
        } else {
            input
        };
        let read = fen::read(text_in, game);
        let Some(position) = read.position else {
            let game = game.unwrap_or(Game::Chess);
            return Err(Failure {
                status: 2,
                lines: read.diagnostics.iter().map(|d| describe(d, game)).collect(),
            });
        };
        let mut diagnostics = read.diagnostics;
        if epd {
            diagnostics.retain(|d| d.code != core::Code::MissingFields);
        }
        diagnostics.extend(core::legality::diagnose(&position));
        let marks = Marks::from_diagnostics(&diagnostics);
        let buf = diagram(&position, &marks, glyphs, pieces, theme, flipped);
        let mut out = buffer_to_text(&buf, !theme.is_mono());
        out.push('\n');
        out.push_str(&fen::write(&position));
        out.push('\n');
        for d in &diagnostics {
            out.push_str(&describe(d, position.game));
            out.push('\n');
        }
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let status = if errors == 0 {
            core::status::status_of_legal(&position)
        } else {
            None
        };
        out.push_str(&text::status_line(
            crate::cli::lang(),
            status.as_ref(),
            errors,
            position.turn,
            position.game,
        ));
        out.push('\n');
        Ok((out, if errors > 0 { 1 } else { 0 }))
    }
}

/// One diagnostic as a line, with its field and the squares it names.
pub(super) fn describe(d: &Diagnostic, game: Game) -> String {
    text::diagnostic_line(crate::cli::lang(), d, game, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(
        input: &str,
        game: Option<Game>,
        glyphs: GlyphSet,
        flipped: bool,
    ) -> (String, String, u8) {
        // What the user sees: stdout, and stderr as `main` prints a failure.
        match show(
            input,
            game,
            glyphs,
            PieceSize::Small,
            &Theme::new(ColorMode::Mono),
            flipped,
        ) {
            Ok((out, code)) => (out, String::new(), code),
            Err(f) => {
                let err = f
                    .lines
                    .iter()
                    .map(|l| crate::cli::message("show", l) + "\n");
                (String::new(), err.collect(), f.status)
            }
        }
    }

    #[test]
    fn no_fen_shows_the_start_position_of_the_game() {
        let (out, err, code) = plain("", None, GlyphSet::Unicode, false);
        assert_eq!((err.as_str(), code), ("", 0));
        insta::assert_snapshot!("show_chess_start", out);
        let (out, _, code) = plain("  ", Some(Game::Xiangqi), GlyphSet::Unicode, false);
        assert_eq!(code, 0);
        insta::assert_snapshot!("show_xiangqi_start", out);
    }

    #[test]
    fn ascii_and_flip_change_only_the_diagram() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20";
        let (out, _, code) = plain(fen, None, GlyphSet::Ascii, true);
        assert_eq!(code, 0);
        insta::assert_snapshot!("show_chess_ascii_flipped", out);
        assert!(out.contains("\nr3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20\n"));
    }

    #[test]
    fn unreadable_input_goes_to_stderr_with_status_2() {
        for garbage in ["hello", "rnbqkbnr/pppppppp w", "\u{0}\u{1b}[31m", "9/9/9"] {
            let (out, err, code) = plain(garbage, None, GlyphSet::Unicode, false);
            assert_eq!(code, 2, "{garbage:?}");
            assert!(out.is_empty(), "{garbage:?}");
            assert!(err.contains("fenboard show: error["), "{garbage:?}: {err}");
        }
    }

    #[test]
    fn colour_output_has_escapes_and_plain_output_none() {
        let (coloured, _) = show(
            "",
            None,
            GlyphSet::Unicode,
            PieceSize::Small,
            &Theme::new(ColorMode::TrueColor),
            false,
        )
        .unwrap();
        assert!(coloured.contains("\x1b[0;48;2;"));
        let (plain_out, _, _) = plain("", None, GlyphSet::Unicode, false);
        assert!(!plain_out.contains('\x1b'));
    }
}

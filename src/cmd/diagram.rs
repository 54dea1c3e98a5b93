//! `fenboard diagram`: publication diagrams of a FEN or of every record of a file, as SVG, PNG
//! or one printable HTML page.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::show::describe;
use crate::cli::args::is_collection_target;
use crate::cli::args::{DiagramArgs, DiagramFormat};
use crate::collection::{Collection, record};
use crate::core::{Game, Position, fen, legality};
use crate::diagram::{self, Caption, Options, html, naming::file_stem, png::Fonts};
use crate::solve;

pub fn run(args: DiagramArgs) -> ExitCode {
    let stdout = std::io::stdout();
    let tty = stdout.is_terminal();
    let mut err = std::io::stderr().lock();
    ExitCode::from(execute(&args, &mut stdout.lock(), tty, &mut err))
}

/// Runs the subcommand: images to `out` (a terminal when `out_tty`) or to files, messages to
/// `err`. The exit status: 0 drawn (illegal positions too, with a warning), 2 on unreadable
/// input, bad usage or output that cannot be written.
pub fn execute(args: &DiagramArgs, out: &mut dyn Write, out_tty: bool, err: &mut dyn Write) -> u8 {
    let mut run = Run {
        args,
        format: format_of(args),
        options: Options {
            size: args.size,
            flip: args.flip,
            coords: args.coords,
            caption: !args.no_caption,
            letters: false,
        },
        fonts: None,
        warned: HashSet::new(),
        err,
        failed: false,
    };
    if args.solve && run.format != DiagramFormat::Html {
        run.say("warning: --solve shows solutions only on the HTML sheet (--format html)");
    }
    let result = if is_collection_target(&args.target) {
        run.file(Path::new(&args.target[0]), out, out_tty)
    } else {
        run.single(out, out_tty)
    };
    if let Err(message) = result {
        run.say(&message);
        return 2;
    }
    if run.failed { 2 } else { 0 }
}

/// The format asked for, or the one OUT's extension names, or SVG.
fn format_of(args: &DiagramArgs) -> DiagramFormat {
    if let Some(format) = args.format {
        return format;
    }
    let ext = args
        .output
        .as_deref()
        .and_then(Path::extension)
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("png") => DiagramFormat::Png,
        Some("html" | "htm") => DiagramFormat::Html,
        _ => DiagramFormat::Svg,
    }
}

struct Run<'a> {
    args: &'a DiagramArgs,
    format: DiagramFormat,
    options: Options,
    /// Loaded on the first PNG (reading the font folders takes a moment).
    fonts: Option<Fonts>,
    /// Warnings already given (one "no CJK font" per run, not per record).
    warned: HashSet<String>,
    err: &'a mut dyn Write,
    /// A record could not be drawn.
    failed: bool,
}

/// A record read for drawing.
struct Drawn {
    position: Position,
    caption: Caption,
}

impl Run<'_> {
    fn say(&mut self, message: &str) {
        let _ = writeln!(self.err, "fenboard diagram: {message}");
    }

    /// A FEN (with EPD operations, if any) read for drawing; `where_` prefixes the messages.
    /// Problems go to stderr: unreadable is `None`, illegal is drawn with a warning.
    fn read(&mut self, text: &str, ops: Option<&str>, where_: &str) -> Option<Drawn> {
        let game = self.args.game.game();
        let read = fen::read(text, game);
        let Some(position) = read.position else {
            for d in &read.diagnostics {
                let line = describe(d, game.unwrap_or(Game::Chess));
                self.say(&format!("{where_}{line}"));
            }
            self.failed = true;
            return None;
        };
        let errors: Vec<_> = legality::diagnose(&position)
            .into_iter()
            .filter(|d| d.is_error())
            .collect();
        if !errors.is_empty() {
            self.say(&format!(
                "{where_}warning: an illegal position, drawn as it stands:"
            ));
            for d in &errors {
                let line = describe(d, position.game);
                self.say(&format!("{where_}  {line}"));
            }
        }
        let mut caption = Caption::new(&position, ops);
        let sheet = self.format == DiagramFormat::Html;
        if self.args.solve && sheet && caption.solution.is_none() && errors.is_empty() {
            caption.solution = self.solve(&position, caption.stipulation.as_deref(), where_);
        }
        Some(Drawn { position, caption })
    }

    /// What the solver finds for `stipulation` (none: nothing to solve), as a magazine
    /// prints it; a search that ran out of time says so.
    fn solve(
        &mut self,
        position: &Position,
        stipulation: Option<&str>,
        where_: &str,
    ) -> Option<String> {
        let text = stipulation?;
        let stipulation = match text.parse::<solve::Stipulation>() {
            Ok(s) => s,
            Err(e) => {
                self.say(&format!(
                    "{where_}warning: stipulation {text:?} not solved: {e}"
                ));
                return None;
            }
        };
        let options = solve::Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            ..solve::Options::default()
        };
        let cancel = AtomicBool::new(false);
        let limit = Duration::from_secs(self.args.solve_time);
        let mut stop_late = |p: solve::Progress| {
            if p.elapsed >= limit {
                cancel.store(true, Ordering::Relaxed);
            }
        };
        match solve::solve(position, stipulation, &options, &cancel, &mut stop_late) {
            Ok(found) => {
                let play = solve::text::render(
                    &found,
                    solve::text::Style {
                        figurine: false,
                        lang: crate::i18n::Lang::En,
                    },
                );
                Some(match found.outcome {
                    solve::Outcome::Solved => play,
                    solve::Outcome::NoSolution => "No solution.".to_owned(),
                    solve::Outcome::Unfinished => format!(
                        "(the search stopped after {} s: what follows is proved, more may exist)\n{play}",
                        self.args.solve_time
                    ),
                })
            }
            Err(e) => {
                self.say(&format!("{where_}warning: not solved: {e}"));
                None
            }
        }
    }

    fn single(&mut self, out: &mut dyn Write, out_tty: bool) -> Result<(), String> {
        let joined = self.args.target.join(" ");
        let text = if joined.trim().is_empty() {
            self.args.game.game().unwrap_or(Game::Chess).start_fen()
        } else {
            &joined
        };
        // EPD operations (`dm 2; c0 "…";`) may follow the FEN on the command line too.
        let parts = record::parts(text, false);
        let ops = parts.ops.clone().map(|o| &text[o]);
        let Some(drawn) = self.read(&text[parts.fen], ops, "") else {
            return Ok(());
        };
        let bytes = match self.format {
            DiagramFormat::Html => {
                let entry = html::Entry {
                    label: String::new(),
                    position: &drawn.position,
                    caption: &drawn.caption,
                };
                html::sheet("Diagram", &[entry], &self.options).into_bytes()
            }
            _ => self.image(&drawn)?,
        };
        self.emit(&bytes, self.args.output.as_deref(), out, out_tty)
    }

    fn file(&mut self, path: &Path, out: &mut dyn Write, out_tty: bool) -> Result<(), String> {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read {}: {}", path.display(), io_reason(&e)))?;
        let collection = Collection::from_bytes(Some(path.to_owned()), &bytes);
        let name = path.display().to_string();
        let mut drawn = Vec::new();
        for i in 0..collection.len() {
            let line = collection.line_number(i).unwrap_or(0);
            let where_ = format!("{name}:{line}: ");
            if let Some(d) = self.read(collection.fen(i), collection.operations(i), &where_) {
                drawn.push((i, line, d));
            }
        }
        let unread = collection.len() - drawn.len();
        if unread > 0 {
            self.say(&format!(
                "{name}: {unread} of {} records could not be read and are not drawn",
                collection.len()
            ));
        }
        if self.format == DiagramFormat::Html {
            let entries: Vec<html::Entry> = drawn
                .iter()
                .map(|(i, _, d)| html::Entry {
                    label: label(*i),
                    position: &d.position,
                    caption: &d.caption,
                })
                .collect();
            let title = path
                .file_name()
                .map_or(name.clone(), |f| f.to_string_lossy().into_owned());
            let page = html::sheet(&title, &entries, &self.options);
            return self.emit(page.as_bytes(), self.args.output.as_deref(), out, out_tty);
        }
        if collection.len() == 1 {
            let Some((_, _, d)) = drawn.first() else {
                return Ok(());
            };
            let bytes = self.image(d)?;
            return self.emit(&bytes, self.args.output.as_deref(), out, out_tty);
        }
        let Some(folder) = self.args.output.clone() else {
            return Err(format!(
                "{name} has {} records, one image each: give -o FOLDER (or --format html for \
                 one page)",
                collection.len()
            ));
        };
        if folder.is_file() {
            return Err(format!(
                "{} is a file; one image per record needs a folder",
                folder.display()
            ));
        }
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("cannot create {}: {}", folder.display(), io_reason(&e)))?;
        let ext = match self.format {
            DiagramFormat::Png => "png",
            _ => "svg",
        };
        let mut used = HashSet::new();
        for (i, line, d) in &drawn {
            let mut stem = file_stem(collection.id(*i), *line);
            if !used.insert(stem.clone()) {
                stem = format!("{stem}-line-{line}");
                used.insert(stem.clone());
            }
            let bytes = self.image(d)?;
            let target = folder.join(format!("{stem}.{ext}"));
            write_file(&target, &bytes)?;
        }
        Ok(())
    }

    /// The SVG or PNG of one record.
    fn image(&mut self, drawn: &Drawn) -> Result<Vec<u8>, String> {
        if self.format != DiagramFormat::Png {
            return Ok(diagram::svg(&drawn.position, &drawn.caption, &self.options).into_bytes());
        }
        let fonts = self.fonts.get_or_insert_with(Fonts::system);
        let (bytes, warnings) =
            diagram::png::diagram(&drawn.position, &drawn.caption, &self.options, fonts)?;
        for w in warnings {
            if self.warned.insert(w.clone()) {
                self.say(&format!("warning: {w}"));
            }
        }
        Ok(bytes)
    }

    /// `bytes` to the file `to`, or to standard output (never a PNG to a terminal).
    fn emit(
        &mut self,
        bytes: &[u8],
        to: Option<&Path>,
        out: &mut dyn Write,
        out_tty: bool,
    ) -> Result<(), String> {
        if let Some(path) = to {
            return write_file(path, bytes);
        }
        if self.format == DiagramFormat::Png && out_tty {
            return Err(
                "a PNG is not for a terminal: give -o FILE.png or redirect the output (> FILE.png)"
                    .into(),
            );
        }
        out.write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write to standard output: {}", io_reason(&e)))
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!(
            "{} is a folder; give a file name for one image",
            path.display()
        ));
    }
    std::fs::write(path, bytes)
        .map_err(|e| format!("cannot write {}: {}", path.display(), io_reason(&e)))
}

/// An I/O error in words, without Rust's "(os error N)".
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

/// What the sheet calls record `i`: its number in the file (its id is in the caption).
fn label(i: usize) -> String {
    format!("{}.", i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::{Cli, Command};
    use clap::Parser;

    fn args(words: &[&str]) -> DiagramArgs {
        let cli = Cli::try_parse_from([&["fenboard", "diagram"], words].concat()).unwrap();
        match cli.command {
            Some(Command::Diagram(a)) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_png_is_not_written_to_a_terminal() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = execute(&args(&["--format", "png"]), &mut out, true, &mut err);
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert!(String::from_utf8_lossy(&err).contains("a PNG is not for a terminal"));
        // SVG to a terminal is text: fine.
        let code = execute(&args(&[]), &mut out, true, &mut Vec::new());
        assert_eq!(code, 0);
        assert!(out.starts_with(b"<svg"));
    }

    #[test]
    fn the_format_follows_the_output_name() {
        assert_eq!(format_of(&args(&["-o", "x.PNG"])), DiagramFormat::Png);
        assert_eq!(format_of(&args(&["-o", "x.htm"])), DiagramFormat::Html);
        assert_eq!(format_of(&args(&["-o", "x"])), DiagramFormat::Svg);
        assert_eq!(
            format_of(&args(&["--format", "svg", "-o", "x.png"])),
            DiagramFormat::Svg
        );
        assert!(Cli::try_parse_from(["fenboard", "diagram", "--size", "10"]).is_err());
    }
}

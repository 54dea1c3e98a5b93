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
use crate::collection::{record, stream};
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
    /// A message on stderr; a stderr that cannot be written makes the run fail.
    fn say(&mut self, message: &str) {
        if writeln!(self.err, "fenboard diagram: {message}").is_err() {
            self.failed = true;
        }
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
                    &solve::named(&found),
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

    /// Draws every record of the collection file at `path`, read as a stream: one HTML page,
    /// one image for a one-record file, or one image per record in the folder `-o`.
    fn file(&mut self, path: &Path, out: &mut dyn Write, out_tty: bool) -> Result<(), String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read {}: {}", path.display(), io_reason(&e)))?;
        let input = std::io::BufReader::with_capacity(1 << 16, file);
        let mut feed = Feed {
            records: stream::records(input, crate::collection::is_epd_path(path)),
            name: path.display().to_string(),
            total: 0,
            unread: 0,
        };
        let result = self.draw_file(path, &mut feed, out, out_tty);
        if feed.unread > 0 {
            self.say(&format!(
                "{}: {} of {} records could not be read and are not drawn",
                feed.name, feed.unread, feed.total
            ));
        }
        result
    }

    fn draw_file<R: std::io::BufRead>(
        &mut self,
        path: &Path,
        feed: &mut Feed<R>,
        out: &mut dyn Write,
        out_tty: bool,
    ) -> Result<(), String> {
        if self.format == DiagramFormat::Html {
            let mut drawn = Vec::new();
            while let Some(d) = self.next_drawn(feed)? {
                drawn.push(d);
            }
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
                .map_or(feed.name.clone(), |f| f.to_string_lossy().into_owned());
            let page = html::sheet(&title, &entries, &self.options);
            return self.emit(page.as_bytes(), self.args.output.as_deref(), out, out_tty);
        }
        let first = self.next_drawn(feed)?;
        let second = self.next_drawn(feed)?;
        let output = self.args.output.clone();
        let folder_named = output.as_deref().is_some_and(names_a_folder);
        if feed.total == 1 && !folder_named {
            let Some((_, _, d)) = &first else {
                return Ok(());
            };
            let bytes = self.image(d)?;
            return self.emit(&bytes, output.as_deref(), out, out_tty);
        }
        if feed.total == 0 {
            return Err(format!("{} holds no record", feed.name));
        }
        let Some(folder) = output else {
            return Err(format!(
                "{} has more than one record, one image each: give -o FOLDER (or --format \
                 html for one page)",
                feed.name
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
        let mut pending = [first, second].into_iter().flatten();
        loop {
            let Some((_, record, d)) = pending
                .next()
                .map_or_else(|| self.next_drawn(feed), |d| Ok(Some(d)))?
            else {
                return Ok(());
            };
            let mut stem = file_stem(record.id(), record.line);
            if !used.insert(stem.clone()) {
                stem = format!("{stem}-line-{}", record.line);
                used.insert(stem.clone());
            }
            let target = folder.join(format!("{stem}.{ext}"));
            // One image that cannot be made or written is reported; the others still are.
            if let Err(why) = self.image(&d).and_then(|bytes| write_file(&target, &bytes)) {
                self.say(&format!("{}:{}: {why}", feed.name, record.line));
                self.failed = true;
            }
        }
    }

    /// The next record of `feed` that reads, with its index among the records; those that do
    /// not are reported and counted.
    fn next_drawn<R: std::io::BufRead>(
        &mut self,
        feed: &mut Feed<R>,
    ) -> Result<Option<(usize, stream::Record, Drawn)>, String> {
        loop {
            let Some(record) = feed.records.next() else {
                return Ok(None);
            };
            let record =
                record.map_err(|e| format!("cannot read {}: {}", feed.name, io_reason(&e)))?;
            let i = feed.total;
            feed.total += 1;
            let where_ = format!("{}:{}: ", feed.name, record.line);
            match self.read(record.fen(), record.operations(), &where_) {
                Some(d) => return Ok(Some((i, record, d))),
                None => feed.unread += 1,
            }
        }
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

/// The records of a collection file as they are read, and how many were.
struct Feed<R> {
    records: stream::Records<R>,
    name: String,
    total: usize,
    unread: usize,
}

/// Whether `-o` names a folder: one that exists, or a name ending in `/`.
fn names_a_folder(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().as_encoded_bytes().ends_with(b"/")
}

/// Writes `bytes` to `path`; a symbolic link there is not written through (as the editor's
/// rescue files refuse one), nor a folder.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(format!(
            "{} is a symbolic link; not written through (remove it or give another name)",
            path.display()
        ));
    }
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

    /// A stderr whose every write fails.
    struct Unwritable;

    impl Write for Unwritable {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("unwritable"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_warning_that_cannot_reach_stderr_fails_the_run() {
        // No kings: drawn, with a warning on stderr.
        let words = ["8/8/8/8/8/8/8/8 w - - 0 1"];
        let mut err = Vec::new();
        assert_eq!(execute(&args(&words), &mut Vec::new(), false, &mut err), 0);
        assert!(!err.is_empty());
        let mut out = Vec::new();
        assert_eq!(execute(&args(&words), &mut out, false, &mut Unwritable), 2);
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

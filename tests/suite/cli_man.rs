//! `fenboard man [COMMAND]`: every page renders in man and in groff with all warnings on and
//! none given, in a UTF-8 and in the C locale; the main page names each subcommand's page; a
//! name that has no page is exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use clap::CommandFactory;
use fenboard::cli::args::Cli;

use crate::common::{BIN, needs, tools};

fn fenboard(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("fenboard runs")
}

/// The subcommands that have a page, and their one-line descriptions.
fn subcommands() -> Vec<(String, String)> {
    Cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| {
            let about = s.get_about().map(|a| a.to_string()).unwrap_or_default();
            (s.get_name().to_owned(), about)
        })
        .collect()
}

struct Pages(PathBuf);

impl Drop for Pages {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every page in a scratch folder: `fenboard.1` first, then `fenboard-NAME.1`.
fn pages(tag: &str) -> (Pages, Vec<PathBuf>) {
    let dir = std::env::temp_dir().join(format!("fenboard-man-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    let names = std::iter::once(None).chain(subcommands().into_iter().map(|(n, _)| Some(n)));
    for name in names {
        let out = match &name {
            None => fenboard(&["man"]),
            Some(n) => fenboard(&["man", n]),
        };
        assert_eq!(out.status.code(), Some(0), "{name:?}");
        assert!(out.stderr.is_empty(), "{name:?}");
        let file = dir.join(match &name {
            None => "fenboard.1".to_owned(),
            Some(n) => format!("fenboard-{n}.1"),
        });
        std::fs::write(&file, out.stdout).unwrap();
        files.push(file);
    }
    (Pages(dir), files)
}

fn rendered(program: &str, args: &[&str], page: &Path, locale: &str) -> String {
    let out = Command::new(tools::program(program))
        .args(args)
        .arg(page)
        .env("LC_ALL", locale)
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        // All of groff's warnings, through man too.
        .env("MANROFFOPT", "-ww")
        .output()
        .expect("it runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stderr.is_empty(),
        "{program} {args:?} {} in {locale}: status {:?}, stderr:\n{stderr}",
        page.display(),
        out.status
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[needs(man)]
#[test]
fn every_page_renders_in_man_without_a_warning() {
    let (_dir, files) = pages("man");
    for locale in ["C.UTF-8", "C"] {
        let main = rendered("man", &["-l"], &files[0], locale);
        assert!(main.contains("SUBCOMMANDS"), "{main}");
        assert!(main.contains("--engine"), "{main}");
        for ((name, about), file) in subcommands().iter().zip(&files[1..]) {
            assert!(
                main.contains(&format!("fenboard-{name}(1)")),
                "{name}: {main}"
            );
            let page = rendered("man", &["-l"], file, locale);
            // Words, not spacing: man fills and justifies the lines.
            let words: Vec<&str> = page.split_whitespace().collect();
            let has = |want: &[&str]| words.windows(want.len()).any(|w| w == want);
            assert!(has(&["SYNOPSIS", "fenboard", name]), "{name}: {page}");
            let first: Vec<&str> = about.split_whitespace().take(3).collect();
            assert!(has(&first), "{name}: {about:?} not in\n{page}");
        }
    }
}

#[needs(groff)]
#[test]
fn groff_with_every_warning_on_finds_nothing_to_say() {
    let (_dir, files) = pages("groff");
    for file in &files {
        for device in ["-Tutf8", "-Tascii"] {
            rendered("groff", &["-man", device, "-ww", "-z"], file, "C.UTF-8");
        }
    }
}

#[needs(man)]
#[test]
fn a_character_past_ascii_reads_right_in_both_locales() {
    // The solver's --figurine option shows ♘f3: a knight on a UTF-8 terminal, N in ASCII.
    let (_dir, files) = pages("figurine");
    let solve = files
        .iter()
        .find(|f| f.ends_with("fenboard-solve.1"))
        .expect("the solve page");
    let page = std::fs::read_to_string(solve).unwrap();
    assert!(page.is_ascii(), "the page is plain ASCII roff");
    assert!(page.contains("\\[u2658]f3"), "{page}");
    assert!(rendered("man", &["-l"], solve, "C.UTF-8").contains("(♘f3)"));
    assert!(rendered("man", &["-l"], solve, "C").contains("(Nf3)"));
}

#[test]
fn a_name_without_a_page_is_exit_2_with_the_list() {
    for bad in ["nope", "serve-clipboard", "help", "", "check\u{1b}[2J"] {
        let out = fenboard(&["man", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("fenboard man: no manual page for")
                && err.contains("the subcommands are check, show, perft"),
            "{bad:?}: {err}"
        );
        assert!(
            !err.contains('\u{1b}'),
            "control characters are escaped: {err:?}"
        );
    }
    // `fenboard-check` is the page's own name, as the main page writes it.
    assert_eq!(
        fenboard(&["man", "fenboard-check"]).stdout,
        fenboard(&["man", "check"]).stdout
    );
}

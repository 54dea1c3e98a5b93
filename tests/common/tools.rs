//! What a test can need, and whether this machine has it: the one place that decides. Read at
//! build time by `tests/common/needs` (whose `#[needs(…)]` marks a test `ignored` with the
//! reason) and at run time by the tests, to find a program where the probe found it.

use std::path::PathBuf;

/// A condition a test can need: its name in `#[needs(…)]`, the programs it stands for and the
/// Debian package that installs them.
pub struct Need {
    pub name: &'static str,
    pub programs: &'static [&'static str],
    pub package: &'static str,
}

pub const NEEDS: &[Need] = &[
    need("tmux", &["tmux"], "tmux"),
    need("xvfb", &["Xvfb"], "xvfb"),
    need("xclip", &["xclip"], "xclip"),
    need("wl_clipboard", &["wl-copy", "wl-paste"], "wl-clipboard"),
    need("sway", &["sway"], "sway"),
    need("weston", &["weston"], "weston"),
    need("stockfish", &["stockfish"], "stockfish"),
    need("fairy_stockfish", &["fairy-stockfish"], "fairy-stockfish"),
    need("chromium", &["chromium"], "chromium"),
    need("man", &["man"], "man-db"),
    need("groff", &["groff"], "groff-base"),
    need("bash", &["bash"], "bash"),
    need(
        "pdflatex",
        &["pdflatex", "kpsewhich", "pdftoppm", "pdftotext"],
        "texlive-latex-extra texlive-games texlive-pstricks poppler-utils",
    ),
    // Not programs (see `missing`): the test must run as root; the system has /dev/full; Popeye
    // is built (never installed: `popeye_path`).
    need("root", &[], ""),
    need("popeye", &[], ""),
    need("dev_full", &[], ""),
];

const fn need(
    name: &'static str,
    programs: &'static [&'static str],
    package: &'static str,
) -> Need {
    Need {
        name,
        programs,
        package,
    }
}

/// Needs no package installs: a test needing one is skipped with its reason even under
/// `FENBOARD_E2E=1` (Popeye is built by hand from its sources, never by CI).
pub const BUILT_BY_HAND: &[&str] = &["popeye"];

/// Whether the environment asks that nothing be skipped (CI sets `FENBOARD_E2E=1`).
pub fn e2e() -> bool {
    std::env::var("FENBOARD_E2E").as_deref() == Ok("1")
}

/// Where `program` is: the first executable of that name on `PATH`, then in `/usr/games`
/// (where Debian puts the engines, often not on a user's `PATH`).
pub fn find(program: &str) -> Option<PathBuf> {
    search_dirs()
        .into_iter()
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

/// The folders `find` looks in, in order.
pub fn search_dirs() -> Vec<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .filter(|dir| dir.is_absolute())
        .collect()
}

#[cfg(unix)]
fn is_executable(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &std::path::Path) -> bool {
    path.is_file()
}

/// Why `need` is not met here, or `None` when it is.
pub fn missing(need: &Need) -> Option<String> {
    match need.name {
        "root" => (!is_root()).then(|| "needs root (to give a file away)".to_owned()),
        "popeye" => (!is_executable(&popeye_path())).then(|| {
            format!(
                "Popeye is not at {} (build it from its sources; FENBOARD_POPEYE names it)",
                popeye_path().display()
            )
        }),
        "dev_full" => (!std::path::Path::new("/dev/full").exists())
            .then(|| "this system has no /dev/full".to_owned()),
        // Heavy: it runs where every test runs, and says so elsewhere.
        "chromium" if !e2e() => {
            Some("Chromium is heavy: this test runs with FENBOARD_E2E=1".to_owned())
        }
        "pdflatex" if need.programs.iter().all(|p| find(p).is_some()) => {
            latex_packages_missing(need)
        }
        _ => need
            .programs
            .iter()
            .find(|p| find(p).is_none())
            .map(|p| format!("{p} is not installed (apt-get install {})", need.package)),
    }
}

/// The LaTeX packages the documents use, when TeX cannot find one of them.
fn latex_packages_missing(need: &Need) -> Option<String> {
    ["diagram.sty", "xq.sty"].into_iter().find_map(|sty| {
        let found = std::process::Command::new("kpsewhich")
            .arg(sty)
            .output()
            .is_ok_and(|o| o.status.success());
        (!found).then(|| format!("TeX has no {sty} (apt-get install {})", need.package))
    })
}

/// Where Popeye, the reference problem solver, is: `FENBOARD_POPEYE`, else `/tmp/popeye/py`
/// (where the fixture scripts build it).
pub fn popeye_path() -> PathBuf {
    std::env::var_os("FENBOARD_POPEYE")
        .filter(|p| !p.is_empty())
        .map_or_else(|| PathBuf::from("/tmp/popeye/py"), PathBuf::from)
}

/// Whether this process's effective user is root (`/proc/self/status`: `Uid: real effective …`).
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1))
            == Some("0")
    })
}

/// The path of `program`, for a test that `#[needs]` it; panics, saying what to install, when
/// it is not there (under `FENBOARD_E2E=1`, or a test that forgot its `#[needs]`).
pub fn program(program: &str) -> PathBuf {
    find(program).unwrap_or_else(|| {
        let package = NEEDS
            .iter()
            .find(|n| n.programs.contains(&program))
            .map_or(program, |n| n.package);
        panic!(
            "{program} is not installed (apt-get install {package}); a test that needs it is \
             marked #[needs(…)], and FENBOARD_E2E=1 lets none skip"
        )
    })
}

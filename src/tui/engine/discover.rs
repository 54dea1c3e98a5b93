//! Which engine program to run for a game: `--engine PATH`, else `FENBOARD_ENGINE`, else the
//! first known engine of the game on `PATH` or in `/usr/games` (where Debian puts them).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::core::Game;

/// Engines tried in order when none is named.
pub fn candidates(game: Game) -> &'static [&'static str] {
    match game {
        Game::Chess | Game::Chess960 => &["stockfish"],
        Game::Xiangqi => &["fairy-stockfish", "pikafish"],
    }
}

/// The engine for `game`: the named one when there is one (found on `PATH` when it is a bare
/// name), else the first candidate found. The error says what was looked for.
pub fn find(game: Game, named: Option<&OsStr>, path: Option<&OsStr>) -> Result<PathBuf, String> {
    let dirs: Vec<PathBuf> = path
        .map(|p| std::env::split_paths(p).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain([PathBuf::from("/usr/games")])
        .collect();
    find_in(game, named, &dirs)
}

/// `find` over the folders `dirs`, in order.
fn find_in(game: Game, named: Option<&OsStr>, dirs: &[PathBuf]) -> Result<PathBuf, String> {
    if let Some(named) = named.filter(|n| !n.is_empty()) {
        let named = Path::new(named);
        if named.components().count() > 1 {
            return Ok(named.to_path_buf());
        }
        return lookup(named.as_os_str(), dirs)
            .ok_or_else(|| format!("engine {} not found on PATH", named.display()));
    }
    let names = candidates(game);
    names
        .iter()
        .find_map(|name| lookup(OsStr::new(name), dirs))
        .ok_or_else(|| {
            format!(
                "no engine found: install {} or name one with --engine PATH",
                names.join(" or ")
            )
        })
}

fn lookup(name: &OsStr, dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter()
        .flat_map(|d| program_files(d, name))
        .find(|p| super::platform::is_executable(p))
}

/// The files in `dir` that running `name` could mean: the name itself (on Windows with `.exe`
/// too).
fn program_files(dir: &Path, name: &OsStr) -> Vec<PathBuf> {
    let plain = dir.join(name);
    if cfg!(windows) && plain.extension().is_none() {
        return vec![plain.with_extension("exe"), plain];
    }
    vec![plain]
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn fake(dir: &Path, name: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        p
    }

    #[test]
    fn first_candidate_on_path_wins() {
        let dir = std::env::temp_dir().join(format!("fenboard-discover-{}", std::process::id()));
        let other = dir.join("other");
        std::fs::create_dir_all(&other).unwrap();
        let dirs = [dir.clone(), other.clone()];
        // Nothing there yet: the error names what was looked for.
        let none = find_in(Game::Xiangqi, None, &dirs).unwrap_err();
        assert!(none.contains("fairy-stockfish or pikafish"), "{none}");
        // Pikafish alone is found; Fairy-Stockfish, earlier in the list, wins once it is there,
        // even in a later folder.
        let pika = fake(&dir, "pikafish");
        assert_eq!(find_in(Game::Xiangqi, None, &dirs).unwrap(), pika);
        let fairy = fake(&other, "fairy-stockfish");
        assert_eq!(find_in(Game::Xiangqi, None, &dirs).unwrap(), fairy);
        // A named engine is looked up in the folders; a path is taken as it is.
        assert_eq!(
            find_in(Game::Chess, Some(OsStr::new("pikafish")), &dirs).unwrap(),
            pika
        );
        assert_eq!(
            find_in(Game::Chess, Some(OsStr::new("./x/engine")), &dirs).unwrap(),
            PathBuf::from("./x/engine")
        );
        let missing = find_in(Game::Chess, Some(OsStr::new("no-such-engine-xyz")), &dirs);
        assert!(missing.unwrap_err().contains("no-such-engine-xyz"));
        // A file that is not executable is no engine.
        std::fs::write(dir.join("stockfish"), "").unwrap();
        let chess = find_in(Game::Chess, None, &dirs).unwrap_err();
        assert!(chess.contains("install stockfish"), "{chess}");
        // /usr/games comes after PATH.
        let path = std::env::join_paths(&dirs).unwrap();
        assert_eq!(find(Game::Xiangqi, None, Some(&path)).unwrap(), fairy);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

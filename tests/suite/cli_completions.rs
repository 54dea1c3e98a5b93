//! `fenboard completions SHELL`: each shell's script names every subcommand and no hidden one,
//! the bash script loads in a real bash and completes what a person types, and a shell that is
//! not one of the five is exit 2 with the list.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::CommandFactory;
use fenboard::cli::args::Cli;

use crate::common::{BIN, needs, tools};

const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "elvish", "powershell"];

fn fenboard(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("fenboard runs")
}

/// The subcommands a person can type (not the hidden `serve-clipboard`).
fn subcommands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name().to_owned())
        .collect()
}

#[test]
fn every_script_names_every_subcommand_and_no_hidden_one() {
    let names = subcommands();
    assert!(names.len() >= 7, "{names:?}");
    for shell in SHELLS {
        let out = fenboard(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(out.stderr.is_empty(), "{shell}");
        let script = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(script.len() > 500, "{shell}: {script}");
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell} lacks {name}");
        }
        assert!(
            !script.contains("serve-clipboard"),
            "{shell} offers a hidden subcommand"
        );
    }
}

/// What bash's programmable completion offers for the words `line` (the last one being
/// completed), with fenboard's script sourced: COMPREPLY, one per line.
fn bash_completes(line: &[&str]) -> Vec<String> {
    let script = fenboard(&["completions", "bash"]).stdout;
    // A folder per call: tests run at once in one process.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("fenboard-completions-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fenboard.bash");
    std::fs::write(&file, script).unwrap();
    // As readline calls it: COMP_* set, the function `complete -p` names called with the
    // command, the word being completed and the one before it.
    let driver = r#"
        source "$1" || exit 9
        shift
        spec=$(complete -p fenboard) || exit 8
        fn=${spec#*-F }; fn=${fn%% *}
        COMP_WORDS=("$@")
        COMP_CWORD=$(( $# - 1 ))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        prev=""
        [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
        "$fn" fenboard "${COMP_WORDS[COMP_CWORD]}" "$prev"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let out = Command::new(tools::program("bash"))
        .args(["--norc", "--noprofile", "-c", driver, "bash"])
        .arg(&file)
        .args(line)
        .output()
        .expect("bash runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

#[needs(bash)]
#[test]
fn in_bash_fenboard_ch_tab_completes_to_check() {
    assert_eq!(bash_completes(&["fenboard", "ch"]), ["check"]);
}

#[needs(bash)]
#[test]
fn in_bash_the_subcommands_options_and_values_complete() {
    let mut all = bash_completes(&["fenboard", ""]);
    for name in subcommands() {
        assert!(all.contains(&name), "{name} not offered: {all:?}");
    }
    all.retain(|w| w == "serve-clipboard");
    assert!(all.is_empty(), "a hidden subcommand offered");
    assert_eq!(bash_completes(&["fenboard", "--ga"]), ["--game"]);
    assert_eq!(
        bash_completes(&["fenboard", "--game", "ch"]),
        ["chess", "chess960"]
    );
    let mut shells = bash_completes(&["fenboard", "completions", ""]);
    shells.retain(|w| !w.starts_with('-'));
    shells.sort();
    let mut want = SHELLS.to_vec();
    want.sort();
    assert_eq!(shells, want);
}

#[test]
fn a_shell_that_is_not_one_of_the_five_is_exit_2_with_the_list() {
    for bad in ["tcsh", "BASH", "", "bash\u{1b}[2J", "zsh fish"] {
        let out = fenboard(&["completions", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        let why = if bad.is_empty() {
            "a value is required"
        } else {
            "invalid value"
        };
        assert!(err.contains(why), "{bad:?}: {err}");
        assert!(
            err.contains("[possible values: bash, elvish, fish, powershell, zsh]"),
            "{bad:?}: {err}"
        );
    }
    let none = fenboard(&["completions"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("<SHELL>"));
}

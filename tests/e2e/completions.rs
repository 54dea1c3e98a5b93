//! End to end: `fenboard completions bash` loaded in an interactive bash in tmux, and Tab
//! pressed as a person presses it.

use crate::common::{self, BIN, Tmux, needs, shell_quote};

/// An interactive bash with no start-up files, fenboard first on its `PATH`, the completion
/// script loaded.
fn bash_with_completion() -> Tmux {
    let bin_dir = std::path::Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let bash = common::tools::program("bash");
    let script = format!(
        "exec env -i TERM=xterm HOME=/tmp PS1='$ ' PATH={} {} --norc --noprofile -i",
        shell_quote(&path),
        shell_quote(&bash.to_string_lossy())
    );
    let t = Tmux::shell(&script, 100, 20);
    t.wait_for("$");
    t.type_text("source <(fenboard completions bash) && echo loaded");
    t.keys(&["Enter"]);
    t.wait_for("\nloaded");
    t
}

#[needs(tmux, bash)]
#[test]
fn in_bash_fenboard_ch_tab_becomes_fenboard_check() {
    let t = bash_with_completion();
    t.type_text("fenboard ch");
    t.keys(&["Tab"]);
    // The whole line (tmux drops the space completion adds after the word).
    t.wait_until(
        |s| s.lines().any(|l| l.trim_end() == "$ fenboard check"),
        "the word completed to check",
    );
    // And the shells after `completions`, listed by a double Tab.
    t.keys(&["C-u"]);
    t.type_text("fenboard completions ");
    t.keys(&["Tab", "Tab"]);
    let screen = t.wait_until(
        |s| {
            ["bash", "zsh", "fish", "elvish", "powershell"]
                .iter()
                .all(|shell| s.lines().any(|l| l.split_whitespace().any(|w| w == *shell)))
        },
        "the five shells listed",
    );
    assert!(!screen.contains("serve-clipboard"), "{screen}");
}

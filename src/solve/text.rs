//! A solution as a problem magazine prints it: `1.Qa7! zugzwang`, then each defence with its
//! continuations (`1...Kg1 2.Rd2#`), deeper play indented, tries as `1.Qb7? but 1...Kg1!`,
//! helpmates as their move sequences.

use std::fmt::Write;

use super::{Defence, Line, Move, Solution, Threat};
use crate::core::Game;

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Chess pieces as figurines (♘f3) instead of letters.
    pub figurine: bool,
}

/// The SAN of `m` in `style` (figurines replace the piece letters of chess SAN).
pub fn san(m: &Move, game: Game, style: Style) -> String {
    if !style.figurine || !game.is_chess() {
        return m.san.clone();
    }
    m.san
        .chars()
        .map(|c| match c {
            'K' => '♔',
            'Q' => '♕',
            'R' => '♖',
            'B' => '♗',
            'N' => '♘',
            c => c,
        })
        .collect()
}

/// The solution's play, one line per variation, without a trailing newline.
pub fn render(s: &Solution, style: Style) -> String {
    let mut out = String::new();
    let w = |m: &Move| san(m, s.game, style);
    if s.stipulation.is_help() {
        for h in &s.solutions {
            // h#n.5 opens with the side to move's extra half move, written "1...".
            let offset = usize::from(s.stipulation.half);
            let mut parts = Vec::new();
            for (i, m) in h.moves.iter().enumerate() {
                let j = i + offset;
                parts.push(if j % 2 == 0 {
                    format!("{}.{}", j / 2 + 1, w(m))
                } else if i == 0 {
                    format!("1...{}", w(m))
                } else {
                    w(m)
                });
            }
            let mut line = parts.join(" ");
            if h.short {
                line.push_str("  (short)");
            }
            push_line(&mut out, &line);
        }
        return out;
    }
    for key in &s.keys {
        play_line(&mut out, key, 1, 0, true, &w);
    }
    for t in &s.tries {
        let refs: Vec<String> = t
            .refutations
            .iter()
            .map(|r| format!("1...{}!", w(r)))
            .collect();
        push_line(
            &mut out,
            &format!("1.{}? but {}", w(&t.mv), refs.join(", ")),
        );
    }
    out
}

fn push_line(out: &mut String, line: &str) {
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(line);
}

fn threat_text(t: &Threat, number: u32, w: &dyn Fn(&Move) -> String) -> String {
    match t {
        Threat::None => String::new(),
        Threat::Zugzwang => " zugzwang".to_string(),
        Threat::Moves(ms) => {
            let ms: Vec<String> = ms.iter().map(|m| format!("{number}.{}", w(m))).collect();
            format!(" threat: {}", ms.join(", "))
        }
    }
}

/// An attacking move at move `number` and everything after it.
fn play_line(
    out: &mut String,
    line: &Line,
    number: u32,
    indent: usize,
    key: bool,
    w: &dyn Fn(&Move) -> String,
) {
    let mark = if key { "!" } else { "" };
    let head = format!(
        "{:indent$}{number}.{}{mark}{}",
        "",
        w(&line.mv),
        threat_text(&line.threat, number + 1, w)
    );
    push_line(out, &head);
    for d in &line.defences {
        defence_line(out, d, number, indent + 3, w);
    }
}

fn defence_line(
    out: &mut String,
    d: &Defence,
    number: u32,
    indent: usize,
    w: &dyn Fn(&Move) -> String,
) {
    let mut head = format!("{:indent$}{number}...{}", "", w(&d.mv));
    // Continuations that end the play go on the defence's line; the others get their own.
    let (ends, deeper): (Vec<&Line>, Vec<&Line>) =
        d.continuations.iter().partition(|c| c.defences.is_empty());
    for c in &ends {
        let _ = write!(head, " {}.{}", number + 1, w(&c.mv));
    }
    push_line(out, &head);
    for c in deeper {
        play_line(out, c, number + 1, indent + 3, false, w);
    }
}

//! A solution as a problem magazine prints it: `1.Qa7! zugzwang`, then each defence with its
//! continuations (`1...Kg1 2.Rd2#`), deeper play indented, tries as `1.Qb7? but 1...Kg1!`,
//! helpmates as their move sequences.

use std::fmt::Write;

use super::{Defence, Line, Move, Solution, Threat};
use crate::core::notation::Notation;
use crate::core::{Game, Position};
use crate::i18n::{Lang, tr};

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Chess pieces as figurines (♘f3) instead of letters.
    pub figurine: bool,
    /// The language of the words between the moves (threat, zugzwang, but, short).
    pub lang: crate::i18n::Lang,
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
                line.push_str("  ");
                line.push_str(tr(style.lang, "solution-short"));
            }
            push_line(&mut out, &line);
        }
        return out;
    }
    for key in &s.keys {
        play_line(&mut out, key, 1, 0, true, &w, style.lang);
    }
    for t in &s.tries {
        let refs: Vec<String> = t
            .refutations
            .iter()
            .map(|r| format!("1...{}!", w(r)))
            .collect();
        push_line(
            &mut out,
            &format!(
                "1.{}? {} {}",
                w(&t.mv),
                tr(style.lang, "solution-but"),
                refs.join(", ")
            ),
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

fn threat_text(t: &Threat, number: u32, w: &dyn Fn(&Move) -> String, lang: Lang) -> String {
    match t {
        Threat::None => String::new(),
        Threat::Zugzwang => format!(" {}", tr(lang, "solution-zugzwang")),
        Threat::Moves(ms) => {
            let ms: Vec<String> = ms.iter().map(|m| format!("{number}.{}", w(m))).collect();
            format!(" {} {}", tr(lang, "solution-threat"), ms.join(", "))
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
    lang: Lang,
) {
    let mark = if key { "!" } else { "" };
    let head = format!(
        "{:indent$}{number}.{}{mark}{}",
        "",
        w(&line.mv),
        threat_text(&line.threat, number + 1, w, lang)
    );
    push_line(out, &head);
    for d in &line.defences {
        defence_line(out, d, number, indent + 3, w, lang);
    }
}

fn defence_line(
    out: &mut String,
    d: &Defence,
    number: u32,
    indent: usize,
    w: &dyn Fn(&Move) -> String,
    lang: Lang,
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
        play_line(out, c, number + 1, indent + 3, false, w, lang);
    }
}

/// The solution with its moves written in `notation` (the solver writes SAN or WXF): each move
/// read back from its coordinates in the position before it, the threats in the position
/// after the key with the other side to move. A move that does not read keeps its name.
pub fn renamed(s: &Solution, notation: Notation) -> Solution {
    let mut out = s.clone();
    let native = if s.game.is_xiangqi() {
        Notation::Wxf
    } else {
        Notation::San
    };
    if notation == native || !notation.fits(s.game) {
        return out;
    }
    let Some(start) = crate::core::fen::read(&s.fen, Some(s.game)).position else {
        return out;
    };
    let n = notation;
    for key in &mut out.keys {
        rename_line(key, &start, n);
    }
    for t in &mut out.tries {
        let after = rename(&mut t.mv, &start, n);
        if let Some(after) = after {
            for r in &mut t.refutations {
                rename(r, &after, n);
            }
        }
    }
    for h in &mut out.solutions {
        let mut pos = Some(start);
        for m in &mut h.moves {
            pos = pos.and_then(|p| rename(m, &p, n));
        }
    }
    out
}

/// Renames `m`, played in `before`; the position after it.
fn rename(m: &mut Move, before: &Position, n: Notation) -> Option<Position> {
    let mv = Notation::Coordinates.read(before, &m.uci).ok()?;
    m.san = n.write(before, mv);
    crate::core::notation::play(before, mv)
}

fn rename_line(line: &mut Line, before: &Position, n: Notation) {
    let Some(after) = rename(&mut line.mv, before, n) else {
        return;
    };
    if let Threat::Moves(ms) = &mut line.threat {
        // The threat is what the attacker would play if the defender could pass.
        let mut passed = after;
        passed.turn = passed.turn.other();
        passed.ep = None;
        for m in ms {
            rename(m, &passed, n);
        }
    }
    for d in &mut line.defences {
        if let Some(next) = rename(&mut d.mv, &after, n) {
            for c in &mut d.continuations {
                rename_line(c, &next, n);
            }
        }
    }
}

//! A solution as a problem magazine prints it: `1.Qa7! zugzwang`, then each defence with its
//! continuations (`1...Kg1 2.Rd2#`), deeper play indented, tries as `1.Qb7? but 1...Kg1!`,
//! helpmates as their move sequences.

use std::borrow::Cow;
use std::fmt::Write;

use compact_str::CompactString;

use super::{Defence, Line, Named, Play, Solution, Threat};
use crate::core::notation::Notation;
use crate::core::{Color, Game, Position};
use crate::i18n::{Lang, fmt, tr};

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Chess pieces as figurines (♘f3) instead of letters.
    pub figurine: bool,
    /// The language of the words between the moves (threat, zugzwang, but, short).
    pub lang: crate::i18n::Lang,
}

/// The SAN of `m` in `style` (figurines replace the piece letters of chess SAN).
pub fn san(m: &Named, game: Game, style: Style) -> CompactString {
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

/// The solution's play, one line per variation, without a trailing newline: the order of play
/// when it is not the FEN's, a forced position's warning, the set play, then the solution.
pub fn render(s: &Solution<Named>, style: Style) -> String {
    let mut out = String::new();
    let w = |m: &Named| san(m, s.game, style);
    let lang = style.lang;
    if let Some(first) = s.order {
        push_line(&mut out, &order_line(s.stipulation, first, lang));
    }
    if !s.forced.is_empty() {
        let why = s.forced.join("; ");
        push_line(
            &mut out,
            &fmt(lang, "solution-forced", &[("why", why.as_str().into())]),
        );
    }
    if s.stipulation.is_help() {
        let offset = usize::from(s.stipulation.half);
        for h in &s.set_lines {
            // The set play begins with the other side: numbered from the other half move.
            push_line(
                &mut out,
                &help_line(&h.moves, 1 - offset, h.short, &w, lang),
            );
        }
        for h in &s.solutions {
            push_line(&mut out, &solution_line(s, &h.moves, h.short, style));
        }
        return out;
    }
    defence_lines(&mut out, &s.set, None, 1, 0, &w, lang);
    for key in &s.keys {
        play_line(&mut out, key, 1, 0, true, &w, lang);
        if key.length < s.stipulation.moves {
            out.push(' ');
            out.push_str(&fmt(
                lang,
                "solution-short-key",
                &[("n", key.length.into())],
            ));
        }
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
                tr(lang, "solution-but"),
                refs.join(", ")
            ),
        );
    }
    out
}

/// One helpmate or series line of `s` (its `solutions`, or one named apart from it) as
/// `render` writes it.
pub fn solution_line(s: &Solution<Named>, moves: &[Named], short: bool, style: Style) -> String {
    let w = |m: &Named| san(m, s.game, style);
    if s.stipulation.play.is_series() {
        series_line(moves, s.stipulation.play, short, &w, style.lang)
    } else {
        help_line(
            moves,
            usize::from(s.stipulation.half),
            short,
            &w,
            style.lang,
        )
    }
}

/// `h#2: Black begins; the FEN has White to move`.
pub fn order_line(stip: super::Stipulation, first: Color, lang: Lang) -> String {
    let side = |c: Color| if c == Color::White { "white" } else { "black" };
    fmt(
        lang,
        "solution-order",
        &[
            ("stip", stip.to_string().as_str().into()),
            ("first", side(first).into()),
            ("fen", side(first.other()).into()),
        ],
    )
}

/// A helpmate line; `offset` 1 when it opens with a half move (written `1...`).
fn help_line(
    moves: &[Named],
    offset: usize,
    short: bool,
    w: &dyn Fn(&Named) -> CompactString,
    lang: Lang,
) -> String {
    let line = move_line(moves, w, |i, line| {
        let j = i + offset;
        if j.is_multiple_of(2) {
            let _ = write!(line, "{}.", j / 2 + 1);
        } else if i == 0 {
            line.push_str("1...");
        }
    });
    with_short(line, short, lang)
}

/// A series, each of its moves numbered; a series helpmate's mate after it unnumbered.
fn series_line(
    moves: &[Named],
    play: Play,
    short: bool,
    w: &dyn Fn(&Named) -> CompactString,
    lang: Lang,
) -> String {
    let numbered = series_moves(play, moves.len());
    let line = move_line(moves, w, |i, line| {
        if i < numbered {
            let _ = write!(line, "{}.", i + 1);
        }
    });
    with_short(line, short, lang)
}

/// `moves` one after another in one string, `number` writing what goes before the `i`th.
fn move_line(
    moves: &[Named],
    w: &dyn Fn(&Named) -> CompactString,
    number: impl Fn(usize, &mut String),
) -> String {
    let mut line = String::with_capacity(8 * moves.len());
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        number(i, &mut line);
        line.push_str(&w(m));
    }
    line
}

fn with_short(mut line: String, short: bool, lang: Lang) -> String {
    if short {
        line.push_str("  ");
        line.push_str(tr(lang, "solution-short"));
    }
    line
}

fn push_line(out: &mut String, line: &str) {
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(line);
}

fn threat_text(
    t: &Threat<Named>,
    number: u32,
    w: &dyn Fn(&Named) -> CompactString,
    lang: Lang,
) -> String {
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
    line: &Line<Named>,
    number: u32,
    indent: usize,
    key: bool,
    w: &dyn Fn(&Named) -> CompactString,
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
    let threats: Vec<&str> = match &line.threat {
        Threat::Moves(ms) => ms.iter().map(|m| m.uci.as_str()).collect(),
        _ => Vec::new(),
    };
    defence_lines(
        out,
        &line.defences,
        Some(&threats),
        number,
        indent + 3,
        w,
        lang,
    );
}

/// The variations each on its line; the defences after which the threat still works gathered
/// on one line per way the threat meets them: `1...Re1, Re2, Rd3 2.Qc7#`. Set play
/// (`threats` None) has no threat to tell variations by: its defences met by the same mates
/// share a line (`1...Bh2, Bg3 2.Rxa7#`, as composers write `1...B~`), as in the Solution
/// panel.
fn defence_lines(
    out: &mut String,
    defences: &[Defence<Named>],
    threats: Option<&[&str]>,
    number: u32,
    indent: usize,
    w: &dyn Fn(&Named) -> CompactString,
    lang: Lang,
) {
    // Groups by the answers' text, in the order they first come.
    let mut groups: Vec<(String, Vec<&Defence<Named>>)> = Vec::new();
    for d in defences {
        let answers: Vec<&Line<Named>> = match threats {
            Some(threats) if !d.variation => d
                .continuations
                .iter()
                .filter(|c| threats.contains(&c.mv.uci.as_str()))
                .collect(),
            _ => d.continuations.iter().collect(),
        };
        let ends = answers.iter().all(|c| c.defences.is_empty());
        if (d.variation && threats.is_some()) || !ends {
            defence_line(out, d, number, indent, w, lang);
            continue;
        }
        let text: String = answers
            .iter()
            .map(|c| format!(" {}.{}", number + 1, w(&c.mv)))
            .collect();
        match groups.iter_mut().find(|(t, _)| *t == text) {
            Some((_, ds)) => ds.push(d),
            None => groups.push((text, vec![d])),
        }
    }
    for (text, ds) in groups {
        let names: Vec<CompactString> = ds.iter().map(|d| w(&d.mv)).collect();
        push_line(
            out,
            &format!("{:indent$}{number}...{}{text}", "", names.join(", ")),
        );
    }
}

fn defence_line(
    out: &mut String,
    d: &Defence<Named>,
    number: u32,
    indent: usize,
    w: &dyn Fn(&Named) -> CompactString,
    lang: Lang,
) {
    let mut head = format!("{:indent$}{number}...{}", "", w(&d.mv));
    // Continuations that end the play go on the defence's line; the others get their own.
    let (ends, deeper): (Vec<&Line<Named>>, Vec<&Line<Named>>) =
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
/// after the key with the other side to move. A move that does not read keeps its name. The
/// solution itself where the notation is the solver's (a cooked helpmate has thousands of
/// lines: not copied to be printed).
pub fn renamed(s: &Solution<Named>, notation: Notation) -> Cow<'_, Solution<Named>> {
    let Some(lines) = Renaming::of(s, notation) else {
        return Cow::Borrowed(s);
    };
    let (start, n) = (lines.start, lines.notation);
    let mut out = s.clone();
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
        lines.line(&mut h.moves);
    }
    let passed = passed(start);
    for h in &mut out.set_lines {
        rename_all(&mut h.moves, passed, n);
    }
    for d in &mut out.set {
        if let Some(next) = rename(&mut d.mv, &passed, n) {
            for c in &mut d.continuations {
                rename_line(c, &next, n);
            }
        }
    }
    Cow::Owned(out)
}

/// A solution's helpmate or series lines written in another notation, one at a time
/// (`renamed` does it for the lines a solution holds).
pub struct Renaming {
    start: Position,
    notation: Notation,
    play: Play,
}

impl Renaming {
    /// The renaming of the lines of `s` into `notation`; none where there is nothing to
    /// rename (the solver's own notation, one that does not fit the game, a FEN that does
    /// not read).
    pub fn of(s: &Solution<Named>, notation: Notation) -> Option<Renaming> {
        let native = if s.game.is_xiangqi() {
            Notation::Wxf
        } else {
            Notation::San
        };
        if notation == native || !notation.fits(s.game) {
            return None;
        }
        let start = crate::core::fen::read(&s.fen, Some(s.game)).position?;
        Some(Renaming {
            start,
            notation,
            play: s.stipulation.play,
        })
    }

    /// Renames one line's moves, played from the solution's position (a series' other side
    /// passing in between).
    pub fn line(&self, moves: &mut [Named]) {
        let n = self.notation;
        if !self.play.is_series() {
            rename_all(moves, self.start, n);
            return;
        }
        let count = series_moves(self.play, moves.len());
        let mut pos = Some(self.start);
        for (i, m) in moves.iter_mut().enumerate() {
            pos = pos.and_then(|p| rename(m, &p, n));
            if i + 1 < count {
                pos = pos.map(passed);
            }
        }
    }
}

/// How many of a series line's `len` moves are the series (the last move of a series
/// helpmate or selfmate line is the other side's mate).
pub fn series_moves(play: Play, len: usize) -> usize {
    if matches!(play, Play::SeriesHelp | Play::SeriesSelf) {
        len.saturating_sub(1)
    } else {
        len
    }
}

/// The position with the other side to move (no en passant: it belonged to the side passing).
fn passed(mut p: Position) -> Position {
    p.turn = p.turn.other();
    p.ep = None;
    p
}

fn rename_all(moves: &mut [Named], start: Position, n: Notation) {
    let mut pos = Some(start);
    for m in moves {
        pos = pos.and_then(|p| rename(m, &p, n));
    }
}

/// Renames `m`, played in `before`; the position after it.
fn rename(m: &mut Named, before: &Position, n: Notation) -> Option<Position> {
    let mv = Notation::Coordinates.read(before, &m.uci).ok()?;
    m.san = n.write(before, mv).into();
    crate::core::notation::play(before, mv)
}

fn rename_line(line: &mut Line<Named>, before: &Position, n: Notation) {
    let Some(after) = rename(&mut line.mv, before, n) else {
        return;
    };
    if let Threat::Moves(ms) = &mut line.threat {
        // The threat is what the attacker would play if the defender could pass.
        let passed = passed(after);
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

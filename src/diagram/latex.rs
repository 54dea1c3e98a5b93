//! Problems as a LaTeX document for publication: chess through `diagram.sty` (CTAN's
//! chess-problem-diagrams, the package problem magazines typeset with), xiangqi through CTAN's
//! `xq`. The document compiles with plain `pdflatex`; every text of a record (author, source,
//! stipulation, twins, solution) is escaped, so nothing a record holds can break the document.

use super::caption::Caption;
use crate::collection::epd;
use crate::core::{Color, Game, Position, Role, Square};

/// One problem of the document: its position and the EPD operations of its record.
#[derive(Clone, Copy, Debug)]
pub struct Entry<'a> {
    pub position: &'a Position,
    pub ops: Option<&'a str>,
    /// A solution found by solving, used when the record has none of its own (`c1`).
    pub solution: Option<&'a str>,
    /// fenboard's solver proved the problem sound: diagram.sty's "C+" instead of "C-".
    pub proved: bool,
}

/// A complete document with every entry's diagram and, at the end, the solutions.
pub fn document(entries: &[Entry]) -> String {
    let chess = entries.iter().any(|e| e.position.game.is_chess());
    let xiangqi = entries.iter().any(|e| e.position.game.is_xiangqi());
    let mut out = String::from("\\documentclass[a4paper]{article}\n");
    out.push_str("\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n");
    if chess {
        out.push_str("\\usepackage{diagram}\n");
    }
    if xiangqi {
        out.push_str("\\usepackage{xq}\n");
    }
    out.push_str("\\parindent 0pt\n\\begin{document}\n");
    if chess {
        // Authors as written ("Given Surname"), not diagram.sty's default "Surname, Given".
        out.push_str("\\normalnames\n");
    }
    if xiangqi {
        out.push_str("\\mylanguage english\n");
    }
    let mut solutions = Vec::new();
    let mut in_row = 0;
    for (n, entry) in entries.iter().enumerate() {
        let caption = Caption::new(entry.position, entry.ops);
        let twins = entry.ops.and_then(|ops| epd::operand(ops, "twins"));
        let solution = caption.solution.as_deref().or(entry.solution);
        if entry.position.game.is_xiangqi() {
            if in_row > 0 {
                out.push_str("\\par\\bigskip\n");
                in_row = 0;
            }
            xiangqi_problem(&mut out, entry.position, &caption, twins);
            if let Some(text) = solution {
                solutions.push((n + 1, text.to_owned()));
            }
        } else {
            if in_row == 2 {
                out.push_str("\\par\\bigskip\n");
                in_row = 0;
            } else if in_row == 1 {
                out.push_str("\\hfill\n");
            }
            chess_problem(&mut out, entry, &caption, twins, solution);
            in_row += 1;
        }
    }
    out.push_str("\\par\\bigskip\n");
    if chess {
        // diagram.sty collects each diagram's \sol and prints them, numbered, here.
        out.push_str("\\putsol\n");
    }
    for (n, text) in solutions {
        out.push_str(&format!("\\par\\noindent {n}) {}\n", escape(&text)));
    }
    out.push_str("\\end{document}\n");
    out
}

/// One `diagram` environment.
fn chess_problem(
    out: &mut String,
    entry: &Entry,
    caption: &Caption,
    twins: Option<&str>,
    solution: Option<&str>,
) {
    out.push_str("\\begin{diagram}\n");
    let (author, source) = author_and_source(caption);
    if let Some(author) = author {
        out.push_str(&format!("\\author{{{}}}\n", escape_chess(&author)));
    }
    if let Some(source) = source {
        out.push_str(&format!("\\source{{{}}}\n", escape_chess(&source)));
    }
    let (white, black) = caption.count;
    out.push_str(&format!(
        "\\pieces[{white}+{black}]{{{}}}\n",
        chess_pieces(entry.position)
    ));
    if let Some(stip) = &caption.stipulation {
        out.push_str(&format!("\\stipulation{{{}}}\n", escape_chess(stip)));
    }
    if let Some(twins) = twins {
        out.push_str(&format!(
            "\\twins{{{}}}\n",
            escape_chess(&twin_list(twins).join("; "))
        ));
    }
    if caption.black_to_move {
        out.push_str("\\remark{Black to move}\n");
    }
    if let Some(text) = solution {
        out.push_str(&format!("\\solution{{{}}}\n", escape_chess(text)));
    }
    if entry.proved {
        out.push_str("\\Co+\n");
    }
    out.push_str("\\end{diagram}\n");
}

/// A xiangqi board with `xq`, its caption under it.
fn xiangqi_problem(out: &mut String, position: &Position, caption: &Caption, twins: Option<&str>) {
    out.push_str("\\begin{minipage}{\\linewidth}\n\\resetboard\n");
    for (sq, piece) in position.board.pieces() {
        let letter = xq_letter(piece.role);
        let letter = match piece.color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        };
        out.push_str(&format!("\\piece {letter}{}\n", xq_square(sq)));
    }
    out.push_str("\\begin{center}\n\\showboard\n\n");
    for line in &caption.source {
        out.push_str(&format!("{}\\\\\n", escape(line)));
    }
    let (red, black) = caption.count;
    let stip = caption.stipulation.as_deref().unwrap_or("");
    out.push_str(&format!("{} \\quad ({red}+{black})", escape(stip)));
    if let Some(twins) = twins {
        for twin in twin_list(twins) {
            out.push_str(&format!("\\\\\n{}", escape(&twin)));
        }
    }
    if caption.black_to_move {
        out.push_str("\\\\\nBlack to move");
    }
    out.push_str("\n\\end{center}\n\\end{minipage}\n");
}

/// `c0` as author and source: the text before its first comma names the author
/// ("Paul Morphy, New York Clipper 1856"); `id` and anything without a comma is source.
fn author_and_source(caption: &Caption) -> (Option<String>, Option<String>) {
    let mut lines = caption.source.iter();
    let Some(first) = lines.next() else {
        return (None, None);
    };
    let (author, mut source) = match first.split_once(", ") {
        Some((a, s)) => (Some(a.to_owned()), vec![s.to_owned()]),
        None => (Some(first.clone()), Vec::new()),
    };
    source.extend(lines.cloned());
    let source = (!source.is_empty()).then(|| source.join(", "));
    (author, source)
}

/// The position in `\pieces`' German letters (w/s, K D T L S B), White's men first, each kind
/// with its squares: `wKc8, wTa1h1, sKa8`.
fn chess_pieces(position: &Position) -> String {
    const ORDER: [(Role, char); 6] = [
        (Role::King, 'K'),
        (Role::Queen, 'D'),
        (Role::Rook, 'T'),
        (Role::Bishop, 'L'),
        (Role::Knight, 'S'),
        (Role::Pawn, 'B'),
    ];
    let mut groups = Vec::new();
    for (color, c) in [(Color::White, 'w'), (Color::Black, 's')] {
        for (role, letter) in ORDER {
            let mut squares: Vec<Square> = position
                .board
                .pieces()
                .filter(|(_, p)| p.color == color && p.role == role)
                .map(|(sq, _)| sq)
                .collect();
            if squares.is_empty() {
                continue;
            }
            squares.sort_by_key(|s| (s.file, s.rank));
            let mut group = format!("{c}{letter}");
            for sq in squares {
                group.push_str(&sq.name(Game::Chess).to_string());
            }
            groups.push(group);
        }
    }
    groups.join(", ")
}

/// `xq`'s English letters (lower case; Red's are upper case).
fn xq_letter(role: Role) -> char {
    match role {
        Role::King => 'k',
        Role::Advisor => 'a',
        Role::Bishop => 'e',
        Role::Knight => 'h',
        Role::Rook => 'r',
        Role::Cannon => 'c',
        Role::Pawn | Role::Queen => 'p',
    }
}

/// `xq` counts ranks 1–9 from Red's side and calls Black's back rank 0.
fn xq_square(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file) as char, (sq.rank + 1) % 10)
}

/// The twins of an EPD `twins` operand, one per label: `b) move c3 d4 c) cont add black pe4`
/// gives `b) move c3 d4` and `c) cont add black pe4`.
fn twin_list(twins: &str) -> Vec<String> {
    let mut list: Vec<String> = Vec::new();
    for word in twins.split_whitespace() {
        let label =
            word.len() == 2 && word.ends_with(')') && word.as_bytes()[0].is_ascii_lowercase();
        match list.last_mut() {
            Some(last) if !label => {
                last.push(' ');
                last.push_str(word);
            }
            _ => list.push(word.to_owned()),
        }
    }
    list
}

/// `text` as LaTeX text: every character TeX treats specially is written out.
pub fn escape(text: &str) -> String {
    escape_with(text, "\\textasciitilde{}")
}

/// As [`escape`], with diagram.sty's "any move" sign for `~` (`1...B~`).
fn escape_chess(text: &str) -> String {
    escape_with(text, "\\any{}")
}

fn escape_with(text: &str, tilde: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str(tilde),
            // Control characters have no place in a document.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;

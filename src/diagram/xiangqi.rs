//! The xiangqi board: pieces on the intersections of a 9×10 grid, the river with 楚河 漢界,
//! the palace diagonals and the marks of the cannons' and soldiers' points; pieces as discs
//! with their characters (or letters when no CJK font can draw them).

use std::fmt::Write;

use super::svg::{Svg, n};
use super::{CJK_FONTS, LATIN_FONTS, Layout, Options, caption, cell_of};
use crate::core::{Color, Piece, Position, Role};

const BOARD: &str = "#f4e4bc";
const INK: &str = "#3a2a14";
const FACE: &str = "#fffaf0";
const RED: &str = "#b4141e";
const BLACK: &str = "#111";

pub fn layout(options: &Options, caption_lines: usize) -> Layout {
    // The margin around the grid, in cells: room for the edge discs and the frame, and for
    // coordinates.
    let margin = if options.coords { 1.0 } else { 0.62 };
    let width = options.size as f32;
    let cell = width / (8.0 + 2.0 * margin);
    let pad = margin * cell;
    let caption_top = pad * 2.0 + 9.0 * cell;
    Layout {
        width,
        height: caption_top + caption::height(width, caption_lines),
        left: pad,
        top: pad,
        cell,
        caption_top,
    }
}

/// The character of a piece (red 帥仕相傌俥炮兵, black 將士象馬車砲卒).
pub fn character(piece: Piece) -> Option<char> {
    let red = piece.color == Color::White;
    Some(match piece.role {
        Role::King => {
            if red {
                '帥'
            } else {
                '將'
            }
        }
        Role::Advisor => {
            if red {
                '仕'
            } else {
                '士'
            }
        }
        Role::Bishop => {
            if red {
                '相'
            } else {
                '象'
            }
        }
        Role::Knight => {
            if red {
                '傌'
            } else {
                '馬'
            }
        }
        Role::Rook => {
            if red {
                '俥'
            } else {
                '車'
            }
        }
        Role::Cannon => {
            if red {
                '炮'
            } else {
                '砲'
            }
        }
        Role::Pawn => {
            if red {
                '兵'
            } else {
                '卒'
            }
        }
        Role::Queen => return None,
    })
}

pub fn draw(out: &mut Svg, position: &Position, layout: &Layout, options: &Options) {
    let c = layout.cell;
    let (x0, y0) = (layout.left, layout.top);
    let at = |col: f32, row: f32| (x0 + col * c, y0 + row * c);
    out.rect(0.0, 0.0, layout.width, layout.height, r##"fill="#fff""##);
    let edge = 0.56 * c;
    out.rect(
        x0 - edge,
        y0 - edge,
        8.0 * c + 2.0 * edge,
        9.0 * c + 2.0 * edge,
        &format!(
            r#"fill="{BOARD}" stroke="{INK}" stroke-width="{}""#,
            n((c * 0.05).max(1.5))
        ),
    );
    // The grid: ten ranks across, the edge files down the whole board, the inner files
    // broken by the river; the palaces' diagonals.
    let _ = write!(
        out.text,
        r#"<path fill="none" stroke="{INK}" stroke-width="{}" stroke-linecap="square" d=""#,
        n((c * 0.025).max(1.0))
    );
    for row in 0..10 {
        let (a, b) = (at(0.0, row as f32), at(8.0, row as f32));
        out.line(a.0, a.1, b.0, b.1);
    }
    for col in 0..9 {
        let col = col as f32;
        let spans: &[(f32, f32)] = if col == 0.0 || col == 8.0 {
            &[(0.0, 9.0)]
        } else {
            &[(0.0, 4.0), (5.0, 9.0)]
        };
        for &(r1, r2) in spans {
            let (a, b) = (at(col, r1), at(col, r2));
            out.line(a.0, a.1, b.0, b.1);
        }
    }
    for (r1, r2) in [(0.0, 2.0), (7.0, 9.0)] {
        let (a, b) = (at(3.0, r1), at(5.0, r2));
        out.line(a.0, a.1, b.0, b.1);
        let (a, b) = (at(5.0, r1), at(3.0, r2));
        out.line(a.0, a.1, b.0, b.1);
    }
    point_marks(out, layout);
    out.text.push_str("\"/>\n");
    out.rect(
        x0,
        y0,
        8.0 * c,
        9.0 * c,
        &format!(
            r#"fill="none" stroke="{INK}" stroke-width="{}""#,
            n((c * 0.045).max(1.5))
        ),
    );
    if !options.letters {
        let attrs = format!(r#"font-family="{CJK_FONTS}" fill="{INK}""#);
        let size = c * 0.58;
        let y = y0 + 4.5 * c + size * 0.36;
        out.text(x0 + 2.0 * c, y, size, "middle", &attrs, "楚　河");
        out.text(x0 + 6.0 * c, y, size, "middle", &attrs, "漢　界");
    }
    if options.coords {
        coordinates(out, position, layout, options.flip);
    }
    let (w, h) = (position.board.width(), position.board.height());
    for (sq, piece) in position.board.pieces() {
        let (col, row) = cell_of(sq, w, h, options.flip);
        let (cx, cy) = layout.centre(col, row, false);
        disc(out, piece, cx, cy, c, options.letters);
    }
}

fn disc(out: &mut Svg, piece: Piece, cx: f32, cy: f32, c: f32, letters: bool) {
    let ink = if piece.color == Color::White {
        RED
    } else {
        BLACK
    };
    let _ = writeln!(
        out.text,
        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{FACE}" stroke="{ink}" stroke-width="{w}"/><circle cx="{x}" cy="{y}" r="{r2}" fill="none" stroke="{ink}" stroke-width="{w2}"/>"#,
        x = n(cx),
        y = n(cy),
        r = n(c * 0.44),
        w = n(c * 0.045),
        r2 = n(c * 0.36),
        w2 = n(c * 0.02),
    );
    let glyph = if letters { None } else { character(piece) };
    let (text, font, size) = match glyph {
        Some(ch) => (ch.to_string(), CJK_FONTS, c * 0.52),
        None => (
            piece.role.letter().to_ascii_uppercase().to_string(),
            LATIN_FONTS,
            c * 0.44,
        ),
    };
    let attrs = format!(r#"font-family="{font}" font-weight="bold" fill="{ink}""#);
    out.text(cx, cy + size * 0.36, size, "middle", &attrs, &text);
}

/// The little corner marks at the cannons' and soldiers' start points (display rows 2, 3, 6,
/// 7 — the same rows from either side), appended to the grid's path.
fn point_marks(out: &mut Svg, layout: &Layout) {
    let c = layout.cell;
    let (gap, len) = (c * 0.08, c * 0.16);
    let points = [(1, 2), (7, 2), (1, 7), (7, 7)].into_iter().chain(
        [0, 2, 4, 6, 8]
            .into_iter()
            .flat_map(|col| [(col, 3), (col, 6)]),
    );
    for (col, row) in points {
        let (x, y) = layout.centre(col, row, false);
        for dx in [-1.0f32, 1.0] {
            if (col == 0 && dx < 0.0) || (col == 8 && dx > 0.0) {
                continue;
            }
            for dy in [-1.0f32, 1.0] {
                let (px, py) = (x + dx * gap, y + dy * gap);
                let _ = write!(
                    out.text,
                    "M{} {}V{}H{}",
                    n(px),
                    n(py + dy * len),
                    n(py),
                    n(px + dx * len)
                );
            }
        }
    }
}

fn coordinates(out: &mut Svg, position: &Position, layout: &Layout, flip: bool) {
    let (w, h) = (position.board.width(), position.board.height());
    let c = layout.cell;
    let size = c * 0.3;
    let attrs = format!(r##"font-family="{LATIN_FONTS}" fill="#000""##);
    let bottom = layout.top + 9.0 * c;
    for file in 0..w {
        let (col, _) = cell_of(crate::core::Square::new(file, 0), w, h, flip);
        let (x, _) = layout.centre(col, 0, false);
        let letter = ((b'a' + file) as char).to_string();
        out.text(x, bottom + c * 0.85, size, "middle", &attrs, &letter);
    }
    for rank in 0..h {
        let (_, row) = cell_of(crate::core::Square::new(0, rank), w, h, flip);
        let (_, y) = layout.centre(0, row, false);
        out.text(
            layout.left - c * 0.78,
            y + size * 0.35,
            size,
            "middle",
            &attrs,
            &rank.to_string(),
        );
    }
}

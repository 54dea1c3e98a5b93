//! The chess board: two shades that print well in grey, a thin frame, optional coordinates,
//! the pieces drawn for fenboard.

use std::fmt::Write;

use super::svg::{Defs, Svg, n};
use super::{LATIN_FONTS, Layout, Options, caption, cell_of, pieces};
use crate::core::{Position, Square};

const LIGHT: &str = "#f2f2f2";
const DARK: &str = "#b8b8b8";

pub fn layout(options: &Options, caption_lines: usize) -> Layout {
    // The margin around the board, in squares: room for coordinates, or just for the frame.
    let margin = if options.coords { 0.5 } else { 0.12 };
    let width = options.size as f32;
    let cell = width / (8.0 + 2.0 * margin);
    let pad = margin * cell;
    let caption_top = pad * 2.0 + 8.0 * cell;
    Layout {
        width,
        height: caption_top + caption::height(width, caption_lines),
        left: pad,
        top: pad,
        cell,
        caption_top,
    }
}

pub fn draw(out: &mut Svg, position: &Position, layout: &Layout, options: &Options, defs: Defs) {
    if defs == Defs::Inline {
        out.text.push_str(pieces::defs());
    }
    let (w, h) = (position.board.width(), position.board.height());
    let cell = layout.cell;
    out.rect(0.0, 0.0, layout.width, layout.height, r##"fill="#fff""##);
    let fill = format!(r#"fill="{LIGHT}""#);
    out.rect(layout.left, layout.top, cell * 8.0, cell * 8.0, &fill);
    // Dark squares as one path: a1 is dark.
    out.text.push_str(&format!(r#"<path fill="{DARK}" d=""#));
    for sq in Square::all(position.game) {
        if (sq.file + sq.rank) % 2 == 0 {
            let (col, row) = cell_of(sq, w, h, options.flip);
            let (x, y) = (
                layout.left + col as f32 * cell,
                layout.top + row as f32 * cell,
            );
            let _ = write!(
                out.text,
                "M{} {}h{}v{}h-{}z",
                n(x),
                n(y),
                n(cell),
                n(cell),
                n(cell)
            );
        }
    }
    out.text.push_str("\"/>\n");
    let frame = (cell * 0.03).max(1.0);
    out.rect(
        layout.left - frame / 2.0,
        layout.top - frame / 2.0,
        cell * 8.0 + frame,
        cell * 8.0 + frame,
        &format!(r##"fill="none" stroke="#000" stroke-width="{}""##, n(frame)),
    );
    if options.coords {
        coordinates(out, position, layout, options.flip);
    }
    // Pieces a little smaller than the square, centred.
    let scale = cell * 0.0096;
    let inset = cell * 0.02;
    for (sq, piece) in position.board.pieces() {
        let (col, row) = cell_of(sq, w, h, options.flip);
        let (cx, cy) = layout.centre(col, row, true);
        let _ = writeln!(
            out.text,
            r##"<use href="#{}" transform="translate({} {}) scale({})"/>"##,
            pieces::id(piece.color, piece.role),
            n(cx - cell / 2.0 + inset),
            n(cy - cell / 2.0 + inset),
            scale
        );
    }
}

fn coordinates(out: &mut Svg, position: &Position, layout: &Layout, flip: bool) {
    let (w, h) = (position.board.width(), position.board.height());
    let cell = layout.cell;
    let size = cell * 0.28;
    let attrs = format!(r##"font-family="{LATIN_FONTS}" fill="#000""##);
    let bottom = layout.top + 8.0 * cell;
    for file in 0..w {
        let (col, _) = cell_of(Square::new(file, 0), w, h, flip);
        let (x, _) = layout.centre(col, 0, true);
        let letter = ((b'a' + file) as char).to_string();
        out.text(x, bottom + cell * 0.38, size, "middle", &attrs, &letter);
    }
    for rank in 0..h {
        let (_, row) = cell_of(Square::new(0, rank), w, h, flip);
        let (_, y) = layout.centre(0, row, true);
        let number = (rank + 1).to_string();
        out.text(
            layout.left - cell * 0.25,
            y + size * 0.35,
            size,
            "middle",
            &attrs,
            &number,
        );
    }
}

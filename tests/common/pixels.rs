//! Reading a rendered board back: what stands at a square's (point's) centre, from its colours.
//! Used by tests/diagram.rs and tests/e2e_diagram.rs.

use resvg::tiny_skia::Pixmap;

/// What a square's centre shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    Empty,
    /// A White (xiangqi: Red) piece.
    White,
    Black,
}

/// The colours in the box of `half` pixels around (`x`, `y`), as (r, g, b).
fn region(pixmap: &Pixmap, x: f32, y: f32, half: f32) -> Vec<(u8, u8, u8)> {
    let mut out = Vec::new();
    let (x0, x1) = ((x - half).round() as i64, (x + half).round() as i64);
    let (y0, y1) = ((y - half).round() as i64, (y + half).round() as i64);
    for py in y0..=y1 {
        for px in x0..=x1 {
            if px < 0 || py < 0 {
                continue;
            }
            if let Some(c) = pixmap.pixel(px as u32, py as u32) {
                let c = c.demultiply();
                out.push((c.red(), c.green(), c.blue()));
            }
        }
    }
    out
}

fn share(colours: &[(u8, u8, u8)], test: impl Fn(u8, u8, u8) -> bool) -> f32 {
    let n = colours.iter().filter(|&&(r, g, b)| test(r, g, b)).count();
    n as f32 / colours.len().max(1) as f32
}

fn grey(r: u8, g: u8, b: u8) -> u16 {
    (r as u16 + g as u16 + b as u16) / 3
}

/// A chess square of side `cell` centred on (`x`, `y`): the two square shades are neither
/// white nor black, a White piece is white inside black outlines, a Black piece mostly black.
pub fn classify_chess(pixmap: &Pixmap, x: f32, y: f32, cell: f32) -> Seen {
    let colours = region(pixmap, x, y, cell * 0.2);
    let white = share(&colours, |r, g, b| grey(r, g, b) >= 250);
    let black = share(&colours, |r, g, b| grey(r, g, b) <= 60);
    if black >= 0.4 {
        Seen::Black
    } else if white >= 0.2 && black >= 0.02 {
        Seen::White
    } else {
        Seen::Empty
    }
}

/// A xiangqi point with neighbours `cell` apart at (`x`, `y`): a piece's disc has a face far
/// paler than the board, and its character is red or black.
#[allow(dead_code)] // tests/e2e_diagram.rs checks a chess record only
pub fn classify_xiangqi(pixmap: &Pixmap, x: f32, y: f32, cell: f32) -> Seen {
    let colours = region(pixmap, x, y, cell * 0.25);
    let face = share(&colours, |r, g, b| r >= 250 && g >= 244 && b >= 228);
    let red = share(&colours, |r, g, b| r >= 120 && g <= 90 && b <= 90);
    let black = share(&colours, |r, g, b| grey(r, g, b) <= 60);
    if face < 0.2 {
        Seen::Empty
    } else if red >= 0.02 && red > black {
        Seen::White
    } else if black >= 0.02 {
        Seen::Black
    } else {
        // A disc with nothing on it would be a blank piece: not a piece the reader can name.
        Seen::Empty
    }
}

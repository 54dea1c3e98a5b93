//! Publication diagrams: a position and its composers' caption as SVG, PNG (through resvg) or a
//! printable HTML sheet, or a LaTeX document. Pure functions from data to bytes; the only outside thing they read is
//! the font database the caller hands to [`png`].
//!
//! Geometry is in pixels of the requested width, so an SVG and its PNG agree exactly; the
//! [`Layout`] of a diagram says where its board lies, for the tests that check pixels.

pub mod caption;
mod chess;
pub mod html;
pub mod latex;
pub mod naming;
pub mod pieces;
pub mod png;
mod svg;
mod xiangqi;

pub use caption::Caption;

use crate::core::Position;

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Width of the whole image in pixels (the caption adds height, not width).
    pub size: u32,
    /// Seen from Black's side.
    pub flip: bool,
    /// File letters and rank numbers around the board.
    pub coords: bool,
    /// The caption under the board.
    pub caption: bool,
    /// Xiangqi pieces as letters instead of characters (no CJK font to draw them).
    pub letters: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: DEFAULT_SIZE,
            flip: false,
            coords: false,
            caption: true,
            letters: false,
        }
    }
}

pub const DEFAULT_SIZE: u32 = 480;
/// Sizes outside this range are refused: below it nothing is legible, above it a PNG is huge.
pub const MIN_SIZE: u32 = 64;
pub const MAX_SIZE: u32 = 8192;

/// Where the board of a diagram lies, in pixels from the image's top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub width: f32,
    pub height: f32,
    /// Left and top edge of the board: chess, of its a8 square (h1 flipped); xiangqi, the
    /// a9 point (i0 flipped).
    pub left: f32,
    pub top: f32,
    /// A square's side (chess) or the distance between two points (xiangqi).
    pub cell: f32,
    /// Where the caption starts.
    pub caption_top: f32,
}

impl Layout {
    /// The centre of the cell drawn `column` from the left and `row` from the top: a square's
    /// centre in chess, a point in xiangqi.
    fn centre(&self, column: u8, row: u8, chess: bool) -> (f32, f32) {
        let half = if chess { 0.5 } else { 0.0 };
        (
            self.left + (column as f32 + half) * self.cell,
            self.top + (row as f32 + half) * self.cell,
        )
    }
}

/// The SVG image of `position` with `caption`, standalone (its piece drawings inside it).
pub fn svg(position: &Position, caption: &Caption, options: &Options) -> String {
    render(position, caption, options, svg::Defs::Inline)
}

/// The layout [`svg`] uses for `position` and `caption` under `options`.
pub fn layout(position: &Position, caption: &Caption, options: &Options) -> Layout {
    let lines = if options.caption {
        caption.lines().len()
    } else {
        0
    };
    if position.game.is_xiangqi() {
        xiangqi::layout(options, lines)
    } else {
        chess::layout(options, lines)
    }
}

fn render(position: &Position, caption: &Caption, options: &Options, defs: svg::Defs) -> String {
    let layout = layout(position, caption, options);
    let mut out = svg::Svg::start(&layout);
    if position.game.is_xiangqi() {
        xiangqi::draw(&mut out, position, &layout, options);
    } else {
        chess::draw(&mut out, position, &layout, options, defs);
    }
    if options.caption {
        caption::draw(&mut out, caption, &layout);
    }
    out.finish()
}

/// The display column and row (from the top-left) of `square` on a `width`×`height` board.
fn cell_of(square: crate::core::Square, width: u8, height: u8, flip: bool) -> (u8, u8) {
    if flip {
        (width - 1 - square.file, square.rank)
    } else {
        (square.file, height - 1 - square.rank)
    }
}

/// The font families diagrams ask for, Latin text first; a CJK family for xiangqi's pieces.
pub const LATIN_FONTS: &str = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
pub const CJK_FONTS: &str = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Noto Sans CJK TC', \
     'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', SimHei, sans-serif";

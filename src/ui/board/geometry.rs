//! Where every square of a board lies on screen, for drawing and mouse hits alike: square
//! sizes (chess) and distances between intersections (xiangqi), both orientations.

use ratatui::layout::Rect;

use super::super::glyphs::GlyphSet;
use crate::core::{Game, Square};

/// Columns taken by the rank numbers left of the board.
pub(super) const LABEL_WIDTH: u16 = 2;

/// Square sizes (columns × rows) for chess, smallest first: terminal cells are about twice as
/// tall as wide, so these stay roughly square.
const CHESS_CELLS: [(u16, u16); 5] = [(3, 1), (5, 2), (7, 3), (9, 4), (11, 5)];

/// Distances between xiangqi intersections (columns × rows), smallest first. Two rows at least:
/// the grid lines and the river need a row between ranks.
const XIANGQI_STEPS: [(u16, u16); 4] = [(4, 2), (6, 3), (8, 4), (10, 5)];

/// Xiangqi grids with a row between ranks leave a row above and below the board and a column
/// more for the rank numbers, so that the discs of the outer pieces are whole.
pub(super) fn xiangqi_margin(step: (u16, u16)) -> u16 {
    u16::from(step.1 >= 3)
}

/// Where every square of a board lies on screen, for one size and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    pub game: Game,
    pub flipped: bool,
    /// The whole widget: rank labels, board and file labels.
    pub area: Rect,
    /// Chess: a square's size. Xiangqi: the distance between intersections.
    pub step: (u16, u16),
    /// Columns of a piece glyph (xiangqi CJK: 2).
    pub glyph_width: u16,
}

impl BoardGeometry {
    /// The sizes this game can be drawn in, smallest first.
    pub fn steps(game: Game) -> &'static [(u16, u16)] {
        if game.is_xiangqi() {
            &XIANGQI_STEPS
        } else {
            &CHESS_CELLS
        }
    }

    /// The widget's size (columns, rows) with `step`.
    pub fn size(game: Game, glyphs: GlyphSet, step: (u16, u16)) -> (u16, u16) {
        let (sx, sy) = step;
        let (w, h) = (game.width() as u16, game.height() as u16);
        if game.is_xiangqi() {
            // One more column on the right for the marker after the last file's glyph.
            let m = xiangqi_margin(step);
            (
                LABEL_WIDTH + m + (w - 1) * sx + glyphs.width(game) + 1,
                (h - 1) * sy + 1 + 1 + 2 * m,
            )
        } else {
            (LABEL_WIDTH + w * sx, h * sy + 1)
        }
    }

    /// The geometry with `step`, placed at the top-left of `area`.
    pub fn new(game: Game, glyphs: GlyphSet, step: (u16, u16), at: Rect, flipped: bool) -> Self {
        let (w, h) = BoardGeometry::size(game, glyphs, step);
        BoardGeometry {
            game,
            flipped,
            area: Rect::new(at.x, at.y, w.min(at.width), h.min(at.height)),
            step,
            glyph_width: glyphs.width(game),
        }
    }

    /// The largest size that fits in `width` × `height`.
    pub fn largest_step(
        game: Game,
        glyphs: GlyphSet,
        width: u16,
        height: u16,
    ) -> Option<(u16, u16)> {
        BoardGeometry::steps(game).iter().rev().copied().find(|&s| {
            let (w, h) = BoardGeometry::size(game, glyphs, s);
            w <= width && h <= height
        })
    }

    pub(super) fn files(&self) -> u16 {
        self.game.width() as u16
    }

    pub(super) fn ranks(&self) -> u16 {
        self.game.height() as u16
    }

    /// The screen column and row (0-based, from the top-left) of `sq`.
    fn screen_of(&self, sq: Square) -> (u16, u16) {
        let (file, rank) = (sq.file as u16, sq.rank as u16);
        if self.flipped {
            (self.files() - 1 - file, rank)
        } else {
            (file, self.ranks() - 1 - rank)
        }
    }

    fn square_of(&self, col: u16, row: u16) -> Square {
        if self.flipped {
            Square::new((self.files() - 1 - col) as u8, row as u8)
        } else {
            Square::new(col as u8, (self.ranks() - 1 - row) as u8)
        }
    }

    /// The top-left of the grid (the first square, or the first intersection).
    pub(super) fn origin(&self) -> (u16, u16) {
        let m = if self.game.is_xiangqi() {
            xiangqi_margin(self.step)
        } else {
            0
        };
        (self.area.x + LABEL_WIDTH + m, self.area.y + m)
    }

    /// Chess: the square's cells. Xiangqi: the glyph slot on the intersection.
    pub fn square_rect(&self, sq: Square) -> Rect {
        let (col, row) = self.screen_of(sq);
        let (ox, oy) = self.origin();
        let (sx, sy) = self.step;
        if self.game.is_xiangqi() {
            Rect::new(ox + col * sx, oy + row * sy, self.glyph_width, 1)
        } else {
            Rect::new(ox + col * sx, oy + row * sy, sx, sy)
        }
    }

    /// Where a piece glyph is drawn on `sq`.
    pub(super) fn glyph_at(&self, sq: Square) -> (u16, u16) {
        let r = self.square_rect(sq);
        if self.game.is_xiangqi() {
            (r.x, r.y)
        } else {
            (r.x + r.width / 2, r.y + r.height / 2)
        }
    }

    /// The square under a screen cell, for the mouse. Xiangqi takes the nearest intersection.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let (ox, oy) = self.origin();
        let (sx, sy) = self.step;
        if self.game.is_xiangqi() {
            let (cx, cy) = (x as i32 - ox as i32, y as i32 - oy as i32);
            // The glyph slot leans right of the vertical line: measure from its middle.
            let mid = (self.glyph_width as i32 - 1) / 2;
            let col = (cx - mid + sx as i32 / 2).div_euclid(sx as i32);
            let row = (cy + sy as i32 / 2).div_euclid(sy as i32);
            let inside = x >= ox.saturating_sub(1)
                && x < self.area.right()
                && y < self.area.bottom().saturating_sub(1);
            if !inside || !(0..self.files() as i32).contains(&col) {
                return None;
            }
            if !(0..self.ranks() as i32).contains(&row) {
                return None;
            }
            return Some(self.square_of(col as u16, row as u16));
        }
        if x < ox || y < oy {
            return None;
        }
        let (col, row) = ((x - ox) / sx, (y - oy) / sy);
        (col < self.files() && row < self.ranks()).then(|| self.square_of(col, row))
    }
}

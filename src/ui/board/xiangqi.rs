//! The xiangqi board: its grid of intersections, the river and the palaces, and the pieces
//! on discs.

use ratatui::layout::Rect;
use ratatui::style::Style;

use super::BoardView;
use super::canvas::Canvas;
use super::geometry::xiangqi_margin;
use crate::core::Square;

impl BoardView {
    pub(super) fn draw_xiangqi(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let (ox, oy) = g.origin();
        let (sx, sy) = g.step;
        let (files, ranks) = (g.files(), g.ranks());
        // The board's colour reaches into the margin, under the outer discs.
        let m = xiangqi_margin(g.step);
        let grid = Rect::new(
            ox - m,
            oy - m,
            (files - 1) * sx + g.glyph_width + 2 * m,
            (ranks - 1) * sy + 1 + 2 * m,
        );
        c.fill(grid, self.theme.xiangqi_board);
        self.grid_lines(c);
        self.palace_diagonals(c);
        let river = self.river(c);
        for sq in Square::all(g.game) {
            self.point(c, sq, &river);
        }
    }

    /// The grid of intersections; the river, between the fifth and sixth rows in either
    /// orientation, breaks the inner files.
    fn grid_lines(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let line = self.theme.xiangqi_board;
        let (ox, oy) = g.origin();
        let (sx, sy) = g.step;
        let (files, ranks) = (g.files(), g.ranks());
        let river_row = ranks / 2 - 1;
        for row in 0..ranks {
            let y = oy + row * sy;
            for col in 0..files {
                let x = ox + col * sx;
                let inner = col > 0 && col < files - 1;
                let up = row > 0 && !(inner && row == river_row + 1);
                let down = row < ranks - 1 && !(inner && row == river_row);
                let left = col > 0;
                let right = col < files - 1;
                c.put(x, y, junction(up, down, left, right), 1, line);
                if right {
                    for dx in 1..sx {
                        c.put(x + dx, y, "─", 1, line);
                    }
                }
                if down {
                    for dy in 1..sy {
                        c.put(x, y + dy, "│", 1, line);
                    }
                }
            }
        }
    }

    /// Palace diagonals: files d–f, the three rows nearest each side.
    fn palace_diagonals(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let line = self.theme.xiangqi_board;
        let (ox, oy) = g.origin();
        let (sx, sy) = g.step;
        for top in [0, g.ranks() - 3] {
            for k in 1..sy * 2 {
                let y = oy + top * sy + k;
                if k % sy == 0 {
                    continue;
                }
                let dx = k * sx / sy;
                c.put(ox + 3 * sx + dx, y, "╲", 1, line);
                c.put(ox + 5 * sx - dx, y, "╱", 1, line);
            }
        }
    }

    /// The river's inscriptions, centred in the gaps between files b–d and f–h; returns where
    /// they lie, for the discs to leave uncovered.
    fn river(&self, c: &mut Canvas) -> [Rect; 2] {
        let g = &self.geometry;
        let t = &self.theme;
        let (ox, oy) = g.origin();
        let (sx, sy) = g.step;
        let (left, right) = self.glyphs.river();
        let y = oy + (g.ranks() / 2 - 1) * sy + sy.div_ceil(2);
        let style = t
            .river
            .patch(Style::new().bg(t.xiangqi_board.bg.unwrap_or_default()));
        let mut river = [Rect::default(); 2];
        for (i, (text, from, to)) in [(left, 1, 3), (right, 5, 7)].into_iter().enumerate() {
            let w = ratatui::text::Line::raw(text).width() as u16;
            let mid = ox + (from * sx + to * sx + g.glyph_width) / 2;
            let x = mid.saturating_sub(w / 2);
            river[i] = Rect::new(x, y, w, 1);
            c.put(x, y, text, w, style);
        }
        river
    }

    /// One point: its piece on a disc, or its marker, last-move or cursor colour.
    fn point(&self, c: &mut Canvas, sq: Square, river: &[Rect; 2]) {
        let g = &self.geometry;
        let t = &self.theme;
        let discs = self.large() && g.step.1 >= 2;
        let r = g.square_rect(sq);
        let marker = self.markers(sq);
        if let Some(p) = self.position.board.get(sq) {
            let text = self.glyphs.piece(p, g.game, t.is_mono());
            let mut style = t.xiangqi_piece_bg.patch(self.piece_style(p.color));
            if self.on_last_move(sq) {
                style = style.patch(t.last_move_light);
            }
            let style = marker.map_or(style, |(_, _, m)| style.patch(m));
            if discs {
                self.disc(c, r, g.step.1 >= 3, river);
            }
            c.put(r.x, r.y, text, r.width, style);
        } else if let Some((_, _, m)) = marker {
            for x in r.x..r.right() {
                c.style(x, r.y, m);
            }
        } else if self.on_last_move(sq) {
            for x in r.x..r.right() {
                c.style(x, r.y, t.last_move_light);
            }
        }
        if let Some((left, right, style)) = marker {
            let style = t.xiangqi_board.patch(style);
            c.put(r.x - 1, r.y, left, 1, style);
            c.put(r.right(), r.y, right, 1, style);
        }
        if self.marks.cursor == Some(sq) {
            for x in r.x..r.right() {
                c.style(x, r.y, t.cursor);
            }
        }
    }

    /// The disc under a xiangqi piece whose glyph takes `r`: half blocks either side of it and,
    /// with `tall`, above and below it, leaving the river's inscriptions (`keep`) and the palace
    /// diagonals uncovered.
    fn disc(&self, c: &mut Canvas, r: Rect, tall: bool, keep: &[Rect]) {
        let t = &self.theme;
        let board = t.xiangqi_board;
        let style = match t.xiangqi_piece_bg.bg {
            Some(disc) => board.fg(disc),
            None => Style::new(),
        };
        c.put(r.x - 1, r.y, "▐", 1, style);
        c.put(r.right(), r.y, "▌", 1, style);
        if !tall {
            return;
        }
        // Round: the rows above and below reach a quarter cell past the glyph on each side.
        for (y, half, corners) in [
            (r.y.wrapping_sub(1), "▄", ("▗", "▖")),
            (r.y + 1, "▀", ("▝", "▘")),
        ] {
            let row = Rect::new(r.x - 1, y, r.width + 2, 1);
            if keep.iter().any(|k| !k.intersection(row).is_empty()) {
                continue;
            }
            for x in row.x..row.right() {
                // A palace diagonal stays whole: the disc gives way there.
                if c.symbol(x, y).is_some_and(|s| s == "╲" || s == "╱") {
                    continue;
                }
                let cell = match x {
                    _ if x == row.x => corners.0,
                    _ if x == row.right() - 1 => corners.1,
                    _ => half,
                };
                c.put(x, y, cell, 1, style);
            }
        }
    }
}

/// The box-drawing character joining lines in the given directions.
fn junction(up: bool, down: bool, left: bool, right: bool) -> &'static str {
    match (up, down, left, right) {
        (false, true, false, true) => "┌",
        (false, true, true, false) => "┐",
        (true, false, false, true) => "└",
        (true, false, true, false) => "┘",
        (true, true, false, true) => "├",
        (true, true, true, false) => "┤",
        (false, true, true, true) => "┬",
        (true, false, true, true) => "┴",
        (true, true, true, true) => "┼",
        (true, true, false, false) => "│",
        (false, false, true, true) => "─",
        _ => "·",
    }
}

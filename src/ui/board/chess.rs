//! Chess squares: light and dark, the pieces as glyphs or drawings, the marks beside them.

use ratatui::layout::Rect;
use ratatui::style::Modifier;

use super::super::pieces;
use super::BoardView;
use super::canvas::Canvas;
use crate::core::Square;

impl BoardView {
    pub(super) fn draw_chess(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let t = &self.theme;
        let pos = &self.position;
        let (sw, sh) = g.step;
        let large = self.large();
        for sq in Square::all(g.game) {
            let r = g.square_rect(sq);
            // A square writes only its own cells and, for its markers, at most one column
            // either side: one that cannot reach the clip is skipped.
            let reach = Rect::new(r.x.saturating_sub(1), r.y, r.width + 2, r.height);
            if !reach.intersects(c.clip) {
                continue;
            }
            let light = (sq.file + sq.rank) % 2 == 1;
            let mut bg = match (light, self.on_last_move(sq)) {
                (true, false) => t.light_square,
                (false, false) => t.dark_square,
                (true, true) => t.light_square.patch(t.last_move_light),
                (false, true) => t.dark_square.patch(t.last_move_dark),
            };
            let marker = self.markers(sq);
            if let Some((_, _, style)) = marker {
                bg = bg.patch(style);
            }
            c.blank(r, bg);
            let (gx, gy) = g.glyph_at(sq);
            let piece = pos.board.get(sq);
            let drawing = piece
                .filter(|_| large)
                .and_then(|p| pieces::drawing(p.role, p.color, sw, sh));
            match (piece, drawing) {
                (Some(p), Some(d)) => {
                    let style = bg.patch(self.piece_style(p.color));
                    // Centred across, standing on the square's bottom row.
                    let x0 = r.x + (sw - d.cols) / 2;
                    let y0 = r.y + sh - d.rows;
                    for y in 0..d.rows {
                        for x in 0..d.cols {
                            if let Some(cell) = d.cell(x, y) {
                                c.put(x0 + x, y0 + y, cell, 1, style);
                            }
                        }
                    }
                }
                (Some(p), None) => {
                    let text = self.glyphs.piece(p, g.game, t.is_mono());
                    c.put(gx, gy, text, 1, bg.patch(self.piece_style(p.color)));
                }
                // Without colour, empty dark squares are told by a dim dot.
                (None, _) if t.is_mono() && !light => {
                    c.put(gx, gy, "·", 1, bg.add_modifier(Modifier::DIM))
                }
                (None, _) => {}
            }
            if let Some((left, right, style)) = marker {
                // Beside the glyph, or at the square's edges around a drawing.
                let (lx, rx) = if large && sw >= 5 {
                    (r.x, r.right() - 1)
                } else {
                    (gx - 1, gx + 1)
                };
                c.put(lx, gy, left, 1, bg.patch(style));
                c.put(rx, gy, right, 1, bg.patch(style));
            }
            if self.marks.cursor == Some(sq) {
                c.fill(r, t.cursor);
            }
        }
    }
}

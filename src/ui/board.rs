//! The board widget: chess squares or xiangqi intersections, coordinates, cursor, the piece
//! picked up and the squares diagnostics name. Its geometry serves drawing and mouse hits alike.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

use super::glyphs::GlyphSet;
use super::pieces::{self, PieceSize};
use super::theme::Theme;
use crate::core::{Color, Diagnostic, Game, Position, Severity, Square};

/// Columns taken by the rank numbers left of the board.
const LABEL_WIDTH: u16 = 2;

/// Square sizes (columns × rows) for chess, smallest first: terminal cells are about twice as
/// tall as wide, so these stay roughly square.
const CHESS_CELLS: [(u16, u16); 5] = [(3, 1), (5, 2), (7, 3), (9, 4), (11, 5)];

/// Distances between xiangqi intersections (columns × rows), smallest first. Two rows at least:
/// the grid lines and the river need a row between ranks.
const XIANGQI_STEPS: [(u16, u16); 4] = [(4, 2), (6, 3), (8, 4), (10, 5)];

/// Xiangqi grids with a row between ranks leave a row above and below the board and a column
/// more for the rank numbers, so that the discs of the outer pieces are whole.
fn xiangqi_margin(step: (u16, u16)) -> u16 {
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

    fn files(&self) -> u16 {
        self.game.width() as u16
    }

    fn ranks(&self) -> u16 {
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
    fn origin(&self) -> (u16, u16) {
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
    fn glyph_at(&self, sq: Square) -> (u16, u16) {
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

/// What the board widget shows besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub cursor: Option<Square>,
    pub picked: Option<Square>,
    /// Squares named by error diagnostics.
    pub errors: Vec<Square>,
    /// Squares named by warnings only.
    pub warnings: Vec<Square>,
    /// The last move played back: from and to.
    pub last_move: Option<(Square, Square)>,
}

impl Marks {
    /// The squares the diagnostics name, errors first.
    pub fn from_diagnostics<'a>(diags: impl IntoIterator<Item = &'a Diagnostic>) -> Marks {
        let mut marks = Marks::default();
        for d in diags {
            for &sq in &d.squares {
                match d.severity {
                    Severity::Error => marks.errors.push(sq),
                    Severity::Warning => marks.warnings.push(sq),
                }
            }
        }
        marks.warnings.retain(|sq| !marks.errors.contains(sq));
        marks
    }
}

/// A board ready to draw.
pub struct BoardView<'a> {
    pub position: &'a Position,
    pub marks: &'a Marks,
    pub geometry: BoardGeometry,
    pub glyphs: GlyphSet,
    /// Drawings or single glyphs (letters with `--ascii` whatever this says).
    pub pieces: PieceSize,
    pub theme: &'a Theme,
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Never draw outside what the caller gave, whatever the geometry says.
        let clip = area.intersection(self.geometry.area).intersection(buf.area);
        let mut canvas = Canvas { buf, clip };
        if self.geometry.game.is_xiangqi() {
            self.draw_xiangqi(&mut canvas);
        } else {
            self.draw_chess(&mut canvas);
        }
        self.draw_coordinates(&mut canvas);
    }
}

/// A buffer that silently drops whatever falls outside its clip rectangle.
struct Canvas<'b> {
    buf: &'b mut Buffer,
    clip: Rect,
}

impl Canvas<'_> {
    fn contains(&self, x: u16, y: u16, width: u16) -> bool {
        y >= self.clip.y
            && y < self.clip.bottom()
            && x >= self.clip.x
            && x + width <= self.clip.right()
    }

    fn put(&mut self, x: u16, y: u16, text: &str, width: u16, style: Style) {
        if !self.contains(x, y, width) {
            return;
        }
        if width == 1 {
            // One cell, one symbol: most of the board; skips grapheme segmentation.
            self.buf[(x, y)].set_symbol(text).set_style(style);
        } else {
            self.buf.set_stringn(x, y, text, width as usize, style);
        }
    }

    fn symbol(&self, x: u16, y: u16) -> Option<&str> {
        self.contains(x, y, 1).then(|| self.buf[(x, y)].symbol())
    }

    fn style(&mut self, x: u16, y: u16, style: Style) {
        if self.contains(x, y, 1) {
            self.buf[(x, y)].set_style(style);
        }
    }

    /// Empties `r` and gives it `style`.
    fn blank(&mut self, r: Rect, style: Style) {
        let r = r.intersection(self.clip);
        let area = self.buf.area;
        for y in r.top()..r.bottom() {
            // Whole rows of cells at once: the board is most of the screen.
            let start = (y - area.y) as usize * area.width as usize + (r.x - area.x) as usize;
            for cell in &mut self.buf.content[start..start + r.width as usize] {
                if cell.symbol() != " " {
                    cell.set_symbol(" ");
                }
                cell.set_style(style);
            }
        }
    }

    fn fill(&mut self, r: Rect, style: Style) {
        let r = r.intersection(self.clip);
        self.buf.set_style(r, style);
    }
}

impl BoardView<'_> {
    fn piece_style(&self, color: Color) -> Style {
        let t = self.theme;
        match (color, self.geometry.game.is_xiangqi()) {
            (Color::White, true) => t.red_piece,
            (Color::White, false) => t.white_piece,
            (Color::Black, _) => t.black_piece,
        }
    }

    /// Markers either side of a glyph, so that a mark is seen without colour too.
    fn markers(&self, sq: Square) -> Option<(&'static str, &'static str, Style)> {
        let m = self.marks;
        let t = self.theme;
        if m.picked == Some(sq) {
            Some(("[", "]", t.picked))
        } else if m.errors.contains(&sq) {
            Some(("!", "!", t.error_square))
        } else if m.warnings.contains(&sq) {
            Some(("?", "?", t.warning_square))
        } else {
            None
        }
    }

    fn on_last_move(&self, sq: Square) -> bool {
        self.marks
            .last_move
            .is_some_and(|(from, to)| from == sq || to == sq)
    }

    /// Whether pieces are drawn large rather than as one glyph (letters always stay letters).
    fn large(&self) -> bool {
        self.pieces == PieceSize::Large && self.glyphs == GlyphSet::Unicode
    }

    fn draw_chess(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let t = self.theme;
        let pos = self.position;
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

    fn draw_xiangqi(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let t = self.theme;
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
        c.fill(grid, t.xiangqi_board);
        let line = t.xiangqi_board;
        // The river lies between the fifth and sixth rows in either orientation.
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
        // Palace diagonals: files d–f, the three rows nearest each side.
        for top in [0, ranks - 3] {
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
        // The river's inscriptions, centred in the gaps between files b–d and f–h.
        let (left, right) = self.glyphs.river();
        let y = oy + river_row * sy + sy.div_ceil(2);
        let mut river = [Rect::default(); 2];
        for (i, (text, from, to)) in [(left, 1, 3), (right, 5, 7)].into_iter().enumerate() {
            let w = ratatui::text::Line::raw(text).width() as u16;
            let mid = ox + (from * sx + to * sx + g.glyph_width) / 2;
            let x = mid.saturating_sub(w / 2);
            river[i] = Rect::new(x, y, w, 1);
            c.put(
                x,
                y,
                text,
                w,
                t.river.patch(Style::new().bg(line.bg.unwrap_or_default())),
            );
        }
        let discs = self.large() && sy >= 2;
        for sq in Square::all(g.game) {
            let r = g.square_rect(sq);
            let marker = self.markers(sq);
            let piece = self.position.board.get(sq);
            if let Some(p) = piece {
                let text = self.glyphs.piece(p, g.game, t.is_mono());
                let mut style = t.xiangqi_piece_bg.patch(self.piece_style(p.color));
                if self.on_last_move(sq) {
                    style = style.patch(t.last_move_light);
                }
                let style = marker.map_or(style, |(_, _, m)| style.patch(m));
                if discs {
                    self.disc(c, r, sy >= 3, &river);
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
                let style = line.patch(style);
                c.put(r.x - 1, r.y, left, 1, style);
                c.put(r.right(), r.y, right, 1, style);
            }
            if self.marks.cursor == Some(sq) {
                for x in r.x..r.right() {
                    c.style(x, r.y, t.cursor);
                }
            }
        }
    }

    /// The disc under a xiangqi piece whose glyph takes `r`: half blocks either side of it and,
    /// with `tall`, above and below it, leaving the river's inscriptions (`keep`) and the palace
    /// diagonals uncovered.
    fn disc(&self, c: &mut Canvas, r: Rect, tall: bool, keep: &[Rect]) {
        let t = self.theme;
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

    fn draw_coordinates(&self, c: &mut Canvas) {
        let g = &self.geometry;
        let style = self.theme.coordinate;
        let bottom = g.area.y + BoardGeometry::size(g.game, self.glyphs, g.step).1 - 1;
        for file in 0..g.files() {
            let sq = Square::new(file as u8, 0);
            let (x, _) = g.glyph_at(sq);
            let letter = (b'a' + file as u8) as char;
            let mut s = [0u8; 4];
            c.put(x, bottom, letter.encode_utf8(&mut s), 1, style);
        }
        if !c.contains(g.area.x, c.clip.y, 1) {
            // A clip right of the numbers (a square being redrawn) holds none of them.
            return;
        }
        for rank in 0..g.ranks() {
            let sq = Square::new(0, rank as u8);
            let (_, y) = g.glyph_at(sq);
            // The numbers are 0–10: one or two digits, written without allocating.
            let n = sq.rank_number(g.game);
            let digits = [b'0' + n / 10, b'0' + n % 10];
            let number = std::str::from_utf8(&digits[usize::from(n < 10)..]).unwrap_or("?");
            c.put(g.area.x, y, number, 1, style);
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

/// The board alone in a buffer of its own (for `fenboard show`): at its smallest size with
/// single glyphs, or with squares big enough for the drawings (chess 7×3, xiangqi 6×3).
pub fn diagram(
    position: &Position,
    marks: &Marks,
    glyphs: GlyphSet,
    pieces: PieceSize,
    theme: &Theme,
    flipped: bool,
) -> Buffer {
    let game = position.game;
    let steps = BoardGeometry::steps(game);
    let large = pieces == PieceSize::Large && glyphs == GlyphSet::Unicode;
    let step = match (large, game.is_xiangqi()) {
        (false, _) => steps[0],
        (true, false) => (7, 3),
        (true, true) => (6, 3),
    };
    let (w, h) = BoardGeometry::size(game, glyphs, step);
    let area = Rect::new(0, 0, w, h);
    let view = BoardView {
        position,
        marks,
        geometry: BoardGeometry::new(game, glyphs, step, area, flipped),
        glyphs,
        pieces,
        theme,
    };
    let mut buf = Buffer::empty(area);
    (&view).render(area, &mut buf);
    buf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Piece, Role};
    use crate::ui::ansi::buffer_to_text;
    use crate::ui::theme::ColorMode;

    fn draw(
        pos: &Position,
        marks: &Marks,
        glyphs: GlyphSet,
        step: (u16, u16),
        flipped: bool,
    ) -> (Buffer, BoardGeometry) {
        draw_with(
            pos,
            marks,
            glyphs,
            PieceSize::Small,
            step,
            flipped,
            ColorMode::TrueColor,
        )
    }

    fn draw_with(
        pos: &Position,
        marks: &Marks,
        glyphs: GlyphSet,
        pieces: PieceSize,
        step: (u16, u16),
        flipped: bool,
        mode: ColorMode,
    ) -> (Buffer, BoardGeometry) {
        let theme = Theme::new(mode);
        let (w, h) = BoardGeometry::size(pos.game, glyphs, step);
        let area = Rect::new(0, 0, w, h);
        let geometry = BoardGeometry::new(pos.game, glyphs, step, area, flipped);
        let view = BoardView {
            position: pos,
            marks,
            geometry,
            glyphs,
            pieces,
            theme: &theme,
        };
        let mut buf = Buffer::empty(area);
        (&view).render(area, &mut buf);
        (buf, geometry)
    }

    /// The cells where two drawings of the same board differ.
    fn changed(a: &Buffer, b: &Buffer) -> Vec<(u16, u16)> {
        let r = a.area;
        (r.top()..r.bottom())
            .flat_map(|y| (r.left()..r.right()).map(move |x| (x, y)))
            .filter(|&(x, y)| a[(x, y)] != b[(x, y)])
            .collect()
    }

    fn inside(r: Rect, (x, y): (u16, u16)) -> bool {
        x >= r.x && x < r.right() && y >= r.y && y < r.bottom()
    }

    #[test]
    fn every_drawing_stays_inside_its_square_at_every_size() {
        let empty = Position::empty(Game::Chess);
        let sq = Square::new(3, 3);
        for &step in BoardGeometry::steps(Game::Chess) {
            for mode in [ColorMode::TrueColor, ColorMode::Mono] {
                let large = |pos: &Position, marks: &Marks| {
                    draw_with(
                        pos,
                        marks,
                        GlyphSet::Unicode,
                        PieceSize::Large,
                        step,
                        false,
                        mode,
                    )
                };
                for &role in Game::Chess.roles() {
                    for color in Color::BOTH {
                        let mut pos = empty;
                        pos.board.set(sq, Some(Piece::new(color, role)));
                        for marks in [
                            Marks::default(),
                            Marks {
                                cursor: Some(sq),
                                picked: Some(sq),
                                last_move: Some((sq, sq)),
                                ..Marks::default()
                            },
                        ] {
                            let (blank, g) = large(&empty, &Marks::default());
                            let (drawn, _) = large(&pos, &marks);
                            let cells = changed(&blank, &drawn);
                            assert!(!cells.is_empty(), "{step:?} {role:?} {color:?} not drawn");
                            let r = g.square_rect(sq);
                            for cell in cells {
                                assert!(inside(r, cell), "{step:?} {role:?} {color:?} at {cell:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn large_squares_show_drawings_with_markers_at_their_edges() {
        let mut pos = Position::empty(Game::Chess);
        let (king, pawn) = (Square::new(4, 0), Square::new(0, 6));
        pos.board
            .set(king, Some(Piece::new(Color::White, Role::King)));
        pos.board
            .set(pawn, Some(Piece::new(Color::Black, Role::Pawn)));
        let marks = Marks {
            picked: Some(king),
            errors: vec![pawn],
            ..Marks::default()
        };
        for &step in &BoardGeometry::steps(Game::Chess)[1..] {
            let (buf, g) = draw_with(
                &pos,
                &marks,
                GlyphSet::Unicode,
                PieceSize::Large,
                step,
                false,
                ColorMode::Mono,
            );
            for (sq, left, right) in [(king, "[", "]"), (pawn, "!", "!")] {
                let r = g.square_rect(sq);
                let y = r.y + r.height / 2;
                assert_eq!(buf[(r.x, y)].symbol(), left, "{step:?}");
                assert_eq!(buf[(r.right() - 1, y)].symbol(), right, "{step:?}");
                // The drawing is made of block characters, not the single glyph.
                let blocks = (r.y..r.bottom())
                    .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                    .filter(|&c| buf[c].symbol().chars().all(|ch| ('▀'..='▟').contains(&ch)))
                    .count();
                assert!(blocks >= 3, "{step:?} {sq:?}: {blocks} block cells");
            }
        }
        // The smallest squares keep the glyph.
        let (buf, g) = draw_with(
            &pos,
            &marks,
            GlyphSet::Unicode,
            PieceSize::Large,
            (3, 1),
            false,
            ColorMode::Mono,
        );
        assert_eq!(symbol_at(&buf, &g, king), "♔");
        // Small pieces and letters keep one glyph on any square.
        for (glyphs, pieces, want) in [
            (GlyphSet::Unicode, PieceSize::Small, "♔"),
            (GlyphSet::Ascii, PieceSize::Large, "K"),
        ] {
            let (buf, g) = draw_with(&pos, &marks, glyphs, pieces, (9, 4), false, ColorMode::Mono);
            assert_eq!(symbol_at(&buf, &g, king), want);
        }
    }

    #[test]
    fn the_last_move_tints_its_two_squares_and_underlines_them_without_colour() {
        let pos = Position::start(Game::Chess);
        let (from, to) = (Square::new(4, 1), Square::new(4, 3));
        let marks = Marks {
            last_move: Some((from, to)),
            ..Marks::default()
        };
        for game_pos in [pos, Position::start(Game::Xiangqi)] {
            let game = game_pos.game;
            let step = BoardGeometry::steps(game)[1];
            for mode in [ColorMode::TrueColor, ColorMode::Mono] {
                let (plain, g) = draw_with(
                    &game_pos,
                    &Marks::default(),
                    GlyphSet::Unicode,
                    PieceSize::Large,
                    step,
                    false,
                    mode,
                );
                let (marked, _) = draw_with(
                    &game_pos,
                    &marks,
                    GlyphSet::Unicode,
                    PieceSize::Large,
                    step,
                    false,
                    mode,
                );
                let cells = changed(&plain, &marked);
                for sq in [from, to] {
                    let r = g.square_rect(sq);
                    assert!(
                        cells.iter().any(|&c| inside(r, c)),
                        "{game} {mode:?} {sq:?} unmarked"
                    );
                }
                let squares = [g.square_rect(from), g.square_rect(to)];
                assert!(cells.iter().all(|&c| squares.iter().any(|&r| inside(r, c))));
            }
        }
    }

    #[test]
    fn xiangqi_discs_round_every_piece_but_spare_the_river_and_the_palaces() {
        // Pieces on every intersection: the worst case for the river and the diagonals.
        let mut full = Position::empty(Game::Xiangqi);
        for sq in Square::all(Game::Xiangqi) {
            full.board
                .set(sq, Some(Piece::new(Color::Black, Role::Pawn)));
        }
        let empty = Position::empty(Game::Xiangqi);
        for &step in BoardGeometry::steps(Game::Xiangqi) {
            for flipped in [false, true] {
                let large = |pos: &Position| {
                    draw_with(
                        pos,
                        &Marks::default(),
                        GlyphSet::Unicode,
                        PieceSize::Large,
                        step,
                        flipped,
                        ColorMode::TrueColor,
                    )
                };
                let (board, g) = large(&empty);
                let (discs, _) = large(&full);
                let text = |b: &Buffer| buffer_to_text(b, false);
                let diagonals = |b: &Buffer| text(b).matches(['╲', '╱']).count();
                assert_eq!(diagonals(&discs), diagonals(&board), "{step:?}");
                assert!(diagonals(&board) > 0);
                assert!(text(&discs).contains("楚 河") && text(&discs).contains("漢 界"));
                let r = g.square_rect(Square::new(4, 4));
                assert_eq!(discs[(r.x - 1, r.y)].symbol(), "▐", "{step:?}");
                assert_eq!(discs[(r.right(), r.y)].symbol(), "▌", "{step:?}");
                if step.1 >= 3 {
                    assert_eq!(discs[(r.x, r.y - 1)].symbol(), "▄", "{step:?}");
                    assert_eq!(discs[(r.x, r.y + 1)].symbol(), "▀", "{step:?}");
                }
                // One piece changes only its disc: the glyph, a column either side and, with
                // room, a row above and below.
                let mut one = empty;
                let sq = Square::new(0, 9);
                one.board
                    .set(sq, Some(Piece::new(Color::White, Role::Rook)));
                let (drawn, _) = large(&one);
                let r = g.square_rect(sq);
                let m = u16::from(step.1 >= 3);
                let disc = Rect::new(r.x - 1, r.y - m, r.width + 2, 1 + 2 * m);
                for cell in changed(&board, &drawn) {
                    assert!(inside(disc, cell), "{step:?} flipped {flipped}: {cell:?}");
                }
            }
        }
    }

    fn symbol_at(buf: &Buffer, g: &BoardGeometry, sq: Square) -> String {
        let (x, y) = g.glyph_at(sq);
        buf[(x, y)].symbol().to_owned()
    }

    #[test]
    fn chess_pieces_stand_on_their_squares_in_both_orientations() {
        let pos = Position::start(Game::Chess);
        for flipped in [false, true] {
            for &step in BoardGeometry::steps(Game::Chess) {
                let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Ascii, step, flipped);
                for sq in Square::all(Game::Chess) {
                    let want = pos
                        .board
                        .get(sq)
                        .map_or(" ".to_owned(), |p| p.char().to_string());
                    assert_eq!(
                        symbol_at(&buf, &g, sq),
                        want,
                        "{step:?} flipped {flipped} {sq:?}"
                    );
                }
            }
        }
        let (buf, _) = draw(&pos, &Marks::default(), GlyphSet::Ascii, (3, 1), true);
        let text = buffer_to_text(&buf, false);
        assert!(text.starts_with("1  R  N  B  K  Q  B  N  R"), "{text}");
        assert!(text.ends_with("   h  g  f  e  d  c  b  a\n"), "{text}");
    }

    #[test]
    fn squares_alternate_colours_with_a1_dark() {
        let pos = Position::empty(Game::Chess);
        let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Unicode, (5, 2), false);
        let theme = Theme::new(ColorMode::TrueColor);
        let bg = |sq| buf[(g.square_rect(sq).x, g.square_rect(sq).y)].bg;
        assert_eq!(bg(Square::new(0, 0)), theme.dark_square.bg.unwrap());
        assert_eq!(bg(Square::new(1, 0)), theme.light_square.bg.unwrap());
        assert_eq!(bg(Square::new(7, 7)), theme.dark_square.bg.unwrap());
    }

    #[test]
    fn cursor_is_reverse_video_over_the_whole_square() {
        let pos = Position::start(Game::Chess);
        let marks = Marks {
            cursor: Some(Square::new(4, 1)),
            ..Marks::default()
        };
        let (buf, g) = draw(&pos, &marks, GlyphSet::Unicode, (7, 3), false);
        let r = g.square_rect(Square::new(4, 1));
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
            }
        }
        let other = g.square_rect(Square::new(3, 1));
        assert!(
            !buf[(other.x, other.y)]
                .modifier
                .contains(Modifier::REVERSED)
        );
    }

    #[test]
    fn diagnosed_and_picked_squares_get_markers_beside_the_glyph() {
        let mut pos = Position::empty(Game::Chess);
        pos.board.set(
            Square::new(4, 0),
            Some(Piece::new(Color::White, Role::King)),
        );
        pos.board.set(
            Square::new(0, 7),
            Some(Piece::new(Color::White, Role::Pawn)),
        );
        let marks = Marks {
            errors: vec![Square::new(0, 7)],
            picked: Some(Square::new(4, 0)),
            ..Marks::default()
        };
        let (buf, g) = draw(&pos, &marks, GlyphSet::Unicode, (3, 1), false);
        let text = buffer_to_text(&buf, false);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("8 !♟\u{FE0E}!"), "{:?}", lines[0]);
        assert!(lines[7].contains("[♚]"), "{:?}", lines[7]);
        let (x, y) = g.glyph_at(Square::new(0, 7));
        assert!(buf[(x - 1, y)].modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn xiangqi_draws_river_palaces_and_two_column_glyphs() {
        let pos = Position::start(Game::Xiangqi);
        let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Unicode, (4, 2), false);
        let text = buffer_to_text(&buf, false);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 20);
        assert!(
            lines[0].starts_with("9 車──馬──象──士──將──士──象──馬──車"),
            "{}",
            lines[0]
        );
        assert!(
            lines[9].contains("楚 河") && lines[9].contains("漢 界"),
            "{}",
            lines[9]
        );
        // The river cuts the inner files: no vertical line crosses it.
        assert_eq!(lines[9].matches('│').count(), 2, "{}", lines[9]);
        assert!(
            lines[1].contains("╲ │ ╱") && lines[3].contains("╱ │ ╲"),
            "{}",
            lines[1]
        );
        assert!(lines[15].contains("╲ │ ╱") && lines[17].contains("╱ │ ╲"));
        assert_eq!(lines[19].trim_end(), "  a   b   c   d   e   f   g   h   i");
        assert_eq!(symbol_at(&buf, &g, Square::new(4, 0)), "帥");
        assert_eq!(symbol_at(&buf, &g, Square::new(1, 7)), "砲");
    }

    #[test]
    fn xiangqi_flipped_puts_red_on_top_in_ascii() {
        let pos = Position::start(Game::Xiangqi);
        let (buf, _) = draw(&pos, &Marks::default(), GlyphSet::Ascii, (4, 2), true);
        let text = buffer_to_text(&buf, false);
        assert!(
            text.starts_with("0 R───N───B───A───K───A───B───N───R\n"),
            "{text}"
        );
        assert!(
            text.ends_with("  i   h   g   f   e   d   c   b   a\n"),
            "{text}"
        );
    }

    #[test]
    fn drawing_into_any_smaller_area_stays_inside_it() {
        let theme = Theme::new(ColorMode::Indexed);
        for game in [Game::Chess, Game::Xiangqi] {
            let pos = Position::start(game);
            let marks = Marks {
                cursor: Some(Square::new(8, 9)),
                errors: vec![Square::new(0, 0)],
                ..Marks::default()
            };
            for glyphs in [GlyphSet::Unicode, GlyphSet::Ascii] {
                for w in 0..45 {
                    for h in 0..25 {
                        let full = Rect::new(0, 0, 60, 30);
                        let area = Rect::new(1, 1, w, h);
                        let step = *BoardGeometry::steps(game).last().unwrap();
                        let geometry = BoardGeometry::new(game, glyphs, step, area, false);
                        let view = BoardView {
                            position: &pos,
                            marks: &marks,
                            geometry,
                            glyphs,
                            pieces: PieceSize::Large,
                            theme: &theme,
                        };
                        let mut buf = Buffer::empty(full);
                        (&view).render(area, &mut buf);
                        for y in 0..30 {
                            for x in 0..60 {
                                let inside = x >= 1 && y >= 1 && x < 1 + w && y < 1 + h;
                                if !inside {
                                    assert_eq!(
                                        buf[(x, y)],
                                        ratatui::buffer::Cell::default(),
                                        "{game} {w}x{h} at {x},{y}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

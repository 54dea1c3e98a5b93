//! The board widget: chess squares or xiangqi intersections, coordinates, cursor, the piece
//! picked up and the squares diagnostics name. Its `geometry` serves drawing and mouse hits
//! alike; the `canvas` clips what is drawn; `chess` and `xiangqi` draw each game's board.

mod canvas;
mod chess;
mod geometry;
#[cfg(test)]
mod tests;
mod xiangqi;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

use self::canvas::Canvas;
pub use self::geometry::BoardGeometry;
use super::glyphs::GlyphSet;
use super::pieces::PieceSize;
use super::theme::Theme;
use crate::core::{Color, Diagnostic, Position, Severity, Square};

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

/// A board ready to draw: the board panel of the screen, and `fenboard show`'s diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub position: Position,
    pub marks: Marks,
    pub geometry: BoardGeometry,
    pub glyphs: GlyphSet,
    /// Drawings or single glyphs (letters with `--ascii` whatever this says).
    pub pieces: PieceSize,
    pub theme: Theme,
}

impl BoardView {
    /// The squares the cursor left and entered, when `next` differs from this board in the
    /// cursor alone: the cursor is drawn inside its square (the glyph slot in xiangqi), so
    /// only those two can look different.
    pub fn cursor_moved(&self, next: &BoardView) -> Option<(Square, Square)> {
        // Every part named, so that one added is considered here too.
        let BoardView {
            position,
            marks:
                Marks {
                    cursor,
                    picked,
                    errors,
                    warnings,
                    last_move,
                },
            geometry,
            glyphs,
            pieces,
            theme,
        } = self;
        let same = *position == next.position
            && *picked == next.marks.picked
            && *errors == next.marks.errors
            && *warnings == next.marks.warnings
            && *last_move == next.marks.last_move
            && *geometry == next.geometry
            && *glyphs == next.glyphs
            && *pieces == next.pieces
            && *theme == next.theme;
        match (cursor, next.marks.cursor) {
            (Some(from), Some(to)) if same => Some((*from, to)),
            _ => None,
        }
    }
}

impl Widget for &BoardView {
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

impl BoardView {
    fn piece_style(&self, color: Color) -> Style {
        let t = &self.theme;
        match (color, self.geometry.game.is_xiangqi()) {
            (Color::White, true) => t.red_piece,
            (Color::White, false) => t.white_piece,
            (Color::Black, _) => t.black_piece,
        }
    }

    /// Markers either side of a glyph, so that a mark is seen without colour too.
    fn markers(&self, sq: Square) -> Option<(&'static str, &'static str, Style)> {
        let m = &self.marks;
        let t = &self.theme;
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
        position: *position,
        marks: marks.clone(),
        geometry: BoardGeometry::new(game, glyphs, step, area, flipped),
        glyphs,
        pieces,
        theme: theme.clone(),
    };
    let mut buf = Buffer::empty(area);
    (&view).render(area, &mut buf);
    buf
}

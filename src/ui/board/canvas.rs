//! The board's drawing surface: a buffer that drops whatever falls outside the rectangle
//! being drawn, so that redrawing two squares touches nothing else.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// A buffer that silently drops whatever falls outside its clip rectangle.
pub(super) struct Canvas<'b> {
    pub buf: &'b mut Buffer,
    pub clip: Rect,
}

impl Canvas<'_> {
    pub fn contains(&self, x: u16, y: u16, width: u16) -> bool {
        y >= self.clip.y
            && y < self.clip.bottom()
            && x >= self.clip.x
            && x + width <= self.clip.right()
    }

    pub fn put(&mut self, x: u16, y: u16, text: &str, width: u16, style: Style) {
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

    pub fn symbol(&self, x: u16, y: u16) -> Option<&str> {
        self.contains(x, y, 1).then(|| self.buf[(x, y)].symbol())
    }

    pub fn style(&mut self, x: u16, y: u16, style: Style) {
        if self.contains(x, y, 1) {
            self.buf[(x, y)].set_style(style);
        }
    }

    /// Empties `r` and gives it `style`.
    pub fn blank(&mut self, r: Rect, style: Style) {
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

    pub fn fill(&mut self, r: Rect, style: Style) {
        let r = r.intersection(self.clip);
        self.buf.set_style(r, style);
    }
}

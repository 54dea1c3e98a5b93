//! The screen's panels, each drawn into the region `ui::layout` gives it: the title bar, the
//! fields, diagnostics, solution, analysis and moves panels, the FEN line, the message line
//! and key hints, and the question dialogs.
//!
//! A panel is a plain value made from the state by its `new` (everything it draws from,
//! copied), compared with `PartialEq` and drawn as a widget (`impl Widget for &Panel`): what
//! it draws depends on nothing else, so `ui::frame` redraws exactly the panels whose value
//! changed.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::style::Style;

use super::theme::Theme;

pub mod analysis;
pub mod diagnostics;
pub mod dialog;
pub mod fen_line;
pub mod fields;
pub mod moves;
pub mod record;
pub mod solution;
pub mod status;
pub mod title;

pub(crate) fn border_style(focused: bool, t: &Theme) -> Style {
    if focused { t.border_focused } else { t.border }
}

/// Draws a titled box and returns its inside. Written cell by cell: a `Block` would first
/// restyle every cell inside, which costs more than the rest of the panel.
pub(crate) fn boxed(title: &str, style: Style, r: Rect, buf: &mut Buffer) -> Rect {
    let r = r.intersection(buf.area);
    if r.width < 2 || r.height < 2 {
        return Rect::new(r.x, r.y, 0, 0);
    }
    let (right, bottom) = (r.right() - 1, r.bottom() - 1);
    for x in r.x + 1..right {
        buf[(x, r.y)].set_symbol("─").set_style(style);
        buf[(x, bottom)].set_symbol("─").set_style(style);
    }
    for y in r.y + 1..bottom {
        buf[(r.x, y)].set_symbol("│").set_style(style);
        buf[(right, y)].set_symbol("│").set_style(style);
    }
    for (x, y, corner) in [
        (r.x, r.y, "┌"),
        (right, r.y, "┐"),
        (r.x, bottom, "└"),
        (right, bottom, "┘"),
    ] {
        buf[(x, y)].set_symbol(corner).set_style(style);
    }
    if r.width > 4 {
        buf.set_stringn(
            r.x + 1,
            r.y,
            format!(" {title} "),
            (r.width - 3) as usize,
            style,
        );
    }
    r.inner(Margin::new(1, 1))
}

/// Clears `r` for an overlay. A wide character just left of it (a xiangqi piece under a
/// dialog) would lose its second column to the overlay's border: it is blanked too.
pub(crate) fn clear_for_overlay(r: Rect, buf: &mut Buffer) {
    use ratatui::widgets::{Clear, Widget};
    let r = r.intersection(buf.area);
    Clear.render(r, buf);
    if r.x > buf.area.x {
        for y in r.top()..r.bottom() {
            let cell = &mut buf[(r.x - 1, y)];
            if unicode_width::UnicodeWidthStr::width(cell.symbol()) > 1 {
                cell.set_symbol(" ");
            }
        }
    }
}

/// A box of at most `width` × `height` centred in `area`, an odd spare cell going right and
/// down (`Rect::centered`'s flex layout puts it the other way, which would move every dialog).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let (w, h) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

//! The cells that changed between two frames, as ratatui's `Buffer::diff` finds them, faster.
//!
//! A keystroke changes a few dozen of a frame's thousands of cells, so comparing unchanged cells
//! is most of the work. ratatui measures every cell's symbol width before comparing it and
//! compares symbols through `memcmp`; here equal cells are recognised first, cheaply, and widths
//! are measured only for symbols longer than one byte. The result is the same list of changes
//! (the tests compare the two on many frames).

use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::style::{Color, Modifier};

/// Modifiers that show on a blank cell (as in ratatui's diff).
const VISIBLE_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::SLOW_BLINK)
    .union(Modifier::RAPID_BLINK)
    .union(Modifier::CROSSED_OUT);

/// Fills `out` with the indices (into `next.content`) of the cells to write so that a terminal
/// showing `prev` shows `next`, in order. Both buffers must have the same area. Cells with a
/// diff option or the skip flag, which this editor never sets, are left to ratatui's own diff.
pub fn changes(prev: &Buffer, next: &Buffer, out: &mut Vec<usize>) {
    out.clear();
    assert_eq!(prev.area, next.area, "frames of different sizes");
    if !plain(prev, next, out) {
        out.clear();
        let width = usize::from(next.area.width);
        out.extend(
            prev.diff(next).into_iter().map(|(x, y, _)| {
                usize::from(y - next.area.y) * width + usize::from(x - next.area.x)
            }),
        );
    }
}

/// The diff of cells without diff options; false (and `out` unfinished) on meeting one.
fn plain(prev: &Buffer, next: &Buffer, out: &mut Vec<usize>) -> bool {
    let (prev, next) = (&prev.content, &next.content);
    let len = prev.len().min(next.len());
    let mut i = 0;
    while i < len {
        let (cur, old) = (&next[i], &prev[i]);
        if !is_plain(cur) || !is_plain(old) {
            return false;
        }
        if same(cur, old) {
            i += width(cur).max(1);
            continue;
        }
        let w = width(cur);
        out.push(i);
        if w > 1 && cur.symbol().contains('\u{FE0F}') {
            // Emoji presentation: its trailing columns are written again where their symbol
            // changed, for terminals that do not clear them.
            i = trailing(prev, next, i + 1, (i + w).min(len), false, out);
        } else if w > 1 {
            i += w;
        } else if width(old) > w
            && (old.bg != Color::Reset || old.modifier.intersects(VISIBLE_ON_BLANK))
        {
            // A wide character replaced by a narrow one left its style on the columns it
            // covered: all of them are written again.
            i = trailing(prev, next, i + 1, (i + width(old)).min(len), true, out);
        } else {
            i += 1;
        }
    }
    true
}

/// The trailing columns `from..end` after a wide character, as ratatui writes them; returns
/// where the scan goes on.
fn trailing(
    prev: &[Cell],
    next: &[Cell],
    from: usize,
    mut end: usize,
    force: bool,
    out: &mut Vec<usize>,
) -> usize {
    let len = prev.len().min(next.len());
    let mut j = from;
    while j < end {
        let k = j;
        j += width(&next[k]).max(1);
        end = end.max(j).min(len);
        if force || prev[k].symbol() != next[k].symbol() {
            out.push(k);
        }
    }
    end
}

/// Neither a diff option nor the (deprecated) skip flag.
#[allow(deprecated)]
fn is_plain(c: &Cell) -> bool {
    c.diff_option == CellDiffOption::None && !c.skip
}

/// `Cell::eq` for plain cells, the cheap fields first.
fn same(a: &Cell, b: &Cell) -> bool {
    a.fg == b.fg
        && a.bg == b.bg
        && a.modifier == b.modifier
        && a.underline_color == b.underline_color
        && same_symbol(a.symbol(), b.symbol())
}

fn same_symbol(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    match (a, b) {
        ([x], [y]) => x == y,
        _ => a == b,
    }
}

/// Columns a plain cell's symbol takes.
fn width(c: &Cell) -> usize {
    if c.symbol().len() == 1 {
        1
    } else {
        usize::from(c.cell_width())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::editor::{Action, Direction, Options, State, update};
    use crate::ui::screen::{View, render};
    use crate::ui::theme::{ColorMode, Theme};
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    fn ours(prev: &Buffer, next: &Buffer) -> Vec<(u16, u16, Cell)> {
        let mut out = Vec::new();
        changes(prev, next, &mut out);
        let w = usize::from(next.area.width);
        out.iter()
            .map(|&i| ((i % w) as u16, (i / w) as u16, next.content[i].clone()))
            .collect()
    }

    fn theirs(prev: &Buffer, next: &Buffer) -> Vec<(u16, u16, Cell)> {
        prev.diff(next)
            .into_iter()
            .map(|(x, y, c)| (x, y, c.clone()))
            .collect()
    }

    fn frame(state: &State, area: Rect) -> Buffer {
        let mut buf = Buffer::empty(area);
        render(
            state,
            &View::new(Theme::new(ColorMode::TrueColor)),
            area,
            &mut buf,
        );
        buf
    }

    #[test]
    fn editor_frames_give_ratatuis_changes() {
        let mut pairs = 0;
        for (fen, game) in [
            (Game::Chess.start_fen(), Game::Chess),
            (Game::Xiangqi.start_fen(), Game::Xiangqi),
            ("4k3/8/8/8/8/8/8/P3K2K b KQ e3 7 1", Game::Chess),
        ] {
            for ascii in [false, true] {
                let options = Options { ascii, mouse: true };
                let mut state = State::from_fen(fen, Some(game), options);
                for area in [Rect::new(0, 0, 120, 40), Rect::new(0, 0, 61, 33)] {
                    let blank = Buffer::empty(area);
                    let mut prev = frame(&state, area);
                    assert_eq!(ours(&blank, &prev), theirs(&blank, &prev));
                    for action in [
                        Action::MoveCursor(Direction::Right),
                        Action::MoveCursor(Direction::Down),
                        Action::Flip,
                        Action::ToggleHelp,
                        Action::ToggleHelp,
                        Action::ToggleSide,
                        Action::Clear,
                        Action::Initial,
                    ] {
                        update(&mut state, action);
                        let next = frame(&state, area);
                        assert_eq!(ours(&prev, &next), theirs(&prev, &next));
                        assert_eq!(ours(&next, &prev), theirs(&next, &prev));
                        prev = next;
                        pairs += 1;
                    }
                }
            }
        }
        assert!(pairs > 50);
    }

    #[test]
    fn wide_characters_and_styles_give_ratatuis_changes() {
        let area = Rect::new(0, 0, 12, 3);
        let texts = ["帥 將 ab", "a帥bc將", "ab❤️cd", "a❤️b", "   ", "x帥x帥x帥"];
        let styles = [
            Style::new(),
            Style::new().bg(Color::Red),
            Style::new().add_modifier(Modifier::REVERSED),
            Style::new()
                .fg(Color::Rgb(1, 2, 3))
                .underline_color(Color::Blue),
        ];
        let mut bufs = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            for (j, style) in styles.iter().enumerate() {
                let mut b = Buffer::empty(area);
                b.set_string((i % 3) as u16, (j % 3) as u16, text, *style);
                b.set_string(0, 2, texts[(i + j) % texts.len()], styles[i % styles.len()]);
                bufs.push(b);
            }
        }
        for a in &bufs {
            for b in &bufs {
                assert_eq!(ours(a, b), theirs(a, b), "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn cells_with_diff_options_fall_back_to_ratatui() {
        let area = Rect::new(0, 0, 5, 1);
        let prev = Buffer::with_lines(["abcde"]);
        let mut next = Buffer::with_lines(["abxde"]);
        next[(0, 0)].set_diff_option(CellDiffOption::Skip);
        next[(3, 0)].set_diff_option(CellDiffOption::AlwaysUpdate);
        assert_eq!(next.area, area);
        assert_eq!(ours(&prev, &next), theirs(&prev, &next));
        assert_eq!(ours(&prev, &next).len(), 2);
    }
}

//! The help overlay: every key of the editor's key list, in columns of whole entries (a
//! group's title stays with its first row, a row is never split), scrolling together when
//! they do not fit. Each entry's column is fixed by the screen's size, so nothing moves
//! between columns while scrolling.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use super::panels::{centered, clear_for_overlay};
use super::text;
use super::theme::{ColorMode, Theme};
use super::wrap::{self, wrap};
use crate::editor::keys::{Group, HelpScroll, group_rows};
use crate::i18n::Lang;

/// Narrowest column worth having a second one for.
const MIN_COLUMN: u16 = 56;
const MAX_WIDTH: u16 = 160;

/// The help overlay over the whole screen, scrolled `scroll` rows down.
pub struct HelpOverlay<'a> {
    pub lang: Lang,
    pub scroll: u16,
    pub theme: &'a Theme,
}

/// The overlay's box in `area`: all of it but the title and key hint rows.
fn frame(area: Rect) -> Rect {
    let height = area.height.saturating_sub(2);
    let r = centered(area, area.width.min(MAX_WIDTH), height);
    Rect::new(r.x, area.y + u16::from(area.height > 2), r.width, r.height)
}

fn inner(area: Rect) -> Rect {
    Block::default().borders(Borders::ALL).inner(frame(area))
}

/// Columns, their width and the rows they show inside the box (the last row is the footer).
fn columns(inner: Rect) -> (u16, u16, u16) {
    let body = inner.height.saturating_sub(1);
    let n = (inner.width / MIN_COLUMN).clamp(1, 3);
    let width = inner.width.saturating_sub(n - 1) / n;
    (n, width, body)
}

/// The key list as entries of lines `width` columns wide: each group's title with its first
/// row (and a blank line before it, but for the first group), then one entry per row.
fn entries(t: &Theme, lang: Lang, width: u16) -> Vec<Vec<Line<'static>>> {
    let width = width as usize;
    let key_width = Group::ALL
        .into_iter()
        .flat_map(group_rows)
        .map(|(k, _)| wrap::width(text::key_keys(lang, k)))
        .max()
        .unwrap_or(0)
        .min(width / 3)
        .max(1);
    let desc_width = width.saturating_sub(key_width + 2).max(8);
    let mut out = Vec::new();
    for (i, group) in Group::ALL.into_iter().enumerate() {
        let mut entry = Vec::new();
        if i > 0 {
            entry.push(Line::raw(""));
        }
        entry.push(Line::styled(
            text::group_title(lang, group),
            t.message.add_modifier(Modifier::UNDERLINED),
        ));
        for (keys, what) in group_rows(group) {
            let key_lines = wrap(text::key_keys(lang, keys), key_width);
            let desc_lines = wrap(text::key_what(lang, what), desc_width);
            for row in 0..key_lines.len().max(desc_lines.len()) {
                let k = key_lines.get(row).map_or("", String::as_str);
                let d = desc_lines.get(row).map_or("", String::as_str);
                entry.push(Line::from(vec![
                    Span::styled(wrap::pad(k, key_width + 2), t.key),
                    Span::styled(d.to_owned(), t.overlay),
                ]));
            }
            out.push(std::mem::take(&mut entry));
        }
    }
    out
}

/// The entries in order in at most `n` columns, as even as whole entries allow; a blank line
/// that would open a column is left out.
fn lay_out(entries: Vec<Vec<Line<'static>>>, n: u16) -> Vec<Vec<Line<'static>>> {
    let total: usize = entries.iter().map(Vec::len).sum();
    let tallest = entries.iter().map(Vec::len).max().unwrap_or(0);
    let mut height = total.div_ceil(usize::from(n.max(1))).max(tallest);
    loop {
        let columns = pack(&entries, height);
        if columns.len() <= usize::from(n.max(1)) || height >= total {
            return columns;
        }
        height += 1;
    }
}

/// The entries filled into columns of at most `height` lines, in order.
fn pack(entries: &[Vec<Line<'static>>], height: usize) -> Vec<Vec<Line<'static>>> {
    let mut columns: Vec<Vec<Line<'static>>> = vec![Vec::new()];
    for entry in entries {
        let opens = |e: &[Line<'static>]| {
            let blank = e.first().is_some_and(|l| l.width() == 0);
            e[usize::from(blank && e.len() > 1)..].to_vec()
        };
        let column = columns.last_mut().expect("one column at least");
        if !column.is_empty() && column.len() + entry.len() > height {
            columns.push(opens(entry));
        } else if column.is_empty() {
            column.extend(opens(entry));
        } else {
            column.extend(entry.iter().cloned());
        }
    }
    columns
}

/// The columns the help shows at this screen size, their width and visible rows.
fn laid_out(t: &Theme, lang: Lang, inner: Rect) -> (Vec<Vec<Line<'static>>>, u16, u16) {
    let (n, width, body) = columns(inner);
    (lay_out(entries(t, lang, width), n), width, body)
}

/// How far the help scrolls at this screen size, and how many rows it shows at once.
pub fn scroll(lang: Lang, area: Rect) -> HelpScroll {
    // Only the number of lines matters here, not how they look.
    let (columns, _, body) = laid_out(&Theme::new(ColorMode::Mono), lang, inner(area));
    let tallest = columns.iter().map(Vec::len).max().unwrap_or(0) as u16;
    HelpScroll {
        max: tallest.saturating_sub(body),
        page: body,
    }
}

impl Widget for HelpOverlay<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (t, lang) = (self.theme, self.lang);
        let r = frame(area);
        if r.width < 3 || r.height < 3 {
            return;
        }
        clear_for_overlay(r, buf);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(t.border_focused)
            .style(t.overlay)
            .title(Span::styled(
                format!(" {} ", text::HELP_TITLE.tr(lang)),
                t.border_focused,
            ));
        let inner = block.inner(r);
        block.render(r, buf);
        let (columns, width, body) = laid_out(t, lang, inner);
        let rows = columns.iter().map(Vec::len).max().unwrap_or(0) as u16;
        let scroll = self.scroll.min(rows.saturating_sub(body));
        for (c, column) in columns.iter().enumerate() {
            let x = inner.x + c as u16 * (width + 1);
            let shown = column
                .iter()
                .skip(usize::from(scroll))
                .take(usize::from(body));
            for (row, line) in shown.enumerate() {
                line.render(Rect::new(x, inner.y + row as u16, width, 1), buf);
            }
        }
        let footer = if rows > body {
            let last = (scroll + body).min(rows);
            let at = text::help_position(lang, scroll + 1, last, usize::from(rows));
            format!(
                "{} {at} · {}",
                text::HELP_SCROLL.tr(lang),
                text::HELP_FOOTER.tr(lang)
            )
        } else {
            text::HELP_FOOTER.tr(lang).to_owned()
        };
        if inner.height > 0 {
            let r = Rect::new(inner.x, inner.bottom() - 1, inner.width, 1);
            wrap::fit(Line::styled(footer, t.hint), usize::from(inner.width)).render(r, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &Line) -> String {
        line.to_string().trim_end().to_owned()
    }

    #[test]
    fn columns_hold_whole_entries_and_titles_stay_with_their_first_row() {
        for lang in Lang::ALL {
            for (w, h) in [(120, 40), (160, 60), (200, 50), (80, 24)] {
                let inner = inner(Rect::new(0, 0, w, h));
                let (n, width, _) = columns(inner);
                let entries = entries(&Theme::new(ColorMode::Mono), lang, width);
                let flat: Vec<String> = entries.iter().flatten().map(words).collect();
                let columns = lay_out(entries.clone(), n);
                assert!(columns.len() <= usize::from(n), "{lang:?} {w}x{h}");
                // Every entry lies whole in one column, in order, a column's opening blank
                // line left out.
                let mut shown = Vec::new();
                for column in &columns {
                    assert!(column.first().is_some_and(|l| l.width() > 0), "{lang:?}");
                    shown.extend(column.iter().map(words));
                }
                let without_blanks = |v: &[String]| -> Vec<String> {
                    v.iter().filter(|l| !l.is_empty()).cloned().collect()
                };
                assert_eq!(without_blanks(&shown), without_blanks(&flat), "{lang:?}");
                for entry in &entries {
                    let body: Vec<String> =
                        entry.iter().map(words).filter(|l| !l.is_empty()).collect();
                    assert!(
                        columns.iter().any(|c| {
                            let c: Vec<String> = c.iter().map(words).collect();
                            c.windows(body.len()).any(|w| w == body.as_slice())
                        }),
                        "{lang:?} {w}x{h}: split {body:?}"
                    );
                }
            }
        }
    }
}

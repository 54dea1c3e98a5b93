//! The help overlay: every key of the editor's key list, in columns, scrolling when it does not
//! fit.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use super::panels::{centered, clear_for_overlay};
use super::text;
use super::theme::{ColorMode, Theme};
use super::wrap::{self, wrap};
use crate::editor::keys::{Group, group_rows};
use crate::i18n::Lang;

/// Narrowest column worth having a second one for.
const MIN_COLUMN: u16 = 56;
const MAX_WIDTH: u16 = 160;

/// The overlay's box in `area`: all of it but the title and key hint rows.
fn frame(area: Rect) -> Rect {
    let height = area.height.saturating_sub(2);
    let r = centered(area, area.width.min(MAX_WIDTH), height);
    Rect::new(r.x, area.y + u16::from(area.height > 2), r.width, r.height)
}

/// Columns, their width and height inside the box.
fn columns(inner: Rect) -> (u16, u16, u16) {
    let body = inner.height.saturating_sub(1);
    let n = (inner.width / MIN_COLUMN).clamp(1, 3);
    let width = inner.width.saturating_sub(n - 1) / n;
    (n, width, body)
}

fn inner(area: Rect) -> Rect {
    Block::default().borders(Borders::ALL).inner(frame(area))
}

/// The key list laid out as lines `width` columns wide.
fn lines(t: &Theme, lang: Lang, width: u16) -> Vec<Line<'static>> {
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
        if i > 0 {
            out.push(Line::raw(""));
        }
        out.push(Line::styled(
            text::group_title(lang, group),
            t.message.add_modifier(Modifier::UNDERLINED),
        ));
        for (keys, what) in group_rows(group) {
            let key_lines = wrap(text::key_keys(lang, keys), key_width);
            let desc_lines = wrap(text::key_what(lang, what), desc_width);
            for row in 0..key_lines.len().max(desc_lines.len()) {
                let k = key_lines.get(row).map_or("", String::as_str);
                let d = desc_lines.get(row).map_or("", String::as_str);
                out.push(Line::from(vec![
                    Span::styled(wrap::pad(k, key_width + 2), t.key),
                    Span::raw(d.to_owned()),
                ]));
            }
        }
    }
    out
}

/// The furthest the help can scroll at this screen size.
pub fn max_scroll(lang: Lang, area: Rect) -> u16 {
    let (n, width, height) = columns(inner(area));
    // Only the number of lines matters here, not how they look.
    let total = lines(&Theme::new(ColorMode::Mono), lang, width).len() as u16;
    total.saturating_sub(n * height)
}

/// The help overlay over the whole screen, scrolled `scroll` rows down.
pub struct HelpOverlay<'a> {
    pub lang: Lang,
    pub scroll: u16,
    pub theme: &'a Theme,
}

impl Widget for HelpOverlay<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        render(self.theme, self.lang, self.scroll, area, buf);
    }
}

/// Draws the overlay, starting `scroll` lines down.
fn render(t: &Theme, lang: Lang, scroll: u16, area: Rect, buf: &mut Buffer) {
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
    let (n, width, height) = columns(inner);
    let all = lines(t, lang, width);
    let scroll = scroll.min((all.len() as u16).saturating_sub(n * height));
    let mut shown = all.iter().skip(scroll as usize);
    for col in 0..n {
        let x = inner.x + col * (width + 1);
        for row in 0..height {
            let Some(line) = shown.next() else { break };
            line.clone()
                .style(t.overlay)
                .render(Rect::new(x, inner.y + row, width, 1), buf);
        }
    }
    let more = all.len() as u16 > n * height;
    let footer = if more {
        format!(
            "{} {} · {}",
            text::HELP_SCROLL.tr(lang),
            text::help_position(
                lang,
                scroll + 1,
                (scroll + n * height).min(all.len() as u16),
                all.len()
            ),
            text::HELP_FOOTER.tr(lang)
        )
    } else {
        text::HELP_FOOTER.tr(lang).to_owned()
    };
    if inner.height > 0 {
        Line::styled(footer, t.hint)
            .render(Rect::new(inner.x, inner.bottom() - 1, inner.width, 1), buf);
    }
}

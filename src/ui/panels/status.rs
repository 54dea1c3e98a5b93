//! The message line and the key hints under the FEN line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text::{self, Tone};
use super::super::theme::Theme;
use super::super::wrap;
use crate::core::Game;
use crate::editor::keys::{self, Mode};
use crate::editor::{Notice, Pending, State};
use crate::i18n::Lang;

/// The message line: a pending key sequence, else the latest notice.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageLine {
    pub lang: Lang,
    /// Squares and pieces are named as this game names them.
    pub game: Game,
    pub pending: Option<Pending>,
    pub notice: Option<Notice>,
    pub theme: Theme,
}

impl MessageLine {
    pub fn new(state: &State, theme: &Theme) -> MessageLine {
        MessageLine {
            lang: state.options.lang,
            game: state.game(),
            pending: state.pending.clone(),
            notice: state.notice.clone(),
            theme: theme.clone(),
        }
    }
}

impl Widget for &MessageLine {
    fn render(self, r: Rect, buf: &mut Buffer) {
        let (t, lang) = (&self.theme, self.lang);
        let (content, style) = if let Some(Pending::Goto(typed)) = &self.pending {
            (text::goto_pending(lang, typed), t.message)
        } else if let Some(n) = &self.notice {
            let (words, tone) = text::notice(lang, n, self.game);
            let style = match tone {
                Tone::Info => t.message,
                Tone::Good => t.ok,
                Tone::Bad => t.error,
            };
            (words, style)
        } else {
            return;
        };
        let line = Line::from(vec![Span::raw(" "), Span::styled(content, style)]);
        wrap::fit(line, usize::from(r.width)).render(r, buf);
    }
}

/// The key hints of where the keys go, from the key table.
#[derive(Clone, Debug, PartialEq)]
pub struct HintBar {
    pub lang: Lang,
    pub mode: Mode,
    /// The piece letters hinted are this game's.
    pub game: Game,
    pub theme: Theme,
}

impl HintBar {
    pub fn new(state: &State, theme: &Theme) -> HintBar {
        HintBar {
            lang: state.options.lang,
            mode: Mode::of(state),
            game: state.game(),
            theme: theme.clone(),
        }
    }
}

/// The hints kept whatever the width: how to get help and how to quit.
const KEPT: [&str; 2] = ["help", "quit"];

impl Widget for &HintBar {
    fn render(self, r: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let hints: Vec<(String, &'static str, String)> = keys::hints(self.mode, self.game)
            .into_iter()
            .map(|(key, what)| {
                let words = format!(" {}  ", text::hint_what(self.lang, what));
                (key, what, words)
            })
            .collect();
        let sizes: Vec<(usize, bool)> = hints
            .iter()
            .map(|(key, what, words)| (wrap::width(key) + wrap::width(words), KEPT.contains(what)))
            .collect();
        let shown = chosen(&sizes, usize::from(r.width));
        let mut spans = vec![Span::raw(" ")];
        for ((key, _, words), shown) in hints.into_iter().zip(shown) {
            if shown {
                spans.push(Span::styled(key, t.key));
                spans.push(Span::styled(words, t.hint));
            }
        }
        Line::from(spans).render(r, buf);
    }
}

/// Which hints of `(columns, kept)` fit in `width` columns after the bar's leading space,
/// whole ones only (one cut in half helps nobody): the kept ones first, then the others in
/// their order until one does not fit. A hint's two trailing spaces may fall off the edge.
fn chosen(hints: &[(usize, bool)], width: usize) -> Vec<bool> {
    let room = width + 2;
    let mut used = 1 + hints.iter().filter(|h| h.1).map(|h| h.0).sum::<usize>();
    let mut full = false;
    hints
        .iter()
        .map(|&(w, kept)| {
            if kept {
                return used <= room;
            }
            full = full || used + w > room;
            if !full {
                used += w;
            }
            !full
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::chosen;

    #[test]
    fn the_kept_hints_stay_and_the_others_fill_in_order() {
        // Room for the kept one and the first other: the second other does not fit, nor
        // does the third after it although it would.
        let hints = [(10, false), (10, false), (2, false), (6, true)];
        assert_eq!(chosen(&hints, 17), [true, false, false, true]);
        assert_eq!(chosen(&hints, 40), [true, true, true, true]);
        assert_eq!(chosen(&hints, 5), [false, false, false, true]);
    }
}

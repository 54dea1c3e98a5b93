//! The message line and the key hints under the FEN line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text::{self, Tone};
use super::super::theme::Theme;
use super::super::wrap;
use crate::editor::keys::{self, Mode};
use crate::editor::{Pending, State};

/// The message line: a pending key sequence, else the latest notice.
pub struct MessageLine<'a> {
    pub state: &'a State,
    pub theme: &'a Theme,
}

impl Widget for MessageLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        message(self.state, self.theme, area, buf);
    }
}

/// The key hints of where the keys go, from the key table.
pub struct HintBar<'a> {
    pub state: &'a State,
    pub theme: &'a Theme,
}

impl Widget for HintBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        hints(self.state, self.theme, area, buf);
    }
}

fn message(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let game = state.game();
    let lang = state.options.lang;
    let (content, style) = if let Some(Pending::Goto(typed)) = &state.pending {
        (text::goto_pending(lang, typed), t.message)
    } else if let Some(n) = &state.notice {
        let (words, tone) = text::notice(lang, n, game);
        let style = match tone {
            Tone::Info => t.message,
            Tone::Good => t.ok,
            Tone::Bad => t.error,
        };
        (words, style)
    } else {
        return;
    };
    Line::from(vec![Span::raw(" "), Span::styled(content, style)]).render(r, buf);
}

fn hints(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let mut spans = vec![Span::raw(" ")];
    let mut used = 1;
    // Whole hints only: one cut in half helps nobody.
    let lang = state.options.lang;
    for (key, what) in keys::hints(Mode::of(state), state.game()) {
        let what = format!(" {}  ", text::hint_what(lang, what));
        let w = wrap::width(&key) + wrap::width(&what);
        if used + w > r.width as usize + 2 {
            break;
        }
        used += w;
        spans.push(Span::styled(key, t.key));
        spans.push(Span::styled(what, t.hint));
    }
    Line::from(spans).render(r, buf);
}

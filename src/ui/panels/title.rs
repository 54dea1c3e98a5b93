//! The title bar: the game, the collection and record, the modified mark, and how to get help.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::super::text;
use super::super::theme::Theme;
use super::super::wrap;
use crate::core::Game;
use crate::editor::State;
use crate::i18n::Lang;

/// The title bar: the game, the collection and record, the modified mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Title {
    pub lang: Lang,
    pub game: Game,
    /// The record's stipulation (`#2`), when it has one.
    pub stipulation: Option<String>,
    /// White's (Red's) pieces and Black's.
    pub pieces: (usize, usize),
    /// The collection's file name, while one is open.
    pub file: Option<String>,
    /// The record shown and how many there are.
    pub record: Option<(usize, usize)>,
    /// The record's EPD `id`.
    pub id: Option<String>,
    pub modified: bool,
    pub theme: Theme,
}

impl Title {
    pub fn new(state: &State, theme: &Theme) -> Title {
        let file = state.collection.as_ref().map(|c| {
            c.path()
                .and_then(|p| p.file_name())
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        });
        Title {
            lang: state.options.lang,
            game: state.game(),
            stipulation: state.stipulation().map(|s| s.into_owned()),
            pieces: state.piece_count(),
            file,
            record: state.record_label(),
            id: state.record_id().map(str::to_owned),
            modified: state.is_modified(),
            theme: theme.clone(),
        }
    }
}

impl Widget for &Title {
    fn render(self, r: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        buf.set_style(r, t.title);
        // The way to the help comes first: the rest takes what is left of the row.
        let help = text::TITLE_HELP.tr(self.lang);
        let help_width = wrap::width(help) as u16;
        let room = if r.width >= help_width {
            buf.set_stringn(
                r.right() - help_width,
                r.y,
                help,
                usize::from(help_width),
                t.title,
            );
            r.width - help_width
        } else {
            r.width
        };
        let line = wrap::fit(self.line(usize::from(room)), usize::from(room));
        line.render(Rect::new(r.x, r.y, room, 1), buf);
    }
}

impl Title {
    /// The title's words in `room` columns: the record's id goes first, then the piece count,
    /// then the record counter, while they do not fit (the modified mark matters more than
    /// any of them).
    fn line(&self, room: usize) -> Line<'static> {
        let (t, lang) = (&self.theme, self.lang);
        let mut spans = vec![
            Span::styled(
                format!(" {} ", text::APP_NAME),
                t.title.add_modifier(Modifier::BOLD),
            ),
            Span::styled(format!("· {} ", text::game_name(lang, self.game)), t.title),
        ];
        // The composers' way: `#2 (3+4)`, the stipulation when the record has one.
        let (white, black) = self.pieces;
        let count = spans.len();
        let problem = match &self.stipulation {
            Some(stipulation) => format!("· {stipulation} {} ", text::piece_count(white, black)),
            None => format!("· {} ", text::piece_count(white, black)),
        };
        spans.push(Span::styled(problem, t.title));
        let (mut record, mut id) = (None, None);
        if let Some(name) = &self.file {
            spans.push(Span::styled(format!("· {name} "), t.title));
            if let Some((i, n)) = self.record {
                record = Some(spans.len());
                spans.push(Span::styled(
                    format!("· {} ", text::record(lang, i, n)),
                    t.title,
                ));
            }
            if let Some(record_id) = &self.id {
                id = Some(spans.len());
                spans.push(Span::styled(format!("· id \"{record_id}\" "), t.title));
            }
        }
        if self.modified {
            spans.push(Span::styled(
                format!("· {} ", text::MODIFIED_MARK.tr(lang)),
                t.title_modified,
            ));
        }
        let mut kept = vec![true; spans.len()];
        for i in [id, Some(count), record].into_iter().flatten() {
            let used: usize = spans
                .iter()
                .zip(&kept)
                .filter(|s| *s.1)
                .map(|s| s.0.width())
                .sum();
            if used > room {
                kept[i] = false;
            }
        }
        let spans = spans.into_iter().zip(kept).filter(|s| s.1).map(|s| s.0);
        Line::from(spans.collect::<Vec<_>>())
    }
}

//! The whole editor screen drawn from the editor state: title, board, fields, diagnostics, FEN
//! line, message, key hints, and the overlays on top.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::board::{BoardView, Marks};
use super::glyphs::GlyphSet;
use super::help;
use super::layout;
use super::layout::{Arrangement, ScreenLayout, centered, layout, minimum_size};
use super::pieces::PieceSize;
use super::text::{self, Tone};
use super::theme::Theme;
use super::wrap::wrap;
use crate::core::status::Status;
use crate::core::{Color, Diagnostic, Position, Severity, Square};
use crate::editor::{Focus, Notice, Overlay, Pending, State};
use crate::shell::keymap::HitTest;

/// How the screen is drawn, beyond what the editor state says.
#[derive(Clone, Debug)]
pub struct View {
    pub theme: Theme,
    /// First line of the help overlay shown (it scrolls when it does not fit).
    pub help_scroll: u16,
    /// Piece drawings or single glyphs (`--pieces`).
    pub pieces: PieceSize,
}

impl View {
    pub fn new(theme: Theme) -> View {
        View {
            theme,
            help_scroll: 0,
            pieces: PieceSize::default(),
        }
    }
}

/// The glyph set the state asks for.
pub fn glyphs(state: &State) -> GlyphSet {
    GlyphSet::from_ascii_flag(state.options.ascii)
}

/// The layout of `area` for `state`: the same one drawing uses, for mouse hits.
pub fn screen_layout(state: &State, area: Rect) -> ScreenLayout {
    layout(area, state.game(), glyphs(state), state.flipped)
}

/// Draws the screen into `buf` over `area` and returns the layout used. `buf` is expected
/// blank there, as ratatui's frames are.
pub fn render(state: &State, view: &View, area: Rect, buf: &mut Buffer) -> ScreenLayout {
    let l = screen_layout(state, area);
    if l.arrangement == Arrangement::TooSmall {
        too_small(state, &view.theme, area, buf);
        return l;
    }
    for panel in Panel::ALL {
        render_panel(panel, state, view, &l, buf);
    }
    render_overlay(state, view, area, buf);
    l
}

/// The parts of the screen, each drawn inside its own rectangle of the layout and nowhere
/// else, so that one can be redrawn without the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    Title,
    Board,
    Fields,
    Diagnostics,
    FenLine,
    Message,
    Hints,
}

impl Panel {
    pub const ALL: [Panel; 7] = [
        Panel::Title,
        Panel::Board,
        Panel::Fields,
        Panel::Diagnostics,
        Panel::FenLine,
        Panel::Message,
        Panel::Hints,
    ];

    /// Where the panel is drawn.
    pub fn area(self, l: &ScreenLayout) -> Rect {
        match self {
            Panel::Title => l.title,
            Panel::Board => l.board.map_or_else(Rect::default, |b| b.area),
            Panel::Fields => l.fields,
            Panel::Diagnostics => l.diagnostics,
            Panel::FenLine => l.fen,
            Panel::Message => l.message,
            Panel::Hints => l.hints,
        }
    }
}

/// Everything a panel's drawing reads beyond the layout and the view, for the panels worth
/// not redrawing when none of it changed. Each panel's drawing below reads the state only
/// through what its `Inputs` holds, and `frame`'s tests compare redrawn screens with fresh ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inputs {
    Board(Position, Marks),
    Fields {
        focused: bool,
        fen: String,
        field: u8,
        turn: Color,
    },
    Diagnostics {
        not_parsed: bool,
        status: Option<Status>,
        diagnostics: Vec<Diagnostic>,
        turn: Color,
        operations: Option<String>,
    },
    FenLine {
        focused: bool,
        text: String,
        highlight: Option<std::ops::Range<usize>>,
        error: Option<std::ops::Range<usize>>,
        cursor: usize,
    },
    Title {
        file: Option<std::path::PathBuf>,
        record: Option<(usize, usize)>,
        id: Option<String>,
        modified: bool,
    },
    Message {
        pending: Option<Pending>,
        notice: Option<Notice>,
    },
    Hints(Focus),
}

/// The inputs of `panel` now (`None`: drawn every frame).
pub fn panel_inputs(panel: Panel, state: &State) -> Option<Inputs> {
    let turn = state.shown_position().turn;
    match panel {
        Panel::Board => Some(Inputs::Board(*state.shown_position(), board_marks(state))),
        Panel::Fields => Some(Inputs::Fields {
            focused: state.focus == Focus::Fields,
            fen: state.fen().to_owned(),
            field: state.field,
            turn,
        }),
        Panel::Diagnostics => Some(Inputs::Diagnostics {
            not_parsed: state.fen_line.editing && state.fen_line.preview.is_none(),
            status: state.status,
            diagnostics: state.diagnostics.clone(),
            turn,
            operations: state.record_operations().map(str::to_owned),
        }),
        Panel::FenLine => Some(Inputs::FenLine {
            focused: state.focus == Focus::FenLine,
            text: state.fen_line_text().to_owned(),
            highlight: state.focused_field_span(),
            error: state.fen_line_error_span(),
            cursor: state.fen_line.cursor,
        }),
        Panel::Title => Some(Inputs::Title {
            file: state
                .collection
                .as_ref()
                .and_then(|c| c.path().map(std::path::Path::to_path_buf)),
            record: state.record_label(),
            id: state.record_id().map(str::to_owned),
            modified: state.is_modified(),
        }),
        Panel::Message => Some(Inputs::Message {
            pending: state.pending.clone(),
            notice: state.notice.clone(),
        }),
        // The hints also follow the overlay, which redraws the whole screen anyway.
        Panel::Hints => Some(Inputs::Hints(state.focus)),
    }
}

/// What the board marks: the cursor, the piece picked up and the diagnosed squares.
fn board_marks(state: &State) -> Marks {
    let mut marks = Marks::from_diagnostics(&state.diagnostics);
    marks.cursor = Some(state.cursor);
    marks.picked = state.picked.map(|(_, sq)| sq);
    marks
}

/// Draws one panel into its rectangle of `l` (expected blank).
pub fn render_panel(panel: Panel, state: &State, view: &View, l: &ScreenLayout, buf: &mut Buffer) {
    let t = &view.theme;
    let r = panel.area(l);
    match panel {
        Panel::Title => title(state, t, r, buf),
        Panel::Board => {
            if let Some(geometry) = l.board {
                let marks = board_marks(state);
                let board = BoardView {
                    position: state.shown_position(),
                    marks: &marks,
                    geometry,
                    glyphs: glyphs(state),
                    pieces: view.pieces,
                    theme: t,
                };
                (&board).render(geometry.area, buf);
            }
        }
        Panel::Fields => fields(state, t, r, buf),
        Panel::Diagnostics => diagnostics(state, t, r, buf),
        Panel::FenLine => fen_line(state, t, r, buf),
        Panel::Message => message(state, t, r, buf),
        Panel::Hints => hints(state, t, r, buf),
    }
}

/// The help or a dialog over the screen, if one is open.
pub fn render_overlay(state: &State, view: &View, area: Rect, buf: &mut Buffer) {
    let t = &view.theme;
    match &state.overlay {
        Some(Overlay::Help) => help::render(t, view.help_scroll, area, buf),
        Some(overlay) => dialog(overlay, t, area, buf),
        None => {}
    }
}

fn too_small(state: &State, t: &Theme, area: Rect, buf: &mut Buffer) {
    let (mw, mh) = minimum_size(state.game(), glyphs(state));
    // Wrapped, so that even a tiny screen shows the size it needs and how to leave.
    let width = usize::from(area.width.max(1));
    let mut lines = Vec::new();
    for (message, style) in [
        (text::TOO_SMALL_TITLE.to_owned(), t.error),
        (
            text::too_small(area.width, area.height, mw, mh),
            Style::new(),
        ),
        (text::TOO_SMALL_QUIT.to_owned(), t.hint),
    ] {
        lines.extend(
            wrap(&message, width)
                .into_iter()
                .map(|part| Line::styled(part, style)),
        );
    }
    let h = (lines.len() as u16).min(area.height);
    let r = Rect::new(area.x, area.y + (area.height - h) / 2, area.width, h);
    Paragraph::new(lines)
        .alignment(ratatui::layout::Alignment::Center)
        .render(r, buf);
}

fn title(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    buf.set_style(r, t.title);
    let mut spans = vec![
        Span::styled(
            format!(" {} ", text::APP_NAME),
            t.title.add_modifier(Modifier::BOLD),
        ),
        Span::styled(format!("· {} ", state.game()), t.title),
    ];
    let mut id = None;
    if let Some(c) = &state.collection {
        let name = c
            .path()
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        spans.push(Span::styled(format!("· {name} "), t.title));
        if let Some((i, n)) = state.record_label() {
            spans.push(Span::styled(
                format!("· record {} ", text::record(i, n)),
                t.title,
            ));
        }
        if let Some(record_id) = state.record_id() {
            id = Some(spans.len());
            spans.push(Span::styled(format!("· id \"{record_id}\" "), t.title));
        }
    }
    if state.is_modified() {
        spans.push(Span::styled(
            format!("· {} ", text::MODIFIED_MARK),
            t.title_modified,
        ));
    }
    // The modified mark matters more than the record's id: drop the id when both do not fit.
    if let Some(i) = id
        && spans.iter().map(Span::width).sum::<usize>() > usize::from(r.width)
    {
        spans.remove(i);
    }
    let line = Line::from(spans);
    let used = line.width() as u16;
    line.render(r, buf);
    let help = text::TITLE_HELP;
    let w = help.chars().count() as u16;
    if r.width >= used + w {
        buf.set_stringn(r.right() - w, r.y, help, w as usize, t.title);
    }
}

fn border_style(focused: bool, t: &Theme) -> Style {
    if focused { t.border_focused } else { t.border }
}

/// Draws a titled box and returns its inside. Written cell by cell: a `Block` would first
/// restyle every cell inside, which costs more than the rest of the panel.
fn boxed(title: &str, style: Style, r: Rect, buf: &mut Buffer) -> Rect {
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
    layout::inner(r)
}

/// The field names that fit in the panel's inside, and the column where the values start
/// (after the selection mark, the number and the names).
fn field_columns(inner: Rect) -> (&'static [&'static str; 6], u16) {
    // The long names only where they leave room for a useful part of the placement (20
    // columns): values matter more than names.
    let long = inner.width >= 2 + 2 + 24 + 2 + 20;
    let names = if long {
        &text::FIELD_NAMES
    } else {
        &text::FIELD_SHORT_NAMES
    };
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as u16;
    (names, inner.x + 1 + 2 + name_width + 2)
}

/// What is under a screen cell, for the mouse: the layout's squares and fields, and the
/// castling letters shown in the panel (which needs the state to know them).
pub struct ScreenHits<'a> {
    pub layout: &'a ScreenLayout,
    pub state: &'a State,
}

impl HitTest for ScreenHits<'_> {
    fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        self.layout.square_at(col, row)
    }

    fn field_at(&self, col: u16, row: u16) -> Option<u8> {
        self.layout.field_at(col, row)
    }

    fn castling_at(&self, col: u16, row: u16) -> Option<(Color, u8)> {
        let r = self.layout.field_row(3)?;
        if row != r.y || col >= r.right() {
            return None;
        }
        let (_, value_x) = field_columns(r);
        let index = col.checked_sub(value_x)? as usize;
        let value = self.state.fen().split(' ').nth(2)?;
        let c = value.chars().nth(index).filter(char::is_ascii_alphabetic)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        // The writer puts each side's letters from the highest rook file down.
        let nth = value
            .chars()
            .take(index)
            .filter(|d| d.is_ascii_alphabetic() && d.is_ascii_uppercase() == c.is_ascii_uppercase())
            .count();
        let mut files: Vec<u8> = self.state.shown_position().castling.files(color).collect();
        files.reverse();
        files.get(nth).map(|&f| (color, f))
    }
}

fn fields(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let focused = state.focus == Focus::Fields;
    let inner = boxed(text::FIELDS_TITLE, border_style(focused, t), r, buf);
    let game = state.game();
    let fen = state.fen();
    let values: Vec<&str> = fen.split(' ').collect();
    let (names, value_x) = field_columns(inner);
    let name_width = (value_x - inner.x - 5) as usize;
    for (i, name) in names.iter().enumerate() {
        let n = i as u8 + 1;
        if i as u16 >= inner.height {
            break;
        }
        let selected = state.field == n;
        let value = match n {
            2 => text::side_value(state.shown_position().turn, game),
            _ => values.get(i).copied().unwrap_or("").to_owned(),
        };
        let row_style = if selected && focused {
            t.focused_row
        } else {
            Style::new()
        };
        let marker = if selected { "▸" } else { " " };
        let room = (inner.width as usize).saturating_sub(2 + 2 + name_width + 2);
        let value = ellipsis(&value, room);
        let line = Line::from(vec![
            Span::styled(marker, t.key),
            Span::styled(format!("{n} "), t.label),
            Span::styled(format!("{name:<name_width$}  "), t.label),
            Span::styled(value, t.value),
        ])
        .style(row_style);
        let row = Rect::new(inner.x, inner.y + i as u16, inner.width, 1);
        buf.set_style(row, row_style);
        line.render(row, buf);
    }
}

/// `s` cut to `width` characters, the cut marked with an ellipsis.
fn ellipsis(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_owned()
    } else if width == 0 {
        String::new()
    } else {
        let mut out: String = s.chars().take(width - 1).collect();
        out.push('…');
        out
    }
}

fn diagnostics(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let inner = boxed(text::DIAGNOSTICS_TITLE, t.border, r, buf);
    let width = inner.width as usize;
    if width == 0 {
        return;
    }
    let game = state.game();
    let shown = state.shown_position();
    let errors = state.diagnostics.iter().filter(|d| d.is_error()).count();
    let mut lines: Vec<Line> = Vec::new();
    if state.fen_line.editing && state.fen_line.preview.is_none() {
        for part in wrap(text::NOT_PARSED, width) {
            lines.push(Line::styled(part, t.error));
        }
    } else {
        let status = text::status_line(state.status.as_ref(), errors, shown.turn, game);
        let (mark, style) = if errors > 0 {
            ("✗ ", t.error)
        } else {
            ("✓ ", t.ok)
        };
        for (i, part) in wrap(&status, width - 2).into_iter().enumerate() {
            let lead = if i == 0 { mark } else { "  " };
            lines.push(Line::from(vec![
                Span::styled(lead, style),
                Span::styled(part, style),
            ]));
        }
    }
    if state.diagnostics.is_empty() {
        lines.push(Line::styled(text::NO_PROBLEMS, t.muted));
    }
    // Each problem: a line with its mark, code and field, then its message indented under it.
    for d in &state.diagnostics {
        let (mark, style) = match d.severity {
            Severity::Error => ("✗ ", t.error),
            Severity::Warning => ("! ", t.warning),
        };
        lines.push(Line::from(vec![
            Span::styled(mark, style),
            Span::styled(d.code.as_str(), style),
            Span::styled(format!(" · {}", text::field_ref(d.field)), t.muted),
        ]));
        let names: Vec<String> = d.squares.iter().map(|s| s.name(game).to_string()).collect();
        let message = text::with_squares(&d.message, &names);
        for part in wrap(&message, width.saturating_sub(2).max(1)) {
            lines.push(Line::raw(format!("  {part}")));
        }
    }
    // The record's EPD operations (the key move, the composer, the solution), one per line,
    // after the problems; the id is already in the title.
    if let Some(ops) = state.record_operations() {
        let shown: Vec<&str> = crate::collection::epd::operations(ops)
            .map(str::trim)
            .filter(|op| !op.starts_with("id ") && *op != "id")
            .collect();
        if !shown.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(text::EPD_OPERATIONS, t.muted));
        }
        for op in shown {
            for part in wrap(op, width.saturating_sub(2).max(1)) {
                lines.push(Line::raw(format!("  {part}")));
            }
        }
    }
    let rows = inner.height as usize;
    // Too many lines: the last row says how many are hidden, when there is room to spare one.
    if lines.len() > rows && rows >= 3 {
        let hidden = lines.len() - (rows - 1);
        lines.truncate(rows - 1);
        lines.push(Line::styled(text::more_lines(hidden), t.muted));
    }
    for (i, line) in lines.iter().enumerate().take(rows) {
        line.render(Rect::new(inner.x, inner.y + i as u16, inner.width, 1), buf);
    }
}

fn fen_line(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let label = format!(" {} ", text::FEN_TITLE);
    let focused = state.focus == Focus::FenLine;
    let label_style = if focused { t.border_focused } else { t.label };
    buf.set_stringn(
        r.x,
        r.y,
        &label,
        r.width as usize,
        label_style.add_modifier(Modifier::BOLD),
    );
    let x0 = r.x + label.chars().count() as u16;
    if x0 >= r.right() {
        return;
    }
    let width = (r.right() - x0) as usize;
    let chars: Vec<char> = state.fen_line_text().chars().collect();
    let highlight = state.focused_field_span();
    let error = state.fen_line_error_span();
    let cursor = focused.then_some(state.fen_line.cursor);
    // Scroll so that the cursor, else the highlighted span, else the error stays in view.
    let target = cursor
        .map(|c| c..c + 1)
        .or_else(|| highlight.clone())
        .or_else(|| error.clone())
        .unwrap_or(0..0);
    let total = chars.len() + usize::from(focused);
    let start = if total <= width {
        0
    } else {
        let end = target.end.min(total);
        let start = end.saturating_sub(width);
        start.min(target.start).min(total - width)
    };
    let mut x = x0;
    let mut shown_end = start;
    for (i, c) in chars.iter().enumerate().skip(start) {
        let mut style = t.fen;
        if highlight.as_ref().is_some_and(|h| h.contains(&i)) {
            style = style.patch(t.fen_focused);
        }
        if error.as_ref().is_some_and(|e| e.contains(&i)) {
            style = style.patch(t.fen_error);
        }
        if cursor == Some(i) {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let mut s = [0u8; 4];
        let (nx, _) = buf.set_stringn(
            x,
            r.y,
            c.encode_utf8(&mut s),
            (r.right() - x) as usize,
            style,
        );
        if nx == x {
            break;
        }
        x = nx;
        shown_end = i + 1;
        if x >= r.right() {
            break;
        }
    }
    // A FEN cut by a narrow screen says so at the cut, unless the user is editing it (the
    // cursor shows where the text goes on).
    if !focused && x > x0 {
        if start > 0 {
            buf.set_stringn(x0, r.y, "…", 1, t.muted);
        }
        if shown_end < chars.len() {
            buf.set_stringn(x - 1, r.y, "…", 1, t.muted);
        }
    }
    if cursor == Some(chars.len()) && x < r.right() {
        buf.set_stringn(x, r.y, " ", 1, t.fen.add_modifier(Modifier::REVERSED));
    }
    // An empty error span (a missing field) is marked just after the text.
    if let Some(e) = &error
        && e.is_empty()
        && x < r.right()
        && cursor != Some(chars.len())
    {
        buf.set_stringn(x, r.y, "_", 1, t.fen_error);
    }
}

fn message(state: &State, t: &Theme, r: Rect, buf: &mut Buffer) {
    let game = state.game();
    let (content, style) = if let Some(Pending::Goto(typed)) = &state.pending {
        (text::goto_pending(typed), t.message)
    } else if let Some(n) = &state.notice {
        let (words, tone) = text::notice(n, game);
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
    for (key, what) in text::hints(state.focus, state.overlay.as_ref(), state.game()) {
        let what = format!(" {what}  ");
        let w = key.chars().count() + what.chars().count();
        if used + w > r.width as usize + 2 {
            break;
        }
        used += w;
        spans.push(Span::styled(*key, t.key));
        spans.push(Span::styled(what, t.hint));
    }
    Line::from(spans).render(r, buf);
}

fn dialog(overlay: &Overlay, t: &Theme, area: Rect, buf: &mut Buffer) {
    let (title, body, keys) = match overlay {
        Overlay::ConfirmDelete => (
            text::CONFIRM_DELETE_TITLE,
            text::CONFIRM_DELETE.to_owned(),
            text::CONFIRM_DELETE_KEYS,
        ),
        Overlay::ConfirmQuit => (
            text::CONFIRM_QUIT_TITLE,
            text::CONFIRM_QUIT.to_owned(),
            text::CONFIRM_QUIT_KEYS,
        ),
        Overlay::Chess960Prompt(typed) => (
            text::CHESS960_TITLE,
            format!("{} {typed}_", text::CHESS960_PROMPT),
            text::CHESS960_KEYS,
        ),
        Overlay::Help => return,
    };
    let width = (body.chars().count().max(keys.chars().count()) as u16 + 4).max(30);
    let r = centered(area, width, 6);
    Clear.render(r, buf);
    buf.set_style(r, t.overlay);
    let inner = boxed(title, t.border_focused, r, buf);
    Paragraph::new(vec![
        Line::raw(""),
        Line::styled(body, t.message),
        Line::raw(""),
        Line::styled(keys, t.key),
    ])
    .style(t.overlay)
    .alignment(ratatui::layout::Alignment::Center)
    .wrap(Wrap { trim: true })
    .render(inner, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;
    use crate::editor::{Action, Options, update};
    use crate::ui::ansi::buffer_to_text;
    use crate::ui::theme::ColorMode;

    fn state(fen: &str, ascii: bool) -> State {
        State::from_fen(fen, None, Options { ascii, mouse: true })
    }

    fn draw(state: &State, w: u16, h: u16, mode: ColorMode) -> Buffer {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        render(state, &View::new(Theme::new(mode)), area, &mut buf);
        buf
    }

    fn text(state: &State, w: u16, h: u16) -> String {
        buffer_to_text(&draw(state, w, h, ColorMode::Mono), false)
    }

    /// No wide character has anything drawn over its hidden second column.
    fn assert_well_formed(buf: &Buffer, what: &str) {
        let a = buf.area;
        for y in a.top()..a.bottom() {
            for x in a.left()..a.right().saturating_sub(1) {
                let sym = buf[(x, y)].symbol();
                if Span::raw(sym).width() == 2 {
                    assert_eq!(
                        buf[(x + 1, y)].symbol(),
                        " ",
                        "{what}: {sym:?} at {x},{y} overdrawn"
                    );
                }
            }
        }
    }

    const ILLEGAL: &str = "4k3/8/8/8/8/8/8/P3K2K b KQ e3 7 1";

    #[test]
    fn chess_start_120x40() {
        let s = state(Game::Chess.start_fen(), false);
        insta::assert_snapshot!(text(&s, 120, 40));
        insta::assert_debug_snapshot!(draw(&s, 120, 40, ColorMode::TrueColor));
    }

    /// The start positions with large pieces (the default) and without colour, at the three
    /// usual terminal sizes, both ways up.
    #[test]
    fn start_positions_with_large_pieces() {
        for game in [Game::Chess, Game::Xiangqi] {
            for flipped in [false, true] {
                let mut s = state(game.start_fen(), false);
                if flipped {
                    update(&mut s, Action::Flip);
                }
                for (w, h) in [(80, 24), (120, 40), (200, 60)] {
                    let t = text(&s, w, h);
                    // Drawings (block characters), not the single glyphs, fill the squares.
                    let blocks = t.chars().filter(|c| ('▀'..='▟').contains(c)).count();
                    // (At least the two caps of each of the 32 discs or drawings.)
                    assert!(blocks >= 64, "{game} {w}x{h}: {blocks} block cells");
                    let name = format!(
                        "large_{}_{w}x{h}{}",
                        if game.is_xiangqi() {
                            "xiangqi"
                        } else {
                            "chess"
                        },
                        if flipped { "_flipped" } else { "" }
                    );
                    insta::assert_snapshot!(name, t);
                }
            }
        }
    }

    #[test]
    fn small_pieces_keep_one_glyph_per_square() {
        let s = state(Game::Chess.start_fen(), false);
        let view = View {
            pieces: PieceSize::Small,
            ..View::new(Theme::new(ColorMode::Mono))
        };
        let area = Rect::new(0, 0, 120, 40);
        let mut buf = Buffer::empty(area);
        render(&s, &view, area, &mut buf);
        let t = buffer_to_text(&buf, false);
        assert!(!t.contains('▀') && !t.contains('▄'), "{t}");
        assert_eq!(t.matches('♔').count(), 1, "{t}");
    }

    #[test]
    fn chess_start_80x24() {
        let s = state(Game::Chess.start_fen(), false);
        insta::assert_snapshot!(text(&s, 80, 24));
    }

    #[test]
    fn chess_flipped_80x24() {
        let mut s = state(Game::Chess.start_fen(), false);
        update(&mut s, Action::Flip);
        let t = text(&s, 80, 24);
        let board_top = t.lines().nth(2).unwrap();
        assert!(board_top.starts_with(" 1 "), "{board_top}");
        insta::assert_snapshot!(t);
    }

    #[test]
    fn chess_ascii_80x24() {
        let s = state(Game::Chess.start_fen(), true);
        let t = text(&s, 80, 24);
        assert!(t.contains("r    n    b    q    k    b    n    r"), "{t}");
        insta::assert_snapshot!(t);
    }

    #[test]
    fn diagnostics_highlight_squares_and_list_codes() {
        let s = state(ILLEGAL, false);
        assert!(s.diagnostics.iter().any(|d| !d.squares.is_empty()));
        let t = text(&s, 100, 30);
        assert!(t.contains("too_many_kings"), "{t}");
        assert!(t.contains("illegal"), "{t}");
        insta::assert_snapshot!(t);
        insta::assert_debug_snapshot!(draw(&s, 100, 30, ColorMode::Indexed));
    }

    #[test]
    fn help_overlay_lists_every_key() {
        let mut s = state(Game::Chess.start_fen(), false);
        update(&mut s, Action::ToggleHelp);
        let t = text(&s, 160, 60);
        for group in crate::editor::keys::GROUPS {
            assert!(t.contains(group.title), "{}", group.title);
            for (keys, _) in group.keys {
                let first = keys.split(' ').next().unwrap();
                assert!(t.contains(first), "{keys}");
            }
        }
        insta::assert_snapshot!(text(&s, 120, 40));
    }

    #[test]
    fn narrow_terminal_stacks_the_panel_under_the_board() {
        let s = state(ILLEGAL, false);
        let t = text(&s, 50, 40);
        insta::assert_snapshot!(t);
    }

    #[test]
    fn a_tiny_screen_still_shows_the_whole_too_small_message() {
        let s = state(Game::Chess.start_fen(), false);
        let t = text(&s, 20, 8);
        let words: Vec<&str> = t.split_whitespace().collect();
        let (mw, mh) = minimum_size(Game::Chess, GlyphSet::Unicode);
        let needed = format!("{mw}×{mh}");
        for word in [
            "20×8,",
            needed.as_str(),
            "Ctrl-Q",
            "quits,",
            "Ctrl-C",
            "aborts",
        ] {
            assert!(words.contains(&word), "{word} missing: {t}");
        }
    }

    #[test]
    fn too_small_screen_says_so() {
        let s = state(Game::Chess.start_fen(), false);
        let t = text(&s, 40, 10);
        assert!(t.contains(text::TOO_SMALL_TITLE), "{t}");
        insta::assert_snapshot!(t);
    }

    #[test]
    fn xiangqi_start_cjk_and_ascii() {
        let s = state(Game::Xiangqi.start_fen(), false);
        let t = text(&s, 120, 40);
        assert!(
            t.contains("帥") && t.contains("將") && t.contains("楚 河"),
            "{t}"
        );
        insta::assert_snapshot!("xiangqi_start_120x40", t);
        insta::assert_snapshot!("xiangqi_start_80x24", text(&s, 80, 24));
        insta::assert_debug_snapshot!(
            "xiangqi_start_colour",
            draw(&s, 80, 24, ColorMode::TrueColor)
        );
        let s = state(Game::Xiangqi.start_fen(), true);
        let t = text(&s, 80, 24);
        assert!(!t.contains("帥"), "{t}");
        insta::assert_snapshot!("xiangqi_start_ascii", t);
    }

    #[test]
    fn fen_line_underlines_the_error_while_editing() {
        let mut s = state(Game::Chess.start_fen(), false);
        update(&mut s, Action::EditFenLine);
        for c in " x".chars() {
            update(&mut s, Action::Line(crate::editor::LineEdit::Insert(c)));
        }
        let buf = draw(&s, 100, 30, ColorMode::Mono);
        let l = screen_layout(&s, buf.area);
        let span = s.fen_line_error_span().expect("an error span");
        let x = l.fen.x + 5 + span.start as u16;
        assert!(buf[(x, l.fen.y)].modifier.contains(Modifier::UNDERLINED));
    }

    #[test]
    fn every_size_draws_without_panic_or_overdrawn_wide_characters() {
        for fen in [Game::Chess.start_fen(), Game::Xiangqi.start_fen(), ILLEGAL] {
            for overlay in [None, Some(Action::ToggleHelp), Some(Action::Initial)] {
                let mut s = state(fen, false);
                if let Some(a) = overlay.clone() {
                    update(&mut s, a);
                }
                for w in (0..=130).step_by(3) {
                    for h in 0..=45 {
                        let buf = draw(&s, w, h, ColorMode::TrueColor);
                        assert_well_formed(&buf, &format!("{fen} {overlay:?} {w}x{h}"));
                    }
                }
            }
        }
    }

    #[test]
    fn the_record_epd_operations_are_listed_under_the_problems() {
        let collection = crate::collection::Collection::from_bytes(
            Some(std::path::PathBuf::from("mates.epd")),
            b"kbK5/pp6/1P6/8/8/8/8/R7 w - - id \"morphy\"; c1 \"1.Ra6! bxa6 2.b7#\"; bm Ra6; dm 2;\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
        );
        let mut s = State::with_collection(collection, None, Options::default());
        let t = text(&s, 120, 40);
        let c1 = t.find("c1 \"1.Ra6! bxa6 2.b7#\"").expect(&t);
        let bm = t.find("bm Ra6").expect(&t);
        let dm = t.find("dm 2").expect(&t);
        assert!(
            t.find(text::NO_PROBLEMS).unwrap() < c1 && c1 < bm && bm < dm,
            "{t}"
        );
        assert!(
            !t.contains("id \"morphy\";"),
            "the id is in the title only: {t}"
        );
        update(&mut s, Action::NextRecord);
        let t = text(&s, 120, 40);
        assert!(
            !t.contains(text::EPD_OPERATIONS) && !t.contains("bm Ra6"),
            "{t}"
        );
    }

    #[test]
    fn a_fen_line_cut_by_a_narrow_screen_ends_with_an_ellipsis() {
        let s = state(Game::Xiangqi.start_fen(), false);
        let t = text(&s, 50, 40);
        let line = t.lines().find(|l| l.starts_with(" FEN ")).expect(&t);
        assert!(line.trim_end().ends_with('…'), "{line}");
        let wide = text(&s, 120, 40);
        let line = wide.lines().find(|l| l.starts_with(" FEN ")).expect(&wide);
        assert!(line.trim_end().ends_with("w - - 0 1"), "{line}");
    }

    #[test]
    fn a_narrow_panel_uses_short_names_to_leave_room_for_the_values() {
        let s = state(Game::Xiangqi.start_fen(), false);
        let t = text(&s, 80, 24);
        assert!(t.contains("rnbakabnr/9/1c5c1/"), "{t}");
        let wide = text(&s, 140, 40);
        assert!(wide.contains(text::FIELD_NAMES[3]), "{wide}");
    }

    #[test]
    fn the_title_names_the_record_and_its_id_and_keeps_the_modified_mark_when_narrow() {
        let collection = crate::collection::Collection::from_bytes(
            Some(std::path::PathBuf::from("mates.epd")),
            b"4k3/8/8/8/8/8/8/4K3 w - - id \"a-rather-long-problem-name\";\n",
        );
        let mut s = State::with_collection(collection, None, Options::default());
        let title = |s: &State, w| text(s, w, 30).lines().next().unwrap().to_owned();
        assert!(
            title(&s, 120).contains("mates.epd · record 1/1 · id \"a-rather-long-problem-name\""),
            "{}",
            title(&s, 120)
        );
        update(&mut s, Action::ToggleSide);
        let wide = title(&s, 120);
        assert!(
            wide.contains("· id \"a-rather-long-problem-name\" · modified"),
            "{wide}"
        );
        let narrow = title(&s, 60);
        assert!(
            narrow.contains("mates.epd · record 1/1 · modified") && !narrow.contains("id \""),
            "{narrow}"
        );
    }

    #[test]
    fn confirm_dialogs_and_the_chess960_prompt_sit_over_the_screen() {
        let collection = crate::collection::Collection::from_bytes(
            Some(std::path::PathBuf::from("puzzles.fen")),
            b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/K6k w - - 0 1\n",
        );
        let mut s = State::with_collection(collection, None, Options::default());
        update(&mut s, Action::ToggleSide);
        update(&mut s, Action::Quit);
        assert_eq!(s.overlay, Some(Overlay::ConfirmQuit));
        let t = text(&s, 80, 24);
        assert!(t.contains("puzzles.fen · record 1/2 · modified"), "{t}");
        assert!(t.contains(text::CONFIRM_QUIT_KEYS), "{t}");
        insta::assert_snapshot!("confirm_quit", t);
        update(&mut s, Action::Answer(crate::editor::Answer::Cancel));
        update(&mut s, Action::DeleteRecord);
        assert_eq!(s.overlay, Some(Overlay::ConfirmDelete));
        assert!(text(&s, 80, 24).contains(text::CONFIRM_DELETE));
        let mut s = state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
        s.position.game = Game::Chess960;
        update(&mut s, Action::Initial);
        if matches!(s.overlay, Some(Overlay::Chess960Prompt(_))) {
            update(&mut s, Action::PromptKey('5'));
            assert!(text(&s, 80, 24).contains("5_"));
        }
    }

    #[test]
    fn clicks_on_castling_letters_name_the_rook_files() {
        let s = state(Game::Chess.start_fen(), false);
        let area = Rect::new(0, 0, 120, 40);
        let layout = screen_layout(&s, area);
        let hits = ScreenHits {
            layout: &layout,
            state: &s,
        };
        let row = layout.field_row(3).unwrap();
        let (_, x) = field_columns(row);
        let buf = draw(&s, 120, 40, ColorMode::Mono);
        assert_eq!(buf[(x, row.y)].symbol(), "K");
        assert_eq!(hits.castling_at(x, row.y), Some((Color::White, 7)));
        assert_eq!(hits.castling_at(x + 1, row.y), Some((Color::White, 0)));
        assert_eq!(hits.castling_at(x + 2, row.y), Some((Color::Black, 7)));
        assert_eq!(hits.castling_at(x + 3, row.y), Some((Color::Black, 0)));
        assert_eq!(hits.castling_at(x + 4, row.y), None);
        assert_eq!(hits.castling_at(x, row.y + 1), None);
        let none = state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
        let hits = ScreenHits {
            layout: &layout,
            state: &none,
        };
        assert_eq!(hits.castling_at(x, row.y), None);
    }

    #[test]
    fn a_long_fen_line_scrolls_to_the_selected_field() {
        let mut s = state(Game::Xiangqi.start_fen(), false);
        let fen_row = |s: &State| {
            let buf = draw(s, 45, 45, ColorMode::Mono);
            let l = screen_layout(s, buf.area);
            assert_eq!(l.arrangement, Arrangement::Stacked);
            buffer_to_text(&buf, false)
                .lines()
                .nth(l.fen.y as usize)
                .unwrap()
                .to_owned()
        };
        assert!(
            fen_row(&s).starts_with(" FEN rnbakabnr/9/"),
            "{}",
            fen_row(&s)
        );
        update(&mut s, Action::FocusNext);
        for _ in 0..4 {
            update(&mut s, Action::FieldDown);
        }
        assert_eq!(s.field, 6);
        let row = fen_row(&s);
        assert!(row.ends_with("w - - 0 1"), "{row}");
        assert!(!row.contains("rnbakabnr"), "{row}");
    }
}

//! The whole editor screen drawn from the editor state: the board and the panels of
//! `ui::panels`, each made from the state as a value (`Panels`) and drawn in the region
//! `ui::layout` computes, and the overlays on top. Each panel is drawn inside its own region
//! only, so that `ui::frame` can redraw one without the others.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::board::{BoardView, Marks};
use super::glyphs::GlyphSet;
use super::help::HelpOverlay;
use super::layout::{Arrangement, HitTest, ScreenLayout, layout, minimum_size};
use super::panels::analysis::AnalysisPanel;
use super::panels::diagnostics::DiagnosticsPanel;
use super::panels::dialog::Dialog;
use super::panels::fen_line::FenLineBar;
use super::panels::fields::{FieldsPanel, field_columns};
use super::panels::moves::MovesPanel;
use super::panels::solution::SolutionPanel;
use super::panels::status::{HintBar, MessageLine};
use super::panels::title::Title;
use super::pieces::PieceSize;
use super::text::{self};
use super::theme::Theme;
use super::wrap::wrap;
use crate::core::castling;
use crate::core::fen::{CastlingStyle, Field};
use crate::core::{Color, Game, Square};
use crate::editor::{Overlay, State};

/// How the screen is drawn, beyond what the editor state says.
#[derive(Clone, Debug)]
pub struct View {
    pub theme: Theme,
    /// Piece drawings or single glyphs (`--pieces`).
    pub pieces: PieceSize,
}

impl View {
    pub fn new(theme: Theme) -> View {
        View {
            theme,
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
    let (area, game, glyphs, flipped) = base_key(state, area);
    with_panels(layout(area, game, glyphs, flipped), state)
}

/// What `layout` decides from: the area, the game, the glyphs and the flip.
type BaseKey = (Rect, Game, GlyphSet, bool);

fn base_key(state: &State, area: Rect) -> BaseKey {
    (area, state.game(), glyphs(state), state.flipped)
}

/// `screen_layout` keeping the last `layout` it computed, which changes only with its
/// `BaseKey`: a keystroke's frame then only adds the panels the state opens to it.
#[derive(Clone, Debug, Default)]
pub struct LayoutCache {
    base: Option<(BaseKey, ScreenLayout)>,
}

impl LayoutCache {
    /// `screen_layout(state, area)`.
    pub fn layout(&mut self, state: &State, area: Rect) -> ScreenLayout {
        let key = base_key(state, area);
        let base = match self.base {
            Some((k, base)) if k == key => base,
            _ => {
                let (area, game, glyphs, flipped) = key;
                let base = layout(area, game, glyphs, flipped);
                self.base = Some((key, base));
                base
            }
        };
        with_panels(base, state)
    }
}

/// `base` with the language and the panels the state opens (moves, analysis, solution).
fn with_panels(mut l: ScreenLayout, state: &State) -> ScreenLayout {
    l.lang = state.options.lang;
    if state.line.is_some() {
        l = l.with_moves();
    }
    if state.analysis.is_some() {
        l = l.with_analysis();
    }
    if let Some(solving) = &state.solving {
        // Only how many rows the diagnostics fill matters here, not how they look.
        let mono = Theme::new(super::theme::ColorMode::Mono);
        let diagnostics = DiagnosticsPanel::new(state, &mono).wanted_height(l.diagnostics.width);
        l = l.with_solution(diagnostics, super::panels::solution::wanted_height(solving));
    }
    l
}

/// Draws the screen into `buf` over `area` and returns the layout used. `buf` is expected
/// blank there, as ratatui's frames are.
pub fn render(state: &State, view: &View, area: Rect, buf: &mut Buffer) -> ScreenLayout {
    let l = screen_layout(state, area);
    if l.arrangement == Arrangement::TooSmall {
        too_small(state, &view.theme, area, buf);
        return l;
    }
    let panels = Panels::new(state, view, &l);
    if let Some(board) = &panels.board {
        board.render(board.geometry.area, buf);
    }
    panels.visit(None, &l, &mut |area, draw| draw(area, buf));
    render_overlay(state, view, area, buf);
    l
}

/// Every panel of the screen as the state makes it: what each one draws, and all it draws
/// from. Each is drawn inside its own rectangle of the layout and nowhere else, so that one
/// whose value did not change need not be drawn again.
#[derive(Clone, Debug, PartialEq)]
pub struct Panels {
    pub title: Title,
    /// None when the layout has no room for a board.
    pub board: Option<BoardView>,
    pub fields: FieldsPanel,
    pub diagnostics: DiagnosticsPanel,
    /// Drawn after the diagnostics: its region is carved from theirs. None while closed.
    pub analysis: Option<AnalysisPanel>,
    /// The move list of playback and play mode, also carved from the diagnostics.
    pub moves: Option<MovesPanel>,
    /// Likewise, between the diagnostics and the Analysis panel.
    pub solution: Option<SolutionPanel>,
    pub fen_line: FenLineBar,
    pub message: MessageLine,
    pub hints: HintBar,
}

/// What `Panels::visit` hands each panel to: its rectangle and how to draw it there.
pub type Visitor<'v> = dyn FnMut(Rect, &dyn Fn(Rect, &mut Buffer)) + 'v;

impl Panels {
    pub fn new(state: &State, view: &View, l: &ScreenLayout) -> Panels {
        let t = &view.theme;
        Panels {
            title: Title::new(state, t),
            board: l.board.map(|geometry| BoardView {
                position: *state.board_position(),
                marks: board_marks(state),
                geometry,
                glyphs: glyphs(state),
                pieces: view.pieces,
                theme: t.clone(),
            }),
            fields: FieldsPanel::new(state, t),
            diagnostics: DiagnosticsPanel::new(state, t),
            analysis: AnalysisPanel::new(state, t),
            moves: MovesPanel::new(state, t),
            solution: SolutionPanel::new(state, t),
            fen_line: FenLineBar::new(state, t),
            message: MessageLine::new(state, t),
            hints: HintBar::new(state, t),
        }
    }

    /// Hands `visit` every panel but the board (which `ui::frame` may redraw in part) that
    /// differs from `old`'s (all of them without `old`), in drawing order.
    pub fn visit(&self, old: Option<&Panels>, l: &ScreenLayout, visit: &mut Visitor) {
        /// One panel (`None`: closed, drawing nothing), visited when it is not as it was.
        fn one<'p, P: PartialEq>(
            visit: &mut Visitor,
            was: Option<Option<&P>>,
            now: Option<&'p P>,
            area: Rect,
        ) where
            &'p P: Widget,
        {
            if was != Some(now) {
                visit(area, &move |area, buf| now.render(area, buf));
            }
        }
        one(
            visit,
            old.map(|o| Some(&o.title)),
            Some(&self.title),
            l.title,
        );
        one(
            visit,
            old.map(|o| Some(&o.fields)),
            Some(&self.fields),
            l.fields,
        );
        let diagnostics = Some(&self.diagnostics);
        one(
            visit,
            old.map(|o| Some(&o.diagnostics)),
            diagnostics,
            l.diagnostics,
        );
        let analysis = self.analysis.as_ref();
        one(
            visit,
            old.map(|o| o.analysis.as_ref()),
            analysis,
            l.analysis,
        );
        one(
            visit,
            old.map(|o| o.moves.as_ref()),
            self.moves.as_ref(),
            l.moves,
        );
        let solution = self.solution.as_ref();
        one(
            visit,
            old.map(|o| o.solution.as_ref()),
            solution,
            l.solution,
        );
        one(
            visit,
            old.map(|o| Some(&o.fen_line)),
            Some(&self.fen_line),
            l.fen,
        );
        one(
            visit,
            old.map(|o| Some(&o.message)),
            Some(&self.message),
            l.message,
        );
        one(
            visit,
            old.map(|o| Some(&o.hints)),
            Some(&self.hints),
            l.hints,
        );
    }
}

/// What the board marks: the cursor, the piece picked up (in play mode: chosen to move), the
/// diagnosed squares and the last move of a line.
fn board_marks(state: &State) -> Marks {
    let mut marks = Marks::from_diagnostics(&state.diagnostics);
    marks.cursor = Some(state.cursor);
    marks.picked = state.picked.map(|(_, sq)| sq);
    if let Some(line) = &state.line {
        marks.last_move = line.last_move();
        marks.picked = state.play_from;
        // Playback moves no cursor.
        if line.kind == crate::editor::line::LineKind::Playback {
            marks.cursor = None;
        }
    }
    marks
}

/// The help or a dialog over the screen, if one is open.
pub fn render_overlay(state: &State, view: &View, area: Rect, buf: &mut Buffer) {
    let t = &view.theme;
    match &state.overlay {
        Some(Overlay::Help) => HelpOverlay {
            lang: state.options.lang,
            scroll: state.help_scroll,
            theme: t,
        }
        .render(area, buf),
        Some(Overlay::Record(record)) => {
            super::panels::record::RecordOverlay::new(state, record, t).render(area, buf)
        }
        Some(overlay) => Dialog {
            overlay,
            lang: state.options.lang,
            theme: t,
        }
        .render(area, buf),
        None => {}
    }
}

fn too_small(state: &State, t: &Theme, area: Rect, buf: &mut Buffer) {
    let lang = state.options.lang;
    let (mw, mh) = minimum_size(state.game(), glyphs(state));
    // Wrapped, so that even a tiny screen shows the size it needs and how to leave.
    let width = usize::from(area.width.max(1));
    let mut lines = Vec::new();
    // A question asked (Ctrl-Q with unsaved changes…) is shown by its title and keys, which
    // are the keys that still work here.
    let (question, keys) = match state.overlay.as_ref().and_then(text::question) {
        Some((title, keys)) => (title.tr(lang), keys.tr(lang)),
        None => ("", text::TOO_SMALL_QUIT.tr(lang)),
    };
    for (message, style) in [
        (text::TOO_SMALL_TITLE.tr(lang).to_owned(), t.error),
        (
            text::too_small(lang, area.width, area.height, mw, mh),
            Style::new(),
        ),
        (question.to_owned(), t.message),
        (keys.to_owned(), t.hint),
    ] {
        if message.is_empty() {
            continue;
        }
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

    fn field_at(&self, col: u16, row: u16) -> Option<Field> {
        self.layout.field_at(col, row)
    }

    fn help_scroll(&self) -> crate::editor::keys::HelpScroll {
        self.layout.help_scroll()
    }

    fn solution_row_at(&self, col: u16, row: u16) -> Option<usize> {
        let solving = self.state.solving.as_ref()?;
        let lang = self.state.options.lang;
        super::panels::solution::row_at(solving, lang, self.layout.solution, col, row)
    }

    fn on_solution(&self, col: u16, row: u16) -> bool {
        self.layout
            .solution
            .contains(ratatui::layout::Position::new(col, row))
    }

    fn move_at(&self, col: u16, row: u16) -> Option<usize> {
        let line = self.state.line.as_ref()?;
        super::panels::moves::ply_at(line, self.layout.moves, col, row)
    }

    fn on_moves(&self, col: u16, row: u16) -> bool {
        self.layout
            .moves
            .contains(ratatui::layout::Position::new(col, row))
    }

    fn castling_at(&self, col: u16, row: u16) -> Option<(Color, u8)> {
        let r = self.layout.field_row(Field::Castling)?;
        if row != r.y || col >= r.right() {
            return None;
        }
        let (_, value_x) = field_columns(r, self.state.options.lang);
        let index = col.checked_sub(value_x)? as usize;
        // The panel shows the FEN's castling field: the letters the writer writes, in order.
        castling::letters(self.state.shown_position(), CastlingStyle::XFen)
            .nth(index)
            .map(|l| (l.color, l.file))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::Game;
    use crate::editor::keys;
    use crate::editor::{Action, Options, update};
    use crate::i18n::Lang;
    use crate::ui::ansi::buffer_to_text;
    use crate::ui::theme::ColorMode;
    use ratatui::style::Modifier;
    use ratatui::text::Span;

    fn state(fen: &str, ascii: bool) -> State {
        State::from_fen(
            fen,
            None,
            Options {
                ascii,
                mouse: true,
                ..Options::default()
            },
        )
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
        // Every line of the help, scrolled through where it does not fit at once.
        let mut t = String::new();
        let max = crate::ui::help::scroll(Lang::En, Rect::new(0, 0, 160, 60)).max;
        for line in (0..=max).step_by(10).chain([max]) {
            update(&mut s, Action::ScrollHelp(line));
            t.push_str(&text(&s, 160, 60));
        }
        update(&mut s, Action::ScrollHelp(0));
        for group in keys::Group::ALL {
            assert!(t.contains(group.title()), "{}", group.title());
            for (keys, _) in keys::group_rows(group) {
                let first = keys.split(' ').next().unwrap();
                assert!(t.contains(first), "{keys}");
            }
        }
        insta::assert_snapshot!(text(&s, 120, 40));
    }

    /// The rows the help shows at `w`×`h`, inside its box and above its footer.
    fn help_rows(s: &State, w: u16, h: u16) -> Vec<String> {
        text(s, w, h)
            .lines()
            .skip(2)
            .take(usize::from(h) - 5)
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn the_help_pages_by_the_rows_it_shows_and_its_columns_scroll_together() {
        use crate::editor::keys::{Code, Key};
        let mut s = state(Game::Chess.start_fen(), false);
        update(&mut s, Action::ToggleHelp);
        for (w, h) in [(120, 40), (80, 24), (160, 30)] {
            update(&mut s, Action::ScrollHelp(0));
            let area = Rect::new(0, 0, w, h);
            let layout = screen_layout(&s, area);
            let hits = ScreenHits {
                layout: &layout,
                state: &s,
            };
            // The box, its border and its footer row take five rows: the rest is a page.
            let page = h - 5;
            let help = hits.help_scroll();
            assert_eq!(help.page, page, "{w}x{h}");
            assert!(help.max > 0, "{w}x{h}: the help scrolls here");
            let down = keys::action(&s, Key::plain(Code::PageDown), help);
            assert_eq!(
                down,
                Some(Action::ScrollHelp(page.min(help.max))),
                "{w}x{h}"
            );
            // One row down: every column moves up by one row, nothing changes column.
            let before = help_rows(&s, w, h);
            update(&mut s, Action::ScrollHelp(1));
            let after = help_rows(&s, w, h);
            for (row, line) in after.iter().enumerate().take(usize::from(page) - 1) {
                assert_eq!(line, &before[row + 1], "{w}x{h} row {row}");
            }
        }
    }

    #[test]
    fn the_help_draws_every_key_name_in_the_key_style() {
        let mut s = state(Game::Chess.start_fen(), false);
        update(&mut s, Action::ToggleHelp);
        let theme = Theme::new(ColorMode::TrueColor);
        let buf = draw(&s, 160, 40, ColorMode::TrueColor);
        let t = buffer_to_text(&buf, false);
        // Key names that open a row of the key list, wherever their column is.
        let mut seen = 0;
        for (y, row) in t.lines().enumerate() {
            for name in ["Ctrl-Q", "Ctrl-S", "Shift-Tab"] {
                for (at, _) in row.match_indices(name) {
                    let x = crate::ui::wrap::width(&row[..at]) as u16;
                    let cell = &buf[(x, y as u16)];
                    assert_eq!(cell.fg, theme.key.fg.unwrap(), "{name} at {x},{y}");
                    seen += 1;
                }
            }
        }
        assert!(seen >= 2, "{t}");
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
        assert!(t.contains(text::TOO_SMALL_TITLE.tr(Lang::En)), "{t}");
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
        let title = t.lines().next().unwrap();
        assert!(title.contains("· Chess · #2 (3+4) · mates.epd"), "{title}");
        let c1 = t.find("c1 \"1.Ra6! bxa6 2.b7#\"").expect(&t);
        let bm = t.find("bm Ra6").expect(&t);
        let dm = t.find("dm 2").expect(&t);
        assert!(
            t.find(text::NO_PROBLEMS.tr(Lang::En)).unwrap() < c1 && c1 < bm && bm < dm,
            "{t}"
        );
        assert!(
            !t.contains("id \"morphy\";"),
            "the id is in the title only: {t}"
        );
        update(&mut s, Action::NextRecord);
        let t = text(&s, 120, 40);
        assert!(
            !t.contains(text::EPD_OPERATIONS.tr(Lang::En)) && !t.contains("bm Ra6"),
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
        assert!(wide.contains(text::FIELD_NAMES[3].tr(Lang::En)), "{wide}");
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
        let narrow = title(&s, 64);
        assert!(
            narrow.contains("mates.epd · record 1/1 · modified") && !narrow.contains("id \""),
            "{narrow}"
        );
        assert!(
            narrow
                .trim_end()
                .ends_with(text::TITLE_HELP.tr(Lang::En).trim()),
            "{narrow}"
        );
        // Narrower: the record counter goes too, the modified mark and the help stay.
        let narrower = title(&s, 52);
        assert!(
            narrower.contains("mates.epd · modified") && !narrower.contains("record"),
            "{narrower}"
        );
        assert!(
            narrower
                .trim_end()
                .ends_with(text::TITLE_HELP.tr(Lang::En).trim()),
            "{narrower}"
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
        assert!(t.contains(text::CONFIRM_QUIT_KEYS.tr(Lang::En)), "{t}");
        insta::assert_snapshot!("confirm_quit", t);
        update(&mut s, Action::Answer(crate::editor::Answer::Cancel));
        update(&mut s, Action::DeleteRecord);
        assert_eq!(s.overlay, Some(Overlay::ConfirmDelete));
        assert!(text(&s, 80, 24).contains(text::CONFIRM_DELETE.tr(Lang::En)));
        let mut s = state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
        s.position.game = Game::Chess960;
        update(&mut s, Action::Initial);
        assert_eq!(s.overlay, Some(Overlay::Chess960Prompt(String::new())));
        let before = text(&s, 80, 24);
        assert!(
            before.contains(text::CHESS960_TITLE.tr(Lang::En)),
            "{before}"
        );
        assert!(
            before.contains(&format!("{} _", text::CHESS960_PROMPT.tr(Lang::En))),
            "{before}"
        );
        update(&mut s, Action::PromptKey('5'));
        let typed = text(&s, 80, 24);
        assert!(
            typed.contains(&format!("{} 5_", text::CHESS960_PROMPT.tr(Lang::En))),
            "{typed}"
        );
    }
    #[test]
    fn every_question_shows_its_keys_whole_even_when_wrapped() {
        let mut s = state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
        for (overlay, body, keys) in [
            (
                Overlay::ChangedOnDisk,
                text::CHANGED_ON_DISK.tr(Lang::En),
                text::CHANGED_ON_DISK_KEYS.tr(Lang::En),
            ),
            (
                Overlay::QuitUnread,
                text::QUIT_UNREAD.tr(Lang::En),
                text::QUIT_UNREAD_KEYS.tr(Lang::En),
            ),
        ] {
            s.overlay = Some(overlay.clone());
            let wide = text(&s, 120, 40);
            assert!(wide.contains(body) && wide.contains(keys), "{wide}");
            // Narrow: the lines wrap and the box grows; every word is still there.
            let narrow = text(&s, 60, 24);
            let words: Vec<&str> = narrow.split_whitespace().collect();
            for word in keys.split_whitespace().chain(body.split_whitespace()) {
                assert!(
                    words.contains(&word),
                    "{overlay:?}: {word} missing:\n{narrow}"
                );
            }
        }
    }
    #[test]
    fn the_too_small_screen_shows_an_open_question_and_its_keys() {
        let mut s = state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false);
        s.overlay = Some(Overlay::ConfirmQuit);
        let t = text(&s, 40, 10);
        assert!(t.contains(text::TOO_SMALL_TITLE.tr(Lang::En)), "{t}");
        assert!(t.contains(text::CONFIRM_QUIT_TITLE.tr(Lang::En)), "{t}");
        let words: Vec<&str> = t.split_whitespace().collect();
        for word in text::CONFIRM_QUIT_KEYS.tr(Lang::En).split_whitespace() {
            assert!(words.contains(&word), "{word} missing:\n{t}");
        }
        s.overlay = None;
        assert!(text(&s, 40, 10).contains("Ctrl-Q quits"));
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
        let row = layout.field_row(Field::Castling).unwrap();
        let (_, x) = field_columns(row, s.options.lang);
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
        assert_eq!(s.field, Field::Fullmove);
        let row = fen_row(&s);
        assert!(row.ends_with("w - - 0 1"), "{row}");
        assert!(!row.contains("rnbakabnr"), "{row}");
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

    /// `state` after `S`, `stip` and Enter, the worker's answer given (solved here).
    pub(crate) fn solved(mut s: State, stip: &str) -> State {
        use crate::editor::solving::{self, SolveEvent, Solved};
        update(&mut s, Action::Solve);
        while matches!(&s.overlay, Some(Overlay::StipulationPrompt { text, .. }) if !text.is_empty())
        {
            update(&mut s, Action::PromptBackspace);
        }
        for c in stip.chars() {
            update(&mut s, Action::PromptKey(c));
        }
        let effects = update(&mut s, Action::PromptSubmit);
        let Some(crate::editor::Effect::Solve(Some(r))) = effects.into_iter().next() else {
            panic!("no solve request");
        };
        let mut solution = crate::solve::solve(
            &r.position,
            r.ask.stipulation,
            &solving::options(r.ask, 2),
            &std::sync::atomic::AtomicBool::new(false),
            &mut |_| {},
        )
        .unwrap();
        // Snapshots show the time taken; this machine's speed must not change them.
        solution.seconds = 0.0;
        update(
            &mut s,
            Action::Solver(SolveEvent::Done {
                id: r.id,
                result: Ok(Solved::new(crate::solve::named(&solution))),
            }),
        );
        s
    }

    /// Shinkman's mate in two: 1.Qa7! (zugzwang) and four mates by the rooks.
    const SHINKMAN: &str = "Q7/3B4/3B4/3NR2P/3R4/2p5/2p3kN/2K4b w - - 0 1";

    #[test]
    fn solution_panel_chess() {
        let mut s = solved(state(SHINKMAN, false), "#2 tries");
        let wide = text(&s, 120, 40);
        for shown in [
            "┌ Solution",
            "#2 tries · sound: 1 key",
            "1.Qa7! zugzwang",
            "1...Kg1 2.Rd2#",
            "1...Kf2 2.Rg4#",
            "1...Kxh2 2.Rg5#",
            "1...Kg3 2.Re2#",
        ] {
            assert!(wide.contains(shown), "{shown}:\n{wide}");
        }
        assert!(
            wide.contains("? but 1..."),
            "a try with its refutation:\n{wide}"
        );
        insta::assert_snapshot!("solution_chess_120x40", wide);
        // The panel focused, the third line chosen: highlighted, with the panel's keys.
        update(&mut s, Action::FocusPrev);
        update(&mut s, Action::SolutionSelect(crate::editor::Towards::Next));
        update(&mut s, Action::SolutionSelect(crate::editor::Towards::Next));
        let narrow = text(&s, 80, 24);
        assert!(narrow.contains("┌ Solution"), "{narrow}");
        assert!(narrow.contains("1.Qa7! zugzwang"), "{narrow}");
        assert!(
            narrow.contains("↑↓ line  Enter play"),
            "the hints: {narrow}"
        );
        insta::assert_snapshot!("solution_chess_80x24", narrow);
        let buf = draw(&s, 80, 24, ColorMode::TrueColor);
        let l = screen_layout(&s, buf.area);
        // Border, two header lines (wrapped at this width), then the rows.
        let third = l.solution.y + 1 + 2 + 2;
        assert_eq!(
            buf[(l.solution.x + 2, third)].bg,
            Theme::new(ColorMode::TrueColor).focused_row.bg.unwrap(),
            "the chosen line is highlighted"
        );
    }

    #[test]
    fn solution_panel_xiangqi_cooked_in_red() {
        // Three keys mate (or leave Black without a move): cooked.
        let s = solved(state("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", false), "#1");
        let wide = text(&s, 120, 40);
        assert!(wide.contains("#1 · cooked: 3 keys"), "{wide}");
        assert!(wide.contains("1.R8+2!"), "{wide}");
        insta::assert_snapshot!("solution_xiangqi_120x40", wide);
        let narrow = text(&s, 80, 24);
        assert!(narrow.contains("cooked"), "{narrow}");
        insta::assert_snapshot!("solution_xiangqi_80x24", narrow);
        let buf = draw(&s, 120, 40, ColorMode::TrueColor);
        let l = screen_layout(&s, buf.area);
        let key_row = l.solution.y + 2;
        assert_eq!(
            buf[(l.solution.x + 1, key_row)].fg,
            Theme::new(ColorMode::TrueColor).error.fg.unwrap(),
            "a cooked key is red"
        );
    }

    #[test]
    fn solution_panel_shows_progress_helpmates_no_solution_and_stale() {
        use crate::editor::solving::SolveEvent;
        let mut s = state(SHINKMAN, false);
        update(&mut s, Action::Solve);
        for c in "#3".chars() {
            update(&mut s, Action::PromptKey(c));
        }
        let effects = update(&mut s, Action::PromptSubmit);
        let Some(crate::editor::Effect::Solve(Some(r))) = effects.into_iter().next() else {
            panic!()
        };
        let progress = crate::solve::Progress {
            nodes: 2_500_000,
            root_done: 4,
            root_total: 41,
            elapsed: std::time::Duration::from_millis(3200),
        };
        update(
            &mut s,
            Action::Solver(SolveEvent::Progress { id: r.id, progress }),
        );
        let t = text(&s, 120, 40);
        assert!(
            t.contains("solving #3 · 2.5 M nodes · 3.2 s · 4/41 first moves"),
            "{t}"
        );
        assert!(t.contains("Esc stops"), "{t}");
        // Helpmates: each solution on its line.
        let h = solved(state("7k/8/6K1/1p6/8/8/8/R7 b - - 0 1", false), "h#1");
        let t = text(&h, 120, 40);
        assert!(
            t.contains("1...b4 2.Ra8#") || t.contains("1.b4 Ra8#"),
            "{t}"
        );
        // No solution, then stale after an edit.
        let mut n = solved(state("4k3/8/8/8/8/8/8/4K3 w - - 0 1", false), "#1");
        assert!(text(&n, 120, 40).contains(text::SOLUTION_NO_SOLUTION.tr(crate::i18n::Lang::En)));
        update(&mut n, Action::ToggleSide);
        assert!(text(&n, 120, 40).contains("stale · #1 · no solution"));
    }

    #[test]
    fn the_solution_panel_and_the_prompt_draw_at_every_size() {
        let solved = solved(state(SHINKMAN, false), "#2 tries");
        let mut prompt = state(Game::Xiangqi.start_fen(), false);
        update(&mut prompt, Action::Solve);
        for c in "h#2 nonsense".chars() {
            update(&mut prompt, Action::PromptKey(c));
        }
        update(&mut prompt, Action::PromptSubmit);
        assert!(
            text(&prompt, 120, 40).contains("'nonsense'"),
            "the refusal shows"
        );
        for s in [&solved, &prompt] {
            for w in (0..=130).step_by(3) {
                for h in 0..=45 {
                    let buf = draw(s, w, h, ColorMode::TrueColor);
                    assert_well_formed(&buf, &format!("{w}x{h}"));
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
}

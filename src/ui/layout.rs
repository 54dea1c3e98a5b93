//! Where everything goes on screen. One function, `layout`, serves drawing and mouse hits, so a
//! click lands on exactly what is drawn there.

use ratatui::layout::{Margin, Position, Rect};

use super::board::BoardGeometry;
use super::glyphs::GlyphSet;
use crate::core::fen::Field;
use crate::core::{Color, Game, Square};
use crate::editor::keys::HelpScroll;

/// What is under a screen cell: the keymap asks this of the layout drawn last, so that a
/// click lands on exactly what is drawn there.
pub trait HitTest {
    /// The board square drawn at this cell.
    fn square_at(&self, col: u16, row: u16) -> Option<Square>;
    /// The panel field drawn at this cell.
    fn field_at(&self, col: u16, row: u16) -> Option<Field>;
    /// A castling right's letter drawn at this cell: its colour and rook file.
    fn castling_at(&self, _col: u16, _row: u16) -> Option<(Color, u8)> {
        None
    }
    /// The Solution panel's line drawn at this cell (its index among the tree's rows).
    fn solution_row_at(&self, _col: u16, _row: u16) -> Option<usize> {
        None
    }
    /// Whether this cell is on the Solution panel.
    fn on_solution(&self, _col: u16, _row: u16) -> bool {
        false
    }
    /// The Moves panel's move drawn at this cell (its index in the line).
    fn move_at(&self, _col: u16, _row: u16) -> Option<usize> {
        None
    }
    /// Whether this cell is on the Moves panel.
    fn on_moves(&self, _col: u16, _row: u16) -> bool {
        false
    }
    /// How far the help overlay can scroll on this screen, and by how much a page.
    fn help_scroll(&self) -> HelpScroll {
        HelpScroll::default()
    }
}

/// A layout where nothing is anywhere (keys only).
pub struct NoHit;

impl HitTest for NoHit {
    fn square_at(&self, _: u16, _: u16) -> Option<Square> {
        None
    }
    fn field_at(&self, _: u16, _: u16) -> Option<Field> {
        None
    }
}

/// The narrowest the fields and diagnostics panel gets.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// The panel width the large board sizes (four rows a square and more) must leave, so that a huge board does not squeeze
/// the fields into abbreviations.
pub const PANEL_WIDTH_BESIDE_LARGEST: u16 = 48;
/// The fields panel: six rows and its border.
pub const FIELDS_HEIGHT: u16 = 8;
/// The diagnostics panel: the status row, one diagnostic and its border.
pub const DIAGNOSTICS_MIN_HEIGHT: u16 = 3;
/// Rows outside the main area: title, FEN line, message line, key hints.
const CHROME_ROWS: u16 = 4;
/// Columns between the board and the panel, and around the board when stacked.
const GAP: u16 = 2;

/// How the screen is arranged at a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// Panel beside the board.
    Wide,
    /// Panel under the board.
    Stacked,
    /// Below the minimum: only a message.
    TooSmall,
}

/// Every region of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    pub area: Rect,
    pub arrangement: Arrangement,
    pub title: Rect,
    pub board: Option<BoardGeometry>,
    /// The fields panel with its border.
    pub fields: Rect,
    /// The diagnostics panel with its border.
    pub diagnostics: Rect,
    /// The Analysis panel with its border, under the diagnostics (empty while it is closed).
    pub analysis: Rect,
    /// The Moves panel with its border, under the diagnostics while the board shows a line
    /// (empty otherwise).
    pub moves: Rect,
    /// The Solution panel with its border, between the diagnostics and the Analysis panel
    /// (empty while it is closed).
    pub solution: Rect,
    pub fen: Rect,
    pub message: Rect,
    pub hints: Rect,
    /// The language of the words drawn: the help's length and the fields' columns follow it.
    pub lang: crate::i18n::Lang,
}

/// The Moves panel at most: its border, where the board stands and ten rows of moves.
pub const MOVES_HEIGHT: u16 = 13;

/// The Analysis panel: its border, the engine's line and three best lines.
pub const ANALYSIS_HEIGHT: u16 = 6;
/// The Solution panel at its smallest: its border and one line.
pub const SOLUTION_MIN_HEIGHT: u16 = 3;

impl ScreenLayout {
    /// Gives the bottom of the diagnostics region to the Analysis panel: its full height where
    /// the diagnostics keep their minimum, else what is left above that minimum.
    pub fn with_analysis(mut self) -> ScreenLayout {
        let d = self.diagnostics;
        let height = ANALYSIS_HEIGHT.min(d.height.saturating_sub(DIAGNOSTICS_MIN_HEIGHT));
        if height >= 3 {
            self.diagnostics.height -= height;
            self.analysis = Rect::new(d.x, d.y + d.height - height, d.width, height);
        }
        self
    }

    /// Gives the bottom of the diagnostics region to the Moves panel, as `with_analysis` does.
    pub fn with_moves(mut self) -> ScreenLayout {
        let d = self.diagnostics;
        let height = MOVES_HEIGHT.min(d.height.saturating_sub(DIAGNOSTICS_MIN_HEIGHT));
        if height >= 3 {
            self.diagnostics.height -= height;
            self.moves = Rect::new(d.x, d.y + d.height - height, d.width, height);
        }
        self
    }

    /// Shares the diagnostics region (what is left above the Analysis panel when that is open)
    /// with the Solution panel under it, by the rows each would fill: when both fit, the
    /// diagnostics get theirs and the solution the rest; else the diagnostics keep what they
    /// need up to a third (at least their minimum) and the solution takes the rest.
    pub fn with_solution(mut self, diagnostics_wanted: u16, solution_wanted: u16) -> ScreenLayout {
        let d = self.diagnostics;
        let keep = if diagnostics_wanted.saturating_add(solution_wanted) <= d.height {
            diagnostics_wanted
        } else {
            diagnostics_wanted.min(d.height / 3)
        }
        .max(DIAGNOSTICS_MIN_HEIGHT);
        let height = d.height.saturating_sub(keep);
        if height >= SOLUTION_MIN_HEIGHT {
            self.diagnostics.height -= height;
            self.solution = Rect::new(d.x, d.y + d.height - height, d.width, height);
        }
        self
    }

    /// The row of `field` inside the fields panel, if it is on screen.
    pub fn field_row(&self, field: Field) -> Option<Rect> {
        let inner = self.fields.inner(Margin::new(1, 1));
        let row = field.index() as u16;
        (row < inner.height).then(|| Rect::new(inner.x, inner.y + row, inner.width, 1))
    }

    /// The square under a screen cell.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        self.board?.square_at(x, y)
    }

    /// The field whose row is under a screen cell.
    pub fn field_at(&self, x: u16, y: u16) -> Option<Field> {
        Field::ALL.into_iter().find(|&f| {
            self.field_row(f)
                .is_some_and(|r| r.contains(Position::new(x, y)))
        })
    }

    /// Whether a screen cell lies on the board widget (squares, grid or coordinates).
    pub fn on_board(&self, x: u16, y: u16) -> bool {
        self.board
            .is_some_and(|b| b.area.contains(Position::new(x, y)))
    }
}

impl HitTest for ScreenLayout {
    fn square_at(&self, col: u16, row: u16) -> Option<Square> {
        ScreenLayout::square_at(self, col, row)
    }

    fn field_at(&self, col: u16, row: u16) -> Option<Field> {
        ScreenLayout::field_at(self, col, row)
    }

    fn help_scroll(&self) -> HelpScroll {
        super::help::scroll(self.lang, self.area)
    }
}

/// The smallest screen (columns, rows) that shows `game`, side by side.
pub fn minimum_size(game: Game, glyphs: GlyphSet) -> (u16, u16) {
    let step = BoardGeometry::steps(game)[0];
    let (bw, bh) = BoardGeometry::size(game, glyphs, step);
    (
        1 + bw + GAP + PANEL_MIN_WIDTH,
        CHROME_ROWS + bh.max(FIELDS_HEIGHT + DIAGNOSTICS_MIN_HEIGHT),
    )
}

/// The layout of a screen of `area` showing `game`.
pub fn layout(area: Rect, game: Game, glyphs: GlyphSet, flipped: bool) -> ScreenLayout {
    let mut l = ScreenLayout {
        area,
        arrangement: Arrangement::TooSmall,
        title: Rect::default(),
        board: None,
        fields: Rect::default(),
        diagnostics: Rect::default(),
        analysis: Rect::default(),
        moves: Rect::default(),
        solution: Rect::default(),
        fen: Rect::default(),
        message: Rect::default(),
        hints: Rect::default(),
        lang: crate::i18n::Lang::En,
    };
    if area.height < CHROME_ROWS + 1 {
        return l;
    }
    let row = |i: u16| Rect::new(area.x, area.y + i, area.width, 1);
    let main = Rect::new(area.x, area.y + 1, area.width, area.height - CHROME_ROWS);
    let panel_needs = FIELDS_HEIGHT + DIAGNOSTICS_MIN_HEIGHT;
    let steps = BoardGeometry::steps(game);
    for &step in steps.iter().rev() {
        let (bw, bh) = BoardGeometry::size(game, glyphs, step);
        // Squares of four rows and more are the large sizes.
        let panel_width = if step.1 >= 4 {
            PANEL_WIDTH_BESIDE_LARGEST
        } else {
            PANEL_MIN_WIDTH
        };
        let wide = 1 + bw + GAP + panel_width <= main.width
            && bh <= main.height
            && panel_needs <= main.height;
        let stacked =
            bw < main.width && PANEL_MIN_WIDTH <= main.width && bh + panel_needs <= main.height;
        if wide {
            let board = Rect::new(main.x + 1, main.y, bw, bh);
            let px = board.right() + GAP;
            let panel = Rect::new(px, main.y, main.right() - px, main.height);
            l.arrangement = Arrangement::Wide;
            l.board = Some(BoardGeometry::new(game, glyphs, step, board, flipped));
            (l.fields, l.diagnostics) = split_panel(panel);
        } else if stacked {
            let bx = main.x + (main.width - bw) / 2;
            let board = Rect::new(bx, main.y, bw, bh);
            let panel = Rect::new(
                main.x,
                board.bottom(),
                main.width,
                main.bottom() - board.bottom(),
            );
            l.arrangement = Arrangement::Stacked;
            l.board = Some(BoardGeometry::new(game, glyphs, step, board, flipped));
            (l.fields, l.diagnostics) = split_panel(panel);
        } else {
            continue;
        }
        l.title = row(0);
        l.fen = row(area.height - 3);
        l.message = row(area.height - 2);
        l.hints = row(area.height - 1);
        return l;
    }
    l
}

/// Fields on top, diagnostics under them; side by side when the panel is wide and short.
fn split_panel(panel: Rect) -> (Rect, Rect) {
    let fields = Rect::new(
        panel.x,
        panel.y,
        panel.width,
        FIELDS_HEIGHT.min(panel.height),
    );
    let diagnostics = Rect::new(
        panel.x,
        fields.bottom(),
        panel.width,
        panel.bottom() - fields.bottom(),
    );
    (fields, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_overlap(a: Rect, b: Rect) -> bool {
        a.is_empty() || b.is_empty() || a.intersection(b).is_empty()
    }

    #[test]
    fn every_size_gives_disjoint_regions_inside_the_screen() {
        for game in [Game::Chess, Game::Xiangqi] {
            for glyphs in [GlyphSet::Unicode, GlyphSet::Ascii] {
                for w in 0..=140 {
                    for h in 0..=60 {
                        let area = Rect::new(0, 0, w, h);
                        let l = layout(area, game, glyphs, false)
                            .with_analysis()
                            .with_solution(h / 2, h);
                        let Some(board) = l.board else {
                            assert_eq!(l.arrangement, Arrangement::TooSmall);
                            continue;
                        };
                        let regions = [
                            l.title,
                            board.area,
                            l.fields,
                            l.diagnostics,
                            l.analysis,
                            l.solution,
                            l.fen,
                            l.message,
                            l.hints,
                        ];
                        for (i, a) in regions.iter().enumerate() {
                            assert_eq!(area.union(*a), area, "{w}x{h} region {i} outside");
                            for b in &regions[i + 1..] {
                                assert!(no_overlap(*a, *b), "{w}x{h}: {a:?} overlaps {b:?}");
                            }
                        }
                        let (bw, bh) = BoardGeometry::size(game, glyphs, board.step);
                        assert_eq!((board.area.width, board.area.height), (bw, bh));
                        assert!(l.fields.height == FIELDS_HEIGHT, "{w}x{h}");
                        assert!(l.diagnostics.height >= DIAGNOSTICS_MIN_HEIGHT, "{w}x{h}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_moves_and_analysis_panels_share_the_diagnostics_region_without_overlap() {
        for game in [Game::Chess, Game::Xiangqi] {
            for (w, h) in [(120, 40), (80, 24), (50, 40), (200, 60)] {
                let plain = layout(Rect::new(0, 0, w, h), game, GlyphSet::Unicode, false);
                let l = plain.with_moves().with_analysis();
                assert!(l.moves.height >= 3, "{game} {w}x{h}");
                assert!(l.diagnostics.height >= DIAGNOSTICS_MIN_HEIGHT);
                for (a, b) in [
                    (l.moves, l.diagnostics),
                    (l.moves, l.analysis),
                    (l.analysis, l.diagnostics),
                    (l.moves, l.fields),
                ] {
                    assert!(no_overlap(a, b), "{game} {w}x{h}: {a:?} {b:?}");
                }
                // Together they fill what the diagnostics had.
                let union = [l.moves, l.analysis]
                    .into_iter()
                    .filter(|r| !r.is_empty())
                    .fold(l.diagnostics, |u, r| u.union(r));
                assert_eq!(union, plain.diagnostics, "{game} {w}x{h}");
            }
        }
    }

    #[test]
    fn the_solution_panel_shares_the_room_under_the_fields_by_content() {
        let at = |w, h| layout(Rect::new(0, 0, w, h), Game::Chess, GlyphSet::Unicode, false);
        // Room for both: the diagnostics get what they fill, the solution the rest.
        let l = at(120, 40).with_solution(10, 12);
        assert_eq!(l.diagnostics.height, 10);
        assert_eq!(l.diagnostics.bottom(), l.solution.y);
        assert_eq!(l.solution.bottom(), at(120, 40).diagnostics.bottom());
        // A long tree: the diagnostics keep at most a third.
        let long = at(120, 40).with_solution(20, 500);
        assert_eq!(long.diagnostics.height, at(120, 40).diagnostics.height / 3);
        // Few diagnostics and a long tree: they keep their minimum, not a third.
        let few = at(120, 40).with_solution(2, 500);
        assert_eq!(few.diagnostics.height, DIAGNOSTICS_MIN_HEIGHT);
        let both = at(120, 40).with_analysis().with_solution(10, 500);
        assert_eq!(both.solution.bottom(), both.analysis.y);
        assert_eq!(both.analysis.height, ANALYSIS_HEIGHT);
        let small = at(80, 24).with_analysis().with_solution(10, 500);
        assert!(small.solution.height >= SOLUTION_MIN_HEIGHT, "{small:?}");
        assert!(
            small.diagnostics.height >= DIAGNOSTICS_MIN_HEIGHT,
            "{small:?}"
        );
    }

    #[test]
    fn the_minimum_size_is_exactly_where_the_editor_appears() {
        for game in [Game::Chess, Game::Xiangqi] {
            let (w, h) = minimum_size(game, GlyphSet::Unicode);
            let at = |w, h| layout(Rect::new(0, 0, w, h), game, GlyphSet::Unicode, false);
            assert_eq!(at(w, h).arrangement, Arrangement::Wide, "{game}");
            assert_eq!(at(w - 1, h).arrangement, Arrangement::TooSmall, "{game}");
            assert_eq!(at(w, h - 1).arrangement, Arrangement::TooSmall, "{game}");
        }
    }

    #[test]
    fn a_chess_board_fits_a_60_by_20_terminal() {
        for glyphs in [GlyphSet::Unicode, GlyphSet::Ascii] {
            let l = layout(Rect::new(0, 0, 60, 20), Game::Chess, glyphs, false);
            assert_eq!(l.arrangement, Arrangement::Wide, "{glyphs:?}");
        }
    }

    #[test]
    fn wide_terminals_put_the_panel_beside_narrow_ones_under() {
        let wide = layout(
            Rect::new(0, 0, 120, 40),
            Game::Chess,
            GlyphSet::Unicode,
            false,
        );
        assert_eq!(wide.arrangement, Arrangement::Wide);
        assert!(wide.fields.x > wide.board.unwrap().area.right());
        let narrow = layout(
            Rect::new(0, 0, 50, 40),
            Game::Chess,
            GlyphSet::Unicode,
            false,
        );
        assert_eq!(narrow.arrangement, Arrangement::Stacked);
        assert!(narrow.fields.y >= narrow.board.unwrap().area.bottom());
    }

    #[test]
    fn squares_grow_with_the_screen() {
        let small = layout(
            Rect::new(0, 0, 80, 24),
            Game::Chess,
            GlyphSet::Unicode,
            false,
        );
        let big = layout(
            Rect::new(0, 0, 160, 50),
            Game::Chess,
            GlyphSet::Unicode,
            false,
        );
        assert!(big.board.unwrap().step > small.board.unwrap().step);
    }

    #[test]
    fn clicks_map_to_squares_and_fields() {
        for flipped in [false, true] {
            for game in [Game::Chess, Game::Xiangqi] {
                let l = layout(Rect::new(0, 0, 120, 40), game, GlyphSet::Unicode, flipped);
                let board = l.board.unwrap();
                for sq in Square::all(game) {
                    let r = board.square_rect(sq);
                    for x in r.x..r.right() {
                        for y in r.y..r.bottom() {
                            assert_eq!(l.square_at(x, y), Some(sq), "{game} {x},{y}");
                        }
                    }
                }
                for field in Field::ALL {
                    let r = l.field_row(field).unwrap();
                    assert_eq!(l.field_at(r.x + 1, r.y), Some(field));
                }
                assert_eq!(l.square_at(0, 0), None);
                assert_eq!(l.field_at(0, 0), None);
            }
        }
    }
}

//! Frames drawn incrementally: only the panels whose value changed (`screen::Panels`, each
//! holding all it draws from) are drawn again, and only their cells are compared with what
//! the terminal shows. A lone keystroke (a cursor move)
//! then redraws the board and the few one-row panels instead of the whole screen.
//!
//! The layout is the same one a full frame uses (and the mouse reads), so nothing moves; a
//! change of layout, an overlay or a too-small screen redraws everything.

use ratatui::buffer::{Buffer, Cell, CellDiffOption};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::layout::{Arrangement, ScreenLayout};
use super::screen::{self, LayoutCache, Panels, View};
use crate::editor::State;

/// What the terminal shows, and the panels drawn on it.
pub struct Frames {
    /// The terminal's content as last written.
    shown: Buffer,
    /// Where panels are drawn before being compared with `shown`.
    next: Buffer,
    /// The last frame's layout and help scroll, when it was drawn without an overlay.
    last: Option<(ScreenLayout, u16)>,
    layout: LayoutCache,
    /// The panels the last frame drew, each a value holding all it was drawn from.
    panels: Option<Panels>,
    /// The cells that differ from `shown` this frame.
    changed: Vec<(u16, u16)>,
}

impl Default for Frames {
    fn default() -> Self {
        Frames::new()
    }
}

impl Frames {
    pub fn new() -> Frames {
        Frames {
            shown: Buffer::empty(Rect::default()),
            next: Buffer::empty(Rect::default()),
            last: None,
            layout: LayoutCache::default(),
            panels: None,
            changed: Vec::new(),
        }
    }

    /// The size of the last frame drawn.
    pub fn area(&self) -> Rect {
        self.shown.area
    }

    /// Forgets what the terminal shows (after it was cleared): the next frame is drawn whole
    /// onto a blank screen.
    pub fn invalidate(&mut self) {
        self.shown.reset();
        self.last = None;
    }

    /// Draws a frame of `area` and returns its layout and the cells to write to the terminal
    /// (column, row, cell), in the order ratatui's backends expect.
    pub fn draw(
        &mut self,
        state: &State,
        view: &View,
        area: Rect,
    ) -> (
        ScreenLayout,
        impl ExactSizeIterator<Item = (u16, u16, &Cell)>,
    ) {
        if self.shown.area != area {
            // A new size: the terminal is cleared by the caller, and so is what it shows.
            self.shown = Buffer::empty(area);
            self.next = Buffer::empty(area);
            self.last = None;
        }
        let l = self.layout.layout(state, area);
        self.changed.clear();
        let whole = l.arrangement == Arrangement::TooSmall
            || state.overlay.is_some()
            || self.last != Some((l, state.help_scroll));
        let panels = (l.arrangement != Arrangement::TooSmall).then(|| Panels::new(state, view, &l));
        match (&panels, self.panels.take()) {
            (Some(new), Some(old)) if !whole => self.redraw_changed(&old, new, &l),
            _ => {
                self.next.reset();
                screen::render(state, view, area, &mut self.next);
                self.compare(area);
            }
        }
        self.panels = panels;
        self.last = (l.arrangement != Arrangement::TooSmall && state.overlay.is_none())
            .then_some((l, state.help_scroll));
        for &(x, y) in &self.changed {
            self.shown[(x, y)] = self.next[(x, y)].clone();
        }
        let shown = &self.shown;
        let cells = self
            .changed
            .iter()
            .map(move |&(x, y)| (x, y, &shown[(x, y)]));
        (l, cells)
    }

    /// Draws again the panels of `new` that differ from `old`'s, on the same layout.
    fn redraw_changed(&mut self, old: &Panels, new: &Panels, l: &ScreenLayout) {
        let area = self.shown.area;
        match (&old.board, &new.board) {
            (Some(was), Some(board)) if was != board => match was.cursor_moved(board) {
                // Only the cursor moved: only its two squares can differ, so only they are
                // drawn again and compared.
                Some((from, to)) => {
                    let g = &board.geometry;
                    let [a, b] = [from, to].map(|sq| g.square_rect(sq).intersection(area));
                    blank(&mut self.next, a);
                    blank(&mut self.next, b);
                    // Side by side (an arrow key's two squares): one board pass draws both.
                    match joined(a, b) {
                        Some(both) => board.render(both, &mut self.next),
                        None => {
                            for s in [a, b].into_iter().filter(|s| !s.is_empty()) {
                                board.render(s, &mut self.next);
                            }
                        }
                    }
                    // One square after the other: the cells of each, of one background, are
                    // written together, with fewer colour changes than row by row.
                    self.compare(a);
                    self.compare(b);
                }
                None => {
                    let r = board.geometry.area.intersection(area);
                    blank(&mut self.next, r);
                    board.render(r, &mut self.next);
                    self.compare(r);
                }
            },
            _ => {}
        }
        new.visit(Some(old), l, &mut |r, draw| {
            let r = r.intersection(area);
            blank(&mut self.next, r);
            draw(r, &mut self.next);
            self.compare(r);
        });
    }

    /// Notes the cells of `r` that differ between `next` and `shown`, as ratatui's diff does:
    /// the columns a wide character covers are left to it.
    fn compare(&mut self, r: Rect) {
        compare(&self.next, &self.shown, r, &mut self.changed);
    }
}

/// Adds to `changed` the cells of `r` that differ between `next` and `shown`, as ratatui's
/// diff does: the columns a wide character covers are left to it.
fn compare(next: &Buffer, shown: &Buffer, r: Rect, changed: &mut Vec<(u16, u16)>) {
    let width = usize::from(shown.area.width);
    for y in r.top()..r.bottom() {
        let start = usize::from(y - shown.area.y) * width + usize::from(r.x - shown.area.x);
        let row = start..start + usize::from(r.width);
        let (next, shown) = (&next.content[row.clone()], &shown.content[row]);
        if next == shown {
            // Most rows of a redrawn panel are as they were.
            continue;
        }
        let (mut skip, mut invalidated) = (0, 0);
        for (i, (new, old)) in next.iter().zip(shown).enumerate() {
            if new.diff_option != CellDiffOption::Skip
                && (invalidated > 0 || new != old)
                && skip == 0
            {
                changed.push((r.x + i as u16, y));
            }
            let wn = symbol_width(new.symbol());
            let wo = if new.symbol() == old.symbol() {
                wn
            } else {
                symbol_width(old.symbol())
            };
            skip = wn.saturating_sub(1);
            // A wide character replaced: the column it covered is written again.
            invalidated = wn.max(wo).max(invalidated).saturating_sub(1);
        }
    }
}

/// The rectangle made of `a` and `b` when it is exactly their cells (they touch along a whole
/// side and do not overlap).
fn joined(a: Rect, b: Rect) -> Option<Rect> {
    let both = a.union(b);
    (!a.intersects(b) && both.area() == a.area() + b.area()).then_some(both)
}

/// Columns a cell's symbol takes on screen. One character below U+1100 (where the wide ones
/// start), as most cells hold, takes one; so do the box-drawing and block characters
/// (U+2500–U+259F) the board and the piece drawings are made of.
fn symbol_width(symbol: &str) -> usize {
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if (c as u32) < 0x1100 || ('\u{2500}'..='\u{259f}').contains(&c) => 1,
        _ => ratatui::text::Span::raw(symbol).width(),
    }
}

/// Resets the cells of `r`, as a fresh frame has them.
fn blank(buf: &mut Buffer, r: Rect) {
    let width = usize::from(buf.area.width);
    for y in r.top()..r.bottom() {
        let start = usize::from(y - buf.area.y) * width + usize::from(r.x - buf.area.x);
        for cell in &mut buf.content[start..start + usize::from(r.width)] {
            cell.reset();
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::core::{Color, Game, Piece, Role};
    use crate::editor::analysis::{Bound, EngineEvent, PvLine, Score};
    use crate::editor::solving::{SolveEvent, Solved};
    use crate::editor::{Action, Direction, Options, update};
    use crate::ui::theme::{ColorMode, Theme};

    /// Applies the changes a frame reports onto a copy of the terminal.
    fn apply(screen: &mut Buffer, frames: &mut Frames, state: &State, view: &View) {
        let area = screen.area;
        let (l, cells) = frames.draw(state, view, area);
        assert_eq!(
            l,
            screen::screen_layout(state, area),
            "the layout kept is the one computed"
        );
        for (x, y, cell) in cells {
            screen[(x, y)] = cell.clone();
        }
    }

    /// The cells a terminal shows: those under the second column of a wide character are not.
    fn visible(buf: &Buffer) -> Vec<(u16, u16, Cell)> {
        let mut cells = Vec::new();
        let a = buf.area;
        for y in a.top()..a.bottom() {
            let mut hidden = 0;
            for x in a.left()..a.right() {
                if hidden == 0 {
                    cells.push((x, y, buf[(x, y)].clone()));
                }
                hidden = symbol_width(buf[(x, y)].symbol())
                    .max(hidden)
                    .saturating_sub(1);
            }
        }
        cells
    }

    fn full(state: &State, view: &View, area: Rect) -> Buffer {
        let mut buf = Buffer::empty(area);
        screen::render(state, view, area, &mut buf);
        buf
    }

    fn actions() -> impl Strategy<Value = Action> {
        let dir = prop_oneof![
            Just(Direction::Up),
            Just(Direction::Down),
            Just(Direction::Left),
            Just(Direction::Right)
        ];
        prop_oneof![
            4 => dir.clone().prop_map(Action::MoveCursor),
            1 => dir.prop_map(Action::Shift),
            1 => (any::<bool>(), 0..6usize).prop_map(|(white, r)| {
                let color = if white { Color::White } else { Color::Black };
                Action::Put(Piece::new(color, Role::ALL[r]))
            }),
            1 => Just(Action::Empty),
            1 => Just(Action::PickUpOrDrop),
            1 => Just(Action::SwitchGame),
            1 => Just(Action::Line(crate::editor::LineEdit::Insert('x'))),
            1 => Just(Action::Line(crate::editor::LineEdit::Backspace)),
            1 => Just(Action::Flip),
            1 => Just(Action::ToggleSide),
            1 => Just(Action::Undo),
            1 => Just(Action::FocusNext),
            1 => Just(Action::FieldDown),
            1 => Just(Action::ToggleHelp),
            1 => Just(Action::EditFenLine),
            1 => Just(Action::Escape),
            1 => Just(Action::ToggleAnalysis),
            1 => Just(Action::PlayMode),
            3 => Just(Action::PlaySelect),
            1 => Just(Action::TakeBack),
            1 => Just(Action::LeaveLine),
            1 => Just(Action::KeepAsSetup),
            1 => Just(Action::Rotate),
            1 => Just(Action::MirrorRanks),
            1 => Just(Action::LineBack),
            1 => Just(Action::LineForward),
            2 => (1..30u32, -300..300i32, any::<bool>()).prop_map(|(depth, cp, xiangqi)| {
                // The fen is filled in with the one analysed when the step is taken.
                let moves = if xiangqi { ["h2e2", "h9g7"] } else { ["e2e4", "e7e5"] };
                Action::Engine(EngineEvent::Line {
                    fen: "".into(),
                    line: PvLine {
                        rank: 1,
                        depth,
                        score: Score::Centipawns(cp),
                        bound: Bound::Exact,
                        moves: moves.map(String::from).to_vec(),
                    },
                })
            }),
            1 => Just(Action::Engine(EngineEvent::Ready { name: "Engine 1".into() })),
            // Solving: the prompt, its keys, the worker's reports (ids filled in when taken).
            1 => Just(Action::Solve),
            1 => prop_oneof![Just('#'), Just('1'), Just('2'), Just('x')].prop_map(Action::PromptKey),
            1 => Just(Action::PromptSubmit),
            1 => (0..5_000_000u64).prop_map(|nodes| Action::Solver(SolveEvent::Progress {
                id: 0,
                progress: crate::solve::Progress {
                    nodes,
                    root_done: 1,
                    root_total: 16,
                    elapsed: std::time::Duration::from_millis(nodes / 1000),
                },
            })),
            1 => Just(Action::Solver(SolveEvent::Done { id: 0, result: Err("no".into()) })),
            1 => Just(Action::Solver(SolveEvent::Done { id: 0, result: Ok(morphy().clone()) })),
            1 => Just(Action::SolutionSelect(crate::editor::Towards::Next)),
            1 => Just(Action::FocusPrev),
        ]
    }

    /// A solved mate in two with a tree of a few rows, made once.
    fn morphy() -> &'static Solved {
        static SOLVED: std::sync::OnceLock<Solved> = std::sync::OnceLock::new();
        SOLVED.get_or_init(|| {
            let p = crate::core::fen::read("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", None)
                .position
                .unwrap();
            let stip = "#2".parse().unwrap();
            let options = crate::solve::Options::default();
            let cancel = std::sync::atomic::AtomicBool::new(false);
            let s = crate::solve::solve(&p, stip, &options, &cancel, &mut |_| {}).unwrap();
            Solved::new(crate::solve::named(&s))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Whatever the keys, the terminal ends up showing exactly what a full frame draws.
        #[test]
        fn incremental_frames_show_what_full_frames_draw(
            xiangqi in any::<bool>(),
            size in prop_oneof![Just((80u16, 24u16)), Just((120, 40)), Just((50, 40))],
            keys in prop::collection::vec(actions(), 1..30),
            solving in any::<bool>(),
        ) {
            let game = if xiangqi { Game::Xiangqi } else { Game::Chess };
            let mut state = State::from_fen(game.start_fen(), Some(game), Options::default());
            if solving {
                // The Solution panel open from the start (a solve of #2 requested).
                update(&mut state, Action::Solve);
                for c in "#2".chars() {
                    update(&mut state, Action::PromptKey(c));
                }
                update(&mut state, Action::PromptSubmit);
                prop_assert!(state.solving.is_some());
            }
            let view = View::new(Theme::new(ColorMode::TrueColor));
            let area = Rect::new(0, 0, size.0, size.1);
            let mut screen = Buffer::empty(area);
            let mut frames = Frames::new();
            apply(&mut screen, &mut frames, &state, &view);
            for mut key in keys {
                // An engine line reports on the position analysed (ignored when none is).
                if let (Action::Engine(EngineEvent::Line { fen, .. }), Some(a)) =
                    (&mut key, &state.analysis)
                {
                    *fen = a.fen.clone();
                }
                // A solver report is about the solve requested last.
                if let Action::Solver(SolveEvent::Progress { id, .. } | SolveEvent::Done { id, .. }) =
                    &mut key
                {
                    *id = state.solve_id;
                }
                update(&mut state, key.clone());
                apply(&mut screen, &mut frames, &state, &view);
                prop_assert_eq!(visible(&screen), visible(&full(&state, &view, area)), "after {:?}", key);
            }
        }
    }

    #[test]
    fn squares_side_by_side_are_joined_and_others_not() {
        let a = Rect::new(10, 5, 9, 4);
        let right = Rect::new(19, 5, 9, 4);
        let below = Rect::new(10, 9, 9, 4);
        assert_eq!(joined(a, right), Some(Rect::new(10, 5, 18, 4)));
        assert_eq!(joined(right, a), Some(Rect::new(10, 5, 18, 4)));
        assert_eq!(joined(a, below), Some(Rect::new(10, 5, 9, 8)));
        // Apart, diagonal, overlapping or the same: two passes.
        assert_eq!(joined(a, Rect::new(28, 5, 9, 4)), None);
        assert_eq!(joined(a, Rect::new(19, 9, 9, 4)), None);
        assert_eq!(joined(a, Rect::new(15, 5, 9, 4)), None);
        assert_eq!(joined(a, a), None);
        // A clipped-away square leaves the other whole, or is not joined.
        assert_eq!(joined(a, Rect::new(10, 5, 0, 0)), Some(a));
        assert_eq!(joined(a, Rect::new(0, 0, 0, 0)), None);
    }

    #[test]
    fn the_quick_widths_are_the_true_ones() {
        // The box-drawing and block characters, and a few wide ones around them.
        for c in ('\u{2500}'..='\u{259f}').chain(['a', '中', '帥', '♚', '\u{1100}', '\u{25fd}'])
        {
            let s = c.to_string();
            assert_eq!(
                symbol_width(&s),
                ratatui::text::Span::raw(&s).width(),
                "{c:?}"
            );
        }
    }

    #[test]
    fn a_cursor_move_rewrites_only_the_two_squares() {
        let mut state = State::from_fen(Game::Chess.start_fen(), None, Options::default());
        let view = View::new(Theme::new(ColorMode::TrueColor));
        let area = Rect::new(0, 0, 120, 40);
        let mut frames = Frames::new();
        let (l, cells) = frames.draw(&state, &view, area);
        assert!(cells.count() > 1000);
        update(&mut state, Action::MoveCursor(Direction::Right));
        let (_, cells) = frames.draw(&state, &view, area);
        let board = l.board.unwrap();
        let squares = [board.square_rect(state.cursor), {
            let mut from = state.cursor;
            from.file -= 1;
            board.square_rect(from)
        }];
        let cells: Vec<(u16, u16)> = cells.map(|(x, y, _)| (x, y)).collect();
        assert!(!cells.is_empty());
        for (x, y) in cells {
            assert!(
                squares
                    .iter()
                    .any(|r| x >= r.x && x < r.right() && y >= r.y && y < r.bottom()),
                "{x},{y} rewritten"
            );
        }
        // Nothing changed: nothing to write.
        let (_, cells) = frames.draw(&state, &view, area);
        assert_eq!(cells.count(), 0);
    }
}

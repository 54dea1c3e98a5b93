use super::*;
use crate::core::Game;
use crate::core::{Piece, Role};
use crate::ui::ansi::buffer_to_text;
use crate::ui::theme::ColorMode;
use ratatui::style::Modifier;

fn draw(
    pos: &Position,
    marks: &Marks,
    glyphs: GlyphSet,
    step: (u16, u16),
    flipped: bool,
) -> (Buffer, BoardGeometry) {
    draw_with(
        pos,
        marks,
        glyphs,
        PieceSize::Small,
        step,
        flipped,
        ColorMode::TrueColor,
    )
}

fn draw_with(
    pos: &Position,
    marks: &Marks,
    glyphs: GlyphSet,
    pieces: PieceSize,
    step: (u16, u16),
    flipped: bool,
    mode: ColorMode,
) -> (Buffer, BoardGeometry) {
    let theme = Theme::new(mode);
    let (w, h) = BoardGeometry::size(pos.game, glyphs, step);
    let area = Rect::new(0, 0, w, h);
    let geometry = BoardGeometry::new(pos.game, glyphs, step, area, flipped);
    let view = BoardView {
        position: *pos,
        marks: marks.clone(),
        geometry,
        glyphs,
        pieces,
        theme,
    };
    let mut buf = Buffer::empty(area);
    (&view).render(area, &mut buf);
    (buf, geometry)
}

/// The cells where two drawings of the same board differ.
fn changed(a: &Buffer, b: &Buffer) -> Vec<(u16, u16)> {
    let r = a.area;
    (r.top()..r.bottom())
        .flat_map(|y| (r.left()..r.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| a[(x, y)] != b[(x, y)])
        .collect()
}

fn inside(r: Rect, (x, y): (u16, u16)) -> bool {
    x >= r.x && x < r.right() && y >= r.y && y < r.bottom()
}

#[test]
fn every_drawing_stays_inside_its_square_at_every_size() {
    let empty = Position::empty(Game::Chess);
    let sq = Square::new(3, 3);
    for &step in BoardGeometry::steps(Game::Chess) {
        for mode in [ColorMode::TrueColor, ColorMode::Mono] {
            let large = |pos: &Position, marks: &Marks| {
                draw_with(
                    pos,
                    marks,
                    GlyphSet::Unicode,
                    PieceSize::Large,
                    step,
                    false,
                    mode,
                )
            };
            for &role in Game::Chess.roles() {
                for color in Color::BOTH {
                    let mut pos = empty;
                    pos.board.set(sq, Some(Piece::new(color, role)));
                    for marks in [
                        Marks::default(),
                        Marks {
                            cursor: Some(sq),
                            picked: Some(sq),
                            last_move: Some((sq, sq)),
                            ..Marks::default()
                        },
                    ] {
                        let (blank, g) = large(&empty, &Marks::default());
                        let (drawn, _) = large(&pos, &marks);
                        let cells = changed(&blank, &drawn);
                        assert!(!cells.is_empty(), "{step:?} {role:?} {color:?} not drawn");
                        let r = g.square_rect(sq);
                        for cell in cells {
                            assert!(inside(r, cell), "{step:?} {role:?} {color:?} at {cell:?}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn large_squares_show_drawings_with_markers_at_their_edges() {
    let mut pos = Position::empty(Game::Chess);
    let (king, pawn) = (Square::new(4, 0), Square::new(0, 6));
    pos.board
        .set(king, Some(Piece::new(Color::White, Role::King)));
    pos.board
        .set(pawn, Some(Piece::new(Color::Black, Role::Pawn)));
    let marks = Marks {
        picked: Some(king),
        errors: vec![pawn],
        ..Marks::default()
    };
    for &step in &BoardGeometry::steps(Game::Chess)[1..] {
        let (buf, g) = draw_with(
            &pos,
            &marks,
            GlyphSet::Unicode,
            PieceSize::Large,
            step,
            false,
            ColorMode::Mono,
        );
        for (sq, left, right) in [(king, "[", "]"), (pawn, "!", "!")] {
            let r = g.square_rect(sq);
            let y = r.y + r.height / 2;
            assert_eq!(buf[(r.x, y)].symbol(), left, "{step:?}");
            assert_eq!(buf[(r.right() - 1, y)].symbol(), right, "{step:?}");
            // The drawing is made of block characters, not the single glyph.
            let blocks = (r.y..r.bottom())
                .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                .filter(|&c| buf[c].symbol().chars().all(|ch| ('▀'..='▟').contains(&ch)))
                .count();
            assert!(blocks >= 3, "{step:?} {sq:?}: {blocks} block cells");
        }
    }
    // The smallest squares keep the glyph.
    let (buf, g) = draw_with(
        &pos,
        &marks,
        GlyphSet::Unicode,
        PieceSize::Large,
        (3, 1),
        false,
        ColorMode::Mono,
    );
    assert_eq!(symbol_at(&buf, &g, king), "♔");
    // Small pieces and letters keep one glyph on any square.
    for (glyphs, pieces, want) in [
        (GlyphSet::Unicode, PieceSize::Small, "♔"),
        (GlyphSet::Ascii, PieceSize::Large, "K"),
    ] {
        let (buf, g) = draw_with(&pos, &marks, glyphs, pieces, (9, 4), false, ColorMode::Mono);
        assert_eq!(symbol_at(&buf, &g, king), want);
    }
}

#[test]
fn the_last_move_tints_its_two_squares_and_underlines_them_without_colour() {
    let pos = Position::start(Game::Chess);
    let (from, to) = (Square::new(4, 1), Square::new(4, 3));
    let marks = Marks {
        last_move: Some((from, to)),
        ..Marks::default()
    };
    for game_pos in [pos, Position::start(Game::Xiangqi)] {
        let game = game_pos.game;
        let step = BoardGeometry::steps(game)[1];
        for mode in [ColorMode::TrueColor, ColorMode::Mono] {
            let (plain, g) = draw_with(
                &game_pos,
                &Marks::default(),
                GlyphSet::Unicode,
                PieceSize::Large,
                step,
                false,
                mode,
            );
            let (marked, _) = draw_with(
                &game_pos,
                &marks,
                GlyphSet::Unicode,
                PieceSize::Large,
                step,
                false,
                mode,
            );
            let cells = changed(&plain, &marked);
            for sq in [from, to] {
                let r = g.square_rect(sq);
                assert!(
                    cells.iter().any(|&c| inside(r, c)),
                    "{game} {mode:?} {sq:?} unmarked"
                );
            }
            let squares = [g.square_rect(from), g.square_rect(to)];
            assert!(cells.iter().all(|&c| squares.iter().any(|&r| inside(r, c))));
        }
    }
}

#[test]
fn xiangqi_discs_round_every_piece_but_spare_the_river_and_the_palaces() {
    // Pieces on every intersection: the worst case for the river and the diagonals.
    let mut full = Position::empty(Game::Xiangqi);
    for sq in Square::all(Game::Xiangqi) {
        full.board
            .set(sq, Some(Piece::new(Color::Black, Role::Pawn)));
    }
    let empty = Position::empty(Game::Xiangqi);
    for &step in BoardGeometry::steps(Game::Xiangqi) {
        for flipped in [false, true] {
            let large = |pos: &Position| {
                draw_with(
                    pos,
                    &Marks::default(),
                    GlyphSet::Unicode,
                    PieceSize::Large,
                    step,
                    flipped,
                    ColorMode::TrueColor,
                )
            };
            let (board, g) = large(&empty);
            let (discs, _) = large(&full);
            let text = |b: &Buffer| buffer_to_text(b, false);
            let diagonals = |b: &Buffer| text(b).matches(['╲', '╱']).count();
            assert_eq!(diagonals(&discs), diagonals(&board), "{step:?}");
            assert!(diagonals(&board) > 0);
            assert!(text(&discs).contains("楚 河") && text(&discs).contains("漢 界"));
            let r = g.square_rect(Square::new(4, 4));
            assert_eq!(discs[(r.x - 1, r.y)].symbol(), "▐", "{step:?}");
            assert_eq!(discs[(r.right(), r.y)].symbol(), "▌", "{step:?}");
            if step.1 >= 3 {
                assert_eq!(discs[(r.x, r.y - 1)].symbol(), "▄", "{step:?}");
                assert_eq!(discs[(r.x, r.y + 1)].symbol(), "▀", "{step:?}");
            }
            // One piece changes only its disc: the glyph, a column either side and, with
            // room, a row above and below.
            let mut one = empty;
            let sq = Square::new(0, 9);
            one.board
                .set(sq, Some(Piece::new(Color::White, Role::Rook)));
            let (drawn, _) = large(&one);
            let r = g.square_rect(sq);
            let m = u16::from(step.1 >= 3);
            let disc = Rect::new(r.x - 1, r.y - m, r.width + 2, 1 + 2 * m);
            for cell in changed(&board, &drawn) {
                assert!(inside(disc, cell), "{step:?} flipped {flipped}: {cell:?}");
            }
        }
    }
}

fn symbol_at(buf: &Buffer, g: &BoardGeometry, sq: Square) -> String {
    let (x, y) = g.glyph_at(sq);
    buf[(x, y)].symbol().to_owned()
}

#[test]
fn chess_pieces_stand_on_their_squares_in_both_orientations() {
    let pos = Position::start(Game::Chess);
    for flipped in [false, true] {
        for &step in BoardGeometry::steps(Game::Chess) {
            let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Ascii, step, flipped);
            for sq in Square::all(Game::Chess) {
                let want = pos
                    .board
                    .get(sq)
                    .map_or(" ".to_owned(), |p| p.char().to_string());
                assert_eq!(
                    symbol_at(&buf, &g, sq),
                    want,
                    "{step:?} flipped {flipped} {sq:?}"
                );
            }
        }
    }
    let (buf, _) = draw(&pos, &Marks::default(), GlyphSet::Ascii, (3, 1), true);
    let text = buffer_to_text(&buf, false);
    assert!(text.starts_with("1  R  N  B  K  Q  B  N  R"), "{text}");
    assert!(text.ends_with("   h  g  f  e  d  c  b  a\n"), "{text}");
}

#[test]
fn squares_alternate_colours_with_a1_dark() {
    let pos = Position::empty(Game::Chess);
    let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Unicode, (5, 2), false);
    let theme = Theme::new(ColorMode::TrueColor);
    let bg = |sq| buf[(g.square_rect(sq).x, g.square_rect(sq).y)].bg;
    assert_eq!(bg(Square::new(0, 0)), theme.dark_square.bg.unwrap());
    assert_eq!(bg(Square::new(1, 0)), theme.light_square.bg.unwrap());
    assert_eq!(bg(Square::new(7, 7)), theme.dark_square.bg.unwrap());
}

#[test]
fn cursor_is_reverse_video_over_the_whole_square() {
    let pos = Position::start(Game::Chess);
    let marks = Marks {
        cursor: Some(Square::new(4, 1)),
        ..Marks::default()
    };
    let (buf, g) = draw(&pos, &marks, GlyphSet::Unicode, (7, 3), false);
    let r = g.square_rect(Square::new(4, 1));
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED));
        }
    }
    let other = g.square_rect(Square::new(3, 1));
    assert!(
        !buf[(other.x, other.y)]
            .modifier
            .contains(Modifier::REVERSED)
    );
}

#[test]
fn diagnosed_and_picked_squares_get_markers_beside_the_glyph() {
    let mut pos = Position::empty(Game::Chess);
    pos.board.set(
        Square::new(4, 0),
        Some(Piece::new(Color::White, Role::King)),
    );
    pos.board.set(
        Square::new(0, 7),
        Some(Piece::new(Color::White, Role::Pawn)),
    );
    let marks = Marks {
        errors: vec![Square::new(0, 7)],
        picked: Some(Square::new(4, 0)),
        ..Marks::default()
    };
    let (buf, g) = draw(&pos, &marks, GlyphSet::Unicode, (3, 1), false);
    let text = buffer_to_text(&buf, false);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("8 !♟\u{FE0E}!"), "{:?}", lines[0]);
    assert!(lines[7].contains("[♚]"), "{:?}", lines[7]);
    let (x, y) = g.glyph_at(Square::new(0, 7));
    assert!(buf[(x - 1, y)].modifier.contains(Modifier::BOLD));
}

#[test]
fn xiangqi_draws_river_palaces_and_two_column_glyphs() {
    let pos = Position::start(Game::Xiangqi);
    let (buf, g) = draw(&pos, &Marks::default(), GlyphSet::Unicode, (4, 2), false);
    let text = buffer_to_text(&buf, false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20);
    assert!(
        lines[0].starts_with("9 車──馬──象──士──將──士──象──馬──車"),
        "{}",
        lines[0]
    );
    assert!(
        lines[9].contains("楚 河") && lines[9].contains("漢 界"),
        "{}",
        lines[9]
    );
    // The river cuts the inner files: no vertical line crosses it.
    assert_eq!(lines[9].matches('│').count(), 2, "{}", lines[9]);
    assert!(
        lines[1].contains("╲ │ ╱") && lines[3].contains("╱ │ ╲"),
        "{}",
        lines[1]
    );
    assert!(lines[15].contains("╲ │ ╱") && lines[17].contains("╱ │ ╲"));
    assert_eq!(lines[19].trim_end(), "  a   b   c   d   e   f   g   h   i");
    assert_eq!(symbol_at(&buf, &g, Square::new(4, 0)), "帥");
    assert_eq!(symbol_at(&buf, &g, Square::new(1, 7)), "砲");
}

#[test]
fn xiangqi_flipped_puts_red_on_top_in_ascii() {
    let pos = Position::start(Game::Xiangqi);
    let (buf, _) = draw(&pos, &Marks::default(), GlyphSet::Ascii, (4, 2), true);
    let text = buffer_to_text(&buf, false);
    assert!(
        text.starts_with("0 R───N───B───A───K───A───B───N───R\n"),
        "{text}"
    );
    assert!(
        text.ends_with("  i   h   g   f   e   d   c   b   a\n"),
        "{text}"
    );
}

#[test]
fn drawing_into_any_smaller_area_stays_inside_it() {
    let theme = Theme::new(ColorMode::Indexed);
    for game in [Game::Chess, Game::Xiangqi] {
        let pos = Position::start(game);
        let marks = Marks {
            cursor: Some(Square::new(8, 9)),
            errors: vec![Square::new(0, 0)],
            ..Marks::default()
        };
        for glyphs in [GlyphSet::Unicode, GlyphSet::Ascii] {
            for w in 0..45 {
                for h in 0..25 {
                    let full = Rect::new(0, 0, 60, 30);
                    let area = Rect::new(1, 1, w, h);
                    let step = *BoardGeometry::steps(game).last().unwrap();
                    let geometry = BoardGeometry::new(game, glyphs, step, area, false);
                    let view = BoardView {
                        position: pos,
                        marks: marks.clone(),
                        geometry,
                        glyphs,
                        pieces: PieceSize::Large,
                        theme: theme.clone(),
                    };
                    let mut buf = Buffer::empty(full);
                    (&view).render(area, &mut buf);
                    for y in 0..30 {
                        for x in 0..60 {
                            let inside = x >= 1 && y >= 1 && x < 1 + w && y < 1 + h;
                            if !inside {
                                assert_eq!(
                                    buf[(x, y)],
                                    ratatui::buffer::Cell::default(),
                                    "{game} {w}x{h} at {x},{y}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

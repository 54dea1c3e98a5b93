//! Chess piece drawings for squares of two rows and more, as data: each drawing is a bitmap of
//! quarter-cell pixels (`#` set, `.` clear), two pixels across and two down per terminal cell,
//! drawn with the quadrant block characters (▘▝▖▗▀▄▌▐▚▞▛▜▙▟█).
//!
//! Black's pieces are filled and White's outlined, as in printed diagrams: the sides differ by
//! shape, so they stay apart without colour (`NO_COLOR`) and for colour-blind eyes. Each sheet
//! leaves a column free on either side of the square for the markers (`[…]`, `!…!`).

use std::sync::OnceLock;

use crate::core::{Color, Role};

/// How big pieces are drawn (`--pieces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PieceSize {
    /// One glyph in the middle of each square.
    Small,
    /// Drawings that fill the square wherever it is at least 5×2 cells; xiangqi pieces become
    /// discs where the grid leaves a row between ranks.
    #[default]
    Large,
}

/// One size of drawings: the six chess roles, each as rows of `black  white` bitmaps.
struct Sheet {
    /// Cells across and down a drawing takes.
    cols: u16,
    rows: u16,
    /// King, queen, rook, bishop, knight, pawn.
    drawings: [&'static [&'static str]; 6],
}

/// Squares of 5×2 cells: drawings 3×2.
const SMALL: Sheet = Sheet {
    cols: 3,
    rows: 2,
    drawings: [
        // King: black (filled), white (outlined)
        &[
            "..##..  ..##..",
            "######  ######",
            ".####.  .#..#.",
            ".####.  .####.",
        ],
        // Queen: black (filled), white (outlined)
        &[
            "#.##.#  #.##.#",
            ".####.  .#..#.",
            "..##..  ..##..",
            "######  ######",
        ],
        // Rook: black (filled), white (outlined)
        &[
            "##..##  ##..##",
            "######  #....#",
            ".####.  .#..#.",
            "######  ######",
        ],
        // Bishop: black (filled), white (outlined)
        &[
            "..##..  ..##..",
            ".#.##.  .#..#.",
            "..##..  ..##..",
            "######  ######",
        ],
        // Knight: black (filled), white (outlined)
        &[
            ".###..  .###..",
            "##.##.  #...#.",
            "..###.  ..#.#.",
            "######  ######",
        ],
        // Pawn: black (filled), white (outlined)
        &[
            "......  ......",
            "..##..  ..##..",
            ".####.  .#..#.",
            ".####.  .####.",
        ],
    ],
};

/// Squares of 7×3 cells: drawings 5×3.
const MEDIUM: Sheet = Sheet {
    cols: 5,
    rows: 3,
    drawings: [
        // King: black (filled), white (outlined)
        &[
            "..........  ..........",
            "....##....  ....##....",
            "..######..  ..######..",
            "....##....  ....##....",
            "..######..  ..#....#..",
            ".########.  .########.",
        ],
        // Queen: black (filled), white (outlined)
        &[
            "..........  ..........",
            ".#..##..#.  .#..##..#.",
            ".##.##.##.  .##.#..##.",
            "..######..  ..#....#..",
            "...####...  ...#..#...",
            ".########.  .########.",
        ],
        // Rook: black (filled), white (outlined)
        &[
            "..........  ..........",
            ".##.##.##.  .##.##.##.",
            ".########.  .#......#.",
            "..######..  ..#....#..",
            "..######..  ..#....#..",
            ".########.  .########.",
        ],
        // Bishop: black (filled), white (outlined)
        &[
            "....##....  ....##....",
            "...####...  ...#..#...",
            "..##.###..  ..#.#..#..",
            "..######..  ..#....#..",
            "...####...  ...#..#...",
            ".########.  .########.",
        ],
        // Knight: black (filled), white (outlined)
        &[
            "..........  ..........",
            "...####...  ...####...",
            ".##.####..  .##....#..",
            ".#######..  .#####.#..",
            "....####..  ....#..#..",
            ".########.  .########.",
        ],
        // Pawn: black (filled), white (outlined)
        &[
            "..........  ..........",
            "..........  ..........",
            "...####...  ...####...",
            "...####...  ...#..#...",
            "....##....  ....##....",
            "..######..  ..######..",
        ],
    ],
};

/// Squares of 9×4 cells: drawings 7×4.
const LARGE: Sheet = Sheet {
    cols: 7,
    rows: 4,
    drawings: [
        // King: black (filled), white (outlined)
        &[
            "..............  ..............",
            "......##......  ......##......",
            "....######....  ....######....",
            "......##......  ......##......",
            "...########...  ...##....##...",
            "....######....  ....#....#....",
            ".....####.....  .....#..#.....",
            "..##########..  ..##########..",
        ],
        // Queen: black (filled), white (outlined)
        &[
            "..............  ..............",
            ".#....##....#.  .#....##....#.",
            ".##...##...##.  .##...##...##.",
            "..####..####..  ..#.##..##.#..",
            "...########...  ...#......#...",
            "....######....  ....#....#....",
            "....######....  ....#....#....",
            "..##########..  ..##########..",
        ],
        // Rook: black (filled), white (outlined)
        &[
            "..............  ..............",
            "..##.####.##..  ..##.####.##..",
            "..##########..  ..#........#..",
            "...########...  ...#......#...",
            "....######....  ....#....#....",
            "....######....  ....#....#....",
            "...########...  ...#......#...",
            "..##########..  ..##########..",
        ],
        // Bishop: black (filled), white (outlined)
        &[
            "......##......  ......##......",
            ".....####.....  .....#..#.....",
            "....##.####...  ....#..#..#...",
            "....###.###...  ....#.#...#...",
            "....#######...  ....#.....#...",
            ".....#####....  .....#...#....",
            "......###.....  ......###.....",
            "..##########..  ..##########..",
        ],
        // Knight: black (filled), white (outlined)
        &[
            "..............  ..............",
            ".....#####....  .....#####....",
            "...#########..  ...##.....##..",
            "..###.######..  ..#..#.....#..",
            "..##..######..  ..##..#....#..",
            ".....######...  .....#....#...",
            "....######....  ....#....#....",
            "..##########..  ..##########..",
        ],
        // Pawn: black (filled), white (outlined)
        &[
            "..............  ..............",
            "..............  ..............",
            ".....####.....  .....####.....",
            "....######....  ....#....#....",
            ".....####.....  .....#..#.....",
            ".....####.....  .....#..#.....",
            "....######....  ....#....#....",
            "...########...  ...########...",
        ],
    ],
};

/// Squares of 11×5 cells and more: drawings 9×5.
const HUGE: Sheet = Sheet {
    cols: 9,
    rows: 5,
    drawings: [
        // King: black (filled), white (outlined)
        &[
            "..................  ..................",
            "........##........  ........##........",
            "......######......  ......######......",
            "........##........  ........##........",
            ".....########.....  .....########.....",
            "....##########....  ....#........#....",
            ".....########.....  .....#......#.....",
            "......######......  ......#....#......",
            ".....########.....  .....#......#.....",
            "...############...  ...############...",
        ],
        // Queen: black (filled), white (outlined)
        &[
            "..................  ..................",
            ".#......##......#.  .#......##......#.",
            ".##.....##.....##.  .##.....##.....##.",
            "..##...####...##..  ..##...#..#...##..",
            "..#####....#####..  ..#.###....###.#..",
            "...############...  ...#..........#...",
            ".....########.....  .....#......#.....",
            "......######......  ......#....#......",
            ".....########.....  .....#......#.....",
            "...############...  ...############...",
        ],
        // Rook: black (filled), white (outlined)
        &[
            "..................  ..................",
            "...###.####.###...  ...###.####.###...",
            "...###.####.###...  ...#.###..###.#...",
            "...############...  ...#..........#...",
            ".....########.....  .....#......#.....",
            "......######......  ......#....#......",
            "......######......  ......#....#......",
            "......######......  ......#....#......",
            ".....########.....  .....#......#.....",
            "...############...  ...############...",
        ],
        // Bishop: black (filled), white (outlined)
        &[
            "........##........  ........##........",
            ".......####.......  .......#..#.......",
            "......###.###.....  ......#..#..#.....",
            ".....####.####....  .....#..#....#....",
            ".....###.#####....  .....#.#.....#....",
            ".....#########....  .....#.......#....",
            "......#######.....  ......##...##.....",
            "........###.......  ........#.#.......",
            "......#######.....  ......##...##.....",
            "...############...  ...############...",
        ],
        // Knight: black (filled), white (outlined)
        &[
            "..................  ..................",
            "......######......  ......######......",
            "....##########....  ....##.#....##....",
            "...####.#######...  ...#..#.#.....#...",
            "..#####.#######...  ..#..##.#.....#...",
            "..###...#######...  ..###...#.....#...",
            ".......#######....  .......#.....#....",
            "......#######.....  ......#.....#.....",
            ".....#########....  .....#.......#....",
            "...############...  ...############...",
        ],
        // Pawn: black (filled), white (outlined)
        &[
            "..................  ..................",
            "..................  ..................",
            ".......####.......  .......####.......",
            "......######......  ......#....#......",
            "......######......  ......#....#......",
            ".......####.......  .......#..#.......",
            "......######......  ......#....#......",
            ".......####.......  .......#..#.......",
            ".....########.....  .....##....##.....",
            "....##########....  ....##########....",
        ],
    ],
};

const SHEETS: [&Sheet; 4] = [&SMALL, &MEDIUM, &LARGE, &HUGE];

/// The quadrant character of each 2×2 pixel pattern: bit 3 top-left, 2 top-right, 1 bottom-left,
/// 0 bottom-right.
const QUADRANTS: [&str; 16] = [
    " ", "▗", "▖", "▄", "▝", "▐", "▞", "▟", "▘", "▚", "▌", "▙", "▀", "▜", "▛", "█",
];

/// A piece drawing in terminal cells.
#[derive(Debug, PartialEq, Eq)]
pub struct Drawing {
    pub cols: u16,
    pub rows: u16,
    /// Row by row, the quadrant pattern of each cell (0: nothing drawn, the square shows).
    cells: Vec<u8>,
}

impl Drawing {
    /// The character at column `x`, row `y`, or `None` where the square shows through.
    pub fn cell(&self, x: u16, y: u16) -> Option<&'static str> {
        let bits = *self.cells.get(usize::from(y * self.cols + x))?;
        (bits != 0).then(|| QUADRANTS[usize::from(bits)])
    }

    /// The drawing as text, rows separated by newlines (for tests and previews).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for y in 0..self.rows {
            for x in 0..self.cols {
                s.push_str(self.cell(x, y).unwrap_or(" "));
            }
            s.push('\n');
        }
        s
    }

    /// Packs one bitmap (`#`/`.` rows, twice as many pixels as cells each way) into cells.
    fn from_bitmap(cols: u16, rows: u16, bitmap: &[&str]) -> Drawing {
        let pixel = |x: u16, y: u16| {
            bitmap
                .get(usize::from(y))
                .and_then(|row| row.as_bytes().get(usize::from(x)))
                == Some(&b'#')
        };
        let mut cells = Vec::with_capacity(usize::from(cols * rows));
        for y in 0..rows {
            for x in 0..cols {
                let (px, py) = (2 * x, 2 * y);
                let bits = u8::from(pixel(px, py)) << 3
                    | u8::from(pixel(px + 1, py)) << 2
                    | u8::from(pixel(px, py + 1)) << 1
                    | u8::from(pixel(px + 1, py + 1));
                cells.push(bits);
            }
        }
        Drawing { cols, rows, cells }
    }
}

/// Every drawing, unpacked once: `[sheet][role][0 black, 1 white]`.
fn table() -> &'static Vec<[[Drawing; 2]; 6]> {
    static TABLE: OnceLock<Vec<[[Drawing; 2]; 6]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        SHEETS
            .iter()
            .map(|sheet| {
                sheet.drawings.map(|rows| {
                    let side = |i: usize| -> Vec<&str> {
                        rows.iter()
                            .map(|r| r.split_whitespace().nth(i).unwrap_or(""))
                            .collect()
                    };
                    [
                        Drawing::from_bitmap(sheet.cols, sheet.rows, &side(0)),
                        Drawing::from_bitmap(sheet.cols, sheet.rows, &side(1)),
                    ]
                })
            })
            .collect()
    })
}

fn role_index(role: Role) -> Option<usize> {
    match role {
        Role::King => Some(0),
        Role::Queen => Some(1),
        Role::Rook => Some(2),
        Role::Bishop => Some(3),
        Role::Knight => Some(4),
        Role::Pawn => Some(5),
        Role::Advisor | Role::Cannon => None,
    }
}

/// The largest drawing of a chess piece that fits a square of `width` × `height` cells with a
/// column to spare on each side, or `None` when the square is too small for any (or the role is
/// not a chess one).
pub fn drawing(role: Role, color: Color, width: u16, height: u16) -> Option<&'static Drawing> {
    let role = role_index(role)?;
    let sheet = SHEETS
        .iter()
        .rposition(|s| s.cols + 2 <= width && s.rows <= height)?;
    let side = match color {
        Color::Black => 0,
        Color::White => 1,
    };
    Some(&table()[sheet][role][side])
}

/// The square sizes (columns, rows) each sheet is made for: the smallest squares it fits.
pub fn square_sizes() -> impl Iterator<Item = (u16, u16)> {
    SHEETS.iter().map(|s| (s.cols + 2, s.rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROLES: [Role; 6] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];

    #[test]
    fn every_bitmap_has_the_pixels_its_sheet_says() {
        for sheet in SHEETS {
            for rows in sheet.drawings {
                assert_eq!(rows.len(), usize::from(sheet.rows) * 2, "{rows:?}");
                for row in rows {
                    let sides: Vec<&str> = row.split_whitespace().collect();
                    assert_eq!(sides.len(), 2, "{row:?}");
                    for side in sides {
                        assert_eq!(side.len(), usize::from(sheet.cols) * 2, "{row:?}");
                        assert!(side.bytes().all(|b| b == b'#' || b == b'.'), "{row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_twelve_drawings_of_each_size_differ_pairwise() {
        for (w, h) in square_sizes() {
            let mut seen: Vec<(Role, Color, String)> = Vec::new();
            for role in ROLES {
                for color in Color::BOTH {
                    let text = drawing(role, color, w, h).expect("a drawing").text();
                    for (r, c, other) in &seen {
                        assert_ne!(&text, other, "{w}x{h}: {role:?} {color:?} = {r:?} {c:?}");
                    }
                    seen.push((role, color, text));
                }
            }
        }
    }

    #[test]
    fn white_is_outlined_and_black_filled() {
        // Outlined: fewer pixels set than the filled drawing of the same piece.
        let pixels = |d: &Drawing| d.cells.iter().map(|b| b.count_ones()).sum::<u32>();
        for (w, h) in square_sizes() {
            for role in ROLES {
                let white = drawing(role, Color::White, w, h).unwrap();
                let black = drawing(role, Color::Black, w, h).unwrap();
                assert!(pixels(white) < pixels(black), "{w}x{h} {role:?}");
            }
        }
    }

    #[test]
    fn small_squares_get_no_drawing_and_big_ones_the_largest_that_fits() {
        assert!(drawing(Role::King, Color::White, 3, 1).is_none());
        assert!(drawing(Role::King, Color::White, 4, 2).is_none());
        assert!(drawing(Role::Cannon, Color::White, 9, 4).is_none());
        assert_eq!(drawing(Role::King, Color::White, 5, 2).unwrap().rows, 2);
        assert_eq!(drawing(Role::King, Color::White, 8, 9).unwrap().rows, 3);
        assert_eq!(drawing(Role::King, Color::White, 10, 5).unwrap().cols, 7);
        assert_eq!(drawing(Role::King, Color::White, 30, 20).unwrap().cols, 9);
    }

    #[test]
    fn cells_map_to_the_quadrant_characters() {
        let d = Drawing::from_bitmap(2, 1, &["#.#.", ".###"]);
        assert_eq!(d.text(), "▚▙\n");
        assert_eq!(d.cell(0, 0), Some("▚"));
        assert_eq!(d.cell(2, 0), None);
        let blank = Drawing::from_bitmap(1, 1, &["..", ".."]);
        assert_eq!(blank.cell(0, 0), None);
    }
}

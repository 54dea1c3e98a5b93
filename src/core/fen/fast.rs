//! A fast path for the common case: a FEN written exactly as the canonical writer would write
//! it (and a few harmless variants such as Shredder castling letters). It reads bytes in one
//! pass and gives up, returning `None`, at the first thing the full reader would comment on;
//! the full reader then reads the text again and explains it. So the fast path only decides
//! how fast a clean record is read, never what is said about a record.

use crate::core::game::{Color, Game, Piece, Role};
use crate::core::position::{Castling, Position};
use crate::core::square::Square;

use super::variant::settle_chess;
use crate::core::castling::{CastlingSide, xfen_rook};

/// The position of a FEN the full reader would read without any diagnostic, or `None` when the
/// full reader is needed.
pub(super) fn read_fast(text: &str, forced: Option<Game>) -> Option<Position> {
    let bytes = text.as_bytes();
    let placement_end = bytes.iter().position(|&b| b == b' ')?;
    let slashes = bytes[..placement_end]
        .iter()
        .filter(|&&b| b == b'/')
        .count();
    let detected = match slashes {
        7 => Game::Chess,
        9 => Game::Xiangqi,
        _ => return None,
    };
    let game = forced.unwrap_or(detected);
    if game.height() as usize != slashes + 1 {
        return None;
    }
    let mut pos = Position::empty(game);
    placement(&bytes[..placement_end], &mut pos)?;

    let mut fields = Fields(Some(&text[placement_end + 1..]));
    pos.turn = match fields.next()? {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return None,
    };
    let castling = fields.next()?;
    if castling != "-" {
        if game.is_xiangqi() {
            return None;
        }
        pos.castling = castling_rights(castling, &pos)?;
    }
    let ep = fields.next()?;
    if ep != "-" {
        if game.is_xiangqi() || ep.len() != 2 || !ep.starts_with(|c: char| c.is_ascii_lowercase()) {
            return None;
        }
        pos.ep = Some(Square::parse(ep, game)?);
    }
    pos.halfmove = clock(fields.next()?)?;
    pos.fullmove = clock(fields.next()?)?;
    if pos.fullmove == 0 || fields.next().is_some() {
        return None;
    }
    if forced.is_none() {
        settle_chess(&mut pos);
    }
    Some(pos)
}

/// The fields after the placement, as `split(' ')` cuts them, without its general searcher
/// (most of the time of reading a clean FEN's five short fields went into that).
struct Fields<'a>(Option<&'a str>);

impl<'a> Iterator for Fields<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let text = self.0?;
        match text.bytes().position(|b| b == b' ') {
            Some(i) => {
                self.0 = Some(&text[i + 1..]);
                Some(&text[..i])
            }
            None => {
                self.0 = None;
                Some(text)
            }
        }
    }
}

/// What a placement byte means: a piece, a run of empty squares, a rank separator or
/// something only the full reader can explain. One table per game, so that the loop looks each
/// byte up instead of branching on it.
#[derive(Clone, Copy)]
struct Entry {
    piece: Option<Piece>,
    /// Squares the byte covers: 1 for a piece, n for a digit.
    advance: u8,
    kind: Kind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Piece,
    Digit,
    Slash,
    Other,
}

const fn cell_table(xiangqi: bool) -> [Entry; 256] {
    let other = Entry {
        piece: None,
        advance: 0,
        kind: Kind::Other,
    };
    let mut table = [other; 256];
    table[b'/' as usize] = Entry {
        kind: Kind::Slash,
        ..other
    };
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = Entry {
            piece: None,
            advance: d,
            kind: Kind::Digit,
        };
        d += 1;
    }
    let roles: &[(u8, Role)] = if xiangqi {
        &[
            (b'k', Role::King),
            (b'a', Role::Advisor),
            (b'b', Role::Bishop),
            (b'n', Role::Knight),
            (b'r', Role::Rook),
            (b'c', Role::Cannon),
            (b'p', Role::Pawn),
        ]
    } else {
        &[
            (b'k', Role::King),
            (b'q', Role::Queen),
            (b'r', Role::Rook),
            (b'b', Role::Bishop),
            (b'n', Role::Knight),
            (b'p', Role::Pawn),
        ]
    };
    let mut i = 0;
    while i < roles.len() {
        let (letter, role) = roles[i];
        let mut color = 0;
        while color < 2 {
            let (c, byte) = if color == 0 {
                (Color::White, letter.to_ascii_uppercase())
            } else {
                (Color::Black, letter)
            };
            table[byte as usize] = Entry {
                piece: Some(Piece::new(c, role)),
                advance: 1,
                kind: Kind::Piece,
            };
            color += 1;
        }
        i += 1;
    }
    table
}

static CHESS_CELLS: [Entry; 256] = cell_table(false);
static XIANGQI_CELLS: [Entry; 256] = cell_table(true);

/// Reads the placement with no unpredictable branch per byte: every byte is looked up, every
/// check folds into one flag, and a byte that is not a piece writes to a spare cell.
fn placement(bytes: &[u8], pos: &mut Position) -> Option<()> {
    let game = pos.game;
    let table = if game.is_xiangqi() {
        &XIANGQI_CELLS
    } else {
        &CHESS_CELLS
    };
    let width = usize::from(game.width());
    let height = usize::from(game.height());
    const SPARE: usize = crate::core::board::MAX_SQUARES;
    let mut cells = [None; SPARE + 1];
    let (mut row, mut file) = (0usize, 0usize);
    let mut after_digit = false;
    let mut bad = false;
    for &b in bytes {
        let e = table[usize::from(b)];
        let next = file + usize::from(e.advance);
        let is_digit = e.kind == Kind::Digit;
        let is_slash = e.kind == Kind::Slash;
        bad |= (e.kind == Kind::Other)
            | (is_digit & after_digit)
            | (is_slash & (file != width))
            | (next > width);
        let on_board = (e.kind == Kind::Piece) & (file < width) & (row < height);
        let at = if on_board {
            (height - 1 - row) * width + file
        } else {
            SPARE
        };
        cells[at] = e.piece;
        after_digit = is_digit;
        file = if is_slash { 0 } else { next };
        row += usize::from(is_slash);
    }
    if bad || file != width || row + 1 != height {
        return None;
    }
    pos.board
        .cells_mut()
        .copy_from_slice(&cells[..width * height]);
    Some(())
}

/// Castling letters in canonical order (White first, king side first) without repeats.
fn castling_rights(text: &str, pos: &Position) -> Option<Castling> {
    let mut castling = Castling::NONE;
    let mut last: Option<(Color, u8)> = None;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let file = match c.to_ascii_lowercase() {
            'k' => xfen_rook(pos, color, CastlingSide::King),
            'q' => xfen_rook(pos, color, CastlingSide::Queen),
            f @ 'a'..='h' => f as u8 - b'a',
            _ => return None,
        };
        if castling.has(color, file) {
            return None;
        }
        if let Some((lc, lf)) = last
            && (color < lc || (color == lc && file > lf))
        {
            return None;
        }
        last = Some((color, file));
        castling.set(color, file, true);
    }
    Some(castling)
}

fn clock(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::core::fen::read::read_full;

    /// FENs to mutate: chess, Chess960, xiangqi, with and without castling and ep.
    const SEEDS: [&str; 6] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
        "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "4k4/9/9/9/9/9/9/9/9/3K5 b - - 12 40",
    ];

    /// Characters a mutation may put in: FEN letters of both games, digits, separators and
    /// some garbage.
    const ALPHABET: &[char] = &[
        'K', 'Q', 'R', 'B', 'N', 'P', 'A', 'C', 'E', 'H', 'k', 'q', 'r', 'b', 'n', 'p', 'a', 'c',
        'e', 'h', 'w', 'g', '0', '1', '2', '3', '7', '8', '9', '/', ' ', '-', '\t', '\r', '\0',
        'é', 'x',
    ];

    fn mutated() -> impl Strategy<Value = String> {
        (
            0..SEEDS.len(),
            proptest::collection::vec((any::<usize>(), 0..3u8, 0..ALPHABET.len()), 0..4),
        )
            .prop_map(|(seed, edits)| {
                let mut chars: Vec<char> = SEEDS[seed].chars().collect();
                for (at, kind, c) in edits {
                    let at = at % (chars.len() + 1);
                    match kind {
                        0 if at < chars.len() => chars[at] = ALPHABET[c],
                        1 if at < chars.len() => {
                            chars.remove(at);
                        }
                        _ => chars.insert(at, ALPHABET[c]),
                    }
                }
                chars.into_iter().collect()
            })
    }

    /// Variants of each field, edge cases included.
    const FIELD_VARIANTS: [&[&str]; 6] = [
        &[
            "8/8/8/8/8/8/8/8",
            "44/8/8/8/8/8/8/8",
            "4k3/8/8/8/8/8/8/4K2R",
            "r3k2r/8/8/8/8/8/8/R3K2R",
            "9/9/9/9/9/9/9/9/9/9",
            "4k4/9/9/9/9/9/9/9/9/4K4",
            "rheakaehr/9/9/9/9/9/9/9/9/RHEAKAEHR",
            "8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/8",
        ],
        &["w", "b", "r", "W", "", "x"],
        &[
            "-", "KQkq", "kqKQ", "KKq", "Hh", "HAha", "K-", "A", "q", "Qk",
        ],
        &["-", "e3", "e6", "E3", "a0", "i9", "e10"],
        &["0", "00", "-0", "7", "+1", "4294967296", "1.5"],
        &["1", "0", "00", "-1", "01", "99"],
    ];

    fn by_fields() -> impl Strategy<Value = String> {
        (
            proptest::array::uniform6(0..10usize),
            1..=6usize,
            proptest::collection::vec(0..4usize, 6),
        )
            .prop_map(|(picks, count, seps)| {
                let mut out = String::new();
                for field in 0..count {
                    let variants = FIELD_VARIANTS[field];
                    if field > 0 {
                        out.push_str([" ", " ", "  ", "\t"][seps[field]]);
                    }
                    out.push_str(variants[picks[field] % variants.len()]);
                }
                out
            })
    }

    fn check_agrees(text: &str) {
        for game in [
            None,
            Some(Game::Chess),
            Some(Game::Chess960),
            Some(Game::Xiangqi),
        ] {
            if let Some(fast) = read_fast(text, game) {
                let full = read_full(text, game);
                assert_eq!(full.position, Some(fast), "{text:?} {game:?}");
                assert!(
                    full.diagnostics.is_empty(),
                    "{text:?}: {:?}",
                    full.diagnostics
                );
            }
        }
    }

    #[test]
    fn clean_seeds_take_the_fast_path() {
        for seed in SEEDS {
            assert!(read_fast(seed, None).is_some(), "{seed}");
            check_agrees(seed);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Whatever the fast path accepts, the full reader reads to the same position without a
        /// word: the fast path changes speed, never results.
        #[test]
        fn fast_path_agrees_with_the_full_reader(text in mutated()) {
            check_agrees(&text);
        }

        #[test]
        fn fast_path_agrees_on_field_variants(text in by_fields()) {
            check_agrees(&text);
        }

        /// The fields are cut exactly as `split(' ')` cuts them: empty ones, a leading or
        /// trailing space, other whitespace and non-ASCII text included.
        #[test]
        fn fields_are_cut_as_split_cuts_them(text in "[ a-h0-9\\-\t字]{0,24}") {
            let ours: Vec<&str> = Fields(Some(&text)).collect();
            let split: Vec<&str> = text.split(' ').collect();
            prop_assert_eq!(ours, split);
        }
    }
}

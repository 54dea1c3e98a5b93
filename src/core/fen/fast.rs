//! A fast path for the common case: a FEN written exactly as the canonical writer would write
//! it (and a few harmless variants such as Shredder castling letters). It reads bytes in one
//! pass and gives up, returning `None`, at the first thing the full reader would comment on;
//! the full reader then reads the text again and explains it. So the fast path only decides
//! how fast a clean record is read, never what is said about a record.

use crate::core::game::{Color, Game, Piece, Role};
use crate::core::position::{Castling, Position};
use crate::core::square::Square;

use super::read::{castling_rook, chess960_castling};

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

    let mut fields = text[placement_end + 1..].split(' ');
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
        if game.is_xiangqi() || !ep.starts_with(|c: char| c.is_ascii_lowercase()) {
            return None;
        }
        pos.ep = Some(Square::parse(ep, game)?);
    }
    pos.halfmove = clock(fields.next()?)?;
    pos.fullmove = clock(fields.next()?)?;
    if pos.fullmove == 0 || fields.next().is_some() {
        return None;
    }
    if forced.is_none() && game == Game::Chess && chess960_castling(&pos) {
        pos.game = Game::Chess960;
    }
    Some(pos)
}

/// What a placement byte means: a piece, a run of empty squares, a rank separator or
/// something only the full reader can explain. One table per game, so the loop looks each
/// byte up instead of matching on it.
#[derive(Clone, Copy)]
enum Cell {
    Other,
    Slash,
    Empty(u8),
    Piece(Piece),
}

const fn cell_table(xiangqi: bool) -> [Cell; 256] {
    let mut table = [Cell::Other; 256];
    table[b'/' as usize] = Cell::Slash;
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = Cell::Empty(d);
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
        table[letter as usize] = Cell::Piece(Piece::new(Color::Black, role));
        table[letter.to_ascii_uppercase() as usize] = Cell::Piece(Piece::new(Color::White, role));
        i += 1;
    }
    table
}

static CHESS_CELLS: [Cell; 256] = cell_table(false);
static XIANGQI_CELLS: [Cell; 256] = cell_table(true);

fn placement(bytes: &[u8], pos: &mut Position) -> Option<()> {
    let game = pos.game;
    let table = if game.is_xiangqi() {
        &XIANGQI_CELLS
    } else {
        &CHESS_CELLS
    };
    let width = game.width();
    let mut rank = game.height() - 1;
    let mut file = 0u8;
    let mut after_digit = false;
    for &b in bytes {
        match table[b as usize] {
            Cell::Piece(piece) => {
                if file >= width {
                    return None;
                }
                pos.board.set(Square::new(file, rank), Some(piece));
                file += 1;
                after_digit = false;
            }
            Cell::Empty(n) => {
                if after_digit {
                    return None;
                }
                file += n;
                if file > width {
                    return None;
                }
                after_digit = true;
            }
            Cell::Slash => {
                if file != width {
                    return None;
                }
                rank -= 1;
                file = 0;
                after_digit = false;
            }
            Cell::Other => return None,
        }
    }
    (file == width && rank == 0).then_some(())
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
            'k' => castling_rook(pos, color, true),
            'q' => castling_rook(pos, color, false),
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
    }
}

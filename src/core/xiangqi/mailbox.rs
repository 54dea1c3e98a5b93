//! The move generator's board: a padded mailbox with piece lists, built once from a `Position`
//! and updated by make/unmake.
//!
//! Points are numbered `(rank + 2) * 11 + file`: two padding ranks below and above, and two
//! padding files that the row wrap-around shares, so that every horse and elephant jump from a
//! real point lands either on the board or on an `OFF` cell, and no bounds check is needed.

use std::fmt;

use crate::core::{Color, Game, Piece, Position, Role, Square};

pub(crate) const WIDTH: usize = 11;
pub(crate) const CELLS: usize = WIDTH * 14;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const OFF: u8 = 0x40;
pub(crate) const BLACK: u8 = 8;

pub(crate) const GENERAL: u8 = 1;
pub(crate) const ADVISOR: u8 = 2;
pub(crate) const ELEPHANT: u8 = 3;
pub(crate) const HORSE: u8 = 4;
pub(crate) const CHARIOT: u8 = 5;
pub(crate) const CANNON: u8 = 6;
pub(crate) const SOLDIER: u8 = 7;

/// Pieces per side a legal setup may have: 1 general, 2 each of advisors, elephants, horses,
/// chariots and cannons, 5 soldiers.
pub(crate) const SLOTS: usize = 16;

/// The cell index of a board square.
pub(crate) const fn cell(file: u8, rank: u8) -> usize {
    (rank as usize + 2) * WIDTH + file as usize
}

/// The board square of a cell index (for a real point).
pub(crate) const fn square(cell: usize) -> Square {
    Square::new((cell % WIDTH) as u8, (cell / WIDTH - 2) as u8)
}

/// The rank of a cell; padding ranks give 10 and up (below the board they wrap around).
pub(crate) const fn rank_of(cell: usize) -> usize {
    (cell / WIDTH).wrapping_sub(2)
}

pub(crate) const fn file_of(cell: usize) -> usize {
    cell % WIDTH
}

/// Why a position cannot be handed to the move generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    NotXiangqi,
    /// A side has no general, or more than one.
    Generals(Color),
    /// A general stands outside its palace.
    GeneralOutsidePalace(Color),
    /// More pieces of a kind than a side starts with, or a piece xiangqi does not have.
    Material(Color, Role),
    /// The side not to move is in check (its general could be taken).
    OppositeCheck(Color),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = Game::Xiangqi;
        match self {
            SetupError::NotXiangqi => write!(f, "illegal position: not a xiangqi position"),
            SetupError::Generals(c) => write!(
                f,
                "illegal position: {} must have exactly one general",
                c.name(game)
            ),
            SetupError::GeneralOutsidePalace(c) => {
                write!(
                    f,
                    "illegal position: {}'s general is outside its palace",
                    c.name(game)
                )
            }
            SetupError::OppositeCheck(c) => write!(
                f,
                "illegal position: {} is in check but not to move",
                c.name(game)
            ),
            SetupError::Material(_, Role::Queen) => {
                write!(f, "illegal position: a queen is not a xiangqi piece")
            }
            SetupError::Material(c, r) => {
                let most = code(*r).map_or(0, limit);
                write!(
                    f,
                    "illegal position: {} has more than {most} {}{}",
                    c.name(game),
                    r.name(game),
                    if most == 1 { "" } else { "s" }
                )
            }
        }
    }
}

impl std::error::Error for SetupError {}

const fn code(role: Role) -> Option<u8> {
    match role {
        Role::King => Some(GENERAL),
        Role::Advisor => Some(ADVISOR),
        Role::Bishop => Some(ELEPHANT),
        Role::Knight => Some(HORSE),
        Role::Rook => Some(CHARIOT),
        Role::Cannon => Some(CANNON),
        Role::Pawn => Some(SOLDIER),
        Role::Queen => None,
    }
}

const fn limit(code: u8) -> usize {
    match code {
        GENERAL => 1,
        SOLDIER => 5,
        _ => 2,
    }
}

pub(crate) fn in_palace(color: usize, cell: usize) -> bool {
    let (f, r) = (file_of(cell), rank_of(cell));
    (3..=5).contains(&f)
        && if color == 0 {
            r <= 2
        } else {
            (7..=9).contains(&r)
        }
}

/// The move generator's board.
#[derive(Clone)]
pub struct Mailbox {
    pub(crate) cells: [u8; CELLS],
    /// The cell of each piece, by slot: 0–15 Red, 16–31 Black, slot 0 of each side its general;
    /// 0 for a captured piece.
    pub(crate) squares: [u8; 2 * SLOTS],
    /// The slot of the piece on each cell.
    pub(crate) slot_of: [u8; CELLS],
    /// The side to move: 0 Red, 1 Black.
    pub(crate) turn: usize,
}

impl Mailbox {
    /// The generator's board for `pos`, which must have one general per side inside its palace
    /// and no more pieces of a kind than the start position (so move lists are bounded).
    pub fn new(pos: &Position) -> Result<Mailbox, SetupError> {
        if !pos.game.is_xiangqi() {
            return Err(SetupError::NotXiangqi);
        }
        let mut mb = Mailbox {
            cells: [OFF; CELLS],
            squares: [0; 2 * SLOTS],
            slot_of: [0; CELLS],
            turn: pos.turn.index(),
        };
        for rank in 0..10 {
            for file in 0..9 {
                mb.cells[cell(file, rank)] = EMPTY;
            }
        }
        let mut counts = [[0usize; 8]; 2];
        let mut next = [1usize, SLOTS + 1];
        for (sq, Piece { color, role }) in pos.board.pieces() {
            let c = color.index();
            let code = code(role).ok_or(SetupError::Material(color, role))?;
            counts[c][code as usize] += 1;
            if counts[c][code as usize] > limit(code) {
                return Err(if code == GENERAL {
                    SetupError::Generals(color)
                } else {
                    SetupError::Material(color, role)
                });
            }
            let at = cell(sq.file, sq.rank);
            let slot = if code == GENERAL {
                if !in_palace(c, at) {
                    return Err(SetupError::GeneralOutsidePalace(color));
                }
                c * SLOTS
            } else {
                next[c] += 1;
                next[c] - 1
            };
            mb.cells[at] = code | if c == 1 { BLACK } else { 0 };
            mb.squares[slot] = at as u8;
            mb.slot_of[at] = slot as u8;
        }
        for color in Color::BOTH {
            if counts[color.index()][GENERAL as usize] != 1 {
                return Err(SetupError::Generals(color));
            }
        }
        if mb.attacked(mb.turn ^ 1) {
            return Err(SetupError::OppositeCheck(pos.turn.other()));
        }
        Ok(mb)
    }

    /// The cell of `color`'s general.
    #[inline]
    pub(crate) fn general(&self, color: usize) -> usize {
        self.squares[color * SLOTS] as usize
    }

    /// Plays `from`→`to` and returns what `unmake` needs: the captured piece and its slot.
    #[inline]
    pub(crate) fn make(&mut self, from: usize, to: usize) -> (u8, u8) {
        let piece = self.cells[from];
        let captured = self.cells[to];
        let captured_slot = self.slot_of[to];
        if captured != EMPTY {
            self.squares[captured_slot as usize] = 0;
        }
        let slot = self.slot_of[from];
        self.cells[to] = piece;
        self.cells[from] = EMPTY;
        self.slot_of[to] = slot;
        self.squares[slot as usize] = to as u8;
        self.turn ^= 1;
        (captured, captured_slot)
    }

    #[inline]
    pub(crate) fn unmake(&mut self, from: usize, to: usize, (captured, captured_slot): (u8, u8)) {
        let slot = self.slot_of[to];
        self.cells[from] = self.cells[to];
        self.slot_of[from] = slot;
        self.squares[slot as usize] = from as u8;
        self.cells[to] = captured;
        if captured != EMPTY {
            self.slot_of[to] = captured_slot;
            self.squares[captured_slot as usize] = to as u8;
        }
        self.turn ^= 1;
    }

    /// Whether the general of `color` (0 Red, 1 Black) is attacked, facing generals included.
    #[inline]
    pub(crate) fn attacked(&self, color: usize) -> bool {
        let g = self.general(color);
        let them = if color == 0 { BLACK } else { 0 };
        let forward: isize = if color == 0 {
            WIDTH as isize
        } else {
            -(WIDTH as isize)
        };
        for d in [1isize, -1, WIDTH as isize, -(WIDTH as isize)] {
            let mut s = (g as isize + d) as usize;
            while self.cells[s] == EMPTY {
                s = (s as isize + d) as usize;
            }
            let p = self.cells[s];
            if p == OFF {
                continue;
            }
            if p == them | CHARIOT {
                return true;
            }
            if p == them | GENERAL && (d == WIDTH as isize || d == -(WIDTH as isize)) {
                return true;
            }
            if p == them | SOLDIER
                && s as isize == g as isize + d
                && (d == 1 || d == -1 || d == forward)
            {
                return true;
            }
            s = (s as isize + d) as usize;
            while self.cells[s] == EMPTY {
                s = (s as isize + d) as usize;
            }
            if self.cells[s] == them | CANNON {
                return true;
            }
        }
        let horse = them | HORSE;
        for (sx, sy) in [(1isize, 1isize), (1, -1), (-1, 1), (-1, -1)] {
            let w = WIDTH as isize;
            let leg = (g as isize + sx + sy * w) as usize;
            if self.cells[leg] == EMPTY
                && (self.cells[(leg as isize + sx) as usize] == horse
                    || self.cells[(leg as isize + sy * w) as usize] == horse)
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn setup(text: &str) -> Result<Mailbox, SetupError> {
        let read = fen::read(text, Some(Game::Xiangqi));
        Mailbox::new(&read.position.expect(text))
    }

    #[test]
    fn refuses_what_it_cannot_generate_for() {
        use Color::*;
        let cases = [
            ("9/9/9/9/9/9/9/9/9/4K4 w", SetupError::Generals(Black)),
            ("3k1k3/9/9/9/9/9/9/9/9/4K4 w", SetupError::Generals(Black)),
            (
                "3k5/9/9/9/9/4K4/9/9/9/9 w",
                SetupError::GeneralOutsidePalace(White),
            ),
            (
                "3k5/9/9/9/9/RRR6/9/9/9/4K4 w",
                SetupError::Material(White, Role::Rook),
            ),
            (
                "3k5/9/9/9/9/pppppp3/9/9/9/4K4 w",
                SetupError::Material(Black, Role::Pawn),
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/4K4 w",
                SetupError::OppositeCheck(Black),
            ),
        ];
        for (text, want) in cases {
            let got = setup(text).err();
            assert_eq!(got.as_ref(), Some(&want), "{text}");
            assert!(want.to_string().starts_with("illegal position: "));
        }
        let mut pos = Position::start(Game::Xiangqi);
        pos.board
            .set(Square::new(4, 4), Some(Piece::new(White, Role::Queen)));
        assert_eq!(
            Mailbox::new(&pos).err(),
            Some(SetupError::Material(White, Role::Queen))
        );
        assert_eq!(
            Mailbox::new(&Position::start(Game::Chess)).err(),
            Some(SetupError::NotXiangqi)
        );
    }

    #[test]
    fn make_and_unmake_restore_the_board() {
        let mut mb = setup(Game::Xiangqi.start_fen()).unwrap();
        let before = (mb.cells, mb.squares, mb.turn);
        // The cannon h2 takes the horse h9 over the cannon h7.
        let (from, to) = (cell(7, 2), cell(7, 9));
        let undo = mb.make(from, to);
        assert_eq!(mb.cells[to], CANNON);
        assert_eq!(mb.turn, 1);
        assert!(mb.squares[SLOTS..].contains(&0), "horse off the list");
        mb.unmake(from, to, undo);
        assert_eq!((mb.cells, mb.squares, mb.turn), before);
        assert_eq!(square(cell(8, 9)), Square::new(8, 9));
    }
}

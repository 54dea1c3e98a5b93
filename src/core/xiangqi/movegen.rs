//! Legal move generation on the `Mailbox`: pseudo-legal moves per piece rule, then a legality
//! test that is skipped for moves that cannot expose the general.

use super::mailbox::{
    ADVISOR, BLACK, CANNON, CHARIOT, ELEPHANT, EMPTY, GENERAL, HORSE, Mailbox, OFF, SLOTS, SOLDIER,
    WIDTH, file_of, in_palace, rank_of, square,
};
use crate::core::Square;

const W: isize = WIDTH as isize;
const ORTHOGONAL: [isize; 4] = [1, -1, W, -W];
const DIAGONAL: [isize; 4] = [W + 1, W - 1, -W + 1, -W - 1];
/// Horse jumps with the leg each must find empty: one step straight, then one diagonally on.
const HORSE_JUMPS: [(isize, isize); 8] = [
    (2 * W + 1, W),
    (2 * W - 1, W),
    (-2 * W + 1, -W),
    (-2 * W - 1, -W),
    (W + 2, 1),
    (-W + 2, 1),
    (W - 2, -1),
    (-W - 2, -1),
];

/// The most pseudo-legal moves a side with the start material can have (119), rounded up.
const MAX_MOVES: usize = 128;

/// A list of moves as (from, to) cells, on the stack.
pub(crate) struct Moves {
    buf: [(u8, u8); MAX_MOVES],
    len: usize,
}

impl Moves {
    pub(crate) fn new() -> Moves {
        Moves {
            buf: [(0, 0); MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, from: usize, to: usize) {
        // Bounded by the material limits `Mailbox::new` enforces.
        self.buf[self.len] = (from as u8, to as u8);
        self.len += 1;
    }

    pub(crate) fn as_slice(&self) -> &[(u8, u8)] {
        &self.buf[..self.len]
    }
}

impl std::ops::Deref for Moves {
    type Target = [(u8, u8)];

    fn deref(&self) -> &[(u8, u8)] {
        self.as_slice()
    }
}

/// A set of mailbox cells.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Cells([u64; 3]);

impl Cells {
    #[inline]
    fn add(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    #[inline]
    pub(crate) fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }
}

/// The side to move's check, as its legality test wants it.
enum Check {
    /// Not in check: the cells a move must leave or land on to be able to expose the general
    /// (`Mailbox::exposed`); any other move of a piece but the general is legal.
    None(Cells),
    /// Not in check, the cells not worked out: a move touching neither the general's file nor
    /// its rank nor a point diagonally next to it is legal (`Mailbox::may_expose`). Cheaper where
    /// the first legal move is all that is wanted.
    Quiet,
    /// In check: the cells of every checking piece and of what lies between it and the general
    /// (a horse's leg); a move of another piece touching none of them leaves the check.
    Lines(Cells),
}

/// False only when `piece` moving `from`→`to` certainly does not attack the general on `g`
/// nor uncover an attack on it (see `Mailbox::may_give_check`).
#[inline]
fn reaches_lines(piece: u8, from: usize, to: usize, g: usize) -> bool {
    let (gf, gr) = (file_of(g), rank_of(g));
    let (df, dr) = (file_of(to).abs_diff(gf), rank_of(to).abs_diff(gr));
    file_of(from) == gf
        || rank_of(from) == gr
        || df == 0
        || dr == 0
        || matches!(from as isize - g as isize, d if d == W + 1 || d == W - 1 || d == -W + 1 || d == -W - 1)
        || (piece & 7 == HORSE && matches!((df, dr), (1, 2) | (2, 1)))
}

/// Whether a piece of side `us` may move onto a cell holding `p`: empty or an enemy piece.
#[inline]
fn can_land(us: usize, p: u8) -> bool {
    p == EMPTY || (p != OFF && ((p & BLACK) != 0) != (us == 1))
}

/// Whether `cell` is on side `us`'s half of the board.
#[inline]
fn own_side(us: usize, cell: usize) -> bool {
    (rank_of(cell) <= 4) == (us == 0)
}

#[inline]
fn step(cell: usize, d: isize) -> usize {
    (cell as isize + d) as usize
}

impl Mailbox {
    /// Every pseudo-legal move of the side to move: each piece's rule, without the test of
    /// whether the own general is left attacked.
    pub(crate) fn generate(&self, list: &mut Moves) {
        let us = self.turn;
        for slot in us * SLOTS..(us + 1) * SLOTS {
            let from = self.squares[slot] as usize;
            if from != 0 {
                self.generate_from(from, list);
            }
        }
    }

    /// The pseudo-legal moves of the piece of the side to move on `from`.
    #[inline]
    fn generate_from(&self, from: usize, list: &mut Moves) {
        let us = self.turn;
        match self.cells[from] & 7 {
            GENERAL => {
                for d in ORTHOGONAL {
                    let to = step(from, d);
                    if in_palace(us, to) && can_land(us, self.cells[to]) {
                        list.push(from, to);
                    }
                }
            }
            ADVISOR => {
                for d in DIAGONAL {
                    let to = step(from, d);
                    if in_palace(us, to) && can_land(us, self.cells[to]) {
                        list.push(from, to);
                    }
                }
            }
            ELEPHANT => {
                for d in DIAGONAL {
                    let eye = step(from, d);
                    let to = step(eye, d);
                    if self.cells[eye] == EMPTY && can_land(us, self.cells[to]) && own_side(us, to)
                    {
                        list.push(from, to);
                    }
                }
            }
            HORSE => {
                for (jump, leg) in HORSE_JUMPS {
                    let to = step(from, jump);
                    if self.cells[step(from, leg)] == EMPTY && can_land(us, self.cells[to]) {
                        list.push(from, to);
                    }
                }
            }
            CHARIOT => {
                for d in ORTHOGONAL {
                    let mut to = step(from, d);
                    while self.cells[to] == EMPTY {
                        list.push(from, to);
                        to = step(to, d);
                    }
                    if can_land(us, self.cells[to]) {
                        list.push(from, to);
                    }
                }
            }
            CANNON => {
                for d in ORTHOGONAL {
                    let mut to = step(from, d);
                    while self.cells[to] == EMPTY {
                        list.push(from, to);
                        to = step(to, d);
                    }
                    if self.cells[to] == OFF {
                        continue;
                    }
                    // Over the screen to the first piece beyond: a capture if it is an enemy.
                    to = step(to, d);
                    while self.cells[to] == EMPTY {
                        to = step(to, d);
                    }
                    let p = self.cells[to];
                    if p != OFF && can_land(us, p) {
                        list.push(from, to);
                    }
                }
            }
            SOLDIER => {
                let forward = if us == 0 { W } else { -W };
                let to = step(from, forward);
                if can_land(us, self.cells[to]) {
                    list.push(from, to);
                }
                if !own_side(us, from) {
                    for d in [1, -1] {
                        let to = step(from, d);
                        if can_land(us, self.cells[to]) {
                            list.push(from, to);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.turn)
    }

    /// The cells a move of `color` (not in check) must leave or land on to be able to leave its
    /// general attacked, the general's own moves aside: every cell of a line from the general
    /// on which an enemy chariot or cannon stands (or the enemy general, along the file) — a
    /// line opened, a cannon's screen made or taken away — and each point diagonally next to
    /// the general that is the leg of an enemy horse's jump onto it.
    fn exposed(&self, color: usize) -> Cells {
        let g = self.general(color);
        let them = if color == 0 { BLACK } else { 0 };
        let mut cells = Cells::default();
        for d in ORTHOGONAL {
            let mut line = Cells::default();
            let mut danger = false;
            let mut s = step(g, d);
            while self.cells[s] != OFF {
                line.add(s);
                let p = self.cells[s];
                danger |= p == them | CHARIOT
                    || p == them | CANNON
                    || (p == them | GENERAL && (d == W || d == -W));
                s = step(s, d);
            }
            if danger {
                for (c, l) in cells.0.iter_mut().zip(line.0) {
                    *c |= l;
                }
            }
        }
        let horse = them | HORSE;
        for (sx, sy) in [(1isize, 1isize), (1, -1), (-1, 1), (-1, -1)] {
            let leg = step(g, sx + sy * W);
            if self.cells[step(leg, sx)] == horse || self.cells[step(leg, sy * W)] == horse {
                cells.add(leg);
            }
        }
        cells
    }

    /// Whether moving `from`→`to` could leave the own general (on `g`) attacked when it is not
    /// attacked now: only a general move, or a move from or to the general's file or rank (a
    /// chariot, cannon or general line opened, or a cannon screen made), or away from a point
    /// diagonally next to it (a horse's leg freed).
    #[inline]
    fn may_expose(&self, from: usize, to: usize, g: usize) -> bool {
        let (gf, gr) = (file_of(g), rank_of(g));
        from == g
            || file_of(from) == gf
            || rank_of(from) == gr
            || file_of(to) == gf
            || rank_of(to) == gr
            || matches!(from as isize - g as isize, d if d == W + 1 || d == W - 1 || d == -W + 1 || d == -W - 1)
    }

    /// Whether the pseudo-legal move `from`→`to` keeps the own general safe. `check` is the
    /// side to move's `Check` now.
    #[inline]
    fn is_legal(&mut self, from: usize, to: usize, check: &Check) -> bool {
        let us = self.turn;
        let g = self.general(us);
        match check {
            Check::None(exposed) if from != g && !exposed.has(from) && !exposed.has(to) => {
                return true;
            }
            Check::Quiet if !self.may_expose(from, to, g) => return true,
            // A check no move of this piece can touch stays.
            Check::Lines(cells) if from != g && !cells.has(from) && !cells.has(to) => {
                return false;
            }
            _ => {}
        }
        let undo = self.make(from, to);
        let legal = !self.attacked(us);
        self.unmake(from, to, undo);
        legal
    }

    /// Whether the side to move is in check and, if so, the cells a move must leave or land
    /// on to lift it; if not, with `exposure`, the cells a move must touch to expose the
    /// general (worth its four lines where every move is tested).
    #[inline]
    fn check(&self, exposure: bool) -> Check {
        let cells = self.check_cells(self.turn);
        if !cells.is_empty() {
            Check::Lines(cells)
        } else if exposure {
            Check::None(self.exposed(self.turn))
        } else {
            Check::Quiet
        }
    }

    /// The legal moves of the side to move as (from, to) cells, on the stack (the solver's
    /// allocation-free list).
    pub(crate) fn legal_cells(&mut self) -> Moves {
        let mut list = Moves::new();
        self.generate(&mut list);
        let check = self.check(true);
        let mut legal = Moves::new();
        for &(from, to) in list.as_slice() {
            if self.is_legal(from as usize, to as usize, &check) {
                legal.push(from as usize, to as usize);
            }
        }
        legal
    }

    /// Whether the side to move has any legal move; stops at the first. Piece by piece, the
    /// general last: out of check, a move of another piece off the general's lines is legal
    /// without a test, so the answer usually comes from the first piece's first move.
    pub(crate) fn has_legal_move(&mut self) -> bool {
        let check = self.check(false);
        self.first_legal(&check)
    }

    /// Whether the side to move, whose check is `check`, has a legal move. In check the
    /// general's own steps come first (the likeliest answer; another piece's move must take
    /// the checker or block it). Out of check, first a move that needs no test at all (one
    /// that cannot expose the general), then the others with theirs.
    fn first_legal(&mut self, check: &Check) -> bool {
        let us = self.turn;
        let general = us * SLOTS;
        let g = self.general(us);
        let in_check = matches!(check, Check::Lines(_));
        // Every move gathered in one list, the general's first in check and last out of it.
        let mut list = Moves::new();
        if in_check {
            self.generate_from(g, &mut list);
        }
        for slot in general + 1..general + SLOTS {
            let from = self.squares[slot] as usize;
            if from == 0 {
                continue;
            }
            let start = list.len;
            self.generate_from(from, &mut list);
            let free = |&(from, to): &(u8, u8)| {
                let (from, to) = (from as usize, to as usize);
                match check {
                    Check::None(exposed) => !exposed.has(from) && !exposed.has(to),
                    _ => !self.may_expose(from, to, g),
                }
            };
            if !in_check && list.buf[start..list.len].iter().any(free) {
                return true;
            }
        }
        if !in_check {
            self.generate_from(g, &mut list);
        }
        (0..list.len).any(|i| {
            let (from, to) = list.buf[i];
            self.is_legal(from as usize, to as usize, check)
        })
    }

    /// The cells of every piece checking `color`'s general and of the cells between it and
    /// the general (a cannon's screen among them, a horse's leg); empty when not in check.
    /// What `attacked` tests, with the lines kept.
    pub(crate) fn check_cells(&self, color: usize) -> Cells {
        let g = self.general(color);
        let them = if color == 0 { BLACK } else { 0 };
        let forward = if color == 0 { W } else { -W };
        let mut cells = Cells::default();
        let line = |cells: &mut Cells, d: isize, end: usize| {
            let mut s = step(g, d);
            loop {
                cells.add(s);
                if s == end {
                    break;
                }
                s = step(s, d);
            }
        };
        for d in ORTHOGONAL {
            let mut s = step(g, d);
            while self.cells[s] == EMPTY {
                s = step(s, d);
            }
            let p = self.cells[s];
            if p == OFF {
                continue;
            }
            if p == them | CHARIOT
                || (p == them | GENERAL && (d == W || d == -W))
                || (p == them | SOLDIER && s == step(g, d) && d != -forward)
            {
                line(&mut cells, d, s);
            }
            let mut t = step(s, d);
            while self.cells[t] == EMPTY {
                t = step(t, d);
            }
            if self.cells[t] == them | CANNON {
                line(&mut cells, d, t);
            }
        }
        let horse = them | HORSE;
        for (sx, sy) in [(1isize, 1isize), (1, -1), (-1, 1), (-1, -1)] {
            let leg = step(g, sx + sy * W);
            if self.cells[leg] != EMPTY {
                continue;
            }
            for h in [step(leg, sx), step(leg, sy * W)] {
                if self.cells[h] == horse {
                    cells.add(leg);
                    cells.add(h);
                }
            }
        }
        cells
    }

    /// Whether `from`→`to` is a legal move of the side to move (any two cells of the board).
    pub(crate) fn is_legal_move(&mut self, from: usize, to: usize) -> bool {
        let p = self.cells.get(from).copied().unwrap_or(OFF);
        if p == EMPTY || p == OFF || ((p & BLACK) != 0) != (self.turn == 1) {
            return false;
        }
        let mut list = Moves::new();
        self.generate_from(from, &mut list);
        list.as_slice().contains(&(from as u8, to as u8)) && {
            let check = self.check(false);
            self.is_legal(from, to, &check)
        }
    }

    /// False only when moving `from`→`to` certainly does not check the other general: it
    /// neither lands on nor leaves the general's file or rank (a chariot, cannon or soldier
    /// aimed at it, a line opened, a cannon's screen made or taken away), nor leaves a point
    /// diagonally next to it (a horse's leg freed), nor is a horse landing a horse's jump away.
    #[inline]
    pub(crate) fn may_give_check(&self, from: usize, to: usize) -> bool {
        reaches_lines(self.cells[from], from, to, self.general(self.turn ^ 1))
    }

    /// Whether the side to move has any legal move, the other side's move `from`→`to` just
    /// played: a move that cannot have given check (`may_give_check`) spares the check test,
    /// for the side to move was not in check before it.
    pub(crate) fn has_legal_move_after(&mut self, from: usize, to: usize) -> bool {
        if reaches_lines(self.cells[to], from, to, self.general(self.turn)) {
            self.has_legal_move()
        } else {
            self.first_legal(&Check::Quiet)
        }
    }

    /// The number of legal moves of the side to move, without allocating.
    pub fn count_legal(&mut self) -> usize {
        let mut list = Moves::new();
        self.generate(&mut list);
        let check = self.check(true);
        let mut n = 0;
        for &(from, to) in list.as_slice() {
            n += self.is_legal(from as usize, to as usize, &check) as usize;
        }
        n
    }

    /// The legal moves of the side to move as (from, to) squares.
    pub fn legal_moves(&mut self) -> Vec<(Square, Square)> {
        let mut list = Moves::new();
        self.generate(&mut list);
        let check = self.check(true);
        let mut moves = Vec::with_capacity(list.len);
        for &(from, to) in list.as_slice() {
            if self.is_legal(from as usize, to as usize, &check) {
                moves.push((square(from as usize), square(to as usize)));
            }
        }
        moves
    }

    /// Plays a legal move given by squares, as found in `legal_moves`. Returns false (and does
    /// nothing) when the move is not legal here.
    pub fn play(&mut self, from: Square, to: Square) -> bool {
        if !self.legal_moves().contains(&(from, to)) {
            return false;
        }
        let (f, t) = (
            super::mailbox::cell(from.file, from.rank),
            super::mailbox::cell(to.file, to.rank),
        );
        self.make(f, t);
        true
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep; the last ply is
    /// counted without being played.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = Moves::new();
        self.generate(&mut list);
        let us = self.turn;
        let checked = self.attacked(us);
        let g = self.general(us);
        let exposed = self.exposed(us);
        let mut nodes = 0;
        if depth == 1 {
            let check = self.check(true);
            for &(from, to) in list.as_slice() {
                nodes += self.is_legal(from as usize, to as usize, &check) as u64;
            }
            return nodes;
        }
        for &(from, to) in list.as_slice() {
            let (from, to) = (from as usize, to as usize);
            let test = checked || from == g || exposed.has(from) || exposed.has(to);
            let undo = self.make(from, to);
            if !test || !self.attacked(us) {
                nodes += self.perft(depth - 1);
            }
            self.unmake(from, to, undo);
        }
        nodes
    }

    /// The perft count under each legal first move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<((Square, Square), u64)> {
        let moves = self.legal_moves();
        moves
            .into_iter()
            .map(|(from, to)| {
                let (f, t) = (
                    super::mailbox::cell(from.file, from.rank),
                    super::mailbox::cell(to.file, to.rank),
                );
                let undo = self.make(f, t);
                let n = self.perft(depth.saturating_sub(1));
                self.unmake(f, t, undo);
                ((from, to), n)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, fen};

    fn mailbox(text: &str) -> Mailbox {
        let read = fen::read(text, Some(Game::Xiangqi));
        Mailbox::new(&read.position.expect(text)).expect(text)
    }

    fn moves_from(text: &str, from: &str) -> Vec<String> {
        let from = Square::parse(from, Game::Xiangqi).unwrap();
        let mut names: Vec<String> = mailbox(text)
            .legal_moves()
            .into_iter()
            .filter(|&(f, _)| f == from)
            .map(|(_, t)| t.name(Game::Xiangqi).to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn start_position_perft() {
        let mut mb = mailbox(Game::Xiangqi.start_fen());
        assert_eq!(mb.perft(1), 44);
        assert_eq!(mb.perft(2), 1920);
        assert_eq!(mb.perft(3), 79666);
    }

    #[test]
    fn horse_is_blocked_at_the_leg() {
        // Start position: horse b0 has its leg b1 free (a2, c2) but not c0 (elephant stands there).
        assert_eq!(moves_from(Game::Xiangqi.start_fen(), "b0"), ["a2", "c2"]);
        // A horse in the open has eight jumps; a piece on e5 blocks the two northward ones.
        let open = "3k5/9/9/9/9/9/4N4/9/9/5K3 w";
        assert_eq!(
            moves_from(open, "e3"),
            ["c2", "c4", "d1", "d5", "f1", "f5", "g2", "g4"]
        );
        let leg = "3k5/9/9/9/9/4p4/4N4/9/9/5K3 w";
        assert_eq!(moves_from(leg, "e3"), ["c2", "c4", "d1", "f1", "g2", "g4"]);
    }

    #[test]
    fn elephant_blocked_at_the_eye_and_kept_home() {
        let open = "3k5/9/9/9/9/9/9/9/9/2B2K3 w";
        assert_eq!(moves_from(open, "c0"), ["a2", "e2"]);
        let eye = "3k5/9/9/9/9/9/9/9/3p5/2B2K3 w";
        assert_eq!(moves_from(eye, "c0"), ["a2"]);
        // From the river bank it may not cross.
        let bank = "3k5/9/9/9/9/4B4/9/9/9/5K3 w";
        assert_eq!(moves_from(bank, "e4"), ["c2", "g2"]);
        let black = "3k5/9/9/9/4b4/9/9/9/9/5K3 b";
        assert_eq!(moves_from(black, "e5"), ["c7", "g7"]);
    }

    #[test]
    fn advisor_and_general_stay_in_the_palace() {
        let pos = "5k3/9/9/9/9/9/9/9/4A4/3K5 w";
        assert_eq!(moves_from(pos, "e1"), ["d2", "f0", "f2"]);
        assert_eq!(moves_from(pos, "d0"), ["d1", "e0"]);
        let corner = "3k5/9/9/9/9/9/9/3A5/9/4K4 w";
        assert_eq!(moves_from(corner, "d2"), ["e1"]);
    }

    #[test]
    fn cannon_captures_over_exactly_one_screen() {
        let pos = "3k5/9/9/9/4r4/9/4p4/9/4C4/5K3 w";
        // Moves along the rank, down to e0, up to e2; captures e5 over e3, never e3 itself.
        assert_eq!(
            moves_from(pos, "e1"),
            [
                "a1", "b1", "c1", "d1", "e0", "e2", "e5", "f1", "g1", "h1", "i1"
            ]
        );
        let two_screens = "3k5/9/9/9/4r4/4p4/4p4/9/4C4/5K3 w";
        assert!(!moves_from(two_screens, "e1").contains(&"e5".to_string()));
    }

    #[test]
    fn soldier_sideways_only_across_the_river() {
        let home = "3k5/9/9/9/9/9/4P4/9/9/5K3 w";
        assert_eq!(moves_from(home, "e3"), ["e4"]);
        let across = "3k5/9/9/9/4P4/9/9/9/9/5K3 w";
        assert_eq!(moves_from(across, "e5"), ["d5", "e6", "f5"]);
        let black_bottom = "3k5/9/9/9/9/9/9/9/9/p4K3 b";
        assert_eq!(moves_from(black_bottom, "a0"), ["b0"]);
    }

    #[test]
    fn flying_general_rule() {
        // Red's general may not step onto the open e-file facing Black's.
        let pos = "4k4/9/9/9/9/9/9/9/9/3K5 w";
        assert_eq!(moves_from(pos, "d0"), ["d1"]);
        // A pinned screen between the generals may not leave the file.
        let pinned = "4k4/9/9/9/4C4/9/9/9/9/4K4 w";
        assert_eq!(
            moves_from(pinned, "e5"),
            ["e1", "e2", "e3", "e4", "e6", "e7", "e8"]
        );
        let horse = "4k4/9/9/9/4n4/9/9/9/9/4K4 b";
        assert!(moves_from(horse, "e5").is_empty());
    }

    #[test]
    fn moves_into_check_are_refused() {
        // A horse landing between the cannon d6 and the general d0 becomes a screen: refused.
        let screen = "3k5/9/9/3c5/9/9/9/9/9/3K1N3 w";
        assert_eq!(moves_from(screen, "f0"), ["e2", "g2", "h1"]);
        // The horse d1 shields its general from the chariot d9: pinned, it has no move.
        let pinned = "3r1k3/9/9/9/9/9/9/9/3N5/3K5 w";
        assert!(moves_from(pinned, "d1").is_empty());
        // The chariot f1 stands on the leg of the horse g1's jump onto e0: it may only take it.
        let leg = "3k5/9/9/9/9/9/9/9/5Rn2/4K4 w";
        assert_eq!(moves_from(leg, "f1"), ["g1"]);
        // In check from the chariot, only moves that answer it are legal.
        let check = "3r1k3/9/9/9/9/9/9/9/9/3K1N3 w";
        assert_eq!(moves_from(check, "f0"), ["d1"]);
        assert_eq!(moves_from(check, "d0"), ["e0"]);
    }

    #[test]
    fn a_quiet_move_that_leaves_no_move_is_seen() {
        // R a4-d4 takes d9 without check: f9 is the horse g7's, the horse e8 shields its
        // general from the chariot e1 — Black has no legal move, which loses in xiangqi.
        let mut mb = mailbox("4k4/4n4/6N2/9/9/R8/9/9/4R4/3K5 w");
        let (a4, d4) = (
            super::super::mailbox::cell(0, 4),
            super::super::mailbox::cell(3, 4),
        );
        mb.make(a4, d4);
        assert!(mb.legal_cells().is_empty());
        assert!(!mb.has_legal_move_after(a4, d4));
        assert!(!mb.has_legal_move());
    }

    mod against_the_board_attacks {
        use super::super::super::attacks;
        use super::*;
        use crate::core::{Color, Piece, Position, Role};
        use proptest::prelude::*;

        /// The start material minus the generals, in slot order.
        const ARMY: [Role; 15] = [
            Role::Advisor,
            Role::Advisor,
            Role::Bishop,
            Role::Bishop,
            Role::Knight,
            Role::Knight,
            Role::Rook,
            Role::Rook,
            Role::Cannon,
            Role::Cannon,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
        ];

        fn palace(color: Color, i: u8) -> Square {
            let base = if color == Color::White { 0 } else { 7 };
            Square::new(3 + i % 3, base + i / 3)
        }

        fn position(generals: (u8, u8), pieces: &[Option<u8>], black_to_move: bool) -> Position {
            let mut pos = Position::empty(Game::Xiangqi);
            pos.turn = if black_to_move {
                Color::Black
            } else {
                Color::White
            };
            for (color, i) in [(Color::White, generals.0), (Color::Black, generals.1)] {
                pos.board
                    .set(palace(color, i), Some(Piece::new(color, Role::King)));
            }
            // One optional square per piece of each army: never more of a kind than at the start.
            for (i, at) in pieces.iter().enumerate() {
                let Some(at) = at else { continue };
                let sq = Square::new(at % 9, at / 9);
                let color = if i < ARMY.len() {
                    Color::White
                } else {
                    Color::Black
                };
                if pos.board.get(sq).is_none() {
                    pos.board
                        .set(sq, Some(Piece::new(color, ARMY[i % ARMY.len()])));
                }
            }
            pos
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            /// Every pseudo-legal move is kept exactly when, played on the shared board, it
            /// leaves the mover's general unattacked by `attacks::in_check`: the shortcut that
            /// skips the test for moves far from the general never changes the answer.
            #[test]
            fn legal_moves_agree_with_board_attacks(
                generals in (0u8..9, 0u8..9),
                pieces in proptest::collection::vec(proptest::option::of(0u8..90), 30),
                black_to_move in any::<bool>(),
            ) {
                let pos = position(generals, &pieces, black_to_move);
                let Ok(mut mb) = Mailbox::new(&pos) else {
                    // The side not to move is in check: no legal position.
                    prop_assert!(attacks::in_check(&pos.board, pos.turn.other()));
                    return Ok(());
                };
                prop_assert_eq!(mb.in_check(), attacks::in_check(&pos.board, pos.turn));
                let mut list = Moves::new();
                mb.generate(&mut list);
                let legal = mb.legal_moves();
                for &(from, to) in list.as_slice() {
                    let (from, to) = (square(from as usize), square(to as usize));
                    let mut board = pos.board;
                    let piece = board.set(from, None);
                    board.set(to, piece);
                    let safe = !attacks::in_check(&board, pos.turn);
                    prop_assert_eq!(legal.contains(&(from, to)), safe, "{:?} {:?}", from, to);
                }
                prop_assert_eq!(mb.count_legal(), legal.len());
                prop_assert_eq!(mb.has_legal_move(), !legal.is_empty());
                // After each legal move, the other side's first-legal-move test (told the move,
                // which spares the check test where it cannot have checked) agrees with its list.
                for &(from, to) in mb.legal_cells().as_slice() {
                    let (from, to) = (from as usize, to as usize);
                    let undo = mb.make(from, to);
                    let any = !mb.legal_cells().is_empty();
                    prop_assert_eq!(mb.has_legal_move_after(from, to), any, "{} {}", from, to);
                    mb.unmake(from, to, undo);
                }
                prop_assert_eq!(mb.perft(1), legal.len() as u64);
                let split: u64 = mb.divide(2).iter().map(|(_, n)| n).sum();
                prop_assert_eq!(split, mb.perft(2));
            }
        }
    }
}

//! Retro analysis of one chess side, seen from its own side of the board (Black's men mirrored
//! rank for rank), so that every rule is written once, for White.
//!
//! The facts every rule rests on:
//! - a pawn on its second rank has never moved (pawns only move forward), so that square has
//!   been occupied by that very pawn all game: no man ever stood on it or passed through it;
//! - a pawn changes file only by capturing, one file per capture, and gains a rank each move;
//! - the other side's men leave the board only by being captured, so a side has made exactly
//!   `16 − (the other side's men)` captures;
//! - a man that is not on its starting square and cannot have come from it is a promoted pawn.

use super::assign::{NO, assign};

pub const RANK_2: u64 = 0xff << 8;

/// Square index in a side's own view: `rank * 8 + file`.
pub const fn sq(file: u8, rank: u8) -> u8 {
    rank * 8 + file
}

const fn bit(s: u8) -> u64 {
    1 << s
}

const fn file_of(s: u8) -> u8 {
    s & 7
}

const fn rank_of(s: u8) -> u8 {
    s >> 3
}

/// Dark squares (a1 is dark).
const DARK: u64 = 0xaa55_aa55_aa55_aa55;

/// One side's men by kind, as bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Men {
    pub pawns: u64,
    pub knights: u64,
    pub bishops: u64,
    pub rooks: u64,
    pub queens: u64,
    pub king: u64,
}

impl Men {
    /// The same men with the board turned upside down (rank 1 ↔ rank 8).
    pub const fn flip(self) -> Men {
        Men {
            pawns: self.pawns.swap_bytes(),
            knights: self.knights.swap_bytes(),
            bishops: self.bishops.swap_bytes(),
            rooks: self.rooks.swap_bytes(),
            queens: self.queens.swap_bytes(),
            king: self.king.swap_bytes(),
        }
    }

    /// Every square a man stands on.
    pub const fn occupied(&self) -> u64 {
        self.pawns | self.knights | self.bishops | self.rooks | self.queens | self.king
    }

    pub const fn count(&self) -> u32 {
        self.occupied().count_ones()
    }
}

/// How a kind of man moves, for connectivity: rooks along ranks and files, bishops along
/// diagonals, kings and queens to any neighbour (a queen's slide passes its neighbours), knights
/// jump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Rook,
    Bishop,
    Queen,
    Knight,
}

/// The kinds of man retro analysis follows (kings are handled apart: never promoted).
pub const KINDS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

impl Kind {
    pub fn of(men: &Men, kind: Kind) -> u64 {
        match kind {
            Kind::Rook => men.rooks,
            Kind::Bishop => men.bishops,
            Kind::Queen => men.queens,
            Kind::Knight => men.knights,
        }
    }

    /// The starting squares of this kind in the standard setup (own view).
    fn origins(self) -> &'static [u8] {
        match self {
            Kind::Rook => &[0, 7],
            Kind::Knight => &[1, 6],
            Kind::Bishop => &[2, 5],
            Kind::Queen => &[3],
        }
    }
}

const C1: u8 = 2;
const D1: u8 = 3;
const E1: u8 = 4;
const F1: u8 = 5;

/// The squares of a side's first two ranks that have been occupied all game by the same man,
/// in its own view. `castles` (bit 0 a-side, bit 1 h-side) are castling rights taken as true:
/// the king and those rooks never moved. `standard`: the men started on their standard squares
/// (in Chess960 only the pawns' squares are known).
pub fn home_walls(men: &Men, castles: u8, standard: bool) -> u64 {
    let mut walls = men.pawns & RANK_2;
    if !standard {
        return walls;
    }
    if castles != 0 {
        walls |= bit(E1) & men.king;
        walls |= if castles & 1 != 0 { men.rooks & 1 } else { 0 };
        walls |= if castles & 2 != 0 {
            men.rooks & bit(7)
        } else {
            0
        };
    }
    // A man on its own starting square whose every way out is walled has never moved, and no
    // other man of its kind can have come in: it has stood there all game. In dependency order:
    // the bishops need only pawns, the queen needs c1 and e1, the king d1 and f1.
    // Without branches: this runs for both sides of every position `fenboard check` reads.
    let walled = |walls: u64, men: u64, home: u8, exits: u64| {
        let closed = u64::from(walls & exits == exits).wrapping_neg();
        walls | (men & bit(home) & closed)
    };
    const fn row2(files: &[u8]) -> u64 {
        let mut out = 0;
        let mut i = 0;
        while i < files.len() {
            out |= bit(sq(files[i], 1));
            i += 1;
        }
        out
    }
    const QUEEN_EXITS: u64 = bit(C1) | bit(E1) | row2(&[2, 3, 4]);
    const KING_EXITS: u64 = bit(D1) | bit(F1) | row2(&[3, 4, 5]);
    walls = walled(walls, men.bishops, C1, row2(&[1, 3]));
    walls = walled(walls, men.bishops, F1, row2(&[4, 6]));
    walls = walled(walls, men.queens, D1, QUEEN_EXITS);
    walls = walled(walls, men.king, E1, KING_EXITS);
    walled(walls, men.queens, D1, QUEEN_EXITS)
}

/// Connectivity of the board for each kind of mover, given the walled squares. Ranks 3–6 are
/// never walled and every unwalled square of ranks 2–7 touches them, so all those squares are one
/// region (one per square colour for bishops, and knights reach every unwalled square). Only
/// first- and eighth-rank squares can be cut off: they get a region of their own when no way
/// leads from them into ranks 2–7.
#[derive(Clone, Copy, Debug)]
pub struct Regions {
    walls: u64,
    /// [rook, bishop, queen] × [rank 1, rank 8] × file: `MAIN`, `WALL` or a pocket id.
    edge: [[[u8; 8]; 2]; 3],
}

pub const MAIN: u8 = 0;
const WALL: u8 = 255;

impl Regions {
    pub fn new(walls: u64) -> Regions {
        let mut edge = [[[MAIN; 8]; 2]; 3];
        let walled = |file: i8, rank: u8| -> bool {
            !(0..8).contains(&file) || walls & bit(sq(file as u8, rank)) != 0
        };
        for (side, (rank, next)) in [(0u8, 1u8), (7, 6)].into_iter().enumerate() {
            let id0 = 1 + side as u8 * 8;
            // Rooks and queens: runs of unwalled squares along the edge.
            for (k, reach) in [(0usize, 0i8), (2, 1)] {
                let mut file = 0i8;
                while file < 8 {
                    if walled(file, rank) {
                        edge[k][side][file as usize] = WALL;
                        file += 1;
                        continue;
                    }
                    let start = file;
                    let mut open = false;
                    while file < 8 && !walled(file, rank) {
                        open |= (-reach..=reach).any(|d| !walled(file + d, next));
                        file += 1;
                    }
                    let id = if open { MAIN } else { id0 + start as u8 };
                    for f in start..file {
                        edge[k][side][f as usize] = id;
                    }
                }
            }
            // Bishops: each edge square on its own, open when a diagonal neighbour is.
            for file in 0..8i8 {
                edge[1][side][file as usize] = if walled(file, rank) {
                    WALL
                } else if !walled(file - 1, next) || !walled(file + 1, next) {
                    MAIN
                } else {
                    id0 + file as u8
                };
            }
        }
        Regions { walls, edge }
    }

    pub fn walls(&self) -> u64 {
        self.walls
    }

    /// The region of `s` for a mover of `kind`; squares of one region reach each other.
    pub fn region(&self, kind: Kind, s: u8) -> u16 {
        if self.walls & bit(s) != 0 {
            return u16::from(WALL);
        }
        let k = match kind {
            Kind::Knight => return u16::from(MAIN),
            Kind::Rook => 0,
            Kind::Bishop => 1,
            Kind::Queen => 2,
        };
        let id = match rank_of(s) {
            0 => self.edge[k][0][file_of(s) as usize],
            7 => self.edge[k][1][file_of(s) as usize],
            _ => MAIN,
        };
        // Bishops never change square colour: one main region per colour.
        let colour = if kind == Kind::Bishop && DARK & bit(s) != 0 {
            256
        } else {
            0
        };
        u16::from(id) + colour
    }

    /// The walled squares next to the region of `s` (for messages: what walls it in).
    pub fn wall_around(&self, kind: Kind, s: u8) -> u64 {
        let region = self.region(kind, s);
        let mut out = 0;
        for t in 0..64u8 {
            if self.region(kind, t) != region || self.walls & bit(t) != 0 {
                continue;
            }
            for (df, dr) in [
                (-1i8, 0i8),
                (1, 0),
                (0, 1),
                (0, -1),
                (-1, 1),
                (1, 1),
                (-1, -1),
                (1, -1),
            ] {
                let diagonal = df != 0 && dr != 0;
                if (kind == Kind::Rook && diagonal) || (kind == Kind::Bishop && !diagonal) {
                    continue;
                }
                let (f, r) = (file_of(t) as i8 + df, rank_of(t) as i8 + dr);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    out |= bit(sq(f as u8, r as u8)) & self.walls;
                }
            }
        }
        out
    }
}

/// Why a side's men cannot all be accounted for. Squares are in the side's own view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The king stands where it cannot have gone from e1.
    KingCaged { king: u8, walls: u64 },
    /// A man that is neither an original man that can have come here nor a pawn that can have
    /// promoted where it could come from.
    NoOrigin { kind: Kind, at: u8, walls: u64 },
    /// More men must be promoted pawns than pawns are missing.
    TooManyPromoted {
        promoted: Vec<(Kind, u8)>,
        pawns: u32,
        walls: u64,
    },
    /// Pawns (and promoted men) need more captures than the other side has lost men, or (`need`
    /// = `None`) cannot all have started on different files.
    Captures {
        need: Option<u32>,
        missing: u32,
        movers: u64,
        promoted: u64,
    },
}

/// One man to account for: a pawn or a piece of some kind.
#[derive(Clone, Copy)]
struct Item {
    at: u8,
    kind: Option<Kind>,
}

/// The cost of each starting file for a pawn now on `at`: the files it changed by capturing, if
/// it can have done so (one capture per rank gained).
fn pawn_costs(at: u8) -> [i32; 8] {
    let (f, r) = (file_of(at) as i32, rank_of(at) as i32);
    let mut out = [NO; 8];
    for (s, c) in out.iter_mut().enumerate() {
        let d = (f - s as i32).abs();
        if d < r {
            *c = d;
        }
    }
    out
}

/// The cost of each starting file for a pawn that promoted and became the `kind` on `at`: it
/// entered the seventh rank on an unwalled square y7 (after |y − s| captures, at most 5), then
/// promoted on an unwalled x8 next to it (one more capture when x ≠ y) from which a `kind` can
/// reach `at`.
fn promotion_costs(regions: &Regions, kind: Kind, at: u8) -> [i32; 8] {
    let walls = regions.walls();
    let target = regions.region(kind, at);
    // The fewest captures from entering the seventh rank on y7 to promoting where it counts:
    // 0 straight ahead, 1 on a neighbouring file.
    let mut entry = [NO; 8];
    for x in 0..8u8 {
        let x8 = sq(x, 7);
        if walls & bit(x8) != 0 || regions.region(kind, x8) != target {
            continue;
        }
        for y in x.saturating_sub(1)..=(x + 1).min(7) {
            if walls & bit(sq(y, 6)) == 0 {
                let e = &mut entry[usize::from(y)];
                *e = (*e).min(i32::from(x != y));
            }
        }
    }
    let mut out = [NO; 8];
    for (y, &extra) in entry.iter().enumerate() {
        if extra >= NO {
            continue;
        }
        for (s, c) in out.iter_mut().enumerate() {
            let d = (y as i32 - s as i32).abs();
            if d <= 5 {
                *c = (*c).min(d + extra);
            }
        }
    }
    out
}

fn squares(mut bb: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let s = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            s
        })
    })
}

/// Which way [`analyse`] found its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Every piece can be an original man, by counting alone: walls on the other side's half
    /// played no part.
    Quick,
    /// The full assignment, promotions and walls everywhere included.
    Full,
}

/// Accounts for every man of `own` (own view; `opp` the other side, in either view: only its
/// number of men is read): where each came from, and the captures that took. `walls` are the squares occupied all game (both sides').
pub fn analyse(own: &Men, opp: &Men, walls: u64, standard: bool) -> Result<Path, Failure> {
    let quick = quick(own, walls, standard);
    // Pawns on distinct files need no capture: the count of lost men does not matter.
    if quick && !doubled(own.pawns) {
        return Ok(Path::Quick);
    }
    let missing = 16u32.saturating_sub(opp.count());
    if quick {
        return pawns_only(own.pawns, missing).map(|()| Path::Quick);
    }
    full(own, walls, standard, missing).map(|()| Path::Full)
}

/// Rank-1 files cut off from ranks 2–7 for a mover of `kind` (`walls` in the side's view).
fn pockets(walls: u64, kind: Kind) -> u8 {
    let free = !walls as u8;
    let above = !(walls >> 8) as u8;
    let mut open = match kind {
        Kind::Knight => return 0,
        Kind::Bishop => return free & !((above << 1) | (above >> 1)),
        Kind::Rook => free & above,
        Kind::Queen => free & (above | above << 1 | above >> 1),
    };
    // No way out at all, or (most often) a first rank without walls and a way out somewhere.
    if open == 0 || free == 0xff {
        return if open == 0 { free } else { 0 };
    }
    // Along the first rank, through unwalled squares.
    loop {
        let next = (open | open << 1 | open >> 1) & free;
        if next == open {
            return free & !open;
        }
        open = next;
    }
}

/// The region of each edge square for one kind of mover, cheaply: `MAIN` or an id of its
/// pocket (first- and eighth-rank runs of unwalled squares that no way leads out of).
struct Pockets {
    walls: u64,
    kind: Kind,
    /// Pocket files of rank 1 and rank 8, computed when first needed.
    ranks: [Option<u8>; 2],
}

impl Pockets {
    fn new(walls: u64, kind: Kind) -> Pockets {
        Pockets {
            walls,
            kind,
            ranks: [None, None],
        }
    }

    /// A key equal for two squares exactly when they are in the same region.
    fn key(&mut self, s: u8) -> u16 {
        let colour = if self.kind == Kind::Bishop && DARK & bit(s) != 0 {
            256
        } else {
            0
        };
        let (side, rank_walls) = match rank_of(s) {
            0 => (0, self.walls),
            7 => (1, self.walls.swap_bytes()),
            _ => return colour,
        };
        let pockets = *self.ranks[side].get_or_insert_with(|| pockets(rank_walls, self.kind));
        let file = file_of(s);
        if pockets & (1 << file) == 0 {
            return colour;
        }
        // A bishop's pocket is its square; a rook's or queen's the run of unwalled squares.
        let mut start = file;
        if self.kind != Kind::Bishop {
            while start > 0 && pockets & (1 << (start - 1)) != 0 {
                start -= 1;
            }
        }
        colour + 1 + side as u16 * 8 + u16::from(start)
    }
}

/// The starting squares of each kind, in the order of [`KINDS`].
const ORIGINS: [u64; 4] = [1 << D1, 1 | 1 << 7, 1 << C1 | 1 << F1, 1 << 1 | 1 << 6];

/// The edge squares (ranks 1 and 8) in first-rank pockets of `kind` for `walls`, or in
/// eighth-rank ones, as board squares.
fn pocket_squares(walls: u64, kind: Kind, rank8: bool) -> u64 {
    if rank8 {
        u64::from(pockets(walls.swap_bytes(), kind)) << 56
    } else {
        u64::from(pockets(walls, kind))
    }
}

/// Whether `bb` has at most one square.
const fn at_most_1(bb: u64) -> bool {
    bb & bb.wrapping_sub(1) == 0
}

/// Whether `bb` has at most two squares.
const fn at_most_2(bb: u64) -> bool {
    at_most_1(bb & bb.wrapping_sub(1))
}

/// Whether no kind has more men than starting squares (per square colour for bishops): the
/// count that [`quick`] starts with. Walls leave it unchanged, so it is asked without them: a
/// walled square of a kind's start holds a man of that kind, and a walled man of a kind stands
/// on a start of its kind, so walls take as many men as starting squares out of the count.
pub const fn counts_fit(own: &Men) -> bool {
    at_most_1(own.queens)
        && at_most_2(own.rooks)
        && at_most_2(own.knights)
        && at_most_1(own.bishops & DARK)
        && at_most_1(own.bishops & !DARK)
}

/// Rank-1 squares from which a mover of `kind` steps straight out of the first rank (own
/// view), so that they are in no pocket.
fn direct_exits(walls: u64, kind: Kind) -> u64 {
    let free = !walls as u8;
    let above = !(walls >> 8) as u8;
    u64::from(match kind {
        Kind::Knight => free,
        Kind::Bishop => free & ((above << 1) | (above >> 1)),
        Kind::Rook => free & above,
        Kind::Queen => free & (above | above << 1 | above >> 1),
    })
}

/// Whether, without any promotion, each piece can be a distinct original man of its kind and
/// the king can have walked from e1 — shown cheaply: men on their own starting squares are
/// those men, and the others each share a region with a distinct starting square left over.
/// `walls` are the squares occupied all game, as [`home_walls`] makes them for both sides: a
/// man of `own` stands on one only at its own starting square.
pub fn quick(own: &Men, walls: u64, standard: bool) -> bool {
    const EDGES: u64 = 0xff | 0xff << 56;
    // By count first: each kind's men off their starting squares, against the starting
    // squares left over (per square colour for bishops).
    if !counts_fit(own) {
        return false;
    }
    if !standard {
        return true;
    }
    if own.king != bit(E1) && own.king & walls == 0 {
        // Both outside any pocket (most often: e1 steps out and the king stands off the edge
        // ranks), or look closer.
        let clear = own.king & EDGES == 0 && direct_exits(walls, Kind::Queen) & bit(E1) != 0;
        if !clear {
            let queen_pockets = pocket_squares(walls, Kind::Queen, false);
            let clear =
                queen_pockets & bit(E1) == 0 && own.king & (queen_pockets | 0xff << 56) == 0;
            if !clear {
                let mut p = Pockets::new(walls, Kind::Queen);
                if p.key(own.king.trailing_zeros() as u8) != p.key(E1) {
                    return false;
                }
            }
        }
    }
    // Then by region, for the sliders: men and starting squares outside every edge pocket are
    // all in the main region (one per colour for bishops, counted above). Written out kind by
    // kind, so that each test compiles to a few instructions on constants.
    let [queens, rooks, bishops, _] = ORIGINS;
    regions_fit(Kind::Queen, own.queens, queens, walls)
        && regions_fit(Kind::Rook, own.rooks, rooks, walls)
        && regions_fit(Kind::Bishop, own.bishops, bishops, walls)
}

/// Whether each man of a slider `kind` (`men`, starting squares `origins`) off its starting
/// squares shares a region with a distinct starting square left over, given that their
/// numbers fit.
#[inline(always)]
fn regions_fit(kind: Kind, men: u64, origins: u64, walls: u64) -> bool {
    const EDGES: u64 = 0xff | 0xff << 56;
    let origins = origins & !walls;
    let men = men & !walls;
    let rest = men & !origins;
    if rest == 0 {
        return true;
    }
    let left = origins & !men;
    // First-rank squares that step straight out are in no pocket, and neither is any square
    // off the edge ranks.
    let rank1 = (rest | left) & 0xff & !direct_exits(walls, kind);
    let rank8 = rest & EDGES & !0xff;
    if rank1 == 0 && rank8 == 0 {
        return true;
    }
    let mut pocketed = (rest | left) & pocket_squares(walls, kind, false);
    if rank8 != 0 {
        pocketed |= rank8 & pocket_squares(walls, kind, true);
    }
    if pocketed == 0 {
        return true;
    }
    // At most two starting squares are left: match region keys.
    let mut p = Pockets::new(walls, kind);
    let mut keys = [u16::MAX; 2];
    let mut taken = [false; 2];
    for (k, o) in keys.iter_mut().zip(squares(left)) {
        *k = p.key(o);
    }
    for m in squares(rest) {
        let key = p.key(m);
        match (0..2).find(|&i| !taken[i] && keys[i] == key) {
            Some(i) => taken[i] = true,
            None => return false,
        }
    }
    true
}

/// Every man accounted for by a minimum-cost assignment to the starting squares and files.
fn full(own: &Men, walls: u64, standard: bool, missing: u32) -> Result<(), Failure> {
    let regions = Regions::new(walls);
    if standard {
        king_walked(own, walls, &regions)?;
    }
    let men = Inventory::new(own, walls);
    let (can, must_promote) = originals(&men, &regions, standard)?;
    // How many pieces must be promoted: those no original man can account for.
    let (matched, matched_rows) = max_matching(&can[men.pawns..men.n]);
    let promoted = (men.n - men.pawns) as u32 - matched;
    if promoted == 0 {
        return pawn_plan(own.pawns, missing).map(|_| ());
    }
    if promoted + men.pawns as u32 > 8 {
        return Err(too_many_promoted(&men, &regions, must_promote, standard));
    }
    if quick_plan(&men, &regions, matched_rows, own.pawns, missing)? <= missing as i32 {
        return Ok(());
    }
    exact_plan(&men, &regions, &can, must_promote, missing)
}

/// The king never promotes: it must have walked from e1.
fn king_walked(own: &Men, walls: u64, regions: &Regions) -> Result<(), Failure> {
    if own.king & walls != 0 {
        return Ok(());
    }
    let king = own.king.trailing_zeros() as u8;
    if king < 64 && regions.region(Kind::Queen, king) != regions.region(Kind::Queen, E1) {
        return Err(Failure::KingCaged {
            king,
            walls: regions.wall_around(Kind::Queen, E1),
        });
    }
    Ok(())
}

/// The men to account for, pawns first, and the starting squares left to them: men walled on
/// their own starting square are their original selves, set aside.
struct Inventory {
    items: [Item; 16],
    /// How many items there are.
    n: usize,
    /// How many of them (the first ones) are pawns.
    pawns: usize,
    origins: [(u8, Kind); 8],
    n_origins: usize,
}

impl Inventory {
    fn new(own: &Men, walls: u64) -> Inventory {
        let mut men = Inventory {
            items: [Item { at: 0, kind: None }; 16],
            n: 0,
            pawns: 0,
            origins: [(0u8, Kind::Rook); 8],
            n_origins: 0,
        };
        for s in squares(own.pawns) {
            men.items[men.n] = Item { at: s, kind: None };
            men.n += 1;
        }
        men.pawns = men.n;
        for kind in KINDS {
            let of_kind = Kind::of(own, kind) & !walls;
            for &o in kind.origins() {
                if Kind::of(own, kind) & walls & bit(o) == 0 {
                    men.origins[men.n_origins] = (o, kind);
                    men.n_origins += 1;
                }
            }
            for s in squares(of_kind) {
                men.items[men.n] = Item {
                    at: s,
                    kind: Some(kind),
                };
                men.n += 1;
            }
        }
        men
    }
}

/// Each piece's original men it can be (bits over `origins`), and the squares of the pieces
/// that can be none, which must be promoted pawns; a piece that can be neither is an error.
fn originals(
    men: &Inventory,
    regions: &Regions,
    standard: bool,
) -> Result<([u16; 16], u64), Failure> {
    let mut can = [0u16; 16];
    let mut must_promote = 0u64;
    for (i, item) in men.items[..men.n].iter().enumerate().skip(men.pawns) {
        let Some(kind) = item.kind else { continue };
        for (j, &(o, k)) in men.origins[..men.n_origins].iter().enumerate() {
            if k == kind && can_be_original(regions, kind, item.at, o, standard) {
                can[i] |= 1 << j;
            }
        }
        if can[i] == 0 {
            must_promote |= bit(item.at);
            if promotion_costs(regions, kind, item.at)
                .iter()
                .all(|&c| c >= NO)
            {
                return Err(Failure::NoOrigin {
                    kind,
                    at: item.at,
                    walls: cage_walls(regions, kind, item.at, standard),
                });
            }
        }
    }
    Ok((can, must_promote))
}

/// More pieces must be promoted pawns than the pawns missing from the board.
fn too_many_promoted(
    men: &Inventory,
    regions: &Regions,
    must_promote: u64,
    standard: bool,
) -> Failure {
    let mut walls_seen = 0;
    let mut promoted = Vec::new();
    for item in &men.items[men.pawns..men.n] {
        if must_promote & bit(item.at) != 0
            && let Some(kind) = item.kind
        {
            walls_seen |= cage_walls(regions, kind, item.at, standard);
            promoted.push((kind, item.at));
        }
    }
    Failure::TooManyPromoted {
        promoted,
        pawns: men.pawns as u32,
        walls: walls_seen,
    }
}

/// The captures of a quick feasible plan: the pawns' own best, then each unmatched piece
/// promoted on the cheapest file left. When it fits the `missing` captures available, so does
/// the best plan.
fn quick_plan(
    men: &Inventory,
    regions: &Regions,
    matched_rows: u16,
    pawns: u64,
    missing: u32,
) -> Result<i32, Failure> {
    let (pawn_cost, mut used) = pawn_plan(pawns, missing)?;
    let mut plan = pawn_cost as i32;
    for (r, item) in men.items[men.pawns..men.n].iter().enumerate() {
        if matched_rows & (1 << r) != 0 {
            continue;
        }
        let costs = promotion_costs(regions, item.kind.unwrap_or(Kind::Queen), item.at);
        let best = (0..8)
            .filter(|&f| used & (1 << f) == 0)
            .min_by_key(|&f| costs[f]);
        match best {
            Some(f) if costs[f] < NO => {
                plan += costs[f];
                used |= 1 << f;
            }
            _ => plan = NO,
        }
    }
    Ok(plan)
}

/// The exact minimum: every man to a starting square or file at once, against the `missing`
/// men of the other side that captures can have taken.
fn exact_plan(
    men: &Inventory,
    regions: &Regions,
    can: &[u16; 16],
    must_promote: u64,
    missing: u32,
) -> Result<(), Failure> {
    let (n, cols) = (men.n, 8 + men.n_origins);
    let mut cost = [[NO; 16]; 16];
    for (i, item) in men.items[..n].iter().enumerate() {
        match item.kind {
            None => cost[i][..8].copy_from_slice(&pawn_costs(item.at)),
            Some(kind) => {
                cost[i][..8].copy_from_slice(&promotion_costs(regions, kind, item.at));
                for j in 0..men.n_origins {
                    if can[i] & (1 << j) != 0 {
                        cost[i][8 + j] = 0;
                    }
                }
            }
        }
    }
    let best = if n <= cols {
        assign(&cost, n, cols)
    } else {
        None
    };
    match best {
        None => Err(Failure::Captures {
            need: None,
            missing,
            movers: squares_of(&men.items[..men.pawns]),
            promoted: must_promote,
        }),
        Some((total, col_of)) if total as u32 > missing => {
            let mut movers = 0;
            let mut promoted = 0;
            for (i, item) in men.items[..n].iter().enumerate() {
                if cost[i][col_of[i]] > 0 {
                    if item.kind.is_none() {
                        movers |= bit(item.at);
                    } else {
                        promoted |= bit(item.at);
                    }
                }
            }
            Err(Failure::Captures {
                need: Some(total as u32),
                missing,
                movers,
                promoted,
            })
        }
        Some(_) => Ok(()),
    }
}

fn squares_of(items: &[Item]) -> u64 {
    items.iter().fold(0, |acc, i| acc | bit(i.at))
}

/// Whether the man of `kind` on `at` can be the one that started on `origin`.
fn can_be_original(regions: &Regions, kind: Kind, at: u8, origin: u8, standard: bool) -> bool {
    if kind == Kind::Bishop && (DARK & bit(at) != 0) != (DARK & bit(origin) != 0) {
        return false;
    }
    // In Chess960 the starting squares are unknown: only the bishops' colours are.
    !standard || regions.region(kind, at) == regions.region(kind, origin)
}

/// The walls that keep the original men of `kind` away from `at` (for the message): those
/// around `at`'s pocket if it is in one, else those around the pockets of the starting squares.
fn cage_walls(regions: &Regions, kind: Kind, at: u8, standard: bool) -> u64 {
    let pocket = |s: u8| regions.region(kind, s) & 0xff != u16::from(MAIN);
    if !standard {
        return 0;
    }
    if pocket(at) {
        return regions.wall_around(kind, at);
    }
    kind.origins()
        .iter()
        .filter(|&&o| kind != Kind::Bishop || (DARK & bit(o) != 0) == (DARK & bit(at) != 0))
        .filter(|&&o| regions.walls() & bit(o) == 0 && pocket(o))
        .fold(0, |acc, &o| acc | regions.wall_around(kind, o))
}

/// The size of a largest matching of rows to columns (`can[row]` the allowed columns), and the
/// rows it matches.
fn max_matching(can: &[u16]) -> (u32, u16) {
    fn augment(row: usize, can: &[u16], owner: &mut [usize; 16], seen: &mut u16) -> bool {
        for col in 0..16 {
            if can[row] & (1 << col) != 0 && *seen & (1 << col) == 0 {
                *seen |= 1 << col;
                if owner[col] == usize::MAX || augment(owner[col], can, owner, seen) {
                    owner[col] = row;
                    return true;
                }
            }
        }
        false
    }
    let mut owner = [usize::MAX; 16];
    let mut rows = 0u16;
    // A row once matched stays matched: augmenting paths only change its column.
    for row in 0..can.len() {
        if can[row] != 0 && augment(row, can, &mut owner, &mut 0) {
            rows |= 1 << row;
        }
    }
    (rows.count_ones(), rows)
}

/// The captures the pawns alone need, when every piece is an original man.
fn pawns_only(pawns: u64, missing: u32) -> Result<(), Failure> {
    pawn_plan(pawns, missing).map(|_| ())
}

/// Whether two pawns share a file: some pawn has another somewhere above it.
const fn doubled(pawns: u64) -> bool {
    let mut above = pawns << 8;
    above |= above << 8;
    above |= above << 16;
    above |= above << 32;
    pawns & above != 0
}

/// A feasible assignment of the pawns to distinct starting files, cheaply, with its cost and
/// the files it uses; `None` when the greedy choice finds no file for some pawn. On each file
/// the lowest pawn (the one with least reach) stays; every other pawn, lowest first, takes the
/// nearest file still free that it can have reached (one capture per file, fewer files than
/// ranks gained).
fn greedy_plan(pawns: u64, files: u8) -> Option<(u32, u8)> {
    let mut used = files;
    let mut kept = 0u8;
    let mut cost = 0;
    for s in squares(pawns) {
        let (file, rank) = (file_of(s), rank_of(s));
        if kept & (1 << file) == 0 {
            kept |= 1 << file;
            continue;
        }
        let d = (1..rank).find(|&d| {
            let near = (1u16 << file << d | (1u16 << file) >> d) as u8;
            near & !used != 0
        })?;
        let near = (1u16 << file << d | (1u16 << file) >> d) as u8 & !used;
        used |= near & near.wrapping_neg();
        cost += u32::from(d);
    }
    Some((cost, used))
}

/// The pawns' cheapest assignment to starting files that fits `missing` captures: its cost
/// and the files it uses; else why none does.
fn pawn_plan(pawns: u64, missing: u32) -> Result<(u32, u8), Failure> {
    let mut files = pawns;
    files |= files >> 32;
    files |= files >> 16;
    files |= files >> 8;
    let files = files as u8;
    // Pawns on distinct files can each have stayed on its own: no capture needed.
    if !doubled(pawns) {
        return Ok((0, files));
    }
    // Most doubled pawns settle greedily: one pawn stays on each file, the others each take
    // the nearest file left within reach. A feasible plan that fits settles it, as below.
    if let Some((plan, used)) = greedy_plan(pawns, files)
        && plan <= missing
    {
        return Ok((plan, used));
    }
    // The cheapest assignment that keeps the files in order (pawns sorted by file, then rank,
    // to files from a to h), each pawn within its limit: a dynamic programme over pawns and
    // files. It is a feasible plan, so when it fits the captures available it settles the
    // question; otherwise the exact assignment below decides.
    let mut sorted = [0u8; 8];
    let mut k = 0;
    for file in 0..8u8 {
        for s in squares(pawns & (0x0101_0101_0101_0101 << file)) {
            sorted[k] = s;
            k += 1;
        }
    }
    let step = |i: usize, j: usize| -> i32 {
        let p = sorted[i - 1];
        let d = (i32::from(file_of(p)) - (j as i32 - 1)).abs();
        if d < i32::from(rank_of(p)) { d } else { NO }
    };
    let mut dp = [[0i32; 9]; 9];
    for i in 1..=k {
        dp[i][i - 1] = NO * 8;
        for j in i..=8 {
            dp[i][j] = dp[i][j - 1].min(dp[i - 1][j - 1] + step(i, j));
        }
    }
    let plan = dp[k][8];
    if plan <= missing as i32 {
        let (mut i, mut j, mut used) = (k, 8, 0u8);
        while i > 0 {
            if j > i && dp[i][j] == dp[i][j - 1] {
                j -= 1;
                continue;
            }
            used |= 1 << (j - 1);
            i -= 1;
            j -= 1;
        }
        return Ok((plan as u32, used));
    }
    let mut cost = [[NO; 16]; 16];
    for i in 0..k {
        cost[i][..8].copy_from_slice(&pawn_costs(sorted[i]));
    }
    match assign(&cost, k, 8) {
        None => Err(Failure::Captures {
            need: None,
            missing,
            movers: pawns,
            promoted: 0,
        }),
        Some((total, col_of)) if total as u32 > missing => Err(Failure::Captures {
            need: Some(total as u32),
            missing,
            movers: (0..k)
                .filter(|&i| cost[i][col_of[i]] > 0)
                .fold(0, |acc, i| acc | bit(sorted[i])),
            promoted: 0,
        }),
        Some((total, col_of)) => Ok((
            total as u32,
            (0..k).fold(0u8, |acc, i| acc | 1 << col_of[i]),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64: deterministic, no crate needed.
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The exact minimum over every assignment of the pawns to distinct files.
    fn exact(pawns: u64) -> Option<u32> {
        let mut cost = [[NO; 16]; 16];
        let k = pawns.count_ones() as usize;
        for (i, s) in squares(pawns).enumerate() {
            cost[i][..8].copy_from_slice(&pawn_costs(s));
        }
        assign(&cost, k, 8).map(|(total, _)| total as u32)
    }

    /// A plain reference for [`quick`], written for clarity rather than speed: the fast one must
    /// answer as it does.
    fn reference_quick(own: &Men, walls: u64, standard: bool) -> bool {
        const EDGES: u64 = 0xff | 0xff << 56;
        if standard && own.king != bit(E1) && own.king & walls == 0 {
            let rank1 = u64::from(pockets(walls, Kind::Queen));
            // Both outside any pocket, or (rarely) look closer.
            let clear = rank1 & bit(E1) == 0 && own.king & EDGES & !(0xff & !rank1) == 0;
            if !clear {
                let mut p = Pockets::new(walls, Kind::Queen);
                if p.key(own.king.trailing_zeros() as u8) != p.key(E1) {
                    return false;
                }
            }
        }
        for (kind, origins) in KINDS.into_iter().zip(ORIGINS) {
            let origins = origins & !walls;
            let men = Kind::of(own, kind) & !walls;
            let rest = men & !origins;
            if rest == 0 {
                continue;
            }
            let left = origins & !men;
            let fits = if kind == Kind::Bishop {
                (rest & DARK).count_ones() <= (left & DARK).count_ones()
                    && (rest & !DARK).count_ones() <= (left & !DARK).count_ones()
            } else {
                rest.count_ones() <= left.count_ones()
            };
            if !fits {
                return false;
            }
            if !standard || kind == Kind::Knight {
                continue;
            }
            // Starting squares left over outside first-rank pockets, and no piece on an edge
            // rank: all in the main region (one per colour for bishops, counted above).
            if u64::from(pockets(walls, kind)) & left == 0 && rest & EDGES == 0 {
                continue;
            }
            // At most two starting squares are left: match region keys.
            let mut p = Pockets::new(walls, kind);
            let mut keys = [u16::MAX; 2];
            let mut taken = [false; 2];
            for (k, o) in keys.iter_mut().zip(squares(left)) {
                *k = p.key(o);
            }
            for m in squares(rest) {
                let key = p.key(m);
                match (0..2).find(|&i| !taken[i] && keys[i] == key) {
                    Some(i) => taken[i] = true,
                    None => return false,
                }
            }
        }
        true
    }

    /// Random men of one side, disjoint, each kind up to three, and their walls as
    /// `home_walls` makes them for random castling rights.
    fn random_side(seed: &mut u64) -> (Men, u64) {
        fn pick(seed: &mut u64, taken: &mut u64, max: u64, mask: u64) -> u64 {
            let mut bb = 0u64;
            for _ in 0..rng(seed) % (max + 1) {
                // Near the edges half of the time, where the pockets are.
                let s = if rng(seed).is_multiple_of(2) {
                    let s = rng(seed) % 16;
                    if s < 8 { s } else { 48 + s }
                } else {
                    rng(seed) % 64
                };
                if (*taken | !mask) & (1 << s) == 0 {
                    *taken |= 1 << s;
                    bb |= 1 << s;
                }
            }
            bb
        }
        let mut taken = 0u64;
        let t = &mut taken;
        let mut men = Men {
            pawns: pick(seed, t, 8, 0x00ff_ffff_ffff_ff00),
            king: pick(seed, t, 1, !0),
            ..Men::default()
        };
        // Pawns at home most of the time, where they wall.
        men.pawns |= RANK_2 & !*t & rng(seed);
        *t |= men.pawns;
        men.queens = pick(seed, t, 2, !0);
        men.rooks = pick(seed, t, 3, !0);
        men.bishops = pick(seed, t, 3, !0);
        men.knights = pick(seed, t, 3, !0);
        (men, home_walls(&men, (rng(seed) % 4) as u8, true))
    }

    #[test]
    fn quick_answers_as_its_plain_reference_does() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut yes = 0;
        for _ in 0..200_000 {
            let (men, own) = random_side(&mut seed);
            let (other, theirs) = random_side(&mut seed);
            let walls = own | (theirs & !other.king).swap_bytes() & !men.occupied();
            for standard in [true, false] {
                let got = quick(&men, walls, standard);
                assert_eq!(
                    got,
                    reference_quick(&men, walls, standard),
                    "{men:?} {walls:#x}"
                );
                yes += usize::from(got);
            }
        }
        // Both answers come up often.
        assert!((50_000..350_000).contains(&yes), "{yes}");
    }

    /// A plain reference for [`promotion_costs`]: every promotion square and entry file tried
    /// for each starting file.
    fn reference_promotion_costs(regions: &Regions, kind: Kind, at: u8) -> [i32; 8] {
        let walls = regions.walls();
        let target = regions.region(kind, at);
        let mut out = [NO; 8];
        for x in 0..8u8 {
            let x8 = sq(x, 7);
            if walls & bit(x8) != 0 || regions.region(kind, x8) != target {
                continue;
            }
            for y in x.saturating_sub(1)..=(x + 1).min(7) {
                if walls & bit(sq(y, 6)) != 0 {
                    continue;
                }
                let extra = i32::from(x != y);
                for (s, c) in out.iter_mut().enumerate() {
                    let d = (i32::from(y) - s as i32).abs();
                    if d <= 5 {
                        *c = (*c).min(d + extra);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn promotion_costs_are_those_of_the_plain_reference() {
        let mut seed = 0x5151_7272_9393_b4b4;
        let mut reachable = 0;
        for _ in 0..20_000 {
            let (men, own) = random_side(&mut seed);
            let (other, theirs) = random_side(&mut seed);
            let walls = own | (theirs & !other.king).swap_bytes() & !men.occupied();
            let regions = Regions::new(walls);
            let at = (rng(&mut seed) % 64) as u8;
            for kind in KINDS {
                let got = promotion_costs(&regions, kind, at);
                assert_eq!(
                    got,
                    reference_promotion_costs(&regions, kind, at),
                    "{walls:#x} {kind:?} {at}"
                );
                reachable += usize::from(got.iter().any(|&c| c < NO));
            }
        }
        assert!((10_000..80_000).contains(&reachable), "{reachable}");
    }

    /// Whether two pawns share a file, rank by rank: what `doubled` answers with fills.
    fn reference_doubled(pawns: u64) -> bool {
        let (mut below, mut doubled) = (0u8, 0u8);
        for rank in 0..8 {
            let row = (pawns >> (8 * rank)) as u8;
            doubled |= below & row;
            below |= row;
        }
        doubled != 0
    }

    #[test]
    fn doubled_pawns_are_found_and_undoubled_ones_need_no_capture() {
        let mut seed = 0x1234_5678_9abc_def1;
        let mut both = [0usize; 2];
        for _ in 0..100_000 {
            // Sparse sets, so that both answers come up.
            let pawns = rng(&mut seed) & rng(&mut seed) & rng(&mut seed) & 0x00ff_ffff_ffff_ff00;
            let got = doubled(pawns);
            assert_eq!(got, reference_doubled(pawns), "{pawns:#x}");
            both[usize::from(got)] += 1;
            // The gate in `analyse`: pawns on distinct files fit with no capture at all.
            if !got {
                assert_eq!(
                    pawn_plan(pawns, 0).map(|(cost, _)| cost),
                    Ok(0),
                    "{pawns:#x}"
                );
            }
        }
        assert!(both.iter().all(|&n| n > 10_000), "{both:?}");
    }

    /// The count `quick` starts with, asked without walls, answers as the count of the men and
    /// starting squares off the walls does, for walls that `home_walls` makes.
    #[test]
    fn counts_fit_whatever_the_walls() {
        let mut seed = 0x0bad_cafe_f00d_1234;
        for _ in 0..100_000 {
            let (men, own) = random_side(&mut seed);
            let (other, theirs) = random_side(&mut seed);
            let walls = own | (theirs & !other.king).swap_bytes() & !men.occupied();
            let with_walls = KINDS.into_iter().zip(ORIGINS).all(|(kind, origins)| {
                let rest = Kind::of(&men, kind) & !walls & !origins;
                let left = origins & !walls & !Kind::of(&men, kind);
                if kind == Kind::Bishop {
                    (rest & DARK).count_ones() <= (left & DARK).count_ones()
                        && (rest & !DARK).count_ones() <= (left & !DARK).count_ones()
                } else {
                    rest.count_ones() <= left.count_ones()
                }
            });
            assert_eq!(counts_fit(&men), with_walls, "{men:?} {walls:#x}");
        }
    }

    #[test]
    fn the_pawn_plan_decides_as_the_exact_assignment_does() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut settled_greedily = 0;
        for _ in 0..20_000 {
            // Up to 8 pawns on ranks 2–7, crowded onto few files so that most are doubled.
            let spread = 1 + rng(&mut seed) % 8;
            let first = rng(&mut seed) % (9 - spread);
            let mut pawns = 0u64;
            for _ in 0..1 + rng(&mut seed) % 8 {
                let file = first + rng(&mut seed) % spread;
                let rank = 1 + rng(&mut seed) % 6;
                pawns |= 1 << (rank * 8 + file);
            }
            let files = (0..8).fold(0u8, |acc, r| acc | (pawns >> (8 * r)) as u8);
            let best = exact(pawns);
            if let Some((plan, used)) = greedy_plan(pawns, files) {
                // A feasible plan: never cheaper than the best, one file per pawn.
                assert!(best.is_some_and(|b| plan >= b), "{pawns:#x}");
                assert_eq!(used.count_ones(), pawns.count_ones(), "{pawns:#x}");
                settled_greedily += usize::from(best == Some(plan));
            }
            for missing in 0..10 {
                let got = pawn_plan(pawns, missing);
                match best {
                    Some(b) if b <= missing => {
                        let (plan, used) = got.unwrap_or_else(|f| panic!("{pawns:#x}: {f:?}"));
                        assert!(plan <= missing && used.count_ones() == pawns.count_ones());
                    }
                    Some(b) => assert!(
                        matches!(got, Err(Failure::Captures { need: Some(n), .. }) if n == b),
                        "{pawns:#x} {missing}: {got:?}"
                    ),
                    None => assert!(
                        matches!(got, Err(Failure::Captures { need: None, .. })),
                        "{pawns:#x} {missing}: {got:?}"
                    ),
                }
            }
        }
        // The greedy plan is the best one most of the time, or it would not be worth having.
        assert!(settled_greedily > 10_000, "{settled_greedily}");
    }
}

//! The mate with each piece of the mating side on one square. The union bound (`Net`) lets a
//! piece guard every square it could attack from any square it can reach, so a bishop given
//! one move guards its whole colour and two flights far apart count as guarded by the same
//! rook; with two moves or more nearly every net closes that way. Here each piece stands
//! on one square: for a square `s` of the king's, what it attacks of the nine squares around
//! `s` and the fewest moves that take it there (`options`, a few (mask, moves) pairs, kept per
//! thread by kind, square and `s`), then the masks the pieces reach together within the
//! mating side's moves, piece by piece (`Placed::closes`); a pawn attacks as a pawn until it
//! promotes and as what it became after. The king's square must be checked, each neighbour
//! attacked or taken by a man of the mated side's own, a different man for each, within their
//! moves left (`Blocks`), and a piece standing next to the king guarded by another, or the
//! king takes it. Every real mate is one of these placements on the empty board, so the test
//! only rules out what cannot happen.

use shakmaty::{Bitboard, Square};

use super::blocks::Spare;
use super::reach::{KINDS, Kind, MOST, Tables};
use super::{Find, Net, next_to};

/// `net`'s goal, a mate, with its mating side's pieces placed one square each (see the
/// module), `union` what they check and guard from all their squares at once: the squares of
/// `net.within` where some placement within the moves mates the king (the first found for
/// `Find::Any`), none when no placement closes the net. A king that may castle moves two men:
/// no placement bound for it (all of `net.within`).
#[inline(always)]
pub(super) fn mated_squares(net: &Net, union: (Bitboard, Bitboard), find: Find) -> Bitboard {
    let flights = net.flights;
    if !flights.check || net.guards.castling_king {
        return net.within;
    }
    let config = Config::of(net);
    PLACED.with(|placed| {
        let placed = &mut *placed.borrow_mut();
        let mut found = Bitboard::EMPTY;
        weighed(net, union, |s, left| {
            if placed.closes(net, (s, left), &config) {
                found.add(s);
            }
            find == Find::Any && found.any()
        });
        found
    })
}

/// The squares of `net.within` the placement test weighs, each handed to `visit` with the
/// moves its men have left, until `visit` says to stop: those `union` (what some placement of
/// the pieces attacks, `Net::union`) checks and whose every neighbour it guards or a man can
/// take, each at the fewest of the king's moves that reach it (a square the king reaches
/// sooner leaves its men more moves). Whether `visit` stopped.
#[inline(always)]
fn weighed(
    net: &Net,
    union: (Bitboard, Bitboard),
    mut visit: impl FnMut(Square, usize) -> bool,
) -> bool {
    let flights = net.flights;
    let (checking, guarded) = union;
    let mut seen = Bitboard::EMPTY;
    for k in 0..=flights.moves {
        let left = flights.moves - k;
        let open = !(guarded | flights.layers[left]);
        for s in flights.balls[k] & net.within & !seen & checking & !next_to(open) {
            if visit(s, left) {
                return true;
            }
        }
        seen |= flights.balls[k];
    }
    false
}

/// The king on `s`, its men `left` moves: the neighbours they can take (bit `i`: the `i`th),
/// every square of a mask (bit 0 the king's, bit `i + 1` its `i`th neighbour) and those that
/// must be attacked, the king's square and the neighbours they cannot take.
fn around(net: &Net, (s, left): (Square, usize)) -> (u8, u16, u16) {
    let mut takable: u8 = 0;
    let mut all: u16 = 1;
    for (i, f) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
        if net.flights.layers[left].contains(f) {
            takable |= 1 << i;
        }
        all |= 2 << i;
    }
    (takable, all, all & !(u16::from(takable) << 1))
}

/// Under `net`'s placements (`mated_squares`, every square of the king's it weighs): for each
/// of the mated side's men, what the assignments of men to the flights no placement attacks
/// allow him, added to `men` (`Blocks::assigned`). A placement that closes the net attacks
/// all of one of the largest masks' squares or fewer, so the flights each of those masks
/// leaves open are weighed: an assignment for fewer flights is one for those too. False where
/// a square's masks are too many to list: then no man is bounded.
pub(super) fn assigned(net: &Net, union: (Bitboard, Bitboard), men: &mut [Spare; 16]) -> bool {
    let blocks = &net.flights.blocks;
    let config = Config::of(net);
    PLACED.with(|placed| {
        let placed = &mut *placed.borrow_mut();
        // Stopped: a square's masks too many to list, or the assignments too many to search.
        !weighed(net, union, |s, left| {
            let (takable, _, needed) = around(net, (s, left));
            let kept = placed.kept_at(net, s, &config);
            usize::from(kept.count) > KEPT_MASKS
                || kept.masks[..usize::from(kept.count)].iter().any(|&m| {
                    m & needed == needed
                        && !blocks.assigned(s, takable & !(m >> 1) as u8, (left as u32, 0), men)
                })
        })
    })
}

/// A (state, moves) pair: what a piece attacks of the nine squares around a king's square and
/// which of the eight around it it stands on (`OCCUPIED`), and the fewest moves that take it
/// there.
type Choice = (u32, u8);

/// A state's attacked squares: bit 0 the king's, bit `i + 1` its `i`th neighbour.
const ATTACKED: u32 = 0x1ff;
/// A state's neighbours stood on by the mating side, the attacked bits shifted by `OCCUPIED`:
/// the king could take a piece there that nothing else guards, and the mated side's men
/// cannot block it.
const OCCUPIED: u32 = 8;
/// Every state.
const STATES: usize = 1 << 17;

/// Whether state `p` attacks all that `o` does and stands on no more.
fn covers(p: u32, o: u32) -> bool {
    (p | o) & ATTACKED == p & ATTACKED && (p & !o) >> 9 == 0
}

/// Whether every neighbour stood on is attacked by another piece.
fn guarded(state: u32) -> bool {
    (state >> OCCUPIED) & !state & ATTACKED & !1 == 0
}

/// The king on one square `s` and every piece of the mating side on one square of its own:
/// whether some placement of the pieces within the mating side's moves checks `s` and attacks
/// each square next to it that the mated side's men cannot take within the moves `left`. A
/// piece's square matters only through what it attacks of the nine squares around `s` (bit 0
/// the king's, bit `i + 1` its `i`th neighbour) and which neighbour it stands on, so each
/// piece brings a few (state, moves) options and the states reachable within the moves are
/// built piece by piece.
struct Placed {
    /// The fewest moves that reach each state so far (`u8::MAX`: none).
    best: Vec<u8>,
    /// The states reached, in `best`.
    reached: Vec<u32>,
    next: Vec<u8>,
    reached_next: Vec<u32>,
    /// Where each piece's options (`options`) start in `made`, by kind, square and the king's
    /// square (0: not made yet). They are made when first asked for.
    index: Vec<u32>,
    /// The options made, each list after its length (in the pair's first half).
    made: Vec<Choice>,
    /// The largest masks reached (`reach_all`), by the mating side's men and moves and the
    /// king's square.
    kept: Vec<Kept>,
    /// The masks made since `kept` last grew.
    kept_new: usize,
    /// The bytes all of it may take (`super::limit_caches`).
    limit: usize,
}

/// Slots of `Placed::kept` at first (400 KB); a search that makes more masks than twice as
/// many gets four times as many, up to `KEPT_MOST` (6.3 MB) and as far as the limit lets it:
/// a long helpmate meets the same men of the mating side again and again, between other ones.
const KEPT_SLOTS: usize = 4096;
const KEPT_MOST: usize = 1 << 16;
/// The fewest slots `kept` has.
const KEPT_LEAST: usize = 16;
/// The options' index.
const INDEX: usize = KINDS * 64 * 64;
/// The least room `made` has (a few hundred pieces' options), and the most (1 MB).
const MADE_LEAST: usize = 8192;
const MADE_MOST: usize = 1 << 17;
/// The most states one piece's step of `build` lists before its lists grow: a few hundred in
/// the longest composed helpmates.
const REACHED: usize = 2048;
/// The states (`best`, `next` and the lists of those reached) and the options' index.
const FIXED: usize = 2 * STATES + 2 * REACHED * size_of::<u32>() + INDEX * size_of::<u32>();
/// The bytes a `Placed` takes at least once made: the fixed part, the least room of `made`
/// and the fewest slots of `kept`.
pub(super) const BYTES_LEAST: usize =
    FIXED + MADE_LEAST * size_of::<Choice>() + KEPT_LEAST * size_of::<Kept>();
/// The bytes it may use at most: `kept` grown to `KEPT_MOST` and `made` at its most room.
pub(super) const BYTES_MOST: usize =
    FIXED + MADE_MOST * size_of::<Choice>() + KEPT_MOST * size_of::<Kept>();
/// The most masks one slot lists.
const KEPT_MASKS: usize = 23;
/// Spreads a key's bits.
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// What the masks reached depend on: the mating side's men (kind and square, packed) and its
/// moves.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Config {
    men: [u16; 16],
    count: u8,
    moves: u8,
    /// The rest folded into a slot's index.
    hash: u64,
}

impl Config {
    const NONE: Config = Config {
        men: [0; 16],
        count: 0,
        moves: u8::MAX,
        hash: 0,
    };

    fn of(net: &Net) -> Config {
        let mut config = Config {
            moves: net.attacker.min(u32::from(u8::MAX - 1)) as u8,
            ..Config::NONE
        };
        let mut hash = u64::from(config.moves);
        for (slot, &(kind, sq)) in config.men.iter_mut().zip(net.pieces) {
            *slot = (kind.index() * 64 + sq as usize) as u16;
            hash = (hash.rotate_left(17) ^ u64::from(*slot)).wrapping_mul(MIX);
        }
        config.count = net.pieces.len() as u8;
        config.hash = hash;
        config
    }
}

/// The largest masks some placement reaches around one king's square (`Placed::reach_all`).
#[derive(Clone, Copy)]
struct Kept {
    config: Config,
    s: u8,
    /// How many there are (past `KEPT_MASKS`: too many to list).
    count: u8,
    masks: [u16; KEPT_MASKS],
}

impl Kept {
    const EMPTY: Kept = Kept {
        config: Config::NONE,
        s: 0,
        count: 0,
        masks: [0; KEPT_MASKS],
    };
}

impl Default for Placed {
    fn default() -> Placed {
        Placed {
            best: Vec::new(),
            reached: Vec::new(),
            next: Vec::new(),
            reached_next: Vec::new(),
            index: Vec::new(),
            made: Vec::new(),
            kept: Vec::new(),
            kept_new: 0,
            limit: usize::MAX,
        }
    }
}

impl Placed {
    /// Whether some placement within `net`'s moves mates a king on `s`, its men `left` moves
    /// to take the neighbours not attacked.
    fn closes(&mut self, net: &Net, (s, left): (Square, usize), config: &Config) -> bool {
        let flights = net.flights;
        let tables = net.guards.tables;
        let moves = net.attacker;
        let (takable, all, needed) = around(net, (s, left));
        // Each open neighbour a man of its own, their moves within `left` (`Blocks`).
        let closed = |mask: u16| {
            mask & needed == needed
                && flights
                    .blocks
                    .fit(s, takable & !(mask >> 1) as u8, left as u32)
        };
        let kept = self.kept_at(net, s, config);
        if usize::from(kept.count) <= KEPT_MASKS {
            return kept.masks[..usize::from(kept.count)]
                .iter()
                .any(|&m| closed(m));
        }
        // Each piece's options within the moves, and whether all of them together could do.
        let pieces = net.pieces.len();
        let mut lists = [(0usize, 0usize); 16];
        let mut union: u16 = 0;
        // The moves the pieces after each one need at least (to leave a square they may not
        // stand on).
        let mut idle = [0u32; 17];
        for (i, &(kind, sq)) in net.pieces.iter().enumerate() {
            let at = self.options_at(tables, (kind, sq), s);
            let options = self.listed(at);
            let usable = options.partition_point(|&(_, m)| u32::from(m) <= moves);
            for &(o, _) in &options[..usable] {
                union |= o as u16 & ATTACKED as u16;
            }
            lists[i] = (at, usable);
            idle[i] = u32::from(options[0].1);
        }
        if union & needed != needed {
            return false;
        }
        for i in (0..pieces).rev() {
            idle[i] += idle[i + 1];
        }
        // First what must be attacked alone, a few masks; then every square that matters.
        let needed_state = u32::from(needed);
        if !self.build(&lists[..pieces], &idle, (moves, needed_state), |m| {
            m == needed_state
        }) {
            return false;
        }
        let every = u32::from(all) | (u32::from(all) << OCCUPIED);
        self.build(&lists[..pieces], &idle, (moves, every), |m| {
            guarded(m) && closed(m as u16 & ATTACKED as u16)
        })
    }

    /// The largest masks the mating side's pieces reach around `s` (`reach_all`), the same
    /// for every position of the mated side's men: made once, then kept. Makes the caches at
    /// first use.
    fn kept_at(&mut self, net: &Net, s: Square, config: &Config) -> &Kept {
        if self.index.is_empty() {
            self.best = vec![u8::MAX; STATES];
            self.next = vec![u8::MAX; STATES];
            self.reached = Vec::with_capacity(REACHED);
            self.reached_next = Vec::with_capacity(REACHED);
            self.index = vec![0; INDEX];
            self.made = Vec::with_capacity(self.made_room());
            self.kept = vec![Kept::EMPTY; self.kept_slots(KEPT_SLOTS)];
        }
        // Past half its room (one call adds a few hundred at most), what `made` holds is made
        // anew as it is asked for: it never grows.
        if 2 * self.made.len() > self.made.capacity() {
            self.index.fill(0);
            self.made.clear();
        }
        let hash = (config.hash ^ (s as u64 + 1)).wrapping_mul(MIX);
        let mut slot = (hash >> (64 - self.kept.len().trailing_zeros())) as usize;
        if self.kept[slot].config != *config || self.kept[slot].s != s as u8 {
            let kept = self.reach_all(net, s);
            self.kept_new += 1;
            if self.kept_new > 2 * self.kept.len()
                && self.kept_slots(4 * self.kept.len()) > self.kept.len()
            {
                self.kept = vec![Kept::EMPTY; self.kept.len() * 4];
                self.kept_new = 0;
                slot = (hash >> (64 - self.kept.len().trailing_zeros())) as usize;
            }
            self.kept[slot] = Kept {
                config: *config,
                s: s as u8,
                ..kept
            };
        }
        &self.kept[slot]
    }

    /// The masks the pieces reach around `s` within the moves, the largest only (a mask that
    /// closes the net is in one of them, and a larger one closes it too); more than
    /// `KEPT_MASKS` are not listed (`count` past it).
    fn reach_all(&mut self, net: &Net, s: Square) -> Kept {
        let tables = net.guards.tables;
        let mut lists = [(0usize, 0usize); 16];
        let mut idle = [0u32; 17];
        let pieces = net.pieces.len();
        for (i, &(kind, sq)) in net.pieces.iter().enumerate() {
            let at = self.options_at(tables, (kind, sq), s);
            let options = self.listed(at);
            lists[i] = (
                at,
                options.partition_point(|&(_, m)| u32::from(m) <= net.attacker),
            );
            idle[i] = u32::from(options[0].1);
        }
        for i in (0..pieces).rev() {
            idle[i] += idle[i + 1];
        }
        let mut kept = Kept::EMPTY;
        // Too few moves to take every piece off the squares it may not stand on: none.
        if idle[0] <= net.attacker {
            let every = ATTACKED | (ATTACKED << OCCUPIED);
            self.build(&lists[..pieces], &idle, (net.attacker, every), |_| false);
            // The attacked squares of the placements whose pieces next to the king are guarded,
            // the largest first.
            self.reached
                .sort_unstable_by_key(|&m| std::cmp::Reverse((m & ATTACKED).count_ones()));
            for &m in self.reached.iter().filter(|&&m| guarded(m)) {
                let m = (m & ATTACKED) as u16;
                if kept.masks[..usize::from(kept.count).min(KEPT_MASKS)]
                    .iter()
                    .any(|&k| k & m == m)
                {
                    continue;
                }
                if usize::from(kept.count) < KEPT_MASKS {
                    kept.masks[usize::from(kept.count)] = m;
                }
                kept.count += 1;
                if usize::from(kept.count) > KEPT_MASKS {
                    break;
                }
            }
        }
        kept
    }

    /// Where the options of `piece` around `s` start in `made`, made now when they are not
    /// yet.
    fn options_at(&mut self, tables: &Tables, piece: (Kind, Square), s: Square) -> usize {
        let slot = (piece.0.index() * 64 + piece.1 as usize) * 64 + s as usize;
        if self.index[slot] == 0 {
            let made = options(tables, piece.0, piece.1, s);
            self.index[slot] = self.made.len() as u32 + 1;
            self.made.push((made.len() as u32, 0));
            self.made.extend_from_slice(&made);
        }
        self.index[slot] as usize - 1
    }

    /// The options starting at `at` in `made`.
    fn listed(&self, at: usize) -> &[Choice] {
        &self.made[at + 1..][..self.made[at].0 as usize]
    }

    /// What the limit leaves over the fixed part: an eighth of it (within `MADE_LEAST` and
    /// `MADE_MOST`) is the room of `made`, in options, the rest that of `kept`.
    fn rest(&self) -> usize {
        self.limit.saturating_sub(FIXED)
    }

    fn made_room(&self) -> usize {
        (self.rest() / 8 / size_of::<Choice>()).clamp(MADE_LEAST, MADE_MOST)
    }

    /// The slots `kept` may have, `wanted` at most: a power of four of `KEPT_LEAST`, within
    /// its room and `KEPT_MOST`.
    fn kept_slots(&self, wanted: usize) -> usize {
        let room = self
            .rest()
            .saturating_sub(self.made_room() * size_of::<Choice>());
        let mut slots = KEPT_LEAST;
        while slots < wanted.min(KEPT_MOST) && 4 * slots * size_of::<Kept>() <= room {
            slots *= 4;
        }
        slots
    }

    /// The bytes taken now.
    fn bytes(&self) -> usize {
        self.best.capacity()
            + self.next.capacity()
            + (self.reached.capacity() + self.reached_next.capacity()) * size_of::<u32>()
            + self.index.capacity() * size_of::<u32>()
            + self.made.capacity() * size_of::<Choice>()
            + self.kept.capacity() * size_of::<Kept>()
    }

    /// The states within `moves`, each option read through `bits`, no two pieces on one
    /// square: whether one is `done`.
    fn build(
        &mut self,
        lists: &[(usize, usize)],
        idle: &[u32],
        (moves, bits): (u32, u32),
        done: impl Fn(u32) -> bool,
    ) -> bool {
        for &m in &self.reached {
            self.best[m as usize] = u8::MAX;
        }
        self.reached.clear();
        self.best[0] = 0;
        self.reached.push(0);
        for (i, &(at, usable)) in lists.iter().enumerate() {
            let options = &self.made[at + 1..][..usable];
            for &m in &self.reached_next {
                self.next[m as usize] = u8::MAX;
            }
            self.reached_next.clear();
            // The pieces still to come need this many at least.
            let Some(budget) = moves.checked_sub(idle[i + 1]) else {
                return false;
            };
            for &state in &self.reached {
                let used = self.best[state as usize];
                for &(o, m) in options {
                    let total = used + m;
                    if u32::from(total) > budget {
                        continue;
                    }
                    let o = o & bits;
                    if state & o & !ATTACKED != 0 {
                        continue;
                    }
                    let to = state | o;
                    if done(to) {
                        return true;
                    }
                    let to = to as usize;
                    if self.next[to] == u8::MAX {
                        self.reached_next.push(to as u32);
                    }
                    self.next[to] = self.next[to].min(total);
                }
            }
            std::mem::swap(&mut self.best, &mut self.next);
            std::mem::swap(&mut self.reached, &mut self.reached_next);
        }
        false
    }
}

/// What a piece of `kind` on `sq` can attack of the nine squares around a king on `s` (bit 0
/// the king's square, bit `i + 1` its `i`th neighbour in square order) and the fewest moves it
/// takes, in order of the moves: a mask only where no earlier one holds it. The piece is
/// followed move by move through the states the empty board lets it reach (`Tables::steps`),
/// so a pawn attacks as a pawn until it promotes and as the queen or knight it became after.
/// The first option attacks none of the nine: the piece where it stands (taken there by the
/// mated king, if that is `s`), or a king on or next to `s` one move away. A king gives no
/// check.
fn options(tables: &Tables, kind: Kind, sq: Square, s: Square) -> Vec<Choice> {
    let near = shakmaty::attacks::king_attacks(s);
    let block = near | Bitboard::from_square(s);
    let mut bit = [0u16; 64];
    bit[s as usize] = 1;
    for (i, q) in near.into_iter().enumerate() {
        bit[q as usize] = 2 << i;
    }
    let forbidden = if kind == Kind::King {
        block
    } else {
        Bitboard::from_square(s)
    };
    let mut options = vec![(0u32, u8::from(kind == Kind::King && forbidden.contains(sq)))];
    let mut seen = [Bitboard::EMPTY; KINDS];
    seen[kind.index()].add(sq);
    let mut frontier = vec![(kind, sq)];
    let mut after = Vec::new();
    for m in 0..=MOST {
        for &(k, t) in &frontier {
            if forbidden.contains(t) {
                continue;
            }
            let mut mask = 0u32;
            for q in k.attacks(t) & block {
                mask |= u32::from(bit[q as usize]);
            }
            if k == Kind::King {
                mask &= !1;
            }
            // Attacking none of the nine, the piece does no better than the first option.
            if mask == 0 {
                continue;
            }
            let state = mask | (u32::from(bit[t as usize]) << OCCUPIED);
            if !options.iter().any(|&(o, _)| covers(o, state)) {
                options.push((state, m as u8));
            }
        }
        after.clear();
        for &(k, t) in &frontier {
            for &(nk, nt) in tables.steps(k, t) {
                if !seen[nk.index()].contains(nt) {
                    seen[nk.index()].add(nt);
                    after.push((nk, nt));
                }
            }
        }
        std::mem::swap(&mut frontier, &mut after);
    }
    // Only what no other option does as well with as few moves: the states merged piece by
    // piece grow with every option kept.
    let all = options.clone();
    options.retain(|&(o, m)| {
        !all.iter()
            .any(|&(p, n)| n <= m && covers(p, o) && (p, n) != (o, m))
    });
    options
}

thread_local! {
    /// The masks `Placed` builds, kept on each thread: made once, cleared mask by mask.
    static PLACED: std::cell::RefCell<Placed> = std::cell::RefCell::new(Placed::default());
}

/// Limits this thread's placement test to `bytes` (see `BYTES_LEAST` and `BYTES_MOST`), what
/// it holds freed first when it takes more.
pub(super) fn limit(bytes: usize) {
    PLACED.with(|placed| {
        let placed = &mut *placed.borrow_mut();
        if placed.bytes() > bytes {
            *placed = Placed::default();
        }
        placed.limit = bytes;
    });
}

/// Frees what this thread's placement test holds, its limit kept.
pub(super) fn free() {
    PLACED.with(|placed| {
        let placed = &mut *placed.borrow_mut();
        *placed = Placed {
            limit: placed.limit,
            ..Placed::default()
        };
    });
}

/// The bytes this thread's placement test takes.
#[cfg(test)]
pub(super) fn bytes() -> usize {
    PLACED.with(|placed| placed.borrow().bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::intelligent::tests::{chess, neighbour};
    use crate::solve::intelligent::{Net, goal_in_reach};
    use shakmaty::Color;

    #[test]
    fn a_rook_checks_a_corner_only_after_a_move_and_from_its_rank_or_file() {
        let options = options(Tables::get(), Kind::Rook, Square::A1, Square::H8);
        let checks: Vec<u8> = options
            .iter()
            .filter(|&&(mask, _)| mask & 1 != 0)
            .map(|&(_, m)| m)
            .collect();
        assert_eq!(checks.iter().min(), Some(&1), "{options:?}");
        // Along the eighth rank from a8: the king's square and g8, nothing of the seventh.
        let g8 = 2 << neighbour(Square::H8, Square::G8);
        assert!(options.contains(&(1 | g8, 1)), "{options:?}");
        // Sorted by moves, each mask only at the fewest.
        assert!(options.windows(2).all(|w| w[0].1 <= w[1].1), "{options:?}");
    }

    #[test]
    fn a_pawn_attacks_as_what_it_promotes_to() {
        // A pawn on b7 never checks h8 as a pawn; promoted on b8 it does with one move, along
        // the rank, g8 with it.
        let options = options(Tables::get(), Kind::WhitePawn, Square::B7, Square::H8);
        let g8 = 2 << neighbour(Square::H8, Square::G8);
        assert!(options.contains(&(1 | g8, 1)), "{options:?}");
        // 1.a7 2.a8=Q#: the king on g6 holds g7 and h7; only the promoted pawn checks.
        let pos = chess("7k/8/P5K1/8/8/8/8/8 w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 2, 0, true));
        // With the king on f5 h7 stays open wherever the queen goes.
        let pos = chess("7k/8/P7/5K2/8/8/8/8 w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 2, 0, true));
    }

    #[test]
    fn the_kept_masks_are_those_of_the_mating_sides_own_men_and_moves() {
        // Knight b5 with three moves and knight d5 with five, the king on a4 both times: the
        // masks around g8 kept for the one are not read for the other (the second is on the
        // way to 6.Ne7#, the line of `beispiel-intell-long.inp`'s second h#6).
        let asked = [
            ("6k1/6p1/7q/1N6/K6p/8/4p3/8 w - - 0 1", 3, 2),
            ("6k1/6p1/7q/3N4/K6p/8/4p3/8 w - - 0 1", 5, 4),
            ("6k1/6p1/7q/1N6/K6p/8/4p3/8 w - - 0 1", 3, 2),
        ];
        let alone: Vec<bool> = asked
            .iter()
            .map(|&(fen, a, d)| {
                std::thread::spawn(move || goal_in_reach(&chess(fen), Color::Black, a, d, true))
                    .join()
                    .unwrap()
            })
            .collect();
        let in_turn: Vec<bool> = asked
            .iter()
            .map(|&(fen, a, d)| goal_in_reach(&chess(fen), Color::Black, a, d, true))
            .collect();
        assert_eq!(in_turn, alone);
        assert!(alone[1]);
    }

    #[test]
    fn a_rook_cannot_guard_three_flights_from_two_squares_at_once() {
        // a7, b7 and b8 around the black king: the rook checks and guards two of them from
        // any one square, and the white king is too far for the third. The union of the
        // rook's squares guards all three.
        let pos = chess("k7/8/8/8/8/8/8/2K4R w - - 0 1");
        let open = Net::with(&pos, Color::Black, (2, 0), true, |net| {
            net.open_to(net.union())
        });
        assert_eq!(open, Some(false));
        assert!(!goal_in_reach(&pos, Color::Black, 2, 0, true));
        // With the king two squares nearer the rook's second square is covered.
        let near = chess("k7/8/8/8/2K5/8/8/7R w - - 0 1");
        assert!(goal_in_reach(&near, Color::Black, 3, 0, true));
    }

    #[test]
    fn a_piece_next_to_the_king_must_be_guarded() {
        // Qg7 checks h8 and holds g8 and h7, but alone the king takes it; no other square of
        // the queen's closes the corner.
        let alone = chess("7k/8/8/8/8/8/8/K5Q1 w - - 0 1");
        assert!(!goal_in_reach(&alone, Color::Black, 1, 0, true));
        // The king on f6 guards g7: 1.Qg7#.
        let guarded = chess("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        assert!(goal_in_reach(&guarded, Color::Black, 1, 0, true));
    }

    #[test]
    fn flights_the_mated_side_can_take_need_no_guard() {
        // Black's rook b8 and pawn b7 hold two flights; a rook on the a-file mates.
        let pos = chess("kr6/1p6/8/8/8/8/8/K6R w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 2, 0, true));
        // Without them the rook's one square leaves b7 or b8 open.
        let bare = chess("k7/8/8/8/8/8/8/K6R w - - 0 1");
        assert!(!goal_in_reach(&bare, Color::Black, 2, 0, true));
    }
}

//! Goal-directed help and series play in chess: a test, run before a node's moves are
//! generated, that no line of the moves left can end in the goal, so that the node is passed
//! over without a search. It is a necessary condition of the final position, never a guess,
//! so the solutions found are exactly the exhaustive search's.
//!
//! In a mate the mated king stands on some square `s` it can reach with its own side's moves
//! left; a piece of the mating side checks it there (mate) and each square next to `s` is
//! either attacked by the mating side or taken by one of the mated side's own pieces. Each of
//! those is bounded on the empty board (`reach`): the squares a piece can attack within the
//! mating side's moves left, the squares the mated side's other pieces can stand on within
//! the moves its king does not use. No such `s` for any number of king moves: the goal is out
//! of reach. A stalemate asks the same of the squares next to the king, without the check.
//!
//! The position before the mating side's last move is one the mated side's own move led to,
//! so its king was not in check there (`Before`): it cannot stand on a square that a piece of
//! the mating side which has not moved yet, and cannot have been captured, certainly attacks,
//! nor next to a king that stays; and a king that makes the last move does not land next to it.

mod approach;
mod blocks;
mod frozen;
mod placed;
mod reach;

use shakmaty::{Bitboard, CastlingSide, Chess, Color, EnPassantMode, Position, Rank, Role, Square};

use super::pins::lone_blockers;
pub(crate) use approach::{Targets, approaches, defender_targets};
use blocks::Blocks;
pub(crate) use blocks::Spare;
use reach::{Kind, Tables};

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The most ways of sharing the mating side's moves among its pieces that are tried one by
/// one; beyond it every piece is given all of them at once (a weaker bound, as cheap as one).
const SHARES: u64 = 160;

/// Whether a test of the squares the net closes on stops at the first (`Any`) or finds them
/// all (`All`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Find {
    Any,
    All,
}

/// The parts of the bound (`Net::ruling_out`); all but `TooMobile` are an "or" over the
/// squares the king may be mated on.
#[derive(Clone, Copy)]
enum Part {
    /// Every piece given every move (`Net::union`).
    Union,
    /// A stalemate by one move, too many of the other men free (`too_mobile`), or too many
    /// for the mated side's moves before it (`frozen::too_free`, `frozen::unfreezable`,
    /// `frozen::cannot_all_be_shut_in`).
    TooMobile,
    /// Sharing the moves among the pieces (`Guards::share`).
    Shared,
    /// The mating side's last move (`Guards::last_move_squares`).
    Last,
    /// Each piece on one square (`placed`).
    Placed,
}

/// The mated side's king moves told apart (a stipulation has at most 30 moves a side).
const KING_MOVES: usize = 32;

/// The squares of `within` where `mated`'s king, known to end on one of them, could still be
/// mated (`check`) or stalemated in `pos` with at most `moves` = (`attacker`, `defender`)
/// moves of the other side and of its own: none only when it certainly cannot be; `within`
/// where the bound knows nothing (no king to mate, more than sixteen men to mate with), and
/// narrowed where the placement test finds where.
pub(crate) fn goal_squares(
    pos: &Chess,
    mated: Color,
    moves: (u32, u32),
    check: bool,
    within: Bitboard,
) -> Bitboard {
    Net::within(pos, mated, moves, check, within, |net| {
        net.judge(true, Find::All).unwrap_or(Bitboard::EMPTY)
    })
    .unwrap_or(within)
}

/// Whether `mated` could still be mated (`check`) or stalemated in `pos` with at most
/// `attacker` moves of the other side and `defender` moves of its own; false only when it
/// certainly cannot (`goal_squares` without a square known).
#[cfg(test)]
pub(crate) fn goal_in_reach(
    pos: &Chess,
    mated: Color,
    attacker: u32,
    defender: u32,
    check: bool,
) -> bool {
    in_reach(pos, mated, (attacker, defender), check, true)
}

/// Whether the goal may be in reach, where `legal` tells that the position before the mating
/// side's last move is one the mated side's moves lead to, its king not in check there (see
/// `Before`).
fn in_reach(pos: &Chess, mated: Color, moves: (u32, u32), check: bool, legal: bool) -> bool {
    Net::with(pos, mated, moves, check, |net| {
        net.ruling_out(legal).is_none()
    })
    .unwrap_or(true)
}

/// Both halves of the bound for one position: the mating side's pieces and what they guard,
/// the mated side's king and men (`Flights`).
struct Net<'a> {
    pos: &'a Chess,
    mated: Color,
    pieces: &'a [(Kind, Square)],
    guards: Guards<'a>,
    flights: &'a Flights,
    attacker: u32,
    defender: u32,
    /// The squares the mated king may end on, known from elsewhere (every square when
    /// nothing is): the squares of the net's king are among them.
    within: Bitboard,
}

impl Net<'_> {
    /// `f` of the net of `pos`; `None` where there is no bound (no king to mate, more than
    /// sixteen men to mate with).
    fn with<T>(
        pos: &Chess,
        mated: Color,
        moves: (u32, u32),
        check: bool,
        f: impl FnOnce(&Net) -> T,
    ) -> Option<T> {
        Net::within(pos, mated, moves, check, Bitboard::FULL, f)
    }

    /// `with`, the king's squares known to be among `within`.
    fn within<T>(
        pos: &Chess,
        mated: Color,
        moves: (u32, u32),
        check: bool,
        within: Bitboard,
        f: impl FnOnce(&Net) -> T,
    ) -> Option<T> {
        let (attacker, defender) = moves;
        let king = pos.board().king_of(mated)?;
        let (pieces, n) = pieces_of(pos, !mated)?;
        let tables = Tables::get();
        let defender = defender.min(KING_MOVES as u32 - 1);
        // A king that may still castle moves further than a king: it may guard anything.
        let guards = Guards {
            tables,
            castling_king: pos.castles().has_color(!mated),
        };
        Some(Flights::with(
            pos,
            tables,
            (mated, king),
            (defender, check),
            |flights| {
                f(&Net {
                    pos,
                    mated,
                    pieces: &pieces[..n],
                    guards,
                    flights,
                    attacker,
                    defender,
                    within,
                })
            },
        ))
    }

    /// What the pieces check and guard, every piece given every move (the quick test's net).
    fn union(&self) -> (Bitboard, Bitboard) {
        self.guards.all(self.pieces, self.attacker)
    }

    /// Whether the net stays open even to `union` (the quick test).
    fn open_to(&self, (checking, guarded): (Bitboard, Bitboard)) -> bool {
        !self.flights.closable(checking, guarded, self.within)
    }

    fn before(&self) -> Before {
        let moves = (self.attacker, self.defender);
        Before::new(self.pos, (!self.mated, self.pieces), self.flights, moves)
    }

    /// The part of the bound that rules the goal out (`None`: the goal may be in reach), the
    /// position before the last move weighed when `legal`.
    fn ruling_out(&self, legal: bool) -> Option<Part> {
        self.judge(legal, Find::Any).err()
    }

    /// `ruling_out`, the position before the last move known no better than `before`, which
    /// holds of every position the mated side's moves lead to from another (`Before`); the
    /// men's parries of the last move's check weighed where `parried` (`Checker`).
    fn ruling_out_before(&self, before: &Before, parried: bool) -> Option<Part> {
        self.judge_with((false, parried), Some(before), Find::Any)
            .err()
    }

    /// The part of the bound that rules the goal out, or the squares the king may still be
    /// mated on: those the placement test finds (all of them for `Find::All`), else `within`.
    fn judge(&self, legal: bool, find: Find) -> Result<Bitboard, Part> {
        self.judge_with((legal, legal), None, find)
    }

    /// `judge`, the position before the last move taken as `given` where `legal` is not, the
    /// men's parries weighed where `parried` and that position is known.
    fn judge_with(
        &self,
        (legal, parried): (bool, bool),
        given: Option<&Before>,
        find: Find,
    ) -> Result<Bitboard, Part> {
        let (pieces, flights, guards) = (self.pieces, self.flights, &self.guards);
        let (attacker, defender) = (self.attacker, self.defender);
        let union = self.union();
        if self.open_to(union) {
            return Err(Part::Union);
        }
        if !flights.check
            && legal
            && attacker == 1
            && if defender == 0 {
                too_mobile(self.pos, self.mated)
            } else {
                frozen::too_free(self.pos, self.mated, defender)
                    || frozen::unfreezable(self.pos, self.mated, defender)
            }
        {
            return Err(Part::TooMobile);
        }
        // Too many ways of sharing the moves to try one by one: the union above is the bound.
        if attacker > 1 && shares(pieces.len() as u64, attacker) > SHARES {
            return Ok(self.within);
        }
        let before = match given {
            _ if legal => self.before(),
            Some(&before) => before,
            None => Before::ANY,
        };
        if attacker == 1 {
            // Where the mated side has no move left, no test below this one asks for the
            // squares, and a stalemate may be on any square of the king's: the first is
            // enough. A king that may castle: every square (no piece by piece bound).
            let find = if defender <= 1 || !flights.check {
                Find::Any
            } else {
                find
            };
            // The men's parries (`Checker`) where asked for and that position is known.
            let parries = parried && before.known;
            let around = (&before, 0, self.within);
            let found =
                guards.last_move_squares(pieces, flights, around, parries, find) & self.within;
            return if found.is_empty() {
                Err(Part::Last)
            } else if !flights.check
                && legal
                && defender > 0
                // The dearest test, asked only where every other lets the stalemate through.
                && frozen::cannot_all_be_shut_in(self.pos, self.mated, defender)
            {
                Err(Part::TooMobile)
            } else if find == Find::All {
                Ok(found)
            } else {
                Ok(self.within)
            };
        }
        let shared = (Bitboard::EMPTY, Bitboard::EMPTY);
        if !guards.share(pieces, attacker, shared, self.within, (flights, &before)) {
            return Err(Part::Shared);
        }
        let found = placed::mated_squares(self, union, find);
        if found.is_empty() {
            Err(Part::Placed)
        } else if find == Find::All {
            Ok(found)
        } else {
            Ok(self.within)
        }
    }

    /// Whether every position the goal is in reach of, with these pieces of the mating side
    /// and its moves (two or more), passes the placement test (`judge_with`): a mate, no king
    /// that may castle and few enough ways of sharing the moves to try them one by one.
    fn placed_decides(&self) -> bool {
        self.attacker > 1
            && self.flights.check
            && !self.guards.castling_king
            && shares(self.pieces.len() as u64, self.attacker) <= SHARES
    }

    /// The squares of the pieces that may move (`movers`), none when the goal is out of reach.
    fn movers(&self) -> Bitboard {
        let pieces = self.pieces;
        if self.attacker < 2 || shares(pieces.len() as u64, self.attacker) > SHARES {
            return Bitboard::FULL;
        }
        if self.open_to(self.union()) {
            return Bitboard::EMPTY;
        }
        let before = self.before();
        let mut movers = Bitboard::EMPTY;
        for (i, &(_, sq)) in pieces.iter().enumerate() {
            let around = (self.flights, &before);
            if self.guards.share_moving(pieces, i, self.attacker, around) {
                movers.add(sq);
            }
        }
        movers
    }
}

/// The mating side to move, `attacker` of its moves left with this one: the squares of the
/// pieces whose move may keep the goal in reach. A piece that moves takes one or more of those
/// moves and leaves the others one fewer; its squares after them are among those its square
/// now reaches with as many. When no sharing of the moves that gives it one or more closes
/// the net here, none of its moves can close it later, wherever it goes. A pawn that may step
/// two squares is among them whenever another piece is: the square it passes lets the other
/// side take more. Empty when no piece is (the goal out of reach, as `goal_in_reach` finds it:
/// every sharing gives some piece a move); every square where no bound is known.
pub(crate) fn movers(
    pos: &Chess,
    mated: Color,
    moves: (u32, u32),
    check: bool,
    within: Bitboard,
) -> Bitboard {
    let movers =
        Net::within(pos, mated, moves, check, within, |net| net.movers()).unwrap_or(Bitboard::FULL);
    if movers.is_empty() || movers == Bitboard::FULL {
        return movers;
    }
    let mater = !mated;
    let second = Bitboard::from_rank(mater.relative_rank(Rank::Second));
    movers | (pos.board().pawns() & pos.board().by_color(mater) & second)
}

/// The mating side's pieces in the order the bound shares its moves among them; `None` when
/// there are more than sixteen (no bound then).
fn pieces_of(pos: &Chess, mater: Color) -> Option<([(Kind, Square); 16], usize)> {
    let board = pos.board();
    let mut pieces = [(Kind::King, Square::A1); 16];
    let mut n = 0;
    for role in ROLES {
        let piece = role.of(mater);
        for sq in board.by_piece(piece) {
            *pieces.get_mut(n)? = (Kind::of(piece), sq);
            n += 1;
        }
    }
    Some((pieces, n))
}

/// A stalemate by the mating side's one move, the mated side not moving before it: whether
/// too many of the mated side's other pieces can move for one move to stop them all. A piece
/// that is not pinned and has a step onto an empty square keeps a move unless the move
/// captures it, pins it (the piece moved pins along one line, the square it leaves opens one
/// more) or, for a pawn, lands on its step: at most three pieces. Castling and en passant
/// move or take two men, so a side that still has them is never judged here.
fn too_mobile(pos: &Chess, mated: Color) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(mated) else {
        return false;
    };
    if pos.castles().has_color(!mated) || pos.ep_square(EnPassantMode::Always).is_some() {
        return false;
    }
    let occupied = board.occupied();
    let ours = board.by_color(mated);
    let pinned = lone_blockers(board, king, board.by_color(!mated)) & ours;
    let mut mobile = 0;
    for sq in ours & !board.kings() & !pinned {
        let free = board
            .role_at(sq)
            .is_some_and(|role| frozen::open(sq, role, mated, occupied).any());
        if free {
            mobile += 1;
            if mobile > 3 {
                return true;
            }
        }
    }
    false
}

/// The position before the mating side's last move, one the mated side's own move led to: its
/// king is not in check there. A piece of the mating side that does not move until then and
/// cannot have been captured stands where it is, so the mated king stands neither on its
/// square nor on one it certainly attacks.
///
/// Of the position after a quiet move of the mated side, with one move fewer, it knows at
/// least as much: the men and the king reach no more squares with the moves left than they
/// did with one more from before, so the pieces they cannot capture, the squares those
/// certainly attack and the men a last move may take are as they were or stricter.
#[derive(Clone, Copy)]
struct Before {
    /// The mating side's pieces the mated side cannot capture (its king always).
    kept: Bitboard,
    /// Where a piece may stand in a line then: wherever the mating side's pieces can be after
    /// all of its moves but one, and the mated side's other pieces after all of its moves
    /// (never its king, which stands at the end of the line).
    maybe: Bitboard,
    /// With one move left: what the kept pieces attack, all standing where they are.
    attacked: Bitboard,
    /// The squares a man of the mated side may stand on before the last move: a move of the
    /// mating side's to any other takes nothing.
    takable: Bitboard,
    /// Whether the position is known at all (not `ANY`): then the last move's check is a new
    /// one (`Guards::last_move_squares`).
    known: bool,
}

impl Before {
    /// No knowledge of that position (every square allowed).
    const ANY: Before = Before {
        kept: Bitboard::EMPTY,
        maybe: Bitboard::FULL,
        attacked: Bitboard::EMPTY,
        takable: Bitboard::FULL,
        known: false,
    };

    fn new(
        pos: &Chess,
        side: (Color, &[(Kind, Square)]),
        flights: &Flights,
        moves: (u32, u32),
    ) -> Before {
        let (mater, pieces) = side;
        let (attacker, defender) = moves;
        let board = pos.board();
        let tables = Tables::get();
        let d = defender as usize;
        let mut capturable = flights.balls[d] | flights.layers[d];
        // An en passant capture takes a pawn off a square the capturing pawn never reaches.
        if let Some(ep) = pos.ep_square(EnPassantMode::Always) {
            capturable |= shakmaty::attacks::rook_attacks(ep, Bitboard::FULL);
        }
        let kings = board.kings() & board.by_color(mater);
        let mut kept = (board.by_color(mater) & !capturable) | kings;
        // A rook that may castle moves when its king does, given no move of its own.
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if let Some(rook) = pos.castles().rook(mater, side) {
                kept.discard(rook);
            }
        }
        let mut maybe = flights.layers[d];
        for &(kind, sq) in pieces {
            maybe |= tables.reach(kind, sq, attacker - 1);
        }
        let mut before = Before {
            kept,
            maybe,
            attacked: Bitboard::EMPTY,
            takable: flights.layers[d],
            known: true,
        };
        if attacker == 1 {
            for &(kind, sq) in pieces {
                before.attacked |= before.stays(kind, sq);
            }
        }
        before
    }

    /// The squares a piece that does not move keeps the mated king off: its own and those it
    /// certainly attacks (none when it may have been captured).
    #[inline]
    fn stays(&self, kind: Kind, sq: Square) -> Bitboard {
        if self.kept.contains(sq) {
            kind.attacks_through(sq, self.maybe) | Bitboard::from_square(sq)
        } else {
            Bitboard::EMPTY
        }
    }
}

/// `mated` to move, its last move before the mating side's last: the squares a move of its
/// must land on to keep the goal in reach (a castling always may). The goal needs its king's
/// square or a square next to it changed when it is out of reach with the pieces standing as
/// they are: every other move only takes a piece away from the king's side or an attacker off
/// the board, and the bound only grows with the pieces next to the king and the attackers. It
/// leaves out what the position before the last move rules out (`Before`), which a capture or
/// an interposition elsewhere changes.
pub(crate) fn last_help_squares(pos: &Chess, mated: Color, check: bool) -> Bitboard {
    match pos.board().king_of(mated) {
        Some(king) if !in_reach(pos, mated, (1, 0), check, false) => {
            dilate(Bitboard::from_square(king))
        }
        _ => Bitboard::FULL,
    }
}

/// How many ways there are to share `moves` among `pieces` (the multisets, saturating).
fn shares(pieces: u64, moves: u32) -> u64 {
    if pieces == 0 {
        return 1;
    }
    // C(moves + pieces - 1, moves), computed term by term.
    let mut c: u64 = 1;
    for i in 1..=u64::from(moves) {
        c = c.saturating_mul(pieces - 1 + i) / i;
        if c > SHARES {
            return c;
        }
    }
    c
}

struct Guards<'a> {
    tables: &'a Tables,
    castling_king: bool,
}

impl Guards<'_> {
    #[inline]
    fn guard(&self, kind: Kind, sq: Square, moves: u32) -> Bitboard {
        if kind == Kind::King && self.castling_king {
            Bitboard::FULL
        } else {
            self.tables.guard(kind, sq, moves)
        }
    }

    /// What the pieces check and guard with `moves` each (the king gives no check).
    fn all(&self, pieces: &[(Kind, Square)], moves: u32) -> (Bitboard, Bitboard) {
        let (mut checking, mut guarded) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for &(kind, sq) in pieces {
            let a = self.guard(kind, sq, moves);
            if kind != Kind::King {
                checking |= a;
            }
            guarded |= a;
        }
        (checking, guarded)
    }

    /// The mating side has one move left: one piece makes it, to one square, the others stand
    /// where they are. The squares of `within` where such a move closes the net around a king
    /// that was not in check before it (`before`) and stands neither on the square moved to
    /// nor, when the king moved, next to it (the first found for `Find::Any`), `spent` of the
    /// mated side's moves gone as `Flights::closing` has it; every square for a king that
    /// may castle.
    #[inline(always)]
    fn last_move_squares(
        &self,
        pieces: &[(Kind, Square)],
        flights: &Flights,
        (before, spent, within): (&Before, usize, Bitboard),
        parries: bool,
        find: Find,
    ) -> Bitboard {
        if self.castling_king {
            // Castling moves two pieces at once: no piece by piece bound.
            return Bitboard::FULL;
        }
        let mut found = Bitboard::EMPTY;
        // With no move gone elsewhere, a different man for each open flight.
        let apart = spent == 0;
        self.last_move_nets(
            pieces,
            flights,
            (before, within),
            |net, allowed, checker| {
                let checker = (parries && apart).then_some(&checker);
                found |= flights.closing(net, allowed, (spent, apart, checker), find);
                find == Find::Any && found.any()
            },
        );
        found
    }

    /// The nets of `last_move_squares`, each handed to `visit` with the squares the king may
    /// stand on under it and the move's check (`Checker`), until `visit` says to stop.
    #[inline(always)]
    fn last_move_nets<'p>(
        &self,
        pieces: &'p [(Kind, Square)],
        flights: &Flights,
        (before, within): (&Before, Bitboard),
        mut visit: impl FnMut((Bitboard, Bitboard), Bitboard, Checker<'p>) -> bool,
    ) {
        let allowed = !before.attacked & within;
        let takable = before.takable;
        // The squares the king may end on.
        let ends = allowed & flights.balls[flights.moves];
        for (i, &(kind, sq)) in pieces.iter().enumerate() {
            let others = standing(pieces, i);
            // What the others may check once this piece has left its square (`discovered`),
            // made when a step first needs it.
            let mut uncovered = None;
            for &(k, t) in self.tables.steps(kind, sq) {
                if before.kept.contains(t) {
                    continue;
                }
                let ((mut checking, guarded), mut away) = after_step(others, k, t);
                // No check on a square the king may stand on: no mate (the common case).
                if flights.check && (checking & ends & !away).is_empty() {
                    continue;
                }
                let mut alone = Bitboard::EMPTY;
                if flights.check && before.known {
                    // A mate's check is a new one: the king was not in check before the move
                    // (the mated side's own move led to that position), and the move changes
                    // the lines only where it leaves and lands. A piece that stands checks
                    // after it only through the square left; a pawn's capture may be en
                    // passant, which empties a square of its own.
                    let en_passant =
                        matches!(kind, Kind::WhitePawn | Kind::BlackPawn) && t.file() != sq.file();
                    let mut others_checking = others.0;
                    if !en_passant {
                        let uncovered = *uncovered.get_or_insert_with(|| discovered(pieces, i));
                        checking = after_step((uncovered, others.1), k, t).0.0;
                        others_checking = uncovered;
                    }
                    // Nor does the piece moved check along the line it moved on: it saw the
                    // same squares from where it stood, but past the square it lands on where
                    // that takes a man that stood in the way.
                    if k == kind {
                        checking &= !along(kind, (sq, t), takable.contains(t));
                    }
                    if k != Kind::King {
                        alone = checking & k.attacks(t) & !others_checking;
                    }
                }
                // The king takes a piece moved next to it that no other piece guards.
                if k != Kind::King && !others.1.contains(t) {
                    away |= shakmaty::attacks::king_attacks(t);
                }
                let checker = Checker {
                    pieces,
                    mover: i,
                    at: t,
                    alone,
                };
                if visit((checking, guarded), allowed & !away, checker) {
                    return;
                }
            }
        }
    }

    /// Whether some sharing of `moves` among `pieces` that gives the one at `mover` one or
    /// more of them closes the net (`share`).
    fn share_moving(
        &self,
        pieces: &[(Kind, Square)],
        mover: usize,
        moves: u32,
        around: (&Flights, &Before),
    ) -> bool {
        let mut order = [(Kind::King, Square::A1); 16];
        order[0] = pieces[mover];
        let mut n = 1;
        for (j, &piece) in pieces.iter().enumerate() {
            if j != mover {
                order[n] = piece;
                n += 1;
            }
        }
        let (kind, sq) = order[0];
        let rest = &order[1..n];
        let least = if rest.is_empty() { moves } else { 1 };
        (least..=moves).rev().any(|m| {
            let a = self.guard(kind, sq, m);
            let c = if kind == Kind::King {
                Bitboard::EMPTY
            } else {
                a
            };
            self.share(rest, moves - m, (c, a), Bitboard::FULL, around)
        })
    }

    /// Every way of sharing `moves` among `pieces`, what they attack added to `net`
    /// (checking, then guarded; the king's to guarded alone: a king gives no check): whether
    /// one closes the net around a king on one of the squares `allowed`, which a piece given
    /// no move narrows (`Before::stays`).
    fn share(
        &self,
        pieces: &[(Kind, Square)],
        moves: u32,
        net: (Bitboard, Bitboard),
        allowed: Bitboard,
        around: (&Flights, &Before),
    ) -> bool {
        let (checking, guarded) = net;
        let (flights, before) = around;
        let Some((&(kind, sq), rest)) = pieces.split_first() else {
            return flights.closable(checking, guarded, allowed);
        };
        // The last piece takes what is left: more moves never attack less.
        let least = if rest.is_empty() { moves } else { 0 };
        (least..=moves).rev().any(|m| {
            let a = self.guard(kind, sq, m);
            let c = if kind == Kind::King {
                checking
            } else {
                checking | a
            };
            let allowed = if m == 0 {
                allowed & !before.stays(kind, sq)
            } else {
                allowed
            };
            self.share(rest, moves - m, (c, guarded | a), allowed, around)
        })
    }
}

/// What the pieces but the `mover`th check and guard where they stand (the king gives no
/// check).
#[inline]
fn standing(pieces: &[(Kind, Square)], mover: usize) -> (Bitboard, Bitboard) {
    let (mut checking, mut guarded) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for (j, &(k, s)) in pieces.iter().enumerate() {
        if j != mover {
            let a = k.attacks(s);
            if k != Kind::King {
                checking |= a;
            }
            guarded |= a;
        }
    }
    (checking, guarded)
}

/// The squares a line piece of kind `kind` on `from` attacks beyond `to` along the line
/// through both (none for the other pieces, or where it has no such line).
#[inline]
fn beyond(kind: Kind, from: Square, to: Square) -> Bitboard {
    match kind {
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            shakmaty::attacks::ray(from, to)
                & kind.attacks_through(to, Bitboard::from_square(from))
                & !shakmaty::attacks::between(from, to)
                & !Bitboard::from_square(from)
        }
        _ => Bitboard::EMPTY,
    }
}

/// The squares a line piece of kind `kind` stepping from `from` to `to` attacks along the line
/// of its step, but those past `to` where the step `takes` a man.
#[inline]
fn along(kind: Kind, (from, to): (Square, Square), takes: bool) -> Bitboard {
    match kind {
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            let line = shakmaty::attacks::ray(from, to) & kind.attacks(to);
            if takes {
                line & !beyond(kind, from, to)
            } else {
                line
            }
        }
        _ => Bitboard::EMPTY,
    }
}

/// What the pieces but the `mover`th may check once it has left its square: the squares
/// past it on the lines of the line pieces that see it.
#[inline]
fn discovered(pieces: &[(Kind, Square)], mover: usize) -> Bitboard {
    let from = pieces[mover].1;
    let mut checking = Bitboard::EMPTY;
    for (j, &(k, s)) in pieces.iter().enumerate() {
        if j != mover {
            checking |= beyond(k, s, from);
        }
    }
    checking
}

/// `others` (`standing`) with a piece of kind `k` moved to `t`: what they check and guard
/// together, and the squares the mated king cannot stand on then (`t`; next to a king).
#[inline]
fn after_step(
    others: (Bitboard, Bitboard),
    k: Kind,
    t: Square,
) -> ((Bitboard, Bitboard), Bitboard) {
    let (checking, guarded) = others;
    let a = k.attacks(t);
    if k == Kind::King {
        ((checking, guarded | a), dilate(Bitboard::from_square(t)))
    } else {
        ((checking | a, guarded | a), Bitboard::from_square(t))
    }
}

/// The last move's check as a man of the mated side could parry it: the mating side's
/// pieces, the one that moves (`mover`), the square it lands on and checks from (`at`), and
/// the squares only it checks (`alone`: no other piece's check, discovered or
/// standing, is possible there; empty where the position before the move is not known, or
/// the king moves).
#[derive(Clone, Copy)]
struct Checker<'p> {
    pieces: &'p [(Kind, Square)],
    mover: usize,
    at: Square,
    alone: Bitboard,
}

/// The mated side's half of the net: where its king can stand after each number of its own
/// moves and which squares its other pieces can take within each number of moves.
struct Flights {
    /// `balls[d]`: the king's squares after at most `d` moves.
    balls: [Bitboard; KING_MOVES],
    /// `layers[j]`: the squares its other pieces can stand on after at most `j` moves.
    layers: [Bitboard; KING_MOVES],
    moves: usize,
    check: bool,
    /// Its men one on each flight (`Blocks`), asked by the placement test.
    blocks: Blocks,
}

/// What the mated side's half of the net is made of: its colour, men, king and castlings, its
/// moves and the goal.
#[derive(Clone, Copy, PartialEq, Eq)]
struct FlightsKey {
    mated: Color,
    men: [Bitboard; 5],
    king: Square,
    castles: [bool; 2],
    defender: u32,
    check: bool,
}

impl FlightsKey {
    fn of(pos: &Chess, mated: Color, king: Square, moves: (u32, bool)) -> FlightsKey {
        let board = pos.board();
        let mut men = [Bitboard::EMPTY; 5];
        for (man, role) in men.iter_mut().zip(&ROLES[..5]) {
            *man = board.by_piece(role.of(mated));
        }
        let castles = pos.castles();
        FlightsKey {
            mated,
            men,
            king,
            castles: [
                castles.has(mated, CastlingSide::KingSide),
                castles.has(mated, CastlingSide::QueenSide),
            ],
            defender: moves.0,
            check: moves.1,
        }
    }
}

/// The nets kept on a thread, one for each number of the mated side's moves and goal.
struct Kept {
    nets: Vec<(Option<FlightsKey>, Flights)>,
}

thread_local! {
    /// The last net made on this thread for each number of moves and goal: the positions a
    /// search meets in a row mostly differ in the mating side's men alone, which leave this
    /// half as it was.
    static KEPT: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(Kept { nets: Vec::new() }) };
}

/// The bytes of the nets kept on a thread.
const NETS: usize = 2 * KING_MOVES * size_of::<(Option<FlightsKey>, Flights)>();

/// The bytes the caches of one thread (the nets and the placement test's) take at least once
/// made, and the most they use.
pub(crate) const CACHES: (usize, usize) = (NETS + placed::BYTES_LEAST, NETS + placed::BYTES_MOST);

/// Limits the caches of this thread to `bytes` (`CACHES.0` at least), what they hold freed
/// first when they take more.
pub(crate) fn limit_caches(bytes: usize) {
    placed::limit(bytes.saturating_sub(NETS));
}

/// Frees what the caches of this thread hold (made again on first use).
pub(crate) fn free_caches() {
    KEPT.with(|kept| kept.borrow_mut().nets = Vec::new());
    placed::free();
}

/// The bytes the caches of this thread take now.
#[cfg(test)]
pub(crate) fn cache_bytes() -> usize {
    let nets = KEPT.with(|kept| kept.borrow().nets.capacity());
    nets * size_of::<(Option<FlightsKey>, Flights)>() + placed::bytes()
}

impl Flights {
    fn empty() -> Flights {
        Flights {
            balls: [Bitboard::EMPTY; KING_MOVES],
            layers: [Bitboard::EMPTY; KING_MOVES],
            moves: 0,
            check: false,
            blocks: Blocks::EMPTY,
        }
    }

    /// `f` of the mated side's half of the net in `pos`, made anew only when it differs from
    /// the last one of as many moves made on this thread.
    fn with<T>(
        pos: &Chess,
        tables: &Tables,
        king: (Color, Square),
        moves: (u32, bool),
        f: impl FnOnce(&Flights) -> T,
    ) -> T {
        let key = FlightsKey::of(pos, king.0, king.1, moves);
        KEPT.with(|kept| {
            let nets = &mut kept.borrow_mut().nets;
            if nets.is_empty() {
                nets.resize_with(2 * KING_MOVES, || (None, Flights::empty()));
            }
            let (known, flights) = &mut nets[2 * moves.0 as usize + usize::from(moves.1)];
            if *known != Some(key) {
                flights.fill(pos, tables, king, moves);
                *known = Some(key);
            }
            f(flights)
        })
    }

    /// Made anew in place (no copy of its arrays).
    fn fill(
        &mut self,
        pos: &Chess,
        tables: &Tables,
        king: (Color, Square),
        (defender, check): (u32, bool),
    ) {
        let (mated, king) = king;
        let castled = castling_squares(pos, mated);
        let flights = self;
        flights.moves = defender as usize;
        flights.check = check;
        let mut ball = Bitboard::from_square(king);
        let mut castled_ball = Bitboard::EMPTY;
        // Its men's layers; beyond sixteen (a forced position) every square is taken, which
        // bounds nothing.
        let men = pieces_of(pos, mated);
        let blocks = &mut flights.blocks;
        blocks.reset(men.as_ref().map(|(men, n)| &men[..*n]));
        blocks.layers(tables, &mut flights.layers[..=defender as usize]);
        for d in 0..=defender as usize {
            flights.balls[d] = ball;
            castled_ball = if d == 0 {
                castled
            } else {
                dilate(castled_ball)
            };
            ball = dilate(ball) | castled_ball;
        }
    }

    /// Whether the king has a square among `allowed`, `checking` attacking it where the goal
    /// is mate, whose every neighbour is `guarded` or taken by one of its own pieces, the
    /// king's moves and those pieces' moves within the side's moves. Each open neighbour needs
    /// a piece of its own, so their moves add up.
    #[inline]
    fn closable(&self, checking: Bitboard, guarded: Bitboard, allowed: Bitboard) -> bool {
        self.closing((checking, guarded), allowed, (0, false, None), Find::Any)
            .any()
    }

    /// The squares where `closable` finds the net closable, when `spent` of the mated side's
    /// moves (none or one) have gone to a man not known in advance: each of its men then
    /// counts as that many moves nearer to everything, the moves one fewer. (A move brings one
    /// man nearer to several squares at once, which the sum of each square's nearest man
    /// would count as a move for each.) With `apart`, the flights left open need a different
    /// man each (`Blocks`), and where the last move's `checker` is given, the men who could
    /// parry its check where they stand must move too: dearer, so only where few nets pass
    /// (the last move's).
    #[inline(always)]
    fn closing(
        &self,
        (checking, guarded): (Bitboard, Bitboard),
        allowed: Bitboard,
        (spent, apart, checker): (usize, bool, Option<&Checker>),
        find: Find,
    ) -> Bitboard {
        let wanted = if self.check { checking } else { Bitboard::FULL };
        let mut found = Bitboard::EMPTY;
        let Some(moves) = self.moves.checked_sub(spent) else {
            return found;
        };
        // The balls grow with the moves: no square in the largest, none in any.
        if (self.balls[moves] & wanted & allowed).is_empty() {
            return found;
        }
        let layers = &self.layers[spent..];
        // A square is weighed once, with the most moves left for the men: the king needs no
        // fewer to reach it later, the men have fewer, and fewer moves close no more.
        let mut weighed = Bitboard::EMPTY;
        for d in 0..=moves {
            let left = moves - d;
            let open = !(guarded | layers[left]);
            let reached = self.balls[d] & wanted & allowed & !weighed;
            weighed |= reached;
            for s in reached & !next_to(open) {
                // The sum of each flight's nearest man's moves first, cheaper.
                if blocks_fit(layers, s, guarded, left)
                    && (!apart || self.blocks_fit_apart(s, guarded, left, checker))
                {
                    found.add(s);
                    if find == Find::Any {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// Whether a different man of the king's takes each square next to `s` that is not
    /// `guarded`, and the men who could parry the `checker`'s check of `s` where they stand
    /// move (where it is given), within `left` moves of theirs together (`Blocks::fit`, `Blocks::fit_moving`).
    #[inline]
    fn blocks_fit_apart(
        &self,
        s: Square,
        guarded: Bitboard,
        left: usize,
        checker: Option<&Checker>,
    ) -> bool {
        let must = self.must_move(s, checker);
        if must == 0 && left == 0 {
            // Every flight is taken already, by the men where they stand.
            return true;
        }
        self.blocks
            .fit_moving(s, open_flights(s, guarded), left as u32, must)
    }

    /// The men (bit `j`: the `j`th of `Blocks`) who must move for the king on `s` to be
    /// mated by the `checker`'s check, where it is given and the only one there
    /// (`Blocks::parrying`).
    #[inline]
    fn must_move(&self, s: Square, checker: Option<&Checker>) -> u16 {
        match checker {
            Some(c) if c.alone.contains(s) => self.blocks.parrying(c.pieces, c.mover, c.at, s),
            _ => 0,
        }
    }

    /// Under the net `(checking, guarded)`, the king on one of `allowed`: for each of its men
    /// (in `Blocks`' order), what the assignments of `closing`'s allow him, added to `men`
    /// (`Spare`), the men who could parry the `checker`'s check moving too where it is given.
    /// Each square is weighed as `closing` weighs it, with the most moves left for the men.
    fn assigned(
        &self,
        (checking, guarded): (Bitboard, Bitboard),
        allowed: Bitboard,
        checker: Option<&Checker>,
        men: &mut [Spare; 16],
    ) {
        let wanted = if self.check { checking } else { Bitboard::FULL };
        let layers = &self.layers[..];
        let mut weighed = Bitboard::EMPTY;
        for d in 0..=self.moves {
            let left = self.moves - d;
            let open = !(guarded | layers[left]);
            let reached = self.balls[d] & wanted & allowed & !weighed;
            weighed |= reached;
            for s in reached & !next_to(open) {
                if blocks_fit(layers, s, guarded, left) {
                    let open = open_flights(s, guarded);
                    let must = self.must_move(s, checker);
                    self.blocks.assigned(s, open, (left as u32, must), men);
                }
            }
        }
    }
}

/// The squares next to `s` that are not `guarded`, as bits in square order (`Blocks::fit`).
#[inline]
fn open_flights(s: Square, guarded: Bitboard) -> u8 {
    let mut open = 0u8;
    for (i, q) in shakmaty::attacks::king_attacks(s).into_iter().enumerate() {
        if !guarded.contains(q) {
            open |= 1 << i;
        }
    }
    open
}

/// Whether the king's men, standing on `layers` after each number of moves, reach the
/// squares next to `s` that are not `guarded` within `left` moves, a move for each square at
/// least.
#[inline]
fn blocks_fit(layers: &[Bitboard], s: Square, guarded: Bitboard, left: usize) -> bool {
    let blocks = shakmaty::attacks::king_attacks(s) & !guarded;
    // Each block's distance: the layers it is not yet in, added up. The layers grow with
    // the moves: once every block is in one, it is in all after it.
    let mut moves = 0;
    for layer in &layers[..left] {
        let missing = blocks & !*layer;
        if missing.is_empty() {
            return true;
        }
        moves += missing.count();
        if moves > left {
            return false;
        }
    }
    true
}

/// The squares next to a square of `b` (a square of `b` only when next to another).
#[inline]
fn next_to(b: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let x = b.0;
    let row = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8) | (x << 8) | (x >> 8))
}

/// The square in front of a `colour` pawn on `sq`: its step.
pub(crate) fn pawn_step(sq: Square, colour: Color) -> Option<Square> {
    sq.offset(if colour == Color::White { 8 } else { -8 })
}

/// The squares `colour`'s king castles to, one move away however far (Chess960).
fn castling_squares(pos: &Chess, colour: Color) -> Bitboard {
    let mut castled = Bitboard::EMPTY;
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if pos.castles().has(colour, side) {
            castled.add(side.king_to(colour));
        }
    }
    castled
}

/// The squares at most `steps` king's steps from a square of `b`.
pub(crate) fn king_near(b: Bitboard, steps: u32) -> Bitboard {
    let mut near = b;
    for _ in 0..steps {
        let wider = dilate(near);
        if wider == near {
            break;
        }
        near = wider;
    }
    near
}

/// The squares of `b` and every square next to one of them.
#[inline]
fn dilate(b: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let x = b.0;
    let row = x | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    Bitboard(row | (row << 8) | (row >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// The position of a FEN (standard castling), for the bound's tests.
    pub(super) fn chess(fen: &str) -> Chess {
        Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    /// A fixed sequence of random numbers below each bound asked for (xorshift), from `seed`.
    pub(super) fn xorshift(seed: u64) -> impl FnMut(u64) -> u8 {
        let mut state = seed;
        move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as u8
        }
    }

    /// Black to move with its king and White's on `kings` and `men` (kind index, square) on
    /// the board; `None` when that is no legal position.
    pub(super) fn random_position(kings: (u8, u8), men: &[(usize, u8)]) -> Option<Chess> {
        const MEN: [char; 10] = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'];
        let mut board = shakmaty::Board::empty();
        board.set_piece_at(Square::new(u32::from(kings.0)), Color::White.king());
        board.set_piece_at(Square::new(u32::from(kings.1)), Color::Black.king());
        for &(kind, sq) in men {
            let sq = Square::new(u32::from(sq));
            if board.piece_at(sq).is_none() {
                let piece = shakmaty::Piece::from_char(MEN[kind])?;
                board.set_piece_at(sq, piece);
            }
        }
        let mut setup = shakmaty::Setup::empty();
        setup.board = board;
        setup.turn = Color::Black;
        setup.position(CastlingMode::Standard).ok()
    }

    /// Where `q` stands among the squares next to `s`, in square order (the bit the bound's
    /// masks give it).
    pub(super) fn neighbour(s: Square, q: Square) -> usize {
        shakmaty::attacks::king_attacks(s)
            .into_iter()
            .position(|n| n == q)
            .unwrap()
    }

    /// The bound's answers over `count` random positions and every few moves of both sides,
    /// with this thread's caches limited to `limit`, and the most bytes they took meanwhile.
    fn answers_within(limit: usize, count: u64) -> (Vec<bool>, usize) {
        free_caches();
        limit_caches(limit);
        let (mut answers, mut most) = (Vec::new(), 0);
        // A fixed sequence of positions (xorshift): the same for every limit.
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        for _ in 0..count {
            let kings = (next(64), next(64));
            let men: Vec<(usize, u8)> = (0..2 + next(6))
                .map(|_| (usize::from(next(10)), next(64)))
                .collect();
            let Some(pos) = random_position(kings, &men) else {
                continue;
            };
            for (attacker, defender) in [(1, 0), (2, 1), (3, 1), (3, 2), (4, 3)] {
                answers.push(goal_in_reach(&pos, Color::Black, attacker, defender, true));
                most = most.max(cache_bytes());
            }
        }
        free_caches();
        limit_caches(usize::MAX);
        (answers, most)
    }

    #[test]
    fn the_caches_stay_within_their_limit_and_answer_as_without_one() {
        let (free, unlimited) = answers_within(usize::MAX, 3000);
        for limit in [CACHES.0, CACHES.0 + 200_000] {
            let (limited, most) = answers_within(limit, 3000);
            assert_eq!(limited, free, "limit {limit}");
            assert!(most <= limit, "{most} bytes past the limit {limit}");
        }
        // Without a limit they take more: the limit is what kept them within it.
        assert!(
            unlimited > CACHES.0 + 200_000,
            "{unlimited} bytes without a limit"
        );
    }

    /// The squares Black's king is mated on at the end of every line of `plies` moves from
    /// `pos` (either side to move first).
    fn mated_on(pos: &Chess, plies: u32) -> Bitboard {
        if plies == 0 {
            return match pos.outcome() {
                shakmaty::Outcome::Known(shakmaty::KnownOutcome::Decisive {
                    winner: Color::White,
                }) => pos.board().king_of(Color::Black).into_iter().collect(),
                _ => Bitboard::EMPTY,
            };
        }
        let mut found = Bitboard::EMPTY;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            found |= mated_on(&after, plies - 1);
        }
        found
    }

    #[test]
    fn the_squares_left_hold_every_mate_and_only_squares_within() {
        // Random positions, each line of help play to a mate of Black's king: Black to move
        // with a move each side, White to move with one or with two moves and Black's between.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut mates, mut narrowed) = (0, 0);
        for _ in 0..1500 {
            let kings = (next(64), next(64));
            let men: Vec<(usize, u8)> = (0..2 + next(5))
                .map(|_| (usize::from(next(10)), next(64)))
                .collect();
            let Some(black) = random_position(kings, &men) else {
                continue;
            };
            let mut cases = vec![(black.clone(), (1, 1), 2)];
            if let Ok(white) = black.swap_turn() {
                cases.push((white.clone(), (1, 0), 1));
                cases.push((white, (2, 1), 3));
            }
            // A random half of the board to narrow the squares to.
            let within = Bitboard((0..8).fold(0, |w, _| w << 8 | u64::from(next(256))));
            for (pos, moves, plies) in cases {
                let mated = mated_on(&pos, plies);
                let squares = goal_squares(&pos, Color::Black, moves, true, Bitboard::FULL);
                assert_eq!(mated & !squares, Bitboard::EMPTY, "{moves:?} {}", fen(&pos));
                mates += usize::from(mated.any());
                // Narrowed to a random half of the board: never a square outside it, and
                // still every mate inside it.
                let inside = goal_squares(&pos, Color::Black, moves, true, within);
                assert_eq!(inside & !within, Bitboard::EMPTY, "{moves:?} {}", fen(&pos));
                assert_eq!(mated & within & !inside, Bitboard::EMPTY, "{}", fen(&pos));
                narrowed += usize::from(squares.any() && !inside.any());
            }
        }
        // The positions hold mates, and narrowing rules some goals out.
        assert!(mates > 20, "{mates} positions with a mate");
        assert!(narrowed > 20, "{narrowed} goals ruled out by the narrowing");
    }

    fn fen(pos: &Chess) -> String {
        Fen::from_position(pos, EnPassantMode::Legal).to_string()
    }

    #[test]
    fn a_king_mated_only_outside_the_squares_known_is_out_of_reach() {
        // 1.Rh8# mates the king on a8; not when its king is known to end elsewhere.
        let pos = chess("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        let a8 = Bitboard::from_square(Square::A8);
        assert_eq!(goal_squares(&pos, Color::Black, (1, 0), true, a8), a8);
        assert!(goal_squares(&pos, Color::Black, (1, 0), true, !a8).is_empty());
    }

    #[test]
    fn dilate_stays_on_the_board() {
        assert_eq!(
            dilate(Bitboard::from_square(Square::A1)),
            Bitboard::from_square(Square::A1)
                | Bitboard::from_square(Square::B1)
                | Bitboard::from_square(Square::A2)
                | Bitboard::from_square(Square::B2)
        );
        assert_eq!(dilate(Bitboard::from_square(Square::H4)).count(), 6);
        assert_eq!(next_to(Bitboard::from_square(Square::H4)).count(), 5);
        assert!(!next_to(Bitboard::from_square(Square::D4)).contains(Square::D4));
    }

    #[test]
    fn a_lone_far_knight_cannot_mate_in_one() {
        // Black's king in the corner, White's knight on the other side of the board: no
        // mate with one move each, and none with three of White's alone.
        let pos = chess("k7/8/8/8/8/8/8/4K2N b - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
        assert!(!goal_in_reach(&pos, Color::Black, 3, 0, true));
    }

    #[test]
    fn a_mate_one_move_away_is_in_reach() {
        // 1.Rh8# (the rook checks along the rank, the white king takes the flights).
        let pos = chess("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, true));
        // With the white king far away, one rook move cannot both check and guard b7 and b8,
        // nor can two: from any one square the rook guards one of them at most.
        let pos = chess("k7/8/8/8/8/8/8/6KR w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, true));
        assert!(!goal_in_reach(&pos, Color::Black, 2, 0, true));
    }

    #[test]
    fn the_mated_sides_own_pieces_close_the_flights() {
        // 1.Rh8# only because Black's own pawns close a7 and b7: with b7 empty, out of reach.
        let pos = chess("k7/pp6/8/8/8/8/8/6KR w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, true));
        let pos = chess("k7/p7/8/8/8/8/8/6KR w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, true));
        // A black bishop on d5 never reaches b8 or a7 (the other colour): h#1 is out of reach.
        let pos = chess("k7/8/8/3b4/8/8/8/6KR b - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
        // A black knight on c6 closes b8 with one move, the pawns close a7 and b7: 1...Nb8
        // 2.Rh8# is not excluded.
        let pos = chess("k7/pp6/2n5/8/8/8/8/6KR b - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 1, true));
    }

    #[test]
    fn a_man_who_could_parry_the_check_where_he_stands_must_move_first() {
        // Rh8# with a7 and b7 closed: the knight on g6 could take on h8 and the rook on d8
        // stands in the line, so each needs a move of his own first.
        let pos = chess("k2r4/pp6/6n1/8/8/8/8/6KR b - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, true));
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
        assert!(goal_in_reach(&pos, Color::Black, 1, 2, true));
        // Re1#: the knight on d7 could step between on e5, unless the bishop on b5 pins it.
        let pos = chess("3rkr2/3n1p2/8/1B6/8/8/8/K6R w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, true));
        let pos = chess("3rkr2/3n1p2/8/7B/8/8/8/K6R w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, true));
    }

    #[test]
    fn each_open_flight_needs_moves_of_its_own() {
        // Rh8 checks and guards b8; a7 and b7 need a black knight each (Nc6-a7, Nd6-b7): two
        // moves, though either square is one move away.
        let pos = chess("k7/8/2nn4/8/8/8/8/6KR b - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
        assert!(goal_in_reach(&pos, Color::Black, 1, 2, true));
    }

    #[test]
    fn the_mated_king_was_not_in_check_before_the_last_move() {
        // Ka1, Ka2 and Ka3 step onto the rook's file, Kb3 and Kc3 next to White's king, Kc1
        // into the knight's attack: only Kb1 and Kc2 are legal, and no one move mates there.
        let pos = chess("8/R7/8/8/2K5/3N4/1k6/8 b - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
        // With the rook on h1, 1...Ka3 2.Ra1# is in reach.
        let pos = chess("8/8/8/8/2K5/3N4/1k6/7R b - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 1, true));
    }

    #[test]
    fn the_mating_king_does_not_land_next_to_the_mated_one() {
        // On the empty board Black's Kb5-b4 and White's Ka3-b4 close every flight while the
        // bishop checks; but a king lands neither on the other nor next to it, and b4 is
        // attacked by White's king and bishop before White's move anyway.
        let pos = chess("6b1/8/1p1p4/1k1r2p1/8/K1Bn2N1/8/8 b - - 1 4");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 1, true));
    }

    #[test]
    fn one_move_stops_no_more_than_three_free_pieces() {
        // 1.Bxe7 takes one free knight and uncovers the rook's pin on the other: stalemate.
        let pos = chess("k7/2Q1n3/8/n7/8/B7/8/R6K w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, false));
        // The queen holds the king, but four black pawns can each still step: no one move of
        // White's stalemates, though every flight is covered.
        let pos = chess("k7/2Q5/8/8/4pppp/8/8/K7 w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, false));
        // Three of them may be stopped, as far as counting goes.
        let pos = chess("k7/2Q5/8/8/5ppp/8/8/K7 w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, false));
    }

    #[test]
    fn a_piece_whose_move_leaves_the_others_too_few_does_not_move() {
        // ser-#2: 1.Nc4 (or Nd5) 2.Nb6#. A king's move leaves the knight one move, too few
        // to check; the pawn on h3 never checks. Only the knight may move.
        let pos = chess("k7/ppK5/8/8/8/4N2P/8/8 w - - 0 1");
        let found = movers(&pos, Color::Black, (2, 0), true, Bitboard::FULL);
        assert_eq!(found, Bitboard::from_square(Square::E3));
        // A pawn that may step two squares is always among them.
        let pos = chess("k7/ppK5/8/8/8/4N3/7P/8 w - - 0 1");
        let found = movers(&pos, Color::Black, (2, 0), true, Bitboard::FULL);
        assert_eq!(
            found,
            Bitboard::from_square(Square::E3) | Bitboard::from_square(Square::H2)
        );
        // With the knight out of reach, no piece may move: the goal is out of reach.
        let pos = chess("k7/ppK5/8/8/8/8/7P/7N w - - 0 1");
        assert!(movers(&pos, Color::Black, (2, 0), true, Bitboard::FULL).is_empty());
        assert!(!goal_in_reach(&pos, Color::Black, 2, 0, true));
    }

    #[test]
    fn a_rook_that_may_castle_is_not_kept_where_it_stands() {
        // White may castle both ways: its king and its rooks move together, so neither rook
        // keeps the black king off the squares it sees from its corner.
        let pos = chess("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let mated = Color::Black;
        let king = Square::E8;
        let tables = Tables::get();
        let Some((pieces, n)) = pieces_of(&pos, Color::White) else {
            panic!("three white men");
        };
        let kept = Flights::with(&pos, tables, (mated, king), (1, true), |flights| {
            Before::new(&pos, (Color::White, &pieces[..n]), flights, (2, 1)).kept
        });
        assert!(kept.contains(Square::E1));
        assert!(!kept.contains(Square::A1));
        assert!(!kept.contains(Square::H1));
        // Without the castlings the rooks stand until they move.
        let pos = chess("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        let kept = Flights::with(&pos, tables, (mated, king), (1, true), |flights| {
            Before::new(&pos, (Color::White, &pieces[..n]), flights, (2, 1)).kept
        });
        assert!(kept.contains(Square::A1) && kept.contains(Square::H1));
    }

    #[test]
    fn a_stalemate_needs_no_check() {
        // The king stands unattacked: 1.Kc6 stalemates the king on d8.
        let pos = chess("3k4/3B4/8/2K5/8/8/8/4Q3 w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, false));
        // K+Q v K: 1.Qb6 stalemates; a knight far away cannot.
        let pos = chess("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1");
        assert!(goal_in_reach(&pos, Color::Black, 1, 0, false));
        let pos = chess("k7/8/8/8/8/8/8/4K2N w - - 0 1");
        assert!(!goal_in_reach(&pos, Color::Black, 1, 0, false));
    }
}

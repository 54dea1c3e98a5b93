//! Chess for the solver: shakmaty positions on a copy-make stack, with an incremental Zobrist
//! hash and a bitboard test for moves that may give check.

use shakmaty::attacks;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, Move as SMove, MoveList, Piece, Position,
    Role, Square as SSquare,
};

use super::Rules;
use super::stalemate::Stall;
use crate::core::Square;
use crate::solve::Move;
use crate::solve::goal::{After, Goal, Kind};
use crate::solve::intelligent;
use crate::solve::pins::lone_blockers;

#[derive(Clone)]
pub(crate) struct ChessRules {
    /// The position after each move played, the current one last, with its hash and what the
    /// move that led to it was.
    stack: Vec<(Chess, u64, Kind)>,
    mode: CastlingMode,
}

pub(crate) struct Hint {
    king: Option<SSquare>,
    occupied: Bitboard,
    /// Our pieces that are the only blocker between one of our sliders and their king.
    discoverers: Bitboard,
    /// For each role, the squares from which a piece of ours of that role attacks their king
    /// through the board as it stands. The square a piece leaves would change one only if the
    /// piece stood on such a line to the king with nothing between, checking already, which
    /// no position here allows (shakmaty refuses a side not to move in check, even forced); a
    /// pawn that promotes is looked at whole.
    checks: [Bitboard; 6],
}

/// The intelligent bound of `goal`: a mate's (`true`: with the check) or a stalemate's
/// (`false`: without); the goals of the last move have none.
fn bound_check(goal: Goal) -> Option<bool> {
    match goal {
        Goal::Mate => Some(true),
        Goal::Stalemate => Some(false),
        _ => None,
    }
}

fn piece_key(sq: SSquare, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(sq, piece).0
}

fn castling_key(rights: Bitboard) -> u64 {
    if rights.is_empty() {
        return 0;
    }
    // splitmix64 of the rook squares: distinct rights, distinct keys.
    let mut z = rights.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn ep_key(pos: &Chess) -> u64 {
    pos.maybe_ep_square()
        .map_or(0, |sq| Zobrist64::zobrist_for_en_passant_file(sq.file()).0)
}

fn turn_key(pos: &Chess) -> u64 {
    if pos.turn() == Color::White {
        Zobrist64::zobrist_for_white_turn().0
    } else {
        0
    }
}

/// What `us` moving `m` changes on the board in the hash: the men moved, taken and promoted.
#[inline]
fn moved_key(us: Color, m: SMove) -> u64 {
    match m {
        SMove::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let taken = capture.map_or(0, |c| piece_key(to, c.of(!us)));
            piece_key(from, role.of(us)) ^ taken ^ piece_key(to, promotion.unwrap_or(role).of(us))
        }
        SMove::EnPassant { from, to } => {
            let taken = SSquare::from_coords(to.file(), from.rank());
            piece_key(from, Role::Pawn.of(us))
                ^ piece_key(to, Role::Pawn.of(us))
                ^ piece_key(taken, Role::Pawn.of(!us))
        }
        SMove::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook > king);
            piece_key(king, Role::King.of(us))
                ^ piece_key(side.king_to(us), Role::King.of(us))
                ^ piece_key(rook, Role::Rook.of(us))
                ^ piece_key(side.rook_to(us), Role::Rook.of(us))
        }
        SMove::Put { .. } => 0,
    }
}

/// The hash of `pos` from scratch; `play` keeps it up to date move by move.
pub(crate) fn full_hash(pos: &Chess) -> u64 {
    let mut h = 0;
    for (sq, piece) in pos.board().clone() {
        h ^= piece_key(sq, piece);
    }
    h ^ turn_key(pos) ^ castling_key(pos.castles().castling_rights()) ^ ep_key(pos)
}

impl ChessRules {
    pub(crate) fn new(pos: Chess, mode: CastlingMode) -> ChessRules {
        let mut stack = Vec::with_capacity(128);
        let h = full_hash(&pos);
        stack.push((pos, h, Kind::default()));
        ChessRules { stack, mode }
    }

    #[inline]
    pub(crate) fn pos(&self) -> &Chess {
        &self.stack.last().expect("the root stays on the stack").0
    }

    /// How castling is written (UCI's forms differ in Chess960).
    pub(crate) fn mode(&self) -> CastlingMode {
        self.mode
    }
}

/// What a move is, as the goals ask.
#[inline]
fn kind(m: SMove) -> Kind {
    Kind {
        capture: m.is_capture(),
        en_passant: m.is_en_passant(),
        castling: m.is_castle(),
    }
}

impl After for ChessRules {
    const MATE_NEEDS_CHECK: bool = true;

    #[inline]
    fn in_check(&mut self) -> bool {
        self.pos().is_check()
    }

    #[inline]
    fn has_legal_move(&mut self) -> bool {
        has_legal_move(self.pos())
    }

    #[inline]
    fn last(&self) -> Kind {
        self.stack.last().expect("root").2
    }
}

/// Whether the side to move has a legal move: a square its king can step to first (the usual
/// answer, and the cheap one: no move list), else the whole generator.
#[inline]
fn has_legal_move(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    if let Some(king) = board.king_of(us) {
        let without_king = board.occupied() ^ Bitboard::from_square(king);
        let steps = attacks::king_attacks(king) & !board.by_color(us);
        if steps
            .into_iter()
            .any(|to| board.attacks_to(to, !us, without_king).is_empty())
        {
            return true;
        }
    }
    !pos.legal_moves().is_empty()
}

/// The position after a move on a copy of its own, for a test.
pub(crate) struct Scratch {
    pos: Chess,
    last: Kind,
}

impl After for Scratch {
    const MATE_NEEDS_CHECK: bool = true;

    #[inline]
    fn in_check(&mut self) -> bool {
        self.pos.is_check()
    }

    #[inline]
    fn has_legal_move(&mut self) -> bool {
        has_legal_move(&self.pos)
    }

    #[inline]
    fn last(&self) -> Kind {
        self.last
    }
}

impl Rules for ChessRules {
    type Move = SMove;
    type List = MoveList;
    type Hint = Hint;
    type Scratch = Scratch;
    type Targets = Option<intelligent::Targets>;
    const NO_TARGETS: Option<intelligent::Targets> = None;
    type StallHint = Stall;

    #[inline]
    fn legal(&mut self) -> MoveList {
        self.pos().legal_moves()
    }

    #[inline]
    fn is_legal(&mut self, m: SMove) -> bool {
        self.pos().is_legal(m)
    }

    #[inline]
    fn play(&mut self, m: SMove) {
        // The copy made in place on the stack: the position is copied once.
        let n = self.stack.len();
        self.stack.extend_from_within(n - 1..);
        let (done, top) = self.stack.split_at_mut(n);
        let (before, h, _) = &done[n - 1];
        let (after, h_after, kind_after) = &mut top[0];
        let mut h = *h ^ moved_key(before.turn(), m) ^ Zobrist64::zobrist_for_white_turn().0;
        after.play_unchecked(m);
        let (r0, r1) = (
            before.castles().castling_rights(),
            after.castles().castling_rights(),
        );
        if r0 != r1 {
            h ^= castling_key(r0) ^ castling_key(r1);
        }
        h ^= ep_key(before) ^ ep_key(after);
        *h_after = h;
        *kind_after = kind(m);
    }

    #[inline]
    fn undo(&mut self) {
        debug_assert!(self.stack.len() > 1);
        self.stack.pop();
    }

    fn null(&mut self) -> bool {
        if self.pos().is_check() {
            return false;
        }
        let (pos, h, _) = self.stack.last().expect("root");
        // The other side to move, and no en passant capture any more.
        let h = h ^ Zobrist64::zobrist_for_white_turn().0 ^ ep_key(pos);
        match pos.clone().swap_turn() {
            Ok(p) => {
                debug_assert_eq!(h, full_hash(&p));
                self.stack.push((p, h, Kind::default()));
                true
            }
            Err(_) => false,
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.stack.last().expect("root").1
    }

    #[inline]
    fn hash_after(&self, m: SMove, pass: bool) -> u64 {
        let (pos, h, _) = self.stack.last().expect("root");
        let turn = if pass {
            0
        } else {
            Zobrist64::zobrist_for_white_turn().0
        };
        h ^ moved_key(pos.turn(), m) ^ turn
    }

    #[inline]
    fn exact_hash_after(&self, m: SMove, pass: bool) -> Option<u64> {
        let (pos, _, _) = self.stack.last().expect("root");
        // A pawn's two-square step may open an en passant capture, which a pass closes again.
        let double_step = m.role() == Role::Pawn
            && m.from()
                .is_some_and(|from| from.rank().distance(m.to().rank()) == 2);
        if pos.castles().any() || (double_step && !pass) {
            return None;
        }
        // The move closes the en passant right the position has, if any.
        Some(self.hash_after(m, pass) ^ ep_key(pos))
    }

    fn check_hint(&mut self) -> Hint {
        let pos = self.pos();
        let board = pos.board();
        let us = pos.turn();
        let occupied = board.occupied();
        let king = board.king_of(!us);
        let mut discoverers = Bitboard::EMPTY;
        let mut checks = [Bitboard::EMPTY; 6];
        if let Some(k) = king {
            let diagonal = attacks::bishop_attacks(k, occupied);
            let straight = attacks::rook_attacks(k, occupied);
            checks = [
                attacks::pawn_attacks(!us, k),
                attacks::knight_attacks(k),
                diagonal,
                straight,
                diagonal | straight,
                Bitboard::EMPTY,
            ];
            let ours = board.by_color(us);
            discoverers = lone_blockers(board, k, ours) & ours;
        }
        Hint {
            king,
            occupied,
            discoverers,
            checks,
        }
    }

    #[inline]
    fn may_check(&mut self, hint: &Hint, m: SMove) -> bool {
        let Some(k) = hint.king else { return false };
        match m {
            SMove::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                let direct = match promotion {
                    // The pawn's square may open a line its new piece checks along.
                    Some(piece) => {
                        let occupied = (hint.occupied ^ Bitboard::from_square(from))
                            | Bitboard::from_square(to);
                        attacks::attacks(to, piece.of(self.pos().turn()), occupied).contains(k)
                    }
                    None => hint.checks[role as usize - 1].contains(to),
                };
                direct || (hint.discoverers.contains(from) && !attacks::aligned(from, to, k))
            }
            _ => true,
        }
    }

    fn stall_hint(&mut self) -> Stall {
        Stall::of(self.pos())
    }

    #[inline]
    fn may_stalemate(&mut self, hint: &Stall, m: SMove) -> bool {
        hint.may_stalemate(self.pos(), &m)
    }

    fn supports(_: Goal) -> bool {
        true
    }

    #[inline]
    fn kind(&self, m: SMove) -> Kind {
        kind(m)
    }

    /// On a scratch copy, without the stack or the hash.
    #[inline]
    fn after_move<T>(&mut self, m: SMove, test: impl FnOnce(&mut Scratch) -> T) -> T {
        let mut pos = self.pos().clone();
        pos.play_unchecked(m);
        test(&mut Scratch { pos, last: kind(m) })
    }

    fn goal_squares(&self, goal: Goal, mated_to_move: bool, moves: (u32, u32), within: u64) -> u64 {
        let pos = self.pos();
        let mated = if mated_to_move {
            pos.turn()
        } else {
            !pos.turn()
        };
        let Some(check) = bound_check(goal) else {
            return within;
        };
        intelligent::goal_squares(pos, mated, moves, check, Bitboard(within)).0
    }

    fn last_help_squares(&self, goal: Goal) -> u64 {
        let pos = self.pos();
        let Some(check) = bound_check(goal) else {
            return u64::MAX;
        };
        intelligent::last_help_squares(pos, pos.turn(), check).0
    }

    #[inline]
    fn lands_in(&self, m: SMove, squares: u64) -> bool {
        m.is_castle() || Bitboard(squares).contains(m.to())
    }

    fn movers(&self, goal: Goal, moves: (u32, u32), within: u64) -> u64 {
        let pos = self.pos();
        let Some(check) = bound_check(goal) else {
            return u64::MAX;
        };
        intelligent::movers(pos, !pos.turn(), moves, check, Bitboard(within)).0
    }

    #[inline]
    fn leaves(&self, m: SMove, squares: u64) -> bool {
        m.is_castle() || m.from().is_none_or(|from| Bitboard(squares).contains(from))
    }

    fn defender_targets(
        &self,
        goal: Goal,
        moves: (u32, u32),
        within: u64,
    ) -> Option<intelligent::Targets> {
        let pos = self.pos();
        let check = bound_check(goal)?;
        let within = Bitboard(within);
        Some(intelligent::defender_targets(
            pos,
            pos.turn(),
            moves,
            check,
            within,
        ))
    }

    #[inline]
    fn approaches(&self, m: SMove, targets: &Option<intelligent::Targets>, left: u32) -> bool {
        targets
            .as_ref()
            .is_none_or(|t| intelligent::approaches(&m, self.pos().turn(), t, left))
    }

    fn king_near(&self, within: u64, left: u32) -> u64 {
        intelligent::king_near(Bitboard(within), left).0
    }

    #[inline]
    fn keeps_king_near(&self, m: SMove, near: u64) -> bool {
        if near == u64::MAX {
            return true;
        }
        let pos = self.pos();
        let king = match m {
            SMove::Normal {
                role: Role::King,
                to,
                ..
            } => to,
            // The king's square after castling is not the move's `to`: let it through.
            SMove::Castle { .. } => return true,
            _ => match pos.board().king_of(pos.turn()) {
                Some(king) => king,
                None => return true,
            },
        };
        Bitboard(near).contains(king)
    }

    const BOUNDED: bool = true;
    const CACHES: (usize, usize) = intelligent::CACHES;

    fn limit_caches(bytes: usize) {
        intelligent::limit_caches(bytes);
    }

    fn free_caches() {
        intelligent::free_caches();
    }

    fn public(&self, m: SMove) -> Move {
        // Castling is the king to its destination (e1g1), as UCI writes it in standard chess.
        let to = match m {
            SMove::Castle { king, rook } if self.mode == CastlingMode::Standard => {
                to_square(CastlingSide::from_king_side(rook > king).king_to(self.pos().turn()))
            }
            _ => to_square(m.to()),
        };
        Move {
            from: m.from().map_or(Square::new(0, 0), to_square),
            to,
            promotion: m.promotion().map(to_role),
        }
    }
}

fn to_square(sq: SSquare) -> Square {
    Square::new(sq.file() as u8, sq.rank() as u8)
}

fn to_role(role: Role) -> crate::core::Role {
    use crate::core::Role as R;
    match role {
        Role::King => R::King,
        Role::Queen => R::Queen,
        Role::Rook => R::Rook,
        Role::Bishop => R::Bishop,
        Role::Knight => R::Knight,
        Role::Pawn => R::Pawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn rules(fen: &str) -> ChessRules {
        let pos: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        ChessRules::new(pos, CastlingMode::Standard)
    }

    #[test]
    fn a_move_keeps_the_king_near_the_squares_it_must_end_on_or_is_passed_over() {
        let mut r = rules("r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
        let moves = r.legal();
        let find = |uci: &str| {
            *moves
                .iter()
                .find(|m| m.to_uci(CastlingMode::Standard).to_string() == uci)
                .unwrap()
        };
        let (kd8, ra1, castle) = (find("e8d8"), find("a8a1"), find("e8c8"));
        let near = |s: shakmaty::Square, left| r.king_near(Bitboard::from_square(s).0, left);
        // To end on e8 with no move after this one: only a move that leaves the king there.
        assert!(r.keeps_king_near(ra1, near(shakmaty::Square::E8, 0)));
        assert!(!r.keeps_king_near(kd8, near(shakmaty::Square::E8, 0)));
        // To end on c6: two king's steps from d8 or e8, so one move after this one is too few
        // for either, two enough for both.
        assert!(!r.keeps_king_near(ra1, near(shakmaty::Square::C6, 1)));
        assert!(r.keeps_king_near(ra1, near(shakmaty::Square::C6, 2)));
        assert!(r.keeps_king_near(kd8, near(shakmaty::Square::C6, 2)));
        // Castling moves the king elsewhere than its move's square: always let through, as is
        // every move where nothing is known.
        assert!(r.keeps_king_near(castle, near(shakmaty::Square::H1, 0)));
        assert!(r.keeps_king_near(kd8, r.king_near(u64::MAX, 0)));
    }

    /// Plays every line `depth` plies deep, checking the incremental hash against the hash from
    /// scratch (after each move and after a pass), its guess before the move (`hash_after`)
    /// against it but for the castling and en passant rights, the exact one
    /// (`exact_hash_after`, counted in `seen.1` where it is known) against it, and `may_check`
    /// against the real check.
    fn walk(r: &mut ChessRules, depth: u32, seen: &mut (u64, u64)) {
        if depth == 0 {
            return;
        }
        let hint = r.check_hint();
        for &m in r.legal().iter() {
            let may = r.may_check(&hint, m);
            let guess = (r.hash_after(m, false), r.hash_after(m, true));
            let exact = (r.exact_hash_after(m, false), r.exact_hash_after(m, true));
            let rights = |pos: &Chess| castling_key(pos.castles().castling_rights());
            let before = rights(r.pos()) ^ ep_key(r.pos());
            r.play(m);
            assert_eq!(r.hash(), full_hash(r.pos()), "hash after {m:?}");
            let changed = before ^ rights(r.pos()) ^ ep_key(r.pos());
            assert_eq!(r.hash(), guess.0 ^ changed, "guessed hash after {m:?}");
            assert!(
                exact.0.is_none_or(|h| h == r.hash()),
                "exact hash after {m:?}"
            );
            assert!(may || !r.pos().is_check(), "{m:?} checks unannounced");
            let passing = ep_key(r.pos());
            if r.null() {
                assert_eq!(r.hash(), full_hash(r.pos()), "hash after {m:?} and a pass");
                let changed = changed ^ passing;
                assert_eq!(
                    r.hash(),
                    guess.1 ^ changed,
                    "guessed hash after {m:?} and a pass"
                );
                let known = exact.1.is_some_and(|h| h == r.hash());
                assert!(
                    known || exact.1.is_none(),
                    "exact hash after {m:?} and a pass"
                );
                seen.1 += u64::from(known);
                r.undo();
            }
            seen.0 += 1;
            walk(r, depth - 1, seen);
            r.undo();
        }
    }

    #[test]
    fn incremental_hash_and_check_hint_agree_with_the_position() {
        for fen in [
            // Castling both ways, en passant, promotions with and without capture, discovered
            // checks by every slider.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/1P6/8/2B5/3R4/8/5Q2/4K3 w - - 0 1",
            "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1",
            // A pawn that promotes leaves a square its new piece checks through (d8=Q+ along
            // the file, cxd8=Q+ along the diagonal).
            "8/3P4/8/8/8/8/8/K2k4 w - - 0 1",
            "3r4/2P5/8/k7/8/8/8/K7 w - - 0 1",
        ] {
            let mut r = rules(fen);
            let mut seen = (0, 0);
            walk(&mut r, 3, &mut seen);
            assert!(seen.0 > 100, "{fen}");
            // Where no castling right is left, most hashes are known before the move.
            let rights = r.pos().castles().any();
            assert!(rights || seen.1 > seen.0 / 2, "{fen}: {seen:?}");
        }
    }

    /// The series asks the bound of the position after a pass before the pass, where the
    /// move's hash is known exactly: that position differs only in the side to move, and the
    /// bound answers the same of both (the mated side named the other way round).
    #[test]
    fn the_bound_before_a_pass_answers_as_after_it() {
        // Every number of moves left up to five, mates and stalemates.
        let bound = |r: &ChessRules, mated_to_move| -> Vec<u64> {
            (1..6)
                .flat_map(|left| [Goal::Mate, Goal::Stalemate].map(|g| (g, left)))
                .map(|(g, left)| r.goal_squares(g, mated_to_move, (1, left), u64::MAX))
                .collect()
        };
        let mut asked = 0;
        for fen in [
            // Popeye's ser-h=13 intell 933, ser-h=14 hpint 417, a ser-h#9 and a position with
            // pawns on their first squares (two-square steps, en passant).
            "2k5/3p4/3p4/3p4/3p3B/3p4/3p1K2/R7 b - - 0 1",
            "2k5/2bb4/8/6p1/6p1/5qp1/8/4K3 b - - 0 1",
            "6b1/1p6/1k1p4/3r2p1/1n6/8/1K6/4B2N b - - 0 1",
            "4k3/pppp4/8/4P1P1/8/8/8/R3K3 b - - 0 1",
        ] {
            let mut r = rules(fen);
            let moves = r.legal();
            for &m in moves.iter() {
                let unchanged = r.exact_hash_after(m, false).is_some();
                let passed = r.exact_hash_after(m, true);
                r.play(m);
                if unchanged && !r.pos().is_check() {
                    let before = bound(&r, false);
                    assert!(r.null());
                    assert_eq!(Some(r.hash()), passed, "{fen}: {m:?}");
                    assert_eq!(before, bound(&r, true), "{fen}: {m:?}");
                    asked += 1;
                    r.undo();
                }
                r.undo();
            }
        }
        assert!(asked > 40, "{asked}");
    }

    #[test]
    fn castling_is_written_king_to_destination() {
        let mut r = rules("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
        let castle = r.legal().iter().copied().find(|m| m.is_castle()).unwrap();
        let m = r.public(castle);
        assert_eq!((m.from, m.to), (Square::new(4, 0), Square::new(6, 0)));
    }
}

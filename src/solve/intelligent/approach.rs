//! The mated side's moves that may keep the goal in reach, told apart before they are
//! played: a capture that takes the piece the net needs cannot (`taken`); when the goal is
//! out of reach with one move of that side fewer, only a move that brings its king or a man
//! nearer to where the net could close can bring it back; where the other side's one move
//! left is its last, or it has more and the placement test decides, a man's move must also
//! keep some assignment of men to flights within the moves left (`assigned`), a move to
//! spare counted.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use super::blocks::Spare;
use super::reach::{self, Kind, Tables};
use super::{Before, Find, KING_MOVES, Net, Part, dilate, next_to, placed};

/// The most numbers of moves `defender_targets` tells apart.
pub(crate) const TARGET_MOVES: usize = 8;

/// What the mated side's moves must come nearer to (`defender_targets`).
pub(crate) struct Targets {
    /// For each number `k` of moves, the squares one of its men may come to within `k`
    /// moves, and no sooner than it could before (past the last entry, the last).
    pub(crate) near: [Bitboard; TARGET_MOVES],
    /// The squares its king may come nearer to.
    pub(crate) king: Bitboard,
    /// Each man's square and where his quiet moves may go (`Spare`, `assigned`), where that
    /// is known; a man not listed may not move.
    pub(crate) men: Option<[(Square, Spare); 16]>,
    /// The squares of the other side's pieces a capture may take, the goal staying in reach:
    /// by a man (`[0]`) and by the king (`[1]`) (`taken`).
    pub(crate) taken: [Bitboard; 2],
}

/// The mated side to move, `moves` = (the other side's moves left, its own with this one):
/// where its moves must go for the goal to stay in reach (`Targets`; every square where that
/// bounds nothing).
///
/// The bound asks of the mated side's men only how far they are from the squares next to a
/// square its king may be mated on (`Flights`: the layers, `Blocks`), within the moves its
/// king leaves them, and more of them nearer never closes the net less. So when the goal is
/// out of reach with one move fewer and the men standing as they are, the part of the bound
/// that rules it out is an "or" over the squares the king may be mated on, and each of those
/// squares already needs this move, with the others as they are, to stay open. A move that
/// leaves the king as far as it was from each of those squares, and every man as far as it
/// was from each square next to one within the moves the king leaves it, leaves every square
/// as it was: it is as good as no move. That is weighed without the position before the last
/// move (`Before`), which a move anywhere may change, and with the parent's own moves, one
/// more, for the squares (so a man one move nearer to several squares at once counts once).
/// Captures and promotions change more than distances: `approaches` lets them through, but
/// for a capture that leaves the union test no net (`taken`).
pub(crate) fn defender_targets(
    pos: &Chess,
    mated: Color,
    moves: (u32, u32),
    check: bool,
    within: Bitboard,
) -> Targets {
    let mut every = Targets {
        near: [Bitboard::FULL; TARGET_MOVES],
        king: Bitboard::FULL,
        men: None,
        taken: [Bitboard::FULL; 2],
    };
    let (attacker, defender) = moves;
    let Some(left) = defender.checked_sub(1) else {
        return every;
    };
    // The position before the last move as this one knows it, which holds after every quiet
    // move too (`Before`), and what may be taken.
    let Some((before, taken)) = Net::within(pos, mated, moves, check, within, |net| {
        (net.before(), taken(net))
    }) else {
        return every;
    };
    every.taken = taken;

    // Without this move: which part rules the goal out, and the king's squares by moves.
    let Some(Some((part, balls))) =
        Net::within(pos, mated, (attacker, left), check, within, |net| {
            let part = net.ruling_out_before(&before, false)?;
            Some((part, net.flights.balls))
        })
    else {
        // With a move to spare, and no more, where the goal is a mate: where each man may
        // go. (A stalemate's flights are assigned in many more ways, for little: its men are
        // weighed only with no move to spare.)
        let two_spare = !check
            || left.checked_sub(1).is_none_or(|fewer| {
                Net::within(pos, mated, (attacker, fewer), check, within, |net| {
                    (attacker > 1 && !net.placed_decides())
                        || net.ruling_out_before(&before, true).is_none()
                })
                .unwrap_or(true)
            });
        if !two_spare {
            every.men = Net::within(pos, mated, moves, check, within, |net| {
                assigned(net, attacker, &before)
            })
            .flatten();
        }
        return every;
    };
    // With it: where that part leaves the king a mate, which only coming nearer can keep,
    // for the king's moves; for the men's, with one of them nearer to everything
    // (`Flights::closing`).
    let (king, men, by_man) = Net::within(pos, mated, moves, check, within, |net| {
        let (flights, any) = (net.flights, &Before::ANY);
        let squares = |spent| match part {
            Part::Union => {
                flights.closing(net.union(), net.within, (spent, false, None), Find::All)
            }
            Part::Last => net.guards.last_move_squares(
                net.pieces,
                flights,
                (any, spent, net.within),
                false,
                Find::All,
            ),
            Part::Placed => placed::mated_squares(net, net.union(), Find::All),
            Part::TooMobile | Part::Shared => Bitboard::FULL,
        };
        let king = squares(0);
        let men = match part {
            Part::Union | Part::Last => squares(1),
            _ => king,
        };
        (king, men, assigned(net, attacker, &before))
    })
    .unwrap_or((Bitboard::FULL, Bitboard::FULL, None));
    let left = (left as usize).min(KING_MOVES - 1);
    let mut near = [Bitboard::EMPTY; TARGET_MOVES];
    for (k, t) in near.iter_mut().enumerate().take(left + 1) {
        *t = next_to(balls[left - k] & men);
    }
    Targets {
        near,
        king,
        men: by_man,
        taken,
    }
}

/// The squares of the mating side's pieces a man of the mated side attacks whose capture
/// leaves the union test (`Net::union`) a net to close after it: by a man (`[0]`), by the
/// king (`[1]`). The capture takes that piece's attacks away and leaves the others' as they
/// were; on the mated side's part, a man that captures is one move nearer to everything at
/// most, with one move fewer (`Flights::closing`'s move `spent` on an unknown man), and a
/// king that captures stands where it could be after one of its moves. Either way the net
/// after the capture closes no more than that.
fn taken(net: &Net) -> [Bitboard; 2] {
    let (pieces, flights) = (net.pieces, net.flights);
    let board = net.pos.board();
    let mut taken = [Bitboard::EMPTY; 2];
    let mut rest = [(Kind::King, Square::A1); 16];
    for (i, &(_, sq)) in pieces.iter().enumerate() {
        // A piece no man attacks is not taken (and most are not).
        if board.attacks_to(sq, net.mated, board.occupied()).is_empty() {
            continue;
        }
        let n = pieces.len() - 1;
        rest[..i].copy_from_slice(&pieces[..i]);
        rest[i..n].copy_from_slice(&pieces[i + 1..]);
        let union = net.guards.all(&rest[..n], net.attacker);
        for (by, spent) in taken.iter_mut().zip([1, 0]) {
            if flights
                .closing(union, net.within, (spent, false, None), Find::Any)
                .any()
            {
                by.add(sq);
            }
        }
    }
    taken
}

/// Where each man of the mated side may go (`Targets::men`); `None` where no bound is known.
///
/// After the mated side's move the goal is in reach only if some assignment of men to the
/// open flights of a square fits in the moves left (`Blocks::fit`): under a net of the other
/// side's last move where that is its one move left (weighed with `before`, what the node
/// knows of the position before the last move with its own moves, which a quiet move only
/// narrows: `Before`), under one of its placements where it has more (`placed::assigned`;
/// the placement test decides only for a mate, with the sharings of the moves few enough to
/// try: `Net::placed_decides`). Either net is the mating side's alone, which the mated
/// side's move leaves as it was. A man's quiet move changes his distances alone, by one at
/// most; so that assignment, with his distance before the move, fits in the moves now, and
/// after the move in one fewer: it leaves him out with a move to spare, or his distance to
/// its flight for him grew by less than the moves it leaves to spare (with none to spare, he
/// came nearer).
fn assigned(net: &Net, attacker: u32, before: &Before) -> Option<[(Square, Spare); 16]> {
    let flights = net.flights;
    if net.guards.castling_king || flights.blocks.unbounded() {
        return None;
    }
    let mut flights_of = [Spare::default(); 16];
    if attacker == 1 {
        let around = (before, net.within);
        net.guards
            .last_move_nets(net.pieces, flights, around, |n, allowed, checker| {
                flights.assigned(n, allowed, Some(&checker), &mut flights_of);
                false
            });
    } else if !net.placed_decides() || !placed::assigned(net, net.union(), &mut flights_of) {
        return None;
    }
    let mut men = [(Square::A1, Spare::default()); 16];
    for (j, man) in men.iter_mut().enumerate().take(flights.blocks.len()) {
        *man = (flights.blocks.square(j), flights_of[j]);
    }
    Some(men)
}

/// Whether `m`, a move of the mated side's, may keep the goal in reach given `targets`
/// (`defender_targets`) and the moves `left` after it: a capture must take a piece the net
/// can do without (`Targets::taken`), a man's quiet move must take it nearer to one of them,
/// and where each man's flights are known, to one of his own.
pub(crate) fn approaches(m: &shakmaty::Move, color: Color, targets: &Targets, left: u32) -> bool {
    let shakmaty::Move::Normal {
        role,
        from,
        capture,
        to,
        promotion: None,
    } = *m
    else {
        return true;
    };
    if capture.is_some() {
        return targets.taken[usize::from(role == Role::King)].contains(to);
    }
    if role == Role::King {
        let (from, to) = (Bitboard::from_square(from), Bitboard::from_square(to));
        // Some square the king reaches from `to` within as many moves as from `from`, and
        // sooner: within `k` of `to`, not within `k` of `from`.
        let (mut ahead, mut behind) = (to, from);
        for _ in 0..=left {
            if (ahead & targets.king & !behind).any() {
                return true;
            }
            ahead = dilate(ahead);
            behind = dilate(behind);
        }
        return false;
    }
    let kind = Kind::of(role.of(color));
    if let Some(men) = &targets.men {
        // An assignment of his own still fits after the move.
        let spare = men.iter().find(|&&(sq, _)| sq == from).map(|&(_, s)| s);
        if !spare.is_some_and(|s| s.lets(kind, (from, to))) {
            return false;
        }
    }
    if targets.near[0] == Bitboard::FULL {
        return true;
    }
    let tables = Tables::get();
    (0..=left.min(reach::MOST as u32)).any(|k| {
        let near = targets.near[(k as usize).min(TARGET_MOVES - 1)];
        (tables.reach(kind, to, k) & near & !tables.reach(kind, from, k)).any()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::intelligent::goal_in_reach;
    use crate::solve::intelligent::tests::{chess, random_position, xorshift};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode, Position};

    /// The mated side's moves in `pos` that `approaches` lets through with `moves` left
    /// (the other side's, its own with this one), as UCI.
    fn approaching(pos: &Chess, moves: (u32, u32)) -> Vec<String> {
        approaching_to(pos, moves, true)
    }

    /// `approaching` to a mate (`check`) or a stalemate.
    fn approaching_to(pos: &Chess, moves: (u32, u32), check: bool) -> Vec<String> {
        let mated = pos.turn();
        let targets = defender_targets(pos, mated, moves, check, Bitboard::FULL);
        pos.legal_moves()
            .iter()
            .filter(|m| approaches(m, mated, &targets, moves.1 - 1))
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }

    /// That the goal is out of reach for the bound once the mated side has played `m`, with
    /// `moves` = (the other side's, its own with `m`) before it.
    fn assert_out_of_reach_after(pos: &Chess, m: &shakmaty::Move, moves: (u32, u32), check: bool) {
        let (attacker, defender) = moves;
        let mut after = pos.clone();
        after.play_unchecked(*m);
        let fen = Fen::from_position(&after, EnPassantMode::Legal);
        assert!(
            !goal_in_reach(&after, pos.turn(), attacker, defender - 1, check),
            "{fen} {m:?} ({attacker}, {defender})"
        );
    }

    #[test]
    fn a_move_that_comes_no_nearer_is_as_good_as_none() {
        // Rh8# needs b7 blocked: the knight on e4 gets there in two moves (via c5 or d6), so
        // Black has no move to spare. Its moves towards b7 may keep the mate in reach; one
        // away from it, the pawn's step and the king's steps off a8 (the only square the net
        // closes on) are as good as passing.
        let pos = chess("k7/p7/8/7p/4n3/8/8/6KR b - - 0 1");
        let mut found = approaching(&pos, (1, 2));
        found.sort();
        assert_eq!(found, ["e4c5", "e4d6"]);
        // With a move to spare the king's steps may (its targets are every square), and a
        // man's move that leaves him no further from his flight: the knight towards b7 and
        // the pawn on h5, which no flight needs; not the pawn on a7, which blocks a7 and
        // cannot come back, nor the knight's other moves, each a move further from b7.
        let mut found = approaching(&pos, (1, 3));
        found.sort();
        assert_eq!(found, ["a8b7", "a8b8", "e4c5", "e4d6", "h5h4"]);
        // With two to spare the men are not weighed: every move may.
        assert_eq!(approaching(&pos, (1, 4)).len(), pos.legal_moves().len());
    }

    #[test]
    fn with_two_moves_of_the_other_side_left_a_man_keeps_an_assignment_of_the_placements() {
        // White's two moves place the rook on one square: no placement attacks a7 and b7
        // while the rook checks on a8 (the king cannot come), so the pawn keeps a7 and the
        // knight must reach b7. With a move to spare: the knight towards b7, the free pawn
        // on h5 and the king's steps, not the a-pawn's nor the knight's other moves.
        let pos = chess("k7/p7/8/7p/4n3/8/8/6KR b - - 0 1");
        let mut found = approaching(&pos, (2, 3));
        found.sort();
        assert_eq!(found, ["a8b7", "a8b8", "e4c5", "e4d6", "h5h4"]);
        // No move to spare: only the knight's two moves towards b7.
        let mut found = approaching(&pos, (2, 2));
        found.sort();
        assert_eq!(found, ["e4c5", "e4d6"]);
    }

    #[test]
    fn a_promotion_or_a_capture_that_leaves_a_net_may_keep_the_goal_in_reach() {
        // The pawn's promotion changes more than distances; the knight's capture on g3 leaves
        // White's rook its net.
        let pos = chess("k7/p7/8/8/4n3/6P1/1p6/6KR b - - 0 1");
        let found = approaching(&pos, (1, 2));
        for m in ["e4g3", "b2b1q", "b2b1n"] {
            assert!(found.iter().any(|f| f == m), "{m} in {found:?}");
        }
        // The test is on here: the knight's quiet retreat comes no nearer.
        assert!(!found.iter().any(|f| f == "e4f6"), "{found:?}");
    }

    #[test]
    fn a_capture_is_played_only_where_the_net_can_do_without_what_it_takes() {
        // The rook may take the bishop, White's one piece that could give check: no mate
        // after that. With White's rook on b1 too, it may: the rook mates alone.
        let alone = chess("k2r4/8/8/3B4/8/8/8/7K b - - 0 1");
        assert!(!approaching(&alone, (2, 2)).iter().any(|m| m == "d8d5"));
        let with_rook = chess("k2r4/8/8/3B4/8/8/8/1R5K b - - 0 1");
        assert!(approaching(&with_rook, (2, 2)).iter().any(|m| m == "d8d5"));
        // The king's capture too.
        let pos = chess("8/8/8/8/8/8/1B6/k6K b - - 0 1");
        assert!(!approaching(&pos, (2, 2)).iter().any(|m| m == "a1b2"));
        let pos = chess("8/8/8/8/8/8/1B6/k5RK b - - 0 1");
        assert!(approaching(&pos, (2, 2)).iter().any(|m| m == "a1b2"));
        // Stalemates, each move of Black's counted: the king that takes on g4 may go on to a
        // square two of its moves from h5; the queen that takes on g1 is a move nearer to
        // every flight, with a move fewer.
        let pos = chess("8/8/2B5/7k/2K3P1/8/8/8 b - - 0 1");
        assert!(
            approaching_to(&pos, (2, 3), false)
                .iter()
                .any(|m| m == "h5g4")
        );
        let pos = chess("8/6K1/8/8/1b1p4/8/8/q5Rk b - - 0 1");
        assert!(
            approaching_to(&pos, (2, 3), false)
                .iter()
                .any(|m| m == "a1g1")
        );
    }

    #[test]
    fn every_capture_turned_away_leaves_the_goal_out_of_reach() {
        // Random positions with the mating side's men in reach of the mated side's: every
        // capture `approaches` turns away leaves the goal out of reach for the bound.
        let mut next = xorshift(0x7a4e_11c3_5b0d_9e21u64);
        let (mut turned, mut kept) = ([0; 2], [0; 2]);
        for _ in 0..6000 {
            let kings = (next(64), next(64));
            let men: Vec<(usize, u8)> = (0..2 + next(7))
                .map(|i| (usize::from(next(5)) + if i < 2 { 0 } else { 5 }, next(64)))
                .collect();
            let Some(pos) = random_position(kings, &men) else {
                continue;
            };
            let mated = pos.turn();
            let (attacker, defender) = (1 + u32::from(next(3)), 2 + u32::from(next(3)));
            let check = next(2) == 0;
            let targets =
                defender_targets(&pos, mated, (attacker, defender), check, Bitboard::FULL);
            for m in pos.legal_moves() {
                if !m.is_capture() || m.is_promotion() || m.is_en_passant() {
                    continue;
                }
                let by_king = usize::from(m.role() == Role::King);
                if approaches(&m, mated, &targets, defender - 1) {
                    kept[by_king] += 1;
                    continue;
                }
                turned[by_king] += 1;
                assert_out_of_reach_after(&pos, &m, (attacker, defender), check);
            }
        }
        // By a man and by the king, some captures turned away and some kept.
        for by in 0..2 {
            assert!(turned[by] > 20, "{turned:?} turned away, {kept:?} kept");
            assert!(kept[by] > 20, "{turned:?} turned away, {kept:?} kept");
        }
    }

    /// Of the mated side's moves in `pos` that the flights of every man let through with
    /// `moves` (the other side's, its own with this one), how many the men's own
    /// assignments (`Targets::men`) turn away and how many they keep, each turned away
    /// asserted to leave the goal out of reach; none where the men are not told apart.
    fn turned_away_by_the_men(pos: &Chess, moves: (u32, u32), check: bool) -> (usize, usize) {
        let (mated, left) = (pos.turn(), moves.1 - 1);
        let targets = defender_targets(pos, mated, moves, check, Bitboard::FULL);
        if targets.men.is_none() {
            return (0, 0);
        }
        let any_man = Targets {
            men: None,
            ..targets
        };
        let (mut turned, mut kept) = (0, 0);
        for m in pos.legal_moves() {
            if !approaches(&m, mated, &any_man, left) {
                continue;
            }
            if approaches(&m, mated, &targets, left) {
                kept += 1;
            } else {
                turned += 1;
                assert_out_of_reach_after(pos, &m, moves, check);
            }
        }
        (turned, kept)
    }

    #[test]
    fn a_man_no_assignment_puts_on_a_flight_may_not_move() {
        // The mated side with two to five moves, the other side's one move its last (a
        // series) or two or three (the placements' assignments). Every quiet move the men's
        // own assignments turn away (with no move to spare or one), where the flights of
        // every man let it through, leaves the goal out of reach for the bound, its check of
        // the position before the last move included.
        let mut next = xorshift(0x51_7cc1_b727_220au64);
        let (mut turned, mut kept) = ([0; 4], [0; 4]);
        for _ in 0..6000 {
            let kings = (next(64), next(64));
            // Few men of the mating side, more of the mated side's (kinds 5 to 9).
            let men: Vec<(usize, u8)> = (0..3 + next(8))
                .map(|i| (usize::from(next(5)) + if i < 2 { 0 } else { 5 }, next(64)))
                .collect();
            let Some(pos) = random_position(kings, &men) else {
                continue;
            };
            for defender in 2..6 {
                let check = next(2) == 0;
                let attacker = 1 + u32::from(next(3));
                let (t, k) = turned_away_by_the_men(&pos, (attacker, defender), check);
                turned[attacker as usize] += t;
                kept[attacker as usize] += k;
            }
        }
        // For each number of the other side's moves, the men's own flights turn moves away
        // that the flights of every man let through, and let others through.
        for a in 1..4 {
            assert!(turned[a] > 50, "{turned:?} turned away, {kept:?} kept");
            assert!(kept[a] > 50, "{turned:?} turned away, {kept:?} kept");
        }
    }

    #[test]
    fn among_the_kings_own_men_a_move_turned_away_leaves_the_goal_out_of_reach() {
        // The king to be mated among four to seven of its own men and the other side's one
        // move its last: the men who could take the checking piece or step between where they
        // stand must move, which the assignments count. Every quiet move they turn away,
        // where the flights of every man let it through, leaves the goal out of reach.
        let mut next = xorshift(0x2b_93d1_07e4_5c11u64);
        let (mut turned, mut kept) = (0, 0);
        for _ in 0..6000 {
            let king = next(64);
            let (f, r) = (i32::from(king % 8), i32::from(king / 8));
            // The mating side's line piece and one more of its men (kinds 0 to 4), then the
            // mated side's men (5 to 9) within two squares of its king.
            let mut men = vec![
                (usize::from(next(3)), next(64)),
                (usize::from(next(5)), next(64)),
            ];
            for _ in 0..4 + next(4) {
                let (f, r) = (f + i32::from(next(5)) - 2, r + i32::from(next(5)) - 2);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    men.push((5 + usize::from(next(5)), (r * 8 + f) as u8));
                }
            }
            let Some(pos) = random_position((next(64), king), &men) else {
                continue;
            };
            for defender in 2..5 {
                let (t, k) = turned_away_by_the_men(&pos, (1, defender), true);
                turned += t;
                kept += k;
            }
        }
        assert!(
            turned > 1000 && kept > 1000,
            "{turned} turned away, {kept} kept"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 400,
            failure_persistence: None,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Every move `approaches` turns away leaves the goal out of reach for the bound
        /// itself, its king not in check before the other side's last move included.
        #[test]
        fn a_move_turned_away_leaves_the_goal_out_of_reach(
            men in proptest::collection::vec((0usize..10, 0u8..64), 2..9),
            kings in (0u8..64, 0u8..64),
            attacker in 1u32..4,
            defender in 2u32..5,
            check in proptest::bool::ANY,
        ) {
            let Some(pos) = random_position(kings, &men) else {
                return Ok(());
            };
            let mated = pos.turn();
            let targets = defender_targets(&pos, mated, (attacker, defender), check, Bitboard::FULL);
            for m in pos.legal_moves() {
                if approaches(&m, mated, &targets, defender - 1) {
                    continue;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                let fen = Fen::from_position(&after, EnPassantMode::Legal);
                proptest::prop_assert!(
                    !goal_in_reach(&after, mated, attacker, defender - 1, check),
                    "{} {:?} ({}, {})", fen, m, attacker, defender
                );
            }
        }
    }
}

//! A stalemate by the mating side's one move after some moves of the mated side: every man of
//! the mated side but its king ends without a move. A man that can step onto an empty square
//! now either moves on the way, or every such square is taken by then, or the mating side's
//! last move deals with him. Counting those shows when the mated side has too few moves for
//! its free men.

use shakmaty::{Bitboard, Chess, Color, Position, Rank, Role, attacks};

/// The mated side's `moves` then the other side's one move, which must stalemate: whether too
/// many of the mated side's men can step onto an empty square for that to be possible.
///
/// At the end each of the mated side's men but the king has no move. A man that does not move
/// on the way keeps his square, so each square he can step onto now must be taken by then
/// (`open`): by a man of his own side, which only one of its moves can bring there (a man of
/// the other side on it would be taken), or, for a pawn's step, by the other side's last move.
/// Otherwise that last move takes him, or he stands pinned then; each of the other side's
/// bishops, rooks and queens pins one man at most, and a pawn promoting on that move may add
/// one. So the men that neither move nor have every open square taken by the mated side's
/// `moves` (which move at most `moves` men and land on at most `moves` squares) number at most
/// one (the last move's landing: a capture or a pawn's step; two for a castling) and the pins.
/// Men that cannot move now are not counted: they may only lose squares or be freed, and a
/// freed one only asks more.
pub(super) fn too_free(pos: &Chess, mated: Color, moves: u32) -> bool {
    let board = pos.board();
    let mater = !mated;
    let theirs = board.by_color(mater);
    let seventh = Bitboard::from_rank(mater.relative_rank(Rank::Seventh));
    let pins = (theirs & (board.bishops() | board.rooks() | board.queens())).count()
        + usize::from(!(theirs & board.pawns() & seventh).is_empty());
    let landings = if pos.castles().has_color(mater) { 2 } else { 1 };
    let spare = pins + landings + moves as usize;
    let occupied = board.occupied();
    let men = board.by_color(mated) & !board.kings();
    if men.count() <= spare {
        return false;
    }
    // Each free man's open squares: one or two are enough to tell apart where `moves` is
    // one or two.
    let mut free = 0;
    let mut small = 0;
    let mut single = [0u8; 64];
    let mut pairs = [Bitboard::EMPTY; 16];
    let mut n_pairs = 0;
    for sq in men {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        let open = open(sq, role, mated, occupied);
        if open.is_empty() {
            continue;
        }
        free += 1;
        let count = open.count();
        if count as u32 <= moves {
            small += 1;
        }
        match (count, open.first()) {
            (1, Some(to)) => single[usize::from(to)] += 1,
            (2, _) if n_pairs < pairs.len() => {
                pairs[n_pairs] = open;
                n_pairs += 1;
            }
            _ => {}
        }
    }
    if free <= spare {
        return false;
    }
    // The men whose every open square the mated side's moves can take: with one move, those
    // sharing one square; with two, those within one pair of squares; with more, at most those
    // with no more open squares than moves.
    let closed = match moves {
        1 => usize::from(*single.iter().max().unwrap_or(&0)),
        2 => {
            let (mut first, mut second) = (0, 0);
            for &n in &single {
                if n > first {
                    (first, second) = (n, first);
                } else if n > second {
                    second = n;
                }
            }
            let mut best = usize::from(first) + usize::from(second);
            for &pair in &pairs[..n_pairs] {
                let alike = pairs[..n_pairs].iter().filter(|&&p| p == pair).count();
                let singles: usize = pair
                    .into_iter()
                    .map(|s| usize::from(single[usize::from(s)]))
                    .sum();
                best = best.max(alike + singles);
            }
            best
        }
        _ => small,
    };
    free > spare + closed
}

/// The empty squares a man of `colour` on `sq` can step onto: a pawn's step, a knight's
/// squares, the squares next to a bishop, rook or queen along its lines (each closes a line
/// only when taken). None is a man with no move but for captures.
pub(super) fn open(
    sq: shakmaty::Square,
    role: Role,
    colour: Color,
    occupied: Bitboard,
) -> Bitboard {
    let empty = !occupied;
    match role {
        Role::Pawn => {
            let step = if colour == Color::White { 8 } else { -8 };
            sq.offset(step)
                .map_or(Bitboard::EMPTY, |to| Bitboard::from_square(to) & empty)
        }
        Role::Knight => attacks::knight_attacks(sq) & empty,
        Role::King => Bitboard::EMPTY,
        slider => {
            attacks::king_attacks(sq)
                & attacks::attacks(sq, slider.of(colour), Bitboard::EMPTY)
                & empty
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::intelligent::tests::{chess, random_position, xorshift};
    use shakmaty::EnPassantMode;
    use shakmaty::fen::Fen;

    /// Whether some line of `moves` moves of the side to move (the other side passing between
    /// them) and then one of the other side's stalemates it: the series help stalemate's play.
    fn stalemate_after(pos: &Chess, moves: u32) -> bool {
        pos.legal_moves().iter().any(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if moves > 1 {
                return after
                    .swap_turn()
                    .is_ok_and(|passed| stalemate_after(&passed, moves - 1));
            }
            after.legal_moves().iter().any(|&last| {
                let mut end = after.clone();
                end.play_unchecked(last);
                end.is_stalemate()
            })
        })
    }

    #[test]
    fn seven_free_men_and_one_move_are_too_many_for_a_lone_king() {
        // Four pawns and three knights can step; White's king pins none and lands once.
        let pos = chess("k7/8/2n1n1n1/8/pppp4/8/8/7K b - - 0 1");
        assert!(too_free(&pos, Color::Black, 1));
        assert!(too_free(&pos, Color::Black, 2));
        // Three moves could shut the pawns' steps, as far as counting goes.
        assert!(!too_free(&pos, Color::Black, 3));
        // Four free men are one too many for one move and the king's landing; a rook may
        // pin one more.
        let pos = chess("k7/8/4n3/8/ppp5/8/8/7K b - - 0 1");
        assert!(too_free(&pos, Color::Black, 1));
        let pos = chess("k7/8/4n3/8/ppp5/8/8/R6K b - - 0 1");
        assert!(!too_free(&pos, Color::Black, 1));
    }

    #[test]
    fn men_whose_one_open_square_is_the_same_are_shut_by_one_move() {
        // The rook on a1, the bishop on b1 and the pawn on a3 can each go to a2 alone: one
        // man there shuts all three, which leaves two free pawns, one for the move and one
        // for White's landing.
        let pos = chess("k7/8/8/8/4p3/p7/2p5/rb5K b - - 0 1");
        assert!(!too_free(&pos, Color::Black, 1));
        // With the pawn on a4 instead its square is a3 of its own: four squares to shut.
        let pos = chess("k7/8/8/p7/4p3/8/2p5/rb5K b - - 0 1");
        assert!(too_free(&pos, Color::Black, 1));
        // Two moves: the rook and bishop's a2 and the pawns' a3 and c1 make three covered.
        assert!(!too_free(&pos, Color::Black, 2));
    }

    #[test]
    fn the_last_move_lands_once_or_twice_when_it_castles() {
        // Three pawns each with a step of their own: one moves, one is shut by a man landing
        // on its square, one by White's landing.
        let pos = chess("k7/8/8/1p2p2p/8/8/8/7K b - - 0 1");
        assert!(!too_free(&pos, Color::Black, 1));
        let pos = chess("k7/8/8/1p1pp2p/8/8/8/7K b - - 0 1");
        assert!(too_free(&pos, Color::Black, 1));
        // Castling lands a king and a rook; the rook may also pin.
        let pos = chess("k7/8/8/pp1pp2p/8/8/8/4K2R b K - 0 1");
        assert!(!too_free(&pos, Color::Black, 1));
        let pos = chess("k7/8/8/pp1pp2p/8/8/8/4K2R b - - 0 1");
        assert!(too_free(&pos, Color::Black, 1));
    }

    /// A position where a series help stalemate is often near: Black's king in a corner,
    /// White's queen and maybe a rook or bishop, Black's pawns each blocked by a white one,
    /// and a few free black men (`random_position`'s kinds: 0 to 4 White's, 5 to 9 Black's).
    fn cornered(next: &mut impl FnMut(u64) -> u8) -> Option<Chess> {
        let corner = [0, 7, 56, 63][usize::from(next(4))];
        let mut men = vec![(0, next(64))];
        if next(2) == 0 {
            men.push((1 + usize::from(next(2)), next(64)));
        }
        for _ in 0..2 + next(4) {
            let sq = 16 + next(40);
            men.push((9, sq));
            men.push((4, sq - 8));
        }
        for _ in 0..1 + next(6) {
            men.push((5 + usize::from(next(5)), next(64)));
        }
        random_position((next(64), corner), &men)
    }

    #[test]
    fn a_position_counted_out_has_no_series_help_stalemate() {
        // Wherever the count rules the stalemate out, no line of one or two black moves and
        // a white one reaches it; and it does not rule out every position that has one.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        let (mut ruled_out, mut reached) = (0, 0);
        for _ in 0..4000 {
            let Some(pos) = cornered(&mut next) else {
                continue;
            };
            for moves in 1..3 {
                let stalemate = stalemate_after(&pos, moves);
                let fen = Fen::from_position(&pos, EnPassantMode::Legal);
                if too_free(&pos, Color::Black, moves) {
                    ruled_out += 1;
                    assert!(!stalemate, "{fen} ({moves})");
                } else if stalemate {
                    reached += 1;
                }
            }
        }
        // Both kinds are met (191 and 210 of them here).
        assert!(
            ruled_out > 150 && reached > 150,
            "{ruled_out} ruled out, {reached} reached"
        );
    }
}

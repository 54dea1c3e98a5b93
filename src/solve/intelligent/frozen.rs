//! A stalemate by the mating side's one move after some moves of the mated side: every man of
//! the mated side but its king ends without a move. A man that can step onto an empty square
//! now either moves on the way, or every such square is taken by then, or the mating side's
//! last move deals with him. Counting those shows when the mated side has too few moves for
//! its free men; a knight, bishop, rook or queen its own men cannot shut in within those moves
//! is one the last move must take or pin.

use shakmaty::{Bitboard, Chess, Color, Position, Rank, Role, Square, attacks};

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

/// The mated side's `moves` then the other side's one move, which must stalemate: whether too
/// many of the mated side's pieces can be left without a move by no line of those moves.
///
/// At the end a knight, bishop, rook or queen that is neither taken by the last move nor
/// pinned has a man of its own side on each square next to it along its lines (a knight: on
/// each of its squares): an empty square is a move, and so is one of the other side's men,
/// which the piece could take. Each of those men that is not there yet lands there by a move
/// of its own, and a piece that goes elsewhere first makes moves of its own to get there (one
/// along its lines, else two on the empty board). A piece for which no square asks no more
/// than `moves` of those is dealt with by the last move or stands pinned then, where it may
/// have gone first. The last move takes one man, on a square a man of the other side attacks
/// on the empty board, and pins one more from where it lands (a line piece, or a pawn
/// promoting to one); a line piece that stands pins one man on one of its lines with a square
/// the king may end on beyond him. A pin leaves a knight without a move, a bishop only on a
/// rank or file, a rook only on a diagonal, a queen never: she moves along it. The king ends
/// on one square for every pin; its moves there and a move of each piece taken or pinned
/// elsewhere than where it stands come out of `moves`.
pub(super) fn unfreezable(pos: &Chess, mated: Color, moves: u32) -> bool {
    // Eight moves shut in any piece where it stands.
    if moves >= 8 {
        return false;
    }
    let board = pos.board();
    let ours = board.by_color(mated);
    let pieces = ours & !board.kings() & !board.pawns();
    if pieces.count() < 2 {
        return false;
    }
    // The pieces that cannot be shut in: each square, role and squares one and two moves away.
    let mut hard = [(Square::A1, Role::Pawn, Bitboard::EMPTY, Bitboard::EMPTY); 16];
    let mut n = 0;
    for sq in pieces.into_iter().take(hard.len()) {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        let others = ours.without(sq);
        if at_most(next_squares(sq, role) & !others, moves) {
            continue;
        }
        let (near, far) = squares_within(sq, role);
        if !freezes_within(role, (near, far), others, moves) {
            hard[n] = (sq, role, near, far);
            n += 1;
        }
    }
    let Some(king) = board.king_of(mated).filter(|_| n > 1) else {
        return false;
    };
    let theirs = board.by_color(!mated);
    let seventh = Bitboard::from_rank((!mated).relative_rank(Rank::Seventh));
    let promotes = (theirs & board.pawns() & seventh).any();
    let takes = attacked_on_empty_board(board, theirs);
    // Each standing line piece's square and lines on the empty board.
    let mut standing = [(Square::A1, Bitboard::EMPTY); 14];
    let mut count = 0;
    for by in (theirs & (board.bishops() | board.rooks() | board.queens()))
        .into_iter()
        .take(14)
    {
        if let Some(piece) = board.piece_at(by) {
            standing[count] = (by, attacks::attacks(by, piece, Bitboard::EMPTY));
            count += 1;
        }
    }
    let lines = Lines {
        takes,
        standing: &standing[..count],
        // The lines the last move may pin along: a rook's or a queen's, a bishop's or a
        // queen's.
        movers: (
            promotes || (theirs & (board.rooks() | board.queens())).any(),
            promotes || (theirs & (board.bishops() | board.queens())).any(),
        ),
    };
    // The king ends on one square, and a piece taken or pinned elsewhere than where it stands
    // moves there first, with the moves the king leaves.
    !king_ends(pos, (mated, king), moves)
        .any(|(end, steps)| lines.deal_with(&hard[..n], end, moves - steps))
}

/// The most ways of its men the search of `cannot_all_be_shut_in` weighs; beyond them it lets
/// the position through.
const TOGETHER_STEPS: u32 = 16384;

/// The fewest moves with which `cannot_all_be_shut_in` lets the position through unweighed:
/// with more, Popeye's hpint 417 (ser-h=14) searches the same nodes, and any test pays.
const TOGETHER_MOVES: u32 = 12;

/// The mated side's `moves` then the other side's one move, which must stalemate: whether the
/// mated side's men cannot all be left without a move at once.
///
/// `unfreezable` weighs each piece alone; here every man is given a way to end and all the ways
/// must fit together, where the other side has no bishop, rook or queen to pin with (nor a pawn
/// to promote to one). A knight, bishop, rook or queen ends on a square where its own men hold
/// every square next to it along its lines, or is taken by the last move (one man). The king
/// ends where its own men hold every square next to it the other side may not attack then. A
/// pawn stays with a man in front of it, is taken, or moves. The moves they ask for: each
/// man's own to the square he ends on (a king's steps; one along a piece's lines, else two),
/// and a man landing on each square to hold where none stays or ends, counted once however many
/// men need it, and on each square in front of a pawn that stays where no man stands but for
/// the square the last move lands on. Only the pawns that move may be those: at least as many
/// of them as such squares, and their moves are at least the more of the two. The moves only
/// grow as men are given ways, so a search gives them one man at a time and drops a way as
/// soon as the moves pass `moves`.
pub(super) fn cannot_all_be_shut_in(pos: &Chess, mated: Color, moves: u32) -> bool {
    if moves >= TOGETHER_MOVES {
        return false;
    }
    let board = pos.board();
    let ours = board.by_color(mated);
    let Some(king) = board.king_of(mated) else {
        return false;
    };
    // A castling moves a rook as well as the king: one move, not two.
    if (ours & !board.kings() & !board.pawns()).is_empty() || pos.castles().has_color(mated) {
        return false;
    }
    // With a bishop, rook or queen of the other side, or a pawn that may promote to one, any
    // man might be pinned and many squares guarded: the ways are too many to weigh. So the
    // other side has no castling either, and its last move lands once.
    let theirs = board.by_color(!mated);
    let seventh = Bitboard::from_rank((!mated).relative_rank(Rank::Seventh));
    if (theirs & (board.bishops() | board.rooks() | board.queens())).any()
        || (theirs & board.pawns() & seventh).any()
    {
        return false;
    }
    // The squares the other side may take on, and those it may attack once its last move is
    // made: each man's from where it stands and from each square it may go to, on the empty
    // board.
    let takes = attacked_on_empty_board(board, theirs);
    let mut guarded = takes;
    for by in theirs {
        let Some(piece) = board.piece_at(by) else {
            continue;
        };
        let now = attacks::attacks(by, piece, Bitboard::EMPTY);
        let mut to = now;
        if piece.role == Role::Pawn {
            let second = Bitboard::from_rank(piece.color.relative_rank(Rank::Second));
            let one = super::pawn_step(by, piece.color);
            let two = one
                .filter(|_| second.contains(by))
                .and_then(|one| super::pawn_step(one, piece.color));
            to.extend(one);
            to.extend(two);
        }
        guarded |= to
            .into_iter()
            .fold(now, |b, t| b | attacks::attacks(t, piece, Bitboard::EMPTY));
    }
    let together = Together {
        ours,
        occupied: board.occupied(),
        moves,
    };
    let start = Shut::default();
    let mut kings = [(Square::A1, 0); 64];
    let mut n_kings = 0;
    for (end, travel) in king_ends(pos, (mated, king), moves) {
        kings[n_kings] = (end, travel);
        n_kings += 1;
    }
    let ways = Ways {
        pos,
        mated,
        kings: &kings[..n_kings],
        takes,
        guarded,
    };
    // The king first (his squares ask the most of the others), the queens and the other
    // pieces, the pawns last (their ways fit most often): shakmaty's order of the roles,
    // reversed.
    let mut men = [Square::A1; 16];
    let mut n = 0;
    for role in Role::ALL.into_iter().rev() {
        for sq in ours & board.by_role(role) {
            if n == men.len() {
                return false;
            }
            men[n] = sq;
            n += 1;
        }
    }
    // Most positions that pass show it with the first way that fits for each man in turn.
    let mut shut = start;
    let fitted = men[..n].iter().all(|&sq| {
        let mut next = None;
        ways.visit(sq, moves - together.cost(&shut), &mut |way| {
            next = together.with(&shut, way);
            next.is_none()
        });
        next.map(|n| shut = n).is_some()
    });
    let mut steps = TOGETHER_STEPS;
    !(fitted && together.settled(&shut) || together.fits(&ways, &men[..n], start, &mut steps))
}

/// What the ways of the mated side's men to end without a move depend on.
struct Ways<'a> {
    pos: &'a Chess,
    mated: Color,
    /// The squares the king may end on, each with the moves it needs.
    kings: &'a [(Square, u32)],
    /// The squares the last move may take on.
    takes: Bitboard,
    /// The squares the other side may attack at the end.
    guarded: Bitboard,
}

impl Ways<'_> {
    /// Hands each way of the man on `sq` to `f`, the cheapest first, until `f` says stop
    /// (false); returns whether none did. Those that cannot fit the `left` moves are left
    /// out: a man who moves onto a square to hold may save a man landing there, so his own
    /// moves may be one more than `left`, and a pawn's move may be such a landing.
    fn visit(&self, sq: Square, left: u32, f: &mut impl FnMut(Way) -> bool) -> bool {
        let Some(role) = self.pos.board().role_at(sq) else {
            return true;
        };
        let reach = left + 1;
        match role {
            Role::Pawn => {
                let step =
                    super::pawn_step(sq, self.mated).map_or(Bitboard::EMPTY, Bitboard::from_square);
                f(Way::Stays(step))
                    && (!self.takes.contains(sq)
                        || f(Way::Taken {
                            from: sq,
                            travel: 0,
                        }))
                    && f(Way::Moves(sq))
            }
            Role::King => {
                let ends = |to: Square, travel| Way::Ends {
                    from: sq,
                    to,
                    travel,
                    need: attacks::king_attacks(to) & !self.guarded,
                };
                f(ends(sq, 0))
                    && self
                        .kings
                        .iter()
                        .all(|&(to, travel)| to == sq || travel > reach || f(ends(to, travel)))
            }
            _ => {
                let (near, far) = squares_within(sq, role);
                let taken = if self.takes.contains(sq) {
                    Some(0)
                } else if (near & self.takes).any() {
                    Some(1)
                } else if (far & self.takes).any() {
                    Some(2)
                } else {
                    None
                }
                .filter(|&travel| travel <= left);
                taken.is_none_or(|travel| f(Way::Taken { from: sq, travel }))
                    && [(Bitboard::from_square(sq), 0), (near, 1), (far, 2)]
                        .into_iter()
                        .filter(|&(_, travel)| travel <= reach)
                        .all(|(squares, travel)| {
                            squares.into_iter().all(|to| {
                                f(Way::Ends {
                                    from: sq,
                                    to,
                                    travel,
                                    need: next_squares(to, role),
                                })
                            })
                        })
            }
        }
    }
}

/// A way a man of the mated side ends without a move.
#[derive(Clone, Copy)]
enum Way {
    /// On `to`, reached with `travel` moves of his own, his men holding `need`.
    Ends {
        from: Square,
        to: Square,
        travel: u32,
        need: Bitboard,
    },
    /// Taken by the last move, where he stands or after `travel` moves.
    Taken { from: Square, travel: u32 },
    /// A pawn that stays: a man stands on the square in front of him.
    Stays(Bitboard),
    /// A pawn that moves from his square (a move that may be one landing on a square to
    /// hold).
    Moves(Square),
}

/// The men given their ways so far: their own moves, the squares their men must hold, the
/// squares in front of pawns that stay, the squares they left and landed on, the squares they
/// end on, and whether the last move takes one.
#[derive(Clone, Copy, Default)]
struct Shut {
    travel: u32,
    /// The pawns that move: they may land on a square to hold.
    movers: u32,
    need: Bitboard,
    steps: Bitboard,
    gone: Bitboard,
    landed: Bitboard,
    ends: Bitboard,
    taken: bool,
}

/// What `cannot_all_be_shut_in` weighs the men's ways against.
struct Together {
    ours: Bitboard,
    occupied: Bitboard,
    moves: u32,
}

impl Together {
    /// The moves `shut` asks for: the men's own, one for each square to hold where no man of
    /// the side stays (one who moved away does not) and none landed, and one for each square
    /// in front of a pawn that stays where no man stands, but the last move's.
    fn cost(&self, shut: &Shut) -> u32 {
        // The movers' moves and the arrivals may be the same moves.
        shut.travel + self.arrivals(shut).max(shut.movers)
    }

    /// The squares `shut` asks a man of the side to land on: those to hold where none stays
    /// or landed, those in front of pawns where no man stands but the one the last move
    /// lands on.
    fn arrivals(&self, shut: &Shut) -> u32 {
        let held = (self.ours & !shut.gone) | shut.landed;
        let blocked = (self.occupied & !shut.gone) | shut.landed | shut.need;
        let steps = (shut.steps & !blocked).count() as u32;
        // The last move lands on one of them.
        (shut.need & !held).count() as u32 + steps.saturating_sub(1)
    }

    /// `shut` with one more man given `way`, if it fits within the moves.
    fn with(&self, shut: &Shut, way: Way) -> Option<Shut> {
        let next = match way {
            Way::Ends {
                from,
                to,
                travel,
                need,
            } => {
                if shut.ends.contains(to) {
                    return None;
                }
                let moved = to != from;
                Shut {
                    travel: shut.travel + travel,
                    need: shut.need | need,
                    gone: if moved {
                        shut.gone.with(from)
                    } else {
                        shut.gone
                    },
                    landed: if moved {
                        shut.landed.with(to)
                    } else {
                        shut.landed
                    },
                    ends: shut.ends.with(to),
                    ..*shut
                }
            }
            Way::Taken { from, travel } => {
                if shut.taken {
                    return None;
                }
                Shut {
                    travel: shut.travel + travel,
                    gone: if travel > 0 {
                        shut.gone.with(from)
                    } else {
                        shut.gone
                    },
                    taken: true,
                    ..*shut
                }
            }
            Way::Stays(step) => Shut {
                steps: shut.steps | step,
                ..*shut
            },
            Way::Moves(from) => Shut {
                movers: shut.movers + 1,
                gone: shut.gone.with(from),
                ..*shut
            },
        };
        (self.cost(&next) <= self.moves).then_some(next)
    }

    /// Whether the `men` can be given ways on top of `shut` within the moves (or the search
    /// ran out of `steps`, which lets the position through).
    fn fits(&self, ways: &Ways, men: &[Square], shut: Shut, steps: &mut u32) -> bool {
        // Each man still to be given a way lands on one square at most or is one more pawn
        // that moves: the squares asked for beyond those cannot be taken.
        if self.arrivals(&shut) > shut.movers + men.len() as u32 {
            return false;
        }
        let Some((&sq, rest)) = men.split_first() else {
            return self.settled(&shut);
        };
        // Every man after this one must still have a way that fits: the moves only grow.
        let left = self.moves - self.cost(&shut);
        for &later in rest {
            let mut none = true;
            ways.visit(later, left, &mut |way| {
                *steps = steps.saturating_sub(1);
                none = self.with(&shut, way).is_none();
                none
            });
            if none {
                return false;
            }
        }
        let mut fitted = false;
        ways.visit(sq, left, &mut |way| {
            // Out of steps: let the position through.
            if *steps == 0 {
                fitted = true;
                return false;
            }
            *steps -= 1;
            fitted = self
                .with(&shut, way)
                .is_some_and(|next| self.fits(ways, rest, next, steps));
            !fitted
        });
        fitted
    }

    /// Whether every man given a way, the squares to hold and those in front of pawns can be
    /// taken: by the pawns that move, one each, as no other man lands there.
    fn settled(&self, shut: &Shut) -> bool {
        self.arrivals(shut) <= shut.movers
    }
}

/// The squares the men of `side` on `board` attack on the empty board.
fn attacked_on_empty_board(board: &shakmaty::Board, side: Bitboard) -> Bitboard {
    side.into_iter().fold(Bitboard::EMPTY, |b, by| {
        b | board.piece_at(by).map_or(Bitboard::EMPTY, |p| {
            attacks::attacks(by, p, Bitboard::EMPTY)
        })
    })
}

/// The squares `mated`'s king on `king` may end on within `moves` of its side's moves, each
/// with the fewest it needs: a castling takes it to its square in one, however far (Chess960).
fn king_ends(
    pos: &Chess,
    (mated, king): (Color, Square),
    moves: u32,
) -> impl Iterator<Item = (Square, u32)> {
    let castled = super::castling_squares(pos, mated);
    let mut ends = super::king_near(Bitboard::from_square(king), moves);
    if moves > 0 {
        ends |= super::king_near(castled, moves - 1);
    }
    ends.into_iter().map(move |end| {
        let castling = castled.into_iter().map(|to| 1 + to.distance(end)).min();
        (
            end,
            castling.map_or(king.distance(end), |c| c.min(king.distance(end))),
        )
    })
}

/// What may take or pin the mated side's pieces at the end (`unfreezable`): the last move,
/// taking on `takes` and pinning along the lines `movers` says, and the other side's line
/// pieces where they stand.
struct Lines<'a> {
    /// The line pieces that stand: each one's square and lines on the empty board.
    standing: &'a [(Square, Bitboard)],
    movers: (bool, bool),
    /// The squares the last move may take on: those the other side's men attack on the
    /// empty board.
    takes: Bitboard,
}

impl Lines<'_> {
    /// Whether the last move and the pins can deal with each of the `hard` pieces (square,
    /// role, squares one and two moves away) at once, the king on `end`, with `moves` of the
    /// pieces' own to go where they are taken or pinned: each way of each piece at no cost
    /// where it stands, at one move elsewhere.
    fn deal_with(
        &self,
        hard: &[(Square, Role, Bitboard, Bitboard)],
        end: Square,
        moves: u32,
    ) -> bool {
        // The squares on a rank or file and on a diagonal from the king with a square past
        // them for the last move to land on.
        const BORDER: Bitboard = Bitboard(0xff81_8181_8181_81ff);
        let lines = attacks::queen_attacks(end, Bitboard::EMPTY);
        let room = (lines & BORDER)
            .into_iter()
            .fold(Bitboard::EMPTY, |b, edge| b | attacks::between(end, edge));
        let straight = room & attacks::rook_attacks(end, Bitboard::EMPTY);
        let by_move = (
            if self.movers.0 {
                straight
            } else {
                Bitboard::EMPTY
            },
            if self.movers.1 {
                room & !straight
            } else {
                Bitboard::EMPTY
            },
        );
        // Where each line piece that stands pins to `end`, and whether along a rank or file.
        let mut pins = [(Bitboard::EMPTY, false); 14];
        for (pin, &(by, line)) in pins.iter_mut().zip(self.standing) {
            *pin = (
                attacks::between(by, end) & line,
                by.file() == end.file() || by.rank() == end.rank(),
            );
        }
        let mut costs = [(0u16, 0u16); 16];
        for (cost, &(sq, role, near, far)) in costs.iter_mut().zip(hard) {
            let reach = if moves >= 2 { near | far } else { near };
            let mut put = |way: u16, at: Bitboard| {
                if at.contains(sq) {
                    cost.0 |= way;
                } else if moves > 0 && (at & reach).any() {
                    cost.1 |= way;
                }
            };
            put(1, self.takes);
            let stilled = |straight: bool, at: Bitboard| {
                if stills(role, straight) {
                    at
                } else {
                    Bitboard::EMPTY
                }
            };
            put(2, stilled(true, by_move.0) | stilled(false, by_move.1));
            for (i, &(line, straight)) in pins[..self.standing.len()].iter().enumerate() {
                put(4 << i, stilled(straight, line));
            }
        }
        assign(&costs[..hard.len()], 0, moves)
    }
}

/// Whether each piece can be given a way of its own at once, `costs` its ways at no move and
/// at one move, the moves within `moves`, `used` the ways given already.
fn assign(costs: &[(u16, u16)], used: u16, moves: u32) -> bool {
    let Some((&(free, dear), rest)) = costs.split_first() else {
        return true;
    };
    let ways = |mask: u16| {
        let mut open = mask & !used;
        std::iter::from_fn(move || {
            let way = open & open.wrapping_neg();
            open &= open.wrapping_sub(1);
            (way != 0).then_some(way)
        })
    };
    ways(free).any(|way| assign(rest, used | way, moves))
        || moves > 0 && ways(dear & !free).any(|way| assign(rest, used | way, moves - 1))
}

/// Whether a pin along a rank or file (`straight`) or a diagonal leaves a `role` no move.
fn stills(role: Role, straight: bool) -> bool {
    match role {
        Role::Knight => true,
        Role::Bishop => straight,
        Role::Rook => !straight,
        _ => false,
    }
}

/// The squares a `role` on `from` reaches on the empty board with one move (along its lines,
/// a knight's squares) and with two or more but not one (a bishop: those of its colour).
fn squares_within(from: Square, role: Role) -> (Bitboard, Bitboard) {
    let near = attacks::attacks(from, role.of(Color::White), Bitboard::EMPTY);
    let mut far = !near & !Bitboard::from_square(from);
    if role == Role::Bishop {
        far &= if Bitboard::LIGHT_SQUARES.contains(from) {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::DARK_SQUARES
        };
    }
    (near, far)
}

/// Whether a `role` of the mated side not shut in where it stands could end within `moves` of
/// its side's moves on a square whose every square it could move to holds one of the `others`
/// of its side (`unfreezable`), `near` and `far` its squares one move and two away
/// (`squares_within`).
fn freezes_within(
    role: Role,
    (near, far): (Bitboard, Bitboard),
    others: Bitboard,
    moves: u32,
) -> bool {
    let fits = |to: Square, left: u32| at_most(next_squares(to, role) & !others, left);
    let Some(left) = moves.checked_sub(1) else {
        return false;
    };
    // Fewer moves left than the fewest squares round any square (a corner's): only a square
    // next to one of the others is shut in by so few.
    let fewest = match role {
        Role::Bishop => 1,
        Role::Rook | Role::Knight => 2,
        _ => 3,
    };
    let beside = || {
        others
            .into_iter()
            .fold(Bitboard::EMPTY, |b, o| b | next_squares(o, role))
    };
    let reached = |squares: Bitboard, left: u32| {
        let squares = if left < fewest {
            squares & beside()
        } else {
            squares
        };
        squares.into_iter().any(|to| fits(to, left))
    };
    reached(near, left) || left > 0 && reached(far, left - 1)
}

/// Whether `b` has at most `n` squares.
fn at_most(mut b: Bitboard, n: u32) -> bool {
    for _ in 0..n {
        if b.is_empty() {
            return true;
        }
        b.0 &= b.0 - 1;
    }
    b.is_empty()
}

/// The squares a `role` on `sq` moves to first: a knight's squares, the squares next to it
/// along a bishop's, rook's or queen's lines.
fn next_squares(sq: Square, role: Role) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::king_attacks(sq) & attacks::bishop_attacks(sq, Bitboard::EMPTY),
        Role::Rook => attacks::king_attacks(sq) & attacks::rook_attacks(sq, Bitboard::EMPTY),
        _ => attacks::king_attacks(sq),
    }
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
        Role::Pawn => super::pawn_step(sq, colour)
            .map_or(Bitboard::EMPTY, |to| Bitboard::from_square(to) & empty),
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

    #[test]
    fn a_queen_needs_her_own_men_all_round_and_a_pin_stills_a_rook_only_on_a_diagonal() {
        // Whether Black's pieces rule the stalemate out; where they do with moves of Black's
        // left, no line of them and a white move reaches it.
        let out = |fen: &str, moves: u32| {
            let pos = chess(fen);
            let ruled = unfreezable(&pos, Color::Black, moves);
            if ruled && moves > 0 {
                assert!(!stalemate_after(&pos, moves), "{fen} ({moves})");
            }
            ruled
        };
        // The queens on h6 and b5 need eight men round each within one move: one is taken by
        // White's last move, the other moves.
        assert!(out("2k5/3p4/3p3q/1q1p4/7B/3p4/5K2/R7 b - - 0 1", 1));
        // White's knight and bishop next to the queen on a8 do not shut her in: she takes them.
        assert!(out("qk6/NB6/8/8/8/3K4/8/7q b - - 0 1", 1));
        // The rook on g7 stands pinned, but no man of White's can take the knight on a8
        // where it stands or goes with one move.
        assert!(out("n6k/6r1/8/8/8/7K/8/B7 b - - 0 1", 1));
        // One queen and a rook on a8 shut in by its king and a pawn.
        assert!(!out("rk6/p2p4/3p3q/3p4/7B/3p4/5K2/R7 b - - 0 1", 1));
        // No diagonal through the rook on c4 leads to the king on b8 for it to be pinned
        // along, and no man of White's attacks the queen's square: with one move of Black's
        // the rook may go where it can be pinned, or the queen where she can be taken, not
        // both; with two, both.
        assert!(out("1k6/1q1p4/3p4/3p4/2rp3B/8/5K2/R7 b - - 0 1", 0));
        assert!(out("1k6/1q1p4/3p4/3p4/2rp3B/8/5K2/R7 b - - 0 1", 1));
        assert!(!out("1k6/1q1p4/3p4/3p4/2rp3B/8/5K2/R7 b - - 0 1", 2));
        // The rook on a1 takes the queen on e1. With the king on a6 the bishop could land on
        // d3, e2 or f1 and pin the rook on c4 along the diagonal to it; a white rook alone
        // pins it only along a file or rank, where it moves.
        assert!(!out("8/3p4/k2p4/3p4/2rp3B/8/7K/R3q3 b - - 0 1", 0));
        assert!(out("8/3p4/k2p4/3p4/2rp4/8/7K/R3q3 b - - 0 1", 0));
        // The knight on a1 cannot be shut in but may go to c2 first, where the queen taking
        // on d1 pins it to the king gone to a4 (1.Ka4 2.Nc2 Qxd1=).
        assert!(!out("8/8/8/8/2B1K3/1kQ5/3Q4/n2q4 b - - 0 1", 2));
        assert!(!out("8/8/8/8/k1B1K3/2Q5/3Q4/n2q4 b - - 0 1", 1));
        // With the king on a5 instead, it and the knight would both have to move.
        assert!(out("8/8/8/k7/2B1K3/2Q5/3Q4/n2q4 b - - 0 1", 1));
        // The rook on a4 takes the queen on a7 or pins the knight on b4 to the king on d4.
        assert!(!out("8/q7/8/8/Rn1k4/8/6K1/8 b - - 0 1", 0));
        assert!(out("8/q7/8/8/Rn6/3k4/6K1/8 b - - 0 1", 0));
    }

    #[test]
    fn a_king_that_may_castle_ends_where_castling_takes_it_in_one_move() {
        // Chess960: the king on b8 castles to g8 with the rook on h8, five squares in one move.
        let pos: Chess = Fen::from_ascii(b"1k5r/8/8/8/8/8/8/4K3 b h - 0 1")
            .unwrap()
            .into_position(shakmaty::CastlingMode::Chess960)
            .unwrap();
        let ends: Vec<_> = king_ends(&pos, (Color::Black, Square::B8), 1).collect();
        assert!(ends.contains(&(Square::G8, 1)));
        assert!(ends.contains(&(Square::C7, 1)));
        assert!(
            !ends
                .iter()
                .any(|&(sq, _)| sq == Square::H7 || sq == Square::D6)
        );
        let ends: Vec<_> = king_ends(&pos, (Color::Black, Square::B8), 2).collect();
        assert!(ends.contains(&(Square::H7, 2)));
        assert!(ends.contains(&(Square::D6, 2)));
        assert!(ends.contains(&(Square::B8, 0)));
        // Without the right, no further than the king walks.
        let pos = chess("1k5r/8/8/8/8/8/8/4K3 b - - 0 1");
        let ends: Vec<_> = king_ends(&pos, (Color::Black, Square::B8), 1).collect();
        assert_eq!(ends.len(), 6);
    }

    /// A position where pieces of the mated side are often shut in: Black's king, two to four
    /// queens, rooks, bishops and knights and up to three pawns within two squares of it,
    /// White's king and one to three queens, rooks and bishops, and maybe a knight or a pawn.
    fn crowded(next: &mut impl FnMut(u64) -> u8) -> Option<Chess> {
        let king = next(64);
        let (f, r) = (i32::from(king % 8), i32::from(king / 8));
        let mut men = Vec::new();
        let mut near = |next: &mut dyn FnMut(u64) -> u8, kind: usize| {
            let (f, r) = (f + i32::from(next(5)) - 2, r + i32::from(next(5)) - 2);
            if (0..8).contains(&f) && (1..7).contains(&r)
                || kind != 9 && (0..8).contains(&f) && (0..8).contains(&r)
            {
                men.push((kind, (r * 8 + f) as u8));
            }
        };
        for _ in 0..2 + next(3) {
            let kind = 5 + usize::from(next(4));
            near(next, kind);
        }
        for _ in 0..next(4) {
            near(next, 9);
        }
        // White's queens, rooks and bishops, half of them on a line through the king, and
        // then half the time a knight, bishop or rook of Black's next to the king on it.
        for _ in 0..1 + next(3) {
            let (df, dr) = [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ][usize::from(next(8))];
            let far = 2 + i32::from(next(5));
            let (lf, lr) = (f + df * far, r + dr * far);
            let on_line = (0..8).contains(&lf) && (0..8).contains(&lr) && next(2) == 0;
            let sq = if on_line {
                (lr * 8 + lf) as u8
            } else {
                next(64)
            };
            if on_line && next(2) == 0 {
                men.insert(0, (6 + usize::from(next(3)), ((r + dr) * 8 + f + df) as u8));
            }
            men.push((usize::from(next(3)), sq));
        }
        match next(3) {
            0 => men.push((3, next(64))),
            1 => men.push((4, 48 + next(8))),
            _ => {}
        }
        random_position((next(64), king), &men)
    }

    #[test]
    fn a_queen_and_three_bishops_cannot_all_be_shut_in_with_the_same_moves() {
        // Each alone could be: the queen in the h1 corner with four moves, each bishop where
        // it stands with two to four; together they ask for more. Three moves are searched.
        let pos = chess("2k5/b1bb4/8/6p1/6p1/5q2/8/4K3 b - - 0 1");
        for moves in [3, 4] {
            assert!(!unfreezable(&pos, Color::Black, moves), "{moves}");
            assert!(cannot_all_be_shut_in(&pos, Color::Black, moves), "{moves}");
        }
        assert!(!stalemate_after(&pos, 3));
    }

    #[test]
    fn men_far_from_any_corner_are_weighed_with_ten_moves_left() {
        // Positions of Popeye's ser-h=14 hpint 417 with ten moves left, the men too far
        // apart to shut each other in: Popeye finds no ser-h=10 from either
        // (`scripts/popeye-shut-in-examples.sh`).
        // The search proves it within its ways with the king given his way first (the queen
        // first, it does not).
        for fen in [
            "2kq4/2bb4/8/6p1/6p1/6p1/8/4K3 b - - 0 1",
            "2k5/2bb4/8/6p1/6p1/5q2/8/4K1b1 b - - 0 1",
        ] {
            let pos = chess(fen);
            assert!(cannot_all_be_shut_in(&pos, Color::Black, 10), "{fen}");
        }
    }

    #[test]
    fn a_pawn_that_moves_may_be_the_man_a_square_asks_for() {
        // 1...h2 Kxf1=: the pawn's step is the king's square to hold, one move for both.
        let pos = chess("8/8/8/8/8/7p/8/4Kb1k b - - 0 1");
        assert!(stalemate_after(&pos, 1));
        assert!(!cannot_all_be_shut_in(&pos, Color::Black, 1));
    }

    /// Over `count` positions `make` makes, with one and two moves of Black's: each position
    /// `bound` rules out is searched and has no series help stalemate. Returns how many it
    /// ruled out, how many of those `other` does not, and how many it lets through have one
    /// with one move.
    fn sound_over(
        (count, mut make): (u32, impl FnMut() -> Option<Chess>),
        bound: impl Fn(&Chess, Color, u32) -> bool,
        other: impl Fn(&Chess, u32) -> bool,
    ) -> (u32, u32, u32) {
        let (mut ruled_out, mut alone, mut reached) = (0, 0, 0);
        for _ in 0..count {
            let Some(pos) = make() else {
                continue;
            };
            for moves in 1..3 {
                if bound(&pos, Color::Black, moves) {
                    ruled_out += 1;
                    alone += u32::from(!other(&pos, moves));
                    let fen = Fen::from_position(&pos, EnPassantMode::Legal);
                    assert!(!stalemate_after(&pos, moves), "{fen} ({moves})");
                } else if moves == 1 && stalemate_after(&pos, moves) {
                    reached += 1;
                }
            }
        }
        (ruled_out, alone, reached)
    }

    #[test]
    fn pieces_that_cannot_be_shut_in_rule_out_the_series_help_stalemate() {
        // Wherever too many pieces can be neither shut in by their own men nor taken or pinned
        // by the last move, no line of one or two black moves and a white one stalemates; and
        // positions that have one are met too.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let (ruled_out, _, reached) =
            sound_over((10000, || crowded(&mut next)), unfreezable, |_, _| true);
        // Both kinds are met (2,699 and 259 of them here).
        assert!(
            ruled_out > 2000 && reached > 200,
            "{ruled_out} ruled out, {reached} reached"
        );
    }

    /// Black's king with two to five of its men within two squares, White's king and at most a
    /// knight or a pawn that cannot promote: no pins, few squares guarded.
    fn lone(next: &mut impl FnMut(u64) -> u8) -> Option<Chess> {
        // Half the time on the edge, where a stalemate is near.
        let king = match next(4) {
            0 => next(8),
            1 => 56 + next(8),
            _ => next(64),
        };
        let (f, r) = (i32::from(king % 8), i32::from(king / 8));
        let mut men = Vec::new();
        for _ in 0..2 + next(4) {
            let kind = 5 + usize::from(next(5));
            let (f, r) = (f + i32::from(next(5)) - 2, r + i32::from(next(5)) - 2);
            if (0..8).contains(&f) && (0..8).contains(&r) && (kind != 9 || (1..7).contains(&r)) {
                men.push((kind, (r * 8 + f) as u8));
            }
        }
        match next(3) {
            0 => men.push((3, next(64))),
            1 => men.push((4, 8 + next(40))),
            _ => {}
        }
        // White's king two or three squares away half the time.
        let (df, dr) = (i32::from(next(7)) - 3, i32::from(next(7)) - 3);
        let near = (f + df, r + dr);
        let white = if next(2) == 0 && (0..8).contains(&near.0) && (0..8).contains(&near.1) {
            (near.1 * 8 + near.0) as u8
        } else {
            next(64)
        };
        random_position((white, king), &men)
    }

    #[test]
    fn men_that_cannot_all_be_shut_in_together_rule_out_the_series_help_stalemate() {
        // Wherever the men's ways to end without a move cannot all fit in the moves, no line of
        // one or two black moves and a white one stalemates; positions that have one are met,
        // and many are ruled out that no piece alone rules out.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let (ruled_out, alone, reached) = sound_over(
            (16000, || lone(&mut next)),
            cannot_all_be_shut_in,
            |pos, moves| {
                unfreezable(pos, Color::Black, moves) || too_free(pos, Color::Black, moves)
            },
        );
        assert!(
            ruled_out > 10000 && alone > 5000 && reached > 10,
            "{ruled_out} ruled out, {alone} by no piece alone, {reached} reached"
        );
    }
}

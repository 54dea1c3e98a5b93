//! How a play ends: the goals of orthodox problems, each tested over the position after the
//! last move (check, legal moves) and over that move itself (a capture, en passant, castling).

/// How the play ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `#`: the side to move after the last move is in check with no legal move (in xiangqi:
    /// has no legal move at all, which loses).
    Mate,
    /// `=`: the side to move after the last move is not in check and has no legal move.
    Stalemate,
    /// `+`: the last move gives check.
    Check,
    /// `x`: the last move captures.
    Capture,
    /// `%`, win a piece: the last move captures (in orthodox chess a captured man is lost for
    /// good, so this is the capture goal under its own sign).
    WinPiece,
    /// `ep`: the last move is an en passant capture.
    EnPassant,
    /// `00`: the last move is castling.
    Castling,
}

/// What a move is, as the goals ask about it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Kind {
    pub capture: bool,
    pub en_passant: bool,
    pub castling: bool,
}

/// The position after a move, as the goals test it.
pub(crate) trait After {
    /// Whether a mate needs a check: in chess it does; in xiangqi a side left without a legal
    /// move has lost, checked or not.
    const MATE_NEEDS_CHECK: bool;
    fn in_check(&mut self) -> bool;
    fn has_legal_move(&mut self) -> bool;
    /// The move that led here (none after a passed move or at the root).
    fn last(&self) -> Kind;
}

impl Goal {
    pub const ALL: [Goal; 7] = [
        Goal::Mate,
        Goal::Stalemate,
        Goal::Check,
        Goal::Capture,
        Goal::WinPiece,
        Goal::EnPassant,
        Goal::Castling,
    ];

    /// The goal's sign in a stipulation (`#`, `=`, `+`, `x`, `%`, `ep`, `00`).
    pub const fn sign(self) -> &'static str {
        match self {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::Check => "+",
            Goal::Capture => "x",
            Goal::WinPiece => "%",
            Goal::EnPassant => "ep",
            Goal::Castling => "00",
        }
    }

    /// The goal whose sign `text` begins with, and the rest.
    pub fn read(text: &str) -> Option<(Goal, &str)> {
        Goal::ALL.into_iter().find_map(|g| {
            let sign = g.sign();
            let head = text.get(..sign.len())?;
            head.eq_ignore_ascii_case(sign)
                .then(|| (g, &text[sign.len()..]))
        })
    }

    /// Whether the goal is about the position's end (mate and stalemate): the goals that the
    /// first solver knew, solved in every family of play.
    pub const fn ends_the_game(self) -> bool {
        matches!(self, Goal::Mate | Goal::Stalemate)
    }

    /// Whether only a move that gives check can reach the goal (`mate_needs_check`: see
    /// [`After::MATE_NEEDS_CHECK`]).
    #[inline]
    pub(crate) const fn needs_check(self, mate_needs_check: bool) -> bool {
        match self {
            Goal::Mate => mate_needs_check,
            Goal::Check => true,
            _ => false,
        }
    }

    /// Whether a move of kind `kind` can reach the goal at all: the test decided before the
    /// move is played.
    #[inline]
    pub(crate) const fn may_reach(self, kind: Kind) -> bool {
        match self {
            Goal::Capture | Goal::WinPiece => kind.capture,
            Goal::EnPassant => kind.en_passant,
            Goal::Castling => kind.castling,
            Goal::Mate | Goal::Stalemate | Goal::Check => true,
        }
    }

    /// Whether the last move, leading to `after`, reached the goal. The cheap tests come
    /// first: the legal moves are generated only when the check is right.
    #[inline]
    pub(crate) fn reached<A: After>(self, after: &mut A) -> bool {
        match self {
            Goal::Mate => (!A::MATE_NEEDS_CHECK || after.in_check()) && !after.has_legal_move(),
            Goal::Stalemate => !after.in_check() && !after.has_legal_move(),
            Goal::Check => after.in_check(),
            Goal::Capture | Goal::WinPiece | Goal::EnPassant | Goal::Castling => {
                self.may_reach(after.last())
            }
        }
    }
}

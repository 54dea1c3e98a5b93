//! The shapes of attacking play: what direct, self and reflex play make of the one pair of
//! node loops in `nodes`. Each shape is a type whose constants the loops read, so every shape
//! compiles to its own loops with the tests it does not need folded away.

/// Who reaches the goal, and whether anyone must.
pub(crate) trait Shape {
    /// The attacker's own move reaches the goal (direct play). Its loops also try the moves
    /// that may give check first: they leave the defender the fewest replies.
    const ATTACKER_REACHES: bool;
    /// The defender's move reaches the goal against itself (self play).
    const DEFENDER_REACHES: bool;
    /// Whoever can reach the goal in one move must (reflex play): the attacker that can
    /// has failed, the defender that can has lost.
    const MUST_REACH: bool;
}

/// `#n`, `=n`: the attacker forces the goal with its own move.
pub(crate) struct Direct;

/// `s#n`, `s=n`: the attacker forces the defender to reach the goal.
pub(crate) struct SelfPlay;

/// `r#n`, `r=n`: a selfmate in which either side must reach the goal whenever it can.
pub(crate) struct Reflex;

impl Shape for Direct {
    const ATTACKER_REACHES: bool = true;
    const DEFENDER_REACHES: bool = false;
    const MUST_REACH: bool = false;
}

impl Shape for SelfPlay {
    const ATTACKER_REACHES: bool = false;
    const DEFENDER_REACHES: bool = true;
    const MUST_REACH: bool = false;
}

impl Shape for Reflex {
    const ATTACKER_REACHES: bool = false;
    const DEFENDER_REACHES: bool = false;
    const MUST_REACH: bool = true;
}

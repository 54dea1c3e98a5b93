//! Which pieces attack a point, on the shared `Board` (any placement, legal or not).
//!
//! Legality checks call this directly; the move generator has its own faster copy of these rules
//! on its padded board.

use crate::core::{Board, Color, Game, Piece, Role, Square};

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Whether `sq` lies in `color`'s palace (files d–f, ranks 0–2 for Red, 7–9 for Black).
pub fn palace_contains(color: Color, sq: Square) -> bool {
    let ranks = match color {
        Color::White => 0..=2,
        Color::Black => 7..=9,
    };
    (3..=5).contains(&sq.file) && ranks.contains(&sq.rank)
}

/// Whether `sq` is on `color`'s own side of the river.
fn own_side(color: Color, sq: Square) -> bool {
    match color {
        Color::White => sq.rank <= 4,
        Color::Black => sq.rank >= 5,
    }
}

fn at(board: &Board, sq: Square, df: i8, dr: i8) -> Option<Square> {
    sq.offset(df, dr, Game::Xiangqi)
        .filter(|s| s.file < board.width() && s.rank < board.height())
}

fn is(board: &Board, sq: Square, color: Color, role: Role) -> bool {
    board.get(sq) == Some(Piece::new(color, role))
}

/// The pieces of `by` that attack `target`: chariots and cannons along ranks and files (a cannon
/// over exactly one screen), horses not blocked at the leg, elephants not blocked at the eye and
/// never across the river, advisors and the general inside their palace, soldiers forward and,
/// once across the river, sideways. The flying-general rule counts too: a general facing the
/// other side's general on an open file attacks it.
///
/// Whatever stands on `target` is ignored except for that rule, which applies only when
/// `target` holds a general of the other colour.
pub fn attackers(board: &Board, target: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    let facing_general = board.get(target) == Some(Piece::new(by.other(), Role::King));

    // Lines: the first piece met may be a chariot, a general (adjacent in its palace, or facing
    // on the file) or a soldier; the second a cannon.
    for (df, dr) in ORTHOGONAL {
        let mut screens = 0;
        let mut cur = target;
        let mut steps = 0;
        while let Some(next) = at(board, cur, df, dr) {
            cur = next;
            steps += 1;
            let Some(piece) = board.get(cur) else {
                continue;
            };
            if screens == 0 {
                if piece.color == by {
                    let hit = match piece.role {
                        Role::Rook => true,
                        Role::King => {
                            (steps == 1 && palace_contains(by, target))
                                || (df == 0 && facing_general)
                        }
                        Role::Pawn => steps == 1 && soldier_attacks(by, cur, target),
                        _ => false,
                    };
                    if hit {
                        found.push(cur);
                    }
                }
                screens = 1;
            } else {
                if piece.color == by && piece.role == Role::Cannon {
                    found.push(cur);
                }
                break;
            }
        }
    }

    for (sx, sy) in DIAGONAL {
        // Horses: the leg is the point diagonally next to the target.
        if let Some(leg) = at(board, target, sx, sy)
            && board.get(leg).is_none()
        {
            for (df, dr) in [(sx, 0), (0, sy)] {
                if let Some(h) = at(board, leg, df, dr)
                    && is(board, h, by, Role::Knight)
                {
                    found.push(h);
                }
            }
        }
        // Advisors: one diagonal step, inside their palace.
        if palace_contains(by, target)
            && let Some(a) = at(board, target, sx, sy)
            && palace_contains(by, a)
            && is(board, a, by, Role::Advisor)
        {
            found.push(a);
        }
        // Elephants: two diagonal steps over an empty eye, on their own side.
        if own_side(by, target)
            && let Some(eye) = at(board, target, sx, sy)
            && board.get(eye).is_none()
            && let Some(e) = at(board, eye, sx, sy)
            && own_side(by, e)
            && is(board, e, by, Role::Bishop)
        {
            found.push(e);
        }
    }
    found
}

/// Whether a soldier of `by` on `from` attacks the adjacent point `target`: forward always,
/// sideways once it has crossed the river, never backward.
fn soldier_attacks(by: Color, from: Square, target: Square) -> bool {
    let forward: i16 = match by {
        Color::White => 1,
        Color::Black => -1,
    };
    let dr = target.rank as i16 - from.rank as i16;
    let df = target.file as i16 - from.file as i16;
    (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !own_side(by, from))
}

/// Whether any piece of `by` attacks `target` (see [`attackers`]).
pub fn is_attacked(board: &Board, target: Square, by: Color) -> bool {
    !attackers(board, target, by).is_empty()
}

/// Whether `color`'s general is attacked, the flying-general rule included. A side without a
/// general is not in check; with several, any one attacked counts.
pub fn in_check(board: &Board, color: Color) -> bool {
    board
        .kings(color)
        .any(|g| is_attacked(board, g, color.other()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn board(placement: &str) -> Board {
        let read = fen::read(placement, Some(Game::Xiangqi));
        read.position
            .unwrap_or_else(|| panic!("{placement}: {:?}", read.diagnostics))
            .board
    }

    fn sq(name: &str) -> Square {
        Square::parse(name, Game::Xiangqi).unwrap()
    }

    fn names(mut squares: Vec<Square>) -> Vec<String> {
        squares.sort();
        squares
            .into_iter()
            .map(|s| s.name(Game::Xiangqi).to_string())
            .collect()
    }

    #[test]
    fn start_position_has_no_check() {
        let b = board(Game::Xiangqi.start_fen());
        assert!(!in_check(&b, Color::White));
        assert!(!in_check(&b, Color::Black));
        assert!(attackers(&b, sq("e3"), Color::Black).is_empty());
        // Black's cannon b7 hits the horse b0 over the cannon b2.
        assert_eq!(names(attackers(&b, sq("b0"), Color::Black)), ["b7"]);
    }

    #[test]
    fn horse_is_blocked_at_the_leg() {
        // The horse g7 attacks e8 over the leg f7 and f9 over the leg g8.
        let open = board("4k4/9/6N2/9/9/9/9/9/9/4K4");
        assert_eq!(names(attackers(&open, sq("e8"), Color::White)), ["g7"]);
        assert_eq!(names(attackers(&open, sq("f9"), Color::White)), ["g7"]);
        let legs = board("4k4/6p2/5pN2/9/9/9/9/9/9/4K4");
        assert!(attackers(&legs, sq("e8"), Color::White).is_empty());
        assert!(attackers(&legs, sq("f9"), Color::White).is_empty());
    }

    #[test]
    fn cannon_needs_exactly_one_screen() {
        let none = board("4k4/9/9/9/9/9/9/4C4/9/3K5");
        assert!(!in_check(&none, Color::Black));
        let one = board("4k4/9/9/4p4/9/9/9/4C4/9/3K5");
        assert_eq!(names(attackers(&one, sq("e9"), Color::White)), ["e2"]);
        let two = board("4k4/9/4p4/4p4/9/9/9/4C4/9/3K5");
        assert!(!in_check(&two, Color::Black));
        // A chariot behind a screen does not attack.
        let chariot = board("4k4/9/9/4p4/9/9/9/4R4/9/3K5");
        assert!(!in_check(&chariot, Color::Black));
    }

    #[test]
    fn elephant_eye_and_river() {
        let b = board("4k4/9/9/9/9/9/2B6/9/9/4K4");
        // The elephant c3 reaches a1 and e1, but not a5 or e5 across the river.
        assert_eq!(names(attackers(&b, sq("a1"), Color::White)), ["c3"]);
        assert!(attackers(&b, sq("e1"), Color::White).contains(&sq("c3")));
        assert!(attackers(&b, sq("e5"), Color::White).is_empty());
        assert!(attackers(&b, sq("a5"), Color::White).is_empty());
        let eye = board("4k4/9/9/9/9/9/2B6/1p7/9/4K4");
        assert!(attackers(&eye, sq("a1"), Color::White).is_empty());
    }

    #[test]
    fn advisor_stays_in_its_palace() {
        let b = board("4k4/9/9/9/9/9/9/9/4A4/3K5");
        let mut attacked = names(
            Square::all(Game::Xiangqi)
                .filter(|&s| attackers(&b, s, Color::White).contains(&sq("e1")))
                .collect(),
        );
        attacked.sort();
        assert_eq!(attacked, ["d0", "d2", "f0", "f2"]);
        let outside = board("4k4/9/9/9/9/9/9/5A3/9/3K5");
        // An advisor standing off its points attacks nothing outside the palace.
        assert!(attackers(&outside, sq("g3"), Color::White).is_empty());
    }

    #[test]
    fn soldiers_sideways_only_after_the_river() {
        // Red soldier e3 (own side): forward e4 only.
        let home = board("4k4/9/9/9/9/9/4P4/9/9/3K5");
        assert_eq!(names(attackers(&home, sq("e4"), Color::White)), ["e3"]);
        assert!(attackers(&home, sq("d3"), Color::White).is_empty());
        assert!(attackers(&home, sq("e2"), Color::White).is_empty());
        // Red soldier e5 (across): forward and sideways, never back.
        let across = board("4k4/9/9/9/4P4/9/9/9/9/3K5");
        assert_eq!(names(attackers(&across, sq("d5"), Color::White)), ["e5"]);
        assert_eq!(names(attackers(&across, sq("f5"), Color::White)), ["e5"]);
        assert_eq!(names(attackers(&across, sq("e6"), Color::White)), ["e5"]);
        assert!(attackers(&across, sq("e4"), Color::White).is_empty());
        // Black soldier d1 beside Red's general e1 checks it.
        let check = board("4k4/9/9/9/9/9/9/9/3pK4/9");
        assert!(in_check(&check, Color::White));
        // Behind the general it does not.
        let behind = board("3k5/9/9/9/9/9/9/9/4K4/4p4");
        assert!(!in_check(&behind, Color::White));
    }

    #[test]
    fn generals_facing_on_an_open_file() {
        let facing = board("4k4/9/9/9/9/9/9/9/9/4K4");
        assert_eq!(names(attackers(&facing, sq("e9"), Color::White)), ["e0"]);
        assert_eq!(names(attackers(&facing, sq("e0"), Color::Black)), ["e9"]);
        assert!(in_check(&facing, Color::White) && in_check(&facing, Color::Black));
        let screened = board("4k4/9/9/9/4p4/9/9/9/9/4K4");
        assert!(!in_check(&screened, Color::White));
        let apart = board("3k5/9/9/9/9/9/9/9/9/4K4");
        assert!(!in_check(&apart, Color::Black));
        // The flying rule only concerns the other general, not an ordinary piece.
        let piece = board("3k5/9/9/9/4r4/9/9/9/9/4K4");
        assert!(!attackers(&piece, sq("e5"), Color::White).contains(&sq("e0")));
    }

    #[test]
    fn chariot_and_general_step() {
        let b = board("3k5/9/9/9/9/9/9/9/4K4/r8");
        assert!(!in_check(&b, Color::White));
        assert_eq!(names(attackers(&b, sq("e0"), Color::White)), ["e1"]);
        assert_eq!(names(attackers(&b, sq("e0"), Color::Black)), ["a0"]);
        assert!(attackers(&b, sq("e3"), Color::White).is_empty());
        assert!(!in_check(&Board::empty(Game::Xiangqi), Color::White));
    }
}

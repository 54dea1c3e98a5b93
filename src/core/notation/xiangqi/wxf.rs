//! WXF notation (`C2.5`, `H8+7`, `R+.3`, `P-.4`, `3+.4`), as the World Xiangqi Federation
//! publishes it ("Official Xiangqi Piece Names and Notation",
//! <http://www.wxf.org/xq/computer/wxf_notation.html>): letters K A E H R C P; `+` forward, `-`
//! backward, `.` sideways.
//!
//! Reading also takes lower case, full-width signs and digits, `=` for `.` (older books and
//! xqinenglish.com write `C2=5`), the FEN letters N and B for the horse and the elephant, check
//! marks after the four signs (`R2+7+`), and annotations (`!`, `?`).

use super::{Direction, Parts, Rank, Spec, Which};
use crate::core::Role;

fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Bishop => 'E',
        Role::Knight => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn | Role::Queen => 'P',
    }
}

pub(super) fn role(letter: char) -> Option<Role> {
    Some(match letter {
        'K' => Role::King,
        'A' => Role::Advisor,
        'E' => Role::Bishop,
        'H' => Role::Knight,
        'R' => Role::Rook,
        'C' => Role::Cannon,
        'P' => Role::Pawn,
        _ => return None,
    })
}

fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 10).unwrap_or('?')
}

pub(super) fn write(parts: &Parts) -> String {
    let mut out = String::with_capacity(4);
    designation(parts, &mut out);
    out.push(match parts.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '.',
    });
    out.push(digit(parts.number));
    out
}

/// The first two signs: the piece and which one of its kind.
///
/// WXF, "Tandem Positions": the file digit of two tandem pieces becomes `+` for the front one and
/// `-` for the rear one (`R+.3`, `C--1`). Tandem pawns: of three, the middle one keeps its file
/// digit (`P+.4`, `P3.4`, `P-.4`); of five, the foremost and rearmost take `++` and `--` in place
/// of both signs and the middle three are written as three (`++.4`, `P+.4`, `P3.4`, `P-.4`,
/// `--.4`); of four, the same without the middle one. Tandem pawns on two files: the file digit
/// takes the letter's place (`3+.4`, `33.4`, `3-.4`, `7+.6`, `7-.6`).
fn designation(parts: &Parts, out: &mut String) {
    let Which::Tandem {
        index,
        count,
        two_files,
    } = parts.which
    else {
        out.push(letter(parts.piece.role));
        out.push(digit(parts.file));
        return;
    };
    let (i, n) = (index, count);
    if n >= 4 && (i == 0 || i == n - 1) {
        out.push_str(if i == 0 { "++" } else { "--" });
        return;
    }
    out.push(if two_files {
        digit(parts.file)
    } else {
        letter(parts.piece.role)
    });
    out.push(match (n, i) {
        (_, 0) | (4, 1) | (5, 1) => '+',
        (_, i) if i == n - 1 => '-',
        (4, 2) | (5, 3) => '-',
        // The middle one of three or five: its own file digit.
        _ => digit(parts.file),
    });
}

/// The text in the signs `write` uses: upper case, ASCII, `.` for sideways, no check marks or
/// annotations, no spaces.
pub(super) fn normalize(text: &str) -> String {
    let mut out: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            let c = match c {
                // Full-width forms (U+FF01–U+FF5E) to ASCII.
                '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xff01 + 0x21).unwrap_or(c),
                '\u{2212}' | '\u{2013}' => '-',
                _ => c,
            };
            match c.to_ascii_uppercase() {
                '=' => '.',
                'N' => 'H',
                'B' => 'E',
                c => c,
            }
        })
        .collect();
    while out.ends_with(['!', '?']) {
        out.pop();
    }
    while out.chars().count() > 4 && out.ends_with(['+', '#']) {
        out.pop();
    }
    out
}

/// What a normalized text says: four signs, each checked.
pub(super) fn parse(text: &str) -> Result<Spec, &'static str> {
    let chars: Vec<char> = text.chars().collect();
    let [a, b, c, d] = chars[..] else {
        return Err("a WXF move has four signs, such as C2.5 or H8+7");
    };
    let direction = match c {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '.' => Direction::Sideways,
        _ => return Err("the third sign must be + (forward), - (backward) or . (sideways)"),
    };
    let number = d
        .to_digit(10)
        .filter(|n| (1..=9).contains(n))
        .ok_or("the last sign must be a digit 1–9")? as u8;
    let file = |c: char| {
        c.to_digit(10)
            .filter(|n| (1..=9).contains(n))
            .map(|n| n as u8)
    };
    let order = |c: char| match c {
        '+' => Some(Rank::Front),
        '-' => Some(Rank::Rear),
        _ => None,
    };
    let mut spec = Spec {
        direction: Some(direction),
        number: Some(number),
        ..Spec::default()
    };
    match (a, b) {
        ('+', '+') => (spec.role, spec.rank_in_file) = (Some(Role::Pawn), Some(Rank::Nth(1))),
        ('-', '-') => (spec.role, spec.rank_in_file) = (Some(Role::Pawn), Some(Rank::Rear)),
        _ if role(a).is_some() => {
            spec.role = role(a);
            if let Some(rank) = order(b) {
                spec.rank_in_file = Some(rank);
            } else {
                spec.file = Some(file(b).ok_or("the second sign must be a file 1–9, + or -")?);
            }
        }
        _ if file(a).is_some() => {
            spec.role = Some(Role::Pawn);
            spec.file = file(a);
            spec.rank_in_file = match order(b) {
                Some(rank) => Some(rank),
                None if b == a => Some(Rank::Middle),
                None => return Err("after a pawn's file, + (front), - (rear) or the file again"),
            };
        }
        _ => return Err("the first sign must be a piece letter K A E H R C P, or a file"),
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use crate::core::notation::{Move, Notation};
    use crate::core::{Game, Square, fen};

    fn name(text: &str, from: &str, to: &str) -> String {
        let pos = fen::read(text, Some(Game::Xiangqi)).position.unwrap();
        let sq = |s| Square::parse(s, Game::Xiangqi).unwrap();
        Notation::Wxf.write(&pos, Move::new(sq(from), sq(to)))
    }

    #[test]
    fn opening_moves_of_both_sides() {
        let start = Game::Xiangqi.start_fen();
        assert_eq!(name(start, "h2", "e2"), "C2.5");
        assert_eq!(name(start, "h0", "g2"), "H2+3");
        assert_eq!(name(start, "b0", "c2"), "H8+7");
        assert_eq!(name(start, "g0", "e2"), "E3+5");
        assert_eq!(name(start, "f0", "e1"), "A4+5");
        assert_eq!(name(start, "a0", "a2"), "R9+2");
        assert_eq!(name(start, "c3", "c4"), "P7+1");
        assert_eq!(name(start, "e0", "e1"), "K5+1");
        // Black counts files from its own right: its h-file cannon is on its 8th file.
        let black = start.replace(" w ", " b ");
        assert_eq!(name(&black, "h7", "e7"), "C8.5");
        assert_eq!(name(&black, "b9", "c7"), "H2+3");
        assert_eq!(name(&black, "c6", "c5"), "P3+1");
        assert_eq!(name(&black, "a9", "a7"), "R1+2");
    }

    #[test]
    fn backward_and_diagonal_moves() {
        let pos = "4k4/9/9/9/9/9/4R4/4H4/9/3K5 w";
        assert_eq!(name(pos, "e3", "e0"), "R5-3");
        assert_eq!(name(pos, "e2", "d0"), "H5-6");
        assert_eq!(name(pos, "e2", "f4"), "H5+4");
    }

    #[test]
    fn two_on_a_file_are_front_and_rear() {
        // Red chariots e6 (front) and e3 (rear); Black cannons d7 (front for Black) and d9.
        let pos = "3ck4/9/3c5/4R4/9/9/4R4/9/9/3K5 w";
        assert_eq!(name(pos, "e6", "d6"), "R+.6");
        assert_eq!(name(pos, "e3", "e1"), "R--2");
        let black = pos.replace(" w", " b");
        assert_eq!(name(&black, "d7", "d8"), "C+-1");
        assert_eq!(name(&black, "d9", "b9"), "C-.2");
        // Advisors need no such mark: d0 and d2 both reach e1, one forward, one back.
        let advisors = "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w";
        assert_eq!(name(advisors, "d0", "e1"), "A6+5");
        assert_eq!(name(advisors, "d2", "e1"), "A6-5");
    }

    #[test]
    fn three_four_and_five_soldiers_on_a_file() {
        // Red soldiers on c7, c6, c5 (file 7 from Red's right).
        let three = "4k4/9/2P6/2P6/2P6/9/9/9/9/4K4 w";
        assert_eq!(name(three, "c7", "d7"), "P+.6");
        assert_eq!(name(three, "c6", "d6"), "P7.6");
        assert_eq!(name(three, "c5", "d5"), "P-.6");
        let four = "4k4/9/2P6/2P6/2P6/2P6/9/9/9/4K4 w";
        assert_eq!(name(four, "c7", "d7"), "++.6");
        assert_eq!(name(four, "c6", "d6"), "P+.6");
        assert_eq!(name(four, "c5", "d5"), "P-.6");
        assert_eq!(name(four, "c4", "c5"), "--+1");
        let five = "4k4/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w";
        assert_eq!(name(five, "c8", "d8"), "++.6");
        assert_eq!(name(five, "c7", "d7"), "P+.6");
        assert_eq!(name(five, "c6", "d6"), "P7.6");
        assert_eq!(name(five, "c5", "d5"), "P-.6");
        assert_eq!(name(five, "c4", "c5"), "--+1");
    }

    #[test]
    fn soldiers_doubled_on_two_files_take_the_file_digit() {
        // Three on c (file 7) and two on g (file 3), as in the WXF rules.
        let pos = "4k4/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w";
        assert_eq!(name(pos, "c7", "d7"), "7+.6");
        assert_eq!(name(pos, "c6", "d6"), "77.6");
        assert_eq!(name(pos, "c5", "d5"), "7-.6");
        assert_eq!(name(pos, "g7", "f7"), "3+.4");
        assert_eq!(name(pos, "g6", "f6"), "3-.4");
    }

    #[test]
    fn an_empty_point_gives_its_coordinates_and_does_not_panic() {
        assert_eq!(name(Game::Xiangqi.start_fen(), "e5", "e6"), "e5e6");
    }
}

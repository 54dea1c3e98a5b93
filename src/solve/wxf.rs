//! WXF notation for xiangqi moves (`C2.5`, `H8+7`, `R+.3`, `P-.4`, `3+.4`): piece letter, file
//! counted from the mover's right, `+` forward, `-` backward, `.` sideways, then the number of
//! ranks moved (chariot, cannon, soldier, general going straight) or the file arrived on.
//! Two or more like pieces on one file are told apart the WXF way: front `+`, rear `-`, a middle
//! soldier by its file, the outermost of four or five soldiers `++`/`--`, and when two files each
//! hold several soldiers, the file digit replaces the letter (`3+.4`). Advisors and elephants
//! never need this: their direction alone tells them apart.

use crate::core::{Board, Color, Piece, Role, Square};

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

/// The file number 1–9 as the side `color` counts it, from its own right.
fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::White => 9 - file,
        Color::Black => file + 1,
    }
}

/// How far forward `rank` is for `color` (bigger is nearer the enemy).
fn advance(color: Color, rank: u8) -> i8 {
    match color {
        Color::White => rank as i8,
        Color::Black => 9 - rank as i8,
    }
}

/// The WXF name of the move `from`→`to` on `board` (before the move). An empty `from` gives "?".
pub fn wxf(board: &Board, from: Square, to: Square) -> String {
    let Some(piece @ Piece { color, role }) = board.get(from) else {
        return "?".to_string();
    };
    let mut out = String::with_capacity(4);
    out.push_str(&designation(board, piece, from));
    let forward = advance(color, to.rank) - advance(color, from.rank);
    let straight = matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn);
    if forward == 0 {
        out.push('.');
        out.push(digit(file_number(color, to.file)));
    } else {
        out.push(if forward > 0 { '+' } else { '-' });
        let n = if straight {
            forward.unsigned_abs()
        } else {
            file_number(color, to.file)
        };
        out.push(digit(n));
    }
    out
}

fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 10).unwrap_or('?')
}

/// The first two characters: the piece and which one of its kind.
fn designation(board: &Board, piece: Piece, from: Square) -> String {
    let Piece { color, role } = piece;
    let file = file_number(color, from.file);
    let mut column: Vec<Square> = tandem(board, piece, from.file);
    if column.len() < 2 || matches!(role, Role::Advisor | Role::Bishop) {
        return format!("{}{}", letter(role), file);
    }
    // Front first.
    column.sort_by_key(|sq| -advance(color, sq.rank));
    let index = column.iter().position(|&sq| sq == from).unwrap_or(0);
    let n = column.len();
    let several_files = role == Role::Pawn
        && (0..9)
            .filter(|&f| f != from.file && tandem(board, piece, f).len() >= 2)
            .count()
            > 0;
    let head = if several_files {
        digit(file)
    } else {
        letter(role)
    };
    let mark = match (n, index) {
        (_, 0) if n >= 4 => return "++".to_string(),
        (_, i) if n >= 4 && i == n - 1 => return "--".to_string(),
        (_, 0) => '+',
        (4, 1) | (5, 1) => '+',
        (_, i) if i == n - 1 => '-',
        (4, 2) | (5, 3) => '-',
        // The middle one of three or five: its own file number.
        _ => digit(file),
    };
    format!("{head}{mark}")
}

/// The squares of `piece`'s kind and colour on file `file`.
fn tandem(board: &Board, piece: Piece, file: u8) -> Vec<Square> {
    (0..10)
        .map(|rank| Square::new(file, rank))
        .filter(|&sq| board.get(sq) == Some(piece))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, fen};

    fn name(text: &str, from: &str, to: &str) -> String {
        let pos = fen::read(text, Some(Game::Xiangqi)).position.unwrap();
        let sq = |s| Square::parse(s, Game::Xiangqi).unwrap();
        wxf(&pos.board, sq(from), sq(to))
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
    fn an_empty_point_does_not_panic() {
        assert_eq!(name(Game::Xiangqi.start_fen(), "e5", "e6"), "?");
    }
}

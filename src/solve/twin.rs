//! Twins: the small changes of a problem's diagram that make new problems of it, in Popeye's
//! words (`move c3 d4`, `exchange`, `remove`, `add black pe4`, `rotate 90`, `mirror a1<-->h1`,
//! `shift a1 a2`, `polish`, `substitute r b`, `stipulation #3`; `cont` changes the previous
//! twin instead of the diagram). Commands may be abbreviated as long as they stay unambiguous
//! and are read in any case. The EPD operation holds every twin after the diagram:
//! `twins "b) move c3 d4 c) cont add black pe4"`.

use std::fmt;

use super::Stipulation;
use crate::core::castling::{STANDARD_KING_FILE, king_file, right_possible};
use crate::core::{Board, Color, Game, Piece, Position, Role, Square};

/// One change of the position (or the stipulation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Move(Square, Square),
    Exchange(Square, Square),
    Remove(Square),
    Add(Piece, Vec<Square>),
    /// Anticlockwise, in degrees: 90, 180 or 270.
    Rotate(u16),
    Mirror(Mirror),
    Shift(Square, Square),
    Polish,
    Substitute(Role, Role),
    Stipulation(Stipulation),
}

/// Where a mirror sends a1 (or, for `a8<-->h1`, a8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// a1 ↔ h1: files mirrored.
    Files,
    /// a1 ↔ a8: ranks mirrored.
    Ranks,
    /// a1 ↔ h8: across the diagonal a8–h1.
    AntiDiagonal,
    /// a8 ↔ h1: across the diagonal a1–h8.
    Diagonal,
}

/// A twin: its letter (`b` for the first after the diagram), its text, and its changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    pub label: char,
    pub text: String,
    /// Changes the previous twin rather than the diagram.
    pub cont: bool,
    pub changes: Vec<Change>,
}

/// A twin that does not read or does not apply: which one, the command, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinError {
    pub label: char,
    pub command: String,
    pub why: String,
}

impl fmt::Display for TwinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "twin {}) {}: {}", self.label, self.command, self.why)
    }
}

impl std::error::Error for TwinError {}

const COMMANDS: [&str; 11] = [
    "move",
    "exchange",
    "remove",
    "add",
    "rotate",
    "mirror",
    "shift",
    "polish",
    "substitute",
    "stipulation",
    "continued",
];

/// The command a word names: itself or an unambiguous abbreviation (`rem`, `exch`, `cont`),
/// Popeye's `polishtype` too.
fn command(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_lowercase();
    if w == "polishtype" {
        return Some("polish");
    }
    let mut found = COMMANDS
        .iter()
        .filter(|c| c.starts_with(&w) && !w.is_empty());
    let first = found.next()?;
    found.next().is_none().then_some(*first)
}

/// The twins of an EPD `twins` operand: `b) move c3 d4 c) cont add black pe4`. Labels are
/// taken as written, or counted from `b` when the text has none.
pub fn parse_list(text: &str) -> Result<Vec<Twin>, TwinError> {
    let mut parts: Vec<(char, String)> = Vec::new();
    let mut current: Option<(char, Vec<&str>)> = None;
    for word in text.split_whitespace() {
        let label = word
            .strip_suffix(')')
            .filter(|l| l.chars().count() == 1)
            .and_then(|l| l.chars().next())
            .filter(char::is_ascii_lowercase);
        if let Some(l) = label {
            if let Some((c, words)) = current.take() {
                parts.push((c, words.join(" ")));
            }
            current = Some((l, Vec::new()));
        } else {
            let next = (b'b' + parts.len() as u8) as char;
            current.get_or_insert((next, Vec::new())).1.push(word);
        }
    }
    if let Some((c, words)) = current {
        parts.push((c, words.join(" ")));
    }
    parts.into_iter().map(|(l, t)| parse(l, &t)).collect()
}

/// One twin's commands (`cont rem e7 add white qe8`), labelled `label`.
pub fn parse(label: char, text: &str) -> Result<Twin, TwinError> {
    let fail = |command: &str, why: &str| TwinError {
        label,
        command: command.to_string(),
        why: why.to_string(),
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(fail(
            "",
            "an empty twin: expected a command such as move c3 d4",
        ));
    }
    let mut cont = false;
    let mut changes = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let Some(name) = command(word) else {
            return Err(fail(
                word,
                "unknown twin command (move, exchange, remove, add, rotate, mirror, shift, \
                 polish, substitute, stipulation, cont)",
            ));
        };
        // The command's arguments: the words up to the next command.
        let mut j = i + 1;
        while j < words.len() && command(words[j]).is_none() {
            j += 1;
        }
        let args = &words[i + 1..j];
        let whole = words[i..j].join(" ");
        let change = match name {
            "continued" if i == 0 && args.is_empty() => {
                cont = true;
                None
            }
            "continued" => return Err(fail(&whole, "cont comes first and alone")),
            _ => Some(change(name, args).map_err(|why| fail(&whole, &why))?),
        };
        changes.extend(change);
        i = j;
    }
    if changes.is_empty() {
        return Err(fail(text.trim(), "cont without a change"));
    }
    Ok(Twin {
        label,
        text: text.split_whitespace().collect::<Vec<_>>().join(" "),
        cont,
        changes,
    })
}

fn square(word: &str) -> Result<Square, String> {
    Square::parse(&word.to_ascii_lowercase(), Game::Chess)
        .ok_or_else(|| format!("'{word}' is not a square"))
}

fn two_squares(args: &[&str]) -> Result<(Square, Square), String> {
    match args {
        [a, b] => Ok((square(a)?, square(b)?)),
        _ => Err("expected two squares".into()),
    }
}

/// Popeye's piece letters: K Q R B S P (N read as a knight too).
fn role(letter: char) -> Option<Role> {
    match letter.to_ascii_lowercase() {
        'k' => Some(Role::King),
        'q' => Some(Role::Queen),
        'r' => Some(Role::Rook),
        'b' => Some(Role::Bishop),
        's' | 'n' => Some(Role::Knight),
        'p' => Some(Role::Pawn),
        _ => None,
    }
}

fn change(name: &str, args: &[&str]) -> Result<Change, String> {
    match name {
        "move" => two_squares(args).map(|(a, b)| Change::Move(a, b)),
        "exchange" => two_squares(args).map(|(a, b)| Change::Exchange(a, b)),
        "shift" => two_squares(args).map(|(a, b)| Change::Shift(a, b)),
        "remove" => match args {
            [a] => square(a).map(Change::Remove),
            _ => Err("expected one square".into()),
        },
        "add" => add(args),
        "rotate" => match args {
            ["90"] => Ok(Change::Rotate(90)),
            ["180"] => Ok(Change::Rotate(180)),
            ["270"] => Ok(Change::Rotate(270)),
            _ => Err("expected 90, 180 or 270".into()),
        },
        "mirror" => match args
            .iter()
            .map(|a| a.to_ascii_lowercase())
            .collect::<Vec<_>>()[..]
        {
            [ref a] if a == "a1<-->h1" => Ok(Change::Mirror(Mirror::Files)),
            [ref a] if a == "a1<-->a8" => Ok(Change::Mirror(Mirror::Ranks)),
            [ref a] if a == "a1<-->h8" => Ok(Change::Mirror(Mirror::AntiDiagonal)),
            [ref a] if a == "a8<-->h1" => Ok(Change::Mirror(Mirror::Diagonal)),
            _ => Err("expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1".into()),
        },
        "polish" if args.is_empty() => Ok(Change::Polish),
        "polish" => Err("polish takes nothing after it".into()),
        "substitute" => match args {
            [a, b] if a.len() == 1 && b.len() == 1 => {
                let r = |w: &str| role(w.chars().next().unwrap_or(' '));
                match (r(a), r(b)) {
                    (Some(a), Some(b)) => Ok(Change::Substitute(a, b)),
                    _ => Err("expected two piece letters (K Q R B S P)".into()),
                }
            }
            _ => Err("expected two piece letters (substitute r b)".into()),
        },
        "stipulation" => match args {
            [s] => s
                .parse()
                .map(Change::Stipulation)
                .map_err(|e| e.to_string()),
            _ => Err("expected one stipulation (stipulation #3)".into()),
        },
        _ => Err("unknown twin command".into()),
    }
}

/// `add white|black PIECE SQ…`: Popeye's piece list, `pe4`, `qe8f7`, several words.
fn add(args: &[&str]) -> Result<Change, String> {
    let (color, pieces) = match args.split_first() {
        Some((c, rest)) if c.eq_ignore_ascii_case("white") => (Color::White, rest),
        Some((c, rest)) if c.eq_ignore_ascii_case("black") => (Color::Black, rest),
        _ => return Err("expected white or black, then pieces (add black pe4)".into()),
    };
    let [word] = pieces else {
        return Err("expected one piece with its squares (add black pe4)".into());
    };
    let mut chars = word.chars();
    let letter = chars.next().unwrap_or(' ');
    let role = role(letter).ok_or_else(|| format!("'{letter}' is not a piece (K Q R B S P)"))?;
    let rest: String = chars.collect();
    if rest.is_empty() || !rest.len().is_multiple_of(2) || !rest.is_ascii() {
        return Err(format!(
            "'{word}': expected a piece letter and squares (pe4)"
        ));
    }
    let squares = (0..rest.len())
        .step_by(2)
        .map(|i| square(&rest[i..i + 2]))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Change::Add(Piece::new(color, role), squares))
}

/// Every twin's position and stipulation, each from the diagram or, with `cont`, from the
/// twin before; the first error ends the list.
pub fn apply_all(
    twins: &[Twin],
    diagram: &Position,
    stipulation: Stipulation,
) -> Vec<Result<(Position, Stipulation), TwinError>> {
    let mut out = Vec::new();
    let denied = denied_castling(diagram);
    let mut last = (*diagram, stipulation);
    for twin in twins {
        let from = if twin.cont {
            last
        } else {
            (*diagram, stipulation)
        };
        match apply_denying(twin, from.0, from.1, &denied) {
            Ok(next) => {
                last = next;
                out.push(Ok(next));
            }
            Err(e) => {
                out.push(Err(e));
                break;
            }
        }
    }
    out
}

/// One twin's changes on `pos` and `stip`, `pos` standing for the diagram.
pub fn apply(
    twin: &Twin,
    pos: Position,
    stip: Stipulation,
) -> Result<(Position, Stipulation), TwinError> {
    apply_denying(twin, pos, stip, &denied_castling(&pos))
}

/// One twin's changes; castling afterwards as Popeye grants it: to every king and rook on
/// their start squares, except on the squares the diagram denies it to.
fn apply_denying(
    twin: &Twin,
    mut pos: Position,
    mut stip: Stipulation,
    denied: &[Square],
) -> Result<(Position, Stipulation), TwinError> {
    if !pos.game.is_chess() {
        return Err(TwinError {
            label: twin.label,
            command: twin.text.clone(),
            why: "twins are chess problems' (this is xiangqi)".into(),
        });
    }
    for change in &twin.changes {
        let fail = |why: String| TwinError {
            label: twin.label,
            command: describe(change),
            why,
        };
        match change {
            Change::Stipulation(s) => stip = *s,
            c => pos = change_board(&pos, c).map_err(fail)?,
        }
    }
    if twin
        .changes
        .iter()
        .any(|c| !matches!(c, Change::Stipulation(_)))
    {
        grant_castling(&mut pos, denied);
    }
    Ok((pos, stip))
}

/// The start squares whose men the diagram does not let castle, as Popeye's `nocastling`
/// names them: a king at home without a right though a rook stands at home, or a rook at
/// home beside a king that has rights, but not with this rook. Popeye keeps these per square through every twin.
fn denied_castling(diagram: &Position) -> Vec<Square> {
    let mut denied = Vec::new();
    if diagram.game != Game::Chess {
        return denied;
    }
    for color in [Color::White, Color::Black] {
        if king_file(diagram, color).is_none() {
            continue;
        }
        let rank = diagram.back_rank(color);
        let rights: Vec<u8> = diagram.castling.files(color).collect();
        let home_rooks = [0, 7].into_iter().filter(|&file| {
            diagram.board.get(Square::new(file, rank)) == Some(Piece::new(color, Role::Rook))
        });
        if rights.is_empty() {
            if home_rooks.count() > 0 {
                denied.push(Square::new(STANDARD_KING_FILE, rank));
            }
            continue;
        }
        denied.extend(
            home_rooks
                .filter(|file| !rights.contains(file))
                .map(|file| Square::new(file, rank)),
        );
    }
    denied
}

/// Castling rights for every king and rook of standard chess on their start squares whose
/// squares are not `denied` (Chess960 keeps the rights it still can, as `change_board` left
/// them).
fn grant_castling(pos: &mut Position, denied: &[Square]) {
    if pos.game != Game::Chess {
        return;
    }
    for color in [Color::White, Color::Black] {
        let rank = pos.back_rank(color);
        let king_may = !denied.contains(&Square::new(STANDARD_KING_FILE, rank));
        for file in [0, 7] {
            let may = king_may
                && right_possible(pos, color, file)
                && !denied.contains(&Square::new(file, rank));
            pos.castling.set(color, file, may);
        }
    }
}

fn describe(change: &Change) -> String {
    let sq = |s: &Square| s.name(Game::Chess).to_string();
    match change {
        Change::Move(a, b) => format!("move {} {}", sq(a), sq(b)),
        Change::Exchange(a, b) => format!("exchange {} {}", sq(a), sq(b)),
        Change::Remove(a) => format!("remove {}", sq(a)),
        Change::Add(p, squares) => format!(
            "add {} {}{}",
            if p.color == Color::White {
                "white"
            } else {
                "black"
            },
            popeye_letter(p.role),
            squares.iter().map(sq).collect::<String>()
        ),
        Change::Rotate(n) => format!("rotate {n}"),
        Change::Mirror(m) => format!(
            "mirror {}",
            match m {
                Mirror::Files => "a1<-->h1",
                Mirror::Ranks => "a1<-->a8",
                Mirror::AntiDiagonal => "a1<-->h8",
                Mirror::Diagonal => "a8<-->h1",
            }
        ),
        Change::Shift(a, b) => format!("shift {} {}", sq(a), sq(b)),
        Change::Polish => "polish".into(),
        Change::Substitute(a, b) => {
            format!("substitute {} {}", popeye_letter(*a), popeye_letter(*b))
        }
        Change::Stipulation(s) => format!("stipulation {s}"),
    }
}

fn popeye_letter(role: Role) -> char {
    match role {
        Role::King => 'k',
        Role::Queen => 'q',
        Role::Rook => 'r',
        Role::Bishop => 'b',
        Role::Knight => 's',
        _ => 'p',
    }
}

/// The board after one change; castling rights kept only where king and rook still stand
/// for them, en passant only when nothing moved.
fn change_board(pos: &Position, change: &Change) -> Result<Position, String> {
    let name = |s: Square| s.name(Game::Chess).to_string();
    let mut board = pos.board;
    let mut keeps_ep = false;
    match *change {
        Change::Move(a, b) => {
            let piece = board
                .get(a)
                .ok_or_else(|| format!("{} is empty", name(a)))?;
            board.set(a, None);
            board.set(b, Some(piece));
        }
        Change::Exchange(a, b) => {
            let (pa, pb) = (board.get(a), board.get(b));
            if pa.is_none() && pb.is_none() {
                return Err(format!("{} and {} are empty", name(a), name(b)));
            }
            board.set(a, pb);
            board.set(b, pa);
        }
        Change::Remove(a) => {
            board
                .set(a, None)
                .ok_or_else(|| format!("{} is empty", name(a)))?;
        }
        Change::Add(piece, ref squares) => {
            for &s in squares {
                board.set(s, Some(piece));
            }
        }
        Change::Rotate(n) => {
            board = Board::empty(pos.game);
            for (s, p) in pos.board.pieces() {
                board.set(rotated(s, n), Some(p));
            }
        }
        Change::Mirror(m) => {
            board = Board::empty(pos.game);
            for (s, p) in pos.board.pieces() {
                board.set(mirrored(s, m), Some(p));
            }
        }
        Change::Shift(a, b) => {
            let (df, dr) = (
                i8::try_from(b.file).unwrap_or(0) - i8::try_from(a.file).unwrap_or(0),
                i8::try_from(b.rank).unwrap_or(0) - i8::try_from(a.rank).unwrap_or(0),
            );
            board = Board::empty(pos.game);
            for (s, p) in pos.board.pieces() {
                let to = s
                    .offset(df, dr, pos.game)
                    .ok_or_else(|| format!("the piece on {} would leave the board", name(s)))?;
                board.set(to, Some(p));
            }
        }
        Change::Polish => {
            board = Board::empty(pos.game);
            for (s, p) in pos.board.pieces() {
                board.set(s, Some(Piece::new(p.color.other(), p.role)));
            }
        }
        Change::Substitute(from, to) => {
            for s in Square::all(pos.game) {
                if let Some(p) = board.get(s).filter(|p| p.role == from) {
                    board.set(s, Some(Piece::new(p.color, to)));
                }
            }
        }
        Change::Stipulation(_) => keeps_ep = true,
    }
    let mut out = Position { board, ..*pos };
    if !keeps_ep {
        out.ep = None;
    }
    for color in [Color::White, Color::Black] {
        let files: Vec<u8> = out.castling.files(color).collect();
        for file in files {
            if !right_possible(&out, color, file) {
                out.castling.set(color, file, false);
            }
        }
    }
    Ok(out)
}

/// `s` turned `degrees` anticlockwise, as Popeye turns the board: by 90, a1 goes to h1.
pub fn rotated(s: Square, degrees: u16) -> Square {
    let top = 7;
    match degrees {
        90 => Square::new(top - s.rank, s.file),
        180 => Square::new(top - s.file, top - s.rank),
        270 => Square::new(s.rank, top - s.file),
        _ => s,
    }
}

/// `s` mirrored as `m` says.
pub fn mirrored(s: Square, m: Mirror) -> Square {
    let top = 7;
    match m {
        Mirror::Files => Square::new(top - s.file, s.rank),
        Mirror::Ranks => Square::new(s.file, top - s.rank),
        Mirror::AntiDiagonal => Square::new(top - s.rank, top - s.file),
        Mirror::Diagonal => Square::new(s.rank, s.file),
    }
}

/// The EPD `twins` operand of `twins`: `b) move c3 d4 c) cont add black pe4`.
pub fn write_list(twins: &[Twin]) -> String {
    twins
        .iter()
        .map(|t| {
            let cont = if t.cont && !t.text.starts_with("cont") {
                "cont "
            } else {
                ""
            };
            format!("{}) {cont}{}", t.label, t.text)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn pos(text: &str) -> Position {
        fen::read(text, None).position.expect(text)
    }

    fn stip(text: &str) -> Stipulation {
        text.parse().unwrap()
    }

    fn twin(text: &str) -> Twin {
        parse('b', text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// The board part of the FEN after `text` on `from` (with #2).
    fn after(from: &str, text: &str) -> String {
        let (p, _) = apply(&twin(text), pos(from), stip("#2")).unwrap();
        fen::write(&p).split(' ').next().unwrap().to_string()
    }

    #[test]
    fn rotating_turns_anticlockwise_as_popeye_does() {
        assert_eq!(rotated(Square::new(0, 0), 90), Square::new(7, 0)); // a1 → h1
        assert_eq!(rotated(Square::new(7, 0), 90), Square::new(7, 7)); // h1 → h8
        assert_eq!(rotated(Square::new(2, 1), 90), Square::new(6, 2)); // c2 → g3
        assert_eq!(rotated(Square::new(2, 1), 180), Square::new(5, 6)); // c2 → f7
        assert_eq!(rotated(Square::new(2, 1), 270), Square::new(1, 5)); // c2 → b6
        // White Ka1, Rb1, black Kh8: by 90 the king is on h1, the rook on h2, the black king a8.
        assert_eq!(
            after("7k/8/8/8/8/8/8/KR6 w - - 0 1", "rotate 90"),
            "k7/8/8/8/8/8/7R/7K"
        );
    }

    #[test]
    fn mirrors_send_a1_where_they_say() {
        let a1 = Square::new(0, 0);
        assert_eq!(mirrored(a1, Mirror::Files), Square::new(7, 0));
        assert_eq!(mirrored(a1, Mirror::Ranks), Square::new(0, 7));
        assert_eq!(mirrored(a1, Mirror::AntiDiagonal), Square::new(7, 7));
        assert_eq!(
            mirrored(Square::new(0, 7), Mirror::Diagonal),
            Square::new(7, 0)
        );
        // c2 across a1–h8 is b3.
        assert_eq!(
            mirrored(Square::new(2, 1), Mirror::Diagonal),
            Square::new(1, 2)
        );
        assert_eq!(
            after("7k/8/8/8/8/8/8/KR6 w - - 0 1", "mirror a1<-->h1"),
            "k7/8/8/8/8/8/8/6RK"
        );
    }

    #[test]
    fn pieces_move_exchange_go_and_come() {
        let morphy = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
        // wKc8→d7: the twin composers print as b) wKc8-d7.
        assert_eq!(after(morphy, "move c8 d7"), "kb6/pp1K4/1P6/8/8/8/8/R7");
        // A piece standing on the target is removed.
        assert_eq!(after(morphy, "move a1 a7"), "kbK5/Rp6/1P6/8/8/8/8/8");
        assert_eq!(after(morphy, "exchange a1 b6"), "kbK5/pp6/1R6/8/8/8/8/P7");
        assert_eq!(after(morphy, "rem b7"), "kbK5/p7/1P6/8/8/8/8/R7");
        assert_eq!(after(morphy, "add black pe4"), "kbK5/pp6/1P6/8/4p3/8/8/R7");
        assert_eq!(
            after(morphy, "add white qe8f7"),
            "kbK1Q3/pp3Q2/1P6/8/8/8/8/R7"
        );
        assert_eq!(after(morphy, "polish"), "KBk5/PP6/1p6/8/8/8/8/r7");
        assert_eq!(after(morphy, "shift a1 b1"), "1kbK4/1pp5/2P5/8/8/8/8/1R6");
        assert_eq!(after(morphy, "substitute r q"), "kbK5/pp6/1P6/8/8/8/8/Q7");
        assert_eq!(
            after(morphy, "remove a1 add white rh1"),
            "kbK5/pp6/1P6/8/8/8/8/7R"
        );
    }

    #[test]
    fn a_twin_that_does_not_apply_names_itself_and_why() {
        let morphy = pos("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
        let err = apply(&twin("move e4 e5"), morphy, stip("#2")).unwrap_err();
        assert_eq!(err.to_string(), "twin b) move e4 e5: e4 is empty");
        let err = apply(
            &twin("shift a1 a2"),
            pos("k7/8/8/8/8/8/8/K7 w - - 0 1"),
            stip("#2"),
        )
        .unwrap_err();
        assert!(err.why.contains("a8 would leave the board"), "{err}");
        for bad in [
            "",
            "jump a1 a2",
            "move a1",
            "move a1 a9",
            "rotate 45",
            "mirror a1<-->b2",
            "add green pe4",
            "add white xe4",
            "add white p",
            "stipulation #0",
            "m a1 a2",
            "polish now",
            "cont",
            "move a1 a2 cont",
        ] {
            let err = parse('c', bad).expect_err(bad);
            assert!(err.to_string().starts_with("twin c)"), "{bad}: {err}");
        }
    }

    #[test]
    fn cont_changes_the_previous_twin_and_the_stipulation_changes_too() {
        let twins = parse_list("b) move c8 d7 c) cont stipulation #3 d) rotate 180").unwrap();
        assert_eq!(twins.iter().map(|t| t.label).collect::<String>(), "bcd");
        let out = apply_all(
            &twins,
            &pos("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"),
            stip("#2"),
        );
        let (c, s) = out[1].as_ref().unwrap();
        assert_eq!(
            fen::write(c).split(' ').next(),
            Some("kb6/pp1K4/1P6/8/8/8/8/R7")
        );
        assert_eq!(s.to_string(), "#3");
        let (d, s) = out[2].as_ref().unwrap();
        assert_eq!(
            fen::write(d).split(' ').next(),
            Some("7R/8/8/8/8/6P1/6pp/5Kbk")
        );
        assert_eq!(s.to_string(), "#2");
        assert_eq!(
            write_list(&twins),
            "b) move c8 d7 c) cont stipulation #3 d) rotate 180"
        );
        // Unlabelled twins are counted from b).
        let plain = parse_list("move c8 d7").unwrap();
        assert_eq!(plain[0].label, 'b');
    }

    /// Castling after each twin of `twins` on `diagram`, as its FEN field writes it.
    fn castling_of_twins(diagram: &str, twins: &str) -> Vec<String> {
        let twins = parse_list(twins).unwrap();
        apply_all(&twins, &pos(diagram), stip("#2"))
            .into_iter()
            .map(|r| {
                fen::write(&r.unwrap().0)
                    .split(' ')
                    .nth(2)
                    .unwrap()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn a_twin_grants_castling_to_king_and_rook_at_home_as_popeye_does() {
        // Popeye castles with a rook a twin adds or brings home (checked with Popeye: 1.0-0
        // and 1.0-0-0 in b) and c) of `001` on wKe1 bKe8).
        assert_eq!(
            castling_of_twins(
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "b) add white rh1 c) add white ra1"
            ),
            ["K", "Q"]
        );
    }

    #[test]
    fn the_squares_the_diagram_denies_castling_stay_denied_in_every_twin() {
        // The rook on a1 may not castle (Popeye: `nocastling a1`): moved to h1 it may (c),
        // moved back it may not (d), as Popeye solves `001` with `option nocastling a1`.
        assert_eq!(
            castling_of_twins(
                "4k3/8/8/8/8/8/8/R3K2R w K - 0 1",
                "b) remove h1 c) cont move a1 h1 d) cont move h1 a1"
            ),
            ["-", "K", "-"]
        );
        // A king without rights castles with no rook a twin adds.
        assert_eq!(
            castling_of_twins("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "b) add white rh1"),
            ["-"]
        );
        // A twin of the stipulation alone leaves the diagram's rights as they are.
        assert_eq!(
            castling_of_twins("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "b) stipulation #3"),
            ["Kq"]
        );
    }

    #[test]
    fn castling_rights_stay_only_where_king_and_rook_still_stand() {
        let (p, _) = apply(
            &twin("move h1 h2"),
            pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"),
            stip("#2"),
        )
        .unwrap();
        assert_eq!(fen::write(&p).split(' ').nth(2), Some("Q"));
    }
}

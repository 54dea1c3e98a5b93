//! Playing moves on a `Position`: the legal moves of the side to move, one move made, and why a
//! move that is not legal is refused. Chess and Chess960 through shakmaty, xiangqi through
//! core's own generator (`xiangqi::movegen`), both checked by perft against references.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide as SSide, Chess, EnPassantMode, Move as SMove, Position as _};

use super::diagnostic::Diagnostic;
use super::game::{Color, Game, Piece, Role};
use super::legality::{self, chess::castling_mode, chess::to_chess};
use super::position::{Castling, Position};
use super::square::Square;
use super::xiangqi::Mailbox;
use super::xiangqi::mailbox::cell;
use super::xiangqi::movegen::Moves;

/// A move as the board shows it: from, to (castling: the king's destination) and the piece a
/// pawn promotes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

/// Why a move is not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The position itself is illegal: nothing is played in it. Its first error, which the
    /// screen words in the user's language.
    Illegal(Box<Diagnostic>),
    /// The position cannot be set up for play (the reason, from the rules' own reader).
    IllegalPosition(String),
    /// No piece stands on the square.
    NoPiece(Square),
    /// The piece belongs to the side not to move.
    NotYourTurn(Piece),
    /// The piece does not move that way (or the way is blocked).
    CannotGo(Piece, Square, Square),
    /// The move would leave the own king (general) attacked.
    LeavesInCheck(Piece),
    /// A pawn reaching the last rank must be told what it becomes.
    NeedsPromotion,
}

/// The legal moves of the side to move, or why the position allows none to be judged.
pub fn legal_moves(pos: &Position) -> Result<Vec<Move>, Refusal> {
    match rules(pos)? {
        Rules::Chess(chess) => Ok(chess
            .legal_moves()
            .iter()
            .map(|&m| from_shakmaty(&chess, m))
            .collect()),
        Rules::Xiangqi(mut mb) => Ok(mb
            .legal_moves()
            .into_iter()
            .map(|(from, to)| Move {
                from,
                to,
                promotion: None,
            })
            .collect()),
    }
}

/// Plays `mv` in `pos`: the position after it, or why it is refused. A move to the square of
/// the own castling rook also castles (the Chess960 way of saying it).
pub fn play(pos: &Position, mv: Move) -> Result<Position, Refusal> {
    resolve(pos, mv).map(|(_, after)| after)
}

/// As `play`, with the move as the board shows it (a castling king onto its rook becomes the
/// king to its castling square).
pub fn resolve(pos: &Position, mv: Move) -> Result<(Move, Position), Refusal> {
    let piece = pos.board.get(mv.from).ok_or(Refusal::NoPiece(mv.from))?;
    let rules = rules(pos)?;
    if piece.color != pos.turn {
        return Err(Refusal::NotYourTurn(piece));
    }
    match rules {
        Rules::Chess(chess) => {
            let legal = chess.legal_moves();
            let matching: Vec<SMove> = legal
                .iter()
                .copied()
                .filter(|&m| same_squares(&chess, m, mv))
                .collect();
            // A king step that is also a castling square (Chess960) is the step: castling
            // is then the king onto its rook.
            let promotion = mv.promotion.and_then(to_srole);
            let chosen = matching
                .iter()
                .copied()
                .filter(|m| m.promotion() == promotion)
                .min_by_key(|m| m.is_castle());
            match chosen {
                Some(m) => Ok((from_shakmaty(&chess, m), after_chess(pos, &chess, m))),
                None if !matching.is_empty() => Err(Refusal::NeedsPromotion),
                None if pseudo_legal_chess(&chess, mv) => Err(Refusal::LeavesInCheck(piece)),
                None => Err(Refusal::CannotGo(piece, mv.from, mv.to)),
            }
        }
        Rules::Xiangqi(mut mb) => {
            if mb.legal_moves().contains(&(mv.from, mv.to)) {
                let mv = Move {
                    promotion: None,
                    ..mv
                };
                return Ok((mv, after_xiangqi(pos, mv)));
            }
            let mut pseudo = Moves::new();
            mb.generate(&mut pseudo);
            let (f, t) = (
                cell(mv.from.file, mv.from.rank) as u8,
                cell(mv.to.file, mv.to.rank) as u8,
            );
            if pseudo.as_slice().contains(&(f, t)) {
                Err(Refusal::LeavesInCheck(piece))
            } else {
                Err(Refusal::CannotGo(piece, mv.from, mv.to))
            }
        }
    }
}

/// Whether a move from `from` to `to` needs a promotion piece (a pawn reaching the last rank
/// legally).
pub fn is_promotion(pos: &Position, from: Square, to: Square) -> bool {
    let mv = Move {
        from,
        to,
        promotion: None,
    };
    matches!(play(pos, mv), Err(Refusal::NeedsPromotion))
}

/// Reads a UCI move (`e2e4`, `e7e8q`, `e1g1`, Chess960's `e1h1`, xiangqi's `h2e2`) in `pos`:
/// the legal move it names, or `None`.
pub fn parse_uci(pos: &Position, text: &str) -> Option<Move> {
    match rules(pos).ok()? {
        Rules::Chess(chess) => {
            let uci = UciMove::from_ascii(text.trim().as_bytes()).ok()?;
            let m = uci.to_move(&chess).ok()?;
            Some(from_shakmaty(&chess, m))
        }
        Rules::Xiangqi(mut mb) => {
            let text = text.trim();
            // The second square starts at the second letter.
            let split = text
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())?
                .0;
            let from = Square::parse(&text[..split], Game::Xiangqi)?;
            let to = Square::parse(&text[split..], Game::Xiangqi)?;
            mb.legal_moves().contains(&(from, to)).then_some(Move {
                from,
                to,
                promotion: None,
            })
        }
    }
}

/// The UCI name of a legal move `mv` in `pos` (Chess960 castling as king onto rook).
pub fn uci(pos: &Position, mv: Move) -> String {
    if let Ok(Rules::Chess(chess)) = rules(pos)
        && let Some(m) = to_shakmaty(&chess, mv)
    {
        return m.to_uci(castling_mode(pos.game)).to_string();
    }
    format!("{}{}", mv.from.name(pos.game), mv.to.name(pos.game))
}

/// The shakmaty position and its legal move matching `mv`, for notation (SAN) in chess.
pub fn shakmaty_move(pos: &Position, mv: Move) -> Option<(Chess, SMove)> {
    let chess = to_chess(pos).ok()?;
    let m = to_shakmaty(&chess, mv)?;
    Some((chess, m))
}

/// The generator a position gets, once it is known to be legal.
enum Rules {
    Chess(Chess),
    Xiangqi(Box<Mailbox>),
}

fn rules(pos: &Position) -> Result<Rules, Refusal> {
    if let Some(error) = legality::diagnose(pos).into_iter().find(|d| d.is_error()) {
        return Err(Refusal::Illegal(Box::new(error)));
    }
    if pos.game.is_xiangqi() {
        Mailbox::new(pos)
            .map(|mb| Rules::Xiangqi(Box::new(mb)))
            .map_err(|e| Refusal::IllegalPosition(e.to_string()))
    } else {
        to_chess(pos)
            .map(Rules::Chess)
            .map_err(Refusal::IllegalPosition)
    }
}

fn to_sq(sq: shakmaty::Square) -> Square {
    Square::new(sq.file() as u8, sq.rank() as u8)
}

pub(crate) fn to_srole(role: Role) -> Option<shakmaty::Role> {
    Some(match role {
        Role::Queen => shakmaty::Role::Queen,
        Role::Rook => shakmaty::Role::Rook,
        Role::Bishop => shakmaty::Role::Bishop,
        Role::Knight => shakmaty::Role::Knight,
        Role::King => shakmaty::Role::King,
        Role::Pawn => shakmaty::Role::Pawn,
        Role::Advisor | Role::Cannon => return None,
    })
}

fn from_srole(role: shakmaty::Role) -> Role {
    match role {
        shakmaty::Role::Queen => Role::Queen,
        shakmaty::Role::Rook => Role::Rook,
        shakmaty::Role::Bishop => Role::Bishop,
        shakmaty::Role::Knight => Role::Knight,
        shakmaty::Role::King => Role::King,
        shakmaty::Role::Pawn => Role::Pawn,
    }
}

fn from_shakmaty(chess: &Chess, m: SMove) -> Move {
    let from = m.from().map_or(Square::new(0, 0), to_sq);
    let to = match m {
        SMove::Castle { king, rook } => {
            to_sq(SSide::from_king_side(rook > king).king_to(chess.turn()))
        }
        _ => to_sq(m.to()),
    };
    Move {
        from,
        to,
        promotion: m.promotion().map(from_srole),
    }
}

/// Whether the shakmaty move `m` goes between the squares of `mv` (castling: onto the king's
/// destination or the rook), whatever it promotes to.
fn same_squares(chess: &Chess, m: SMove, mv: Move) -> bool {
    let shown = from_shakmaty(chess, m);
    shown.from == mv.from && (shown.to == mv.to || (m.is_castle() && to_sq(m.to()) == mv.to))
}

fn to_shakmaty(chess: &Chess, mv: Move) -> Option<SMove> {
    let legal = chess.legal_moves();
    legal
        .iter()
        .copied()
        .filter(|&m| same_squares(chess, m, mv) && m.promotion() == mv.promotion.and_then(to_srole))
        .min_by_key(|m| m.is_castle())
}

/// Whether the piece on `mv.from` moves that way on this board, own king aside: a piece's
/// attack pattern onto a square not held by its own side, a pawn's step, double step or
/// capture (en passant included).
fn pseudo_legal_chess(chess: &Chess, mv: Move) -> bool {
    let (Some(from), Some(to)) = (
        shakmaty::Square::try_from(u32::from(mv.from.rank) * 8 + u32::from(mv.from.file)).ok(),
        shakmaty::Square::try_from(u32::from(mv.to.rank) * 8 + u32::from(mv.to.file)).ok(),
    ) else {
        return false;
    };
    let board = chess.board();
    let Some(piece) = board.piece_at(from) else {
        return false;
    };
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    let occupied = board.occupied();
    if piece.role != shakmaty::Role::Pawn {
        return shakmaty::attacks::attacks(from, piece, occupied).contains(to);
    }
    let forward: i32 = if piece.color.is_white() { 1 } else { -1 };
    let dr = i32::from(mv.to.rank) - i32::from(mv.from.rank);
    let df = i32::from(mv.to.file) - i32::from(mv.from.file);
    let start = if piece.color.is_white() { 1 } else { 6 };
    let capture = board.piece_at(to).is_some() || chess.maybe_ep_square() == Some(to);
    match (df.abs(), dr * forward) {
        (0, 1) => !occupied.contains(to),
        (0, 2) => {
            let between = Square::new(mv.from.file, (i32::from(mv.from.rank) + forward) as u8);
            mv.from.rank == start
                && !occupied.contains(to)
                && !occupied.contains(shakmaty::Square::new(
                    u32::from(between.rank) * 8 + u32::from(between.file),
                ))
        }
        (1, 1) => capture,
        _ => false,
    }
}

/// The position after the legal chess move `m`, in core's terms.
fn after_chess(pos: &Position, chess: &Chess, m: SMove) -> Position {
    let mut after = chess.clone();
    after.play_unchecked(m);
    let mut board = super::board::Board::empty(pos.game);
    for (sq, p) in after.board().clone() {
        board.set(
            to_sq(sq),
            Some(Piece::new(
                if p.color.is_white() {
                    Color::White
                } else {
                    Color::Black
                },
                from_srole(p.role),
            )),
        );
    }
    let mut castling = Castling::NONE;
    for rook in after.castles().castling_rights() {
        let color = if rook.rank() == shakmaty::Rank::First {
            Color::White
        } else {
            Color::Black
        };
        castling.set(color, rook.file() as u8, true);
    }
    Position {
        game: pos.game,
        board,
        turn: pos.turn.other(),
        castling,
        ep: after.ep_square(EnPassantMode::Legal).map(to_sq),
        halfmove: after.halfmoves(),
        fullmove: after.fullmoves().get(),
    }
}

/// The position after the legal xiangqi move `mv`: the piece moves, the clocks go on.
fn after_xiangqi(pos: &Position, mv: Move) -> Position {
    let mut next = *pos;
    let piece = next.board.set(mv.from, None);
    let captured = next.board.set(mv.to, piece);
    next.turn = pos.turn.other();
    next.halfmove = if captured.is_some() {
        0
    } else {
        pos.halfmove + 1
    };
    if pos.turn == Color::Black {
        next.fullmove = pos.fullmove + 1;
    }
    next
}

/// Square of a mailbox cell, for tests comparing with the generator.
#[cfg(test)]
fn cell_square(c: u8) -> Square {
    super::xiangqi::mailbox::square(c as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn pos(text: &str) -> Position {
        fen::read(text, None).position.expect(text)
    }

    fn xq(text: &str) -> Position {
        fen::read(text, Some(Game::Xiangqi)).position.expect(text)
    }

    fn mv(p: &Position, from: &str, to: &str) -> Move {
        Move {
            from: Square::parse(from, p.game).unwrap(),
            to: Square::parse(to, p.game).unwrap(),
            promotion: None,
        }
    }

    /// Perft through `legal_moves` and `play` only: the counts of the published tables.
    fn perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        legal_moves(p)
            .unwrap()
            .into_iter()
            .map(|m| perft(&play(p, m).expect("a legal move plays"), depth - 1))
            .sum()
    }

    #[test]
    fn moves_made_in_core_terms_count_as_the_published_perft_tables() {
        // Chess Programming Wiki's perft positions: start, "Kiwipete", position 3.
        assert_eq!(perft(&Position::start(Game::Chess), 3), 8902);
        let kiwipete = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        assert_eq!(perft(&kiwipete, 2), 2039);
        assert_eq!(
            perft(&pos("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3),
            2812
        );
        // Xiangqi from the start: 44, 1920, 79666 (the counts Fairy-Stockfish gives).
        assert_eq!(perft(&Position::start(Game::Xiangqi), 2), 1920);
    }

    #[test]
    fn the_legal_list_is_the_generators_own() {
        let p = Position::start(Game::Xiangqi);
        let mut mb = Mailbox::new(&p).unwrap();
        let mine: Vec<_> = legal_moves(&p).unwrap();
        let cells = mb.legal_cells();
        assert_eq!(mine.len(), cells.len());
        for &(f, t) in cells.iter() {
            assert!(
                mine.iter()
                    .any(|m| m.from == cell_square(f) && m.to == cell_square(t))
            );
        }
    }

    #[test]
    fn a_chess_move_gives_the_next_position_with_its_fields() {
        let p = Position::start(Game::Chess);
        let after = play(&p, mv(&p, "e2", "e4")).unwrap();
        assert_eq!(
            fen::write(&after),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9");
        let castled = play(&p, mv(&p, "e1", "g1")).unwrap();
        assert_eq!(fen::write(&castled), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 9");
        // The king onto its rook castles too.
        assert_eq!(play(&p, mv(&p, "e1", "h1")).unwrap(), castled);
    }

    #[test]
    fn refusals_say_why() {
        let p = Position::start(Game::Chess);
        assert_eq!(
            play(&p, mv(&p, "e4", "e5")),
            Err(Refusal::NoPiece(Square::new(4, 3)))
        );
        assert!(matches!(
            play(&p, mv(&p, "e7", "e5")),
            Err(Refusal::NotYourTurn(_))
        ));
        assert!(matches!(
            play(&p, mv(&p, "e2", "e5")),
            Err(Refusal::CannotGo(..))
        ));
        // The pinned knight.
        let pinned = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
        assert!(matches!(
            play(&pinned, mv(&pinned, "e2", "c3")),
            Err(Refusal::LeavesInCheck(_))
        ));
        let promo = pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        assert_eq!(
            play(&promo, mv(&promo, "e7", "e8")),
            Err(Refusal::NeedsPromotion)
        );
        let queen = Move {
            promotion: Some(Role::Knight),
            ..mv(&promo, "e7", "e8")
        };
        assert_eq!(
            fen::write(&play(&promo, queen).unwrap()),
            "4N3/8/8/8/8/8/k7/4K3 b - - 0 1"
        );
        let illegal = pos("4k3/8/8/8/8/8/8/8 w - - 0 1");
        assert!(matches!(
            play(&illegal, mv(&illegal, "e8", "e7")),
            Err(Refusal::Illegal(_))
        ));
    }

    #[test]
    fn xiangqi_moves_and_refusals() {
        let p = Position::start(Game::Xiangqi);
        let after = play(&p, mv(&p, "h2", "e2")).unwrap();
        assert_eq!(
            fen::write(&after),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
        );
        assert!(play(&p, mv(&p, "h2", "h5")).is_ok());
        assert!(matches!(
            play(&p, mv(&p, "b0", "b2")),
            Err(Refusal::CannotGo(..))
        ));
        // A chariot pinned against its general by the other chariot.
        let pinned = xq("4k4/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1");
        assert!(matches!(
            play(&pinned, mv(&pinned, "e1", "d1")),
            Err(Refusal::LeavesInCheck(_))
        ));
    }

    #[test]
    fn chess960_castles_to_the_castling_square_or_onto_the_rook() {
        let p = fen::read("rk6/8/8/8/8/8/8/RK2R3 w EA - 0 1", Some(Game::Chess960))
            .position
            .unwrap();
        let to_g1 = play(&p, mv(&p, "b1", "g1")).unwrap();
        assert_eq!(play(&p, mv(&p, "b1", "e1")).unwrap(), to_g1);
        assert_eq!(
            to_g1.board.get(Square::new(5, 0)).map(|p| p.char()),
            Some('R')
        );
        assert!(!to_g1.castling.has(Color::White, 0));
        let (shown, _) = resolve(&p, mv(&p, "b1", "e1")).unwrap();
        assert_eq!(shown.to, Square::new(6, 0));
        let castle = parse_uci(&p, "b1e1").unwrap();
        assert_eq!(castle.to, Square::new(6, 0));
        assert_eq!(uci(&p, castle), "b1e1");
        // b1–c1 is a king step; the long castle is the king onto the a1 rook.
        let step = play(&p, mv(&p, "b1", "c1")).unwrap();
        assert_eq!(
            step.board.get(Square::new(0, 0)).map(|p| p.char()),
            Some('R')
        );
        let long = play(&p, mv(&p, "b1", "a1")).unwrap();
        assert_eq!(
            long.board.get(Square::new(3, 0)).map(|p| p.char()),
            Some('R')
        );
        assert_eq!(
            long.board.get(Square::new(2, 0)).map(|p| p.char()),
            Some('K')
        );
    }

    #[test]
    fn uci_reads_and_writes_every_game() {
        let p = Position::start(Game::Chess);
        let m = parse_uci(&p, "g1f3").unwrap();
        assert_eq!(uci(&p, m), "g1f3");
        assert_eq!(parse_uci(&p, "g1g3"), None);
        assert_eq!(parse_uci(&p, "garbage"), None);
        let c = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(parse_uci(&c, "e1g1").unwrap().to, Square::new(6, 0));
        let x = Position::start(Game::Xiangqi);
        let m = parse_uci(&x, "h2e2").unwrap();
        assert_eq!(uci(&x, m), "h2e2");
        assert_eq!(parse_uci(&x, "h2"), None);
        assert_eq!(parse_uci(&x, "z9z9"), None);
    }
}

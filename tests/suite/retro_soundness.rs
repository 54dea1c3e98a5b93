//! Soundness of the retro-legality rules: no position that a legal game reaches may get a
//! retro error. The games are random but lean towards pawn moves, captures and promotions (the
//! moves the counting rules are about), so that positions near the rules' limits come up: many
//! captures, doubled and far-travelled pawns, promoted pieces, pawns still at home walling in
//! their pieces, castling rights kept to the end.
//!
//! `cargo test --test retro_soundness` plays a quick sample; CI runs the full 500,000+
//! positions with `-- --ignored`.

use fenboard::core::legality::diagnose;
use fenboard::core::xiangqi::Mailbox;
use fenboard::core::{Color, Diagnostic, Game, Position, chess960, fen};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// xorshift64*: deterministic, no crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The errors of a FEN that a game reached: there must be none, retro or other.
fn errors(text: &str, game: Game) -> Vec<Diagnostic> {
    let read = fen::read(text, Some(game));
    let pos = read
        .position
        .unwrap_or_else(|| panic!("{text}: {:?}", read.diagnostics));
    diagnose(&pos)
        .into_iter()
        .filter(|d| d.is_error())
        .collect()
}

/// Weights per game: how strongly it prefers captures, promotions, pawn moves and castling.
struct Style {
    capture: u64,
    promotion: u64,
    pawn: u64,
    castle: u64,
}

fn pick(rng: &mut Rng, moves: &shakmaty::MoveList, style: &Style) -> usize {
    let weight = |m: &shakmaty::Move| {
        1 + if m.is_capture() { style.capture } else { 0 }
            + if m.is_promotion() { style.promotion } else { 0 }
            + if m.role() == shakmaty::Role::Pawn {
                style.pawn
            } else {
                0
            }
            + if m.is_castle() { style.castle } else { 0 }
    };
    let total: u64 = moves.iter().map(weight).sum();
    let mut r = rng.below(total);
    for (i, m) in moves.iter().enumerate() {
        let w = weight(m);
        if r < w {
            return i;
        }
        r -= w;
    }
    moves.len() - 1
}

/// Plays random chess games (a fifth of them Chess960) until `positions` positions have been
/// checked; returns how many games it took.
fn chess_games(seed: u64, positions: usize) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    let mut games = 0;
    while checked < positions {
        games += 1;
        let chess960 = rng.below(5) == 0;
        let (mut pos, game) = if chess960 {
            let start = chess960::start_position(rng.below(960) as u16).unwrap();
            let setup = fenboard::core::legality::chess::to_setup(&start);
            let pos: Chess = shakmaty::FromSetup::from_setup(setup, CastlingMode::Chess960)
                .expect("a Chess960 start");
            (pos, Game::Chess960)
        } else {
            (Chess::default(), Game::Chess)
        };
        // Some games barely touch their pieces (pawns at home, rights kept), others capture
        // and promote at every chance.
        let style = Style {
            capture: [0, 2, 8, 40][rng.below(4) as usize],
            promotion: [0, 20, 200][rng.below(3) as usize],
            pawn: [0, 1, 4, 12][rng.below(4) as usize],
            castle: [0, 5, 50][rng.below(3) as usize],
        };
        let plies = 10 + rng.below(300);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick(&mut rng, &moves, &style)];
            pos.play_unchecked(m);
            let text = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            let found = errors(&text, game);
            assert!(
                found.is_empty(),
                "a {game} game reached {text}, yet: {:?}",
                found
                    .iter()
                    .map(|d| format!("{}: {}", d.code.as_str(), d.message))
                    .collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    games
}

/// Random xiangqi games from fenboard's own move generator, soldiers' moves favoured.
fn xiangqi_games(seed: u64, positions: usize) {
    let mut rng = Rng(seed);
    let mut checked = 0;
    while checked < positions {
        let mut pos = Position::start(Game::Xiangqi);
        let mut mb = Mailbox::new(&pos).unwrap();
        let soldier_bias = [0, 3, 10][rng.below(3) as usize];
        let capture_bias = [0, 3, 10][rng.below(3) as usize];
        for _ in 0..10 + rng.below(250) {
            let moves = mb.legal_moves();
            if moves.is_empty() {
                break;
            }
            let weight = |&(from, to): &(fenboard::core::Square, fenboard::core::Square)| {
                let soldier = pos
                    .board
                    .get(from)
                    .is_some_and(|p| p.role == fenboard::core::Role::Pawn);
                1 + if soldier { soldier_bias } else { 0 }
                    + if pos.board.get(to).is_some() {
                        capture_bias
                    } else {
                        0
                    }
            };
            let total: u64 = moves.iter().map(weight).sum();
            let mut r = rng.below(total);
            let mut chosen = moves[moves.len() - 1];
            for m in &moves {
                if r < weight(m) {
                    chosen = *m;
                    break;
                }
                r -= weight(m);
            }
            let (from, to) = chosen;
            assert!(mb.play(from, to));
            let piece = pos.board.set(from, None);
            pos.board.set(to, piece);
            pos.turn = pos.turn.other();
            if pos.turn == Color::White {
                pos.fullmove += 1;
            }
            let text = fen::write(&pos);
            let found = errors(&text, Game::Xiangqi);
            assert!(
                found.is_empty(),
                "a xiangqi game reached {text}, yet: {found:?}"
            );
            checked += 1;
        }
    }
}

#[test]
fn random_games_never_get_a_retro_error() {
    chess_games(0x0dd_ba11, 20_000);
    xiangqi_games(0x5017_d1e5, 5_000);
}

#[test]
#[ignore = "the full run (500,000 chess and 100,000 xiangqi positions): CI runs it"]
fn many_random_games_never_get_a_retro_error() {
    let games = chess_games(0xfeed_beef, 500_000);
    assert!(games > 1000);
    xiangqi_games(0xc0ffee, 100_000);
}

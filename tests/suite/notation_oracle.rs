//! WXF against Fairy-Stockfish: every legal move of 250 positions (the start, tandem positions,
//! random games, positions built with pieces stacked on files) as pyffish writes it, from
//! `tests/fixtures/wxf_fairy_stockfish.tsv` (made by `scripts/make-wxf-fixture.py`).
//!
//! Fairy-Stockfish writes `=` for sideways, leaves a tandem mark out when only one of the pieces
//! can make the move (`C4-1` where WXF writes `C+-1`: the rules replace the file digit of tandem
//! pieces always, and xqinenglish.com calls `C-=5` "the correct wxf notation" even where the
//! other piece cannot move so), and numbers soldiers its own way once three share a file or two
//! files are doubled (`17+1`). Everything else must be identical, and every name it writes that
//! WXF has must read back to its move.

use fenboard::core::notation::{Move, Notation, legal_moves};
use fenboard::core::{Game, Position, Role, Square, fen};

/// Whether Fairy-Stockfish names the soldier on `from` in its own numbering (index, then file):
/// three or more soldiers of its side on its file, or two files each holding two or more.
fn fairy_numbers(pos: &Position, from: Square) -> bool {
    let Some(piece) = pos.board.get(from).filter(|p| p.role == Role::Pawn) else {
        return false;
    };
    let on_file = |file: u8| {
        (0..10)
            .filter(|&rank| pos.board.get(Square::new(file, rank)) == Some(piece))
            .count()
    };
    on_file(from.file) >= 3
        || on_file(from.file) >= 2 && (0..9).any(|f| f != from.file && on_file(f) >= 2)
}

#[test]
fn wxf_agrees_with_fairy_stockfish() {
    let data = include_str!("../fixtures/wxf_fairy_stockfish.tsv");
    let (mut same, mut marked, mut own_numbering, mut positions) = (0, 0, 0, 0);
    for line in data.lines() {
        let (text, pairs) = line.split_once('\t').expect("FEN, tab, moves");
        let pos = fen::read(text, Some(Game::Xiangqi))
            .position
            .expect("a FEN that reads");
        positions += 1;
        let mut theirs: Vec<Move> = Vec::new();
        for pair in pairs.split(' ') {
            let (uci, name) = pair.split_once('=').expect("move=WXF");
            let sq = |s: &str| Square::parse(s, Game::Xiangqi).expect("a point");
            let m = Move::new(sq(&uci[..2]), sq(&uci[2..]));
            theirs.push(m);
            let signs: Vec<char> = name.chars().collect();
            if fairy_numbers(&pos, m.from) {
                own_numbering += 1;
                continue;
            }
            assert_eq!(
                Notation::Wxf.read(&pos, name),
                Ok(m),
                "Fairy-Stockfish's {name} for {uci} in {text}"
            );
            let ours = Notation::Wxf.write(&pos, m);
            if ours == name.replace('=', ".") {
                same += 1;
            } else {
                // Only a mark it left out: its second sign is the file digit, ours a mark.
                let o: Vec<char> = ours.chars().collect();
                assert!(
                    signs[1].is_ascii_digit() && (matches!(o[1], '+' | '-') || o[0] == o[1]),
                    "{uci} in {text}: Fairy-Stockfish {name}, fenboard {ours}"
                );
                assert_eq!(
                    o[2..],
                    signs[2..]
                        .iter()
                        .map(|&c| if c == '=' { '.' } else { c })
                        .collect::<Vec<_>>()[..]
                );
                marked += 1;
            }
        }
        let mut ours = legal_moves(&pos).expect("a legal position");
        ours.sort_by_key(|m| (m.from, m.to));
        theirs.sort_by_key(|m| (m.from, m.to));
        assert_eq!(ours, theirs, "legal moves of {text}");
    }
    eprintln!(
        "{positions} positions: {same} names identical, {marked} with the WXF tandem mark \
         Fairy-Stockfish leaves out, {own_numbering} in its own soldier numbering"
    );
    assert_eq!(positions, 250);
    assert!(same > 5_000 && marked > 100 && own_numbering > 100);
}

/// A published game in Chinese notation, read move by move: every move reads as a legal move,
/// and fenboard writes each one exactly as the record prints it (tandem horses 前马/后马 included).
#[test]
fn a_published_game_in_chinese_notation_reads_and_writes_as_printed() {
    let data = include_str!("../fixtures/xqbase_xu_nie_1999.txt");
    let mut lines = data.lines().filter(|l| !l.starts_with('#'));
    let start = lines.next().expect("the start position");
    let mut pos = fen::read(start, Some(Game::Xiangqi))
        .position
        .expect("a FEN that reads");
    let mut played = 0;
    let mut tandem = 0;
    for text in lines
        .flat_map(str::split_whitespace)
        .filter(|t| !t.ends_with('.') && *t != "1-0")
    {
        let m = Notation::Chinese
            .read(&pos, text)
            .unwrap_or_else(|e| panic!("move {} ({text}): {e}", played + 1));
        assert_eq!(
            Notation::Chinese.write(&pos, m),
            text,
            "move {}",
            played + 1
        );
        tandem += usize::from(text.starts_with(['前', '后']));
        let piece = pos.board.set(m.from, None);
        pos.board.set(m.to, piece);
        pos.turn = pos.turn.other();
        played += 1;
    }
    assert_eq!((played, tandem), (75, 3));
}

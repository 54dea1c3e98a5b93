//! The UCI protocol as text: what fenboard sends, and what the engine's lines mean. Pure
//! functions over strings, so every odd line an engine may print is tested without a process.

use crate::core::Game;
use crate::editor::analysis::{Bound, PvLine, Score};

/// A line from the engine, as far as the analysis cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name …`
    Name(String),
    UciOk,
    ReadyOk,
    /// An `info` line with a principal variation, and the line's node counters.
    Pv {
        line: PvLine,
        nodes: Option<u64>,
        nps: Option<u64>,
    },
    /// An `info` line without a PV (current move, hash use, …): only its counters matter.
    Counters {
        nodes: Option<u64>,
        nps: Option<u64>,
    },
    /// `bestmove …`, `bestmove (none)` included: the search has ended.
    BestMove,
    /// `option name X type …`: the engine has option X.
    Option(String),
    /// Anything else: options, `info string`, copyright lines, garbage.
    Other,
}

/// Reads one line of engine output. Never fails: what it does not understand is `Other`.
pub fn parse_line(line: &str, game: Game) -> EngineLine {
    let mut words = line.split_ascii_whitespace();
    match words.next() {
        Some("id") => match words.next() {
            Some("name") => {
                let name = words.collect::<Vec<_>>().join(" ");
                if name.is_empty() {
                    EngineLine::Other
                } else {
                    EngineLine::Name(name)
                }
            }
            _ => EngineLine::Other,
        },
        Some("uciok") => EngineLine::UciOk,
        Some("readyok") => EngineLine::ReadyOk,
        Some("bestmove") => EngineLine::BestMove,
        Some("option") => match words.next() {
            Some("name") => {
                let name: Vec<&str> = words.take_while(|w| *w != "type").collect();
                if name.is_empty() {
                    EngineLine::Other
                } else {
                    EngineLine::Option(name.join(" "))
                }
            }
            _ => EngineLine::Other,
        },
        Some("info") => parse_info(words, game),
        _ => EngineLine::Other,
    }
}

fn parse_info<'a>(mut words: impl Iterator<Item = &'a str>, game: Game) -> EngineLine {
    let mut depth = None;
    let mut rank = 1u8;
    let mut score = None;
    let mut bound = Bound::Exact;
    let mut nodes = None;
    let mut nps = None;
    let mut moves = Vec::new();
    while let Some(word) = words.next() {
        match word {
            "depth" => depth = words.next().and_then(|w| w.parse().ok()),
            "multipv" => rank = words.next().and_then(|w| w.parse().ok()).unwrap_or(1),
            "nodes" => nodes = words.next().and_then(|w| w.parse().ok()),
            "nps" => nps = words.next().and_then(|w| w.parse().ok()),
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|w| w.parse::<i32>().ok());
                score = match (kind, value) {
                    (Some("cp"), Some(v)) => Some(Score::Centipawns(v)),
                    (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                };
            }
            "lowerbound" => bound = Bound::Lower,
            "upperbound" => bound = Bound::Upper,
            // The rest of the line is free text.
            "string" => return EngineLine::Other,
            "pv" => {
                for mv in words.by_ref() {
                    match engine_move(mv, game) {
                        Some(mv) => moves.push(mv),
                        None => break,
                    }
                }
            }
            _ => {}
        }
    }
    match (depth, score) {
        (Some(depth), Some(score)) if !moves.is_empty() && rank >= 1 => EngineLine::Pv {
            line: PvLine {
                rank,
                depth,
                score,
                bound,
                moves,
            },
            nodes,
            nps,
        },
        _ => EngineLine::Counters { nodes, nps },
    }
}

/// An engine's move turned to fenboard's coordinates: chess UCI as it is (checked for shape),
/// xiangqi from Fairy-Stockfish's ranks 1–10 to fenboard's 0–9 (`h3e3` → `h2e2`).
pub fn engine_move(mv: &str, game: Game) -> Option<String> {
    let (from, rest) = split_square(mv, game)?;
    let (to, promo) = split_square(rest, game)?;
    match game {
        Game::Xiangqi => promo.is_empty().then(|| format!("{from}{to}")),
        _ => {
            let promo_ok = promo.is_empty() || matches!(promo, "q" | "r" | "b" | "n");
            promo_ok.then(|| format!("{from}{to}{promo}"))
        }
    }
}

/// The next square of a move text in fenboard's names, and what follows it.
fn split_square(text: &str, game: Game) -> Option<(String, &str)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let rank: u8 = text[1..1 + digits].parse().ok()?;
    let rest = &text[1 + digits..];
    let name = match game {
        Game::Xiangqi => ((b'a'..=b'i').contains(&file) && (1..=10).contains(&rank))
            .then(|| format!("{}{}", file as char, rank - 1))?,
        _ => ((b'a'..=b'h').contains(&file) && (1..=8).contains(&rank))
            .then(|| format!("{}{}", file as char, rank))?,
    };
    Some((name, rest))
}

/// The commands that start an analysis of `fen`.
pub fn go_commands(fen: &str) -> [String; 2] {
    [format!("position fen {fen}"), "go infinite".to_owned()]
}

/// The options set once after `uciok` for this game, given the options the engine announced:
/// `UCI_Variant` only where the engine plays variants (Fairy-Stockfish; Pikafish plays only
/// xiangqi), `UCI_Chess960` only where it has it.
pub fn setup_commands(game: Game, has_option: impl Fn(&str) -> bool, lines: u8) -> Vec<String> {
    let mut out = vec![format!("setoption name MultiPV value {lines}")];
    match game {
        Game::Xiangqi if has_option("UCI_Variant") => {
            out.push("setoption name UCI_Variant value xiangqi".into());
        }
        Game::Chess960 if has_option("UCI_Chess960") => {
            out.push("setoption name UCI_Chess960 value true".into());
        }
        _ => {}
    }
    out.push("isready".into());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pv(line: &str, game: Game) -> PvLine {
        match parse_line(line, game) {
            EngineLine::Pv { line, .. } => line,
            other => panic!("not a PV: {other:?}"),
        }
    }

    // Lines recorded from Stockfish 15.1 and Fairy-Stockfish 11.1.
    #[test]
    fn stockfish_transcript() {
        let lines = [
            "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
            "id name Stockfish 15.1",
            "id author the Stockfish developers (see AUTHORS file)",
            "option name Threads type spin default 1 min 1 max 1024",
            "uciok",
            "readyok",
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info depth 5 seldepth 2 multipv 1 score mate 1 nodes 633 nps 316500 hashfull 0 tbhits 0 time 2 pv a1a8",
            "info depth 5 seldepth 2 multipv 2 score cp 333 nodes 633 nps 316500 hashfull 0 tbhits 0 time 2 pv e1e2 g8f8",
            "bestmove a1a8",
        ];
        let parsed: Vec<EngineLine> = lines.iter().map(|l| parse_line(l, Game::Chess)).collect();
        assert_eq!(parsed[0], EngineLine::Other);
        assert_eq!(parsed[1], EngineLine::Name("Stockfish 15.1".into()));
        assert_eq!(parsed[3], EngineLine::Option("Threads".into()));
        assert_eq!(parsed[4], EngineLine::UciOk);
        assert_eq!(parsed[5], EngineLine::ReadyOk);
        assert_eq!(parsed[6], EngineLine::Other);
        let EngineLine::Pv {
            line: first, nps, ..
        } = &parsed[7]
        else {
            panic!()
        };
        assert_eq!(*nps, Some(316_500));
        assert_eq!((first.rank, first.depth), (1, 5));
        assert_eq!(first.score, Score::Mate(1));
        assert_eq!(first.moves, ["a1a8"]);
        let EngineLine::Pv { line: second, .. } = &parsed[8] else {
            panic!()
        };
        assert_eq!(second.rank, 2);
        assert_eq!(second.score, Score::Centipawns(333));
        assert_eq!(second.moves, ["e1e2", "g8f8"]);
        assert_eq!(parsed[9], EngineLine::BestMove);
    }

    #[test]
    fn fairy_stockfish_xiangqi_ranks_become_fenboards() {
        let line = "info depth 4 seldepth 4 multipv 2 score cp 82 nodes 2382 nps 108272 tbhits 0 time 22 pv b1c3 h8c8 b3b7 c8c4 a10a9";
        let pv = pv(line, Game::Xiangqi);
        assert_eq!(pv.moves, ["b0c2", "h7c7", "b2b6", "c7c3", "a9a8"]);
        assert_eq!(engine_move("a0a1", Game::Xiangqi), None);
        assert_eq!(engine_move("j1j2", Game::Xiangqi), None);
        assert_eq!(engine_move("a11a1", Game::Xiangqi), None);
    }

    #[test]
    fn bounds_mate_against_and_promotions() {
        let p = pv(
            "info depth 20 multipv 3 score cp -15 upperbound pv e7e8q",
            Game::Chess,
        );
        assert_eq!(
            (p.rank, p.bound, p.score),
            (3, Bound::Upper, Score::Centipawns(-15))
        );
        assert_eq!(p.moves, ["e7e8q"]);
        let p = pv(
            "info depth 9 score mate -2 lowerbound nodes 10 pv h7h8",
            Game::Chess,
        );
        assert_eq!(
            (p.rank, p.bound, p.score),
            (1, Bound::Lower, Score::Mate(-2))
        );
    }

    #[test]
    fn bestmove_none_ends_the_search() {
        assert_eq!(
            parse_line("bestmove (none)", Game::Chess),
            EngineLine::BestMove
        );
        assert_eq!(
            parse_line("bestmove e2e4 ponder e7e5", Game::Chess),
            EngineLine::BestMove
        );
    }

    #[test]
    fn garbage_and_half_lines_are_harmless() {
        for line in [
            "",
            "   ",
            "info",
            "info depth",
            "info depth x score cp 3 pv e2e4",
            "info depth 3 score cp pv e2e4",
            "info depth 3 score banana 4 pv e2e4",
            "info depth 3 score cp 10 pv",
            "info depth 3 score cp 10 pv zz99",
            "info string depth 3 score cp 10 pv e2e4",
            "id",
            "id name",
            "\u{0}\u{7f}ünïcödé ☃",
            "info depth 99999999999999999999 score cp 1 pv e2e4",
            "info multipv 0 depth 3 score cp 1 pv e2e4",
        ] {
            let parsed = parse_line(line, Game::Chess);
            assert!(
                !matches!(parsed, EngineLine::Pv { .. } | EngineLine::Name(_)),
                "{line:?} read as {parsed:?}"
            );
        }
        // A PV stops at the first word that is not a move.
        let p = pv(
            "info depth 3 score cp 10 pv e2e4 e7e5 foo g1f3",
            Game::Chess,
        );
        assert_eq!(p.moves, ["e2e4", "e7e5"]);
    }

    #[test]
    fn counters_without_pv() {
        assert_eq!(
            parse_line("info nodes 1200 nps 600000 hashfull 4", Game::Chess),
            EngineLine::Counters {
                nodes: Some(1200),
                nps: Some(600_000)
            }
        );
    }

    #[test]
    fn setup_per_game_and_engine() {
        let all = |_: &str| true;
        let none = |_: &str| false;
        let variant = "setoption name UCI_Variant value xiangqi".to_owned();
        assert!(setup_commands(Game::Xiangqi, all, 3).contains(&variant));
        // Pikafish plays xiangqi without being told.
        assert!(!setup_commands(Game::Xiangqi, none, 3).contains(&variant));
        let c = setup_commands(Game::Chess960, all, 3);
        assert!(c.contains(&"setoption name UCI_Chess960 value true".to_owned()));
        assert_eq!(c.last().unwrap(), "isready");
        assert_eq!(
            setup_commands(Game::Chess, all, 3)[0],
            "setoption name MultiPV value 3"
        );
        assert_eq!(
            parse_line(
                "option name UCI_Variant type combo default chess var xiangqi",
                Game::Chess
            ),
            EngineLine::Option("UCI_Variant".into())
        );
        assert_eq!(
            parse_line("option name Clear Hash type button", Game::Chess),
            EngineLine::Option("Clear Hash".into())
        );
    }
}

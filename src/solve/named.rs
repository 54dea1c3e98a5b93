//! The solver's moves with their names for a reader: each move's coordinates (UCI, or point
//! names in xiangqi) and its SAN with check and mate marks (WXF in xiangqi), worked out in the
//! position before it by replaying the solution from its FEN. The search itself reports bare
//! moves; naming them is presentation, done once when a solution is shown.

use std::collections::HashMap;
use std::io;

use compact_str::{CompactString, ToCompactString};

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;

use super::rules::Rules;
use super::rules::chess::ChessRules;
use super::rules::xiangqi::XiangqiRules;
use super::text::series_moves;
use super::{Defence, HelpLine, Line, Move, Solution, Threat, Try};
use crate::core::legality::chess::{castling_mode, to_chess_forced};
use crate::core::moves::to_srole;
use crate::core::notation::Notation;
use crate::core::xiangqi::Mailbox;
use crate::core::{Game, Position, Square, fen};

/// A move with its names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// From-square, to-square and a promotion letter (`e7e8q`); castling as the king's move
    /// (`e1g1`, Chess960: king to rook); xiangqi in fenboard's point names (`h2e2`).
    pub uci: CompactString,
    /// SAN with check and mate marks (chess) or WXF (xiangqi).
    pub san: CompactString,
    pub from: Square,
    pub to: Square,
}

/// `s` with every move named where it is played. A solution whose FEN no longer makes a
/// position the rules can play (it always does when it comes from the solver) has its moves
/// named by their coordinates.
pub fn named(s: &Solution) -> Solution<Named> {
    with_namers(s, |root, passed| {
        let mut named = name_solution(s, root, passed);
        named.solutions = collect(root, &s.solutions, series(s));
        named
    })
}

/// `named` but for the helpmate lines, left out (`solutions` empty): `each_line` names them
/// one at a time, so that a cooked helpmate's millions of lines are written without being
/// held named all at once.
pub fn named_but_lines(s: &Solution) -> Solution<Named> {
    with_namers(s, |root, passed| name_solution(s, root, passed))
}

/// Names the helpmate lines of `s` (its `solutions`) one at a time as `named` would, and hands
/// each to `f` with whether it is short, until `f` fails.
pub fn each_line(
    s: &Solution,
    f: &mut dyn FnMut(&[Named], bool) -> io::Result<()>,
) -> io::Result<()> {
    with_namers(s, |root, _| walk(root, &s.solutions, series(s), f))
}

/// A series' play, which names its lines with the other side passing in between.
fn series(s: &Solution) -> Option<super::Play> {
    s.stipulation.play.is_series().then_some(s.stipulation.play)
}

/// `f` of the positions the moves of `s` are named in: the solution's own, and the other
/// side's to begin in (a helpmate's set play).
fn with_namers<T>(s: &Solution, f: impl FnOnce(&mut dyn Namer, &mut dyn Namer) -> T) -> T {
    let Some(start) = fen::read(&s.fen, Some(s.game)).position else {
        return f(&mut Blind(s.game), &mut Blind(s.game));
    };
    let mut passed = start;
    passed.turn = passed.turn.other();
    passed.ep = None;
    if s.game.is_xiangqi() {
        let live = |p: &Position| {
            Mailbox::new(p)
                .ok()
                .map(|mb| Live::new(XiangqiRules::new(mb)))
        };
        match (live(&start), live(&passed)) {
            (Some(mut root), Some(mut other)) => f(&mut root, &mut other),
            // The side to move gives check: the other side cannot begin (there is no set
            // play to name), but the solution's own moves are named all the same.
            (Some(mut root), None) => f(&mut root, &mut Blind(s.game)),
            _ => f(&mut Blind(s.game), &mut Blind(s.game)),
        }
    } else {
        let live = |p: &Position| {
            to_chess_forced(p)
                .ok()
                .map(|c| Live::new(ChessRules::new(c, castling_mode(p.game))))
        };
        match (live(&start), live(&passed)) {
            (Some(mut root), Some(mut other)) => f(&mut root, &mut other),
            // The side to move gives check: the other side cannot begin (there is no set
            // play to name), but the solution's own moves are named all the same.
            (Some(mut root), None) => f(&mut root, &mut Blind(s.game)),
            _ => f(&mut Blind(s.game), &mut Blind(s.game)),
        }
    }
}

/// A position that moves are named in and played on. Every `play` and `null` is taken back by
/// one `undo`, whether or not it could be played.
trait Namer {
    fn name(&mut self, m: &Move) -> Named;
    fn play(&mut self, m: &Move);
    /// Passes the move to the other side; false when the side to move cannot pass (in check).
    fn null(&mut self) -> bool;
    fn undo(&mut self);
}

/// The rules of the game, the move's names from the solver's own position.
struct Live<R: Rules> {
    rules: R,
    /// Whether each `play` or `null` not yet taken back changed the position.
    played: Vec<bool>,
    /// The last move found in the current position: a move is named, then played.
    found: Option<(Move, Option<R::Move>)>,
    /// The names given, by the position's hash and the move: a cooked helpmate's thousands
    /// of lines meet the same positions again by other orders of their moves. Emptied when
    /// it holds `NAMES_KEPT`, so that millions of lines do not keep every name.
    names: HashMap<(u64, Move), Named>,
    /// How many names it keeps at most (`NAMES_KEPT`).
    most: usize,
}

/// The most names `Live` keeps (a few MB).
const NAMES_KEPT: usize = 1 << 15;

impl<R: Describe> Live<R> {
    fn new(rules: R) -> Live<R> {
        Live {
            rules,
            played: Vec::new(),
            found: None,
            names: HashMap::new(),
            most: NAMES_KEPT,
        }
    }

    /// The game's own move that `m` stands for, if it is legal here.
    fn find(&mut self, m: &Move) -> Option<R::Move> {
        if let Some((last, x)) = self.found
            && last == *m
        {
            return x;
        }
        if let Some(x) = self.rules.direct(m)
            && self.rules.public(x) == *m
        {
            self.found = Some((*m, Some(x)));
            return Some(x);
        }
        let moves = self.rules.legal();
        let x = moves.iter().copied().find(|&x| self.rules.public(x) == *m);
        self.found = Some((*m, x));
        x
    }
}

impl<R: Describe> Namer for Live<R> {
    fn name(&mut self, m: &Move) -> Named {
        let key = (self.rules.hash(), *m);
        if let Some(named) = self.names.get(&key) {
            return named.clone();
        }
        let named = match self.find(m) {
            Some(x) => self.rules.describe(x),
            None => coordinates(m, R::GAME),
        };
        if self.names.len() >= self.most {
            self.names.clear();
        }
        self.names.insert(key, named.clone());
        named
    }

    fn play(&mut self, m: &Move) {
        let found = self.find(m);
        self.found = None;
        if let Some(x) = found {
            self.rules.play(x);
        }
        self.played.push(found.is_some());
    }

    fn null(&mut self) -> bool {
        self.found = None;
        let done = self.rules.null();
        self.played.push(done);
        done
    }

    fn undo(&mut self) {
        self.found = None;
        if self.played.pop() == Some(true) {
            self.rules.undo();
        }
    }
}

/// No position to play on: every move named by its coordinates.
struct Blind(Game);

impl Namer for Blind {
    fn name(&mut self, m: &Move) -> Named {
        coordinates(m, self.0)
    }
    fn play(&mut self, _: &Move) {}
    fn null(&mut self) -> bool {
        true
    }
    fn undo(&mut self) {}
}

fn coordinates(m: &Move, game: Game) -> Named {
    let text = m.coordinates(game);
    Named {
        uci: text.as_str().into(),
        san: text.into(),
        from: m.from,
        to: m.to,
    }
}

/// Naming a game's own move in the current position.
trait Describe: Rules {
    /// A game of these rules (which notation it is written in).
    const GAME: Game;
    fn describe(&self, m: Self::Move) -> Named;
    /// The legal move `m` stands for, made from its squares without the whole move list;
    /// None where that is not known (the list is searched then).
    fn direct(&self, _m: &Move) -> Option<Self::Move> {
        None
    }
}

impl Describe for ChessRules {
    const GAME: Game = Game::Chess;

    fn describe(&self, m: shakmaty::Move) -> Named {
        let public = self.public(m);
        Named {
            uci: m.to_uci(self.mode()).to_compact_string(),
            san: SanPlus::from_move(self.pos().clone(), m).to_compact_string(),
            from: public.from,
            to: public.to,
        }
    }

    fn direct(&self, m: &Move) -> Option<shakmaty::Move> {
        let square =
            |s: Square| shakmaty::Square::try_from(u32::from(s.rank) * 8 + u32::from(s.file)).ok();
        let uci = UciMove::Normal {
            from: square(m.from)?,
            to: square(m.to)?,
            promotion: match m.promotion {
                Some(role) => Some(to_srole(role)?),
                None => None,
            },
        };
        uci.to_move(self.pos()).ok()
    }
}

impl Describe for XiangqiRules {
    const GAME: Game = Game::Xiangqi;

    fn describe(&self, m: (u8, u8)) -> Named {
        let public = self.public(m);
        let before = Position {
            board: self.board(),
            ..Position::empty(Game::Xiangqi)
        };
        Named {
            uci: public.coordinates(Game::Xiangqi).into(),
            san: Notation::Wxf.write(&before, public).into(),
            from: public.from,
            to: public.to,
        }
    }
}

/// Every move of `s` named but its helpmate lines' (`solutions` left empty): the solution's in
/// `root`, a helpmate's set play (the other side beginning) in `passed`.
fn name_solution(s: &Solution, root: &mut dyn Namer, passed: &mut dyn Namer) -> Solution<Named> {
    let set = if root.null() {
        s.set.iter().map(|d| defence(root, d)).collect()
    } else {
        Vec::new()
    };
    root.undo();
    Solution {
        order: s.order,
        forced: s.forced.clone(),
        set,
        set_lines: collect(passed, &s.set_lines, None),
        game: s.game,
        fen: s.fen.clone(),
        stipulation: s.stipulation,
        checks: s.checks,
        outcome: s.outcome,
        keys: s.keys.iter().map(|k| line(root, k)).collect(),
        tries: s.tries.iter().map(|t| attempt(root, t)).collect(),
        solutions: Vec::new(),
        truncated: s.truncated,
        nodes: s.nodes,
        seconds: s.seconds,
        table_bytes: s.table_bytes,
    }
}

/// An attacking move and its tree; its threat is named as the attacker would play it if the
/// defender could pass.
fn line(n: &mut dyn Namer, l: &Line) -> Line<Named> {
    let mv = n.name(&l.mv);
    n.play(&l.mv);
    let threat = match &l.threat {
        Threat::None => Threat::None,
        Threat::Zugzwang => Threat::Zugzwang,
        Threat::Moves(ms) => {
            n.null();
            let named = ms.iter().map(|m| n.name(m)).collect();
            n.undo();
            Threat::Moves(named)
        }
    };
    let defences = l.defences.iter().map(|d| defence(n, d)).collect();
    n.undo();
    Line {
        mv,
        length: l.length,
        threat,
        defences,
    }
}

fn defence(n: &mut dyn Namer, d: &Defence) -> Defence<Named> {
    let mv = n.name(&d.mv);
    n.play(&d.mv);
    let continuations = d.continuations.iter().map(|c| line(n, c)).collect();
    n.undo();
    Defence {
        mv,
        variation: d.variation,
        continuations,
        short: d.short,
    }
}

fn attempt(n: &mut dyn Namer, t: &Try) -> Try<Named> {
    let mv = n.name(&t.mv);
    n.play(&t.mv);
    let refutations = t.refutations.iter().map(|r| n.name(r)).collect();
    n.undo();
    Try { mv, refutations }
}

/// Whole lines; in a series (`series`) the other side stands still between its moves. A move
/// is named once for all the lines in a row that begin alike (a helpmate's solutions share
/// their first moves): what a line has in common with the one before stays played.
/// The helpmate lines named (`walk`).
fn collect(
    n: &mut dyn Namer,
    lines: &[HelpLine],
    series: Option<super::Play>,
) -> Vec<HelpLine<Named>> {
    let mut named = Vec::with_capacity(lines.len());
    // Gathering fails nowhere.
    let _ = walk(n, lines, series, &mut |moves, short| {
        named.push(HelpLine {
            moves: moves.to_vec(),
            short,
        });
        Ok(())
    });
    named
}

/// Names each of the helpmate lines in turn and hands it to `f`, until `f` fails. A line
/// shares its first moves with the one before it as a rule: only the rest is named.
fn walk(
    n: &mut dyn Namer,
    lines: &[HelpLine],
    series: Option<super::Play>,
    f: &mut dyn FnMut(&[Named], bool) -> io::Result<()>,
) -> io::Result<()> {
    // The moves played now: each, whether the other side passed after it, and its name; the
    // names alone, which `f` is handed.
    let mut played: Vec<(Move, bool)> = Vec::new();
    let mut names: Vec<Named> = Vec::new();
    let mut result = Ok(());
    for h in lines {
        let count = series.map_or(0, |play| series_moves(play, h.moves.len()));
        let step = |i: usize| (h.moves[i], i + 1 < count);
        let same = played
            .iter()
            .enumerate()
            .take_while(|&(i, p)| i < h.moves.len() && (p.0, p.1) == step(i))
            .count();
        unplay(n, &mut played, same);
        names.truncate(same);
        for i in same..h.moves.len() {
            let (m, pass) = step(i);
            names.push(n.name(&m));
            n.play(&m);
            if pass {
                n.null();
            }
            played.push((m, pass));
        }
        result = f(&names, h.short);
        if result.is_err() {
            break;
        }
    }
    unplay(n, &mut played, 0);
    result
}

/// Takes back the moves of `played` (and the passes after them) down to `keep` of them.
fn unplay(n: &mut dyn Namer, played: &mut Vec<(Move, bool)>, keep: usize) {
    while played.len() > keep {
        if let Some((_, passed)) = played.pop() {
            if passed {
                n.undo();
            }
            n.undo();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(fen_text: &str) -> Live<ChessRules> {
        let pos = fen::read(fen_text, None).position.expect(fen_text);
        Live::new(ChessRules::new(
            to_chess_forced(&pos).unwrap(),
            castling_mode(pos.game),
        ))
    }

    /// The names of `moves` played from `fen_text` on a board of their own.
    fn named_alone(fen_text: &str, moves: &[Move]) -> Vec<Named> {
        let mut alone = chess(fen_text);
        moves
            .iter()
            .map(|m| {
                let n = alone.name(m);
                alone.play(m);
                n
            })
            .collect()
    }

    #[test]
    fn a_move_made_from_its_squares_is_the_one_the_move_list_holds() {
        for fen_text in [
            // Castling both ways for both sides, en passant, promotions with and without a
            // capture, and a Chess960 castling whose king stays on its square.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/3pPp2/8/8/R3K1R1 b Qkq e3 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "1r4kr/8/8/8/8/8/8/1RK4R w BHbh - 0 1",
        ] {
            let mut live = chess(fen_text);
            let moves = live.rules.legal();
            for &x in moves.iter() {
                let public = live.rules.public(x);
                assert_eq!(live.rules.direct(&public), Some(x), "{fen_text} {public:?}");
                assert_eq!(live.find(&public), Some(x), "{fen_text} {public:?}");
            }
            // Moves that are not legal here are not made up.
            let nowhere = Move::new(Square::new(3, 3), Square::new(3, 4));
            assert_eq!(live.find(&nowhere), None, "{fen_text}");
        }
    }

    #[test]
    fn lines_that_begin_alike_are_named_as_each_alone() {
        let fen_text = "4k3/8/4K3/8/8/8/8/R7 b - - 0 1";
        let mv = |from: (u8, u8), to: (u8, u8)| {
            Move::new(Square::new(from.0, from.1), Square::new(to.0, to.1))
        };
        let (kf8, kd8) = (mv((4, 7), (5, 7)), mv((4, 7), (3, 7)));
        let (ra8, kf6, ra7) = (mv((0, 0), (0, 7)), mv((4, 5), (5, 5)), mv((0, 0), (0, 6)));
        let lines: Vec<HelpLine> = [
            vec![kf8, ra8],
            vec![kf8, kf6],
            vec![kf8],
            vec![kd8, ra8],
            vec![kd8, ra7],
        ]
        .into_iter()
        .map(|moves| HelpLine {
            moves,
            short: false,
        })
        .collect();
        let shared = collect(&mut chess(fen_text), &lines, None);
        for (line, named) in lines.iter().zip(&shared) {
            assert_eq!(named.moves, named_alone(fen_text, &line.moves));
        }
        let sans: Vec<&str> = shared[3].moves.iter().map(|n| n.san.as_str()).collect();
        assert_eq!(sans, ["Kd8", "Ra8+"]);
    }

    #[test]
    fn names_kept_for_a_position_met_again_are_the_ones_it_gives() {
        // A cooked helpmate whose lines reach the same positions by other orders of moves:
        // the names kept for those are those each line gets named alone.
        let fen_text = "4k3/8/4K3/8/8/8/8/R7 b - - 0 1";
        let pos = fen::read(fen_text, None).position.unwrap();
        let stip = "h#3".parse().unwrap();
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let options = super::super::Options::default();
        let solved = super::super::solve(&pos, stip, &options, &cancel, &mut |_| {}).unwrap();
        assert!(solved.solutions.len() > 50, "{}", solved.solutions.len());
        let mut kept = chess(fen_text);
        let shared = collect(&mut kept, &solved.solutions, None);
        // Fewer names made than moves named: positions were met again.
        let named: usize = solved.solutions.iter().map(|l| l.moves.len()).sum();
        assert!(
            kept.names.len() < named / 2,
            "{} of {named}",
            kept.names.len()
        );
        for (line, named) in solved.solutions.iter().zip(&shared) {
            assert_eq!(named.moves, named_alone(fen_text, &line.moves));
        }
        // Kept to a few names, it forgets and names the same.
        let mut forgetful = chess(fen_text);
        forgetful.most = 8;
        let again = collect(&mut forgetful, &solved.solutions, None);
        assert!(forgetful.names.len() <= 8, "{}", forgetful.names.len());
        assert_eq!(again, shared);
    }

    #[test]
    fn lines_handed_one_at_a_time_are_the_named_solutions_and_stop_where_writing_fails() {
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let options = super::super::Options {
            set_play: true,
            ..super::super::Options::default()
        };
        for (fen_text, stip) in [
            // A cooked helpmate with short solutions and set play, a cooked series helpmate
            // (the other side passing in between), a series selfmate, a xiangqi helpmate.
            ("4k3/8/4K3/8/8/8/8/R7 b - - 0 1", "h#3"),
            ("4k3/8/4K3/8/8/8/8/R7 b - - 0 1", "ser-h#3"),
            ("8/8/8/8/3q2r1/8/4r2Q/5k1K w - - 0 1", "ser-s#1"),
            (
                "2bak1b2/4aR2C/6N1n/9/9/9/5c3/4BC3/3p1r1n1/4K2c1 w - - 0 1",
                "h#2",
            ),
        ] {
            let pos = fen::read(fen_text, None).position.unwrap();
            let stip = stip.parse().unwrap();
            let solved = super::super::solve(&pos, stip, &options, &cancel, &mut |_| {}).unwrap();
            assert!(solved.solutions.len() > 1, "{fen_text} {stip}");
            let whole = named(&solved);
            let head = named_but_lines(&solved);
            assert!(head.solutions.is_empty());
            assert_eq!(head.set_lines, whole.set_lines);
            let mut lines = Vec::new();
            each_line(&solved, &mut |moves, short| {
                lines.push(HelpLine {
                    moves: moves.to_vec(),
                    short,
                });
                Ok(())
            })
            .unwrap();
            assert_eq!(lines, whole.solutions, "{fen_text} {stip}");
            // A writer that fails on the second line stops the naming there.
            let mut calls = 0;
            let result = each_line(&solved, &mut |_, _| {
                calls += 1;
                if calls == 2 {
                    Err(io::Error::other("closed"))
                } else {
                    Ok(())
                }
            });
            assert!(result.is_err());
            assert_eq!(calls, 2, "{fen_text} {stip}");
        }
    }

    #[test]
    fn castling_is_written_king_to_destination_with_its_check() {
        let mut root = chess("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
        let castle = Move::new(Square::new(4, 0), Square::new(6, 0));
        let m = root.name(&castle);
        assert_eq!((m.uci.as_str(), m.san.as_str()), ("e1g1", "O-O+"));
        assert_eq!(m.to, Square::new(6, 0));
    }

    #[test]
    fn a_threat_is_named_with_the_defender_passing() {
        // After 1.Kb6 the threat Rd8# is named in the position with White to move again.
        let mut root = chess("k7/8/2K5/8/8/8/8/3R4 w - - 0 1");
        let key = Move::new(Square::new(2, 5), Square::new(1, 5));
        let rd8 = Move::new(Square::new(3, 0), Square::new(3, 7));
        let line = line(
            &mut root,
            &Line {
                mv: key,
                length: 2,
                threat: Threat::Moves(vec![rd8]),
                defences: Vec::new(),
            },
        );
        assert_eq!(line.mv.san, "Kb6");
        assert_eq!(
            line.threat,
            Threat::Moves(vec![coordinates_named("d1d8", "Rd8#", rd8)])
        );
        assert!(root.played.is_empty(), "every move taken back");
    }

    fn coordinates_named(uci: &str, san: &str, m: Move) -> Named {
        Named {
            uci: uci.into(),
            san: san.into(),
            from: m.from,
            to: m.to,
        }
    }

    #[test]
    fn xiangqi_moves_are_named_by_point_and_in_wxf() {
        let pos = fen::read(Game::Xiangqi.start_fen(), Some(Game::Xiangqi))
            .position
            .unwrap();
        let mut root = Live::new(XiangqiRules::new(Mailbox::new(&pos).unwrap()));
        let cannon = Move::new(Square::new(7, 2), Square::new(4, 2));
        let m = root.name(&cannon);
        assert_eq!((m.uci.as_str(), m.san.as_str()), ("h2e2", "C2.5"));
    }

    #[test]
    fn a_fen_that_does_not_read_names_moves_by_coordinates() {
        let raw = Solution {
            order: None,
            forced: Vec::new(),
            set: Vec::new(),
            set_lines: Vec::new(),
            game: Game::Chess,
            fen: "not a fen".to_owned(),
            stipulation: "#1".parse().unwrap(),
            checks: false,
            outcome: crate::solve::Outcome::Solved,
            keys: vec![Line {
                mv: Move::new(Square::new(0, 0), Square::new(0, 7)),
                length: 1,
                threat: Threat::None,
                defences: Vec::new(),
            }],
            tries: Vec::new(),
            solutions: Vec::new(),
            truncated: false,
            nodes: 0,
            seconds: 0.0,
            table_bytes: 0,
        };
        let n = named(&raw);
        assert_eq!(
            (n.keys[0].mv.uci.as_str(), n.keys[0].mv.san.as_str()),
            ("a1a8", "a1a8")
        );
    }
}

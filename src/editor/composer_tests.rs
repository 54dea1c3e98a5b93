//! Tests of composers' problems in the editor: a helpmate's fixed order set by `S`, set play
//! and twins in the Solution panel and their playback, the variations laid out as composers
//! read them, the chosen line copied, the mouse on the panels, and `]`/`[` with a result shown.
//! The worker is played by the tests: they answer the requests with `Action::Solver`.

use std::sync::atomic::AtomicBool;

use super::solving::{Item, Request, Row, SolveEvent, Solved, TwinSolution};
use super::tests::press;
use super::*;
use crate::collection::Collection;
use crate::core::{Color, fen};
use crate::solve;

/// Morphy's mate in two: 1.Ra6! bxa6 2.b7#, and the set play 1...B~ 2.Rxa7#.
const MORPHY: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - -";
/// Mansfield's #2 (chess-mates.epd): 1.Nf4! threatens 2.Qc7#, which still works after 1...Re1.
const MANSFIELD: &str = "1K6/1Q4n1/R7/3Nkb1R/6r1/2P1r1N1/7B/8 w - -";

fn epd(text: &str) -> State {
    let c = Collection::from_bytes(Some("problems.epd".into()), text.as_bytes());
    State::with_collection(c, None, Options::default())
}

fn the_request(effects: &[Effect]) -> Request {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Solve(Some(r)) => Some((**r).clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no request in {effects:?}"))
}

/// What the worker answers to `r`: the diagram and each twin solved.
fn answer(r: &Request) -> Solved {
    let options = solving::options(r.ask, 2);
    let run = |p: &crate::core::Position, stip| {
        solve::named(
            &solve::solve(p, stip, &options, &AtomicBool::new(false), &mut |_| {}).unwrap(),
        )
    };
    let twins = r
        .twins
        .iter()
        .map(|t| TwinSolution {
            label: t.label,
            text: t.text.clone(),
            solution: run(&t.position, t.stipulation),
        })
        .collect();
    Solved::with_twins(run(&r.position, r.ask.stipulation), twins)
}

/// Types the stipulation into `S`'s prompt and plays the worker: the panel shows the result.
fn solve_with(s: &mut State, typed: &str) {
    press(s, "S <C-u>");
    press(s, typed);
    let effects = press(s, "<Enter>");
    let r = the_request(&effects);
    update(
        s,
        Action::Solver(SolveEvent::Done {
            id: r.id,
            result: Ok(answer(&r)),
        }),
    );
}

fn rows(s: &State) -> Vec<Row> {
    s.solving.as_ref().expect("a result").rows().to_vec()
}

fn choose(s: &mut State, pred: impl Fn(&Row) -> bool) -> usize {
    let i = rows(s).iter().position(pred).expect("such a row");
    update(s, Action::ClickSolution(i));
    i
}

fn copied(effects: &[Effect]) -> Option<String> {
    effects.iter().find_map(|e| match e {
        Effect::Copy(t) => Some(t.clone()),
        _ => None,
    })
}

#[test]
fn a_helpmate_with_white_to_move_gets_black_to_move_and_one_undo_restores_both() {
    // h#1: 1.Kh7 (Black) Rh1#... any helpmate whose FEN says White to move.
    let text = "7k/8/6K1/1p6/8/8/8/R7 w - -\n";
    let mut s = epd(text);
    let before = s.fen().to_owned();
    press(&mut s, "S <C-u>");
    press(&mut s, "h#1");
    let effects = press(&mut s, "<Enter>");
    assert_eq!(s.position.turn, Color::Black);
    assert_eq!(
        s.notice,
        Some(Notice::SideSetForStipulation("h#1".into(), Color::Black))
    );
    assert_eq!(s.stipulation().as_deref(), Some("h#1"));
    assert_eq!(the_request(&effects).position.turn, Color::Black);
    press(&mut s, "<Esc> u");
    assert_eq!(s.fen(), before, "the side back as it was");
    assert_eq!(s.stipulation(), None, "and the stipulation gone with it");
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::NothingToUndo), "one step, not two");
    // h#1.5 begins with White: a FEN with White to move stays as it is.
    let mut s = epd(text);
    press(&mut s, "S <C-u>");
    press(&mut s, "h#1.5 <Enter>");
    assert_eq!(s.position.turn, Color::White);
}

#[test]
fn set_play_comes_before_the_key_and_plays_with_the_defender_first() {
    let mut s = epd(&format!("{MORPHY}\n"));
    solve_with(&mut s, "#2 <Space> setplay");
    let rows = rows(&s);
    let key = rows
        .iter()
        .position(|r| matches!(r.item, Item::Attack { key: true, .. }))
        .expect("the key");
    assert!(key > 0, "set play first: {rows:?}");
    // Every bishop move meets 2.Rxa7#: one line, as composers write 1...B~ 2.Rxa7#.
    assert_eq!(key, 1, "{rows:?}");
    let r = &rows[0];
    assert!(r.dots, "{r:?}");
    assert_eq!(r.from.turn, Color::Black);
    let Item::Defence {
        number: 1,
        mv,
        others,
        ends,
        ..
    } = &r.item
    else {
        panic!("{r:?}")
    };
    assert_eq!(others.len(), 5, "the bishop's six moves: {r:?}");
    assert!(mv.san.starts_with('B') && others.iter().all(|o| o.san.starts_with('B')));
    assert_eq!(
        ends.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(),
        ["Rxa7#"]
    );
    let i = choose(&mut s, |r| r.dots);
    assert_eq!(s.focus, Focus::Solution);
    assert_eq!(s.solving.as_ref().unwrap().selected, i);
    let text = copied(&press(&mut s, "y")).expect("a copy");
    assert!(
        text.starts_with("1...B") && text.ends_with(" 2.Rxa7#"),
        "{text}"
    );
    press(&mut s, "<Enter>");
    let line = s.line.as_ref().expect("playback");
    assert_eq!(
        line.plies.len(),
        2,
        "both moves are legal from Black's turn"
    );
    assert_eq!(s.position.turn, Color::White, "the setup stays");
}

#[test]
fn a_defence_the_threat_still_meets_is_no_variation_and_has_no_duals() {
    let mut s = epd(&format!("{MANSFIELD}\n"));
    solve_with(&mut s, "#2");
    let rows = rows(&s);
    let re1 = rows
        .iter()
        .find_map(|r| match &r.item {
            Item::Defence {
                mv,
                others,
                ends,
                variation,
                ..
            } if mv.san == "Re1" || others.iter().any(|o| o.san == "Re1") => {
                Some((*variation, ends.clone()))
            }
            _ => None,
        })
        .expect("1...Re1");
    assert!(!re1.0, "Re1 does not stop the threat");
    let ends: Vec<&str> = re1.1.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(ends, ["Qc7#"], "only the threat, no duals");
    // The variations are the defences the Popeye solution names (c1 of the record).
    let variations: Vec<&str> = rows
        .iter()
        .filter_map(|r| match &r.item {
            Item::Defence {
                mv,
                variation: true,
                ..
            } => Some(mv.san.as_str()),
            _ => None,
        })
        .collect();
    for v in ["Kxf4", "Rxf4", "Rxc3", "Rgxg3", "Rexg3", "Ne6"] {
        assert!(variations.contains(&v), "{v} in {variations:?}");
    }
}

#[test]
fn twins_each_show_their_solution_and_the_board_shows_the_chosen_twins_position() {
    // Morphy's diagram, and b) with the rook on a2 instead.
    let text = format!("{MORPHY} dm 2; twins \"b) move a1 a2\";\n");
    let mut s = epd(&text);
    let setup = s.fen().to_owned();
    solve_with(&mut s, "#2");
    let rows = rows(&s);
    let heads: Vec<(char, String)> = rows
        .iter()
        .filter_map(|r| match &r.item {
            Item::Twin { label, text } => Some((*label, text.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(heads, [('a', String::new()), ('b', "move a1 a2".into())]);
    let b_key = choose(&mut s, |r| {
        r.twin == Some('b') && matches!(r.item, Item::Attack { key: true, .. })
    });
    let twin = fen::read(&format!("{} 0 1", MORPHY.replace("8/8/R7", "8/R7/8")), None)
        .position
        .unwrap();
    assert_eq!(
        s.board_position().board,
        twin.board,
        "b)'s position on the board"
    );
    assert_eq!(s.fen(), setup, "the setup never changes");
    press(&mut s, "<Enter>");
    let line = s.line.as_ref().expect("playback");
    assert_eq!(line.setup.board, twin.board);
    assert!(!line.plies.is_empty());
    assert_eq!(line.plies[0].uci, rows[b_key].moves[0]);
    press(&mut s, "<Esc>");
    assert_eq!(s.fen(), setup);
    // a)'s rows show the setup.
    choose(&mut s, |r| r.twin == Some('a') && !r.moves.is_empty());
    assert_eq!(s.board_position().board, s.position.board);
}

#[test]
fn a_twin_that_does_not_apply_is_refused_with_its_name() {
    let text = format!("{MORPHY} dm 2; twins \"b) move d4 d5\";\n");
    let mut s = epd(&text);
    let effects = press(&mut s, "S <Enter>");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Solve(Some(_)))));
    let Some(solving::Phase::Refused(why)) = s.solving.as_ref().map(|s| &s.phase) else {
        panic!("{:?}", s.solving)
    };
    assert!(why.contains("b)"), "{why}");
}

#[test]
fn the_wheel_moves_the_chosen_line_and_a_click_on_a_move_goes_there() {
    let mut s = epd(&format!("{MORPHY}\n"));
    solve_with(&mut s, "#2");
    update(&mut s, Action::WheelSolution(Towards::Next));
    assert_eq!(s.solving.as_ref().unwrap().selected, 1);
    update(&mut s, Action::WheelSolution(Towards::Prev));
    update(&mut s, Action::WheelSolution(Towards::Prev));
    assert_eq!(s.solving.as_ref().unwrap().selected, 0);
    choose(&mut s, |r| r.moves.len() == 3);
    press(&mut s, "<Enter>");
    update(&mut s, Action::ClickMove(2));
    assert_eq!(s.line.as_ref().unwrap().at, 3);
    update(&mut s, Action::WheelMoves(Towards::Prev));
    assert_eq!(s.line.as_ref().unwrap().at, 2);
    update(&mut s, Action::ClickMove(99));
    assert_eq!(s.line.as_ref().unwrap().at, 2, "no such move: nothing");
}

#[test]
fn another_record_shows_its_own_cached_result_or_none() {
    let text = format!("{MORPHY} dm 2;\n4k3/8/4K3/8/8/8/8/7R w - - dm 1;\n");
    let mut s = epd(&text);
    solve_with(&mut s, "#2");
    press(&mut s, "]");
    assert!(s.solving.is_none(), "no result of the record left");
    solve_with(&mut s, "#1");
    let mate_in_one = s.solving.clone().unwrap();
    press(&mut s, "[");
    let back = s
        .solving
        .as_ref()
        .expect("the first record's cached result");
    assert!(!back.stale);
    assert_eq!(back.request.ask.to_string(), "#2");
    press(&mut s, "]");
    let again = s.solving.as_ref().unwrap();
    assert_eq!(again.phase, mate_in_one.phase, "cached, the same result");
}

/// A series helpmate in three (Black plays three moves, then White mates): 1.Kxa6 2.Ka7
/// 3.Ka8 Ra4# is one of its solutions, 1.Kxa6 2.Ka7 Ra4# a short one.
const SERIES_HELPMATE: &str = "8/1pK5/R7/k7/1R6/8/8/8 b - -";

#[test]
fn a_series_line_plays_back_every_move_of_the_series_and_the_mate() {
    let mut s = epd(&format!("{SERIES_HELPMATE}\n"));
    solve_with(&mut s, "ser-h#3");
    let i = choose(&mut s, |r| {
        r.moves == ["a5a6", "a6a7", "a7a8", "b4a4"].map(String::from)
    });
    assert_eq!(rows(&s)[i].series, 3);
    let text = copied(&press(&mut s, "y")).expect("a copy");
    assert_eq!(text, "1.Kxa6 2.Ka7 3.Ka8 Ra4#");
    press(&mut s, "<Enter>");
    let line = s.line.as_ref().expect("playback");
    assert_eq!(line.plies.len(), 4, "every move of the series is legal");
    press(&mut s, "<Home>");
    let kings = |s: &State| {
        let p = s.line.as_ref().unwrap().position();
        let k: Vec<String> = p
            .board
            .kings(Color::Black)
            .map(|sq| sq.name(p.game).to_string())
            .collect();
        k
    };
    let mut seen = vec![kings(&s)];
    let mut turns = vec![s.line.as_ref().unwrap().position().turn];
    for _ in 0..4 {
        press(&mut s, "<Right>");
        seen.push(kings(&s));
        turns.push(s.line.as_ref().unwrap().position().turn);
    }
    assert_eq!(seen, [["a5"], ["a6"], ["a7"], ["a8"], ["a8"]]);
    // Black moves again after each move of the series; White mates after the last.
    use Color::{Black, White};
    assert_eq!(turns, [Black, Black, Black, White, Black]);
    let end = s.line.as_ref().unwrap().position();
    assert!(crate::core::moves::legal_moves(end).is_ok_and(|m| m.is_empty()));
    let setup = fen::read(&format!("{SERIES_HELPMATE} 0 1"), None).position;
    assert_eq!(Some(s.position), setup, "the setup stays");
}

#[test]
fn twins_typed_in_the_prompt_are_solved_and_the_record_keeps_its_own() {
    // Morphy's diagram; the prompt asks for b) with the rook on a2 and c) with a black pawn
    // added on e4 as well.
    let mut s = epd(&format!("{MORPHY} dm 2;\n"));
    let typed = "#2 twin move a1 a2 twin cont add black pe4";
    solve_with(&mut s, &typed.replace(' ', " <Space> "));
    let heads: Vec<(char, String)> = rows(&s)
        .iter()
        .filter_map(|r| match &r.item {
            Item::Twin { label, text } => Some((*label, text.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        heads,
        [
            ('a', String::new()),
            ('b', "move a1 a2".into()),
            ('c', "cont add black pe4".into())
        ]
    );
    let ops = s.record_operations().unwrap_or_default().to_owned();
    assert!(!ops.contains("twins"), "the record is not changed: {ops}");
    // The prompt offers them again.
    press(&mut s, "S");
    let Some(Overlay::StipulationPrompt { text, .. }) = &s.overlay else {
        panic!("no prompt");
    };
    assert_eq!(text, "#2 twin move a1 a2 twin cont add black pe4");
}

#[test]
fn a_twin_in_the_prompt_that_does_not_read_stays_with_its_reason() {
    let mut s = epd(&format!("{MORPHY} dm 2;\n"));
    press(&mut s, "S <C-u>");
    press(&mut s, &"#2 twin move a1".replace(' ', " <Space> "));
    let effects = press(&mut s, "<Enter>");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Solve(_))));
    let Some(Overlay::StipulationPrompt {
        error: Some(solving::AskError::Twin(why)),
        ..
    }) = &s.overlay
    else {
        panic!("{:?}", s.overlay);
    };
    assert!(why.starts_with("twin b) move"), "{why}");
}

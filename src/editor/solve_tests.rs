//! Tests of solving in the editor: the stipulation prompt, the requests to the worker and its
//! reports, cancel, stale results, the cache and the stipulation stored in the record. The
//! worker is played by the tests: they answer the requests with `Action::Solver`.

use std::sync::atomic::AtomicBool;

use super::solving::{Ask, AskError, Phase, Request, SolveEvent, Solved};
use super::tests::{press, state};
use super::*;
use crate::collection::Collection;
use crate::core::Game;
use crate::solve::{self, Outcome, Progress};

/// Morphy's mate in two: 1.Ra6! bxa6 2.b7#.
const MORPHY: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

fn epd(text: &str) -> State {
    let c = Collection::from_bytes(Some("mates.epd".into()), text.as_bytes());
    State::with_collection(c, None, Options::default())
}

/// The request of the one `Effect::Solve(Some(_))` among `effects`.
fn request(effects: &[Effect]) -> Request {
    let requests: Vec<&Request> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Solve(Some(r)) => Some(&**r),
            _ => None,
        })
        .collect();
    assert_eq!(requests.len(), 1, "{effects:?}");
    requests[0].clone()
}

/// What the worker would answer to `r`.
fn answer(r: &Request) -> Solved {
    let options = solving::options(r.ask, 2);
    let s = solve::solve(
        &r.position,
        r.ask.stipulation,
        &options,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    Solved::new(solve::named(&s))
}

fn done(s: &mut State, r: &Request, solved: Solved) -> Vec<Effect> {
    update(
        s,
        Action::Solver(SolveEvent::Done {
            id: r.id,
            result: Ok(solved),
        }),
    )
}

fn prompt_text(s: &State) -> Option<(&str, Option<&AskError>)> {
    match &s.overlay {
        Some(Overlay::StipulationPrompt { text, error, .. }) => Some((text, error.as_ref())),
        _ => None,
    }
}

fn prompt_selected(s: &State) -> bool {
    matches!(
        &s.overlay,
        Some(Overlay::StipulationPrompt { selected: true, .. })
    )
}

#[test]
fn s_asks_the_record_stipulation_or_else_the_last_one_used() {
    let mut s = epd("kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; dm 2;\n");
    press(&mut s, "S");
    assert_eq!(prompt_text(&s), Some(("#2", None)));
    let mut s = state(MORPHY);
    press(&mut s, "S");
    assert_eq!(prompt_text(&s), Some(("", None)));
    press(&mut s, "#2 <Space> t r i e s <Enter>");
    assert_eq!(s.overlay, None);
    assert_eq!(s.last_stipulation.as_deref(), Some("#2 tries"));
    press(&mut s, "S");
    assert_eq!(prompt_text(&s), Some(("#2 tries", None)));
    press(&mut s, "<Esc>");
    assert_eq!(s.overlay, None);
}

#[test]
fn garbage_in_the_prompt_keeps_it_open_with_the_reason_and_the_text() {
    let mut s = state(MORPHY);
    press(&mut s, "S");
    for (typed, what) in [
        ("x#2", "stipulation"),
        ("<Space>", "empty"),
        ("#2 <Space> foo", "word"),
        ("#0", "stipulation"),
        ("h#2.3", "stipulation"),
    ] {
        // Clear the prompt, type, Enter.
        while prompt_text(&s).is_some_and(|(t, _)| !t.is_empty()) {
            press(&mut s, "<BS>");
        }
        let effects = press(&mut s, &format!("{typed} <Enter>"));
        assert!(effects.is_empty(), "{typed}: {effects:?}");
        let (text, error) = prompt_text(&s).expect("the prompt stays open");
        assert!(!text.is_empty(), "{typed}: the text is kept");
        match (what, error) {
            ("stipulation", Some(AskError::Stipulation(why, _))) => {
                assert!(why.contains("stipulation"), "{why}")
            }
            ("empty", Some(AskError::Empty)) => {}
            ("word", Some(AskError::Word(w))) => assert_eq!(w, "foo"),
            other => panic!("{typed}: {other:?}"),
        }
        assert!(s.solving.is_none());
    }
    // Typing again forgets the refusal.
    press(&mut s, "1");
    // The parser names what is wrong (the ui words it: `ui::text` tests the words).
    use crate::solve::Problem;
    for (typed, problem) in [
        ("y#2", Problem::NoGoal),
        ("#2.5", Problem::HalfOnlyInHelp),
        ("h#2.3", Problem::OnlyHalf),
        ("#", Problem::NoNumber),
        ("#99999999999", Problem::TooLarge),
        ("#0", Problem::Zero),
        ("#31", Problem::TooMany),
    ] {
        match Ask::parse(typed) {
            Err(AskError::Stipulation(_, p)) => assert_eq!(p, problem, "{typed}"),
            other => panic!("{typed}: {other:?}"),
        }
    }
    // A flood of characters stops at the prompt's length.
    press(&mut s, &"#".repeat(500));
    assert_eq!(prompt_text(&s).unwrap().0.chars().count(), 120);
}

#[test]
fn accepting_requests_a_solve_of_the_position_on_the_worker() {
    let mut s = state(MORPHY);
    let effects = press(&mut s, "S #2 <Enter>");
    let r = request(&effects);
    assert_eq!(r.position, s.position);
    assert_eq!(r.ask, Ask::parse("#2").unwrap());
    assert_eq!(r.id, 1);
    let panel = s.solving.as_ref().expect("the panel opens");
    assert!(panel.is_running() && !panel.stale);
    assert_eq!(s.focus, Focus::Board, "editing goes on");
}

#[test]
fn progress_shows_in_the_panel_and_a_late_report_of_an_old_solve_is_dropped() {
    let mut s = state(MORPHY);
    let r = request(&press(&mut s, "S #2 <Enter>"));
    let progress = Progress {
        nodes: 12_345,
        root_done: 3,
        root_total: 17,
        elapsed: std::time::Duration::from_millis(1500),
    };
    update(
        &mut s,
        Action::Solver(SolveEvent::Progress { id: r.id, progress }),
    );
    assert_eq!(
        s.solving.as_ref().unwrap().phase,
        Phase::Running {
            nodes: 12_345,
            millis: 1500,
            done: 3,
            total: 17
        }
    );
    update(
        &mut s,
        Action::Solver(SolveEvent::Progress {
            id: r.id + 7,
            progress: Progress {
                nodes: 1,
                ..progress
            },
        }),
    );
    assert!(matches!(
        s.solving.as_ref().unwrap().phase,
        Phase::Running { nodes: 12_345, .. }
    ));
}

#[test]
fn a_finished_solve_shows_its_tree_and_is_cached() {
    let mut s = state(MORPHY);
    let r = request(&press(&mut s, "S #2 <Enter>"));
    done(&mut s, &r, answer(&r));
    let panel = s.solving.as_ref().unwrap();
    let Phase::Done(solved) = &panel.phase else {
        panic!("{:?}", panel.phase)
    };
    assert_eq!(solved.solution.outcome, Outcome::Solved);
    assert_eq!(solved.solution.keys[0].mv.san, "Ra6");
    assert!(!panel.rows().is_empty());
    assert_eq!(s.solve_cache.len(), 1);
}

#[test]
fn s_on_a_position_already_solved_shows_the_result_at_once() {
    let mut s = state(MORPHY);
    let r = request(&press(&mut s, "S #2 <Enter>"));
    done(&mut s, &r, answer(&r));
    let first = s.solving.clone().unwrap();
    // Away and back: the same position and stipulation come from the cache, no new solve.
    press(&mut s, "t");
    assert!(s.solving.as_ref().unwrap().stale);
    press(&mut s, "u");
    let effects = press(&mut s, "S <Enter>");
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Solve(Some(_)))),
        "{effects:?}"
    );
    let again = s.solving.as_ref().unwrap();
    assert_eq!(again.phase, first.phase, "the very same result");
    assert!(!again.stale);
    // Another stipulation is another solve.
    let effects = press(&mut s, "S <End> <BS> 3 <Enter>");
    assert_eq!(request(&effects).ask, Ask::parse("#3").unwrap());
}

#[test]
fn esc_stops_a_running_solve_and_the_result_shows_unfinished() {
    let mut s = state(MORPHY);
    let r = request(&press(&mut s, "S #2 <Enter>"));
    let effects = press(&mut s, "<Esc>");
    assert_eq!(effects, [Effect::Solve(None)]);
    assert_eq!(s.notice, Some(Notice::SolveCancelled));
    assert!(s.solving.as_ref().unwrap().cancelled);
    // A second Esc has nothing more to stop.
    assert!(press(&mut s, "<Esc>").is_empty());
    // The worker answers with what it proved.
    let mut partial = (*answer(&r).solution).clone();
    partial.outcome = Outcome::Unfinished;
    done(&mut s, &r, Solved::new(partial));
    let Phase::Done(shown) = &s.solving.as_ref().unwrap().phase else {
        panic!()
    };
    assert_eq!(shown.solution.outcome, Outcome::Unfinished);
    assert!(
        s.solve_cache.is_empty(),
        "an unfinished result is not cached"
    );
}

#[test]
fn an_edit_stops_a_running_solve_and_marks_it_stale() {
    let mut s = state(MORPHY);
    press(&mut s, "S #2 <Enter>");
    let effects = press(&mut s, "x");
    assert!(effects.contains(&Effect::Solve(None)), "{effects:?}");
    let panel = s.solving.as_ref().unwrap();
    assert!(panel.stale && panel.cancelled);
    // Further edits do not ask again.
    assert!(!press(&mut s, "t").contains(&Effect::Solve(None)));
}

#[test]
fn a_shown_result_turns_stale_when_the_position_changes_and_back_when_undone() {
    let mut s = state(MORPHY);
    let r = request(&press(&mut s, "S #2 <Enter>"));
    done(&mut s, &r, answer(&r));
    // Cursor moves and a flip of the view are no edit.
    press(&mut s, "<Up> f");
    assert!(!s.solving.as_ref().unwrap().stale);
    press(&mut s, "t");
    assert!(s.solving.as_ref().unwrap().stale);
    // A stale line is not played.
    press(&mut s, "<BackTab> <Enter>");
    assert_eq!(s.focus, Focus::Solution);
    assert_eq!(s.notice, Some(Notice::SolutionStale));
    press(&mut s, "<Tab> u");
    assert!(!s.solving.as_ref().unwrap().stale);
}

#[test]
fn an_illegal_position_is_refused_with_its_first_error() {
    let mut s = state("4k3/8/8/8/8/8/8/4K2K w - - 0 1");
    let first = s
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .unwrap()
        .message
        .clone();
    let effects = press(&mut s, "S");
    assert!(effects.is_empty());
    assert_eq!(s.overlay, None, "no prompt");
    assert_eq!(s.notice, Some(Notice::SolveRefused(first)));
    assert!(s.solving.is_none());
}

#[test]
fn the_solvers_refusal_shows_in_the_panel() {
    let mut s = state("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    let r = request(&press(&mut s, "S =2 <Enter>"));
    update(
        &mut s,
        Action::Solver(SolveEvent::Done {
            id: r.id,
            result: Err("xiangqi has no stalemate".into()),
        }),
    );
    assert_eq!(
        s.solving.as_ref().unwrap().phase,
        Phase::Refused("xiangqi has no stalemate".into())
    );
}

#[test]
fn the_stipulation_is_stored_in_the_record_which_is_then_modified() {
    let mut s = epd("kbK5/pp6/1P6/8/8/8/8/R7 w - - id \"m\"; bm Ra6;\n4k3/8/8/8/8/8/8/4K3 w - -\n");
    assert!(!s.is_modified());
    press(&mut s, "S #2 <Enter>");
    assert!(s.is_modified());
    assert_eq!(s.notice, Some(Notice::StipulationSet("#2".into())));
    assert_eq!(s.record_operations(), Some("id \"m\"; bm Ra6; dm 2;"));
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    // Another kind goes into `stip`, and `dm` goes.
    press(&mut s, "S <BS> <BS> s#2 <Enter>");
    assert_eq!(
        s.record_operations(),
        Some("id \"m\"; bm Ra6; stip \"s#2\";")
    );
    // What a save writes: the record's other bytes and the other record as they were.
    let bytes = String::from_utf8(s.collection.as_ref().unwrap().to_bytes()).unwrap();
    assert_eq!(
        bytes,
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - id \"m\"; bm Ra6; stip \"s#2\";\n4k3/8/8/8/8/8/8/4K3 w - -\n"
    );
    // An edited position is written back with its operations.
    press(&mut s, "t ]");
    let bytes = String::from_utf8(s.collection.as_ref().unwrap().to_bytes()).unwrap();
    assert!(
        bytes.starts_with("kbK5/pp6/1P6/8/8/8/8/R7 b - - id \"m\"; bm Ra6; stip \"s#2\";\n"),
        "{bytes}"
    );
}

#[test]
fn the_same_stipulation_leaves_the_record_unmodified() {
    let mut s = epd("kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; dm 2;\n");
    press(&mut s, "S <Enter>");
    assert!(!s.is_modified());
    assert!(s.solving.is_some());
}

#[test]
fn the_solution_panel_takes_the_focus_in_turn_and_esc_closes_it() {
    let mut s = state(MORPHY);
    press(&mut s, "<Tab> <Tab> <Tab>");
    assert_eq!(s.focus, Focus::Board, "no panel: three stops");
    let r = request(&press(&mut s, "S #2 <Enter>"));
    done(&mut s, &r, answer(&r));
    press(&mut s, "<BackTab>");
    assert_eq!(s.focus, Focus::Solution);
    let rows = s.solving.as_ref().unwrap().rows().len();
    press(&mut s, "<Down> <Down>");
    assert_eq!(s.solving.as_ref().unwrap().selected, 2.min(rows - 1));
    for _ in 0..rows + 5 {
        press(&mut s, "<Down>");
    }
    assert_eq!(s.solving.as_ref().unwrap().selected, rows - 1);
    press(&mut s, "<Up>");
    assert_eq!(s.solving.as_ref().unwrap().selected, rows - 2);
    // Enter plays the line on the board; the setup stays as it was.
    let before = s.position;
    press(&mut s, "<Enter>");
    assert!(s.line.is_some(), "playback started");
    assert_eq!(s.position, before);
    // The first Esc leaves the playback, the second closes the panel.
    press(&mut s, "<Esc>");
    assert!(s.line.is_none());
    assert!(s.solving.is_some());
    assert_eq!(s.position, before);
    press(&mut s, "<Esc>");
    assert!(s.solving.is_none());
    assert_eq!(s.focus, Focus::Board);
}

#[test]
fn s_is_no_piece_letter_and_works_in_xiangqi_too() {
    for game in [Game::Chess, Game::Xiangqi] {
        assert!(keys::piece_for_letter('S', game).is_none());
        assert!(keys::piece_for_letter('s', game).is_none());
    }
    let mut s = state("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    let r = request(&press(&mut s, "S #1 <Enter>"));
    done(&mut s, &r, answer(&r));
    let Phase::Done(solved) = &s.solving.as_ref().unwrap().phase else {
        panic!()
    };
    assert_eq!(solved.solution.outcome, Outcome::Solved);
}

#[test]
fn the_prompt_prefill_is_selected_typing_replaces_it_and_ctrl_u_clears_it() {
    let mut s = epd("kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; dm 2;\n");
    press(&mut s, "S");
    assert_eq!(prompt_text(&s), Some(("#2", None)));
    assert!(prompt_selected(&s));
    press(&mut s, "h#2");
    assert_eq!(prompt_text(&s), Some(("h#2", None)), "typing replaced it");
    assert!(!prompt_selected(&s));
    for (keys, after) in [
        ("<End> #2", "#2#2"),
        ("<Home> x", "#2x"),
        ("<Left> <BS>", "#"),
        ("<Right> 3", "#23"),
        ("<BS>", ""),
        ("<Up> <BS>", "#"),
    ] {
        press(&mut s, "<Esc> S");
        assert!(prompt_selected(&s), "{keys}");
        press(&mut s, keys);
        assert_eq!(prompt_text(&s).map(|p| p.0), Some(after), "{keys}");
    }
    press(&mut s, "<Esc> S <End> <C-u>");
    assert_eq!(prompt_text(&s).map(|p| p.0), Some(""), "Ctrl-U clears");
    press(&mut s, "s#3 <C-u> #2");
    assert_eq!(prompt_text(&s).map(|p| p.0), Some("#2"));
    // An empty prefill has nothing to select.
    let mut plain = state(MORPHY);
    press(&mut plain, "S");
    assert!(!prompt_selected(&plain));
}

#[test]
fn a_stipulation_set_in_s_is_one_undo_step() {
    let text = "kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; dm 2;\n4k3/8/8/8/8/8/8/4K3 w - -\n";
    let mut s = epd(text);
    let before = s.fen().to_owned();
    press(&mut s, "S s#2 <Enter> <Esc>");
    assert_eq!(s.record_operations(), Some("bm Ra6; stip \"s#2\";"));
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::Undone));
    assert_eq!(s.record_operations(), Some("bm Ra6; dm 2;"));
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    assert_eq!(s.fen(), before);
    let bytes = String::from_utf8(s.collection.as_ref().unwrap().to_bytes()).unwrap();
    assert_eq!(bytes, text, "the record's bytes as they were");
    press(&mut s, "U");
    assert_eq!(s.record_operations(), Some("bm Ra6; stip \"s#2\";"));
    press(&mut s, "u u");
    assert_eq!(s.notice, Some(Notice::NothingToUndo), "one step, not two");
    // With a position edit before it: two steps, each undone in turn.
    press(&mut s, "t S <C-u> #3 <Enter> <Esc>");
    assert_eq!(s.record_operations(), Some("bm Ra6; dm 3;"));
    press(&mut s, "u");
    assert_eq!(s.record_operations(), Some("bm Ra6; dm 2;"));
    assert_ne!(s.fen(), before, "the side is still Black's");
    press(&mut s, "u");
    assert_eq!(s.fen(), before);
}

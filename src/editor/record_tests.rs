//! Tests of the Record overlay (`i`): adding, changing and deleting each operation of a record
//! through the keys, each change one undo step that redo brings back, garbage values refused
//! with the text kept, the saved file byte for byte, the same operations without a collection,
//! and the stipulation shared with `S`.

use super::keys::{self, Code, HelpScroll, Key};
use super::record::{Known, Slot, ValueError};
use super::tests::press;
use super::*;
use crate::collection::Collection;

const MORPHY: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - -";

fn epd(text: &str) -> State {
    let c = Collection::from_bytes(Some("problems.epd".into()), text.as_bytes());
    State::with_collection(c, None, Options::default())
}

/// Types `text` character by character through the key table (spaces included).
fn type_text(s: &mut State, text: &str) {
    for c in text.chars() {
        let action = keys::action(s, Key::plain(Code::Char(c)), HelpScroll::default())
            .unwrap_or_else(|| panic!("{c:?} does nothing in {:?}", keys::Mode::of(s)));
        update(s, action);
    }
}

/// The current record's operations as written.
fn ops(s: &State) -> String {
    s.record_operations().unwrap_or("").to_owned()
}

fn saved(s: &mut State) -> String {
    press(s, "<C-s>");
    String::from_utf8(s.collection.as_ref().unwrap().to_bytes()).unwrap()
}

fn view(s: &State) -> &record::RecordView {
    match &s.overlay {
        Some(Overlay::Record(v)) => v,
        other => panic!("no Record overlay: {other:?}"),
    }
}

/// Opens the overlay and goes down to row `row`.
fn open_at(s: &mut State, row: usize) {
    press(s, "i");
    for _ in 0..row {
        press(s, "<Down>");
    }
    assert_eq!(view(s).selected, row);
}

#[test]
fn the_author_is_added_changed_and_deleted_each_one_undo_step() {
    let mut s = epd(&format!("{MORPHY} id \"Morphy\";\n"));
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "P. Morphy, 1856");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "id \"Morphy\"; c0 \"P. Morphy, 1856\";");
    assert_eq!(s.notice, Some(Notice::OperationSet("c0".into())));
    // Changed: the prefill is the value without quotes; the cursor goes through it.
    press(&mut s, "<Enter> <Home> <Del> <Del> <Del>");
    type_text(&mut s, "Paul ");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "id \"Morphy\"; c0 \"Paul Morphy, 1856\";");
    press(&mut s, "<Del>");
    assert_eq!(ops(&s), "id \"Morphy\";");
    assert_eq!(s.notice, Some(Notice::OperationRemoved("c0".into())));
    press(&mut s, "u");
    assert_eq!(ops(&s), "id \"Morphy\"; c0 \"Paul Morphy, 1856\";");
    press(&mut s, "u");
    assert_eq!(ops(&s), "id \"Morphy\"; c0 \"P. Morphy, 1856\";");
    press(&mut s, "u");
    assert_eq!(ops(&s), "id \"Morphy\";");
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::NothingToUndo));
    press(&mut s, "U U");
    assert_eq!(ops(&s), "id \"Morphy\"; c0 \"Paul Morphy, 1856\";");
    press(&mut s, "U");
    assert_eq!(ops(&s), "id \"Morphy\";");
    // The overlay stayed open the whole time.
    assert!(matches!(s.overlay, Some(Overlay::Record(_))));
}

#[test]
fn the_id_and_the_solution_are_rows_of_their_own() {
    let mut s = epd(&format!("{MORPHY}\n"));
    open_at(&mut s, 1);
    press(&mut s, "<Enter>");
    type_text(&mut s, "WCCT 2024 #7");
    press(&mut s, "<Enter> <Down> <Down> <Enter>");
    type_text(&mut s, "1.Ra6! bxa6 2.b7#");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "id \"WCCT 2024 #7\"; c1 \"1.Ra6! bxa6 2.b7#\";");
    assert_eq!(s.record_id(), Some("WCCT 2024 #7"));
    // Emptied, a value's operation goes.
    press(&mut s, "<Up> <Up> <Enter> <C-u> <Enter>");
    assert_eq!(ops(&s), "c1 \"1.Ra6! bxa6 2.b7#\";");
    press(&mut s, "u");
    assert_eq!(ops(&s), "id \"WCCT 2024 #7\"; c1 \"1.Ra6! bxa6 2.b7#\";");
}

#[test]
fn the_stipulation_row_is_the_one_s_solves_and_stores_as_s_does() {
    let mut s = epd(&format!("{MORPHY} c0 \"Morphy\";\n"));
    open_at(&mut s, 2);
    press(&mut s, "<Enter>");
    type_text(&mut s, "#2");
    press(&mut s, "<Enter>");
    // A direct mate is `dm`, as `S` writes it.
    assert_eq!(ops(&s), "c0 \"Morphy\"; dm 2;");
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    press(&mut s, "<Enter> <C-u>");
    type_text(&mut s, "s#3");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "c0 \"Morphy\"; stip \"s#3\";");
    press(&mut s, "<Esc>");
    assert_eq!(s.overlay, None);
    // S offers it, selected.
    press(&mut s, "S");
    assert!(
        matches!(&s.overlay, Some(Overlay::StipulationPrompt { text, .. }) if text == "s#3"),
        "{:?}",
        s.overlay
    );
    // And what S stores, the overlay shows.
    press(&mut s, "<C-u>");
    type_text(&mut s, "#3");
    press(&mut s, "<Enter>");
    let rows = update::record_entries(&s);
    assert_eq!(rows[2].slot, Slot::Known(Known::Stipulation));
    assert_eq!(rows[2].value, "#3");
    assert_eq!(ops(&s), "c0 \"Morphy\"; dm 3;");
    // Deleted, it goes, one undo step.
    s.solving = None;
    open_at(&mut s, 2);
    press(&mut s, "<Del>");
    assert_eq!(ops(&s), "c0 \"Morphy\";");
    press(&mut s, "u");
    assert_eq!(ops(&s), "c0 \"Morphy\"; dm 3;");
}

#[test]
fn a_helpmate_set_in_the_overlay_sets_the_side_as_s_does_in_one_step() {
    let mut s = epd(&format!("{MORPHY}\n"));
    open_at(&mut s, 2);
    press(&mut s, "<Enter>");
    type_text(&mut s, "h#2");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "stip \"h#2\";");
    assert_eq!(s.position.turn, crate::core::Color::Black);
    press(&mut s, "u");
    assert_eq!(ops(&s), "");
    assert_eq!(s.position.turn, crate::core::Color::White);
}

#[test]
fn other_operations_are_edited_as_written_and_new_ones_go_last() {
    let mut s = epd(&format!("{MORPHY} bm Ra6; c0 \"Morphy\"; c2 \"x; y\";\n"));
    press(&mut s, "i");
    let rows = update::record_entries(&s);
    let labels: Vec<_> = rows.iter().map(|e| e.slot.clone()).collect();
    assert_eq!(
        labels[4..],
        [
            Slot::Other {
                index: 0,
                code: "bm".into()
            },
            Slot::Other {
                index: 2,
                code: "c2".into()
            },
            Slot::New,
        ]
    );
    // bm, as written.
    press(&mut s, "<Down> <Down> <Down> <Down> <Enter> <C-u>");
    type_text(&mut s, "Ra6 Rb7");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "bm Ra6 Rb7; c0 \"Morphy\"; c2 \"x; y\";");
    // c2 keeps its quotes: its operand is typed as written.
    press(&mut s, "<Down> <Enter> <End> <BS> <BS>");
    type_text(&mut s, "z\"");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "bm Ra6 Rb7; c0 \"Morphy\"; c2 \"x; z\";");
    // `+`: a new one, after the others.
    press(&mut s, "+");
    type_text(&mut s, "pv Ra6 bxa6 b7#");
    press(&mut s, "<Enter>");
    assert_eq!(
        ops(&s),
        "bm Ra6 Rb7; c0 \"Morphy\"; c2 \"x; z\"; pv Ra6 bxa6 b7#;"
    );
    // Enter on the last row does the same.
    let last = update::record_entries(&s).len() - 1;
    while view(&s).selected < last {
        press(&mut s, "<Down>");
    }
    press(&mut s, "<Enter>");
    type_text(&mut s, "acd 12");
    press(&mut s, "<Enter>");
    assert!(ops(&s).ends_with("pv Ra6 bxa6 b7#; acd 12;"), "{}", ops(&s));
    // The bm row deleted: the others stay as they were.
    press(&mut s, "<Up> <Up> <Up> -");
    assert_eq!(
        ops(&s),
        "c0 \"Morphy\"; c2 \"x; z\"; pv Ra6 bxa6 b7#; acd 12;"
    );
}

#[test]
fn garbage_values_are_refused_with_the_reason_and_the_text_kept() {
    let mut s = epd(&format!("{MORPHY} id \"x\";\n"));
    let before = ops(&s);
    let refused = |s: &State| {
        let edit = view(s).edit.as_ref().expect("still typing");
        (edit.line.text.clone(), edit.error.clone())
    };
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "say \"hi\"");
    press(&mut s, "<Enter>");
    assert_eq!(
        refused(&s),
        ("say \"hi\"".to_owned(), Some(ValueError::Quote))
    );
    press(&mut s, "<Esc> <Down> <Down> <Enter>");
    type_text(&mut s, "mate in two");
    press(&mut s, "<Enter>");
    assert!(matches!(refused(&s).1, Some(ValueError::Stipulation(_))));
    press(&mut s, "<Esc> +");
    type_text(&mut s, "9lives yes");
    press(&mut s, "<Enter>");
    assert_eq!(refused(&s).1, Some(ValueError::Opcode("9lives".into())));
    press(&mut s, "<C-u>");
    type_text(&mut s, "c3 a; b");
    press(&mut s, "<Enter>");
    assert_eq!(refused(&s).1, Some(ValueError::Semicolon));
    press(&mut s, "<C-u>");
    type_text(&mut s, "c3 \"open");
    press(&mut s, "<Enter>");
    assert_eq!(refused(&s).1, Some(ValueError::OpenQuote));
    press(&mut s, "<C-u> <Enter>");
    assert_eq!(refused(&s).1, Some(ValueError::NoOpcode));
    // Typing again clears the reason; Esc leaves the record as it was.
    type_text(&mut s, "c");
    assert_eq!(refused(&s).1, None);
    press(&mut s, "<Esc>");
    assert_eq!(ops(&s), before);
    assert!(!s.history.can_undo());
    // Delete on an empty row says so.
    press(&mut s, "<Up> <Up> <Up> <Up> <Del>");
    assert_eq!(s.notice, Some(Notice::NothingToRemove));
}

#[test]
fn non_ascii_and_semicolons_in_quotes_go_in_as_typed() {
    let mut s = epd(&format!("{MORPHY}\n"));
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "Ненад Петровић; 王 1950");
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "c0 \"Ненад Петровић; 王 1950\";");
    assert_eq!(
        s.collection.as_ref().unwrap().operand(0, "c0"),
        Some("Ненад Петровић; 王 1950")
    );
}

#[test]
fn saving_keeps_every_other_byte_and_writes_the_edited_record_as_typed() {
    let file = "# problems\r\n\
                kbK5/pp6/1P6/8/8/8/8/R7  w - -  id \"m\";  dm 2;\r\n\
                \r\n\
                8/8/8/8/8/8/8/K6k w - - c0 \"kept\" ;\r\n";
    let mut s = epd(file);
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "P. Morphy");
    press(&mut s, "<Enter> <Esc>");
    let bytes = saved(&mut s);
    assert_eq!(
        bytes,
        "# problems\r\n\
         kbK5/pp6/1P6/8/8/8/8/R7  w - -  id \"m\";  dm 2; c0 \"P. Morphy\";\r\n\
         \r\n\
         8/8/8/8/8/8/8/K6k w - - c0 \"kept\" ;\r\n"
    );
    // The operation taken out again: the file is what it was, byte for byte.
    open_at(&mut s, 0);
    press(&mut s, "<Del>");
    assert_eq!(saved(&mut s), file);
}

#[test]
fn an_edited_position_keeps_the_operations_typed_for_it() {
    let mut s = epd(&format!("{MORPHY} id \"m\";\n"));
    press(&mut s, "gh1 R");
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "A");
    press(&mut s, "<Enter> <Esc>");
    let bytes = saved(&mut s);
    assert_eq!(
        bytes,
        "kbK5/pp6/1P6/8/8/8/8/R6R w - - id \"m\"; c0 \"A\";\n"
    );
    // One undo step each: the author, then the rook.
    press(&mut s, "u");
    assert_eq!(ops(&s), "id \"m\";");
    assert_eq!(s.fen(), "kbK5/pp6/1P6/8/8/8/8/R6R w - - 0 1");
}

#[test]
fn without_a_collection_the_operations_belong_to_the_position() {
    let mut s = State::from_fen(MORPHY, None, Options::default());
    open_at(&mut s, 0);
    press(&mut s, "<Enter>");
    type_text(&mut s, "P. Morphy");
    press(&mut s, "<Enter>");
    assert_eq!(s.loose_operations, "c0 \"P. Morphy\";");
    press(&mut s, "<Down> <Down> <Enter>");
    type_text(&mut s, "#2");
    press(&mut s, "<Enter> <Esc>");
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    // `d` draws them: caption and stipulation.
    let effects = press(&mut s, "d");
    let Some(Effect::Diagram(request)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert_eq!(
        request.operations.as_deref(),
        Some("c0 \"P. Morphy\"; dm 2;")
    );
    assert_eq!(request.stipulation.as_deref(), Some("#2"));
    assert_eq!(request.collection, None);
    press(&mut s, "u");
    assert_eq!(s.loose_operations, "c0 \"P. Morphy\";");
    press(&mut s, "u");
    assert_eq!(s.loose_operations, "");
    press(&mut s, "U");
    assert_eq!(s.loose_operations, "c0 \"P. Morphy\";");
}

#[test]
fn s_without_a_collection_gives_the_title_and_d_its_stipulation() {
    let mut s = State::from_fen(MORPHY, None, Options::default());
    press(&mut s, "S");
    type_text(&mut s, "#2");
    press(&mut s, "<Enter>");
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    let effects = update(&mut s, Action::Diagram);
    let Some(Effect::Diagram(request)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert_eq!(request.stipulation.as_deref(), Some("#2"));
}

#[test]
fn keys_in_the_overlay_do_not_reach_the_board() {
    let mut s = epd(&format!("{MORPHY}\n"));
    let fen = s.fen().to_owned();
    press(&mut s, "i");
    // Piece letters and board keys mean nothing in the rows.
    press(&mut s, "K x t X");
    assert_eq!(s.fen(), fen);
    press(&mut s, "<Enter>");
    type_text(&mut s, "KQRBNP kqrbnp x t");
    assert_eq!(s.fen(), fen);
    assert_eq!(
        view(&s).edit.as_ref().unwrap().line.text,
        "KQRBNP kqrbnp x t"
    );
    press(&mut s, "<Esc> i");
    assert_eq!(s.overlay, None);
}

#[test]
fn the_fen_line_takes_a_whole_epd_record_in_one_undo_step() {
    let mut s = epd(&format!("{MORPHY} id \"old\"; bm Ra6;\n"));
    press(&mut s, "/ <C-u>");
    type_text(&mut s, "8/8/8/8/8/2k5/8/K2Q4 w - - id \"x\"; c0 \"y; z\";");
    // The board previews the position while it is typed, with no warning for the clocks.
    assert_eq!(
        s.shown_position().board,
        crate::core::fen::read("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1", None)
            .position
            .unwrap()
            .board
    );
    assert!(
        s.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        s.diagnostics
    );
    press(&mut s, "<Enter>");
    assert_eq!(s.fen(), "8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    // The id replaced where it stood, the author after the others.
    assert_eq!(ops(&s), "id \"x\"; bm Ra6; c0 \"y; z\";");
    press(&mut s, "u");
    assert_eq!(s.fen(), "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1");
    assert_eq!(ops(&s), "id \"old\"; bm Ra6;");
    press(&mut s, "U");
    assert_eq!(ops(&s), "id \"x\"; bm Ra6; c0 \"y; z\";");
    assert_eq!(
        saved(&mut s),
        "8/8/8/8/8/2k5/8/K2Q4 w - - id \"x\"; bm Ra6; c0 \"y; z\";\n"
    );
}

#[test]
fn the_same_position_with_operations_is_still_one_undo_step() {
    let mut s = epd(&format!("{MORPHY}\n"));
    press(&mut s, "/ <C-u>");
    type_text(&mut s, &format!("{MORPHY} c0 \"A\";"));
    press(&mut s, "<Enter>");
    assert_eq!(ops(&s), "c0 \"A\";");
    press(&mut s, "u");
    assert_eq!(ops(&s), "");
    assert!(!s.history.can_undo());
}

#[test]
fn a_pasted_epd_record_without_a_file_keeps_its_operations() {
    let mut s = State::from_fen(MORPHY, None, Options::default());
    update(
        &mut s,
        Action::Paste("8/8/8/8/8/2k5/8/K2Q4 w - - dm 2; c0 \"Study\";".into()),
    );
    assert_eq!(s.fen(), "8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    assert_eq!(s.loose_operations, "dm 2; c0 \"Study\";");
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
}

#[test]
fn an_epd_record_that_does_not_read_shows_its_error_where_it_is() {
    let mut s = epd(&format!("{MORPHY}\n"));
    press(&mut s, "/ <C-u>");
    type_text(&mut s, "  8/8/9/8/8/8/8/K6k w - - id \"x\";");
    assert!(s.fen_line_unread());
    let span = s.fen_line_error_span().expect("an error span");
    let text: String = s.fen_line.text.chars().collect();
    let marked: String = text.chars().skip(span.start).take(span.len()).collect();
    assert!(marked.contains('9'), "{marked:?} in {text:?}");
    press(&mut s, "<Enter>");
    assert_eq!(s.notice, Some(Notice::FenLineHasErrors));
    assert_eq!(ops(&s), "");
}

#[test]
fn deleting_the_stipulation_takes_stip_and_dm_both_in_one_step() {
    let mut s = epd(&format!("{MORPHY} dm 2; id \"m\"; stip \"h#2\";\n"));
    open_at(&mut s, 2);
    press(&mut s, "<Del>");
    assert_eq!(ops(&s), "id \"m\";");
    assert_eq!(s.stipulation(), None);
    press(&mut s, "u");
    assert_eq!(ops(&s), "dm 2; id \"m\"; stip \"h#2\";");
}

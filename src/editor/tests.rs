//! Tests of the editor: one per action, and scenarios written as key sequences on FEN strings
//! (through the real key table), in chess, Chess960 and xiangqi.

use super::keys::{self, Code, Key};
use super::*;
use crate::collection::Collection;
use crate::core::fen::Field;
use crate::core::{CastlingSide, Color, Game, Piece, Role, Square};

const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const EMPTY: &str = "8/8/8/8/8/8/8/8 w - - 0 1";

fn opts() -> Options {
    Options {
        ascii: false,
        mouse: true,
        ..Options::default()
    }
}

pub(crate) fn state(fen: &str) -> State {
    let s = State::from_fen(fen, None, opts());
    assert!(!s.fen_line.editing, "test FEN does not read: {fen}");
    s
}

/// One key of the little key language: `<Name>` for named keys, `<C-x>` for Ctrl-x.
fn key_event(token: &str) -> Key {
    let code = match token {
        "<Up>" => Code::Up,
        "<Down>" => Code::Down,
        "<Left>" => Code::Left,
        "<Right>" => Code::Right,
        "<Enter>" => Code::Enter,
        "<Esc>" => Code::Esc,
        "<Tab>" => Code::Tab,
        "<BackTab>" => Code::BackTab,
        "<Space>" => Code::Char(' '),
        "<BS>" => Code::Backspace,
        "<Del>" => Code::Delete,
        "<Home>" => Code::Home,
        "<End>" => Code::End,
        "<F1>" => Code::F(1),
        "<F5>" => Code::F(5),
        "<S-Up>" => Code::ShiftUp,
        "<S-Down>" => Code::ShiftDown,
        "<S-Left>" => Code::ShiftLeft,
        "<S-Right>" => Code::ShiftRight,
        t if t.starts_with("<C-") && t.ends_with('>') && t.chars().count() == 5 => {
            return Key::ctrl(t.chars().nth(3).unwrap());
        }
        t => {
            let mut chars = t.chars();
            let c = chars.next().unwrap();
            assert!(chars.next().is_none(), "unknown key {t}");
            Code::Char(c)
        }
    };
    Key::plain(code)
}

/// Splits a key sequence: whitespace separates words, `<…>` is one key, other characters are
/// typed one by one (`ge4` is `g`, `e`, `4`).
fn tokens(keys: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in keys.split_whitespace() {
        let mut rest = word;
        while let Some(c) = rest.chars().next() {
            if c == '<'
                && let Some(end) = rest.find('>')
                && end > 1
            {
                out.push(rest[..=end].to_owned());
                rest = &rest[end + 1..];
                continue;
            }
            out.push(c.to_string());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Presses keys through the key table and `update`; returns every effect.
pub(crate) fn press(s: &mut State, keys: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for token in tokens(keys) {
        if let Some(action) = keys::action(
            s,
            key_event(&token),
            keys::HelpScroll {
                max: u16::MAX,
                page: 10,
            },
        ) {
            effects.extend(update(s, action));
        }
    }
    effects
}

/// The FEN after pressing `keys` on `fen`.
fn run(fen: &str, keys: &str) -> String {
    let mut s = state(fen);
    press(&mut s, keys);
    s.fen().to_owned()
}

fn act(s: &mut State, action: Action) -> Vec<Effect> {
    update(s, action)
}

fn sq(name: &str, game: Game) -> Square {
    Square::parse(name, game).unwrap()
}

fn white(role: Role) -> Piece {
    Piece::new(Color::White, role)
}

// ---- Scenarios -------------------------------------------------------------------------

#[test]
fn scenario_clear_then_kings_with_castling_letters() {
    assert_eq!(run(CHESS, "X ge1 K ge8 k"), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn scenario_castling_follows_the_board_after_clear() {
    assert_eq!(
        run(CHESS, "X ge1 K gh1 R ge8 k ga8 r"),
        "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"
    );
}

#[test]
fn scenario_castling_stops_following_after_a_toggle() {
    // After the user drops K by hand, placing the a1 rook no longer adds Q.
    assert_eq!(
        run(CHESS, "X ge1 K gh1 R <Tab> K <Esc> ga1 R"),
        "8/8/8/8/8/8/8/R3K2R w - - 0 1"
    );
}

#[test]
fn scenario_pawn_double_step_with_ep_square() {
    assert_eq!(
        run(
            CHESS,
            "ge2 <Enter> ge4 <Enter> t <Tab> <Down> <Down> <Right>"
        ),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn scenario_xiangqi_from_scratch_with_aliases() {
    assert_eq!(
        run(XIANGQI, "X ge0 K ge9 k gc0 E gb0 H gd0 A ga3 P ge2 C gi0 R"),
        "4k4/9/9/9/9/9/P8/4C4/9/1NBAK3R w - - 0 1"
    );
}

#[test]
fn scenario_xiangqi_swap_and_mirror() {
    assert_eq!(
        run("4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "s m"),
        "4k3r/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    );
}

#[test]
fn scenario_fen_line_typing_and_apply() {
    assert_eq!(
        run(
            CHESS,
            "/ <C-u> <End> <C-u> 8/8/8/8/8/8/8/K6k <Space> b <Enter>"
        ),
        "8/8/8/8/8/8/8/K6k b - - 0 1"
    );
}

#[test]
fn scenario_clock_editing() {
    assert_eq!(
        run(
            EMPTY,
            "<Tab> <Down> <Down> <Down> 12 <Down> 3 4 <BS> 7 + + -"
        ),
        "8/8/8/8/8/8/8/8 w - - 12 38"
    );
}

#[test]
fn scenario_undo_everything_then_redo_everything() {
    let mut s = state(CHESS);
    press(&mut s, "X ge1 K ge8 k t f s m");
    let end = s.fen().to_owned();
    press(&mut s, "u u u u u u u");
    assert_eq!(s.fen(), CHESS);
    press(&mut s, "U U U U U U U");
    assert_eq!(s.fen(), end);
}

// ---- Cursor and square jump ------------------------------------------------------------

#[test]
fn arrows_move_the_cursor_and_stop_at_the_edge() {
    let mut s = state(EMPTY);
    act(&mut s, Action::SetCursor(Square::new(0, 0)));
    press(&mut s, "<Up> <Up> <Right>");
    assert_eq!(s.cursor, Square::new(1, 2));
    press(&mut s, "<Left> <Left> <Left> <Down> <Down> <Down> <Down>");
    assert_eq!(s.cursor, Square::new(0, 0));
}

#[test]
fn arrows_follow_the_screen_when_flipped() {
    let mut s = state(EMPTY);
    act(&mut s, Action::SetCursor(Square::new(3, 3)));
    press(&mut s, "f <Up> <Right>");
    assert_eq!(s.cursor, Square::new(2, 2));
}

#[test]
fn set_cursor_ignores_squares_off_the_board() {
    let mut s = state(EMPTY);
    act(&mut s, Action::SetCursor(Square::new(8, 0)));
    assert_ne!(s.cursor, Square::new(8, 0));
    let mut x = state(XIANGQI);
    act(&mut x, Action::SetCursor(Square::new(8, 9)));
    assert_eq!(x.cursor, Square::new(8, 9));
}

#[test]
fn goto_jumps_to_a_square_in_both_games() {
    let mut s = state(CHESS);
    press(&mut s, "gh8");
    assert_eq!(s.cursor, sq("h8", Game::Chess));
    assert!(s.pending.is_none());
    let mut x = state(XIANGQI);
    press(&mut x, "gi9 ga0");
    assert_eq!(x.cursor, sq("a0", Game::Xiangqi));
}

#[test]
fn goto_waits_after_the_file_letter() {
    let mut s = state(CHESS);
    press(&mut s, "ge");
    assert_eq!(s.pending, Some(Pending::Goto("e".into())));
}

#[test]
fn goto_cancelled_by_esc_says_so() {
    let mut s = state(CHESS);
    let before = s.cursor;
    press(&mut s, "ge <Esc>");
    assert!(s.pending.is_none());
    assert_eq!(s.cursor, before);
    assert_eq!(s.notice, Some(Notice::GotoCancelled));
    assert_eq!(s.focus, Focus::Board);
}

#[test]
fn goto_with_a_wrong_key_cancels_and_says_so() {
    for keys in ["gz", "ge9", "gi", "g1", "gK", "ge<Up>"] {
        let mut s = state(CHESS);
        let before = s.clone();
        press(&mut s, keys);
        assert!(s.pending.is_none(), "{keys}");
        assert_eq!(s.cursor, before.cursor, "{keys}");
        assert_eq!(
            s.fen(),
            before.fen(),
            "{keys}: nothing typed reaches the board"
        );
        assert!(
            matches!(
                s.notice,
                Some(Notice::NotASquare(_) | Notice::GotoCancelled)
            ),
            "{keys}: {:?}",
            s.notice
        );
    }
    let mut s = state(CHESS);
    press(&mut s, "gi1");
    assert_eq!(
        s.fen(),
        CHESS,
        "keys after a cancelled jump do not put pieces"
    );
    let mut x = state(XIANGQI);
    press(&mut x, "gj");
    assert_eq!(x.notice, Some(Notice::NotASquare("j".into())));
}

#[test]
fn goto_space_between_g_and_square_is_allowed() {
    let mut s = state(CHESS);
    press(&mut s, "g <Space> e4");
    assert_eq!(s.cursor, sq("e4", Game::Chess));
}

// ---- Pieces ------------------------------------------------------------------------------

#[test]
fn every_piece_letter_of_chess_puts_its_piece() {
    for c in "KQRBNPkqrbnp".chars() {
        let fen = run(EMPTY, &format!("ga1 {c}"));
        assert_eq!(fen, format!("8/8/8/8/8/8/8/{c}7 w - - 0 1"));
    }
}

#[test]
fn every_piece_letter_of_xiangqi_puts_its_piece() {
    let empty = "9/9/9/9/9/9/9/9/9/9 w - - 0 1";
    for (c, written) in [
        ('K', 'K'),
        ('A', 'A'),
        ('B', 'B'),
        ('E', 'B'),
        ('N', 'N'),
        ('H', 'N'),
        ('R', 'R'),
        ('C', 'C'),
        ('P', 'P'),
        ('k', 'k'),
        ('a', 'a'),
        ('e', 'b'),
        ('h', 'n'),
        ('c', 'c'),
        ('p', 'p'),
    ] {
        let fen = run(empty, &format!("ga0 {c}"));
        assert_eq!(
            fen,
            format!("9/9/9/9/9/9/9/9/9/{written}8 w - - 0 1"),
            "{c}"
        );
    }
}

#[test]
fn letters_of_the_other_game_are_refused() {
    let mut s = state(XIANGQI);
    let before = s.fen().to_owned();
    press(&mut s, "ge4 Q");
    assert_eq!(s.fen(), before);
    assert_eq!(s.notice, Some(Notice::Unbound("Q".into())));
    let mut c = state(EMPTY);
    press(&mut c, "A");
    assert_eq!(c.fen(), EMPTY);
    // The action itself refuses a role of the other game.
    act(&mut c, Action::Put(Piece::new(Color::White, Role::Cannon)));
    assert_eq!(c.fen(), EMPTY);
}

#[test]
fn put_sets_the_brush_and_is_one_undo_step() {
    let mut s = state(EMPTY);
    press(&mut s, "N");
    assert_eq!(s.brush, Some(white(Role::Knight)));
    assert_eq!(s.history.undo_len(), 1);
    press(&mut s, "N");
    assert_eq!(
        s.history.undo_len(),
        1,
        "putting the same piece again changes nothing"
    );
}

#[test]
fn space_x_delete_backspace_empty_the_square() {
    for key in ["<Space>", "x", "<Del>", "<BS>"] {
        let fen = run(CHESS, &format!("ge1 {key}"));
        assert_eq!(
            fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            "{key}"
        );
    }
}

#[test]
fn enter_picks_up_and_drops() {
    let mut s = state(CHESS);
    press(&mut s, "gg1 <Enter>");
    assert_eq!(s.picked, Some((white(Role::Knight), sq("g1", Game::Chess))));
    assert_eq!(s.fen(), CHESS, "picking up changes nothing yet");
    press(&mut s, "gf3 <Enter>");
    assert_eq!(s.picked, None);
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1"
    );
    assert_eq!(s.history.undo_len(), 1);
}

#[test]
fn enter_twice_on_the_same_square_or_esc_cancels_a_pick_up() {
    let mut s = state(CHESS);
    press(&mut s, "gg1 <Enter> <Enter>");
    assert_eq!(
        (s.picked, s.notice.clone()),
        (None, Some(Notice::PickUpCancelled))
    );
    press(&mut s, "<Enter> <Esc>");
    assert_eq!(s.picked, None);
    assert_eq!(s.fen(), CHESS);
}

#[test]
fn enter_on_an_empty_square_says_so() {
    let mut s = state(CHESS);
    press(&mut s, "ge4 <Enter>");
    assert_eq!(s.picked, None);
    assert_eq!(
        s.notice,
        Some(Notice::NothingToPickUp(sq("e4", Game::Chess)))
    );
}

#[test]
fn set_brush_chooses_without_placing() {
    let mut s = state(EMPTY);
    act(&mut s, Action::SetBrush(Some(white(Role::Queen))));
    assert_eq!(s.brush, Some(white(Role::Queen)));
    assert_eq!(s.fen(), EMPTY);
}

// ---- Whole-position edits ---------------------------------------------------------------

#[test]
fn t_toggles_the_side_and_clears_ep() {
    assert_eq!(
        run("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "t"),
        "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(run(XIANGQI, "t t"), XIANGQI);
}

#[test]
fn f_flips_the_view_not_the_position() {
    let mut s = state(CHESS);
    press(&mut s, "f");
    assert!(s.flipped);
    assert_eq!(s.fen(), CHESS);
    assert_eq!(s.history.undo_len(), 0);
    press(&mut s, "f");
    assert!(!s.flipped);
}

#[test]
fn s_swaps_colours() {
    assert_eq!(
        run("r3k3/8/8/8/4P3/8/8/4K2R b Kq e3 3 9", "s"),
        "4k2r/8/8/4p3/8/8/8/R3K3 w Qk e6 3 9"
    );
}

#[test]
fn m_mirrors_files() {
    assert_eq!(
        run("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "m"),
        "3k4/8/8/8/8/8/8/3K3R w - - 0 1"
    );
    // Standard castling cannot survive the king leaving e1.
    assert_eq!(
        run("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "m"),
        "3k4/8/8/8/8/8/8/R2K3R w - - 0 1"
    );
}

#[test]
fn x_clears_the_board_keeping_the_side_and_clocks() {
    assert_eq!(
        run("4k3/8/8/8/8/8/8/4K3 b - - 7 30", "X"),
        "8/8/8/8/8/8/8/8 b - - 7 30"
    );
    assert_eq!(run(XIANGQI, "X"), "9/9/9/9/9/9/9/9/9/9 w - - 0 1");
}

#[test]
fn i_sets_the_initial_position() {
    assert_eq!(run(EMPTY, "I"), CHESS);
    assert_eq!(run("9/9/9/9/9/9/9/9/9/9 w - - 0 1", "I"), XIANGQI);
}

#[test]
fn i_in_chess960_asks_for_a_number() {
    let mut s = State::from_fen(EMPTY, Some(Game::Chess960), opts());
    press(&mut s, "I");
    assert_eq!(s.overlay, Some(Overlay::Chess960Prompt(String::new())));
    press(&mut s, "5 1 8 <Enter>");
    assert_eq!(s.overlay, None);
    assert_eq!(s.fen(), CHESS);
    assert_eq!(s.position.game, Game::Chess960);
    press(&mut s, "I 0 <Enter>");
    assert_eq!(
        s.fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!(s.notice, Some(Notice::Chess960Start(0)));
}

#[test]
fn chess960_prompt_refuses_numbers_past_959_and_letters() {
    let mut s = State::from_fen(EMPTY, Some(Game::Chess960), opts());
    press(&mut s, "I 9 9 9 <Enter>");
    assert_eq!(s.notice, Some(Notice::NotAChess960Number("999".into())));
    assert!(
        s.overlay.is_some(),
        "the prompt stays open to fix the number"
    );
    press(&mut s, "<BS> <BS> <BS> x");
    assert_eq!(s.notice, Some(Notice::NotAChess960Number("x".into())));
    press(&mut s, "<Esc>");
    assert_eq!(s.overlay, None);
    assert_eq!(s.fen(), EMPTY);
    act(&mut s, Action::Chess960Number(960));
    assert_eq!(s.fen(), EMPTY);
}

#[test]
fn chess960_random_is_drawn_from_the_seeded_generator() {
    let draw = |seed: u64| {
        let mut s = State::from_fen(EMPTY, Some(Game::Chess960), opts());
        s.rng = seed;
        press(&mut s, "I r");
        s.fen().to_owned()
    };
    assert_eq!(draw(7), draw(7), "same seed, same position");
    let distinct: std::collections::HashSet<String> = (1..20).map(draw).collect();
    assert!(
        distinct.len() > 5,
        "different seeds give different positions"
    );
    let mut s = State::from_fen(EMPTY, Some(Game::Chess960), opts());
    press(&mut s, "I <Enter>");
    assert!(matches!(s.notice, Some(Notice::Chess960Start(n)) if n < 960));
}

#[test]
fn g_switches_between_chess_and_xiangqi() {
    let mut s = state(CHESS);
    press(&mut s, "G");
    assert_eq!(s.fen(), XIANGQI);
    assert_eq!(s.notice, Some(Notice::GameSwitched(Game::Xiangqi)));
    press(&mut s, "G");
    assert_eq!(s.fen(), CHESS);
    press(&mut s, "u");
    assert_eq!(s.fen(), XIANGQI);
    assert!(s.cursor.on_board(Game::Xiangqi));
}

#[test]
fn undo_and_redo_with_both_keys_each() {
    let mut s = state(EMPTY);
    press(&mut s, "K <Right> k");
    press(&mut s, "<C-z>");
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/K7 w - - 0 1");
    press(&mut s, "u");
    assert_eq!(s.fen(), EMPTY);
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::NothingToUndo));
    press(&mut s, "<C-y>");
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/K7 w - - 0 1");
    press(&mut s, "U U");
    assert_eq!(s.notice, Some(Notice::NothingToRedo));
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/Kk6 w - - 0 1");
}

#[test]
fn a_new_change_forgets_what_was_undone() {
    let mut s = state(EMPTY);
    press(&mut s, "K u Q U");
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/Q7 w - - 0 1");
    assert!(!s.history.can_redo());
}

// ---- Clipboard and paste ----------------------------------------------------------------

#[test]
fn d_asks_for_the_diagram_of_what_is_on_screen() {
    let text = "# two\n8/8/8/8/8/8/8/K6k w - - id \"one\";\n4k3/8/8/8/8/8/8/4K3 b - - dm 2; id \"K v K\";\n";
    let c = Collection::from_bytes(Some("dir/p.epd".into()), text.as_bytes());
    let mut s = State::with_collection(c, None, opts());
    press(&mut s, "]");
    press(&mut s, "f");
    let effects = press(&mut s, "d");
    let [Effect::Diagram(request)] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    assert_eq!(request.position, *s.shown_position());
    assert_eq!(request.id.as_deref(), Some("K v K"));
    assert_eq!(request.line, Some(3));
    assert!(request.flip, "the diagram is seen as the board is");
    assert_eq!(
        request.collection.as_deref(),
        Some(std::path::Path::new("dir/p.epd"))
    );
    assert!(request.operations.as_deref().unwrap().contains("dm 2"));
    assert_eq!(
        s.fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "the position is untouched"
    );
}

#[test]
fn y_copies_the_fen() {
    let mut s = state(CHESS);
    assert_eq!(press(&mut s, "y"), vec![Effect::Copy(CHESS.into())]);
}

#[test]
#[allow(non_snake_case)]
fn Y_copies_a_lichess_url() {
    let mut s = state(CHESS);
    assert_eq!(
        press(&mut s, "Y"),
        vec![Effect::CopyUrl(
            "https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1"
                .into()
        )]
    );
    let mut x = state(XIANGQI);
    assert_eq!(press(&mut x, "Y"), vec![]);
    assert_eq!(x.notice, Some(Notice::NotInXiangqi));
}

#[test]
fn v_and_ctrl_v_ask_for_the_clipboard() {
    let mut s = state(CHESS);
    assert_eq!(press(&mut s, "v"), vec![Effect::ReadClipboard]);
    assert_eq!(press(&mut s, "<C-v>"), vec![Effect::ReadClipboard]);
}

#[test]
fn paste_loads_a_fen_as_one_undo_step() {
    let mut s = state(CHESS);
    press(&mut s, "X");
    act(
        &mut s,
        Action::Paste("  FEN: 4k3/8/8/8/8/8/8/4K3 b - - 0 1\r\n".into()),
    );
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(s.notice, Some(Notice::Pasted));
    assert_eq!(s.focus, Focus::Board);
    press(&mut s, "u");
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/8 w KQkq - 0 1".replace("KQkq", "-"));
    press(&mut s, "u");
    assert_eq!(s.fen(), CHESS);
}

#[test]
fn paste_of_popeye_text_loads_its_position_and_offers_its_stipulation() {
    let mut s = state(CHESS);
    act(
        &mut s,
        Action::Paste("pieces white kc8 qd1 black ka8 pa7\nstipulation h#2\n".into()),
    );
    assert_eq!(s.fen(), "k1K5/p7/8/8/8/8/8/3Q4 b - - 0 1");
    assert_eq!(s.notice, Some(Notice::PopeyePasted(Some("h#2".into()))));
    assert_eq!(s.last_stipulation.as_deref(), Some("h#2"));
    press(&mut s, "u");
    assert_eq!(s.fen(), CHESS);
    let mut bare = state(CHESS);
    act(
        &mut bare,
        Action::Paste("Steine Weiss Kc8 Schwarz Ka8".into()),
    );
    assert_eq!(bare.fen(), "k1K5/8/8/8/8/8/8/8 w - - 0 1");
    let mut begun = state(CHESS);
    act(
        &mut begun,
        Action::Paste("beginproblem pieces white kc8 black ka8 stip #2 end".into()),
    );
    assert_eq!(begun.fen(), "k1K5/8/8/8/8/8/8/8 w - - 0 1");
}

#[test]
fn paste_of_fairy_popeye_text_says_why_and_changes_nothing() {
    let mut s = state(CHESS);
    act(
        &mut s,
        Action::Paste("pieces white kc8 lea1 black ka8 stipulation #2".into()),
    );
    assert_eq!(s.fen(), CHESS);
    assert!(
        matches!(&s.notice, Some(Notice::PopeyeNotRead(why)) if why.contains("'le'")),
        "{:?}",
        s.notice
    );
}

#[test]
fn paste_of_a_xiangqi_fen_switches_the_game() {
    let mut s = state(CHESS);
    act(&mut s, Action::Paste(XIANGQI.into()));
    assert_eq!(s.position.game, Game::Xiangqi);
    assert_eq!(s.fen(), XIANGQI);
}

#[test]
fn paste_that_does_not_read_opens_in_the_fen_line_and_loses_nothing() {
    let mut s = state(CHESS);
    press(&mut s, "ge1 x");
    let before = s.position;
    act(&mut s, Action::Paste("rnbqkbnr/ppppXppp/8 w".into()));
    assert_eq!(s.position, before, "the position is untouched");
    assert_eq!(s.focus, Focus::FenLine);
    assert_eq!(s.fen_line_text(), "rnbqkbnr/ppppXppp/8 w");
    assert!(s.fen_line.editing);
    assert!(s.diagnostics.iter().any(|d| d.is_error()));
    assert_eq!(s.notice, Some(Notice::PasteHasErrors));
    press(&mut s, "<Esc>");
    assert_eq!(s.position, before);
    assert_eq!(s.focus, Focus::Board);
    press(&mut s, "u");
    assert_eq!(s.fen(), CHESS, "the history survived the failed paste");
}

#[test]
fn paste_of_binary_junk_and_empty_text_never_panics() {
    let mut s = state(CHESS);
    act(&mut s, Action::Paste("  \n\t ".into()));
    assert_eq!(s.notice, Some(Notice::PasteEmpty));
    assert_eq!(s.fen(), CHESS);
    let junk: String = (0u32..512).filter_map(char::from_u32).collect();
    act(&mut s, Action::Paste(junk));
    assert_eq!(s.position, state(CHESS).position);
    assert!(!s.fen_line_text().chars().any(|c| c.is_control()));
    press(&mut s, "<End> <BS> <Home> <Del> <Enter> <Esc>");
    assert_eq!(s.fen(), CHESS);
}

#[test]
fn paste_into_the_fen_line_inserts_at_the_cursor() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home>");
    act(&mut s, Action::Paste("4k3/8/8/8/8/8/8/4K3 ".into()));
    press(&mut s, "<C-u>");
    // Ctrl-U removed the pasted part again: the rest is the old FEN.
    assert_eq!(s.fen_line_text(), EMPTY);
    act(&mut s, Action::Paste("8/".into()));
    assert!(s.fen_line.editing);
    assert!(s.fen_line.preview.is_none(), "nine ranks do not read");
}

#[test]
fn megabytes_of_fen_line_text_are_handled() {
    let mut s = state(CHESS);
    let big = "p".repeat(2_000_000);
    act(&mut s, Action::Paste(big.clone()));
    assert_eq!(s.focus, Focus::FenLine);
    press(&mut s, "<BS> x <Home> <Del> <Enter>");
    assert_eq!(s.notice, Some(Notice::FenLineHasErrors));
    assert_eq!(s.fen_line.len(), big.len() - 1);
    press(&mut s, "<Esc>");
    assert_eq!(s.fen(), CHESS);
}

// ---- Focus, FEN line, help ------------------------------------------------------------

#[test]
fn tab_and_shift_tab_cycle_the_focus() {
    let mut s = state(CHESS);
    press(&mut s, "<Tab>");
    assert_eq!(s.focus, Focus::Fields);
    press(&mut s, "<Tab>");
    assert_eq!(s.focus, Focus::FenLine);
    press(&mut s, "<Tab>");
    assert_eq!(s.focus, Focus::Board);
    press(&mut s, "<BackTab>");
    assert_eq!(s.focus, Focus::FenLine);
    press(&mut s, "<BackTab> <BackTab>");
    assert_eq!(s.focus, Focus::Board);
}

#[test]
fn slash_edits_the_fen_line() {
    let mut s = state(CHESS);
    press(&mut s, "/");
    assert_eq!(s.focus, Focus::FenLine);
    assert_eq!(s.fen_line.cursor, CHESS.len());
}

#[test]
fn fen_line_previews_while_it_reads_and_marks_the_error_otherwise() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home> <Del> K 7");
    assert!(s.fen_line.editing);
    assert_eq!(
        s.shown_position().board.get(Square::new(0, 7)),
        Some(white(Role::King))
    );
    assert_eq!(
        s.position.board.get(Square::new(0, 7)),
        None,
        "not applied yet"
    );
    press(&mut s, "<Del> <Del> 9");
    assert!(s.fen_line.preview.is_none());
    assert!(s.fen_line_error_span().is_some() || s.diagnostics.iter().any(|d| d.is_error()));
    assert!(s.status.is_none());
    press(&mut s, "<Enter>");
    assert_eq!(s.notice, Some(Notice::FenLineHasErrors));
    assert_eq!(s.focus, Focus::FenLine);
    press(&mut s, "<Tab>");
    assert_eq!(s.focus, Focus::FenLine, "a broken text is not left by Tab");
}

#[test]
fn fen_line_enter_applies_as_one_step_and_esc_restores() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home> <Del> K 7 <Enter>");
    assert_eq!(s.fen(), "K7/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(s.focus, Focus::Board);
    assert_eq!(s.history.undo_len(), 1);
    press(&mut s, "/ <BS> <BS> <Esc>");
    assert_eq!(s.fen_line_text(), "K7/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(s.focus, Focus::Board);
    assert_eq!(s.history.undo_len(), 1);
}

#[test]
fn fen_line_tab_applies_a_text_that_reads() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home> <Del> k 7 <Tab>");
    assert_eq!(s.fen(), "k7/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(s.focus, Focus::Board);
}

#[test]
fn fen_line_line_editing_keys() {
    let mut s = state(EMPTY);
    press(
        &mut s,
        "/ <Left> <Left> <BS> <Home> <Right> <Del> <End> <C-a> <C-e>",
    );
    assert_eq!(s.fen_line_text(), "88/8/8/8/8/8/8 w - -  1");
    assert_eq!(s.fen_line.cursor, s.fen_line.len());
}

#[test]
fn question_mark_and_f1_toggle_help() {
    for key in ["?", "<F1>"] {
        let mut s = state(CHESS);
        press(&mut s, key);
        assert_eq!(s.overlay, Some(Overlay::Help));
        press(&mut s, "X");
        assert_eq!(s.fen(), CHESS, "keys do not reach the board under the help");
        press(&mut s, key);
        assert_eq!(s.overlay, None);
    }
    let mut s = state(CHESS);
    press(&mut s, "? <Esc>");
    assert_eq!(s.overlay, None);
}

#[test]
fn esc_returns_focus_to_the_board() {
    let mut s = state(CHESS);
    press(&mut s, "<Tab> <Esc>");
    assert_eq!(s.focus, Focus::Board);
}

#[test]
fn unbound_keys_say_so_and_change_nothing() {
    let mut s = state(CHESS);
    press(&mut s, "<F5>");
    assert_eq!(s.notice, Some(Notice::Unbound("F5".into())));
    press(&mut s, "z");
    assert_eq!(s.notice, Some(Notice::Unbound("z".into())));
    assert_eq!(s.fen(), CHESS);
    assert_eq!(s.history.undo_len(), 0);
}

// ---- Fields panel -----------------------------------------------------------------------

#[test]
fn panel_arrows_choose_the_field_and_wrap() {
    let mut s = state(CHESS);
    press(&mut s, "<Tab>");
    assert_eq!(s.field, Field::Side);
    press(&mut s, "<Up>");
    assert_eq!(s.field, Field::Placement);
    press(&mut s, "<Up>");
    assert_eq!(s.field, Field::Fullmove);
    press(&mut s, "<Down> <Down> <Down>");
    assert_eq!(s.field, Field::Castling);
    assert_eq!(s.focused_field_span(), s.field_span(Field::Castling));
    assert_eq!(s.focused_field_span(), Some(46..50));
}

#[test]
fn panel_side_changes_with_space_enter_and_arrows() {
    for key in ["<Space>", "<Enter>", "<Left>", "<Right>"] {
        assert_eq!(
            run(CHESS, &format!("<Tab> {key}")),
            CHESS.replace(" w ", " b "),
            "{key}"
        );
    }
}

#[test]
fn panel_castling_letters_toggle_only_possible_rights() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
    assert_eq!(run(start, "<Tab> K"), "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1");
    assert_eq!(
        run(start, "<Tab> K Q k q"),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
    assert_eq!(
        run(start, "<Tab> K Q k q Q k"),
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"
    );
    let mut s = state("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    press(&mut s, "<Tab> Q k");
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(
        s.notice,
        Some(Notice::CastlingImpossible(Color::Black, CastlingSide::King))
    );
    assert!(s.castling_offered(Color::White, CastlingSide::King));
    assert!(!s.castling_offered(Color::White, CastlingSide::Queen));
    assert!(!s.castling_offered(Color::Black, CastlingSide::King));
    // King and rooks where only Chess960 castles: the notice says how to get there.
    let mut s = state("rk5r/8/8/8/8/8/8/RK5R w - - 0 1");
    press(&mut s, "<Tab> K");
    assert_eq!(
        s.notice,
        Some(Notice::CastlingNeedsChess960(
            Color::White,
            CastlingSide::King
        ))
    );
    press(&mut s, "<Down> <Space> K");
    assert_eq!(s.game(), Game::Chess960);
    assert!(s.fen().contains(" K - "), "{}", s.fen());
    let mut x = state(XIANGQI);
    press(&mut x, "<Tab> K");
    assert_eq!(x.notice, Some(Notice::NotInXiangqi));
}

#[test]
fn a_right_the_board_makes_impossible_is_dropped() {
    assert_eq!(
        run(CHESS, "gh1 x"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"
    );
    // Putting the rook back does not bring the right back (only clear/initial follow the board).
    assert_eq!(
        run(CHESS, "gh1 x R"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1"
    );
}

#[test]
fn chess960_castling_uses_rook_files() {
    let mut s = State::from_fen(
        "4k3/8/8/8/8/8/8/1R2K1R1 w - - 0 1",
        Some(Game::Chess960),
        opts(),
    );
    press(&mut s, "<Tab> K Q");
    assert!(s.position.castling.has(Color::White, 6));
    assert!(s.position.castling.has(Color::White, 1));
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1");
    act(&mut s, Action::ToggleCastlingFile(Color::White, 6));
    assert!(!s.position.castling.has(Color::White, 6));
    act(&mut s, Action::ToggleCastlingFile(Color::White, 5));
    assert!(matches!(s.notice, Some(Notice::CastlingImpossible(..))));
}

#[test]
fn chess960_castling_letter_steps_inward_through_the_rooks() {
    let mut s = State::from_fen(
        "4k3/8/8/8/8/8/8/R1R1K1RR w - - 0 1",
        Some(Game::Chess960),
        opts(),
    );
    press(&mut s, "<Tab>");
    let mut seen = Vec::new();
    for _ in 0..4 {
        press(&mut s, "K");
        seen.push(s.position.castling.files(Color::White).collect::<Vec<_>>());
    }
    assert_eq!(seen, vec![vec![7], vec![6], vec![], vec![7]]);
    press(&mut s, "Q Q");
    assert_eq!(
        s.position.castling.files(Color::White).collect::<Vec<_>>(),
        vec![2, 7]
    );
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/R1R1K1RR w KC - 0 1");
}

#[test]
fn panel_space_on_castling_switches_chess960_castling() {
    let mut s = state(CHESS);
    press(&mut s, "<Tab> <Down> <Space>");
    assert_eq!(s.position.game, Game::Chess960);
    assert_eq!(s.fen(), CHESS);
    press(&mut s, "<Enter>");
    assert_eq!(s.position.game, Game::Chess);
}

#[test]
fn panel_ep_cycles_through_plausible_squares() {
    let fen = "4k3/8/8/2PpPp2/8/8/8/4K3 w - - 0 1";
    let mut s = state(fen);
    press(&mut s, "<Tab> <Down> <Down>");
    assert_eq!(s.field, Field::EnPassant);
    let mut seen = Vec::new();
    for _ in 0..3 {
        press(&mut s, "<Right>");
        seen.push(s.position.ep.map(|e| e.name(Game::Chess).to_string()));
    }
    assert_eq!(seen, vec![Some("d6".into()), Some("f6".into()), None]);
    press(&mut s, "<Left>");
    assert_eq!(s.position.ep, Some(sq("f6", Game::Chess)));
    let mut none = state(EMPTY);
    press(&mut none, "<Tab> <Down> <Down> <Right>");
    assert_eq!(none.notice, Some(Notice::NoEpCandidates));
    assert_eq!(none.position.ep, None);
}

#[test]
fn panel_clocks_take_digits_backspace_plus_minus() {
    let mut s = state(EMPTY);
    press(&mut s, "<Tab> <Down> <Down> <Down> 4 2");
    assert_eq!(s.position.halfmove, 42);
    press(&mut s, "<BS>");
    assert_eq!(s.position.halfmove, 4);
    press(&mut s, "<BS> 7");
    assert_eq!(
        s.position.halfmove, 7,
        "emptied, the next digit starts afresh"
    );
    press(&mut s, "+ + -");
    assert_eq!(s.position.halfmove, 8);
    press(&mut s, "<Down> - <BS> 9 9 9 9 9 9");
    assert_eq!(
        s.position.fullmove, 99_999,
        "digits past the limit are ignored"
    );
    press(&mut s, "<BS> <BS> <BS> <BS> <BS> -");
    assert_eq!(
        s.position.fullmove, 1,
        "the fullmove number stays at least 1"
    );
    let mut other = state(EMPTY);
    press(&mut other, "<Tab> 5");
    assert_eq!(other.fen(), EMPTY, "digits only edit the clocks");
}

#[test]
fn panel_enter_on_placement_returns_to_the_board() {
    let mut s = state(CHESS);
    press(&mut s, "<Tab> <Up> <Enter>");
    assert_eq!(s.focus, Focus::Board);
}

// ---- Mouse -------------------------------------------------------------------------------

#[test]
fn click_places_the_brush() {
    let mut s = state(EMPTY);
    let a = Square::new(2, 2);
    act(&mut s, Action::MouseDown(a));
    act(&mut s, Action::MouseUp(Some(a)));
    assert_eq!(
        s.fen(),
        EMPTY,
        "no brush yet: a click only moves the cursor"
    );
    assert_eq!(s.cursor, a);
    press(&mut s, "Q");
    let b = Square::new(5, 5);
    act(&mut s, Action::MouseDown(b));
    act(&mut s, Action::MouseUp(Some(b)));
    assert_eq!(s.fen(), "8/8/5Q2/8/8/2Q5/8/8 w - - 0 1");
}

#[test]
fn drag_moves_and_drag_off_the_board_deletes() {
    let mut s = state(CHESS);
    act(&mut s, Action::MouseDown(sq("e2", Game::Chess)));
    act(&mut s, Action::MouseUp(Some(sq("e4", Game::Chess))));
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
    act(&mut s, Action::MouseDown(sq("e4", Game::Chess)));
    act(&mut s, Action::MouseUp(None));
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
    act(&mut s, Action::MouseUp(Some(sq("e4", Game::Chess))));
    assert_eq!(
        s.history.undo_len(),
        2,
        "a release without a press does nothing"
    );
}

#[test]
fn a_click_on_the_board_leaves_the_fen_line_without_losing_its_text() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home> <Del> K");
    let text = s.fen_line_text().to_owned();
    act(&mut s, Action::MouseDown(Square::new(3, 3)));
    act(&mut s, Action::MouseUp(None));
    act(&mut s, Action::RightClick(Square::new(3, 3)));
    assert_eq!(s.fen_line_text(), text, "a text that does not read stays");
    assert_eq!(s.focus, Focus::FenLine);
    assert_eq!(s.notice, Some(Notice::FenLineHasErrors));
    press(&mut s, "7");
    act(&mut s, Action::MouseDown(Square::new(0, 7)));
    assert_eq!(s.focus, Focus::Board);
    assert_eq!(
        s.fen(),
        "K7/8/8/8/8/8/8/8 w - - 0 1",
        "a text that reads is applied"
    );
    act(&mut s, Action::MouseUp(None));
    assert_eq!(
        s.fen(),
        EMPTY,
        "then the drag off the board deletes the king"
    );
}

#[test]
fn right_click_empties() {
    let mut s = state(XIANGQI);
    act(&mut s, Action::RightClick(sq("e0", Game::Xiangqi)));
    assert_eq!(s.position.board.get(sq("e0", Game::Xiangqi)), None);
}

#[test]
fn click_on_a_field_selects_and_toggles_it() {
    let mut s = state(CHESS);
    act(&mut s, Action::ClickField(Field::Side));
    assert_eq!((s.focus, s.field), (Focus::Fields, Field::Side));
    assert_eq!(s.position.turn, Color::Black);
    act(&mut s, Action::ClickField(Field::Halfmove));
    assert_eq!(s.field, Field::Halfmove);
    // A field out of range cannot be named: `Field` has only the six.
}

// ---- Collections, save, quit ------------------------------------------------------------

fn collection(text: &str) -> State {
    let c = Collection::from_bytes(Some("test.fen".into()), text.as_bytes());
    State::with_collection(c, None, opts())
}

const THREE: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnot a fen\n4k3/8/8/8/8/8/8/4KQ2 w - - 0 1\n";

#[test]
fn brackets_move_between_records_writing_back_only_changes() {
    let first_broken = collection("junk\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    assert_eq!(first_broken.notice, Some(Notice::RecordHasErrors(0)));
    assert_eq!(first_broken.fen_line_text(), "junk");
    let mut s = collection(THREE);
    assert_eq!(s.record_label(), Some((1, 3)));
    press(&mut s, "[");
    assert_eq!(s.notice, Some(Notice::FirstRecord));
    press(&mut s, "]");
    assert_eq!(s.record, 1);
    assert_eq!(
        s.fen_line_text(),
        "not a fen",
        "its text is in the FEN line"
    );
    assert_eq!(s.notice, Some(Notice::RecordHasErrors(1)));
    assert_eq!(s.focus, Focus::Board, "the focus stays: ] moves on");
    press(&mut s, "]");
    assert_eq!(s.record, 2);
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1");
    press(&mut s, "[ /");
    assert_eq!((s.record, s.focus), (1, Focus::FenLine), "/ edits it");
    assert_eq!(s.fen_line_text(), "not a fen");
    press(&mut s, "<Esc> ]");
    assert_eq!(s.record, 2);
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1");
    press(&mut s, "]");
    assert_eq!(s.notice, Some(Notice::LastRecord));
    assert!(!s.is_modified(), "visiting changes nothing");
    assert_eq!(s.collection.as_ref().unwrap().fen(1), "not a fen");
    press(&mut s, "gf1 x [");
    assert_eq!(
        s.collection.as_ref().unwrap().fen(2),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert!(s.is_modified());
}

#[test]
fn epd_records_do_not_warn_about_their_missing_clocks() {
    let codes =
        |s: &State| -> Vec<&str> { s.diagnostics.iter().map(|d| d.code.as_str()).collect() };
    let text = "4k3/8/8/8/8/8/8/4K3 w - - id \"one\";\n4k3/8/8/8/8/8/8/3QK3 w - - bm Qd8+; id \"two\";\n4k3/8/8/8/8/8/8/4K3 w -\n";
    let c = Collection::from_bytes(Some("test.epd".into()), text.as_bytes());
    let mut s = State::with_collection(c, None, opts());
    assert!(!codes(&s).contains(&"missing_fields"), "{:?}", codes(&s));
    press(&mut s, "]");
    assert_eq!(s.record_id(), Some("two"));
    assert!(!codes(&s).contains(&"missing_fields"), "{:?}", codes(&s));
    press(&mut s, "]");
    assert!(
        codes(&s).contains(&"missing_fields"),
        "a record that is not EPD still warns: {:?}",
        codes(&s)
    );
    let fen_file = collection("4k3/8/8/8/8/8/8/4K3 w -\n");
    assert!(codes(&fen_file).contains(&"missing_fields"));
}

#[test]
fn plus_adds_a_record_after_this_one() {
    let mut s = collection(THREE);
    press(&mut s, "+");
    assert_eq!(s.record_label(), Some((2, 4)));
    assert_eq!(
        s.collection.as_ref().unwrap().fen(1),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    assert!(s.is_modified());
    let mut plain = state(CHESS);
    press(&mut plain, "+ ] [ D");
    assert_eq!(plain.notice, Some(Notice::NoCollection));
}

#[test]
fn plus_keeps_the_operations_of_the_record_it_copies() {
    let mut s = collection(
        "4k3/8/8/8/8/8/8/R3K3 w - - c0 \"A. Composer, 1999\"; stip \"#1\"; id \"one; two\";\n",
    );
    press(&mut s, "+");
    let c = s.collection.as_ref().unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(c.operand(1, "c0"), Some("A. Composer, 1999"));
    assert_eq!(c.operand(1, "stip"), Some("#1"));
    assert_eq!(c.operand(1, "id"), Some("one; two"));
    assert_eq!(c.fen(1), c.fen(0));
}

#[test]
fn d_deletes_after_asking() {
    let mut s = collection(THREE);
    press(&mut s, "D");
    assert_eq!(s.overlay, Some(Overlay::ConfirmDelete));
    press(&mut s, "n");
    assert_eq!(s.collection.as_ref().unwrap().len(), 3);
    press(&mut s, "D <Esc>");
    assert_eq!(s.collection.as_ref().unwrap().len(), 3);
    press(&mut s, "] <Esc> D y");
    assert_eq!(s.collection.as_ref().unwrap().len(), 2);
    assert_eq!(s.record, 1);
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1");
    assert_eq!(s.notice, Some(Notice::RecordDeleted(1)));
}

#[test]
fn ctrl_s_saves_after_writing_back() {
    let mut s = collection(THREE);
    press(&mut s, "ge1 x");
    assert_eq!(press(&mut s, "<C-s>"), vec![Effect::Save]);
    assert_eq!(
        s.collection.as_ref().unwrap().fen(0),
        "4k3/8/8/8/8/8/8/8 w - - 0 1"
    );
    act(&mut s, Action::SaveDone(Err("disk full".into())));
    assert_eq!(s.notice, Some(Notice::SaveFailed("disk full".into())));
    let mut plain = state(CHESS);
    assert_eq!(press(&mut plain, "<C-s>"), vec![]);
    assert_eq!(plain.notice, Some(Notice::NoCollection));
}

#[test]
fn ctrl_q_quits_printing_the_fen() {
    let mut s = state(CHESS);
    press(&mut s, "X");
    assert_eq!(press(&mut s, "<C-q>"), vec![Effect::Quit(run(CHESS, "X"))]);
}

#[test]
fn ctrl_q_in_the_fen_line_quits_with_the_text_when_it_reads() {
    let mut s = state(EMPTY);
    press(&mut s, "/ <Home> <Del> K 7");
    assert_eq!(
        press(&mut s, "<C-q>"),
        vec![Effect::Quit("K7/8/8/8/8/8/8/8 w - - 0 1".into())]
    );
}

#[test]
fn ctrl_q_on_text_that_does_not_read_never_prints_an_unseen_position() {
    let mut broken = state(EMPTY);
    press(&mut broken, "/ <Home> <Del> K");
    assert_eq!(press(&mut broken, "<C-q>"), vec![], "it asks first");
    assert_eq!(broken.overlay, Some(Overlay::QuitUnread));
    assert_eq!(press(&mut broken, "c"), vec![]);
    assert_eq!(broken.overlay, None);
    assert_eq!(
        broken.fen_line_text(),
        "K/8/8/8/8/8/8/8 w - - 0 1",
        "text kept"
    );
    press(&mut broken, "<C-q>");
    assert_eq!(press(&mut broken, "<Esc>"), vec![]);
    assert_eq!(broken.overlay, None);
    press(&mut broken, "<C-q>");
    assert_eq!(press(&mut broken, "q"), vec![Effect::QuitUnread]);
    // Ctrl-Q twice does it too.
    let mut s = State::from_fen("not a fen", None, opts());
    assert_eq!(press(&mut s, "<C-q> <C-q>"), vec![Effect::QuitUnread]);
}

#[test]
fn ctrl_q_on_a_record_that_does_not_read_prints_nothing() {
    let mut s = collection(THREE);
    press(&mut s, "]");
    assert!(s.fen_line_unread());
    assert_eq!(press(&mut s, "<C-q> q"), vec![Effect::QuitUnread]);
    // With unsaved changes elsewhere: first that question, then the save, then no FEN.
    let mut s = collection(THREE);
    press(&mut s, "t ]");
    assert_eq!(press(&mut s, "<C-q> q"), vec![]);
    assert_eq!(s.overlay, Some(Overlay::ConfirmQuit));
    assert_eq!(press(&mut s, "s"), vec![Effect::Save]);
    assert_eq!(
        act(&mut s, Action::SaveDone(Ok(()))),
        vec![Effect::QuitUnread]
    );
    let mut s = collection(THREE);
    press(&mut s, "t ]");
    assert_eq!(press(&mut s, "<C-q> q d"), vec![Effect::QuitUnread]);
}

#[test]
fn plus_on_a_clock_stops_at_the_cap_typing_has() {
    let max = fields::CLOCK_MAX;
    let fen = |h: u32, f: u32| format!("4k3/8/8/8/8/8/8/4K3 w - - {h} {f}");
    // Field 5 (halfmove), then field 6 (fullmove).
    let mut s = state(&fen(u32::MAX, u32::MAX));
    press(&mut s, "<Tab> <Down> <Down> <Down> +");
    assert_eq!(s.fen(), fen(u32::MAX, u32::MAX), "no wrap to 0");
    assert_eq!(s.notice, Some(Notice::ClockAtMax(max)));
    press(&mut s, "<Down> +");
    assert_eq!(s.fen(), fen(u32::MAX, u32::MAX), "no wrap to 1");
    assert_eq!(s.notice, Some(Notice::ClockAtMax(max)));
    let mut s = state(&fen(max - 1, max));
    press(&mut s, "<Tab> <Down> <Down> <Down> + +");
    assert_eq!(s.fen(), fen(max, max));
    assert_eq!(s.notice, Some(Notice::ClockAtMax(max)));
    press(&mut s, "-");
    assert_eq!(s.fen(), fen(max - 1, max));
    assert_eq!(s.notice, None);
}

#[test]
fn chess960_url_uses_the_variant_path() {
    let mut s = State::from_fen(CHESS, Some(Game::Chess960), opts());
    assert!(matches!(
        &press(&mut s, "Y")[..],
        [Effect::CopyUrl(url)] if url.starts_with("https://lichess.org/analysis/chess960/rnbqkbnr/")
    ));
}

#[test]
fn ctrl_q_asks_when_the_collection_is_unsaved() {
    let mut s = collection(THREE);
    press(&mut s, "x");
    assert_eq!(press(&mut s, "<C-q>"), vec![]);
    assert_eq!(s.overlay, Some(Overlay::ConfirmQuit));
    assert_eq!(press(&mut s, "c"), vec![]);
    assert_eq!(s.overlay, None);
    press(&mut s, "<C-q>");
    assert_eq!(press(&mut s, "s"), vec![Effect::Save]);
    let fen = s.fen().to_owned();
    assert_eq!(
        act(&mut s, Action::SaveDone(Ok(()))),
        vec![Effect::Quit(fen.clone())]
    );
    press(&mut s, "<C-q>");
    assert_eq!(press(&mut s, "d"), vec![Effect::Quit(fen)]);
}

#[test]
fn a_file_changed_on_disk_asks_overwrite_reload_or_cancel() {
    let mut s = collection(THREE);
    press(&mut s, "t");
    assert_eq!(press(&mut s, "<C-s>"), vec![Effect::Save]);
    assert_eq!(act(&mut s, Action::ChangedOnDisk), vec![]);
    assert_eq!(s.overlay, Some(Overlay::ChangedOnDisk));
    assert_eq!(press(&mut s, "c"), vec![]);
    assert_eq!(
        (s.overlay.clone(), s.notice.clone()),
        (None, Some(Notice::NotSaved))
    );
    assert!(s.is_modified(), "cancel keeps the edits");
    press(&mut s, "<C-s>");
    act(&mut s, Action::ChangedOnDisk);
    assert_eq!(press(&mut s, "<Esc>"), vec![]);
    assert_eq!(s.notice, Some(Notice::NotSaved));
    press(&mut s, "<C-s>");
    act(&mut s, Action::ChangedOnDisk);
    assert_eq!(press(&mut s, "o"), vec![Effect::SaveOver]);
    assert_eq!(act(&mut s, Action::SaveDone(Ok(()))), vec![]);
    press(&mut s, "<C-s>");
    act(&mut s, Action::ChangedOnDisk);
    assert_eq!(press(&mut s, "r"), vec![Effect::Reload]);
    assert_eq!(s.overlay, None);
    // Piece letters mean nothing in the question.
    press(&mut s, "<C-s>");
    act(&mut s, Action::ChangedOnDisk);
    let before = s.fen().to_owned();
    press(&mut s, "K Q");
    assert_eq!(
        (s.fen(), s.overlay.clone()),
        (before.as_str(), Some(Overlay::ChangedOnDisk))
    );
}

#[test]
fn the_quit_save_meets_a_changed_file_too() {
    let mut s = collection(THREE);
    press(&mut s, "t <C-q>");
    assert_eq!(press(&mut s, "s"), vec![Effect::Save]);
    assert_eq!(act(&mut s, Action::ChangedOnDisk), vec![], "no quit yet");
    assert_eq!(s.overlay, Some(Overlay::ChangedOnDisk));
    assert_eq!(press(&mut s, "o"), vec![Effect::SaveOver]);
    let fen = s.position_fen();
    assert_eq!(
        act(&mut s, Action::SaveDone(Ok(()))),
        vec![Effect::Quit(fen)],
        "overwritten, then quit"
    );
    // Reload or cancel: no quit.
    for answer in ["r", "c"] {
        let mut s = collection(THREE);
        press(&mut s, "t <C-q> s");
        act(&mut s, Action::ChangedOnDisk);
        press(&mut s, answer);
        assert!(!s.quit_after_save, "{answer}");
        assert_eq!(act(&mut s, Action::SaveDone(Ok(()))), vec![], "{answer}");
    }
}

#[test]
fn a_reload_opens_the_same_record_of_the_new_file() {
    let mut s = collection(THREE);
    press(&mut s, "] ] x");
    assert!(s.is_modified());
    // What the terminal runtime does for `Effect::Reload`: the file as it is on disk now, one record
    // shorter.
    s.collection = Some(Collection::from_bytes(
        Some("test.fen".into()),
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/K6k w - - 0 1\n",
    ));
    act(&mut s, Action::Reloaded(Ok(())));
    assert_eq!(s.record, 1, "the last record, the file being shorter");
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    assert!(!s.is_modified(), "the edits are dropped");
    assert_eq!(s.notice, Some(Notice::Reloaded));
    act(&mut s, Action::Reloaded(Err("gone".into())));
    assert_eq!(s.notice, Some(Notice::ReloadFailed("gone".into())));
}

#[test]
fn only_leaving_saving_and_answers_work_unseen() {
    for unseen in [
        Action::Quit,
        Action::Abort,
        Action::Save,
        Action::Escape,
        Action::Answer(Answer::Cancel),
    ] {
        assert!(unseen.works_unseen(), "{unseen:?}");
    }
    for edit in [
        Action::Put(Piece::new(Color::White, Role::Queen)),
        Action::Clear,
        Action::ToggleSide,
        Action::Undo,
        Action::NextRecord,
        Action::Paste("8/8/8/8/8/8/8/8 w - - 0 1".into()),
        Action::DeleteRecord,
        Action::ToggleHelp,
    ] {
        assert!(!edit.works_unseen(), "{edit:?}");
    }
}

#[test]
fn failed_save_does_not_quit() {
    let mut s = collection(THREE);
    press(&mut s, "x <C-q> s");
    assert_eq!(
        act(&mut s, Action::SaveDone(Err("read-only".into()))),
        vec![]
    );
    assert!(!s.quit_after_save);
}

#[test]
fn ctrl_c_aborts_everywhere() {
    for keys in ["", "?", "/", "<Tab>", "g"] {
        let mut s = state(CHESS);
        press(&mut s, keys);
        assert_eq!(press(&mut s, "<C-c>"), vec![Effect::Abort], "{keys}");
    }
}

#[test]
fn notify_shows_the_shells_message() {
    let mut s = state(CHESS);
    press(&mut s, "ge");
    act(&mut s, Action::Notify(Notice::Copied("xclip".into())));
    press(&mut s, "4");
    assert_eq!(
        s.cursor,
        sq("e4", Game::Chess),
        "a report does not cancel the square jump"
    );
    act(&mut s, Action::Notify(Notice::Copied("OSC 52".into())));
    assert_eq!(s.notice, Some(Notice::Copied("OSC 52".into())));
}

// ---- Caching -------------------------------------------------------------------------------

#[test]
fn derived_data_is_recomputed_once_per_change_never_on_cursor_moves() {
    let mut s = state(CHESS);
    let before = s.refreshes;
    press(&mut s, "<Up> <Right> <Down> <Left> f f gh8 ? ?");
    assert_eq!(
        s.refreshes, before,
        "cursor, view and overlay leave the cache alone"
    );
    press(&mut s, "Q");
    assert_eq!(s.refreshes, before + 1);
    press(&mut s, "Q");
    assert_eq!(s.refreshes, before + 1, "no change, no recomputation");
    press(&mut s, "u");
    assert_eq!(s.refreshes, before + 2);
}

#[test]
fn fen_line_cursor_moves_do_not_reread() {
    let mut s = state(CHESS);
    press(&mut s, "/ a");
    let before = s.refreshes;
    press(&mut s, "<Left> <Home> <End>");
    assert_eq!(s.refreshes, before);
}

#[test]
fn a_record_line_too_long_for_check_opens_with_line_too_long() {
    // A FEN padded past 16 KiB: `fenboard check` says line_too_long; so does the editor.
    let padded = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1{}", " ".repeat(16 * 1024));
    let s = collection(&format!("{padded}\n4k3/8/8/8/8/8/8/4KQ2 w - - 0 1\n"));
    assert_eq!(s.notice, Some(Notice::RecordHasErrors(0)));
    // The text is in the FEN line, but the focus stays where it was (`]` goes on moving).
    assert!(s.fen_line.editing);
    assert_eq!(s.focus, Focus::Board);
    let codes: Vec<crate::core::Code> = s.fen_line.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, [crate::core::Code::LineTooLong]);
}

#[test]
fn a_six_field_record_with_operations_opens_and_keeps_them() {
    let s = collection("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\n");
    assert_eq!(s.focus, Focus::Board);
    assert_eq!(s.record_operations(), Some(";D1 5 ;D2 25"));
    assert!(s.diagnostics.is_empty(), "{:?}", s.diagnostics);
}

#[test]
fn the_record_gives_the_stipulation_and_the_board_the_piece_count() {
    let c = Collection::from_bytes(
        Some("mates.epd".into()),
        b"kbK5/pp6/1P6/8/8/8/8/R7 w - - bm Ra6; dm 2;\n\
          4k3/8/8/8/8/8/8/4K2R w - - stip \"h#3\";\n\
          4k3/8/8/8/8/8/8/4K3 w - - dm x;\n",
    );
    let mut s = State::with_collection(c, None, opts());
    assert_eq!(s.stipulation().as_deref(), Some("#2"));
    assert_eq!(s.piece_count(), (3, 4));
    act(&mut s, Action::NextRecord);
    assert_eq!(s.stipulation().as_deref(), Some("h#3"));
    assert_eq!(s.piece_count(), (2, 1));
    act(&mut s, Action::NextRecord);
    assert_eq!(s.stipulation(), None, "dm needs a number");
    let s = state(XIANGQI);
    assert_eq!((s.stipulation(), s.piece_count()), (None, (16, 16)));
}

#[test]
fn a_record_that_does_not_read_keeps_its_text_until_a_real_edit_and_undo_brings_it_back() {
    let mut s = collection(THREE);
    press(&mut s, "]");
    assert_eq!(s.fen_line_text(), "not a fen");
    // Keys that change nothing on the stand-in board leave the text as it is.
    press(&mut s, "<Space> x <Right> <Esc>");
    assert_eq!(s.fen_line_text(), "not a fen");
    assert!(s.fen_line_unread());
    assert!(!s.is_modified());
    // A real edit replaces it; undo brings back the exact text, redo the edit again.
    press(&mut s, "K");
    assert_eq!(s.fen_line_text(), "8/8/8/8/8/8/8/1K6 w - - 0 1");
    assert!(s.is_modified());
    press(&mut s, "u");
    assert_eq!(s.fen_line_text(), "not a fen");
    assert!(s.fen_line_unread(), "its errors are shown again");
    assert!(!s.diagnostics.is_empty());
    assert!(!s.is_modified());
    press(&mut s, "U");
    assert_eq!(s.fen_line_text(), "8/8/8/8/8/8/8/1K6 w - - 0 1");
    press(&mut s, "u ] [");
    assert_eq!(s.collection.as_ref().unwrap().fen(1), "not a fen");
    assert_eq!(s.fen_line_text(), "not a fen");
    // Typing in the FEN line and leaving with Esc gives the record's text back.
    press(&mut s, "/ <BS> <BS> <Esc>");
    assert_eq!(s.fen_line_text(), "not a fen");
    // An explicit empty board typed over it is an edit, even though the board looks the same.
    press(&mut s, "/ <C-u>");
    for c in EMPTY.chars() {
        act(&mut s, Action::Line(LineEdit::Insert(c)));
    }
    press(&mut s, "<Enter>");
    assert_eq!(s.fen_line_text(), EMPTY);
    assert!(s.is_modified());
    press(&mut s, "u");
    assert_eq!(s.fen_line_text(), "not a fen");
}

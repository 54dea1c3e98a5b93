//! Tests of playback, play mode and the composers' transforms, through the real key table.

use super::tests::{press, state};
use super::update::start_playback;
use super::*;
use crate::core::moves::Refusal;
use crate::core::{Game, Position, Role, Square, fen};

const CHESS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XIANGQI: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn uci(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn notations(s: &State) -> Vec<String> {
    s.line
        .as_ref()
        .map(|l| l.plies.iter().map(|p| p.notation.clone()).collect())
        .unwrap_or_default()
}

fn sq(name: &str, game: Game) -> Square {
    Square::parse(name, game).unwrap()
}

fn refused(s: &State) -> Option<Refusal> {
    match &s.notice {
        Some(Notice::MoveRefused(why)) => Some(why.clone()),
        _ => None,
    }
}

// ---- Playback ---------------------------------------------------------------------------

#[test]
fn playback_steps_through_the_line_and_esc_returns_the_untouched_setup() {
    let mut s = state(CHESS);
    press(&mut s, "ge2 x"); // one edit, so that the history holds something
    let setup = s.position;
    let setup_fen = s.fen_line_text().to_owned();
    let history = s.history.clone();
    start_playback(&mut s, &uci(&["d2d4", "e7e5", "d4e5"]));
    assert_eq!(keys::Mode::of(&s), keys::Mode::Playback);
    assert_eq!(
        s.notice,
        Some(Notice::PlaybackStarted {
            moves: 3,
            dropped: 0
        })
    );
    assert_eq!(s.shown_position(), &setup);
    press(&mut s, "<Right>");
    assert_eq!(s.line.as_ref().unwrap().at, 1);
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP2PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        s.line.as_ref().unwrap().last_move(),
        Some((sq("d2", Game::Chess), sq("d4", Game::Chess)))
    );
    // The FEN line and the setup stay; the board follows the line.
    assert_eq!(s.fen_line_text(), setup_fen);
    assert_eq!(s.position, setup);
    press(&mut s, "<End>");
    assert_eq!(s.line.as_ref().unwrap().at, 3);
    press(&mut s, "<Right>");
    assert_eq!(s.notice, Some(Notice::LineEnd));
    press(&mut s, "<Left>");
    assert_eq!(s.line.as_ref().unwrap().at, 2);
    press(&mut s, "<Home>");
    assert_eq!(s.line.as_ref().unwrap().at, 0);
    press(&mut s, "<Left>");
    assert_eq!(s.notice, Some(Notice::LineStart));
    press(&mut s, "<End> <Esc>");
    assert!(s.line.is_none());
    assert_eq!(s.notice, Some(Notice::SetupBack));
    assert_eq!(s.position, setup);
    assert_eq!(s.fen(), fen::write(&setup));
    assert_eq!(s.fen_line_text(), setup_fen);
    assert_eq!(s.history, history);
    assert_eq!(keys::Mode::of(&s), keys::Mode::Board);
}

#[test]
fn playback_leaves_out_moves_that_are_not_legal_and_refuses_edits() {
    let mut s = state(CHESS);
    start_playback(&mut s, &uci(&["e2e4", "e2e4", "nonsense"]));
    assert_eq!(
        s.notice,
        Some(Notice::PlaybackStarted {
            moves: 1,
            dropped: 2
        })
    );
    // Edit keys mean nothing here; the paste and the mouse on the panel are refused.
    press(&mut s, "x X K");
    assert_eq!(s.position, Position::start(Game::Chess));
    for action in [
        Action::Paste("8/8/8/8/8/8/8/8 w - - 0 1".into()),
        Action::Undo,
        Action::ClickField(crate::core::fen::Field::Side),
        Action::NextRecord,
        Action::Shift(Direction::Up),
    ] {
        update(&mut s, action.clone());
        assert_eq!(s.notice, Some(Notice::LeaveLineFirst), "{action:?}");
        assert_eq!(s.position, Position::start(Game::Chess), "{action:?}");
        assert!(s.line.is_some());
    }
}

#[test]
fn m_in_playback_plays_on_from_the_move_shown() {
    let mut s = state(CHESS);
    start_playback(&mut s, &uci(&["e2e4", "e7e5", "g1f3"]));
    press(&mut s, "<Right> <Right> M");
    assert_eq!(keys::Mode::of(&s), keys::Mode::Play);
    press(&mut s, "gf1 <Enter> gc4 <Enter>");
    assert_eq!(notations(&s), ["e4", "e5", "Bc4"]);
    press(&mut s, "<Esc>");
    assert_eq!(s.position, Position::start(Game::Chess));
}

#[test]
fn playback_in_xiangqi_names_moves_in_wxf() {
    let mut s = state(XIANGQI);
    start_playback(&mut s, &uci(&["h2e2", "h9g7", "h0g2"]));
    assert_eq!(notations(&s), ["C2.5", "H8+7", "H2+3"]);
    press(&mut s, "<End>");
    assert_eq!(
        s.shown_position()
            .board
            .get(sq("g2", Game::Xiangqi))
            .map(|p| p.char()),
        Some('N')
    );
}

// ---- Play mode --------------------------------------------------------------------------

#[test]
fn play_mode_makes_moves_by_cursor_and_enter_and_names_them_in_san() {
    let mut s = state(CHESS);
    press(&mut s, "M");
    assert_eq!(s.notice, Some(Notice::PlayStarted));
    assert_eq!(keys::Mode::of(&s), keys::Mode::Play);
    press(&mut s, "ge2 <Enter>");
    assert_eq!(s.play_from, Some(sq("e2", Game::Chess)));
    press(
        &mut s,
        "ge4 <Enter> ge7 <Enter> ge5 <Enter> gd1 <Enter> gh5 <Enter>",
    );
    press(
        &mut s,
        "gb8 <Enter> gc6 <Enter> gf1 <Enter> gc4 <Enter> gg8 <Enter> gf6 <Enter>",
    );
    press(&mut s, "gh5 <Enter> gf7 <Enter>");
    assert_eq!(
        notations(&s),
        ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    );
    assert_eq!(s.status.map(|st| st.checkmate), Some(true));
    // The setup and its FEN line stay.
    assert_eq!(s.position, Position::start(Game::Chess));
    assert_eq!(s.fen_line_text(), CHESS);
}

#[test]
fn illegal_attempts_say_why() {
    let mut s = state("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    press(&mut s, "M gd4 <Enter>");
    assert_eq!(refused(&s), Some(Refusal::NoPiece(sq("d4", Game::Chess))));
    press(&mut s, "ge7 <Enter>");
    assert!(matches!(refused(&s), Some(Refusal::NotYourTurn(_))));
    press(&mut s, "ge2 <Enter> ge5 <Enter>");
    assert!(matches!(refused(&s), Some(Refusal::CannotGo(..))));
    // The knight stays chosen after a wrong target; the pinned knight may not move.
    assert_eq!(s.play_from, Some(sq("e2", Game::Chess)));
    press(&mut s, "gc3 <Enter>");
    assert!(matches!(refused(&s), Some(Refusal::LeavesInCheck(_))));
    assert!(notations(&s).is_empty());
    // An illegal position: play mode is refused, with its first error (the words are the
    // ui's: `ui::text` tests them).
    let mut bad = state("4k3/8/8/8/8/8/8/8 w - - 0 1");
    press(&mut bad, "M");
    let Some(Refusal::Illegal(error)) = refused(&bad) else {
        panic!("{:?}", bad.notice)
    };
    assert_eq!(error.code, crate::core::Code::MissingKing);
    assert!(bad.line.is_none());
}

#[test]
fn promotion_asks_the_piece_and_esc_cancels() {
    let mut s = state("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    press(&mut s, "M ge7 <Enter> ge8 <Enter>");
    assert_eq!(keys::Mode::of(&s), keys::Mode::Promotion);
    press(&mut s, "<Esc>");
    assert_eq!(keys::Mode::of(&s), keys::Mode::Play);
    assert!(notations(&s).is_empty());
    press(&mut s, "ge7 <Enter> ge8 <Enter> n");
    assert_eq!(notations(&s), ["e8=N"]);
    assert_eq!(
        s.shown_position()
            .board
            .get(sq("e8", Game::Chess))
            .map(|p| p.role),
        Some(Role::Knight)
    );
    press(&mut s, "u ge7 <Enter> ge8 <Enter> <Enter>");
    assert_eq!(notations(&s), ["e8=Q"]);
    // The prompt is answered even on a screen too small to show the board.
    assert!(Action::Promote(Role::Rook).works_unseen() && Action::CancelPromotion.works_unseen());
}

#[test]
fn take_back_and_esc_return_to_the_setup() {
    let mut s = state(CHESS);
    press(&mut s, "M u");
    assert_eq!(s.notice, Some(Notice::NothingToTakeBack));
    press(&mut s, "ge2 <Enter> ge4 <Enter> ge7 <Enter> ge5 <Enter>");
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::TookBack("e5".into())));
    assert_eq!(notations(&s), ["e4"]);
    press(&mut s, "<BS>");
    assert!(notations(&s).is_empty());
    assert_eq!(s.shown_position(), &Position::start(Game::Chess));
    press(&mut s, "ge2 <Enter> <Esc>");
    // Esc first lets the chosen piece go, then leaves.
    assert_eq!(s.notice, Some(Notice::ChoiceCancelled));
    assert!(s.line.is_some());
    press(&mut s, "<Esc>");
    assert!(s.line.is_none());
    assert_eq!(s.fen(), CHESS);
    press(&mut s, "u");
    assert_eq!(s.notice, Some(Notice::NothingToUndo));
}

#[test]
fn keeping_the_position_reached_is_one_undo_step() {
    let mut s = state(CHESS);
    press(
        &mut s,
        "M ge2 <Enter> ge4 <Enter> ge7 <Enter> ge5 <Enter> =",
    );
    assert_eq!(s.notice, Some(Notice::KeptAsSetup));
    assert!(s.line.is_none());
    let kept = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(s.position_fen(), kept);
    assert_eq!(s.fen_line_text(), kept);
    press(&mut s, "u");
    assert_eq!(s.position_fen(), CHESS);
    press(&mut s, "U");
    assert_eq!(s.position_fen(), kept);
}

#[test]
fn castling_onto_the_rook_shows_as_the_king_to_its_square() {
    let mut s = state("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    press(&mut s, "M ge1 <Enter> gh1 <Enter>");
    assert_eq!(notations(&s), ["O-O"]);
    let line = s.line.as_ref().unwrap();
    assert_eq!(line.plies[0].uci, "e1g1");
    assert_eq!(
        line.last_move(),
        Some((sq("e1", Game::Chess), sq("g1", Game::Chess)))
    );
    assert_eq!(s.cursor, sq("g1", Game::Chess));
}

#[test]
fn y_copies_the_moves_as_pgn_from_the_setup() {
    let mut s = state("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    let effects = press(
        &mut s,
        "M ge2 <Enter> ge4 <Enter> ge8 <Enter> gd7 <Enter> y",
    );
    assert_eq!(
        effects.last(),
        Some(&Effect::CopyPgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n".into()
        ))
    );
    let mut x = state(XIANGQI);
    let effects = press(&mut x, "M gh2 <Enter> ge2 <Enter> y");
    let Some(Effect::CopyPgn(pgn)) = effects.last() else {
        panic!("{effects:?}")
    };
    assert!(
        pgn.starts_with("[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \""),
        "{pgn}"
    );
    assert!(pgn.ends_with("1. C2.5 *\n"), "{pgn}");
}

#[test]
fn xiangqi_play_mode_moves_and_refusals() {
    let mut s = state(XIANGQI);
    press(&mut s, "M gh2 <Enter> ge2 <Enter>");
    assert_eq!(notations(&s), ["C2.5"]);
    press(&mut s, "gb9 <Enter> gb6 <Enter>");
    assert!(matches!(refused(&s), Some(Refusal::CannotGo(..))));
    // Black's general steps forward (towards Red); into the chariot's file it may not.
    let mut c = state("4k4/9/9/9/9/9/9/9/3R5/5K3 b - - 0 1");
    press(&mut c, "M ge9 <Enter> gd9 <Enter>");
    assert!(matches!(refused(&c), Some(Refusal::LeavesInCheck(_))));
    press(&mut c, "ge8 <Enter>");
    assert_eq!(notations(&c), ["K5+1"]);
}

#[test]
fn a_mouse_drag_plays_a_move() {
    let mut s = state(CHESS);
    press(&mut s, "M");
    update(&mut s, Action::MouseDown(sq("g1", Game::Chess)));
    update(&mut s, Action::MouseUp(Some(sq("f3", Game::Chess))));
    assert_eq!(notations(&s), ["Nf3"]);
    // A click, then a click on the target.
    update(&mut s, Action::MouseDown(sq("d7", Game::Chess)));
    update(&mut s, Action::MouseUp(Some(sq("d7", Game::Chess))));
    update(&mut s, Action::MouseDown(sq("d5", Game::Chess)));
    update(&mut s, Action::MouseUp(Some(sq("d5", Game::Chess))));
    assert_eq!(notations(&s), ["Nf3", "d5"]);
    // A right click does not edit the setup.
    update(&mut s, Action::RightClick(sq("a1", Game::Chess)));
    assert_eq!(s.position, Position::start(Game::Chess));
}

#[test]
fn the_engine_analyses_the_position_the_board_shows() {
    let mut s = state(CHESS);
    press(&mut s, "l M");
    let effects = press(&mut s, "ge2 <Enter> ge4 <Enter>");
    let Some(Effect::Analyse(Some(request))) = effects.last() else {
        panic!("{effects:?}")
    };
    assert_eq!(
        &*request.fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let effects = press(&mut s, "<Esc>");
    let Some(Effect::Analyse(Some(request))) = effects.last() else {
        panic!("{effects:?}")
    };
    assert_eq!(&*request.fen, CHESS);
}

/// Tries every from–to pair through play mode's Enter and counts the moves it plays: the
/// count of legal moves shakmaty (chess) and core's perft (xiangqi, checked against
/// Fairy-Stockfish) give.
fn moves_play_mode_accepts(text: &str, game: Option<Game>) -> usize {
    let mut s = State::from_fen(text, game, Options::default());
    update(&mut s, Action::PlayMode);
    let game = s.game();
    let mut played = 0;
    for from in Square::all(game) {
        for to in Square::all(game).filter(|&t| t != from) {
            update(&mut s, Action::SetCursor(from));
            update(&mut s, Action::PlaySelect);
            if s.play_from != Some(from) {
                continue;
            }
            update(&mut s, Action::SetCursor(to));
            update(&mut s, Action::PlaySelect);
            if s.overlay.is_some() {
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    update(&mut s, Action::Promote(role));
                    played += usize::from(!notations(&s).is_empty());
                    update(&mut s, Action::TakeBack);
                    update(&mut s, Action::SetCursor(from));
                    update(&mut s, Action::PlaySelect);
                    update(&mut s, Action::SetCursor(to));
                    update(&mut s, Action::PlaySelect);
                }
                update(&mut s, Action::CancelPromotion);
            } else if !notations(&s).is_empty() {
                played += 1;
                update(&mut s, Action::TakeBack);
            }
            s.play_from = None;
        }
    }
    played
}

#[test]
fn play_mode_accepts_exactly_the_legal_moves() {
    use shakmaty::{CastlingMode, Chess, Position as _, fen::Fen};
    for text in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let chess: Chess = Fen::from_ascii(text.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        // Castling counts once, though the king onto g1 and onto h1 both play it.
        let castles = chess.legal_moves().iter().filter(|m| m.is_castle()).count();
        assert_eq!(
            moves_play_mode_accepts(text, None),
            chess.legal_moves().len() + castles,
            "{text}"
        );
    }
    let start = Position::start(Game::Xiangqi);
    let expected = crate::core::xiangqi::Mailbox::new(&start).unwrap().perft(1) as usize;
    assert_eq!(expected, 44);
    assert_eq!(
        moves_play_mode_accepts(XIANGQI, Some(Game::Xiangqi)),
        expected
    );
}

// ---- Composers' transforms --------------------------------------------------------------

#[test]
fn shifts_move_the_whole_position_or_are_refused_and_undo() {
    let mut s = state("8/4k3/8/8/8/8/4K3/8 w - - 0 1");
    press(&mut s, "<S-Right>");
    assert_eq!(s.fen(), "8/5k2/8/8/8/8/5K2/8 w - - 0 1");
    press(&mut s, "<S-Up>");
    assert_eq!(s.fen(), "5k2/8/8/8/8/5K2/8/8 w - - 0 1");
    press(&mut s, "<S-Up>");
    assert_eq!(s.notice, Some(Notice::FallsOffBoard));
    assert_eq!(s.fen(), "5k2/8/8/8/8/5K2/8/8 w - - 0 1");
    press(&mut s, "<S-Down> <S-Left>");
    assert_eq!(s.fen(), "8/4k3/8/8/8/8/4K3/8 w - - 0 1");
    press(&mut s, "u u u u");
    assert_eq!(s.fen(), "8/4k3/8/8/8/8/4K3/8 w - - 0 1");
    assert_eq!(s.notice, Some(Notice::Undone));
    // A flipped view shifts the way the arrow points on screen.
    press(&mut s, "f <S-Right>");
    assert_eq!(s.fen(), "8/3k4/8/8/8/8/3K4/8 w - - 0 1");
    // The start position has no room to shift.
    let mut full = state(CHESS);
    press(&mut full, "<S-Left>");
    assert_eq!(full.notice, Some(Notice::FallsOffBoard));
    assert_eq!(full.fen(), CHESS);
}

#[test]
fn shifts_drop_the_castling_rights_and_ep_that_no_longer_fit() {
    let mut s = state("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1");
    press(&mut s, "<S-Left>");
    assert_eq!(s.fen(), "3k4/8/8/2pP4/8/8/8/3K2R1 w - c6 0 1");
    let mut up = state("4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1");
    press(&mut up, "<S-Up>");
    assert_eq!(up.notice, Some(Notice::FallsOffBoard));
    press(&mut up, "ge8 x <S-Up>");
    assert_eq!(up.fen(), "8/8/3pP3/8/8/8/4K2R/8 w - - 0 1");
}

#[test]
fn xiangqi_shifts_and_mirrors_but_does_not_rotate() {
    let mut s = state("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    press(&mut s, "<S-Left>");
    assert_eq!(s.fen(), "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    press(&mut s, "o");
    assert_eq!(s.notice, Some(Notice::RotateChessOnly));
    assert_eq!(s.fen(), "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    press(&mut s, "-");
    assert_eq!(s.fen(), "3K5/9/9/9/9/9/9/9/9/3k5 w - - 0 1");
    press(&mut s, "u u");
    assert_eq!(s.fen(), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
}

#[test]
fn rotating_and_mirroring_ranks_undo() {
    let mut s = state("k7/8/8/8/8/8/8/R3K3 w Q - 0 1");
    press(&mut s, "o");
    assert_eq!(s.fen(), "R6k/8/8/8/K7/8/8/8 w - - 0 1");
    press(&mut s, "u -");
    assert_eq!(s.fen(), "R3K3/8/8/8/8/8/8/k7 w - - 0 1");
    press(&mut s, "u");
    assert_eq!(s.fen(), "k7/8/8/8/8/8/8/R3K3 w Q - 0 1");
}

// ---- PGN pasted -------------------------------------------------------------------------

/// Plays `keys` in play mode on `fen`, copies the line with `y`, pastes that text into a fresh
/// editor on the standard start, and returns both editors.
fn y_then_v(fen_text: &str, keys: &str) -> (State, State) {
    let mut s = state(fen_text);
    let effects = press(&mut s, &format!("M {keys} y"));
    let Some(Effect::CopyPgn(pgn)) = effects.last() else {
        panic!("{effects:?}")
    };
    let mut t = state(CHESS);
    update(&mut t, Action::Paste(pgn.clone()));
    (s, t)
}

#[test]
fn play_modes_own_pgn_pasted_back_loads_its_setup_and_line_at_the_end() {
    let (s, t) = y_then_v(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "ge2 <Enter> ge4 <Enter> ge8 <Enter> gd7 <Enter>",
    );
    assert!(
        matches!(
            t.notice,
            Some(Notice::PgnLoaded {
                moves: 2,
                games: 1,
                stopped: None
            })
        ),
        "{:?}",
        t.notice
    );
    assert_eq!(t.position, s.position);
    assert_eq!(t.shown_position(), s.shown_position());
    assert_eq!(notations(&t), notations(&s));
    assert_eq!(t.line.as_ref().map(|l| l.at), Some(2));
}

#[test]
fn chess960_and_xiangqi_play_mode_pgn_paste_back() {
    let c960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (s, t) = y_then_v(c960, "gg2 <Enter> gg3 <Enter>");
    assert_eq!(t.position.game, Game::Chess960);
    assert_eq!(t.shown_position(), s.shown_position());
    let (s, t) = y_then_v(XIANGQI, "gh2 <Enter> ge2 <Enter> gh9 <Enter> gg7 <Enter>");
    assert_eq!(t.position.game, Game::Xiangqi);
    assert_eq!(notations(&t), notations(&s));
    assert_eq!(t.shown_position(), s.shown_position());
}

#[test]
fn a_pasted_game_is_kept_as_the_setup_with_equals_and_its_setup_undone_with_u() {
    let mut s = state(CHESS);
    let start = s.position;
    update(
        &mut s,
        Action::Paste("[Event \"x\"]\n\n1. e4 {best by test} e5 $1 (1... c5) 2. Nf3 *".into()),
    );
    let end = *s.shown_position();
    assert_eq!(end.fullmove, 2);
    press(&mut s, "=");
    assert_eq!(s.position, end);
    assert!(s.line.is_none());
    press(&mut s, "u");
    assert_eq!(s.position, start);
}

#[test]
fn a_pasted_pgn_that_does_not_load_says_why_and_changes_nothing() {
    let mut s = state(CHESS);
    let before = s.position;
    update(
        &mut s,
        Action::Paste("[Variant \"Atomic\"]\n\n1. e4 *".into()),
    );
    assert!(
        matches!(s.notice, Some(Notice::PgnUnread(_))),
        "{:?}",
        s.notice
    );
    assert_eq!(s.position, before);
    assert!(s.line.is_none());
}

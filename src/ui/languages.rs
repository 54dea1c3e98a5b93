//! The screens in Spanish and Chinese: snapshots, what they say, that wide characters line up,
//! and that no English word is left on them.

use std::collections::BTreeSet;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Span;

use super::ansi::buffer_to_text;
use super::screen::{View, render};
use super::text;
use super::theme::{ColorMode, Theme};
use crate::core::{Color, Game, Piece, Role, Square};
use crate::editor::{Notice, Options, Overlay, State};
use crate::i18n::{Lang, tr};

const CHESS_ILLEGAL: &str = "1P6/8/8/8/8/8/8/KK5k w KQ e6 120 3";
const XIANGQI_ILLEGAL: &str = "3kk4/9/9/9/9/9/9/9/4B4/P2K1A3 w - - 0 1";
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn state(fen: &str, lang: Lang) -> State {
    let game = crate::core::fen::detect(fen);
    State::from_fen(
        fen,
        Some(game),
        Options {
            lang,
            ..Options::default()
        },
    )
}

fn draw(state: &State, w: u16, h: u16) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    render(
        state,
        &View::new(Theme::new(ColorMode::Mono)),
        area,
        &mut buf,
    );
    buf
}

/// No wide character is cut at the right edge or has anything drawn over its second column.
fn assert_lined_up(buf: &Buffer, what: &str) {
    let a = buf.area;
    for y in a.top()..a.bottom() {
        for x in a.left()..a.right() {
            let sym = buf[(x, y)].symbol();
            if Span::raw(sym).width() == 2 {
                assert!(
                    x + 1 < a.right(),
                    "{what}: {sym:?} cut at the edge, row {y}"
                );
                assert_eq!(
                    buf[(x + 1, y)].symbol(),
                    " ",
                    "{what}: {sym:?} at {x},{y} overdrawn"
                );
            }
        }
    }
}

fn games() -> [(Game, &'static str, &'static str); 2] {
    [
        (Game::Chess, Game::Chess.start_fen(), CHESS_ILLEGAL),
        (Game::Xiangqi, Game::Xiangqi.start_fen(), XIANGQI_ILLEGAL),
    ]
}

#[test]
fn main_help_and_diagnostics_screens_in_spanish_and_chinese() {
    for lang in [Lang::Es, Lang::Zh] {
        for (game, start, illegal) in games() {
            for (w, h) in SIZES {
                let name =
                    |screen: &str| format!("{}_{}_{screen}_{w}x{h}", lang.code(), game.name());
                // The main screen: the game's name, the side to move, the fields' title.
                let s = state(start, lang);
                let buf = draw(&s, w, h);
                assert_lined_up(&buf, &name("main"));
                let main = buffer_to_text(&buf, false);
                assert!(main.contains(text::game_name(lang, game)), "{main}");
                assert!(
                    main.contains(&text::to_move(lang, Color::White, game)),
                    "{main}"
                );
                assert!(main.contains(text::FIELDS_TITLE.tr(lang)), "{main}");
                insta::assert_snapshot!(name("main"), main);

                // The help: its title and its first group, translated.
                let mut s = state(start, lang);
                s.overlay = Some(Overlay::Help);
                let buf = draw(&s, w, h);
                assert_lined_up(&buf, &name("help"));
                let help = buffer_to_text(&buf, false);
                assert!(help.contains(text::HELP_TITLE.tr(lang)), "{help}");
                assert!(help.contains(tr(lang, "group-board")), "{help}");
                assert!(help.contains(tr(lang, "key-move-the-cursor")), "{help}");
                insta::assert_snapshot!(name("help"), help);

                // Many diagnostics: their codes as they are, their messages translated.
                let s = state(illegal, lang);
                let buf = draw(&s, w, h);
                assert_lined_up(&buf, &name("diagnostics"));
                let diags = buffer_to_text(&buf, false);
                assert!(diags.contains(text::DIAGNOSTICS_TITLE.tr(lang)), "{diags}");
                let first = &s.diagnostics[0];
                assert!(diags.contains(first.code.as_str()), "{diags}");
                let message = text::diagnostic_message(lang, first, game);
                let start_of_message: String = message.chars().take(8).collect();
                assert!(diags.contains(&start_of_message), "{message:?} in {diags}");
                assert_ne!(message, first.message_with_squares(game));
                insta::assert_snapshot!(name("diagnostics"), diags);
            }
        }
    }
}

#[test]
fn solution_play_and_prompt_screens_in_spanish_and_chinese() {
    use super::screen::tests::solved;
    for lang in [Lang::Es, Lang::Zh] {
        for game in [Game::Chess, Game::Xiangqi] {
            let (problem, stip, moves) = match game {
                Game::Xiangqi => (XIANGQI_PROBLEM, "#1", "Mgh2>ge2>gh9>gg7>"),
                _ => (CHESS_PROBLEM, "#2 tries", "Mge2>ge4>ge7>ge5>gg1>gf3>"),
            };
            let solution = solved(state(problem, lang), stip);
            let mut play = state(game.start_fen(), lang);
            typed(&mut play, moves);
            let mut prompt = state(problem, lang);
            typed(&mut prompt, "S");
            let mut screens = vec![
                ("solution", solution, vec![text::SOLUTION_TITLE.tr(lang)]),
                (
                    "play",
                    play,
                    vec![text::PLAY_TITLE.tr(lang), text::MOVES_TITLE.tr(lang)],
                ),
                (
                    "stipulation",
                    prompt,
                    vec![
                        text::STIPULATION_TITLE.tr(lang),
                        text::STIPULATION_PROMPT.tr(lang),
                    ],
                ),
            ];
            if game == Game::Chess {
                let mut promo = state("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", lang);
                typed(&mut promo, "Mgb7>gb8>");
                screens.push((
                    "promotion",
                    promo,
                    vec![
                        text::PROMOTION_TITLE.tr(lang),
                        text::PROMOTION_PROMPT.tr(lang),
                    ],
                ));
            }
            for (screen, s, says) in screens {
                for (w, h) in SIZES {
                    let name = format!("{}_{}_{screen}_{w}x{h}", lang.code(), game.name());
                    let buf = draw(&s, w, h);
                    assert_lined_up(&buf, &name);
                    let shown = buffer_to_text(&buf, false);
                    for words in &says {
                        assert!(shown.contains(words), "{name}: {words:?} in\n{shown}");
                    }
                    insta::assert_snapshot!(name, shown);
                }
            }
        }
    }
}

/// The words of a text: runs of ASCII letters, leaving out snake_case codes.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || "·()[]/,;:'\"`".contains(c))
        .filter(|token| !token.contains('_'))
        .flat_map(|token| token.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| w.len() >= 3)
}

fn vocabulary(lang: Lang) -> BTreeSet<String> {
    let source = crate::i18n::source(lang);
    source
        .lines()
        .filter(|l| !l.starts_with('#'))
        // The words of the messages, not their ids or argument names.
        .map(|l| l.split_once(" = ").map_or(l, |(_, text)| text))
        // Nor the variant keys (`[white]`) and arguments (`$side`) of Fluent's syntax.
        .flat_map(|l| {
            l.split_whitespace()
                .filter(|t| !t.starts_with(['[', '*', '$']))
                .flat_map(words)
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Key names stay as the keyboard shows them.
const KEY_NAMES: &[&str] = &[
    "Space",
    "Enter",
    "Esc",
    "Tab",
    "Shift",
    "Ctrl",
    "Alt",
    "Delete",
    "Backspace",
    "Home",
    "End",
    "PgUp",
    "PgDn",
];

/// Every screen a person meets: main, help, the diagnostics of an illegal position, each
/// dialog and notices, for both games.
fn every_screen(lang: Lang) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut add = |what: String, s: &State| {
        for (w, h) in SIZES {
            let buf = draw(s, w, h);
            assert_lined_up(&buf, &what);
            out.push((format!("{what} {w}x{h}"), buffer_to_text(&buf, false)));
        }
    };
    for (game, start, illegal) in games() {
        let g = game.name();
        add(format!("{g} main"), &state(start, lang));
        add(format!("{g} diagnostics"), &state(illegal, lang));
        for overlay in [
            Overlay::Help,
            Overlay::ConfirmDelete,
            Overlay::ConfirmQuit,
            Overlay::ChangedOnDisk,
            Overlay::QuitUnread,
            Overlay::Chess960Prompt("5".into()),
        ] {
            let mut s = state(start, lang);
            s.overlay = Some(overlay.clone());
            add(format!("{g} {overlay:?}"), &s);
        }
        // The Record overlay: its rows, a value being typed, a new operation refused.
        for keys in ["i", "i>", "i+9x>"] {
            let mut s = state(start, lang);
            typed(&mut s, keys);
            add(format!("{g} record {keys}"), &s);
        }
        let piece = Piece::new(Color::White, Role::King);
        for notice in [
            Notice::PickedUp(piece, Square::new(4, 0)),
            Notice::NoBrush,
            Notice::NotInXiangqi,
            Notice::CastlingImpossible(Color::Black, crate::core::CastlingSide::Queen),
            Notice::RecordHasErrors(2),
            Notice::GameSwitched(game),
        ] {
            let mut s = state(start, lang);
            s.notice = Some(notice.clone());
            add(format!("{g} {notice:?}"), &s);
        }
        let mut s = state(start, lang);
        s.focus = crate::editor::Focus::Fields;
        add(format!("{g} fields focus"), &s);
        for (i, s) in solution_and_play_screens(game, lang).iter().enumerate() {
            add(format!("{g} solution/play {i}"), s);
        }
        for notice in new_notices(game) {
            let mut s = state(start, lang);
            s.notice = Some(notice.clone());
            add(format!("{g} {notice:?}"), &s);
        }
    }
    out
}

/// Shinkman's #2 (a zugzwang key, tries) and a cooked xiangqi #1.
const CHESS_PROBLEM: &str = "Q7/3B4/3B4/3NR2P/3R4/2p5/2p3kN/2K4b w - - 0 1";
const XIANGQI_PROBLEM: &str = "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1";
/// A chess #2 with a threat: 1.Qg7! threatens mate.
const CHESS_THREAT: &str = "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1";

/// Types `keys` through the key table (`>` is Enter).
fn typed(s: &mut State, keys: &str) {
    use crate::editor::keys::{self, Code, Key};
    for c in keys.chars() {
        let code = if c == '>' { Code::Enter } else { Code::Char(c) };
        if let Some(action) = keys::action(s, Key::plain(code), Default::default()) {
            crate::editor::update(s, action);
        }
    }
}

/// The Solution panel (solved, stale, focused), the stipulation prompt (empty, refused), play
/// mode with its Moves panel, a playback and the promotion prompt.
fn solution_and_play_screens(game: Game, lang: Lang) -> Vec<State> {
    use super::screen::tests::solved;
    use crate::editor::solving::AskError;
    let mut out = Vec::new();
    let (problem, stip, moves, start) = match game {
        Game::Xiangqi => (XIANGQI_PROBLEM, "#1", "Mgh2>ge2>gh9>gg7>", game.start_fen()),
        _ => (
            CHESS_PROBLEM,
            "#2 tries",
            "Mge2>ge4>ge7>ge5>gg1>gf3>",
            game.start_fen(),
        ),
    };
    let s = solved(state(problem, lang), stip);
    out.push(s.clone());
    let mut stale = s.clone();
    if let Some(solving) = stale.solving.as_mut() {
        solving.stale = true;
    }
    stale.focus = crate::editor::Focus::Solution;
    out.push(stale);
    if game == Game::Chess {
        out.push(solved(state(CHESS_THREAT, lang), "#2"));
    }
    for error in [
        None,
        Some(AskError::Empty),
        Some(AskError::Word("xyz".into())),
    ] {
        let mut s = state(problem, lang);
        s.overlay = Some(Overlay::StipulationPrompt {
            text: "#2".into(),
            error,
            selected: false,
        });
        out.push(s);
    }
    let mut play = state(start, lang);
    typed(&mut play, moves);
    out.push(play);
    let mut fresh = state(start, lang);
    typed(&mut fresh, "M");
    out.push(fresh);
    if game == Game::Chess {
        let mut promo = state("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", lang);
        typed(&mut promo, "Mgb7>gb8>");
        out.push(promo);
    }
    out
}

/// The notices of solving, play mode, playback and the transforms.
fn new_notices(game: Game) -> Vec<Notice> {
    use crate::core::moves::Refusal;
    let piece = Piece::new(Color::White, Role::Knight);
    let (a, b) = (Square::new(1, 0), Square::new(1, 2));
    vec![
        Notice::PlayStarted,
        Notice::PlaybackStarted {
            moves: 5,
            dropped: 2,
        },
        Notice::MoveRefused(Refusal::NoPiece(a)),
        Notice::MoveRefused(Refusal::NotYourTurn(Piece::new(Color::Black, Role::Pawn))),
        Notice::MoveRefused(Refusal::CannotGo(piece, a, b)),
        Notice::MoveRefused(Refusal::LeavesInCheck(piece)),
        Notice::MoveRefused(Refusal::NeedsPromotion),
        Notice::Chosen(piece, a),
        Notice::ChoiceCancelled,
        Notice::NothingToTakeBack,
        Notice::KeptAsSetup,
        Notice::LineStart,
        Notice::LineEnd,
        Notice::SetupBack,
        Notice::LeaveLineFirst,
        Notice::FallsOffBoard,
        Notice::RotateChessOnly,
        Notice::SolveCancelled,
        Notice::SolutionStale,
        Notice::StipulationSet("#2".into()),
        Notice::GameSwitched(game),
    ]
}

/// The English words of a screen that `lang` does not use itself.
fn english_words<'a>(
    screen: &'a str,
    english: &BTreeSet<String>,
    own: &BTreeSet<String>,
) -> BTreeSet<&'a str> {
    // The FEN line is FEN text, not words.
    screen
        .lines()
        .filter(|l| !l.trim_start().starts_with("FEN "))
        .flat_map(words)
        .filter(|w| !KEY_NAMES.contains(w))
        .filter(|w| {
            let w = w.to_lowercase();
            english.contains(&w) && !own.contains(&w)
        })
        .collect()
}

#[test]
fn no_english_word_is_left_on_the_spanish_and_chinese_screens() {
    let english = vocabulary(Lang::En);
    // The scan finds English where there is some: the English screens, read as Spanish.
    let spanish = vocabulary(Lang::Es);
    let english_screens = every_screen(Lang::En);
    let found: BTreeSet<&str> = english_screens
        .iter()
        .flat_map(|(_, screen)| english_words(screen, &english, &spanish))
        .collect();
    for word in ["move", "legal", "help", "undo", "board"] {
        assert_eq!(found.contains(word), word != "legal", "{word}: {found:?}");
    }
    for lang in [Lang::Es, Lang::Zh] {
        let own = vocabulary(lang);
        for (what, screen) in every_screen(lang) {
            let left = english_words(&screen, &english, &own);
            assert!(
                left.is_empty(),
                "{}: {what}: English words {left:?} on\n{screen}",
                lang.code()
            );
        }
    }
}

/// The main screen's rows, without colour.
fn rows(s: &State, w: u16, h: u16) -> Vec<String> {
    buffer_to_text(&draw(s, w, h), false)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_way_to_help_and_to_quit_is_always_on_screen() {
    // A record with a long id, as problem collections name theirs.
    let epd = |fen: &str| {
        format!("{fen} id \"Sam Loyd, Chess Strategy 1878, first prize, the long version\";\n")
    };
    for lang in Lang::ALL {
        let help_hint = format!("? {}", text::hint_what(lang, "help"));
        let quit_hint = format!("^Q {}", text::hint_what(lang, "quit"));
        let title_help = text::TITLE_HELP.tr(lang).trim();
        for game in [Game::Chess, Game::Xiangqi] {
            let plain = state(game.start_fen(), lang);
            let collection = crate::collection::Collection::from_bytes(
                Some(std::path::PathBuf::from("loyd-problems-collected.epd")),
                epd(game.start_fen().trim_end_matches(" 0 1")).as_bytes(),
            );
            let mut record = State::with_collection(
                collection,
                Some(game),
                Options {
                    lang,
                    ..Options::default()
                },
            );
            assert!(record.record_id().is_some());
            crate::editor::update(&mut record, crate::editor::Action::ToggleSide);
            for s in [&plain, &record] {
                for (w, h) in SIZES {
                    let rows = rows(s, w, h);
                    let what = format!("{lang:?} {game} {w}x{h}");
                    assert!(
                        rows[0].trim_end().ends_with(title_help),
                        "{what}: the title\n{}",
                        rows[0]
                    );
                    let hints = rows.last().unwrap();
                    assert!(
                        hints.contains(&help_hint) && hints.contains(&quit_hint),
                        "{what}: the hints\n{hints}"
                    );
                }
            }
        }
    }
}

#[test]
fn chinese_solution_lines_are_cut_by_columns_with_an_ellipsis() {
    use super::screen::tests::solved;
    let s = solved(
        state("4k4/9/R8/9/9/9/9/9/1R7/3K5 w - - 0 1", Lang::Zh),
        "#2",
    );
    let buf = draw(&s, 96, 40);
    let l = super::screen::screen_layout(&s, buf.area);
    let inner = l.solution.inner(ratatui::layout::Margin::new(1, 1));
    assert!(inner.height > 2, "{l:?}");
    let rows = rows(&s, 96, 40);
    let mut cut = 0;
    for y in inner.top()..inner.bottom() {
        // The cells shown: a wide character's second column is not.
        let mut row = String::new();
        let mut x = inner.left();
        while x < inner.right() {
            let symbol = buf[(x, y)].symbol();
            row.push_str(symbol);
            x += super::wrap::width(symbol).max(1) as u16;
        }
        let row = row.trim_end();
        // A line that reaches the panel's right edge was cut, and says so.
        let full = super::wrap::width(row) + 1 >= usize::from(inner.width);
        if full {
            cut += 1;
            assert!(
                row.ends_with('…'),
                "cut without an ellipsis: {row:?}\n{}",
                rows.join("\n")
            );
        }
    }
    assert!(cut > 0, "no line long enough to cut:\n{}", rows.join("\n"));
    assert_lined_up(&buf, "zh solution 96x40");
}

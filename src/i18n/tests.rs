//! Every message in every language, and no message nobody shows.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;

use super::catalog::{SOURCES, message_ids};
use super::*;
use crate::core::{Code, Color, Game, Piece};
use crate::editor::keys::TABLE;
use crate::ui::text;

fn ids(lang: Lang) -> BTreeSet<String> {
    let resource = FluentResource::try_new(SOURCES[lang as usize].to_owned())
        .unwrap_or_else(|(_, errors)| panic!("{}.ftl does not parse: {errors:?}", lang.code()));
    message_ids(&resource).into_iter().collect()
}

/// The `$variables` of each message, from the file's text (an entry starts at column 0).
fn variables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current = None;
    for line in SOURCES[lang as usize].lines() {
        if line.starts_with(|c: char| c.is_ascii_lowercase()) {
            current = line.split(" =").next().map(str::to_owned);
        } else if line.starts_with('#') || line.is_empty() {
            current = None;
        }
        let Some(id) = &current else { continue };
        let vars = out.entry(id.clone()).or_default();
        for (i, _) in line.match_indices('$') {
            let name: String = line[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            vars.insert(name);
        }
    }
    out
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let english = ids(Lang::En);
    assert!(english.len() > 200, "{}", english.len());
    for lang in [Lang::Es, Lang::Zh] {
        let other = ids(lang);
        let missing: Vec<_> = english.difference(&other).collect();
        let extra: Vec<_> = other.difference(&english).collect();
        assert!(
            missing.is_empty(),
            "missing from {}.ftl: {missing:?}",
            lang.code()
        );
        assert!(
            extra.is_empty(),
            "not in en.ftl but in {}.ftl: {extra:?}",
            lang.code()
        );
    }
}

#[test]
fn every_translation_takes_the_arguments_english_takes() {
    let english = variables(Lang::En);
    for lang in [Lang::Es, Lang::Zh] {
        let other = variables(lang);
        for (id, vars) in &english {
            // A translation may leave out an argument its grammar does not need (Chinese has no
            // plural), never use one that English does not give.
            let mut given = vars.clone();
            // Every diagnostic gets the game, and the key of the first side it names.
            if id.starts_with("diag-") {
                given.extend(["game".to_owned(), "side".to_owned()]);
            }
            let theirs = other.get(id).cloned().unwrap_or_default();
            let unknown: Vec<_> = theirs.difference(&given).collect();
            assert!(unknown.is_empty(), "{}: {id} uses {unknown:?}", lang.code());
        }
    }
}

/// The ids made from data rather than written in the source: the key table's, the pieces',
/// the diagnostics'.
fn generated_ids() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for row in TABLE {
        if !row.what.is_empty() {
            out.insert(text::key_id(row.what));
        }
        if keys_have_words(row.keys) {
            out.insert(text::keys_id(row.keys));
        }
        for hint in row.hints {
            out.insert(text::hint_id(hint.what));
        }
    }
    for game in [Game::Chess, Game::Xiangqi] {
        for &role in game.roles() {
            for color in [Color::White, Color::Black] {
                out.insert(text::piece_id(Piece::new(color, role), game));
            }
        }
    }
    for &code in Code::ALL {
        out.insert(text::diagnostic_id(code));
    }
    out
}

/// The quoted ids in the source: `Msg`, `tr` and `fmt` with a quoted id, and any
/// other string literal that is an id.
fn ids_in_source(known: &BTreeSet<String>) -> (BTreeSet<String>, BTreeSet<String>) {
    fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut sources = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut sources,
    );
    let mut used = BTreeSet::new();
    let mut asked = BTreeSet::new();
    for source in &sources {
        for part in source.split('"').skip(1).step_by(2) {
            if known.contains(part) {
                used.insert(part.to_owned());
            }
        }
        for lead in ["Msg(\"", "tr(lang, \"", "fmt(lang, \"", "t(\"", "f(\""] {
            for (i, _) in source.match_indices(lead) {
                let rest = &source[i + lead.len()..];
                let Some(end) = rest.find('"') else { continue };
                let id = &rest[..end];
                // `t("` and `f("` are also other calls: only what looks like an id counts.
                let like_an_id = id.contains('-')
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                if lead.len() > 3 || like_an_id {
                    asked.insert(id.to_owned());
                }
            }
        }
    }
    (used, asked)
}

#[test]
fn every_message_is_used_and_every_id_used_exists() {
    let english = ids(Lang::En);
    let generated = generated_ids();
    let (used, asked) = ids_in_source(&english);
    let unused: Vec<_> = english
        .iter()
        .filter(|id| !used.contains(*id) && !generated.contains(*id))
        .collect();
    assert!(unused.is_empty(), "messages no code shows: {unused:?}");
    let unknown: Vec<_> = asked
        .iter()
        .chain(&generated)
        .filter(|id| !english.contains(*id) && !id.is_empty())
        .collect();
    assert!(
        unknown.is_empty(),
        "ids with no message in en.ftl: {unknown:?}"
    );
}

#[test]
fn messages_without_arguments_are_formatted_once() {
    let a = tr(Lang::Zh, "fields-title");
    let b = tr(Lang::Zh, "fields-title");
    assert_eq!(a, "字段");
    assert!(std::ptr::eq(a, b), "the same &'static str both times");
    assert_eq!(Msg("help-title").tr(Lang::Es), "Teclas");
}

#[test]
fn arguments_and_plurals_follow_each_language() {
    let moves = |lang, n: usize| fmt(lang, "status-legal-moves", &[("n", n.into())]);
    assert_eq!(moves(Lang::En, 1), "1 legal move");
    assert_eq!(moves(Lang::En, 20), "20 legal moves");
    assert_eq!(moves(Lang::Es, 1), "1 jugada legal");
    assert_eq!(moves(Lang::Es, 2), "2 jugadas legales");
    assert_eq!(moves(Lang::Zh, 2), "2 种合法着法");
    // No Unicode isolation marks around the arguments: they would take terminal cells.
    assert!(!moves(Lang::En, 3).contains(['\u{2068}', '\u{2069}']));
}

#[test]
fn a_missing_id_falls_back_to_english_then_to_itself() {
    assert_eq!(tr(Lang::Zh, "no-such-message"), "no-such-message");
    assert_eq!(
        fmt(Lang::Es, "no-such-message", &[("n", 1.into())]),
        "no-such-message"
    );
    // A missing argument is an error: English, then the id, never half a message.
    assert_eq!(
        fmt(Lang::Es, "notice-save-failed", &[]),
        "notice-save-failed"
    );
}

#[test]
fn slugs_name_the_first_six_words() {
    assert_eq!(slug("key-", "move the cursor"), "key-move-the-cursor");
    assert_eq!(slug("hint-", "pick/drop"), "hint-pick-drop");
    assert_eq!(
        slug(
            "key-",
            "write the record's diagram (SVG, PNG) and copy the image"
        ),
        "key-write-the-record-s-diagram-svg"
    );
    assert_eq!(slug("keys-", "→ ← ↑"), "keys-");
    assert!(keys_have_words("mouse drag"));
    assert!(keys_have_words("+ - (or ← →)"));
    assert!(!keys_have_words("u U, Ctrl-Z Ctrl-Y, y, v, /, ?"));
    assert!(!keys_have_words("Esc, ?, F1, q, Enter"));
    assert!(!keys_have_words("↑ ↓, k j, PgUp PgDn, Space, Home End"));
}

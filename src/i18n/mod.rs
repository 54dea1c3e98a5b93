//! The languages of the screen and of the human output: English, Spanish and Chinese (简体).
//!
//! Every message lives in `locales/LANG.ftl` (Fluent), embedded at compile time. A language's
//! catalogue is parsed once, on first use; its messages without arguments are formatted then
//! and kept as `&'static str`, so a frame only looks them up ([`tr`]). Messages with arguments
//! go through Fluent each time they are made ([`fmt`]).
//!
//! Adding a string: one message id in each of `locales/en.ftl`, `es.ftl` and `zh.ftl`, and a
//! a `Msg` (or a `tr`/`fmt` call) where it is shown. `tests` fails on an id missing from a
//! language or used nowhere.

mod catalog;
pub mod locale;

pub use catalog::{Arg, fmt, tr};
pub use locale::{Lang, detect};

/// The text of a language's `.ftl` file.
pub fn source(lang: Lang) -> &'static str {
    catalog::SOURCES[lang as usize]
}

/// A message without arguments, by its id: a `const` in `ui::text` (or `tui::text`), shown
/// with `.tr(lang)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Msg(pub &'static str);

impl Msg {
    pub fn tr(self, lang: Lang) -> &'static str {
        tr(lang, self.0)
    }
}

/// The id of a text that has no id of its own (the key table's descriptions, keys and hints):
/// `prefix` and the first six words of its English, lower case, joined by `-`.
/// `scripts/key-table-ids.py` prints the same ids.
pub fn slug(prefix: &str, english: &str) -> String {
    let mut id = prefix.to_owned();
    let words = english
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(6);
    for (i, word) in words.enumerate() {
        if i > 0 {
            id.push('-');
        }
        id.push_str(&word.to_ascii_lowercase());
    }
    id
}

/// Whether a key column of the key table has words to translate (`mouse drag`, `digits`), not
/// only key names (`Ctrl-Z`, `Space`, `y / n`): a lower-case word of two letters or more.
pub fn keys_have_words(keys: &str) -> bool {
    let bytes = keys.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_lowercase() {
            i += 1;
        }
        let before_is_letter = start > 0 && bytes[start - 1].is_ascii_alphabetic();
        if i - start >= 2 && !before_is_letter {
            return true;
        }
        i = i.max(start + 1);
    }
    false
}

#[cfg(test)]
mod tests;

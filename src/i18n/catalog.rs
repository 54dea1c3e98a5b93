//! The messages of each language, parsed once and kept for the program's life.

use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use super::Lang;

/// The source of each language's messages, in the order of `Lang::ALL`.
pub(super) const SOURCES: [&str; 3] = [
    include_str!("../../locales/en.ftl"),
    include_str!("../../locales/es.ftl"),
    include_str!("../../locales/zh.ftl"),
];

pub(super) struct Catalog {
    bundle: FluentBundle<FluentResource>,
    /// Every message that needs no argument, formatted once.
    plain: HashMap<String, &'static str>,
}

impl Catalog {
    fn load(lang: Lang) -> Catalog {
        let source = SOURCES[lang as usize];
        // The files are ours and their syntax is tested: a broken entry is skipped, not fatal.
        let resource = FluentResource::try_new(source.to_owned()).unwrap_or_else(|(r, _)| r);
        let id: LanguageIdentifier = lang.code().parse().expect("a language code");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No Unicode isolation marks around arguments: a terminal would show them as cells.
        bundle.set_use_isolating(false);
        let ids = message_ids(&resource);
        bundle.add_resource_overriding(resource);
        let mut plain = HashMap::new();
        for id in ids {
            let Some(pattern) = bundle.get_message(&id).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                plain.insert(id, &*Box::leak(text.into_owned().into_boxed_str()));
            }
        }
        Catalog { bundle, plain }
    }

    pub(super) fn get(lang: Lang) -> &'static Catalog {
        static CATALOGS: [OnceLock<Catalog>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CATALOGS[lang as usize].get_or_init(|| Catalog::load(lang))
    }

    fn format(&self, id: &str, args: &FluentArgs) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(args), &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }
}

/// The ids of the messages of a resource, in file order.
pub(super) fn message_ids(resource: &FluentResource) -> Vec<String> {
    use fluent_syntax::ast::Entry;
    resource
        .entries()
        .filter_map(|e| match e {
            Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

/// A message without arguments. A language that lacks it falls back to English, and English to
/// the id itself (the tests see to it that neither happens).
pub fn tr(lang: Lang, id: &str) -> &'static str {
    if let Some(text) = Catalog::get(lang).plain.get(id) {
        return text;
    }
    match Catalog::get(Lang::En).plain.get(id) {
        Some(text) => text,
        None => Box::leak(id.to_owned().into_boxed_str()),
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Text(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Text(s)
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64, f64);

/// A message with arguments, formatted now. Falls back like [`tr`].
pub fn fmt(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        match value {
            Arg::Text(s) => fluent.set(*name, FluentValue::from(*s)),
            Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
        }
    }
    Catalog::get(lang)
        .format(id, &fluent)
        .or_else(|| Catalog::get(Lang::En).format(id, &fluent))
        .unwrap_or_else(|| id.to_owned())
}

//! Which language: `--lang`, else the locale of the environment.

/// A language of the screen. English is the default and the fallback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Es,
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Zh];

    /// The code `--lang` takes and the `.ftl` file is named after.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Zh => "zh",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language of a locale name such as `zh_CN.UTF-8`, `es_AR` or `en_US@euro`: its
    /// language part (before `_`, `.` or `@`, any case). `C`, `POSIX` and anything else are
    /// English.
    pub fn of_locale(locale: &str) -> Lang {
        let language = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match language.as_str() {
            "es" => Lang::Es,
            "zh" => Lang::Zh,
            _ => Lang::En,
        }
    }
}

/// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
/// that is set and not empty (an empty variable counts as unset, as POSIX says). `var` reads
/// a variable (`std::env::var` outside tests).
pub fn detect(var: impl Fn(&str) -> Option<String>) -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(var)
        .find(|value| !value.is_empty())
        .map_or(Lang::En, |value| Lang::of_locale(&value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn locale_names_give_their_language() {
        assert_eq!(Lang::of_locale("zh_CN.UTF-8"), Lang::Zh);
        assert_eq!(Lang::of_locale("zh_TW"), Lang::Zh);
        assert_eq!(Lang::of_locale("zh"), Lang::Zh);
        assert_eq!(Lang::of_locale("es_AR"), Lang::Es);
        assert_eq!(Lang::of_locale("es_ES.UTF-8@euro"), Lang::Es);
        assert_eq!(Lang::of_locale("ES_mx"), Lang::Es);
        assert_eq!(Lang::of_locale("en_GB.UTF-8"), Lang::En);
        assert_eq!(Lang::of_locale("fr_FR.UTF-8"), Lang::En);
    }

    #[test]
    fn c_posix_and_garbage_are_english() {
        for garbage in [
            "C",
            "POSIX",
            "C.UTF-8",
            "",
            "_",
            ".",
            "@",
            "e",
            "esp",
            "zhx_CN",
            "😀",
            "\0zh",
            " es",
            "es ",
            "/usr/share/locale/es",
            "zh\u{301}",
        ] {
            assert_eq!(Lang::of_locale(garbage), Lang::En, "{garbage:?}");
        }
    }

    #[test]
    fn lc_all_then_lc_messages_then_lang() {
        let all = [
            ("LC_ALL", "es_ES"),
            ("LC_MESSAGES", "zh_CN"),
            ("LANG", "en_US"),
        ];
        assert_eq!(detect(env(&all)), Lang::Es);
        let messages = [("LC_MESSAGES", "zh_CN.UTF-8"), ("LANG", "es_AR")];
        assert_eq!(detect(env(&messages)), Lang::Zh);
        assert_eq!(detect(env(&[("LANG", "es_AR")])), Lang::Es);
        assert_eq!(detect(env(&[])), Lang::En);
    }

    #[test]
    fn an_empty_variable_counts_as_unset() {
        let vars = [("LC_ALL", ""), ("LC_MESSAGES", ""), ("LANG", "zh_CN.UTF-8")];
        assert_eq!(detect(env(&vars)), Lang::Zh);
        // A set variable decides even when it names no language fenboard speaks.
        let c = [("LC_ALL", "C"), ("LANG", "zh_CN.UTF-8")];
        assert_eq!(detect(env(&c)), Lang::En);
    }

    #[test]
    fn codes_read_back() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code("ZH"), None);
    }
}

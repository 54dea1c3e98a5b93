//! Cleanup of pasted text (bracketed paste and `v`) before it is read as a FEN.

/// The text a paste holds, made into one FEN line: surrounding whitespace and newlines, a `FEN:`
/// prefix, a PGN `[FEN "…"]` tag or matching quotes around it are removed, a lichess analysis
/// URL (what `Y` copies) becomes its FEN, inner runs of
/// whitespace (line breaks of a wrapped FEN included) become one space, and other control
/// characters become U+FFFD so that they show (and are reported) instead of reaching the
/// terminal. Nothing else changes: a garbage paste stays garbage, for the reader to explain.
pub fn clean(text: &str) -> String {
    let mut s = text.trim_start_matches('\u{feff}').trim();
    loop {
        let before = s;
        if let Some(inner) = s
            .strip_prefix("[FEN \"")
            .or_else(|| s.strip_prefix("[FEN\""))
            .and_then(|rest| rest.strip_suffix("\"]"))
        {
            s = inner.trim();
        }
        for quote in ['"', '\'', '`'] {
            if s.len() >= 2 && s.starts_with(quote) && s.ends_with(quote) {
                s = s[1..s.len() - 1].trim();
            }
        }
        if s.len() >= 4 && s.is_char_boundary(4) && s[..4].eq_ignore_ascii_case("fen:") {
            s = s[4..].trim();
        }
        if s == before {
            break;
        }
    }
    let from_url = lichess_fen(s);
    // The URL's FEN may have been pasted with spaces of its own (`…/analysis/ rnbq…`).
    let s = from_url.as_deref().map_or(s, str::trim);
    let mut out = String::with_capacity(s.len());
    let mut in_space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            if !in_space {
                out.push(' ');
            }
            in_space = true;
        } else {
            out.push(if c.is_control() { '\u{fffd}' } else { c });
            in_space = false;
        }
    }
    out
}

/// The FEN in a lichess analysis URL (`https://lichess.org/analysis/` + the FEN with spaces as
/// `_`, maybe after a variant such as `standard/` or `chess960/`, maybe with `?…` or `#…`).
fn lichess_fen(s: &str) -> Option<String> {
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let path = rest.strip_prefix("lichess.org/analysis/")?;
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = ["standard/", "chess960/", "fromPosition/"]
        .iter()
        .find_map(|variant| path.strip_prefix(variant))
        .unwrap_or(path);
    Some(path.replace('_', " "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn canonical_fen_is_unchanged() {
        assert_eq!(clean(START), START);
    }

    #[test]
    fn surrounding_whitespace_and_newlines_are_trimmed() {
        assert_eq!(clean(&format!("\n\t  {START}  \r\n")), START);
        assert_eq!(clean(&format!("\u{feff}{START}\n")), START);
    }

    #[test]
    fn fen_prefix_is_removed_in_any_case() {
        assert_eq!(clean(&format!("FEN: {START}")), START);
        assert_eq!(clean(&format!("  fen:{START}\n")), START);
        assert_eq!(clean(&format!("Fen:   {START}")), START);
    }

    #[test]
    fn pgn_tag_and_quotes_are_unwrapped() {
        assert_eq!(clean(&format!("[FEN \"{START}\"]")), START);
        assert_eq!(clean(&format!("\"{START}\"")), START);
        assert_eq!(clean(&format!("`FEN: {START}`")), START);
    }

    #[test]
    fn wrapped_lines_and_space_runs_become_single_spaces() {
        let wrapped = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\r\nw   KQkq\n- 0 1";
        assert_eq!(clean(wrapped), START);
    }

    #[test]
    fn control_characters_become_visible_replacements() {
        assert_eq!(clean("8/8\x1b[2J/8\x07"), "8/8\u{fffd}[2J/8\u{fffd}");
        assert_eq!(clean("\0"), "\u{fffd}");
    }

    #[test]
    fn garbage_is_kept_for_the_reader_to_explain() {
        assert_eq!(clean("hello world"), "hello world");
        assert_eq!(clean(""), "");
        assert_eq!(clean(" \n\t "), "");
        assert_eq!(clean("FEN:"), "");
        assert_eq!(clean("\""), "\"");
        assert_eq!(clean("é:x"), "é:x");
        let huge = "x".repeat(1_000_000);
        assert_eq!(clean(&huge).len(), 1_000_000);
    }

    #[test]
    fn lichess_analysis_urls_become_their_fen() {
        let url =
            "https://lichess.org/analysis/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1";
        assert_eq!(clean(url), START);
        assert_eq!(clean(&format!("  {url}\n")), START);
        let variant = "http://lichess.org/analysis/chess960/4k3/8/8/8/8/8/8/4K3_w_-_-_0_1#3";
        assert_eq!(clean(variant), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(clean("https://lichess.org/analysis/"), "");
        // A space after the URL's path leaves no leading space in the FEN.
        assert_eq!(
            clean("https://lichess.org/analysis/ 8/8/8/8/8/8/8/K6k w - - 0 1"),
            "8/8/8/8/8/8/8/K6k w - - 0 1"
        );
        assert_eq!(
            clean("https://lichess.org/editor/8/8"),
            "https://lichess.org/editor/8/8"
        );
    }

    #[test]
    fn inner_fen_word_is_not_a_prefix() {
        assert_eq!(clean("8/8 w - - 0 1 FEN:"), "8/8 w - - 0 1 FEN:");
    }
}

//! Text from outside (file names, input lines) made safe to print on a terminal: a control
//! character such as ESC could otherwise clear the screen or retitle the window.

use std::borrow::Cow;

/// `text` with every control character escaped as Rust writes it (`\u{1b}`, `\t`, `\r`);
/// borrowed when there is none.
pub fn controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(controls("evil\x1b[2Jname.fen"), "evil\\u{1b}[2Jname.fen");
        assert_eq!(controls("a\tb\r\n\u{9b}c"), "a\\tb\\r\\n\\u{9b}c");
        assert!(matches!(
            controls("plain é 字"),
            Cow::Borrowed("plain é 字")
        ));
    }
}

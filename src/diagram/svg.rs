//! A small SVG writer: the document frame, numbers with one decimal, escaped text.

use std::fmt::Write;

use super::Layout;

/// Whether the piece drawings go inside each image or are shared by a page (the HTML sheet
/// holds them once, in a hidden SVG, and every diagram refers to them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defs {
    Inline,
    Shared,
}

pub struct Svg {
    pub text: String,
}

impl Svg {
    pub fn start(layout: &Layout) -> Svg {
        let mut text = String::with_capacity(8192);
        let _ = write!(
            text,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
            w = n(layout.width),
            h = n(layout.height),
        );
        text.push('\n');
        Svg { text }
    }

    pub fn finish(mut self) -> String {
        self.text.push_str("</svg>\n");
        self.text
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, attrs: &str) {
        let _ = writeln!(
            self.text,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            n(x),
            n(y),
            n(w),
            n(h)
        );
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        let _ = write!(self.text, "M{} {}L{} {}", n(x1), n(y1), n(x2), n(y2));
    }

    pub fn text(&mut self, x: f32, y: f32, size: f32, anchor: &str, attrs: &str, content: &str) {
        let _ = writeln!(
            self.text,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" {attrs}>{}</text>"#,
            n(x),
            n(y),
            n(size),
            escape(content)
        );
    }
}

/// A coordinate with at most two decimals, without trailing zeros (short files, exact enough
/// at any size: a hundredth of a pixel).
pub fn n(v: f32) -> Number {
    Number(v)
}

pub struct Number(f32);

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hundredths = (self.0 * 100.0).round() as i64;
        let (sign, abs) = if hundredths < 0 {
            ("-", -hundredths)
        } else {
            ("", hundredths)
        };
        let (int, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{sign}{int}"),
            _ if frac % 10 == 0 => write!(f, "{sign}{int}.{}", frac / 10),
            _ => write!(f, "{sign}{int}.{frac:02}"),
        }
    }
}

/// `text` with XML's special characters escaped, and control characters (which XML forbids)
/// dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(3.0).to_string(), "3");
        assert_eq!(n(3.5).to_string(), "3.5");
        assert_eq!(n(3.456).to_string(), "3.46");
        assert_eq!(n(-0.25).to_string(), "-0.25");
        assert_eq!(n(0.001).to_string(), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\"\u{0}"), "a&lt;b &amp; &quot;c&quot;");
    }
}

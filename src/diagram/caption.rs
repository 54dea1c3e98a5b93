//! The caption in the composers' form: author and source, then the stipulation on the left and
//! the piece count `(9+4)` (White's/Red's + Black's) on the right, and "Black to move" when it
//! is Black's move.

use super::svg::Svg;
use super::{LATIN_FONTS, Layout};
use crate::collection::epd;
use crate::core::{Color, Position};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// Author and source lines (EPD `c0`, `id`), as written.
    pub source: Vec<String>,
    /// `#2`, `h#3`, … (EPD `stip`, or `dm n` as `#n`).
    pub stipulation: Option<String>,
    /// Pieces of White/Red and of Black.
    pub count: (usize, usize),
    pub black_to_move: bool,
    /// The solution text (EPD `c1`), for the HTML sheet.
    pub solution: Option<String>,
}

/// One line of a caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Centred(String),
    /// Left and right aligned parts.
    Split(String, String),
}

impl Caption {
    /// The caption of `position` with the EPD operations `ops` of its record (if any).
    pub fn new(position: &Position, ops: Option<&str>) -> Caption {
        let op = |code: &str| {
            ops.and_then(|ops| epd::operand(ops, code))
                .map(str::trim)
                .filter(|s| !s.is_empty())
        };
        let mut source = Vec::new();
        for code in ["c0", "id"] {
            if let Some(text) = op(code)
                && !source.iter().any(|s: &String| s == text)
            {
                source.push(text.to_owned());
            }
        }
        let stipulation = op("stip").map(str::to_owned).or_else(|| {
            op("dm")
                .and_then(|n| n.parse::<u32>().ok())
                .map(|n| format!("#{n}"))
        });
        let pieces = position.board.pieces();
        let white = pieces.filter(|(_, p)| p.color == Color::White).count();
        let total = position.board.pieces().count();
        Caption {
            source,
            stipulation,
            count: (white, total - white),
            black_to_move: position.turn == Color::Black,
            solution: op("c1").map(str::to_owned),
        }
    }

    /// The lines drawn under the board.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self.source.iter().cloned().map(Line::Centred).collect();
        lines.push(Line::Split(
            self.stipulation.clone().unwrap_or_default(),
            format!("({}+{})", self.count.0, self.count.1),
        ));
        if self.black_to_move {
            lines.push(Line::Centred("Black to move".into()));
        }
        lines
    }

    /// The caption as one line of plain text (`A. Author, 1900 · #2 (9+4) · Black to move`).
    pub fn text(&self) -> String {
        let mut parts = self.source.clone();
        let count = format!("({}+{})", self.count.0, self.count.1);
        parts.push(match &self.stipulation {
            Some(s) => format!("{s} {count}"),
            None => count,
        });
        if self.black_to_move {
            parts.push("Black to move".into());
        }
        parts.join(" · ")
    }
}

/// Line height as a share of the unit (an eighth of the width, about a chess square: the
/// caption has one size for both games).
const LINE: f32 = 0.5;

fn unit(width: f32) -> f32 {
    width / 8.25
}

/// The height the caption's `lines` take under a diagram `width` wide.
pub fn height(width: f32, lines: usize) -> f32 {
    if lines == 0 {
        0.0
    } else {
        (lines as f32 * LINE + 0.2) * unit(width)
    }
}

pub fn draw(out: &mut Svg, caption: &Caption, layout: &Layout) {
    let cell = unit(layout.width);
    let size = cell * 0.3;
    let attrs = format!(r##"font-family="{LATIN_FONTS}" fill="#000""##);
    let (left, right) = (layout.left, layout.width - layout.left);
    // Roughly how many characters fit across (DejaVu Sans averages 0.55 em).
    let fits = ((right - left) / (size * 0.55)) as usize;
    for (i, line) in caption.lines().iter().enumerate() {
        let y = layout.caption_top + (i as f32 + 1.0) * LINE * cell;
        match line {
            Line::Centred(text) => {
                out.text(
                    layout.width / 2.0,
                    y,
                    size,
                    "middle",
                    &attrs,
                    &shorten(text, fits),
                );
            }
            Line::Split(l, r) => {
                let room = fits.saturating_sub(r.chars().count() + 2);
                out.text(left, y, size, "start", &attrs, &shorten(l, room));
                out.text(right, y, size, "end", &attrs, r);
            }
        }
    }
}

/// `text` cut to `max` characters, an ellipsis marking the cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::fen;

    fn position(text: &str) -> Position {
        fen::read(text, None).position.unwrap()
    }

    #[test]
    fn composers_form_from_epd_operations() {
        let pos = position("8/8/8/8/8/2k5/8/K1Q5 b - - 0 1");
        let c = Caption::new(
            &pos,
            Some(r#"dm 2; c0 "S. Loyd, 1890"; id "P.17"; c1 "1.Qb2!";"#),
        );
        assert_eq!(c.source, ["S. Loyd, 1890", "P.17"]);
        assert_eq!(c.stipulation.as_deref(), Some("#2"));
        assert_eq!(c.count, (2, 1));
        assert!(c.black_to_move);
        assert_eq!(c.solution.as_deref(), Some("1.Qb2!"));
        assert_eq!(
            c.lines().last(),
            Some(&Line::Centred("Black to move".into()))
        );
        assert_eq!(c.text(), "S. Loyd, 1890 · P.17 · #2 (2+1) · Black to move");
    }

    #[test]
    fn stip_wins_over_dm_and_garbage_is_ignored() {
        let pos = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let c = Caption::new(&pos, Some(r#"dm 3; stip "h#2";"#));
        assert_eq!(c.stipulation.as_deref(), Some("h#2"));
        let c = Caption::new(&pos, Some("dm x; c0 ;;; id"));
        assert_eq!(c, Caption::new(&pos, None));
        assert_eq!(
            c.lines(),
            [Line::Split(String::new(), "(1+1)".into())],
            "White to move says nothing"
        );
    }

    #[test]
    fn long_text_is_shortened() {
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("abc", 4), "abc");
        assert_eq!(shorten("abc", 0), "…");
    }
}

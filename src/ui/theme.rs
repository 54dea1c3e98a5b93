//! Colours and text attributes of every part of the screen, in truecolor, 256 colours or none.
//!
//! The monochrome theme (`NO_COLOR`) still marks everything that matters: the cursor in reverse
//! video, errors in bold with markers drawn by the widgets, the focused field in reverse video.

use ratatui::style::{Color, Modifier, Style};

/// How many colours the terminal is asked to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorMode {
    /// 24-bit colour (`COLORTERM=truecolor`).
    TrueColor,
    /// The xterm 256-colour palette.
    Indexed,
    /// No colour at all, only attributes (`NO_COLOR`).
    Mono,
}

impl ColorMode {
    /// The mode the environment asks for: `NO_COLOR` (set and not empty, see no-color.org)
    /// wins, then `COLORTERM`, then 256 colours.
    pub fn from_env() -> ColorMode {
        ColorMode::from_vars(
            std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            std::env::var("COLORTERM").ok().as_deref(),
        )
    }

    pub fn from_vars(no_color: bool, colorterm: Option<&str>) -> ColorMode {
        if no_color {
            ColorMode::Mono
        } else if matches!(colorterm, Some("truecolor" | "24bit")) {
            ColorMode::TrueColor
        } else {
            ColorMode::Indexed
        }
    }

    /// `rgb` in this mode: itself, the nearest entry of the 256-colour cube, or nothing.
    pub fn rgb(self, r: u8, g: u8, b: u8) -> Color {
        match self {
            ColorMode::TrueColor => Color::Rgb(r, g, b),
            ColorMode::Indexed => Color::Indexed(nearest_256(r, g, b)),
            ColorMode::Mono => Color::Reset,
        }
    }
}

/// The nearest colour of the xterm 6×6×6 cube or grey ramp.
fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (LEVELS[i] as i32 - v as i32).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube = 16 + 36 * ri + 6 * gi + bi;
    let dist = |a: (u8, u8, u8)| {
        let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2);
        d(a.0, r) + d(a.1, g) + d(a.2, b)
    };
    let cube_rgb = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let avg = (r as u32 + g as u32 + b as u32) / 3;
    let grey_index = ((avg.saturating_sub(8)) / 10).min(23) as u8;
    let grey = 8 + 10 * grey_index;
    if dist((grey, grey, grey)) < dist(cube_rgb) {
        232 + grey_index
    } else {
        cube as u8
    }
}

/// Every style the widgets use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub mode: ColorMode,
    pub light_square: Style,
    pub dark_square: Style,
    pub white_piece: Style,
    pub black_piece: Style,
    pub coordinate: Style,
    pub cursor: Style,
    pub picked: Style,
    pub error_square: Style,
    pub warning_square: Style,
    /// The from and to squares of the last move played back, on light squares (and xiangqi
    /// intersections) and on dark ones.
    pub last_move_light: Style,
    pub last_move_dark: Style,
    pub xiangqi_board: Style,
    pub xiangqi_piece_bg: Style,
    pub red_piece: Style,
    pub river: Style,
    pub title: Style,
    pub title_modified: Style,
    pub border: Style,
    pub border_focused: Style,
    pub label: Style,
    pub value: Style,
    pub focused_row: Style,
    pub error: Style,
    pub warning: Style,
    pub ok: Style,
    pub muted: Style,
    pub fen: Style,
    pub fen_focused: Style,
    pub fen_error: Style,
    pub key: Style,
    pub hint: Style,
    pub message: Style,
    pub overlay: Style,
}

impl Theme {
    pub fn new(mode: ColorMode) -> Theme {
        if mode == ColorMode::Mono {
            return Theme::mono();
        }
        let c = |r, g, b| mode.rgb(r, g, b);
        let fg = |r, g, b| Style::new().fg(c(r, g, b));
        let bg = |r, g, b| Style::new().bg(c(r, g, b));
        Theme {
            mode,
            light_square: bg(176, 140, 100),
            dark_square: bg(130, 95, 65),
            white_piece: fg(255, 255, 255).add_modifier(Modifier::BOLD),
            black_piece: fg(0, 0, 0).add_modifier(Modifier::BOLD),
            coordinate: fg(140, 140, 140),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
            picked: bg(90, 160, 90).add_modifier(Modifier::BOLD),
            error_square: bg(200, 60, 60).add_modifier(Modifier::BOLD),
            warning_square: bg(205, 165, 40),
            last_move_light: bg(205, 195, 110),
            last_move_dark: bg(165, 150, 70),
            xiangqi_board: bg(215, 180, 130).fg(c(95, 60, 30)),
            xiangqi_piece_bg: bg(245, 230, 200),
            red_piece: fg(190, 20, 20).add_modifier(Modifier::BOLD),
            river: fg(60, 80, 140).add_modifier(Modifier::BOLD),
            title: bg(45, 60, 90).fg(c(235, 235, 235)),
            title_modified: bg(45, 60, 90)
                .fg(c(255, 200, 80))
                .add_modifier(Modifier::BOLD),
            border: fg(110, 110, 110),
            border_focused: fg(120, 170, 240),
            label: fg(150, 150, 150),
            value: Style::new(),
            focused_row: bg(50, 70, 110).add_modifier(Modifier::BOLD),
            error: fg(240, 90, 90).add_modifier(Modifier::BOLD),
            warning: fg(230, 190, 70),
            ok: fg(110, 200, 110).add_modifier(Modifier::BOLD),
            muted: fg(140, 140, 140),
            fen: Style::new(),
            fen_focused: bg(50, 70, 110).add_modifier(Modifier::BOLD),
            fen_error: fg(240, 90, 90)
                .add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
                .underline_color(c(240, 90, 90)),
            key: fg(120, 170, 240).add_modifier(Modifier::BOLD),
            hint: fg(150, 150, 150),
            message: fg(230, 230, 230).add_modifier(Modifier::BOLD),
            overlay: bg(30, 34, 44).fg(c(230, 230, 230)),
        }
    }

    /// Attributes only: everything still distinguishable without colour.
    fn mono() -> Theme {
        let plain = Style::new();
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let dim = Style::new().add_modifier(Modifier::DIM);
        let reversed = Style::new().add_modifier(Modifier::REVERSED);
        Theme {
            mode: ColorMode::Mono,
            light_square: plain,
            dark_square: plain,
            white_piece: bold,
            black_piece: plain,
            coordinate: dim,
            cursor: reversed,
            picked: bold.add_modifier(Modifier::UNDERLINED),
            error_square: bold.add_modifier(Modifier::UNDERLINED),
            warning_square: Style::new().add_modifier(Modifier::UNDERLINED),
            last_move_light: Style::new().add_modifier(Modifier::UNDERLINED),
            last_move_dark: Style::new().add_modifier(Modifier::UNDERLINED),
            xiangqi_board: plain,
            xiangqi_piece_bg: plain,
            red_piece: bold,
            river: bold,
            title: reversed,
            title_modified: reversed.add_modifier(Modifier::BOLD),
            border: dim,
            border_focused: bold,
            label: dim,
            value: plain,
            focused_row: reversed,
            error: bold,
            warning: plain,
            ok: bold,
            muted: dim,
            fen: plain,
            fen_focused: reversed,
            fen_error: bold.add_modifier(Modifier::UNDERLINED),
            key: bold,
            hint: dim,
            message: bold,
            overlay: plain,
        }
    }

    pub fn from_env() -> Theme {
        Theme::new(ColorMode::from_env())
    }

    pub fn is_mono(&self) -> bool {
        self.mode == ColorMode::Mono
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_wins_over_colorterm() {
        assert_eq!(
            ColorMode::from_vars(true, Some("truecolor")),
            ColorMode::Mono
        );
        assert_eq!(
            ColorMode::from_vars(false, Some("24bit")),
            ColorMode::TrueColor
        );
        assert_eq!(ColorMode::from_vars(false, None), ColorMode::Indexed);
        assert_eq!(ColorMode::from_vars(false, Some("")), ColorMode::Indexed);
    }

    #[test]
    fn the_256_colour_cube_and_grey_ramp_are_hit_exactly() {
        assert_eq!(nearest_256(0, 0, 0), 16);
        assert_eq!(nearest_256(255, 255, 255), 231);
        assert_eq!(nearest_256(255, 0, 0), 196);
        assert_eq!(nearest_256(128, 128, 128), 244);
        assert_eq!(nearest_256(95, 135, 175), 16 + 36 + 12 + 3);
    }

    #[test]
    fn mono_theme_uses_no_colour() {
        let t = Theme::new(ColorMode::Mono);
        for style in [t.light_square, t.dark_square, t.cursor, t.error, t.title] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
        assert!(t.cursor.add_modifier.contains(Modifier::REVERSED));
    }
}

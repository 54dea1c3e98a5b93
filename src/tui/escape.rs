//! A frame's cells as escape sequences, written straight into the terminal's buffer: the bytes
//! ratatui's crossterm backend writes for the same cells (a test holds them to it), without the
//! `fmt` machinery it goes through, which cost more than drawing the cells of a key's frame.
//! With `NO_COLOR` set crossterm writes colour changes as empty parameter lists (`ESC [ ; m`,
//! which resets every attribute); this writes them as they are.

use std::io::{self, Write};

use ratatui::buffer::Cell;
use ratatui::style::{Color, Modifier};

/// Writes `content` (column, row, cell, in the order of a frame's diff) and resets colours and
/// attributes at the end, as ratatui's `Backend::draw` does. The bytes are gathered in a buffer
/// on the stack and written a few kilobytes at a time, rather than twice per cell.
pub fn draw<'a, W: Write>(
    w: &mut W,
    content: impl Iterator<Item = (u16, u16, &'a Cell)>,
) -> io::Result<()> {
    let mut fg = Color::Reset;
    let mut bg = Color::Reset;
    let mut underline = Color::Reset;
    let mut modifier = Modifier::empty();
    let mut last: Option<(u16, u16)> = None;
    let mut seq = Seq::new();
    for (x, y, cell) in content {
        let symbol = cell.symbol().as_bytes();
        if seq.room() < CELL_ESCAPES + symbol.len() {
            w.write_all(seq.bytes())?;
            seq.clear();
        }
        // The cursor moves on by itself to the next column of the same row.
        if !matches!(last, Some((px, py)) if x == px.wrapping_add(1) && y == py) {
            seq.csi();
            seq.num(u32::from(y) + 1);
            seq.push(b";");
            seq.num(u32::from(x) + 1);
            seq.push(b"H");
        }
        last = Some((x, y));
        if cell.modifier != modifier {
            modifier_diff(&mut seq, modifier, cell.modifier);
            modifier = cell.modifier;
        }
        if cell.fg != fg || cell.bg != bg {
            seq.csi();
            color(&mut seq, 38, cell.fg);
            seq.push(b";");
            color(&mut seq, 48, cell.bg);
            seq.push(b"m");
            fg = cell.fg;
            bg = cell.bg;
        }
        if cell.underline_color != underline {
            seq.csi();
            color(&mut seq, 58, cell.underline_color);
            seq.push(b"m");
            underline = cell.underline_color;
        }
        if symbol.len() <= seq.room() {
            seq.push(symbol);
        } else {
            // A symbol too long for the buffer (a long grapheme cluster) goes on its own.
            w.write_all(seq.bytes())?;
            seq.clear();
            w.write_all(symbol)?;
        }
    }
    const RESET: &[u8] = b"\x1b[39m\x1b[49m\x1b[59m\x1b[0m";
    if seq.room() < RESET.len() {
        w.write_all(seq.bytes())?;
        seq.clear();
    }
    seq.push(RESET);
    w.write_all(seq.bytes())
}

/// The most bytes of escape sequences before one cell's symbol: a move, every attribute change,
/// two RGB colours and an underline colour take well under this.
const CELL_ESCAPES: usize = 192;

/// The SGR sequences that take the attributes from `from` to `to`, in crossterm's order.
fn modifier_diff(seq: &mut Seq, from: Modifier, to: Modifier) {
    let removed = from - to;
    if removed.contains(Modifier::REVERSED) {
        seq.sgr(27);
    }
    let reset_intensity = removed.intersects(Modifier::BOLD | Modifier::DIM);
    if reset_intensity {
        // Normal intensity ends both bold and dim: the one that stays is set again.
        seq.sgr(22);
        if to.contains(Modifier::DIM) {
            seq.sgr(2);
        }
        if to.contains(Modifier::BOLD) {
            seq.sgr(1);
        }
    }
    for (flag, code) in [
        (Modifier::ITALIC, 23),
        (Modifier::UNDERLINED, 24),
        (Modifier::CROSSED_OUT, 29),
        (Modifier::HIDDEN, 28),
    ] {
        if removed.contains(flag) {
            seq.sgr(code);
        }
    }
    if removed.intersects(Modifier::SLOW_BLINK | Modifier::RAPID_BLINK) {
        seq.sgr(25);
    }
    let added = to - from;
    for (flag, code, unless_reset) in [
        (Modifier::REVERSED, 7, false),
        (Modifier::BOLD, 1, true),
        (Modifier::ITALIC, 3, false),
        (Modifier::UNDERLINED, 4, false),
        (Modifier::DIM, 2, true),
        (Modifier::CROSSED_OUT, 9, false),
        (Modifier::HIDDEN, 8, false),
        (Modifier::SLOW_BLINK, 5, false),
        (Modifier::RAPID_BLINK, 6, false),
    ] {
        if added.contains(flag) && !(unless_reset && reset_intensity) {
            seq.sgr(code);
        }
    }
}

/// A colour's SGR parameters after `base` (38 foreground, 48 background, 58 underline); the
/// default colour is `base + 1`. ratatui's sixteen named colours are the first sixteen of the
/// 256-colour palette, as crossterm writes them.
fn color(seq: &mut Seq, base: u32, c: Color) {
    let indexed = match c {
        Color::Reset => {
            seq.num(base + 1);
            return;
        }
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(i) => i,
        Color::Rgb(r, g, b) => {
            seq.num(base);
            seq.push(b";2;");
            seq.num(u32::from(r));
            seq.push(b";");
            seq.num(u32::from(g));
            seq.push(b";");
            seq.num(u32::from(b));
            return;
        }
    };
    seq.num(base);
    seq.push(b";5;");
    seq.num(u32::from(indexed));
}

/// Escape sequences and symbols gathered on the stack before they are written: room for the
/// cells of a keystroke's frame.
struct Seq {
    buf: [u8; 2048],
    len: usize,
}

impl Seq {
    fn new() -> Seq {
        Seq {
            buf: [0; 2048],
            len: 0,
        }
    }

    fn room(&self) -> usize {
        self.buf.len() - self.len
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    fn push(&mut self, bytes: &[u8]) {
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }

    fn csi(&mut self) {
        self.push(b"\x1b[");
    }

    fn sgr(&mut self, code: u32) {
        self.csi();
        self.num(code);
        self.push(b"m");
    }

    /// `n` in decimal. Nearly all are below 1000 (colour components, rows, columns): those are
    /// written without a loop.
    #[inline]
    fn num(&mut self, n: u32) {
        let digit = |d: u32| b'0' + (d % 10) as u8;
        match n {
            0..10 => self.push(&[digit(n)]),
            10..100 => self.push(&[digit(n / 10), digit(n)]),
            100..1000 => self.push(&[digit(n / 100), digit(n / 10), digit(n)]),
            _ => {
                let mut digits = [0u8; 10];
                let mut i = digits.len();
                let mut n = n;
                while n > 0 {
                    i -= 1;
                    digits[i] = digit(n);
                    n /= 10;
                }
                self.push(&digits[i..]);
            }
        }
    }

    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use ratatui::backend::{Backend, CrosstermBackend};

    use super::*;

    fn any_color() -> impl Strategy<Value = Color> {
        prop_oneof![
            Just(Color::Reset),
            (0u8..16).prop_map(|i| [
                Color::Black,
                Color::Red,
                Color::Green,
                Color::Yellow,
                Color::Blue,
                Color::Magenta,
                Color::Cyan,
                Color::Gray,
                Color::DarkGray,
                Color::LightRed,
                Color::LightGreen,
                Color::LightYellow,
                Color::LightBlue,
                Color::LightMagenta,
                Color::LightCyan,
                Color::White,
            ][usize::from(i)]),
            any::<u8>().prop_map(Color::Indexed),
            any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Color::Rgb(r, g, b)),
        ]
    }

    fn any_cell() -> impl Strategy<Value = Cell> {
        (
            prop_oneof![
                Just(" "),
                Just("a"),
                Just("♞"),
                Just("帥"),
                Just("▀"),
                Just("")
            ],
            any_color(),
            any_color(),
            any_color(),
            any::<u16>().prop_map(Modifier::from_bits_truncate),
        )
            .prop_map(|(symbol, fg, bg, underline, modifier)| {
                let mut cell = Cell::new(symbol);
                cell.fg = fg;
                cell.bg = bg;
                cell.underline_color = underline;
                cell.modifier = modifier;
                cell
            })
    }

    /// Runs of cells: each either follows the one before on its row (no move written) or
    /// jumps anywhere.
    fn any_frame() -> impl Strategy<Value = Vec<(u16, u16, Cell)>> {
        prop::collection::vec((any::<bool>(), 0u16..300, 0u16..120, any_cell()), 0..60).prop_map(
            |cells| {
                let mut at = (0u16, 0u16);
                cells
                    .into_iter()
                    .map(|(next, x, y, cell)| {
                        at = if next {
                            (at.0.wrapping_add(1), at.1)
                        } else {
                            (x, y)
                        };
                        (at.0, at.1, cell)
                    })
                    .collect()
            },
        )
    }

    fn ours(frame: &[(u16, u16, Cell)]) -> Vec<u8> {
        let mut out = Vec::new();
        draw(&mut out, frame.iter().map(|(x, y, c)| (*x, *y, c))).unwrap();
        out
    }

    fn crossterm(frame: &[(u16, u16, Cell)]) -> Vec<u8> {
        assert!(
            std::env::var_os("NO_COLOR").is_none(),
            "crossterm writes no colours with NO_COLOR set: run this test without it"
        );
        let mut out = Vec::new();
        CrosstermBackend::new(&mut out)
            .draw(frame.iter().map(|(x, y, c)| (*x, *y, c)))
            .unwrap();
        out
    }

    proptest! {
        #[test]
        fn writes_the_bytes_ratatuis_crossterm_backend_writes(frame in any_frame()) {
            let (ours, theirs) = (ours(&frame), crossterm(&frame));
            prop_assert_eq!(String::from_utf8_lossy(&ours), String::from_utf8_lossy(&theirs));
        }
    }

    #[test]
    fn frames_longer_than_the_buffer_are_written_whole() {
        // Many cells of changing colours, and symbols longer than the buffer and nearly as long.
        let mut frame = Vec::new();
        for i in 0..400u16 {
            let symbol = match i {
                100 => "x".repeat(5000),
                200 => "y".repeat(2040),
                _ => "z".into(),
            };
            let mut cell = Cell::default();
            cell.set_symbol(&symbol);
            cell.fg = Color::Rgb(i as u8, 1, 2);
            cell.bg = Color::Rgb(3, i as u8, 4);
            frame.push((i % 120, i / 120 * 2, cell));
        }
        for n in [0, 1, 50, 99, 100, 101, 199, 200, 201, 400] {
            let part = &frame[..n];
            assert_eq!(ours(part), crossterm(part), "{n} cells");
        }
    }

    #[test]
    fn an_empty_frame_only_resets() {
        assert_eq!(ours(&[]), b"\x1b[39m\x1b[49m\x1b[59m\x1b[0m");
    }

    #[test]
    fn a_run_on_one_row_moves_once_and_sets_its_colours_once() {
        let mut cell = Cell::new("x");
        cell.fg = Color::Indexed(95);
        cell.modifier = Modifier::BOLD;
        let frame = [(3, 1, cell.clone()), (4, 1, cell.clone()), (9, 1, cell)];
        assert_eq!(
            String::from_utf8(ours(&frame)).unwrap(),
            "\x1b[2;4H\x1b[1m\x1b[38;5;95;49mxx\x1b[2;10Hx\x1b[39m\x1b[49m\x1b[59m\x1b[0m"
        );
    }
}

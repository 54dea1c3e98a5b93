//! The terminal's input bytes decoded into events: keys, mouse reports and bracketed pastes,
//! as crossterm decodes them (the same `Event` values for the same bytes; a test holds the two
//! side by side through a pseudo-terminal). The event loop reads the terminal itself, so that a
//! keystroke costs one `read` and no second poller.
//!
//! Bytes gather until they make an event, cannot yet (half a sequence) or cannot at all
//! (garbage, dropped with what gathered before it). A lone Escape is a key unless more bytes
//! came in the same read: then it starts a sequence.

use std::collections::VecDeque;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MediaKeyCode,
    ModifierKeyCode, MouseButton, MouseEvent, MouseEventKind,
};

/// Bytes in, events out.
#[derive(Debug, Default)]
pub struct Decoder {
    /// The bytes of the sequence under way.
    pending: Vec<u8>,
    events: VecDeque<Event>,
}

/// What the gathered bytes make.
#[derive(Debug, PartialEq)]
enum Parsed {
    /// An event (`None`: a report for nobody, such as a cursor position, consumed).
    Done(Option<Event>),
    /// The start of a sequence: wait for more bytes.
    Partial,
    /// Not a sequence: drop what gathered.
    Invalid,
}

use Parsed::{Done, Invalid, Partial};

impl Decoder {
    /// Decodes `bytes`, one read's worth; `more` when more may follow at once (the read filled
    /// its buffer), so that an Escape at the end is not yet a key.
    pub fn feed(&mut self, bytes: &[u8], more: bool) {
        for (i, &b) in bytes.iter().enumerate() {
            self.pending.push(b);
            match parse(&self.pending, more || i + 1 < bytes.len()) {
                Done(ev) => {
                    self.events.extend(ev);
                    self.pending.clear();
                }
                Partial => {}
                Invalid => self.pending.clear(),
            }
        }
    }
}

/// The decoded events, oldest first.
impl Iterator for Decoder {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        self.events.pop_front()
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Parsed {
    Done(Some(Event::Key(KeyEvent::new(code, modifiers))))
}

fn plain(code: KeyCode) -> Parsed {
    key(code, KeyModifiers::NONE)
}

/// What `b` (non-empty) makes; `more` when further bytes follow in the same read.
fn parse(b: &[u8], more: bool) -> Parsed {
    match b[0] {
        0x1b => match b.get(1) {
            None if more => Partial,
            None => plain(KeyCode::Esc),
            Some(b'O') => match b.get(2) {
                None => Partial,
                Some(&c) => ss3(c),
            },
            Some(b'[') => csi(b),
            Some(0x1b) => plain(KeyCode::Esc),
            // Escape before a key is Alt with it.
            Some(_) => match parse(&b[1..], more) {
                Done(Some(Event::Key(mut k))) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Done(Some(Event::Key(k)))
                }
                other => other,
            },
        },
        b'\r' => plain(KeyCode::Enter),
        b'\t' => plain(KeyCode::Tab),
        0x7f => plain(KeyCode::Backspace),
        // Raw mode: a line feed is Ctrl+J, as are the other control bytes their letters.
        c @ 0x01..=0x1a => key(KeyCode::Char((c - 1 + b'a') as char), KeyModifiers::CONTROL),
        c @ 0x1c..=0x1f => key(
            KeyCode::Char((c - 0x1c + b'4') as char),
            KeyModifiers::CONTROL,
        ),
        0 => key(KeyCode::Char(' '), KeyModifiers::CONTROL),
        _ => match utf8_char(b) {
            Some(Some(c)) => {
                let shift = if c.is_uppercase() {
                    KeyModifiers::SHIFT
                } else {
                    KeyModifiers::NONE
                };
                key(KeyCode::Char(c), shift)
            }
            Some(None) => Partial,
            None => Invalid,
        },
    }
}

/// `ESC O c`: cursor keys in application mode, F1–F4.
fn ss3(c: u8) -> Parsed {
    match c {
        b'D' => plain(KeyCode::Left),
        b'C' => plain(KeyCode::Right),
        b'A' => plain(KeyCode::Up),
        b'B' => plain(KeyCode::Down),
        b'H' => plain(KeyCode::Home),
        b'F' => plain(KeyCode::End),
        b'P'..=b'S' => plain(KeyCode::F(1 + c - b'P')),
        _ => Invalid,
    }
}

/// `ESC [ …` (the first two bytes checked).
fn csi(b: &[u8]) -> Parsed {
    let Some(&first) = b.get(2) else {
        return Partial;
    };
    match first {
        // The Linux console's F1–F5.
        b'[' => match b.get(3) {
            None => Partial,
            Some(&c @ b'A'..=b'E') => plain(KeyCode::F(1 + c - b'A')),
            Some(_) => Invalid,
        },
        b'D' => plain(KeyCode::Left),
        b'C' => plain(KeyCode::Right),
        b'A' => plain(KeyCode::Up),
        b'B' => plain(KeyCode::Down),
        b'H' => plain(KeyCode::Home),
        b'F' => plain(KeyCode::End),
        b'Z' => key(KeyCode::BackTab, KeyModifiers::SHIFT),
        b'M' => x10_mouse(b),
        b'<' => sgr_mouse(b),
        b'I' => Done(Some(Event::FocusGained)),
        b'O' => Done(Some(Event::FocusLost)),
        b';' => modified_key(b),
        // Kitty's F1, F2 and F4 without modifiers.
        b'P' => plain(KeyCode::F(1)),
        b'Q' => plain(KeyCode::F(2)),
        b'S' => plain(KeyCode::F(4)),
        // Answers to queries fenboard never makes (keyboard flags, device attributes).
        b'?' => match b[b.len() - 1] {
            b'u' if b.len() < 5 => Partial,
            b'u' | b'c' => Done(None),
            _ => sequence_goes_on(b),
        },
        b'0'..=b'9' => {
            // A paste's text may hold anything up to its end marker.
            if b.starts_with(b"\x1b[200~") {
                return paste(b);
            }
            let last = b[b.len() - 1];
            if b.len() == 3 || !(64..=126).contains(&last) {
                return sequence_goes_on(b);
            }
            match last {
                b'M' => rxvt_mouse(b),
                b'~' => special_key(b),
                b'u' => csi_u_key(b),
                // A cursor position report.
                b'R' => match params(b)
                    .and_then(|p| Some((coordinate(p.first())?, coordinate(p.get(1))?)))
                {
                    Some(_) => Done(None),
                    None => Invalid,
                },
                _ => modified_key(b),
            }
        }
        _ => Invalid,
    }
}

/// A sequence not yet ended: parameter and intermediate bytes (0x20–0x3f) keep it going, any
/// other byte (a control byte, a key typed after a stray `ESC [`) is not one.
fn sequence_goes_on(b: &[u8]) -> Parsed {
    match b[b.len() - 1] {
        0x20..=0x3f => Partial,
        _ => Invalid,
    }
}

/// The parameters between `ESC [` and the final byte, split at `;`.
fn params(b: &[u8]) -> Option<Vec<&str>> {
    std::str::from_utf8(&b[2..b.len() - 1])
        .ok()
        .map(|s| s.split(';').collect())
}

fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    s.parse().ok()
}

/// A parameter `modifiers[:kind]`.
fn modifiers_and_kind(p: Option<&&str>) -> Option<(u8, u8)> {
    let mut parts = p?.split(':');
    let mask = number(parts.next()?)?;
    let kind = parts.next().and_then(number).unwrap_or(1);
    Some((mask, kind))
}

/// xterm's modifier parameter: one more than a mask of Shift 1, Alt 2, Ctrl 4, Super 8,
/// Hyper 16, Meta 32 (and Caps Lock 64, Num Lock 128 in `state`).
fn modifiers(mask: u8) -> KeyModifiers {
    let m = mask.saturating_sub(1);
    let mut out = KeyModifiers::NONE;
    for (bit, flag) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ] {
        if m & bit != 0 {
            out |= flag;
        }
    }
    out
}

fn lock_state(mask: u8) -> KeyEventState {
    let m = mask.saturating_sub(1);
    let mut state = KeyEventState::NONE;
    if m & 64 != 0 {
        state |= KeyEventState::CAPS_LOCK;
    }
    if m & 128 != 0 {
        state |= KeyEventState::NUM_LOCK;
    }
    state
}

fn kind(code: u8) -> KeyEventKind {
    match code {
        2 => KeyEventKind::Repeat,
        3 => KeyEventKind::Release,
        _ => KeyEventKind::Press,
    }
}

fn full_key(code: KeyCode, m: KeyModifiers, k: KeyEventKind, s: KeyEventState) -> Parsed {
    Done(Some(Event::Key(KeyEvent::new_with_kind_and_state(
        code, m, k, s,
    ))))
}

/// `ESC [ 1 ; m X` and its older forms `ESC [ m X`: a cursor or function key with modifiers.
fn modified_key(b: &[u8]) -> Parsed {
    let Some(p) = params(b) else {
        return Invalid;
    };
    let (mods, k) = match modifiers_and_kind(p.get(1)) {
        Some((mask, k)) => (modifiers(mask), kind(k)),
        None if b.len() > 3 => match (b[b.len() - 2] as char).to_digit(10) {
            Some(d) => (modifiers(d as u8), KeyEventKind::Press),
            None => return Invalid,
        },
        None => (KeyModifiers::NONE, KeyEventKind::Press),
    };
    let code = match b[b.len() - 1] {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'F' => KeyCode::End,
        b'H' => KeyCode::Home,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return Invalid,
    };
    full_key(code, mods, k, KeyEventState::NONE)
}

/// `ESC [ n ; m ~`: Home, Insert, Delete, End, PgUp, PgDn, F5–F20.
fn special_key(b: &[u8]) -> Parsed {
    let Some(p) = params(b) else {
        return Invalid;
    };
    let Some(n) = p.first().and_then(|s| number::<u8>(s)) else {
        return Invalid;
    };
    let (mods, k, state) = match modifiers_and_kind(p.get(1)) {
        Some((mask, k)) => (modifiers(mask), kind(k), lock_state(mask)),
        None => (KeyModifiers::NONE, KeyEventKind::Press, KeyEventState::NONE),
    };
    let code = match n {
        1 | 7 => KeyCode::Home,
        2 => KeyCode::Insert,
        3 => KeyCode::Delete,
        4 | 8 => KeyCode::End,
        5 => KeyCode::PageUp,
        6 => KeyCode::PageDown,
        11..=15 => KeyCode::F(n - 10),
        17..=21 => KeyCode::F(n - 11),
        23..=26 => KeyCode::F(n - 12),
        28..=29 => KeyCode::F(n - 15),
        31..=34 => KeyCode::F(n - 17),
        _ => return Invalid,
    };
    full_key(code, mods, k, state)
}

/// `ESC [ code[:shifted] ; m[:kind] u`: the fixterms / kitty encoding of a key.
fn csi_u_key(b: &[u8]) -> Parsed {
    let Some(p) = params(b) else {
        return Invalid;
    };
    let mut codes = p[0].split(':');
    let Some(code) = codes.next().and_then(number::<u32>) else {
        return Invalid;
    };
    let (mut mods, k, lock) = match modifiers_and_kind(p.get(1)) {
        Some((mask, k)) => (modifiers(mask), kind(k), lock_state(mask)),
        None => (KeyModifiers::NONE, KeyEventKind::Press, KeyEventState::NONE),
    };
    let (mut keycode, keypad) = match functional_key(code) {
        Some(found) => found,
        None => match char::from_u32(code) {
            Some('\x1b') => (KeyCode::Esc, KeyEventState::NONE),
            Some('\r') => (KeyCode::Enter, KeyEventState::NONE),
            Some('\t') if mods.contains(KeyModifiers::SHIFT) => {
                (KeyCode::BackTab, KeyEventState::NONE)
            }
            Some('\t') => (KeyCode::Tab, KeyEventState::NONE),
            Some('\x7f') => (KeyCode::Backspace, KeyEventState::NONE),
            Some(c) => (KeyCode::Char(c), KeyEventState::NONE),
            None => return Invalid,
        },
    };
    // A modifier key pressed alone holds itself.
    if let KeyCode::Modifier(m) = keycode {
        use ModifierKeyCode as M;
        mods |= match m {
            M::LeftAlt | M::RightAlt => KeyModifiers::ALT,
            M::LeftControl | M::RightControl => KeyModifiers::CONTROL,
            M::LeftShift | M::RightShift => KeyModifiers::SHIFT,
            M::LeftSuper | M::RightSuper => KeyModifiers::SUPER,
            M::LeftHyper | M::RightHyper => KeyModifiers::HYPER,
            M::LeftMeta | M::RightMeta => KeyModifiers::META,
            _ => KeyModifiers::NONE,
        };
    }
    // With Shift, the shifted character when the terminal reports it.
    if mods.contains(KeyModifiers::SHIFT)
        && let Some(c) = codes
            .next()
            .and_then(number::<u32>)
            .and_then(char::from_u32)
    {
        keycode = KeyCode::Char(c);
        mods.remove(KeyModifiers::SHIFT);
    }
    full_key(keycode, mods, k, keypad | lock)
}

/// The kitty protocol's private-use code points of keys that have no character.
fn functional_key(code: u32) -> Option<(KeyCode, KeyEventState)> {
    use MediaKeyCode as Md;
    use ModifierKeyCode as Mo;
    let keypad = KeyEventState::KEYPAD;
    let none = KeyEventState::NONE;
    let i = |from: u32| (code - from) as usize;
    Some(match code {
        57399..=57408 => (KeyCode::Char(char::from(b'0' + i(57399) as u8)), keypad),
        57409..=57416 => {
            let keys = [
                KeyCode::Char('.'),
                KeyCode::Char('/'),
                KeyCode::Char('*'),
                KeyCode::Char('-'),
                KeyCode::Char('+'),
                KeyCode::Enter,
                KeyCode::Char('='),
                KeyCode::Char(','),
            ];
            (keys[i(57409)], keypad)
        }
        57417..=57427 => {
            let keys = [
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::PageUp,
                KeyCode::PageDown,
                KeyCode::Home,
                KeyCode::End,
                KeyCode::Insert,
                KeyCode::Delete,
                KeyCode::KeypadBegin,
            ];
            (keys[i(57417)], keypad)
        }
        57358..=57363 => {
            let keys = [
                KeyCode::CapsLock,
                KeyCode::ScrollLock,
                KeyCode::NumLock,
                KeyCode::PrintScreen,
                KeyCode::Pause,
                KeyCode::Menu,
            ];
            (keys[i(57358)], none)
        }
        57376..=57398 => (KeyCode::F(13 + i(57376) as u8), none),
        57428..=57440 => {
            let keys = [
                Md::Play,
                Md::Pause,
                Md::PlayPause,
                Md::Reverse,
                Md::Stop,
                Md::FastForward,
                Md::Rewind,
                Md::TrackNext,
                Md::TrackPrevious,
                Md::Record,
                Md::LowerVolume,
                Md::RaiseVolume,
                Md::MuteVolume,
            ];
            (KeyCode::Media(keys[i(57428)]), none)
        }
        57441..=57454 => {
            let keys = [
                Mo::LeftShift,
                Mo::LeftControl,
                Mo::LeftAlt,
                Mo::LeftSuper,
                Mo::LeftHyper,
                Mo::LeftMeta,
                Mo::RightShift,
                Mo::RightControl,
                Mo::RightAlt,
                Mo::RightSuper,
                Mo::RightHyper,
                Mo::RightMeta,
                Mo::IsoLevel3Shift,
                Mo::IsoLevel5Shift,
            ];
            (KeyCode::Modifier(keys[i(57441)]), none)
        }
        _ => return None,
    })
}

/// What a mouse report's button byte says: the kind and the modifiers held.
fn mouse_button(cb: u8) -> Option<(MouseEventKind, KeyModifiers)> {
    let button = (cb & 0b11) | ((cb & 0b1100_0000) >> 4);
    let dragging = cb & 0b10_0000 != 0;
    let kind = match (button, dragging) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let mut mods = KeyModifiers::NONE;
    for (bit, flag) in [
        (0b100, KeyModifiers::SHIFT),
        (0b1000, KeyModifiers::ALT),
        (0b1_0000, KeyModifiers::CONTROL),
    ] {
        if cb & bit != 0 {
            mods |= flag;
        }
    }
    Some((kind, mods))
}

fn mouse(kind: MouseEventKind, mods: KeyModifiers, column: u16, row: u16) -> Parsed {
    Done(Some(Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: mods,
    })))
}

/// A 1-based coordinate made 0-based; 0 is no coordinate.
fn coordinate(s: Option<&&str>) -> Option<u16> {
    number::<u16>(s?)?.checked_sub(1)
}

/// `ESC [ M b x y`: the X10 encoding, each a byte offset by 32.
fn x10_mouse(b: &[u8]) -> Parsed {
    if b.len() < 6 {
        return Partial;
    }
    let Some((kind, mods)) = b[3].checked_sub(32).and_then(mouse_button) else {
        return Invalid;
    };
    let at = |c: u8| u16::from(c.saturating_sub(32)).checked_sub(1);
    match (at(b[4]), at(b[5])) {
        (Some(x), Some(y)) => mouse(kind, mods, x, y),
        _ => Invalid,
    }
}

/// `ESC [ b ; x ; y M`: rxvt's encoding.
fn rxvt_mouse(b: &[u8]) -> Parsed {
    let Some(p) = params(b) else {
        return Invalid;
    };
    let button = p
        .first()
        .and_then(|s| number::<u8>(s))
        .and_then(|cb| cb.checked_sub(32))
        .and_then(mouse_button);
    match (button, coordinate(p.get(1)), coordinate(p.get(2))) {
        (Some((kind, mods)), Some(x), Some(y)) => mouse(kind, mods, x, y),
        _ => Invalid,
    }
}

/// `ESC [ < b ; x ; y M` (pressed) or `m` (released): the SGR encoding.
fn sgr_mouse(b: &[u8]) -> Parsed {
    let last = b[b.len() - 1];
    if last != b'M' && last != b'm' {
        return sequence_goes_on(b);
    }
    let Some(p) = std::str::from_utf8(&b[3..b.len() - 1])
        .ok()
        .map(|s| s.split(';').collect::<Vec<_>>())
    else {
        return Invalid;
    };
    let button = p
        .first()
        .and_then(|s| number::<u8>(s))
        .and_then(mouse_button);
    match (button, coordinate(p.get(1)), coordinate(p.get(2))) {
        (Some((kind, mods)), Some(x), Some(y)) => {
            let kind = match kind {
                MouseEventKind::Down(button) if last == b'm' => MouseEventKind::Up(button),
                other => other,
            };
            mouse(kind, mods, x, y)
        }
        _ => Invalid,
    }
}

/// `ESC [ 200 ~ text ESC [ 201 ~`: a bracketed paste.
fn paste(b: &[u8]) -> Parsed {
    match b.strip_suffix(b"\x1b[201~") {
        Some(text) if text.len() >= 6 => Done(Some(Event::Paste(
            String::from_utf8_lossy(&text[6..]).into_owned(),
        ))),
        _ => Partial,
    }
}

/// The character `b` starts with: `Some(None)` while its UTF-8 is incomplete, `None` when it
/// is not UTF-8.
fn utf8_char(b: &[u8]) -> Option<Option<char>> {
    if let Ok(s) = std::str::from_utf8(b) {
        return s.chars().next().map(Some);
    }
    let needed = match b[0] {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return None,
    };
    let continuation = b[1..].iter().all(|&c| c & 0b1100_0000 == 0b1000_0000);
    (continuation && b.len() < needed).then_some(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(chunks: &[(&[u8], bool)]) -> Vec<Event> {
        let mut d = Decoder::default();
        let mut events = Vec::new();
        for (bytes, more) in chunks {
            d.feed(bytes, *more);
            events.extend(d.by_ref());
        }
        events
    }

    fn k(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn an_escape_at_the_end_of_a_read_is_a_key_unless_more_follows() {
        assert_eq!(decode(&[(b"\x1b", false)]), [k(KeyCode::Esc)]);
        assert_eq!(decode(&[(b"\x1b", true), (b"[A", false)]), [k(KeyCode::Up)]);
    }

    #[test]
    fn garbage_is_dropped_and_the_keys_after_it_read() {
        let events = decode(&[(b"\x1b[x\xffq\x1b[99~\x1b[B", false)]);
        assert_eq!(events, [k(KeyCode::Char('q')), k(KeyCode::Down)]);
    }

    #[test]
    fn a_key_typed_after_a_stray_sequence_start_is_not_swallowed_for_long() {
        // `ESC [ <` never ended: the letter ends it, and the next keys read.
        let events = decode(&[(b"\x1b[<1;2", false), (b"xab", false)]);
        assert_eq!(events, [k(KeyCode::Char('a')), k(KeyCode::Char('b'))]);
    }

    #[test]
    fn reports_for_nobody_make_no_event() {
        assert_eq!(decode(&[(b"\x1b[12;40R\x1b[?1u\x1b[?64;1c", false)]), []);
    }
}

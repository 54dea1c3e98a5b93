//! The OSC 52 escape sequence: terminals (and tmux with `set-clipboard on`) put its base64 payload
//! on the system clipboard, which is the only way to reach the user's clipboard over SSH.

/// Longest text sent through OSC 52. Terminals cap the sequence (xterm and tmux near 100 kB);
/// a longer one is dropped or truncated by them without a word, so refuse it here instead.
pub const MAX_TEXT_BYTES: usize = 74_000;

/// How the sequence must be framed to reach the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// Written as is: the terminal itself, or tmux with `set-clipboard on`, which keeps a paste
    /// buffer and forwards the sequence to the outer terminal.
    Plain,
    /// Inside a tmux DCS passthrough (`allow-passthrough on`), which tmux hands to the outer
    /// terminal untouched: `ESC P tmux; <sequence with every ESC doubled> ESC \`.
    TmuxPassthrough,
}

/// The bytes that set the clipboard (selection `c`) to `text`, or why they cannot.
pub fn sequence(text: &str, framing: Framing) -> Result<Vec<u8>, String> {
    if text.is_empty() {
        return Err("nothing to copy".into());
    }
    if text.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{} bytes is too long for OSC 52 (at most {MAX_TEXT_BYTES})",
            text.len()
        ));
    }
    let mut plain = b"\x1b]52;c;".to_vec();
    plain.extend_from_slice(base64(text.as_bytes()).as_bytes());
    plain.push(0x07);
    Ok(match framing {
        Framing::Plain => plain,
        Framing::TmuxPassthrough => {
            let mut wrapped = b"\x1bPtmux;".to_vec();
            for &b in &plain {
                if b == 0x1b {
                    wrapped.push(0x1b);
                }
                wrapped.push(b);
            }
            wrapped.extend_from_slice(b"\x1b\\");
            wrapped
        }
    })
}

/// Standard base64 (RFC 4648, with padding), as OSC 52 requires.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (input, expected) in vectors {
            assert_eq!(base64(input.as_bytes()), expected, "{input:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn plain_sequence_is_exact() {
        let bytes = sequence("8/8/8/8/8/8/8/8 w - - 0 1", Framing::Plain).unwrap();
        assert_eq!(
            bytes,
            b"\x1b]52;c;OC84LzgvOC84LzgvOC84IHcgLSAtIDAgMQ==\x07".to_vec()
        );
    }

    #[test]
    fn start_position_sequence_is_exact() {
        let bytes = sequence(START, Framing::Plain).unwrap();
        let expected = "\x1b]52;c;cm5icWtibnIvcHBwcHBwcHAvOC84LzgvOC9QUFBQUFBQUC9STkJRS0JOUiB3IEtRa3EgLSAwIDE=\x07";
        assert_eq!(String::from_utf8(bytes).unwrap(), expected);
    }

    #[test]
    fn tmux_passthrough_wraps_and_doubles_every_escape() {
        let bytes = sequence("8/8/8/8/8/8/8/8 w - - 0 1", Framing::TmuxPassthrough).unwrap();
        assert_eq!(
            bytes,
            b"\x1bPtmux;\x1b\x1b]52;c;OC84LzgvOC84LzgvOC84IHcgLSAtIDAgMQ==\x07\x1b\\".to_vec()
        );
    }

    #[test]
    fn control_characters_travel_inside_the_base64_payload() {
        let text = "a\x1b]0;pwned\x07\n\r\0b";
        for framing in [Framing::Plain, Framing::TmuxPassthrough] {
            let bytes = sequence(text, framing).unwrap();
            let escapes = bytes.iter().filter(|&&b| b == 0x1b).count();
            let bells = bytes.iter().filter(|&&b| b == 0x07).count();
            // Only the framing's own ESC and BEL bytes: none from the text.
            let (want_esc, want_bel) = match framing {
                Framing::Plain => (1, 1),
                Framing::TmuxPassthrough => (4, 1),
            };
            assert_eq!((escapes, bells), (want_esc, want_bel), "{framing:?}");
            assert!(!bytes.contains(&b'\n') && !bytes.contains(&0));
        }
    }

    #[test]
    fn empty_and_huge_text_are_refused_with_a_reason() {
        assert_eq!(sequence("", Framing::Plain), Err("nothing to copy".into()));
        let huge = "x".repeat(MAX_TEXT_BYTES + 1);
        let err = sequence(&huge, Framing::Plain).unwrap_err();
        assert!(err.contains("too long for OSC 52"), "{err}");
        let largest = "x".repeat(MAX_TEXT_BYTES);
        assert!(sequence(&largest, Framing::TmuxPassthrough).is_ok());
    }

    #[test]
    fn multibyte_text_is_encoded_as_utf8() {
        let bytes = sequence("帥", Framing::Plain).unwrap();
        assert_eq!(bytes, b"\x1b]52;c;5bil\x07".to_vec());
    }
}

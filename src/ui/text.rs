//! Every piece of text the screen and `fenboard show` print, in one place.

use crate::core::status::Status;
use crate::core::{Color, Game};

pub const APP_NAME: &str = "fenboard";

/// The six FEN fields, numbered 1–6 in this order.
pub const FIELD_NAMES: [&str; 6] = [
    "Piece placement",
    "Active colour",
    "Castling availability",
    "En passant target square",
    "Halfmove clock",
    "Fullmove number",
];

/// Shorter names for narrow panels.
pub const FIELD_SHORT_NAMES: [&str; 6] = [
    "Placement",
    "Side",
    "Castling",
    "En passant",
    "Halfmove",
    "Fullmove",
];

pub const FIELDS_TITLE: &str = "Fields";
pub const DIAGNOSTICS_TITLE: &str = "Diagnostics";
pub const FEN_TITLE: &str = "FEN";
pub const HELP_TITLE: &str = "Keys";
pub const HELP_FOOTER: &str = "Esc, ? or F1 closes this help";
pub const MODIFIED_MARK: &str = "[+]";
pub const NO_PROBLEMS: &str = "no problems found";
pub const TOO_SMALL_TITLE: &str = "Terminal too small";
pub const TOO_SMALL_QUIT: &str = "Ctrl-Q quits, Ctrl-C aborts";
pub const NOT_PARSED: &str = "the FEN does not read; the board shows the last one that did";

/// The "too small" message: current size and the size needed.
pub fn too_small(width: u16, height: u16, min_width: u16, min_height: u16) -> String {
    format!("{width}×{height}, needs at least {min_width}×{min_height}")
}

/// Side to move, in the game's words.
pub fn to_move(color: Color, game: Game) -> String {
    format!("{} to move", color.name(game))
}

/// The status lines of a position: legality, side to move, check, mate, move count.
pub fn status_line(status: Option<&Status>, errors: usize, color: Color, game: Game) -> String {
    let side = to_move(color, game);
    match status {
        _ if errors > 0 => format!("{} · {side}", illegal(errors)),
        None => format!("legal · {side}"),
        Some(s) => {
            let state = if s.checkmate {
                "checkmate"
            } else if s.stalemate {
                "stalemate"
            } else if s.check {
                "check"
            } else {
                ""
            };
            let moves = match s.legal_moves {
                1 => "1 legal move".to_owned(),
                n => format!("{n} legal moves"),
            };
            if state.is_empty() {
                format!("legal · {side} · {moves}")
            } else {
                format!("legal · {side} · {state} · {moves}")
            }
        }
    }
}

/// "illegal: N errors".
pub fn illegal(errors: usize) -> String {
    match errors {
        1 => "illegal: 1 error".to_owned(),
        n => format!("illegal: {n} errors"),
    }
}

/// A record counter such as `3/20`.
pub fn record(index: usize, count: usize) -> String {
    format!("{}/{}", index + 1, count)
}

/// A diagnostic as one line: `error[missing_king] field 1: message`.
pub fn diagnostic(severity: &str, code: &str, field: u8, message: &str) -> String {
    format!("{severity}[{code}] field {field}: {message}")
}

//! The key list as data, grouped by focus: the help overlay and the README's `## Keys` table
//! both follow it, and the keymap's tests check each entry is bound.

/// A group of keys that act in one place.
#[derive(Clone, Copy, Debug)]
pub struct KeyGroup {
    pub title: &'static str,
    /// `(keys, what they do)`.
    pub keys: &'static [(&'static str, &'static str)],
}

pub const BOARD: KeyGroup = KeyGroup {
    title: "Board",
    keys: &[
        ("arrows", "move the cursor"),
        (
            "g + square (g e4)",
            "jump the cursor; Esc or a wrong key cancels",
        ),
        (
            "a piece letter",
            "put that piece on the cursor square (upper case White/Red, lower case Black); \
             chess K Q R B N P, xiangqi K A B N R C P (E = B, H = N)",
        ),
        ("Space, x, Delete, Backspace", "empty the square"),
        (
            "Enter",
            "pick up the piece under the cursor; Enter again drops it there",
        ),
        ("t", "toggle side to move (clears the ep square)"),
        ("f", "flip the view (not the position)"),
        (
            "s",
            "swap colours (mirror ranks, swap piece colours, side and castling)",
        ),
        ("m", "mirror files (a↔h)"),
        ("X", "clear the board"),
        (
            "I",
            "initial position (Chess960: a number 0–959, or Enter/r for a random one)",
        ),
        ("G", "switch game (chess ↔ xiangqi)"),
        ("u, Ctrl-Z", "undo"),
        ("U, Ctrl-Y", "redo"),
        ("y", "copy the FEN to the clipboard"),
        ("Y", "copy a lichess analysis URL of the position"),
        (
            "d",
            "write the record's diagram (SVG, PNG) and copy the image",
        ),
        ("v, Ctrl-V", "paste a FEN from the clipboard"),
        ("Tab / Shift-Tab", "focus fields panel, FEN line, board"),
        ("/", "edit the FEN line"),
        ("?, F1", "help (this list)"),
        ("[ ]", "previous / next record of a collection"),
        ("+", "add a record after this one (a copy of this position)"),
        ("D", "delete this record (asks)"),
        ("Ctrl-S", "save the collection"),
        (
            "Ctrl-Q",
            "quit and print the FEN (asks when a collection has unsaved changes)",
        ),
        ("Ctrl-C", "abort: print nothing, exit status 130"),
        (
            "Esc",
            "close an overlay, cancel a pending key or pick-up, return focus to the board",
        ),
    ],
};

pub const FIELDS: KeyGroup = KeyGroup {
    title: "Fields panel",
    keys: &[
        ("↑ ↓", "choose the field"),
        ("Space, Enter, ← →", "side to move: change it"),
        (
            "K Q k q",
            "toggle a castling right (only where king and rook make it possible)",
        ),
        (
            "Space, Enter",
            "castling field: switch standard ↔ Chess960 castling",
        ),
        ("← →", "ep field: cycle the plausible squares and -"),
        ("digits, Backspace", "clocks: type the value"),
        ("+ - (or ← →)", "clocks: count up / down"),
        ("u U, Ctrl-Z Ctrl-Y, y, v, /, ?", "as on the board"),
        ("Esc", "back to the board"),
    ],
};

pub const FEN_LINE: KeyGroup = KeyGroup {
    title: "FEN line",
    keys: &[
        ("← → Home End, Ctrl-A Ctrl-E", "move in the text"),
        ("Backspace, Delete", "delete a character"),
        ("Ctrl-U", "delete to the start of the line"),
        (
            "Enter",
            "apply the text (the board previews it while it reads)",
        ),
        ("Esc", "restore the FEN of the position"),
        (
            "Tab / Shift-Tab",
            "apply a text that reads and move on (one that does not stays)",
        ),
    ],
};

pub const EVERYWHERE: KeyGroup = KeyGroup {
    title: "Anywhere",
    keys: &[
        (
            "paste (terminal)",
            "load a FEN that reads as one undo step, else open it in the FEN line with its errors \
             (in the FEN line: insert it at the cursor)",
        ),
        (
            "mouse left click",
            "put the brush (the last piece put) on the square",
        ),
        (
            "mouse drag",
            "move a piece; dragging off the board deletes it",
        ),
        ("mouse right click", "empty the square"),
        (
            "click on a panel field",
            "select it (side and ep: change it)",
        ),
        ("Ctrl-C", "abort"),
    ],
};

pub const OVERLAYS: KeyGroup = KeyGroup {
    title: "Questions",
    keys: &[
        ("y / n, Esc", "delete this record? yes / no"),
        (
            "s / d / c, Esc",
            "unsaved changes: save and quit / discard and quit / cancel",
        ),
        (
            "digits, Enter, r, Esc",
            "Chess960 number: type it / random / cancel",
        ),
    ],
};

/// Every group, in the order the help overlay shows them.
pub const GROUPS: &[KeyGroup] = &[BOARD, FIELDS, FEN_LINE, EVERYWHERE, OVERLAYS];

/// The key list as a Markdown section (what the README's `## Keys` holds).
pub fn markdown() -> String {
    let mut out = String::from("## Keys\n");
    for group in GROUPS {
        out.push_str(&format!(
            "\n{}:\n\n| key | action |\n|---|---|\n",
            group.title
        ));
        for (keys, action) in group.keys {
            out.push_str(&format!("| {} | {} |\n", keys.replace('|', "\\|"), action));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readme_keys_section_follows_the_key_list() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
        let section = markdown();
        assert!(
            readme.contains(&section),
            "README.md's `## Keys` section differs from editor::keys; replace it with:\n{section}"
        );
    }

    #[test]
    fn every_group_has_keys_and_descriptions() {
        for group in GROUPS {
            assert!(!group.keys.is_empty(), "{}", group.title);
            for (keys, action) in group.keys {
                assert!(!keys.is_empty() && !action.is_empty(), "{}", group.title);
            }
        }
    }
}

//! The six fields of a FEN, by name. Their numbers 1–6 (`number`) are what people and
//! `fenboard check --json` see; code names them.

use std::fmt;

/// One field of a FEN, in FEN order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Placement,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    /// Not a FEN field: the EPD operations after a record's position fields (`;D1 20`), where
    /// `fenboard check` reports a malformed one. Numbered 7; not in `ALL`, never selected.
    Operations,
}

impl Field {
    /// Every field, in FEN order.
    pub const ALL: [Field; 6] = [
        Field::Placement,
        Field::Side,
        Field::Castling,
        Field::EnPassant,
        Field::Halfmove,
        Field::Fullmove,
    ];

    /// The field's number in a FEN, 1–6.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Its position in `ALL` (and in a FEN's fields), 0–5.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The field numbered `n` (1–6).
    pub fn from_number(n: u8) -> Option<Field> {
        Field::ALL.get(usize::from(n.checked_sub(1)?)).copied()
    }

    /// The field after this one, the first after the last.
    pub fn next(self) -> Field {
        Field::ALL[(self.index().min(5) + 1) % 6]
    }

    /// The field before this one, the last before the first.
    pub fn prev(self) -> Field {
        Field::ALL[(self.index().min(5) + 5) % 6]
    }

    /// A halfmove or fullmove field: a number the panel types.
    pub const fn is_clock(self) -> bool {
        matches!(self, Field::Halfmove | Field::Fullmove)
    }
}

/// A field shows as its number, as in "field 3".
impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_run_from_1_to_6_and_back() {
        for (i, field) in Field::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(field.number()), i + 1);
            assert_eq!(Field::from_number(field.number()), Some(field));
            assert_eq!(field.next().prev(), field);
        }
        assert_eq!(Field::from_number(0), None);
        assert_eq!(Field::from_number(7), None);
        assert_eq!(Field::Fullmove.next(), Field::Placement);
        assert_eq!(Field::Placement.prev(), Field::Fullmove);
        assert_eq!(Field::Castling.to_string(), "3");
    }
}

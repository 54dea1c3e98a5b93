//! FEN reading (lenient, every problem reported with its span) and writing (canonical).

mod fast;
mod field;
mod fields;
mod read;
mod variant;
mod write;

pub use field::Field;
pub use fields::is_fen_space;
pub use read::{MAX_LEN, Read, detect, field_spans, read};
pub use write::{CastlingStyle, write, write_with};

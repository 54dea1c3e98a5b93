//! FEN reading (lenient, every problem reported with its span) and writing (canonical).

mod fast;
mod field;
mod fields;
mod read;
mod write;

pub use field::Field;
pub use read::{Read, detect, field_spans, read};
pub use write::{CastlingStyle, write, write_with};

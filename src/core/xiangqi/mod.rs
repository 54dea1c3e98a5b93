//! Xiangqi rules: attacks on the shared `Board`, and a fast legal move generator of its own.

pub mod attacks;
pub mod mailbox;
pub mod movegen;

pub use attacks::{attackers, in_check, is_attacked, palace_contains};
pub use mailbox::{Mailbox, SetupError};

//! The pure editing state machine: `State`, `Action`, `update`. No I/O and no terminal types:
//! the terminal runtime turns events into actions (`shell::keymap`) and runs the returned `Effect`s.

pub mod action;
pub mod analysis;
pub mod effect;
pub mod fen_line;
pub mod fields;
pub mod history;
pub mod keys;
pub mod line;
pub mod paste;
pub mod record;
pub mod solving;
pub mod state;
pub mod transform;
pub mod update;

pub use action::{Action, Answer, Direction, LineEdit};
pub use effect::{Effect, Notice};
pub use fen_line::FenLine;
pub use history::{History, Snapshot};
pub use state::{Focus, Options, Overlay, Pending, RecordKind, State};
pub use update::{Towards, update};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod play_tests;

#[cfg(test)]
mod solve_tests;

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod composer_tests;

#[cfg(test)]
mod record_tests;

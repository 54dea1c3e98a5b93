//! The editor's terminal runtime: the terminal's lifecycle, the event loop, the keymap from
//! terminal events to the editor's actions, and the workers that run its effects (clipboard,
//! diagram export, engine, solver) and watch signals.

pub mod app;
pub mod clipboard;
pub mod engine;
pub mod escape;
pub mod export;
pub mod exporter;
pub mod input;
pub mod keymap;
pub mod signals;
pub mod solver;
pub mod terminal;
pub mod text;

//! The shell: command line, terminal lifecycle, event loop, effects and subcommands.

pub mod app;
pub mod check;
pub mod cli;
pub mod clipboard;
pub mod diagram;
pub mod export;
pub mod keymap;
pub mod perft;
pub mod show;
pub mod signals;
pub mod solve;
pub mod terminal;

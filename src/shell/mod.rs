//! The shell: command line, terminal lifecycle, event loop, effects and subcommands.

pub mod cli;

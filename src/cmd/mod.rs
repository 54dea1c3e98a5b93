//! The subcommands: each is `run(args) -> cli::Result<ExitCode>`, printing its output on stdout.

pub mod check;
pub mod completions;
pub mod convert;
pub mod diagram;
pub mod man;
pub mod perft;
pub mod perft_suite;
pub mod show;
pub mod solve;

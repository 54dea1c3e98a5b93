//! The integration tests that need no terminal: the subcommands run as processes, the
//! collection, FEN and legality through the library, the example files. One binary, so one
//! link and one run (`cargo test --test tests`); the files are in `tests/suite/`.

mod common;

#[cfg(unix)]
#[path = "suite/bounded_input.rs"]
mod bounded_input;
#[path = "suite/check_cli.rs"]
mod check_cli;
#[path = "suite/cli_completions.rs"]
mod cli_completions;
#[path = "suite/cli_man.rs"]
mod cli_man;
#[cfg(unix)]
#[path = "suite/cli_output.rs"]
mod cli_output;
#[path = "suite/cli_perft.rs"]
mod cli_perft;
#[path = "suite/cli_perft_suite.rs"]
mod cli_perft_suite;
#[path = "suite/collection.rs"]
mod collection;
#[path = "suite/collection_props.rs"]
mod collection_props;
#[path = "suite/diagram.rs"]
mod diagram;
#[path = "suite/diagram_cli.rs"]
mod diagram_cli;
#[cfg(unix)]
#[path = "suite/editor_cli.rs"]
mod editor_cli;
#[path = "suite/examples.rs"]
mod examples;
#[path = "suite/fen_props.rs"]
mod fen_props;
#[path = "suite/languages_cli.rs"]
mod languages_cli;
#[path = "suite/latex.rs"]
mod latex;
#[path = "suite/notation_oracle.rs"]
mod notation_oracle;
#[path = "suite/one_english.rs"]
mod one_english;
#[path = "suite/oracle.rs"]
mod oracle;
#[path = "suite/perft.rs"]
mod perft;
#[path = "suite/pgn_cli.rs"]
mod pgn_cli;
#[path = "suite/popeye_cli.rs"]
mod popeye_cli;
#[path = "suite/popeye_examples.rs"]
mod popeye_examples;
#[path = "suite/popeye_roundtrip.rs"]
mod popeye_roundtrip;
#[path = "suite/retro_soundness.rs"]
mod retro_soundness;
#[path = "suite/show_cli.rs"]
mod show_cli;
#[path = "suite/solve_cli.rs"]
mod solve_cli;
#[path = "suite/solve_composers_oracle.rs"]
mod solve_composers_oracle;
#[path = "suite/solve_intelligent.rs"]
mod solve_intelligent;
#[path = "suite/solve_oracle.rs"]
mod solve_oracle;
#[path = "suite/solve_xiangqi_classics.rs"]
mod solve_xiangqi_classics;
#[path = "suite/status.rs"]
mod status;

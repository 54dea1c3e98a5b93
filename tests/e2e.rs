//! End-to-end tests of the editor in tmux, through the one harness in `tests/common`: the app
//! itself, its clipboard, and collections under signals. A test whose tool is missing shows as
//! ignored with the reason (`#[needs(…)]`), and fails when `FENBOARD_E2E=1`
//! (`cargo test --test e2e`). They run on Linux: tmux, Linux's signals and
//! `/proc`.
#![cfg(target_os = "linux")]

mod common;

#[path = "e2e/app.rs"]
mod app;
#[path = "e2e/clipboard.rs"]
mod clipboard;
#[path = "e2e/collection_signals.rs"]
mod collection_signals;
#[path = "e2e/completions.rs"]
mod completions;
#[path = "e2e/composer.rs"]
mod composer;
#[path = "e2e/diagram.rs"]
mod diagram;
#[path = "e2e/engine.rs"]
mod engine;
#[path = "e2e/help.rs"]
mod help;
#[path = "e2e/play.rs"]
mod play;
#[path = "e2e/popeye.rs"]
mod popeye;
#[path = "e2e/record.rs"]
mod record;
#[path = "e2e/solve.rs"]
mod solve;
#[path = "e2e/stipulation_prompt.rs"]
mod stipulation_prompt;
#[path = "e2e/unread_record.rs"]
mod unread_record;

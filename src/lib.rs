//! fenboard: a terminal board editor for FEN positions (chess, Chess960 and xiangqi).

pub mod cli;
pub mod cmd;
pub mod collection;
pub mod core;
pub mod diagram;
pub mod editor;
pub mod i18n;
pub mod popeye;
pub mod solve;
pub mod tui;
pub mod ui;

//! fenboard: a terminal board editor for FEN positions (chess, Chess960 and xiangqi).

pub mod collection;
pub mod core;
pub mod diagram;
pub mod editor;
pub mod i18n;
pub mod shell;
pub mod solve;
pub mod ui;

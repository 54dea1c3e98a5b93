//! fenboard: a terminal board editor for FEN positions (chess, Chess960 and xiangqi).

pub mod core;
pub mod shell;

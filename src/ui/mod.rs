//! Widgets rendered from the editor state, layout, theme and glyphs.

pub mod ansi;
pub mod board;
pub mod frame;
pub mod glyphs;
pub mod help;
#[cfg(test)]
mod languages;
pub mod layout;
pub mod panels;
pub mod pieces;
pub mod screen;
pub mod text;
pub mod theme;
pub mod wrap;

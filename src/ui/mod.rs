//! Widgets rendered from the editor state, layout, theme and glyphs.

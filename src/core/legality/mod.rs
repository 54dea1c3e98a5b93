//! Legality of a position: chess through shakmaty's validation, xiangqi after Pikafish's setup
//! checks, and consistency warnings for both.

use super::{Diagnostic, Position};

/// Every legality error and consistency warning of `pos`, all at once.
pub fn diagnose(_pos: &Position) -> Vec<Diagnostic> {
    Vec::new()
}

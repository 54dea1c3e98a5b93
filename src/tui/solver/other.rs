//! Elsewhere the solver thread keeps the editor's priority: a thread's own priority is a
//! Linux notion (`setpriority` on a thread id); the editor stays responsive because it blocks
//! on input and the solver reports through a channel.

/// Leaves the priority as it is.
pub fn lower(_niceness: i32) {}

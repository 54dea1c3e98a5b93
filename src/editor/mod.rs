//! The pure editing state machine: State, Action, update.

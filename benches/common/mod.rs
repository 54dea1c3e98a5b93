//! The benches' one timing helper: run a closure some number of times and read the median and
//! quantiles of its durations. Plain std timing, no harness. Each bench declares `mod common;`.

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Durations of repeated runs, sorted.
pub struct Times(Vec<Duration>);

impl Times {
    /// Times `runs` calls of `f` (given the run's index).
    pub fn of(runs: usize, mut f: impl FnMut(usize)) -> Times {
        Times::from(
            (0..runs)
                .map(|i| {
                    let start = Instant::now();
                    f(i);
                    start.elapsed()
                })
                .collect(),
        )
    }

    /// Durations measured elsewhere.
    pub fn from(mut times: Vec<Duration>) -> Times {
        times.sort();
        Times(times)
    }

    /// The middle duration (the upper one of an even count).
    pub fn median(&self) -> Duration {
        self.0[self.0.len() / 2]
    }

    /// The duration at quantile `q` (0–1).
    pub fn at(&self, q: f64) -> Duration {
        self.0[((self.0.len() - 1) as f64 * q) as usize]
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }
}

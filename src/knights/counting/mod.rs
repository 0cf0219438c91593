//! Exact tour counts: [`count`] (exhaustive search, at most 64 squares, the independent
//! cross-check), [`frontier`] (a frontier dynamic programme, any length, spilling to disk), and
//! [`published`] (the one table of published counts both are checked against).
//!
//! Tested by: tests/knights_count.rs, tests/knights_frontier.rs, tests/knights_exact.rs.

pub mod count;
pub mod frontier;
pub mod published;

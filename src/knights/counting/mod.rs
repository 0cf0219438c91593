//! Exact tour counts: [`count`] (exhaustive search, at most 64 squares, the independent
//! cross-check), [`frontier`] (a frontier dynamic programme, any length, spilling to disk), and
//! [`published`] (the one table of published counts both are checked against); [`symmetry`]
//! lists the tours of small boards: counts up to symmetry, symmetric and uniform random tours.
//!
//! Tested by: tests/knights_count.rs, tests/knights_frontier.rs, tests/knights_exact.rs,
//! tests/knights_symmetry.rs.

pub mod count;
pub mod frontier;
pub mod published;
pub mod symmetry;

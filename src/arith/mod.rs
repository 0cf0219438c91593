//! Arithmetic: numbers and the evaluable functions of `is/2`.

pub mod number;

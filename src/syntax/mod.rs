//! Prolog text in and out: lexer, reader (operator resolution), op table, writer.

pub mod ops;
pub mod read_term;

//! Prolog text in and out: lexer, reader (operator resolution), op table, writer.

pub mod format;
pub mod ops;
pub mod read_term;
pub mod reader;
pub mod writer;

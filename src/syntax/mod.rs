//! Prolog text in and out: lexer, reader (operator resolution), op table, writer.

pub mod format;
mod items;
pub mod lexer;
pub mod ops;
pub mod read_term;
pub mod reader;
mod resolve;
mod scan;
pub mod writer;

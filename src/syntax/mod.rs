//! Prolog text in and out: lexer, reader (operator resolution), op table, writer.

mod items;
pub mod lexer;
pub mod ops;
pub mod read_term;
pub mod reader;
mod resolve;
mod scan;

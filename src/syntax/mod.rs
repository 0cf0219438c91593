//! Prolog text in and out: lexer, reader (operator resolution), op table, writer.

mod atom_text;
mod cycles;
pub mod float_fmt;
pub mod ops;
pub mod read_term;
mod write_out;
pub mod writer;

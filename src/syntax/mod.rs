//! Prolog text in and out: lexer, reader (operator resolution against `term::ops`), writer,
//! format/2 directives, number text, source encodings.
//!
//! Tested by: the unit tests of its modules; tests/reader_*.rs and tests/writer_*.rs.

pub mod atom_text;
pub mod decode;
pub mod float_fmt;
pub mod format;
mod format_num;
mod items;
pub mod lexer;
pub mod read_term;
pub mod reader;
mod resolve;
mod scan;
pub mod write_options;
mod write_out;
pub mod writer;

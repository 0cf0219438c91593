//! TEMPORARY stub until the reader branch lands (same API).
use super::ops::OpTable;
use super::read_term::{Pos, ReadTerm};
use crate::arith::number::Number;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleQuotes { Codes, Chars, Atom, String }
#[derive(Clone, Debug)]
pub struct ReadOptions { pub double_quotes: DoubleQuotes, pub back_quotes: DoubleQuotes }
impl Default for ReadOptions { fn default() -> Self { ReadOptions { double_quotes: DoubleQuotes::String, back_quotes: DoubleQuotes::Codes } } }
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError { pub message: String, pub pos: Pos }
pub struct Reader<'a> { src: &'a str, off: usize }
impl<'a> Reader<'a> {
    pub fn new(src: &'a str) -> Self { Reader { src, off: 0 } }
    pub fn next_term(&mut self, _ops: &OpTable, _opts: &ReadOptions) -> Result<Option<ReadTerm>, SyntaxError> {
        self.off = self.src.len();
        Ok(None)
    }
    pub fn offset(&self) -> usize { self.off }
}
pub fn read_term_from_str(_src: &str, _ops: &OpTable, _opts: &ReadOptions) -> Result<ReadTerm, SyntaxError> {
    Err(SyntaxError { message: "stub".into(), pos: Pos::default() })
}
pub fn parse_number(s: &str) -> Option<Number> { s.trim().parse::<i64>().ok().map(Number::Int) }
pub fn is_complete(src: &str) -> bool { src.trim_end().ends_with('.') }
pub fn format_syntax_error(file: &str, _src: &str, err: &SyntaxError) -> String {
    format!("{}:{}:{}: {}", file, err.pos.line, err.pos.column, err.message)
}

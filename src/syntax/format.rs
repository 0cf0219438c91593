//! TEMPORARY stub until the writer branch lands (same API).
use super::ops::OpTable;
use crate::engine::cell::Cell;
use crate::engine::heap::Heap;

#[derive(Debug)]
pub enum FormatError { NotEnoughArgs, TooManyArgs, UnknownDirective(char), BadArg { directive: char, expected: &'static str, culprit: Cell }, Instantiation { directive: char } }

pub fn format(heap: &Heap, ops: &OpTable, fmt: &str, args: &[Cell], _column: usize) -> Result<String, FormatError> {
    let mut out = String::new();
    let mut it = fmt.chars();
    let mut args = args.iter();
    while let Some(c) = it.next() {
        if c != '~' { out.push(c); continue; }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('~') => out.push('~'),
            Some(d @ ('w' | 'a' | 'd' | 'q' | 'p')) => {
                let a = args.next().ok_or(FormatError::NotEnoughArgs)?;
                let o = if d == 'q' { super::writer::WriteOptions::writeq() } else { super::writer::WriteOptions::write() };
                super::writer::write_term(heap, ops, *a, &o, None, &mut out);
            }
            Some(d) => return Err(FormatError::UnknownDirective(d)),
            None => {}
        }
    }
    Ok(out)
}

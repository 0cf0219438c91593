//! The natives under library(csv) (library/csv.pl): reading CSV records from an input
//! stream's text straight into row terms, SWI-Prolog's csv//2 grammar (RFC 4180 quoting,
//! `\n`, `\r\n` and `\r` record ends) and its options, without building code lists.
//! `'$csv_read_rows'/3` reads the rest of a stream as csv_read_file/3 and csv_read_stream/3
//! do (a malformed record fails); `'$csv_read_row'/3` reads one record as csv_read_row/3 does
//! (a line, continued while its quotes are unbalanced; one that is not CSV fails).
//! csv//1,2 themselves stay a Prolog grammar over code lists.
//!
//! Tested by: tests/prolog/lib_csv.pl (under knightlog and SWI-Prolog).

use super::docs::reg_doc;
use super::io::{past_eof, stream_id};
use super::reg_det;
use super::stream::{Kind, Source, USER_INPUT};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::{Heap, View};

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "$csv_read_rows(+Stream, +Record, -Rows)",
        "Rows are the CSV records of the rest of Stream under the compiled options Record (csv_options/2); fails on a malformed record.",
    );
    reg_det(m, "$csv_read_rows", 3, read_rows);
    reg_doc(
        m,
        "$csv_read_row(+Stream, +Record, -Row)",
        "Row is the next CSV record of Stream under the compiled options Record, or end_of_file.",
    );
    reg_det(m, "$csv_read_row", 3, read_row);
}

#[derive(Clone, Copy, PartialEq)]
enum Case {
    Preserve,
    Down,
    Up,
}

/// The compiled options: SWI's record `csv_options(Separator, Strip, IgnoreQuotes,
/// Convert, Case, Functor, Arity, MatchArity, SkipHeader)`.
struct Opts {
    sep: String,
    strip: bool,
    ignore_quotes: bool,
    convert: bool,
    case: Case,
    functor: Atom,
    /// The record's arity argument (bound by the first row when unbound).
    arity_cell: Cell,
    arity: Option<usize>,
    match_arity: bool,
    skip_header: Option<String>,
}

/// Reads the record; `None` (the predicate fails) when it is no csv_options/9 term or a
/// separator is no character, as SWI's readers fail then.
fn options(m: &Machine, rec: Cell) -> Res<Option<Opts>> {
    let rec = m.heap.deref(rec);
    let args = match m.heap.view(rec) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Compound {
            name,
            arity: 9,
            args,
        } if name.name() == "csv_options" => args,
        _ => return Ok(None),
    };
    let arg = |i: usize| m.heap.deref(m.heap.get(args + i));
    let flag = |i: usize| -> Res<bool> {
        match m.heap.view(arg(i)) {
            View::Atom(a) if a == atoms::TRUE => Ok(true),
            View::Atom(a) if a == atoms::FALSE => Ok(false),
            View::Var(_) => Err(PErr::Instantiation),
            _ => Err(m.type_error(atoms::BOOLEAN, arg(i))),
        }
    };
    let sep = match m.heap.view(arg(0)) {
        View::Int(c) => match u32::try_from(c).ok().and_then(char::from_u32) {
            Some(c) => c.to_string(),
            None => return Ok(None),
        },
        View::Var(_) => return Err(PErr::Instantiation),
        _ => return Err(m.type_error(atoms::INTEGER, arg(0))),
    };
    let case = match m.heap.view(arg(4)) {
        View::Atom(a) if a.name() == "preserve" => Case::Preserve,
        View::Atom(a) if a.name() == "down" => Case::Down,
        View::Atom(a) if a.name() == "up" => Case::Up,
        View::Var(_) => return Err(PErr::Instantiation),
        _ => return Ok(None),
    };
    let arity = match m.heap.view(arg(6)) {
        View::Var(_) => None,
        View::Int(n) if n >= 0 => Some(n as usize),
        // A negative arity matches no row: every row raises the domain error.
        View::Int(_) => Some(usize::MAX),
        _ => return Err(m.type_error(atoms::INTEGER, arg(6))),
    };
    let skip_header = match m.heap.view(arg(8)) {
        View::Var(_) => None,
        View::Atom(a) => Some(a.name().to_string()),
        _ => return Err(m.type_error(atoms::ATOM, arg(8))),
    };
    Ok(Some(Opts {
        sep,
        strip: flag(1)?,
        ignore_quotes: flag(2)?,
        convert: flag(3)?,
        case,
        functor: m.get_atom(arg(5))?,
        arity_cell: arg(6),
        arity,
        match_arity: flag(7)?,
        skip_header,
    }))
}

/// Why a record could not be read.
enum Bad {
    /// Not CSV: the reader fails (or skips the record).
    Malformed,
    /// A row of `got` fields where `want` were expected.
    Arity { want: Cell, got: usize },
    /// The rows read fill the memory limit.
    Memory,
}

/// The record parser over one text, building row terms on a heap.
struct Parser<'a> {
    text: &'a str,
    opts: &'a Opts,
    /// The fields of the row being read.
    fields: Vec<Cell>,
    /// A quoted field's text with its doubled quotes undone.
    buf: String,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, opts: &'a Opts) -> Parser<'a> {
        Parser {
            text,
            opts,
            fields: Vec::new(),
            buf: String::new(),
        }
    }

    /// After the header lines starting with the skip_header prefix, from `pos`.
    fn skip_header(&self, mut pos: usize) -> usize {
        let Some(prefix) = &self.opts.skip_header else {
            return pos;
        };
        while pos < self.text.len() && self.text[pos..].starts_with(prefix.as_str()) {
            pos = match self.text[pos..].find('\n') {
                Some(nl) => pos + nl + 1,
                None => self.text.len(),
            };
        }
        pos
    }

    /// Reads the record at `pos` (its fields into `self.fields`); returns the position
    /// after its end (`\n`, `\r\n`, `\r` or the end of the text).
    fn record(&mut self, heap: &mut Heap, mut pos: usize) -> Result<usize, Bad> {
        self.fields.clear();
        let bytes = self.text.as_bytes();
        let sep = self.opts.sep.as_bytes();
        loop {
            let value = if !self.opts.ignore_quotes && bytes.get(pos) == Some(&b'"') {
                pos = self.quoted(pos + 1)?;
                let text = std::mem::take(&mut self.buf);
                let v = field_value(heap, self.opts, &text);
                self.buf = text;
                v
            } else {
                // Stripping skips the blanks leading a field first (SWI: even blank
                // separators), so a quote after them is text.
                if self.opts.strip {
                    while matches!(bytes.get(pos), Some(b' ' | b'\t')) {
                        pos += 1;
                    }
                }
                let start = pos;
                if let [s] = *sep {
                    let rest = &bytes[pos..];
                    pos += rest
                        .iter()
                        .position(|&b| b == s || b == b'\n' || b == b'\r')
                        .unwrap_or(rest.len());
                } else {
                    while pos < bytes.len()
                        && !matches!(bytes[pos], b'\n' | b'\r')
                        && !bytes[pos..].starts_with(sep)
                    {
                        pos += 1;
                    }
                }
                let mut field = &self.text[start..pos];
                if self.opts.strip {
                    field = field.trim_end_matches([' ', '\t']);
                }
                field_value(heap, self.opts, field)
            };
            self.fields.push(value);
            if pos >= bytes.len() {
                return Ok(pos);
            }
            if bytes[pos..].starts_with(sep) {
                pos += sep.len();
                continue;
            }
            return match bytes[pos] {
                b'\n' => Ok(pos + 1),
                b'\r' if bytes.get(pos + 1) == Some(&b'\n') => Ok(pos + 2),
                b'\r' => Ok(pos + 1),
                // Text after a closing quote.
                _ => Err(Bad::Malformed),
            };
        }
    }

    /// A quoted field's text from `pos` (after the opening quote) into `self.buf`; the
    /// position after the closing quote.
    fn quoted(&mut self, mut pos: usize) -> Result<usize, Bad> {
        self.buf.clear();
        let text = self.text;
        loop {
            let Some(q) = text[pos..].find('"') else {
                return Err(Bad::Malformed);
            };
            self.buf.push_str(&text[pos..pos + q]);
            pos += q + 1;
            if text.as_bytes().get(pos) == Some(&b'"') {
                self.buf.push('"');
                pos += 1;
            } else {
                return Ok(pos);
            }
        }
    }

    /// The row term of the fields read, after the arity check (which binds the arity
    /// on the first row when it is open).
    fn row(&mut self, heap: &mut Heap, arity: &mut Option<usize>) -> Result<Cell, Bad> {
        let n = self.fields.len();
        if self.opts.match_arity {
            match *arity {
                None => *arity = Some(n),
                Some(a) if a == n => {}
                Some(_) => {
                    return Err(Bad::Arity {
                        want: self.opts.arity_cell,
                        got: n,
                    })
                }
            }
        }
        Ok(heap.new_compound(self.opts.functor, &self.fields))
    }
}

/// A field's value: a number when converting and the text is one (name/2's rule), else
/// an atom in the asked case.
fn field_value(heap: &mut Heap, opts: &Opts, text: &str) -> Cell {
    if opts.convert && text.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        if let Some(n) = super::atoms::strict_number(text) {
            return heap.new_number(&n);
        }
    }
    let atom = match opts.case {
        Case::Preserve => Atom::new(text),
        Case::Down => Atom::new(&text.chars().map(super::chartype::lower).collect::<String>()),
        Case::Up => Atom::new(&text.chars().map(super::chartype::upper).collect::<String>()),
    };
    Cell::atom(atom)
}

/// `error(domain_error(row_arity(Want), Got), _)`, as SWI raises it (no context).
fn arity_error(m: &mut Machine, want: Cell, got: usize) -> PErr {
    let t = m.heap.new_compound(Atom::new("row_arity"), &[want]);
    let formal = m
        .heap
        .new_compound(atoms::DOMAIN_ERROR, &[t, Cell::small_int(got as i64)]);
    let ctx = m.heap.new_var();
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

/// Whether `id` reads the process's standard input (text arrives a line at a time).
fn is_stdin(m: &Machine, id: usize) -> bool {
    let slot = m.ext.streams.slot(id);
    slot == USER_INPUT
        || matches!(
            m.ext.streams.get(slot).map(|s| &s.kind),
            Some(Kind::In(Source::Stdin))
        )
}

/// The next character of standard input, reading a line when the buffered one is used up.
fn stdin_char(m: &mut Machine, id: usize) -> Option<char> {
    if !m.ext.streams.ensure_buffered(id) {
        return None;
    }
    m.ext.streams.read_char(id)
}

/// The unread text of an input stream, taken out of it (give it back with `put_back`),
/// and the offset where the unread part starts. Standard input is read to its end.
fn take_text(m: &mut Machine, id: usize) -> (String, usize) {
    if is_stdin(m, id) {
        let mut s = String::new();
        while let Some(c) = stdin_char(m, id) {
            s.push(c);
        }
        return (s, 0);
    }
    let slot = m.ext.streams.slot(id);
    match m.ext.streams.get_mut(slot).map(|s| &mut s.kind) {
        Some(Kind::In(Source::Text { text, pos })) => (std::mem::take(text), *pos),
        _ => (String::new(), 0),
    }
}

/// Gives back the text `take_text` took and marks `used` more bytes of it as read.
fn put_back(m: &mut Machine, id: usize, text: String, used: usize) {
    if is_stdin(m, id) {
        return;
    }
    let slot = m.ext.streams.slot(id);
    if let Some(Kind::In(Source::Text { text: t, .. })) =
        m.ext.streams.get_mut(slot).map(|s| &mut s.kind)
    {
        *t = text;
    }
    m.ext.streams.advance(id, used);
}

/// '$csv_read_rows'(+Stream, +Record, -Rows).
fn read_rows(m: &mut Machine) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    let Some(opts) = options(m, m.regs[1])? else {
        return Ok(false);
    };
    past_eof(m, id, false)?;
    let (text, from) = take_text(m, id);
    let result = rows(m, &text[from..], &opts);
    let used = text.len() - from;
    put_back(m, id, text, used);
    let (list, arity) = match result {
        Ok(r) => r,
        Err(Bad::Malformed) => return Ok(false),
        Err(Bad::Arity { want, got }) => return Err(arity_error(m, want, got)),
        Err(Bad::Memory) => return Err(PErr::Resource(atoms::MEMORY)),
    };
    if let (Some(a), REF) = (arity, m.heap.deref(opts.arity_cell).tag()) {
        if !m.unify(opts.arity_cell, Cell::small_int(a as i64)) {
            return Ok(false);
        }
    }
    Ok(m.unify(m.regs[2], list))
}

/// Every record of `text` as a list of rows, and the arity the rows had.
fn rows(m: &mut Machine, text: &str, opts: &Opts) -> Result<(Cell, Option<usize>), Bad> {
    let mut p = Parser::new(text, opts);
    let mut pos = p.skip_header(0);
    let mut arity = opts.arity;
    let mut first: Option<usize> = None;
    let mut tail: Option<usize> = None;
    let mut count = 0usize;
    while pos < text.len() {
        pos = p.record(&mut m.heap, pos)?;
        let row = match p.row(&mut m.heap, &mut arity) {
            Ok(r) => r,
            Err(Bad::Arity { want, got }) if m.heap.deref(want).tag() == REF => {
                // The first row set the arity: report it, not the open variable.
                let a = arity.unwrap_or(got);
                return Err(Bad::Arity {
                    want: Cell::small_int(a as i64),
                    got,
                });
            }
            Err(e) => return Err(e),
        };
        let cell = m.heap.new_list(row, Cell::atom(atoms::NIL));
        match tail {
            Some(t) => m.heap.set(t, cell),
            None => first = Some(cell.addr()),
        }
        tail = Some(cell.addr() + 1);
        count += 1;
        if count.is_multiple_of(4096) && m.memory_cells() > m.limit_cells() {
            return Err(Bad::Memory);
        }
    }
    let list = first.map_or(Cell::atom(atoms::NIL), Cell::lis_ptr);
    Ok((list, arity))
}

/// The next line of a stream without its `\n` (and a `\r` before it); `None` at the end.
fn next_line(m: &mut Machine, id: usize) -> Option<String> {
    let mut line = String::new();
    let newline;
    if !is_stdin(m, id) {
        let rest = m.ext.streams.remaining(id)?;
        if rest.is_empty() {
            return None;
        }
        let (end, used) = match rest.find('\n') {
            Some(nl) => (nl, nl + 1),
            None => (rest.len(), rest.len()),
        };
        newline = end < used;
        line.push_str(&rest[..end]);
        m.ext.streams.advance(id, used);
    } else {
        let mut any = false;
        let mut nl = false;
        while let Some(c) = stdin_char(m, id) {
            any = true;
            if c == '\n' {
                nl = true;
                break;
            }
            line.push(c);
        }
        if !any {
            return None;
        }
        newline = nl;
    }
    // read_line_to_codes/2's line: a `\r` goes only with the `\n` after it.
    if newline && line.ends_with('\r') {
        line.pop();
    }
    Some(line)
}

/// '$csv_read_row'(+Stream, +Record, -Row): SWI's csv_read_row/3. A record that is not
/// CSV fails, read.
fn read_row(m: &mut Machine) -> Res {
    let id = stream_id(m, m.regs[0], false)?;
    let Some(opts) = options(m, m.regs[1])? else {
        return Ok(false);
    };
    past_eof(m, id, false)?;
    let Some(mut text) = next_line(m, id) else {
        past_eof(m, id, true)?;
        return Ok(m.unify(m.regs[2], Cell::atom(atoms::END_OF_FILE)));
    };
    while text.bytes().filter(|&b| b == b'"').count() % 2 == 1 {
        match next_line(m, id) {
            Some(more) => {
                text.push('\n');
                text.push_str(&more);
            }
            None => break,
        }
    }
    let mut p = Parser::new(&text, &opts);
    match p.record(&mut m.heap, 0) {
        Ok(end) if end == text.len() => {}
        _ => return Ok(false),
    }
    let mut arity = opts.arity;
    let row = match p.row(&mut m.heap, &mut arity) {
        Ok(r) => r,
        Err(Bad::Arity { want, got }) => return Err(arity_error(m, want, got)),
        Err(_) => return Ok(false),
    };
    if let (Some(a), None) = (arity, opts.arity) {
        if !m.unify(opts.arity_cell, Cell::small_int(a as i64)) {
            return Ok(false);
        }
    }
    Ok(m.unify(m.regs[2], row))
}

//! The JSON reader behind json_read/3 and json_read_dict/3: one value from
//! an input stream's text, built on the heap as it is parsed. Nesting is kept
//! on an explicit stack of open arrays and objects, never on the Rust stack.
//!
//! It accepts what SWI-Prolog 9's reader accepts, and fails where it fails with
//! the same error terms: trailing commas (`[1,]`), leading zeros, a number
//! read as the longest run of number characters (`1.5.3` is an
//! `illegal_number`, `0x1` is `0` and leaves `x1`), `\uXXXX` escapes (a
//! surrogate pair is one character; see tests/KNOWN_DIFFERENCES.md).

use super::ReadOptions;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use num_bigint::BigInt;

/// Why a parse stopped, and the byte offset SWI reports (just after the
/// character that showed it, or the end of the text).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fault {
    /// `syntax_error(json(What))`.
    Json(&'static str),
    /// `syntax_error(json(json_expected(Literal)))`: a literal misspelt.
    Expected(&'static str),
    /// `syntax_error(illegal_number)`.
    Number,
    /// A key given twice in an object read as a dict: the key.
    DuplicateKey(Atom),
}

/// An array or object being read.
enum Open {
    Array(Vec<Cell>),
    Object { pairs: Vec<(Atom, Cell)>, key: Atom },
}

pub struct Parser<'t> {
    text: &'t [u8],
    pub pos: usize,
    opts: &'t ReadOptions,
}

/// What came next where a value was expected.
enum Start {
    Value(Cell),
    Array,
    Object(Atom),
}

impl<'t> Parser<'t> {
    pub fn new(text: &'t str, pos: usize, opts: &'t ReadOptions) -> Parser<'t> {
        Parser {
            text: text.as_bytes(),
            pos,
            opts,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn fault<T>(&self, f: Fault) -> Result<T, (Fault, usize)> {
        Err((f, self.pos))
    }

    pub fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// One JSON value.
    pub fn value(&mut self, m: &mut Machine) -> Result<Cell, (Fault, usize)> {
        let mut stack: Vec<Open> = Vec::new();
        'value: loop {
            let mut v = match self.start(m)? {
                Start::Value(v) => v,
                Start::Array => {
                    stack.push(Open::Array(Vec::new()));
                    continue 'value;
                }
                Start::Object(key) => {
                    stack.push(Open::Object {
                        pairs: Vec::new(),
                        key,
                    });
                    continue 'value;
                }
            };
            // A value is complete: add it to the innermost open array or
            // object, and close those that end here.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(v);
                };
                self.skip_ws();
                match top {
                    Open::Array(items) => {
                        items.push(v);
                        match self.peek() {
                            Some(b',') => {
                                self.pos += 1;
                                self.skip_ws();
                                if self.peek() != Some(b']') {
                                    continue 'value;
                                }
                                self.pos += 1;
                            }
                            Some(b']') => self.pos += 1,
                            None => return self.fault(Fault::Json("illegal_array")),
                            Some(_) => {
                                self.pos += 1;
                                return self.fault(Fault::Json("illegal_array"));
                            }
                        }
                    }
                    Open::Object { pairs, key } => {
                        pairs.push((*key, v));
                        match self.peek() {
                            Some(b',') => {
                                self.pos += 1;
                                self.skip_ws();
                                if self.peek() != Some(b'}') {
                                    *key = self.key()?;
                                    continue 'value;
                                }
                                self.pos += 1;
                            }
                            Some(b'}') => self.pos += 1,
                            None => return self.fault(Fault::Json("illegal_object")),
                            Some(_) => {
                                self.pos += 1;
                                return self.fault(Fault::Json("illegal_object"));
                            }
                        }
                    }
                }
                v = match stack.pop() {
                    Some(Open::Array(items)) => {
                        m.heap.list_from_slice(&items, Cell::atom(atoms::NIL))
                    }
                    Some(Open::Object { pairs, .. }) => self.object(m, pairs)?,
                    None => unreachable!("the stack had a top"),
                };
            }
        }
    }

    /// The start of a value: a whole scalar or empty container, or the
    /// opening of an array (with its first element next) or of an object
    /// (with its first key read).
    fn start(&mut self, m: &mut Machine) -> Result<Start, (Fault, usize)> {
        self.skip_ws();
        let Some(c) = self.peek() else {
            return self.fault(Fault::Json("unexpected_end_of_file"));
        };
        self.pos += 1;
        Ok(Start::Value(match c {
            b'[' => {
                self.skip_ws();
                if self.peek() != Some(b']') {
                    return Ok(Start::Array);
                }
                self.pos += 1;
                Cell::atom(atoms::NIL)
            }
            b'{' => {
                self.skip_ws();
                if self.peek() != Some(b'}') {
                    return Ok(Start::Object(self.key()?));
                }
                self.pos += 1;
                self.object(m, Vec::new())?
            }
            b'"' => {
                let s = self.string()?;
                self.text_value(m, &s)
            }
            b'-' | b'0'..=b'9' => {
                self.pos -= 1;
                self.number(m)?
            }
            b't' => self.literal("true", self.opts.true_term)?,
            b'f' => self.literal("false", self.opts.false_term)?,
            b'n' => self.literal("null", self.opts.null_term)?,
            _ => return self.fault(Fault::Json("illegal_json")),
        }))
    }

    /// A key and its colon; the value follows.
    fn key(&mut self) -> Result<Atom, (Fault, usize)> {
        if self.peek() != Some(b'"') {
            if !self.at_end() {
                self.pos += 1;
            }
            return self.fault(Fault::Json("illegal_json"));
        }
        self.pos += 1;
        let key = Atom::new(&self.string()?);
        self.skip_ws();
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                Ok(key)
            }
            None => self.fault(Fault::Json("unexpected_end_of_file")),
            Some(_) => {
                self.pos += 1;
                self.fault(Fault::Json("illegal_json"))
            }
        }
    }

    /// The rest of `true`, `false` or `null` (its first letter is read).
    fn literal(&mut self, word: &'static str, term: Cell) -> Result<Cell, (Fault, usize)> {
        for &want in &word.as_bytes()[1..] {
            match self.peek() {
                Some(c) => {
                    self.pos += 1;
                    if c != want {
                        return self.fault(Fault::Expected(word));
                    }
                }
                None => return self.fault(Fault::Expected(word)),
            }
        }
        Ok(term)
    }

    /// A string's text; the opening quote is read.
    fn string(&mut self) -> Result<String, (Fault, usize)> {
        let text = self.text;
        let start = self.pos;
        // Fast path: no escapes.
        let mut i = start;
        while i < text.len() && text[i] != b'"' && text[i] != b'\\' {
            i += 1;
        }
        if i < text.len() && text[i] == b'"' {
            self.pos = i + 1;
            return Ok(slice(text, start, i).to_string());
        }
        let mut out = String::from(slice(text, start, i));
        self.pos = i;
        loop {
            let Some(c) = self.peek() else {
                return self.fault(Fault::Json("eof_in_string"));
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(out),
                b'\\' => {
                    let Some(e) = self.peek() else {
                        return self.fault(Fault::Json("eof_in_string"));
                    };
                    self.pos += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => out.push(self.unicode_escape()?),
                        _ => return self.fault(Fault::Json("illegal_string_escape")),
                    }
                }
                _ => {
                    // Copy up to the next quote or escape in one piece.
                    let from = self.pos - 1;
                    let mut j = self.pos;
                    while j < text.len() && text[j] != b'"' && text[j] != b'\\' {
                        j += 1;
                    }
                    out.push_str(slice(text, from, j));
                    self.pos = j;
                }
            }
        }
    }

    /// The character of `\uXXXX` (the `\u` is read), joining a surrogate pair.
    fn unicode_escape(&mut self) -> Result<char, (Fault, usize)> {
        let hi = self.hex4()?;
        if !(0xD800..0xE000).contains(&hi) {
            return char::from_u32(hi).map_or(self.fault(Fault::Json("illegal_string_escape")), Ok);
        }
        if hi >= 0xDC00 || self.text.get(self.pos..self.pos + 2) != Some(b"\\u") {
            return self.fault(Fault::Json("illegal_surrogate_pair"));
        }
        self.pos += 2;
        let lo = self.hex4()?;
        if !(0xDC00..0xE000).contains(&lo) {
            return self.fault(Fault::Json("illegal_surrogate_pair"));
        }
        let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
        char::from_u32(c).map_or(self.fault(Fault::Json("illegal_surrogate_pair")), Ok)
    }

    fn hex4(&mut self) -> Result<u32, (Fault, usize)> {
        let mut v = 0;
        for _ in 0..4 {
            let Some(c) = self.peek() else {
                return self.fault(Fault::Json("eof_in_string"));
            };
            self.pos += 1;
            let Some(d) = (c as char).to_digit(16) else {
                return self.fault(Fault::Json("illegal_string_escape"));
            };
            v = v * 16 + d;
        }
        Ok(v)
    }

    /// A number: the longest run of number characters, which must be all of
    /// `-? digits (. digits*)? ([eE] [+-]? digits)?`.
    fn number(&mut self, m: &mut Machine) -> Result<Cell, (Fault, usize)> {
        let start = self.pos;
        while let Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') = self.peek() {
            self.pos += 1;
        }
        let run = &self.text[start..self.pos];
        let Some(shape) = number_shape(run) else {
            return self.fault(Fault::Number);
        };
        // `run` is ASCII.
        let s = std::str::from_utf8(run).unwrap_or("");
        match shape {
            Shape::Int(digits_end) => {
                let digits = &s[..digits_end];
                Ok(match digits.parse::<i64>() {
                    Ok(i) => m.heap.new_int(i),
                    Err(_) => match digits.parse::<BigInt>() {
                        Ok(b) => m.heap.new_bigint(&b),
                        Err(_) => return self.fault(Fault::Number),
                    },
                })
            }
            Shape::Float => match s.parse::<f64>() {
                Ok(f) if f.is_finite() => Ok(m.heap.new_float(f)),
                _ => self.fault(Fault::Number),
            },
        }
    }

    /// A string value, as the `value_string_as` option says.
    fn text_value(&self, m: &mut Machine, s: &str) -> Cell {
        if self.opts.strings_as_atoms {
            Cell::atom(Atom::new(s))
        } else {
            m.heap.new_string(s)
        }
    }

    /// An object: `json([K=V, ...])`, or a dict (keys in standard order, the
    /// `tag` key's string value as its tag when asked).
    fn object(
        &self,
        m: &mut Machine,
        mut pairs: Vec<(Atom, Cell)>,
    ) -> Result<Cell, (Fault, usize)> {
        if !self.opts.dicts {
            let mut items = Vec::with_capacity(pairs.len());
            for (k, v) in pairs {
                items.push(m.heap.new_compound(atoms::EQUALS, &[Cell::atom(k), v]));
            }
            let list = m.heap.list_from_slice(&items, Cell::atom(atoms::NIL));
            return Ok(m.heap.new_compound(Atom::new("json"), &[list]));
        }
        let mut tag = self.opts.default_tag;
        if let Some(tag_key) = self.opts.tag_key {
            if let Some(i) = pairs.iter().position(|(k, _)| *k == tag_key) {
                if let Some(name) = m.text_atom_or_string(pairs[i].1) {
                    tag = Some(Cell::atom(name));
                    pairs.remove(i);
                }
            }
        }
        let tag = tag.unwrap_or_else(|| m.heap.new_var());
        pairs.sort_by(|a, b| a.0.name().cmp(b.0.name()));
        if let Some(w) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err((Fault::DuplicateKey(w[0].0), self.pos));
        }
        let mut cells = Vec::with_capacity(1 + 2 * pairs.len());
        cells.push(tag);
        for (k, v) in pairs {
            cells.push(v);
            cells.push(Cell::atom(k));
        }
        Ok(m.heap.new_compound(atoms::DICT, &cells))
    }
}

/// `&text[from..to]` as text: the parser only cuts at ASCII bytes, so the
/// slice is whole characters.
fn slice(text: &[u8], from: usize, to: usize) -> &str {
    std::str::from_utf8(&text[from..to]).unwrap_or("")
}

enum Shape {
    /// An integer; the digits (with sign) end here, a bare `.` may follow.
    Int(usize),
    Float,
}

/// Checks a run of number characters against JSON's number shape (leading
/// zeros and a `.` without digits allowed, as SWI reads them).
fn number_shape(run: &[u8]) -> Option<Shape> {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < run.len() && run[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > from
    };
    if run.first() == Some(&b'-') {
        i += 1;
    }
    if !digits(&mut i) {
        return None;
    }
    let int_end = i;
    let mut float = false;
    if run.get(i) == Some(&b'.') {
        i += 1;
        float = digits(&mut i);
    }
    if matches!(run.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(run.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return None;
        }
        float = true;
    }
    if i != run.len() {
        return None;
    }
    Some(if float {
        Shape::Float
    } else {
        Shape::Int(int_end)
    })
}

impl Machine {
    /// The atom of an atom's or a string's text (None for other terms).
    fn text_atom_or_string(&self, c: Cell) -> Option<Atom> {
        match self.heap.view(c) {
            crate::term::heap::View::Atom(a) => Some(a),
            crate::term::heap::View::Str(s) => Some(Atom::new(s)),
            _ => None,
        }
    }
}

/// Reads one value (or the end-of-file term) from input stream `id`.
pub fn read_value(m: &mut Machine, id: usize, opts: &ReadOptions) -> Res<Cell> {
    loop {
        m.ext.streams.ensure_buffered(id);
        let Some((text, start)) = m.ext.streams.lend_text(id) else {
            return Err(PErr::Permission(
                Atom::new("input"),
                Atom::new("stream"),
                crate::builtins::io::stream_term(m, id),
            ));
        };
        let mut p = Parser::new(&text, start, opts);
        p.skip_ws();
        let result = if p.at_end() && opts.eof_term.is_some() {
            Ok(opts.eof_term.unwrap_or(Cell::atom(atoms::END_OF_FILE)))
        } else {
            p.value(m)
        };
        let used = match &result {
            Ok(_) => p.pos,
            Err((_, at)) => *at,
        } - start;
        let hit_end = p.pos >= text.len();
        m.ext.streams.give_back_text(id, text);
        // From a terminal or pipe, a value cut at the end of what is buffered
        // may go on in what comes next: parsed again from its start.
        if result.is_err()
            && hit_end
            && m.ext.streams.incremental(id)
            && m.ext.streams.read_more(id)
        {
            continue;
        }
        m.ext.streams.advance(id, used);
        return result.map_err(|(fault, _)| super::syntax_error(m, id, fault));
    }
}

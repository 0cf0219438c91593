//! The `format/2` directive engine: `~w ~p ~q ~a ~d ~D ~f ~e ~g ~s ~c ~r ~R ~i ~* ~n
//! ~N ~~ ~t ~| ~+ ~k ~W ~@`, with SWI-Prolog 9's column stops and fill rules.
//!
//! [`Formatter`] is a resumable machine: directives that need the engine (`~p` with a
//! `portray/1` hook, `~@` calling a goal, `~W` with its option list, `~d`/`~e` on an
//! arithmetic expression) are handed back as a [`Request`], so the caller can run
//! Prolog code between steps without this module holding the heap. [`format()`] drives
//! it with the defaults for callers that have no engine at hand.
//!
//! Tested by: the unit tests below; tests/writer_format_tests.rs, tests/prolog/format.pl, the
//! unit tests of builtins/write.rs.

use super::format_num::{format_float_directive, format_integer, IntText};
use super::write_options::parse_write_options;
use super::writer::{format_float, term_to_string, write_canonical, write_term, WriteOptions};
use crate::term::atom::atoms;
use crate::term::cell::Cell;
use crate::term::heap::{Heap, View};
use crate::term::number::Number;
use crate::term::ops::OpTable;
use std::fmt;

/// The numeric argument of a directive: `~8|`, `` ~`-t `` (a character), or none.
/// `~*c` takes it from the argument list and becomes `Num`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatArg {
    Default,
    Num(usize),
    Char(char),
}

impl FormatArg {
    fn num_or(self, default: usize) -> usize {
        match self {
            FormatArg::Num(n) => n,
            FormatArg::Char(c) => c as usize,
            FormatArg::Default => default,
        }
    }
}

/// Why `format/2` failed. The engine turns these into SWI-Prolog 9's error terms:
/// * `NotEnoughArgs` / `TooManyArgs`: `format('not enough arguments')` / `format('too many arguments')`;
/// * `UnknownDirective(c)`: `existence_error(format_character, c)` (`'\0'` for a format ending in `~`);
/// * `BadArg`: `format_argument_type(Directive, Culprit)`, except `expected == "evaluable"`,
///   which SWI reports as `type_error(evaluable, Name/Arity)`;
/// * `Instantiation`: `instantiation_error`;
/// * `BadStarArg`: `format('no or negative integer for `*\' argument')`;
/// * `BadRadix(n)`: `domain_error(radix, n)`;
/// * `TooLarge`: a column, count or precision beyond [`MAX_WIDTH`]: `resource_error(memory)`;
/// * `Unsupported(c)`: `~@` reached [`format()`], which cannot run Prolog code (or a
///   `Print`/`Call`/`WriteTerm` request of a [`Formatter`] went unanswered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    NotEnoughArgs,
    TooManyArgs,
    UnknownDirective(char),
    BadArg {
        directive: char,
        expected: &'static str,
        culprit: Cell,
    },
    Instantiation {
        directive: char,
    },
    BadStarArg {
        culprit: Cell,
    },
    BadRadix(usize),
    TooLarge(usize),
    Unsupported(char),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::NotEnoughArgs => write!(f, "not enough arguments"),
            FormatError::TooManyArgs => write!(f, "too many arguments"),
            FormatError::UnknownDirective(c) => write!(f, "format_character `{c}' does not exist"),
            FormatError::BadArg { directive, .. } => {
                write!(f, "Illegal argument to format sequence ~{directive}")
            }
            FormatError::Instantiation { .. } => {
                write!(f, "Arguments are not sufficiently instantiated")
            }
            FormatError::BadStarArg { .. } => {
                write!(f, "no or negative integer for `*' argument")
            }
            FormatError::BadRadix(n) => write!(f, "Domain error: `radix' expected, found `{n}'"),
            FormatError::TooLarge(n) => write!(f, "format argument {n} is too large"),
            FormatError::Unsupported(c) => write!(f, "~{c} needs the Prolog engine"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Largest column, repeat count or precision accepted, so a typo like `~99999999c`
/// cannot exhaust memory.
pub const MAX_WIDTH: usize = 1 << 20;

/// Something the formatter needs from the engine before it can go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `~p`: the text of `print(Term)` (through `portray/1` if defined); answer with `supply_text`.
    Print(Cell),
    /// `~@`: the output of calling `Goal`; answer with `supply_text`.
    Call(Cell),
    /// `~W`: `write_term(Term, Options)`; answer with `supply_text`.
    WriteTerm { term: Cell, options: Cell },
    /// `~d ~D ~r ~R ~e ~f ~g` on a non-number: evaluate it; answer with `supply_number`.
    Eval { directive: char, expr: Cell },
    /// A directive defined by `format_predicate/2`: call its predicate with the
    /// numeric argument and `args` (taken from the argument list), output going to
    /// a stream at `column`; answer with `supply_text`.
    User {
        directive: char,
        arg: FormatArg,
        args: Vec<Cell>,
        column: usize,
    },
}

/// The result of running the formatter until it finishes or needs the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Done(String),
    Need(Request),
}

/// Output with column tracking and the pending `~t` fill points since the last stop.
struct Columns {
    out: String,
    /// Text since the last column stop, which fill points may still pad.
    seg: String,
    /// Fill points in `seg`: byte offset and fill character.
    fills: Vec<(usize, char)>,
    column: usize,
    last_stop: usize,
}

impl Columns {
    fn push(&mut self, s: &str) {
        for c in s.chars() {
            self.column = match c {
                '\n' | '\r' => 0,
                // SWI's format/2 rule (one short of the usual tab stop).
                '\t' => (self.column + 1) | 7,
                '\u{8}' => self.column.saturating_sub(1),
                _ => self.column + 1,
            };
        }
        self.seg.push_str(s);
    }

    fn fill(&mut self, c: char) {
        self.fills.push((self.seg.len(), c));
    }

    /// A column stop at `target`: the pad is shared out among the fill points
    /// (at the end of the segment if there are none), from the middle outwards.
    fn stop(&mut self, target: usize) {
        if target > self.column {
            let pad = target - self.column;
            if self.fills.is_empty() {
                self.fills.push((self.seg.len(), ' '));
            }
            let n = self.fills.len();
            let mut sizes = vec![pad / n; n];
            let mid = n / 2;
            for k in 0..pad % n {
                // SWI's order: middle, middle+1, middle-2, middle+3, ... (kept in range).
                let i = if k % 2 == 1 {
                    mid + k
                } else {
                    mid.wrapping_sub(k)
                };
                sizes[i.min(n - 1)] += 1;
            }
            let mut s = String::with_capacity(self.seg.len() + pad);
            let mut from = 0;
            for (&(at, c), &size) in self.fills.iter().zip(&sizes) {
                s.push_str(&self.seg[from..at]);
                s.extend(std::iter::repeat_n(c, size));
                from = at;
            }
            s.push_str(&self.seg[from..]);
            self.out.push_str(&s);
            self.column = target;
        } else {
            self.out.push_str(&self.seg);
        }
        self.seg.clear();
        self.fills.clear();
        self.last_stop = self.column;
    }

    fn finish(mut self) -> String {
        self.out.push_str(&self.seg);
        self.out
    }
}

/// A directive waiting for the engine's answer.
#[derive(Clone, Copy)]
struct Waiting {
    directive: char,
    /// A user-defined directive (unanswered: it needs the engine).
    user: bool,
    arg: FormatArg,
    culprit: Cell,
}

/// The resumable `format/2` machine. Create it, call [`Formatter::resume`] until it
/// returns [`Step::Done`], answering each [`Step::Need`] in between.
pub struct Formatter {
    fmt: Vec<char>,
    pos: usize,
    args: Vec<Cell>,
    next_arg: usize,
    cols: Columns,
    waiting: Option<Waiting>,
    answer: Option<Answer>,
    /// Directives defined by `format_predicate/2`, with how many arguments
    /// each takes from the list; they take precedence over the built-in ones.
    user: Vec<(char, usize)>,
}

enum Answer {
    Text(String),
    Number(Number),
}

impl Formatter {
    /// `args` is the argument list as a vector; `column` the output stream's column.
    pub fn new(fmt: &str, args: &[Cell], column: usize) -> Formatter {
        Formatter {
            fmt: fmt.chars().collect(),
            pos: 0,
            args: args.to_vec(),
            next_arg: 0,
            cols: Columns {
                out: String::new(),
                seg: String::new(),
                fills: Vec::new(),
                column,
                last_stop: 0,
            },
            waiting: None,
            answer: None,
            user: Vec::new(),
        }
    }

    /// Sets the user-defined directives (`format_predicate/2`): each character
    /// with the number of arguments its predicate takes from the list.
    pub fn set_user_directives(&mut self, user: Vec<(char, usize)>) {
        self.user = user;
    }

    /// Answers a `Print`, `Call` or `WriteTerm` request.
    /// The text produced so far (what SWI has written when a later
    /// directive raises).
    pub fn written(&self) -> String {
        format!("{}{}", self.cols.out, self.cols.seg)
    }

    pub fn supply_text(&mut self, text: &str) {
        self.answer = Some(Answer::Text(text.to_string()));
    }

    /// Answers an `Eval` request with the value of the expression.
    pub fn supply_number(&mut self, n: Number) {
        self.answer = Some(Answer::Number(n));
    }

    fn next_arg(&mut self) -> Result<Cell, FormatError> {
        let c = *self
            .args
            .get(self.next_arg)
            .ok_or(FormatError::NotEnoughArgs)?;
        self.next_arg += 1;
        Ok(c)
    }

    /// Runs until the text is complete or the engine is needed.
    pub fn resume(&mut self, heap: &Heap, ops: &OpTable) -> Result<Step, FormatError> {
        if let Some(w) = self.waiting.take() {
            match self.answer.take() {
                Some(Answer::Text(s)) => self.cols.push(&s),
                Some(Answer::Number(n)) => {
                    let text = number_directive(w.directive, w.arg, &n, w.culprit)?;
                    self.cols.push(&text);
                }
                // Not answered: the engine could not evaluate or run it.
                None => return Err(unanswered(w)),
            }
        }
        while self.pos < self.fmt.len() {
            let c = self.fmt[self.pos];
            self.pos += 1;
            if c != '~' {
                let start = self.pos - 1;
                let end = self.fmt[start..]
                    .iter()
                    .position(|&c| c == '~')
                    .map_or(self.fmt.len(), |i| start + i);
                let text: String = self.fmt[start..end].iter().collect();
                self.cols.push(&text);
                self.pos = end;
                continue;
            }
            let (arg, d) = self.directive_head(heap)?;
            if let Some(req) = self.directive(heap, ops, arg, d)? {
                return Ok(Step::Need(req));
            }
        }
        if self.next_arg < self.args.len() {
            return Err(FormatError::TooManyArgs);
        }
        let cols = std::mem::replace(
            &mut self.cols,
            Columns {
                out: String::new(),
                seg: String::new(),
                fills: Vec::new(),
                column: 0,
                last_stop: 0,
            },
        );
        Ok(Step::Done(cols.finish()))
    }

    /// Reads the numeric argument and the directive character after a `~`.
    fn directive_head(&mut self, heap: &Heap) -> Result<(FormatArg, char), FormatError> {
        let mut arg = FormatArg::Default;
        match self.fmt.get(self.pos) {
            Some(c) if c.is_ascii_digit() => {
                let mut n: usize = 0;
                while let Some(d) = self.fmt.get(self.pos).and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    self.pos += 1;
                }
                arg = FormatArg::Num(n);
            }
            Some('*') => {
                self.pos += 1;
                let c = self.next_arg()?;
                match heap.view(c) {
                    View::Int(n) if n >= 0 => arg = FormatArg::Num(n as usize),
                    _ => return Err(FormatError::BadStarArg { culprit: c }),
                }
            }
            Some('`') => {
                let c = *self
                    .fmt
                    .get(self.pos + 1)
                    .ok_or(FormatError::UnknownDirective('\0'))?;
                arg = FormatArg::Char(c);
                self.pos += 2;
            }
            _ => {}
        }
        // `~:d`: SWI's locale modifier; the default locale groups nothing, so it is ignored
        // except by ~D, which groups anyway.
        if self.fmt.get(self.pos) == Some(&':') {
            self.pos += 1;
        }
        let d = *self
            .fmt
            .get(self.pos)
            .ok_or(FormatError::UnknownDirective('\0'))?;
        self.pos += 1;
        Ok((arg, d))
    }

    /// Executes one directive; `Some(request)` if it needs the engine.
    fn directive(
        &mut self,
        heap: &Heap,
        ops: &OpTable,
        arg: FormatArg,
        d: char,
    ) -> Result<Option<Request>, FormatError> {
        if let Some(&(_, n)) = self.user.iter().find(|(c, _)| *c == d) {
            if self.args.len() < self.next_arg + n {
                return Err(FormatError::NotEnoughArgs);
            }
            let args = self.args[self.next_arg..self.next_arg + n].to_vec();
            self.next_arg += n;
            // SWI: with a fill point pending, the predicate's output starts a
            // fresh buffer, so it sees column 0.
            let column = if self.cols.fills.is_empty() {
                self.cols.column
            } else {
                0
            };
            let culprit = args.first().copied().unwrap_or(Cell::atom(atoms::NIL));
            let req = Request::User {
                directive: d,
                arg,
                args,
                column,
            };
            let r = self.wait(d, arg, culprit, req);
            if let Some(w) = &mut self.waiting {
                w.user = true;
            }
            return Ok(Some(r));
        }
        match d {
            '~' => self.cols.push("~"),
            'w' | 'q' | 'k' => {
                let t = self.next_arg()?;
                let mut s = String::new();
                match d {
                    'w' => write_term(heap, ops, t, &WriteOptions::write(), None, &mut s),
                    'q' => write_term(heap, ops, t, &WriteOptions::writeq(), None, &mut s),
                    _ => write_canonical(heap, ops, t, &mut s),
                }
                self.cols.push(&s);
            }
            'p' => {
                let t = self.next_arg()?;
                return Ok(Some(self.wait(d, arg, t, Request::Print(t))));
            }
            '@' => {
                let t = self.next_arg()?;
                return Ok(Some(self.wait(d, arg, t, Request::Call(t))));
            }
            'W' => {
                if self.args.len() < self.next_arg + 2 {
                    return Err(FormatError::NotEnoughArgs);
                }
                let term = self.next_arg()?;
                let options = self.next_arg()?;
                let req = Request::WriteTerm { term, options };
                return Ok(Some(self.wait(d, arg, term, req)));
            }
            'a' => {
                let t = self.next_arg()?;
                let s = atomic_text(heap, t).ok_or(FormatError::BadArg {
                    directive: 'a',
                    expected: "atomic",
                    culprit: t,
                })?;
                self.cols.push(&s);
            }
            'c' => {
                let t = self.next_arg()?;
                let ch = match heap.view(t) {
                    View::Int(i) => u32::try_from(i).ok().and_then(char::from_u32),
                    _ => None,
                };
                let ch = ch.ok_or(FormatError::BadArg {
                    directive: 'c',
                    expected: "character_code",
                    culprit: t,
                })?;
                let n = checked_width(arg.num_or(1))?;
                self.cols.push(&ch.to_string().repeat(n));
            }
            's' => {
                let t = self.next_arg()?;
                let s = text_of(heap, t).ok_or(FormatError::BadArg {
                    directive: 's',
                    expected: "text",
                    culprit: t,
                })?;
                self.cols.push(&s);
            }
            'i' => {
                self.next_arg()?;
            }
            'd' | 'D' | 'r' | 'R' | 'e' | 'E' | 'f' | 'g' | 'G' => {
                let t = self.next_arg()?;
                match heap.view(t) {
                    View::Var(_) => return Err(FormatError::Instantiation { directive: d }),
                    View::Atom(_) | View::Compound { .. } => {
                        return Ok(Some(self.wait(
                            d,
                            arg,
                            t,
                            Request::Eval {
                                directive: d,
                                expr: t,
                            },
                        )));
                    }
                    _ => {}
                }
                let n = heap.number(t).ok_or(FormatError::BadArg {
                    directive: d,
                    expected: expected_number(d),
                    culprit: t,
                })?;
                let text = number_directive(d, arg, &n, t)?;
                self.cols.push(&text);
            }
            'n' | 'N' => {
                let mut n = arg.num_or(1);
                if d == 'N' && self.cols.column == 0 {
                    n = n.saturating_sub(1);
                }
                self.cols.push(&"\n".repeat(checked_width(n)?));
            }
            't' => {
                let fill = match arg {
                    FormatArg::Default => ' ',
                    FormatArg::Char(c) => c,
                    FormatArg::Num(n) => u32::try_from(n)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or(' '),
                };
                self.cols.fill(fill);
            }
            '|' | '+' => {
                let target = match (d, arg) {
                    ('|', FormatArg::Default) => self.cols.column,
                    ('|', a) => a.num_or(0),
                    (_, a) => self.cols.last_stop.saturating_add(a.num_or(8)),
                };
                self.cols.stop(checked_width(target)?);
            }
            other => return Err(FormatError::UnknownDirective(other)),
        }
        Ok(None)
    }

    fn wait(&mut self, directive: char, arg: FormatArg, culprit: Cell, req: Request) -> Request {
        self.waiting = Some(Waiting {
            directive,
            user: false,
            arg,
            culprit,
        });
        self.answer = None;
        req
    }
}

/// The error for a request the caller did not answer.
fn unanswered(w: Waiting) -> FormatError {
    match w.directive {
        d if w.user => FormatError::Unsupported(d),
        'p' | '@' | 'W' => FormatError::Unsupported(w.directive),
        d => FormatError::BadArg {
            directive: d,
            expected: "evaluable",
            culprit: w.culprit,
        },
    }
}

fn expected_number(d: char) -> &'static str {
    match d {
        'd' | 'D' | 'r' | 'R' => "integer",
        _ => "number",
    }
}

fn checked_width(n: usize) -> Result<usize, FormatError> {
    if n > MAX_WIDTH {
        Err(FormatError::TooLarge(n))
    } else {
        Ok(n)
    }
}

/// The text of a numeric directive applied to a number.
fn number_directive(
    d: char,
    arg: FormatArg,
    n: &Number,
    culprit: Cell,
) -> Result<String, FormatError> {
    match d {
        'd' | 'D' | 'r' | 'R' => {
            let Some(int) = n.to_bigint() else {
                return Err(FormatError::BadArg {
                    directive: d,
                    expected: "integer",
                    culprit,
                });
            };
            let how = match d {
                'd' => IntText::Decimal {
                    point: checked_width(arg.num_or(0))?,
                    group: false,
                },
                'D' => IntText::Decimal {
                    point: checked_width(arg.num_or(0))?,
                    group: true,
                },
                _ => {
                    let radix = arg.num_or(8);
                    if !(2..=36).contains(&radix) {
                        return Err(FormatError::BadRadix(radix));
                    }
                    IntText::Radix {
                        radix: radix as u32,
                        upper: d == 'R',
                    }
                }
            };
            Ok(format_integer(&int, how))
        }
        _ => Ok(format_float_directive(d, checked_width(arg.num_or(6))?, n)),
    }
}

/// `~a`: the text of any atomic term.
fn atomic_text(heap: &Heap, t: Cell) -> Option<String> {
    Some(match heap.view(t) {
        View::Atom(a) => a.name().to_string(),
        View::Int(i) => i.to_string(),
        View::BigInt(b) => b.to_string(),
        View::Float(f) => format_float(f),
        View::Rational(r) => crate::term::number::rational_text(&r),
        View::Str(s) => s.to_string(),
        View::Var(_) | View::Compound { .. } => return None,
    })
}

/// `~s`: a code list, a character list, a string or an atom.
fn text_of(heap: &Heap, t: Cell) -> Option<String> {
    match heap.view(t) {
        View::Str(s) => return Some(s.to_string()),
        View::Atom(a) if a != atoms::NIL => return Some(a.name().to_string()),
        _ => {}
    }
    let items = heap.list_to_vec(t).ok()?;
    let mut s = String::with_capacity(items.len());
    // All codes or all characters, not a mix.
    let codes = matches!(items.first().map(|&c| heap.view(c)), Some(View::Int(_)));
    for it in items {
        match heap.view(it) {
            View::Int(i) if codes => s.push(u32::try_from(i).ok().and_then(char::from_u32)?),
            View::Atom(a) if !codes => {
                let mut cs = a.name().chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) => s.push(c),
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    Some(s)
}

/// `format/2` without an engine: `~p` prints with `print/1`'s options (no portray hook),
/// `~W` parses its options here, `~@` is [`FormatError::Unsupported`], and numeric
/// directives accept numbers only (SWI would evaluate `1+2`).
/// `args` are heap cells (a non-list argument is passed as a one-element vec);
/// `column` is the output stream's current column. Returns the text to emit.
pub fn format(
    heap: &Heap,
    ops: &OpTable,
    fmt: &str,
    args: &[Cell],
    column: usize,
) -> Result<String, FormatError> {
    let mut f = Formatter::new(fmt, args, column);
    loop {
        match f.resume(heap, ops)? {
            Step::Done(s) => return Ok(s),
            Step::Need(Request::Print(t)) => {
                let s = term_to_string(heap, ops, t, &WriteOptions::print());
                f.supply_text(&s);
            }
            Step::Need(Request::WriteTerm { term, options }) => {
                let parsed =
                    parse_write_options(heap, options).map_err(|_| FormatError::BadArg {
                        directive: 'W',
                        expected: "write_option",
                        culprit: options,
                    })?;
                let mut s = String::new();
                parsed.write(heap, ops, term, &mut s);
                f.supply_text(&s);
            }
            // Unanswered requests become errors on resume.
            Step::Need(Request::Call(_) | Request::Eval { .. } | Request::User { .. }) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(column: usize) -> Columns {
        Columns {
            out: String::new(),
            seg: String::new(),
            fills: Vec::new(),
            column,
            last_stop: 0,
        }
    }

    #[test]
    fn fills_are_shared_from_the_middle() {
        let mut c = columns(0);
        c.fill('x');
        c.push("mid");
        c.fill('y');
        c.stop(20);
        assert_eq!(c.finish(), "xxxxxxxxmidyyyyyyyyy");
        let mut c = columns(0);
        c.fill('-');
        c.push("ab");
        c.fill('-');
        c.push("cd");
        c.fill('-');
        c.stop(11);
        assert_eq!(c.finish(), "--ab---cd--");
    }

    #[test]
    fn overflow_moves_the_stop() {
        let mut c = columns(0);
        c.push("abcdef");
        c.fill(' ');
        c.stop(3);
        assert_eq!((c.column, c.last_stop), (6, 6));
        c.push("b");
        c.fill(' ');
        c.stop(c.last_stop + 3);
        c.push("c");
        assert_eq!(c.finish(), "abcdefb  c");
    }

    #[test]
    fn columns_follow_control_characters() {
        let mut c = columns(0);
        c.push("ab\tc");
        assert_eq!(c.column, 8);
        c.push("\u{8}");
        assert_eq!(c.column, 7);
        c.push("x\ry");
        assert_eq!(c.column, 1);
    }
}

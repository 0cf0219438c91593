//! format_predicate/2 and current_format_predicate/2: format/2 directives
//! defined by a predicate. The table lives in the builtins' state; format/2
//! hands such a directive to the engine as a `Request::User`, and
//! `run_directive` calls the predicate with current output going to a
//! memory stream at the column format has reached, so its text lands where
//! the directive stood (column stops and fills included).
//!
//! Tested by: tests/prolog/sys_format_pred.pl.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::format::FormatArg;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::{Cell, INT, REF};
use crate::term::heap::View;

/// One user-defined directive: `~Ch` calls `Module:Name/Arity`.
#[derive(Clone, Copy, Debug)]
pub struct FormatPred {
    pub ch: char,
    pub module: Atom,
    pub name: Atom,
    pub arity: usize,
}

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "format_predicate(+Char, +Head)",
        "Make ~Char in format/2 call Head's predicate with the directive's numeric argument (or default) and as many further arguments as Head has, taken from the argument list.",
    );
    reg_det(m, "format_predicate", 2, |m| {
        let r = format_predicate(m);
        super::io::as_pred(m, r, ("format_predicate", 2))
    });
    reg_det(m, "$format_predicates", 1, |m| {
        let preds = m.ext.format_preds.clone();
        let mut items = Vec::with_capacity(preds.len());
        for p in preds {
            let head = m.heap.new_compound_vars(p.name, p.arity);
            let head = if p.module == atoms::USER {
                head
            } else {
                m.heap
                    .new_compound(atoms::COLON, &[Cell::atom(p.module), head])
            };
            let code = Cell::small_int(p.ch as i64);
            items.push(m.heap.new_compound(Atom::new("-"), &[code, head]));
        }
        let l = m.make_list(&items);
        Ok(m.unify(m.regs[0], l))
    });
}

fn format_predicate(m: &mut Machine) -> Res {
    let ch = format_char(m, m.arg(0))?;
    let spec = m.arg(1);
    let (module, head) = match m.strip_module(spec, m.module) {
        Some(mh) => mh,
        None => {
            // SWI accepts a module part that is no atom; knightlog refuses it.
            return Err(PErr::Type(Atom::new("module"), spec));
        }
    };
    let (name, arity) = match m.heap.view(head) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Atom(a) => (a, 0),
        View::Compound { name, arity, .. } => (name, arity),
        _ => return Err(PErr::Type(atoms::CALLABLE, head)),
    };
    if arity == 0 {
        let culprit = if module == atoms::USER {
            head
        } else {
            m.heap
                .new_compound(atoms::COLON, &[Cell::atom(module), head])
        };
        let e = PErr::Domain(Atom::new("format_predicate"), culprit);
        return Err(super::io::error_in(
            m,
            e,
            ("format_predicate", 2),
            Some("arity must be > 0"),
        ));
    }
    let p = FormatPred {
        ch,
        module,
        name,
        arity,
    };
    let table = &mut m.ext.format_preds;
    match table.iter_mut().find(|q| q.ch == ch) {
        Some(q) => *q = p,
        None => table.push(p),
    }
    Ok(true)
}

/// The directive character: a code or a one-character text, as SWI reads it.
fn format_char(m: &Machine, c: Cell) -> Res<char> {
    let not_char = || PErr::Type(atoms::CHARACTER, c);
    match c.tag() {
        REF => Err(PErr::Instantiation),
        INT => {
            let n = c.get_int();
            if n < 0 {
                return Err(not_char());
            }
            u32::try_from(n)
                .ok()
                .and_then(char::from_u32)
                .ok_or(PErr::Domain(atoms::CHARACTER, c))
        }
        _ if m.heap.number(c).is_some() => Err(not_char()),
        _ => {
            let text = m.text_of(c).ok_or_else(not_char)?;
            let mut it = text.chars();
            match (it.next(), it.next()) {
                (Some(ch), None) => Ok(ch),
                _ => Err(not_char()),
            }
        }
    }
}

impl Machine {
    /// The user-defined directives as the formatter takes them: each
    /// character with the number of list arguments its predicate takes.
    pub fn format_directives(&self) -> Vec<(char, usize)> {
        self.ext
            .format_preds
            .iter()
            .map(|p| (p.ch, p.arity - 1))
            .collect()
    }

    /// Calls the predicate of user directive `d` and returns what it wrote
    /// (None: it failed, and so does format/2).
    pub fn run_format_directive(
        &mut self,
        d: char,
        arg: FormatArg,
        args: &[Cell],
        column: usize,
    ) -> Res<Option<String>> {
        let Some(p) = self.ext.format_preds.iter().find(|p| p.ch == d).copied() else {
            return Err(PErr::Existence(
                Atom::new("format_character"),
                Cell::atom(Atom::new(d.encode_utf8(&mut [0; 4]))),
            ));
        };
        let first = match arg {
            FormatArg::Default => Cell::atom(Atom::new("default")),
            FormatArg::Num(n) => self.heap.new_int(n as i64),
            FormatArg::Char(c) => Cell::small_int(c as i64),
        };
        let mut argv = Vec::with_capacity(args.len() + 1);
        argv.push(first);
        argv.extend_from_slice(args);
        let goal = self.heap.new_compound(p.name, &argv);
        let goal = self
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(p.module), goal]);
        let (ok, text) = self.capture_output_at(goal, column)?;
        Ok(ok.then_some(text))
    }
}

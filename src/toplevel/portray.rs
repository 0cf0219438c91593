//! Clauses laid out as source, in the style of SWI-Prolog's `portray_clause/1`
//! and `listing/1`: variables named `A`, `B`, ... (`_` when they occur once),
//! one body goal per line, control constructs in the `(   If\n->  Then\n;   Else\n)`
//! layout, and goals too long for the line broken one argument per line.
//!
//! Tested by: the unit test below; tests/repl_pty.rs (listing/1).

use crate::engine::Machine;
use crate::syntax::writer::{numbervar_name, write_term, WriteOptions};
use crate::term::cell::*;
use crate::term::heap::View;
use std::collections::HashMap;

/// Goals are broken into one argument per line beyond this column.
const RIGHT_MARGIN: usize = 78;
/// Control constructs nested deeper than this are written on one line: the
/// layout recurses on nesting, and source text never nests this deep.
const MAX_NEST: usize = 64;

/// The text of clause `t` as `portray_clause/1` prints it (ends with ".\n").
pub fn portray_clause(m: &Machine, t: Cell) -> String {
    let t = m.heap.deref(t);
    let mut opts = WriteOptions::writeq();
    opts.spacing_next_argument = true;
    if !m.heap.cycle_points(&[t]).is_empty() {
        // No layout for a cyclic term: the writer has its own notation.
        let mut s = String::new();
        write_term(&m.heap, &m.ops, t, &opts, None, &mut s);
        return s + ".\n";
    }
    let counts = m.heap.var_counts(&[t]);
    let mut names: HashMap<usize, String> = HashMap::new();
    for a in m.heap.vars_in_order(&[t]) {
        if counts.get(&a).copied().unwrap_or(0) > 1 {
            let n = names.len() as i64;
            names.insert(a, numbervar_name(n));
        }
    }
    let namer = |a: usize| Some(names.get(&a).cloned().unwrap_or_else(|| "_".into()));
    let l = Layout {
        m,
        opts,
        namer: &namer,
    };
    let mut out = String::new();
    match m.heap.view(t) {
        View::Compound {
            name,
            arity: 2,
            args,
        } if name.name() == ":-" => {
            let (head, body) = (m.heap.get(args), m.heap.deref(m.heap.get(args + 1)));
            out.push_str(&l.text(head, 1199));
            if body != Cell::atom(crate::term::atom::atoms::TRUE) {
                out.push_str(" :-\n    ");
                l.goal(body, 4, &mut out, 0);
            }
        }
        View::Compound {
            name,
            arity: 2,
            args,
        } if name.name() == "=>" => {
            // A rule keeps its body even when it is `true` (as SWI lists it).
            let (head, body) = (m.heap.get(args), m.heap.get(args + 1));
            out.push_str(&l.text(head, 1199));
            out.push_str(" =>\n    ");
            l.goal(body, 4, &mut out, 0);
        }
        View::Compound {
            name,
            arity: 1,
            args,
        } if name.name() == ":-" => {
            out.push_str(":- ");
            out.push_str(&l.text(m.heap.get(args), 1199));
        }
        _ => out.push_str(&l.text(t, 1200)),
    }
    out.push_str(".\n");
    out
}

struct Layout<'a> {
    m: &'a Machine,
    opts: WriteOptions,
    namer: &'a dyn Fn(usize) -> Option<String>,
}

/// The control constructs the layout knows.
#[derive(PartialEq, Eq)]
enum Ctl {
    Conj,
    Disj,
    IfThen,
    SoftCut,
    Not,
    None,
}

impl Layout<'_> {
    fn text(&self, t: Cell, priority: u16) -> String {
        let mut o = self.opts.clone();
        o.priority = priority;
        let mut s = String::new();
        write_term(&self.m.heap, &self.m.ops, t, &o, Some(self.namer), &mut s);
        s
    }

    fn ctl(&self, t: Cell) -> (Ctl, usize) {
        match self.m.heap.view(t) {
            View::Compound { name, arity, args } => {
                let c = match (name.name(), arity) {
                    (",", 2) => Ctl::Conj,
                    (";", 2) => Ctl::Disj,
                    ("->", 2) => Ctl::IfThen,
                    ("*->", 2) => Ctl::SoftCut,
                    ("\\+", 1) => Ctl::Not,
                    _ => Ctl::None,
                };
                (c, args)
            }
            _ => (Ctl::None, 0),
        }
    }

    fn arg(&self, args: usize, i: usize) -> Cell {
        self.m.heap.deref(self.m.heap.get(args + i))
    }

    /// Writes goal `t`; the output is at column `ind`, where the goal starts.
    fn goal(&self, t: Cell, ind: usize, out: &mut String, depth: usize) {
        let t = self.m.heap.deref(t);
        if depth > MAX_NEST {
            out.push_str(&self.text(t, 999));
            return;
        }
        match self.ctl(t) {
            (Ctl::Conj, _) => {
                let mut goals = Vec::new();
                let mut rest = t;
                while let (Ctl::Conj, args) = self.ctl(rest) {
                    goals.push(self.arg(args, 0));
                    rest = self.arg(args, 1);
                }
                goals.push(rest);
                for (i, g) in goals.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(",\n");
                        out.push_str(&" ".repeat(ind));
                    }
                    self.goal(g, ind, out, depth + 1);
                }
            }
            (Ctl::Disj | Ctl::IfThen | Ctl::SoftCut, _) => self.disjunction(t, ind, out, depth),
            (Ctl::Not, args) => {
                let g = self.arg(args, 0);
                if self.ctl(g).0 == Ctl::None {
                    out.push_str("\\+ ");
                    out.push_str(&self.text(g, 900));
                } else {
                    out.push_str("\\+ ( ");
                    self.goal(g, ind + 5, out, depth + 1);
                    out.push('\n');
                    out.push_str(&" ".repeat(ind + 3));
                    out.push(')');
                }
            }
            (Ctl::None, _) => self.plain(t, ind, out, depth),
        }
    }

    /// `(   A\n;   B\n)` with if-then(-else) arms as `->  ` lines.
    fn disjunction(&self, t: Cell, ind: usize, out: &mut String, depth: usize) {
        let mut alts = Vec::new();
        let mut rest = t;
        while let (Ctl::Disj, args) = self.ctl(rest) {
            alts.push(self.arg(args, 0));
            rest = self.arg(args, 1);
        }
        alts.push(rest);
        let pad = " ".repeat(ind);
        for (i, alt) in alts.into_iter().enumerate() {
            if i == 0 {
                out.push_str("(   ");
            } else {
                out.push_str(&format!("\n{pad};   "));
            }
            match self.ctl(alt) {
                (c @ (Ctl::IfThen | Ctl::SoftCut), args) => {
                    self.goal(self.arg(args, 0), ind + 4, out, depth + 1);
                    let arrow = if c == Ctl::IfThen { "->  " } else { "*-> " };
                    out.push_str(&format!("\n{pad}{arrow}"));
                    self.goal(self.arg(args, 1), ind + 4, out, depth + 1);
                }
                _ => self.goal(alt, ind + 4, out, depth + 1),
            }
        }
        out.push_str(&format!("\n{pad})"));
    }

    /// A goal that is not a control construct: on one line if it fits and
    /// has no goal arguments, else one argument per line.
    fn plain(&self, t: Cell, ind: usize, out: &mut String, depth: usize) {
        let one = self.text(t, 999);
        let View::Compound { name, arity, args } = self.m.heap.view(t) else {
            out.push_str(&one);
            return;
        };
        let has_goal_arg = (0..arity).any(|i| {
            let c = self.ctl(self.arg(args, i)).0;
            c != Ctl::None && c != Ctl::Not
        });
        let operator = arity <= 2 && self.m.ops.is_op(name) || t.tag() == LIS;
        if operator || (!has_goal_arg && ind + one.chars().count() <= RIGHT_MARGIN) {
            out.push_str(&one);
            return;
        }
        let functor = self.text(Cell::atom(name), 0);
        out.push_str(&functor);
        out.push('(');
        let col = ind + functor.chars().count() + 1;
        for i in 0..arity {
            if i > 0 {
                out.push_str(",\n");
                out.push_str(&" ".repeat(col));
            }
            let a = self.arg(args, i);
            match self.ctl(a).0 {
                Ctl::Conj => {
                    out.push_str("( ");
                    self.goal(a, col + 2, out, depth + 1);
                    out.push('\n');
                    out.push_str(&" ".repeat(col));
                    out.push(')');
                }
                Ctl::Disj | Ctl::IfThen | Ctl::SoftCut => self.disjunction(a, col, out, depth + 1),
                _ => out.push_str(&self.text(a, 999)),
            }
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use crate::toplevel::session::Session;

    /// portray_clause/1's layout, character for character as SWI-Prolog 9.0.4 prints it.
    #[test]
    fn clauses_are_laid_out_as_swi_does() {
        let cases = [
            (
                r#"(p(X, Y) :- q(X, Z), (Y > Z -> r(_) ; s), \+ t)"#,
                "p(A, B) :-\n    q(A, C),\n    (   B>C\n    ->  r(_)\n    ;   s\n    ),\n    \\+ t.\n",
            ),
            (
                r#"f(A, B, A, 'x y', "str", [1,2|T])"#,
                "f(A, _, A, 'x y', \"str\", [1, 2|_]).\n",
            ),
            ("(a :- b ; c)", "a :-\n    (   b\n    ;   c\n    ).\n"),
        ];
        let mut s = Session::new();
        let mut failures = Vec::new();
        for (clause, want) in cases {
            let answer = s.first(&format!("portray_clause({clause})"));
            let got = s.output();
            if answer != "true" || got != want {
                failures.push(format!("{clause}: {answer}, printed\n{got}want\n{want}"));
            }
        }
        assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    }
}

//! Term input: read_term/2,3, read/1,2 from streams, and parsing terms from
//! text (term_to_atom/2, term_string/2,3, read_term_from_atom/3,
//! atom_to_term/3), with SWI's syntax error terms.
//!
//! Tested by: the unit tests below; tests/prolog/io.pl, tests/prolog/terms.pl,
//! tests/props_roundtrip.rs.

use super::atoms::text_atom;
use super::docs::reg_doc;
use super::io::{past_eof, stream_id};
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::syntax::lexer::EndScan;
use crate::syntax::read_term::ReadTerm;
use crate::syntax::reader::{ReadOptions, Reader, SyntaxError};
use crate::syntax::writer::WriteOptions;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "read_term(-Term, +Options)",
        "Read a term from the current input, with Options such as variable_names(V).",
    );
    reg_det(m, "read_term", 2, |m| {
        read_term(m, None, m.regs[0], m.regs[1])
    });
    reg_doc(
        m,
        "read_term(+Stream, -Term, +Options)",
        "Read a term from Stream, with Options such as variable_names(V).",
    );
    reg_det(m, "read_term", 3, |m| {
        let (s, t, o) = (m.regs[0], m.regs[1], m.regs[2]);
        read_term(m, Some(s), t, o)
    });
    reg_doc(m, "read(-Term)", "Read the next clause-like term, ended by a full stop, from the current input; end_of_file at the end.");
    reg_det(m, "read", 1, |m| {
        read_term(m, None, m.regs[0], Cell::atom(atoms::NIL))
    });
    reg_doc(
        m,
        "read(+Stream, -Term)",
        "Read the next term, ended by a full stop, from Stream; end_of_file at the end.",
    );
    reg_det(m, "read", 2, |m| {
        let (s, t) = (m.regs[0], m.regs[1]);
        read_term(m, Some(s), t, Cell::atom(atoms::NIL))
    });
    reg_doc(
        m,
        "term_to_atom(?Term, ?Atom)",
        "Atom is Term written quoted; or Term is read from Atom.",
    );
    reg_det(m, "term_to_atom", 2, |m| term_text(m, TextKind::Atom));
    reg_doc(
        m,
        "term_string(?Term, ?String)",
        "String is Term written quoted; or Term is read from String.",
    );
    reg_det(m, "term_string", 2, |m| term_text(m, TextKind::Str));
    reg_doc(
        m,
        "term_string(?Term, ?String, +Options)",
        "As term_string/2, with read and write Options.",
    );
    reg_det(m, "term_string", 3, |m| {
        check_read_options(m, m.regs[2])?;
        if m.arg(1).tag() == REF {
            return term_text(m, TextKind::Str);
        }
        let text = m.any_text(m.regs[1], text_atom())?;
        let (term, names, rt) = parse_text(m, &text)?;
        let o = m.regs[2];
        Ok(m.unify(m.regs[0], term) && apply_read_options(m, o, &rt, &names)?)
    });
    reg_doc(
        m,
        "read_term_from_atom(+Atom, -Term, +Options)",
        "Term is the term written in the text of Atom.",
    );
    reg_det(m, "read_term_from_atom", 3, |m| {
        let text = m.any_text(m.regs[0], text_atom())?;
        check_read_options(m, m.regs[2])?;
        let (t, names, rt) = parse_text(m, &text)?;
        let o = m.regs[2];
        Ok(m.unify(m.regs[1], t) && apply_read_options(m, o, &rt, &names)?)
    });
    reg_doc(
        m,
        "atom_to_term(+Atom, -Term, -Bindings)",
        "Read Term from the text Atom; Bindings lists Name=Var for its named variables.",
    );
    reg_det(m, "atom_to_term", 3, |m| {
        let a = m.arg(0);
        if a.tag() == REF {
            return Err(PErr::Instantiation);
        }
        let text = m.any_text(a, text_atom())?;
        let (t, names, _) = parse_text(m, &text)?;
        if !m.unify(m.regs[1], t) {
            return Ok(false);
        }
        let l = bindings_list(m, &names);
        Ok(m.unify(m.regs[2], l))
    });
}

impl Machine {
    pub fn read_options(&self) -> ReadOptions {
        use crate::syntax::reader::DoubleQuotes;
        let dq = |a: Atom| match a.name() {
            "codes" => DoubleQuotes::Codes,
            "chars" => DoubleQuotes::Chars,
            "atom" => DoubleQuotes::Atom,
            _ => DoubleQuotes::String,
        };
        ReadOptions {
            double_quotes: dq(self.flags.double_quotes),
            back_quotes: dq(self.flags.back_quotes),
        }
    }
}

/// The SWI-Prolog error term for a reader error.
pub fn syntax_error(m: &mut Machine, e: &SyntaxError) -> PErr {
    let msg = e.message.as_str();
    let id = match msg {
        "Operator expected" => "operator_expected",
        "Operator priority clash" => "operator_clash",
        "Unbalanced operator" => "operator_balance",
        "Illegal start of term" | "Unbalanced bracket" => "cannot_start_term",
        "Unexpected end of clause" => "end_of_clause",
        "Unexpected end of file" => "end_of_file",
        "End of clause expected" => "end_of_clause_expected",
        "Illegal number" | "Number too large" => "illegal_number",
        "Illegal character" => "illegal_character",
        "Illegal character code" => "illegal_character_code",
        _ => {
            let quote = match msg {
                "End of file in quoted atom" => Some("'"),
                "End of file in quoted string" => Some("\""),
                "End of file in quoted codes" => Some("`"),
                _ => None,
            };
            if let Some(q) = quote {
                let q = Cell::atom(Atom::new(q));
                let f = m
                    .heap
                    .new_compound(Atom::new("end_of_file_in_quoted"), &[q]);
                let s = m.heap.new_compound(atoms::SYNTAX_ERROR, &[f]);
                let v = m.heap.new_var();
                return PErr::Throw(m.heap.new_compound(atoms::ERROR, &[s, v]));
            }
            msg
        }
    };
    PErr::Syntax(id.into())
}

/// A term read from text: the term, its variable names, and the parse.
pub type ParsedText = (Cell, Vec<(String, Cell)>, ReadTerm);

impl Machine {
    /// The one way from text holding one term (a query, a `-g` goal, term_to_atom/2's
    /// input) to a heap term: read with the machine's operators and flags, then built on
    /// the heap. The syntax error is left to the caller to report in its own words.
    pub fn read_text(&mut self, text: &str) -> Result<ParsedText, SyntaxError> {
        let opts = self.read_options();
        let rt = crate::syntax::reader::read_term_from_str(text, &self.ops, &opts)?;
        let (t, names) = rt.to_heap(&mut self.heap);
        Ok((t, names, rt))
    }
}

/// Parses text holding one term; a syntax error is thrown as SWI's error term.
pub fn parse_text(m: &mut Machine, text: &str) -> Res<ParsedText> {
    match m.read_text(text) {
        Ok(parsed) => Ok(parsed),
        Err(mut e) => {
            // SWI reports text that stops inside a term as the clause ending early.
            if e.message == "Unexpected end of file" {
                e.message = "Unexpected end of clause".into();
            }
            Err(syntax_error(m, &e))
        }
    }
}

fn bindings_list(m: &mut Machine, names: &[(String, Cell)]) -> Cell {
    let items: Vec<Cell> = names
        .iter()
        .filter(|(n, _)| n != "_")
        .map(|(n, v)| (Atom::new(n), *v))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(n, v)| m.heap.new_compound(atoms::EQUALS, &[Cell::atom(n), v]))
        .collect();
    m.make_list(&items)
}

#[derive(Clone, Copy, PartialEq)]
enum TextKind {
    Atom,
    Str,
}

/// term_to_atom(?Term, ?Atom) and term_string(?Term, ?String).
fn term_text(m: &mut Machine, kind: TextKind) -> Res {
    let t = m.arg(0);
    let a = m.arg(1);
    if a.tag() == REF {
        let s = m.term_text(t, &WriteOptions::writeq());
        let c = match kind {
            TextKind::Atom => Cell::atom(Atom::new(&s)),
            TextKind::Str => m.heap.new_string(&s),
        };
        return Ok(m.unify(a, c));
    }
    let text = m.any_text(a, text_atom())?;
    let (term, _, _) = parse_text(m, &text)?;
    Ok(m.unify(t, term))
}

/// Checks a read option list (a proper list of compound options).
fn check_read_options(m: &Machine, opts: Cell) -> Res<Vec<Cell>> {
    let list = m.get_list(opts)?;
    for &o in &list {
        let o = m.heap.deref(o);
        match o.tag() {
            REF => return Err(PErr::Instantiation),
            STR => {}
            _ => return Err(m.type_error(Atom::new("option"), o)),
        }
    }
    Ok(list)
}

/// read_term(Stream, Term, Options): variable_names/1, variables/1, singletons/1.
/// Inline builtins write no argument register: the compiler keeps a clause's
/// variables in them across the call (compile.rs, `arg_homes`), hence `term`
/// and `options` by value.
fn read_term(m: &mut Machine, stream: Option<Cell>, term: Cell, options: Cell) -> Res {
    let id = match stream {
        Some(s) => stream_id(m, s, false)?,
        None => m.ext.streams.cur_in,
    };
    check_read_options(m, options)?;
    past_eof(m, id, false)?;
    let opts = m.read_options();
    // From a terminal or pipe, read lines until they hold an end token (each
    // line rescans only the tail: linear in the length of the term).
    let mut scan = EndScan::default();
    loop {
        m.ext.streams.ensure_buffered(id);
        if !m.ext.streams.incremental(id) {
            break;
        }
        let rest = m.ext.streams.remaining(id).unwrap_or("");
        if scan.complete(rest) || !m.ext.streams.read_more(id) {
            break;
        }
    }
    let text = m.ext.streams.remaining(id).unwrap_or("");
    let mut r = Reader::new(text);
    let res = r.next_term(&m.ops, &opts);
    let used = r.offset();
    m.ext.streams.advance(id, used);
    match res {
        Ok(None) => {
            past_eof(m, id, true)?;
            let eof = Cell::atom(atoms::END_OF_FILE);
            let empty = ReadTerm::default();
            Ok(m.unify(term, eof) && apply_read_options(m, options, &empty, &[])?)
        }
        Ok(Some(rt)) => {
            let (t, names) = rt.to_heap(&mut m.heap);
            if !m.unify(term, t) {
                return Ok(false);
            }
            apply_read_options(m, options, &rt, &names)
        }
        Err(e) => Err(syntax_error(m, &e)),
    }
}

/// Unifies the variable_names/variables/singletons options with what was read.
fn apply_read_options(m: &mut Machine, opts: Cell, rt: &ReadTerm, names: &[(String, Cell)]) -> Res {
    for opt in m.get_list(opts)? {
        let View::Compound {
            name,
            arity: 1,
            args,
        } = m.heap.view(opt)
        else {
            continue;
        };
        let target = m.heap.get(args);
        let l = match name.name() {
            "variable_names" => bindings_list(m, names),
            "variables" => {
                let vs: Vec<Cell> = names.iter().map(|(_, v)| *v).collect();
                m.make_list(&vs)
            }
            "singletons" => {
                let singles: Vec<(String, Cell)> = names
                    .iter()
                    .zip(rt.vars.iter())
                    .filter(|(_, info)| info.occurrences == 1 && info.name != "_")
                    .map(|((n, v), _)| (n.clone(), *v))
                    .collect();
                bindings_list(m, &singles)
            }
            _ => continue,
        };
        if !m.unify(target, l) {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // term_to_atom/2, term_string/2, read_term_from_atom/3, atom_to_term/3
        let failing = crate::builtins::goals_not_holding(&[
            r#"term_to_atom(T, 'f(X, Y, X)'), T = f(A, B, C), A == C, A \== B"#,
            r#"term_to_atom(f('a b', 1), A), A == 'f(\'a b\',1)'"#,
            r#"term_string(T, "g(1 + 2)"), T == g(1 + 2)"#,
            r#"read_term_from_atom('p(X)', T, []), T = p(V), var(V)"#,
            r#"catch(term_to_atom(_, 'f('), error(E, _), true), E = syntax_error(_)"#,
            r#"atom_to_term('f(X, Y)', T, Bs), Bs = ['X' = A, 'Y' = B], T == f(A, B)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

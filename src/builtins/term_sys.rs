//! SWI-Prolog's term utilities beyond ISO: duplicate_term/2, same_term/2,
//! term_singletons/2, nonground/2, is_most_general_term/1, var_number/2,
//! numbervars/3,4 (with options), functor/4, copy_term/4, copy_term_nat/4 and
//! size_abstract_term/3. Hashes of terms (variant_sha1/2) are in `term_hash.rs`.
//!
//! Every walk here uses an explicit stack (invariant 1); those that count
//! occurrences refuse cyclic terms first, as SWI does.
//!
//! Tested by: the unit tests below; tests/prolog/sys_terms.pl.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "duplicate_term(+In, -Out)",
        "Out is a copy of In with fresh variables; unlike copy_term/2, ground subterms are copied too.",
    );
    reg_det(m, "duplicate_term", 2, duplicate_term);
    reg_doc(
        m,
        "same_term(@T1, @T2)",
        "T1 and T2 are the same variable, equal atomic data, or one compound term at one address.",
    );
    reg_det(m, "same_term", 2, same_term);
    reg_doc(
        m,
        "term_singletons(+Term, -Singletons)",
        "Singletons is the list of variables occurring exactly once in Term, in order.",
    );
    reg_det(m, "term_singletons", 2, term_singletons);
    reg_doc(
        m,
        "nonground(@Term, -Var)",
        "Term is not ground; Var is its first variable.",
    );
    reg_det(m, "nonground", 2, |m| {
        let mut first = None;
        m.heap.walk_leaves(m.regs[0], |c| {
            if c.tag() == REF {
                first = Some(c);
                return false;
            }
            true
        });
        match first {
            Some(v) => Ok(m.unify(m.regs[1], v)),
            None => Ok(false),
        }
    });
    reg_doc(
        m,
        "is_most_general_term(@Term)",
        "Term is an atom, a compound whose arguments are distinct variables, or a list of distinct variables.",
    );
    reg_det(m, "is_most_general_term", 1, is_most_general_term);
    reg_doc(
        m,
        "var_number(@Term, -N)",
        "Term is '$VAR'(N), as numbervars/3 makes it.",
    );
    reg_det(m, "var_number", 2, |m| {
        let t = m.arg(0);
        if t.tag() != STR || m.heap.get(t.addr()) != Cell::functor(atoms::VAR_FUNCTOR, 1) {
            return Ok(false);
        }
        let n = m.heap.deref(m.heap.get(t.addr() + 1));
        Ok(n.tag() != REF && m.unify(m.regs[1], n))
    });
    reg_doc(
        m,
        "numbervars(+Term, +Start, -End)",
        "Bind the variables of Term to '$VAR'(N) for N from Start on; End is the next free number.",
    );
    reg_det(m, "numbervars", 3, |m| numbervars(m, None));
    reg_doc(
        m,
        "numbervars(+Term, +Start, -End, +Options)",
        "As numbervars/3; options functor_name(F), attvar(bind|skip|error) and singletons(true).",
    );
    reg_det(m, "numbervars", 4, |m| {
        let o = m.regs[3];
        numbervars(m, Some(o))
    });
    reg_doc(
        m,
        "functor(?Term, ?Name, ?Arity, ?Type)",
        "As functor/3; Type is compound, atom or atomic, and says what to build with Arity 0 (atom or callable: an atom).",
    );
    reg_det(m, "functor", 4, functor4);
    reg_doc(
        m,
        "copy_term(+VarsIn, +Term, -VarsOut, -TermOut)",
        "Copy Term renaming only the variables in VarsIn (their copies are VarsOut); others stay shared.",
    );
    reg_det(m, "copy_term", 4, |m| copy_term4(m, true));
    reg_doc(
        m,
        "copy_term_nat(+VarsIn, +Term, -VarsOut, -TermOut)",
        "As copy_term/4, without copying attributes.",
    );
    reg_det(m, "copy_term_nat", 4, |m| copy_term4(m, false));
    reg_doc(
        m,
        "size_abstract_term(+Size, +Term, -Abstract)",
        "Abstract is Term with each compound subterm deeper than Size + 1 replaced by a fresh variable.",
    );
    reg_det(m, "size_abstract_term", 3, size_abstract_term);
}

/// duplicate_term/2: a copy keeping shared subterms shared, attributes copied.
fn duplicate_term(m: &mut Machine) -> Res {
    let t = m.arg(0);
    if t.is_atomic_tag() {
        return Ok(m.unify(m.regs[1], t));
    }
    let w = super::attvar::wrap_attrs(m, t).unwrap_or(t);
    let c = Stored::from_heap_shared(&m.heap, w).to_heap(&mut m.heap);
    let c = super::attvar::unwrap_attrs(m, c);
    Ok(m.unify(m.regs[1], c))
}

fn same_term(m: &mut Machine) -> Res {
    let (a, b) = (m.arg(0), m.arg(1));
    Ok(match (a.tag(), b.tag()) {
        (REF, REF) | (STR, STR) | (LIS, LIS) => a.addr() == b.addr(),
        (REF | STR | LIS, _) | (_, REF | STR | LIS) => false,
        _ => m.compare(a, b) == Ordering::Equal,
    })
}

/// `representation_error(acyclic_term)` unless `t` is finite (the walks that count
/// occurrences need a tree).
fn need_acyclic(m: &Machine, t: Cell) -> Res<()> {
    if m.heap.is_acyclic(t) {
        Ok(())
    } else {
        Err(PErr::Representation(Atom::new("acyclic_term")))
    }
}

/// The variables of acyclic `t` in order of first occurrence with how often each
/// occurs (every occurrence counted, shared subterms included).
fn var_occurrences(m: &Machine, t: Cell) -> Vec<(Cell, usize)> {
    let mut index: HashMap<usize, usize> = HashMap::new();
    let mut out: Vec<(Cell, usize)> = Vec::new();
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        match c.tag() {
            REF => match index.get(&c.addr()) {
                Some(&i) => out[i].1 += 1,
                None => {
                    index.insert(c.addr(), out.len());
                    out.push((c, 1));
                }
            },
            STR | LIS => {
                let (_, arity, args) = m.compound_view(c);
                for i in (0..arity).rev() {
                    stack.push(m.heap.get(args + i));
                }
            }
            _ => {}
        }
    }
    out
}

fn term_singletons(m: &mut Machine) -> Res {
    let t = m.regs[0];
    need_acyclic(m, t)?;
    let singles: Vec<Cell> = var_occurrences(m, t)
        .into_iter()
        .filter(|&(_, n)| n == 1)
        .map(|(v, _)| v)
        .collect();
    let l = m.make_list(&singles);
    Ok(m.unify(m.regs[1], l))
}

fn is_most_general_term(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let mut seen = HashSet::new();
    let mut distinct_var = |c: Cell| {
        let c = m.heap.deref(c);
        c.tag() == REF && seen.insert(c.addr())
    };
    match t.tag() {
        ATM => Ok(true),
        STR => {
            let (_, arity, args) = m.compound_view(t);
            Ok((0..arity).all(|i| distinct_var(m.heap.get(args + i))))
        }
        // A list is most general when it is a proper list of distinct variables.
        LIS => match m.list_items(t) {
            Ok(items) => Ok(items.into_iter().all(distinct_var)),
            Err(_) => Ok(false),
        },
        _ => Ok(false),
    }
}

/// What numbervars/4 does with an attributed variable.
#[derive(Clone, Copy, PartialEq)]
enum AttVar {
    Bind,
    Skip,
    Error,
}

struct NumberOpts {
    functor: Atom,
    attvar: AttVar,
    singletons: bool,
}

/// numbervars/4's options (unknown ones are ignored, as in SWI).
fn numbervars_options(m: &Machine, l: Cell) -> Res<NumberOpts> {
    let mut o = NumberOpts {
        functor: atoms::VAR_FUNCTOR,
        attvar: AttVar::Error,
        singletons: false,
    };
    let mut c = m.heap.deref(l);
    loop {
        match c.tag() {
            REF => return Err(PErr::Instantiation),
            ATM if c.get_atom() == atoms::NIL => return Ok(o),
            LIS => {}
            _ => return Err(m.type_error(atoms::LIST, l)),
        }
        let opt = m.heap.deref(m.heap.get(c.addr()));
        if opt.tag() == REF {
            return Err(PErr::Instantiation);
        }
        if opt.tag() == STR && m.heap.get(opt.addr()).fun_arity() == 1 {
            let v = m.heap.deref(m.heap.get(opt.addr() + 1));
            match m.heap.get(opt.addr()).fun_name().name() {
                "functor_name" => o.functor = m.get_atom(v)?,
                "attvar" => {
                    o.attvar = match (v.tag() == ATM).then(|| v.get_atom().name()) {
                        Some("bind") => AttVar::Bind,
                        Some("skip") => AttVar::Skip,
                        Some("error") => AttVar::Error,
                        _ if v.tag() == REF => return Err(PErr::Instantiation),
                        _ => return Err(PErr::Domain(Atom::new("numbervar_option"), c)),
                    }
                }
                "singletons" => {
                    o.singletons = match (v.tag() == ATM).then(|| v.get_atom().name()) {
                        Some("true") => true,
                        Some("false") => false,
                        _ if v.tag() == REF => return Err(PErr::Instantiation),
                        _ => return Err(m.type_error(Atom::new("bool"), v)),
                    }
                }
                _ => {}
            }
        }
        c = m.heap.deref(m.heap.get(c.addr() + 1));
    }
}

/// numbervars/3 (`opts` None) and numbervars/4: binds each variable to F(N).
fn numbervars(m: &mut Machine, opts: Option<Cell>) -> Res {
    let s = m.arg(1);
    if s.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let start = m.get_int(s)?;
    let e = m.arg(2);
    if e.tag() != REF && m.heap.number(e).is_none_or(|n| !n.is_integer()) {
        return Err(m.type_error(atoms::INTEGER, e));
    }
    let o = match opts {
        Some(l) => numbervars_options(m, l)?,
        None => numbervars_options(m, Cell::atom(atoms::NIL))?,
    };
    let t = m.regs[0];
    // Occurrence counts only when singletons are asked for (and the term is a tree:
    // a cyclic term's variables are all numbered).
    let vars: Vec<(Cell, usize)> = if o.singletons && m.heap.is_acyclic(t) {
        var_occurrences(m, t)
    } else {
        super::shape::term_vars(m, t)
            .into_iter()
            .map(|v| (v, 2))
            .collect()
    };
    if o.attvar == AttVar::Error && vars.iter().any(|&(v, _)| m.attvar_of(v).is_some()) {
        return Err(PErr::Type(Atom::new("free_of_attvar"), m.heap.deref(t)));
    }
    let mut n = start;
    for (v, count) in vars {
        let v = m.heap.deref(v);
        if v.tag() != REF || (o.attvar == AttVar::Skip && m.attvar_of(v).is_some()) {
            continue;
        }
        let arg = if count == 1 {
            Cell::atom(Atom::new("_"))
        } else {
            n += 1;
            m.heap.new_int(n - 1)
        };
        let f = m.heap.new_compound(o.functor, &[arg]);
        m.bind(v.addr(), f);
    }
    Ok(m.unify_int(e, n))
}

fn functor4(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let ty = m.arg(3);
    let compound = Atom::new("compound");
    if t.tag() != REF {
        let (name, arity, kind) = match t.tag() {
            STR | LIS => {
                let (n, a, _) = m.compound_view(t);
                (Cell::atom(n), a, compound)
            }
            ATM => (t, 0, atoms::ATOM),
            _ => (t, 0, atoms::ATOMIC),
        };
        let a = Cell::small_int(arity as i64);
        return Ok(m.unify(m.regs[1], name)
            && m.unify(m.regs[2], a)
            && m.unify(ty, Cell::atom(kind)));
    }
    let (name, n) = (m.arg(1), m.arg(2));
    if name.tag() == REF || n.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let arity = m.get_int(n)?;
    if arity < 0 {
        return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, n));
    }
    if arity as u64 > MAX_ARITY as u64 {
        return Err(PErr::Representation(atoms::MAX_ARITY));
    }
    if arity > 0 {
        if name.tag() != ATM {
            return Err(match name.tag() {
                STR | LIS => m.type_error(atoms::ATOMIC, name),
                _ => m.type_error(atoms::ATOM, name),
            });
        }
        if ty.tag() != REF
            && !(ty.tag() == ATM && matches!(ty.get_atom().name(), "compound" | "callable"))
        {
            return Ok(false);
        }
        if m.heap.len() + arity as usize > m.flags.stack_limit / 8 {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        let c = m.heap.new_compound_vars(name.get_atom(), arity as usize);
        return Ok(m.unify(t, c) && (ty.tag() != REF || m.unify(ty, Cell::atom(compound))));
    }
    if !name.is_atomic_tag() {
        return Err(m.type_error(atoms::ATOMIC, name));
    }
    // Arity 0: the type says whether to make an atom or a zero-argument compound.
    let kind = match ty.tag() {
        REF => return Err(PErr::Instantiation),
        ATM => ty.get_atom(),
        _ => return Ok(false),
    };
    match kind.name() {
        "atom" | "callable" if name.tag() == ATM => Ok(m.unify(t, name)),
        "atomic" if name.tag() != ATM => Ok(m.unify(t, name)),
        // Terms have no zero-argument compounds (`f()`): refused as
        // compound_name_arity/3 refuses them.
        "compound" if name.tag() == ATM => Err(PErr::Domain(
            Atom::new("compound_non_zero_arity"),
            Cell::small_int(0),
        )),
        "compound" => Err(m.type_error(atoms::ATOM, name)),
        _ => Ok(false),
    }
}

/// copy_term/4 and copy_term_nat/4: only the variables of VarsIn are renamed.
fn copy_term4(m: &mut Machine, attrs: bool) -> Res {
    let (vars_in, t) = (m.regs[0], m.regs[1]);
    let renamed: HashSet<usize> = super::shape::term_vars(m, vars_in)
        .into_iter()
        .map(|v| v.addr())
        .collect();
    let shared: Vec<Cell> = super::shape::term_vars(m, t)
        .into_iter()
        .filter(|v| !renamed.contains(&v.addr()))
        .collect();
    let shared_list = m.make_list(&shared);
    let whole = m
        .heap
        .new_compound(Atom::new("$copy"), &[shared_list, vars_in, t]);
    let copy = if attrs {
        super::attvar::copy_term_attrs(m, whole)
    } else {
        Stored::from_heap(&m.heap, whole).to_heap(&mut m.heap)
    };
    let a = m.heap.deref(copy).addr();
    let (shared2, vars_out, t_out) = (m.heap.get(a + 1), m.heap.get(a + 2), m.heap.get(a + 3));
    // The shared variables' copies become the originals again; plainly, so an
    // attributed one wakes nothing.
    let copies = m.list_items(shared2).unwrap_or_default();
    for (c, orig) in copies.into_iter().zip(shared) {
        let c = m.heap.deref(c);
        if c.tag() == REF {
            m.heap.set(c.addr(), orig);
        }
    }
    Ok(m.unify(m.regs[2], vars_out) && m.unify(m.regs[3], t_out))
}

/// size_abstract_term(+Size, +Term, -Abstract): the compound nodes of Term down to
/// depth Size + 1 (the root is at depth 1) are kept with their atomic arguments;
/// each compound argument below them becomes a fresh variable (SWI's results).
fn size_abstract_term(m: &mut Machine) -> Res {
    let size = m.get_nonneg(m.regs[0])?;
    let t = m.arg(1);
    if !matches!(t.tag(), STR | LIS) {
        return Ok(m.unify(m.regs[2], t));
    }
    // The copy is built as the walk goes: (source, copy slot, depth) breadth-first.
    let root = m.heap.new_var();
    let mut queue = std::collections::VecDeque::from([(t, root.addr(), 1usize)]);
    while let Some((src, slot, depth)) = queue.pop_front() {
        let src = m.heap.deref(src);
        if !matches!(src.tag(), STR | LIS) {
            m.heap.set(slot, src);
            continue;
        }
        if depth > size + 1 {
            continue; // The slot stays a fresh variable.
        }
        let (name, arity, args) = m.compound_view(src);
        let node = if src.tag() == LIS {
            let (h, t) = (m.heap.new_var(), m.heap.new_var());
            m.heap.new_list(h, t)
        } else {
            m.heap.new_compound_vars(name, arity)
        };
        let (_, _, new_args) = m.compound_view(node);
        m.heap.set(slot, node);
        for i in 0..arity {
            queue.push_back((m.heap.get(args + i), new_args + i, depth + 1));
        }
    }
    Ok(m.unify(m.regs[2], root))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        let failing = crate::builtins::goals_not_holding(&[
            r#"X = f(_), duplicate_term(g(X, X), D), D = g(P, Q), same_term(P, Q), \+ same_term(P, X)"#,
            r#"same_term(a, a), \+ same_term(f(a), f(a)), \+ same_term(_, _), same_term(1.5, 1.5)"#,
            r#"term_singletons(f(X, Y, X, g(Z)), S), S == [Y, Z]"#,
            r#"nonground(f(a, X, _), V), V == X, \+ nonground(f(a), _)"#,
            r#"is_most_general_term(f(_, _)), \+ is_most_general_term(f(X, X)), is_most_general_term([_, _]), \+ is_most_general_term([_|_])"#,
            r#"var_number('$VAR'(3), N), N == 3, \+ var_number(f(x), _)"#,
            r#"T = f(X, Y, X), numbervars(T, 0, E, [singletons(true)]), E == 1, T == f('$VAR'(0), '$VAR'('_'), '$VAR'(0))"#,
            r#"T = f(_, _), numbervars(T, 0, E, [functor_name(v)]), E == 2, T == f(v(0), v(1))"#,
            r#"functor(T, f, 2, C), T = f(_, _), C == compound, functor(A, a, 0, callable), A == a"#,
            r#"functor(a, N, A, Ty), N == a, A == 0, Ty == atom, \+ functor(_, f, 2, atom)"#,
            r#"copy_term([X], f(X, Y), [V], T), T = f(V2, Y2), V2 == V, Y2 == Y, V \== X"#,
            r#"size_abstract_term(1, [a, b, c], T), T = [a, b|R], var(R), size_abstract_term(0, f(g(a), b), U), U = f(V, b), var(V)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

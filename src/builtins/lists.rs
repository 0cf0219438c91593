//! List builtins that are faster native: length/2, memberchk/2, member/2's
//! scan, sorting.
//! The rest of library(lists) is Prolog in `library/lists.pl`.
//!
//! Tested by: the unit tests below; tests/prolog/lists.pl, tests/props_order.rs (msort/2,
//! sort/2).

use super::args::ListEnd;
use super::docs::reg_doc;
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use std::cmp::Ordering;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "length(?List, ?Length)",
        "Length is the number of elements of List; with both unbound, lists of growing length.",
    );
    reg_nondet(m, "length", 2, length);
    reg_doc(m, "memberchk(?Elem, +List)", "True if Elem unifies with an element of List; only the first match, leaving no choice point.");
    reg_det(m, "memberchk", 2, memberchk);
    reg_det(m, "$skip_list", 2, skip_list_tail);
    reg_nondet(m, "$member", 2, member);
    reg_doc(
        m,
        "msort(+List, -Sorted)",
        "Sorted is List in standard order of terms, keeping duplicates.",
    );
    reg_det(m, "msort", 2, |m| sort_builtin(m, 0, Ordering::Less, false));
    reg_doc(
        m,
        "sort(+List, -Sorted)",
        "Sorted is List in standard order of terms with duplicates removed.",
    );
    reg_det(m, "sort", 2, |m| sort_builtin(m, 0, Ordering::Less, true));
    reg_doc(m, "sort(+Key, +Order, +List, -Sorted)", "Sort List on argument Key (0 for whole terms) with Order @<, @=<, @> or @>= (the = forms keep duplicates).");
    reg_det(m, "sort", 4, sort4);
    reg_doc(m, "keysort(+List, -Sorted)", "Sorted is the Key-Value pairs of List in standard order of the keys, stable, duplicates kept.");
    reg_det(m, "keysort", 2, keysort);
}

fn length(m: &mut Machine, state: Option<Cell>) -> Res {
    let (l, n) = (m.regs[0], m.arg(1));
    if state.is_some() {
        // Redo of an enumeration: the state knows where the list ends.
        return length_enum(m, state, n, 0, n);
    }
    let (len, end) = m.skip_list(l);
    let want = match n.tag() {
        REF => None,
        INT if n.get_int() < 0 => return Err(PErr::Domain(atoms::NOT_LESS_THAN_ZERO, n)),
        INT => Some(n.get_int() as usize),
        _ if m.heap.number(n).is_some_and(|x| x.is_integer()) => {
            return Err(PErr::Resource(atoms::MEMORY))
        }
        _ => return Err(PErr::Type(atoms::INTEGER, n)),
    };
    let tail = match end {
        ListEnd::Nil => return Ok(m.unify_int(n, len as i64)),
        ListEnd::Var(t) => t,
        ListEnd::Other(_) | ListEnd::Cyclic => return Err(m.type_error(atoms::LIST, l)),
    };
    let extra = match want {
        Some(w) if w < len => return Ok(false),
        Some(w) => w - len,
        None => {
            if n == tail {
                // length(L, L): no length can equal the list itself.
                return Ok(false);
            }
            return length_enum(m, state, tail, len, n);
        }
    };
    if (m.heap.len() + 2 * extra) * 8 > m.flags.stack_limit {
        return Err(PErr::Resource(atoms::MEMORY));
    }
    let vars: Vec<Cell> = (0..extra).map(|_| m.heap.new_var()).collect();
    let ext = m.make_list(&vars);
    Ok(m.unify(tail, ext) && m.unify_int(n, (len + extra) as i64))
}

/// length(L, N) with an open list and unbound N: lengths len, len+1, ... as
/// SWI's `'$length3'` enumerates them. Each redo extends the previous answer's
/// list by one cell and leaves a new choicepoint, so reaching length N costs
/// O(N) time, not O(N^2), and memory grows until the limit as in SWI.
/// On a redo (`state` set) `tail` and `len` are unused.
fn length_enum(m: &mut Machine, state: Option<Cell>, tail: Cell, len: usize, n: Cell) -> Res {
    let (tail, k) = match state {
        None => (tail, len),
        Some(s) => {
            // s = '$len'(OpenTail, Length) saved by the previous answer.
            let a = s.addr();
            let (open, k) = (m.heap.get(a + 1), m.heap.get(a + 2).get_int() as usize);
            let next = m.heap.new_var();
            let head = m.heap.new_var();
            let cell = m.heap.new_list(head, next);
            if !m.unify(open, cell) {
                return Ok(false);
            }
            (next, k + 1)
        }
    };
    let st = m
        .heap
        .new_compound(Atom::new("$len"), &[tail, Cell::small_int(k as i64)]);
    m.push_redo(st);
    let nil = Cell::atom(atoms::NIL);
    Ok(m.unify(tail, nil) && m.unify_int(n, k as i64))
}

/// '$member'(X, List): the body of member/2 (library/lists.pl). It does what
/// SWI's `member(X, [Y|Ys]) :- member_(Ys, X, Y)` with `member_/3`'s two
/// clauses does, answer for answer and with the same choicepoints (none after
/// the last element of a proper list), and counts one inference per element
/// visited as those calls would; but elements that cannot unify with X are
/// skipped in a loop, without a call, a choicepoint and a backtrack each
/// (`\+ member(Sq, Path)` is the knight's tour's inner loop). An unbound tail
/// is extended with a fresh element, as member_/3's second clause does.
fn member(m: &mut Machine, state: Option<Cell>) -> Res {
    let x = m.regs[0];
    // The call (or the redo) itself counted one inference: that of the first
    // element visited.
    let (mut l, mut counted) = match state {
        None => (m.regs[1], true),
        Some(s) => (s, true),
    };
    let probe = m.clash_probe(x);
    let mut visited = 0u32;
    loop {
        let c = m.heap.deref(l);
        match c.tag() {
            LIS => {
                if !counted {
                    m.inferences += 1;
                }
                counted = false;
                let (y, t) = (m.heap.get(c.addr()), m.heap.get(c.addr() + 1));
                if !probe.clashes(&m.heap, y) && m.may_unify(x, y) {
                    if matches!(m.heap.deref(t).tag(), LIS | REF) {
                        m.push_redo(t);
                    }
                    return Ok(m.unify(x, y));
                }
                l = t;
                visited += 1;
                if visited.is_multiple_of(4096) {
                    m.poll_budget()?;
                }
            }
            REF => {
                let cell = m.heap.new_compound_vars(atoms::DOT, 2);
                m.bind(c.addr(), cell);
                l = cell;
            }
            _ => return Ok(false),
        }
    }
}

fn memberchk(m: &mut Machine) -> Res {
    // SWI-Prolog's memberchk/2 is a Prolog clause over the foreign
    // '$memberchk'/3: two inferences.
    m.inferences += 1;
    let (x, l) = (m.regs[0], m.regs[1]);
    let probe = m.clash_probe(x);
    let mut c = m.heap.deref(l);
    // Brent's cycle detection, as in skip_list.
    let (mut power, mut lam, mut mark) = (1usize, 0usize, usize::MAX);
    loop {
        match c.tag() {
            LIS => {
                if c.addr() == mark {
                    return Err(m.type_error(atoms::LIST, l));
                }
                lam += 1;
                if lam == power {
                    mark = c.addr();
                    power *= 2;
                    lam = 0;
                }
                let h = m.heap.get(c.addr());
                if !probe.clashes(&m.heap, h) && m.may_unify(x, h) && m.unifiable(x, h) {
                    return Ok(m.unify(x, h));
                }
                c = m.heap.deref(m.heap.get(c.addr() + 1));
            }
            REF => {
                // memberchk(X, L) with an open list adds X, as in SWI.
                let tail = m.heap.new_var();
                let cell = m.heap.new_list(x, tail);
                return Ok(m.unify(c, cell));
            }
            ATM if c.get_atom() == atoms::NIL => return Ok(false),
            // SWI: a list ending in a non-list raises when X is not found.
            _ => return Err(m.type_error(atoms::LIST, c)),
        }
    }
}

/// The key of a list element for sort/4 (0 = the element itself).
fn sort_key(m: &Machine, c: Cell, key: usize) -> Res<Cell> {
    if key == 0 {
        return Ok(c);
    }
    let d = m.heap.deref(c);
    match m.heap.view(d) {
        View::Compound { arity, args, .. } if key <= arity => Ok(m.heap.get(args + key - 1)),
        View::Var(_) => Err(PErr::Instantiation),
        _ => Err(m.type_error(atoms::COMPOUND, d)),
    }
}

fn sort_builtin(m: &mut Machine, key: usize, order: Ordering, dedup: bool) -> Res {
    let items = m.get_list(m.regs[0])?;
    check_partial_out(m, m.regs[1])?;
    let mut keyed: Vec<(Cell, Cell)> = Vec::with_capacity(items.len());
    for &c in &items {
        keyed.push((sort_key(m, c, key)?, c));
    }
    keyed.sort_by(|a, b| {
        let o = m.compare(a.0, b.0);
        if order == Ordering::Greater {
            o.reverse()
        } else {
            o
        }
    });
    if dedup {
        keyed.dedup_by(|b, a| m.compare(a.0, b.0) == Ordering::Equal);
    }
    let out: Vec<Cell> = keyed.into_iter().map(|(_, c)| c).collect();
    let l = m.make_list(&out);
    Ok(m.unify(m.regs[1], l))
}

/// The output of a sort must be a list or partial list.
fn check_partial_out(m: &Machine, c: Cell) -> Res<()> {
    match m.skip_list(c).1 {
        ListEnd::Nil | ListEnd::Var(_) => Ok(()),
        _ => Err(m.type_error(atoms::LIST, c)),
    }
}

fn sort4(m: &mut Machine) -> Res {
    // SWI-Prolog checks the key only when there is something to sort.
    let empty = m.arg(2) == Cell::atom(atoms::NIL) && m.arg(0).tag() != REF;
    let key = if empty { 0 } else { m.get_nonneg(m.regs[0])? };
    let o = m.arg(1);
    let ord = m.get_atom(o)?;
    let (order, dedup) = match ord.name() {
        "@<" => (Ordering::Less, true),
        "@=<" => (Ordering::Less, false),
        "@>" => (Ordering::Greater, true),
        "@>=" => (Ordering::Greater, false),
        _ => return Err(PErr::Domain(Atom::new("order"), o)),
    };
    m.regs[0] = m.regs[2];
    m.regs[1] = m.regs[3];
    sort_builtin(m, key, order, dedup)
}

fn keysort(m: &mut Machine) -> Res {
    let items = m.get_list(m.regs[0])?;
    check_partial_out(m, m.regs[1])?;
    let mut keyed = Vec::with_capacity(items.len());
    for &c in &items {
        let d = m.heap.deref(c);
        match m.heap.view(d) {
            View::Compound {
                name,
                arity: 2,
                args,
            } if name == atoms::MINUS => keyed.push((m.heap.get(args), c)),
            View::Var(_) => return Err(PErr::Instantiation),
            _ => {
                let pair = Atom::new("pair");
                return Err(m.type_error(pair, d));
            }
        }
    }
    keyed.sort_by(|a, b| m.compare(a.0, b.0));
    let out: Vec<Cell> = keyed.into_iter().map(|(_, c)| c).collect();
    let l = m.make_list(&out);
    Ok(m.unify(m.regs[1], l))
}

/// '$skip_list'(List, Tail): Tail is where List stops being a list: `[]`, a variable, another
/// term, or (for a cyclic list) a list cell, so callers' `must_be(list, _)` raises.
fn skip_list_tail(m: &mut Machine) -> Res {
    let tail = match m.skip_list(m.regs[0]).1 {
        ListEnd::Nil => Cell::atom(atoms::NIL),
        ListEnd::Var(t) | ListEnd::Other(t) => t,
        ListEnd::Cyclic => m.arg(0),
    };
    Ok(m.unify(m.regs[1], tail))
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // length/2, sorting, memberchk/2, member/2
        let failing = crate::builtins::goals_not_holding(&[
            r#"length([a, b], N), N == 2"#,
            r#"length(L, 2), L = [A, B], var(A), var(B)"#,
            r#"catch(length(_, -1), error(E, _), true), E == domain_error(not_less_than_zero, -1)"#,
            r#"msort([b, a, c, a], L), L == [a, a, b, c]"#,
            r#"sort([b, a, c, a], L), L == [a, b, c]"#,
            r#"sort(0, @>=, [1, 3, 2, 3], L), L == [3, 3, 2, 1]"#,
            r#"keysort([b-1, a-2, b-0], L), L == [a-2, b-1, b-0]"#,
            r#"memberchk(b, [a, b, c])"#,
            r#"\+ memberchk(d, [a, b, c])"#,
            r#"findall(X, '$member'(X, [a, b]), L), L == [a, b]"#,
            r#"catch(msort(a, _), error(E, _), true), E == type_error(list, a)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

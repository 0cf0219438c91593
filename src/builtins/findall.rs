//! findall/3,4 support: solution bags that survive backtracking.
//!
//! `findall/3` itself is Prolog (lib/boot.pl) over these three primitives; a
//! bag is a stack entry so nested findalls work, and catch/3 trims the stack
//! when an exception unwinds through a findall.
//!
//! Tested by: the unit tests below; tests/prolog/allsols.pl.

use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::atoms;
use crate::term::cell::*;
use crate::term::store::{Bag, Stored};

pub fn register(m: &mut Machine) {
    reg_det(m, "$findall_begin", 1, |m| {
        m.bags.push(Bag::default());
        let id = Cell::small_int(m.bags.len() as i64 - 1);
        Ok(m.unify(m.regs[0], id))
    });
    reg_det(m, "$findall_add", 2, |m| {
        let id = bag_id(m)?;
        // Attributed variables keep their attributes, as in SWI-Prolog.
        let t = super::attvar::wrap_attrs(m, m.regs[1]).unwrap_or(m.regs[1]);
        let st = Stored::from_heap(&m.heap, t);
        let full = m.bags[id].items.len() == m.bags[id].items.capacity();
        if full {
            // The bag is about to double: see what the OS has left (a file read: only
            // once the bag is big, not for every findall/3), and ask for it first.
            if m.bags[id].items.len() >= 1 << 12 {
                m.refresh_os_cap();
            }
            let bag = &mut m.bags[id];
            if bag.items.try_reserve(bag.items.len().max(8)).is_err() {
                return Err(PErr::Resource(atoms::MEMORY));
            }
        }
        let bag = &mut m.bags[id];
        bag.cells += st.footprint();
        bag.items.push(st);
        if m.memory_cells() > m.limit_cells() {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        Ok(true)
    });
    reg_det(m, "$findall_end", 3, |m| {
        let id = bag_id(m)?;
        let bag = std::mem::take(&mut m.bags[id].items);
        m.bags.truncate(id);
        // The list and its elements go onto the heap at once: ask for the room first.
        let need = bag.iter().map(|s| s.size() + 2).sum::<usize>();
        if m.memory_cells() + need > m.limit_cells() || m.heap.cells.try_reserve(need).is_err() {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        let tail = m.regs[2];
        let mut items: Vec<Cell> = bag.iter().map(|s| s.to_heap(&mut m.heap)).collect();
        if m.wake.on {
            for it in &mut items {
                *it = super::attvar::unwrap_attrs(m, *it);
            }
        }
        let l = m.heap.list_from_slice(&items, tail);
        Ok(m.unify(m.regs[1], l))
    });
}

fn bag_id(m: &Machine) -> Res<usize> {
    let id = m.arg(0);
    if id.tag() != INT || id.get_int() as usize >= m.bags.len() {
        return Err(PErr::Existence(atoms::ERROR, id));
    }
    Ok(id.get_int() as usize)
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // findall/3,4 and bagof/3 over the bag primitives, nested and unwound by an exception
        let failing = crate::builtins::goals_not_holding(&[
            r#"findall(X, '$member'(X, [1, 2, 3]), L), L == [1, 2, 3]"#,
            r#"findall(_, fail, L), L == []"#,
            r#"findall(X-Y, '$member'(X-Y, [1-A, 2-A]), L), L = [1-P, 2-Q], P \== Q"#,
            r#"findall(X, '$member'(X, [a]), L, [z]), L == [a, z]"#,
            r#"bagof(X, '$member'(X, [c, a]), L), L == [c, a]"#,
            r#"findall(L, ('$member'(N, [1, 2]), findall(N-M, '$member'(M, [x, y]), L)), R), R == [[1-x, 1-y], [2-x, 2-y]]"#,
            r#"catch(findall(X, (X = 1 ; throw(oops)), _), oops, true), findall(Y, '$member'(Y, [q]), L), L == [q]"#,
            r#"\+ bagof(_, fail, _)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

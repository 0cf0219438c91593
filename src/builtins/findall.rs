//! findall/3,4 support: solution bags that survive backtracking.
//!
//! `findall/3` itself is Prolog (lib/boot.pl) over these three primitives; a
//! bag is a stack entry so nested findalls work, and catch/3 trims the stack
//! when an exception unwinds through a findall.

use super::reg_det;
use crate::engine::atom::atoms;
use crate::engine::cell::*;
use crate::engine::error::{PErr, Res};
use crate::engine::store::{Bag, Stored};
use crate::engine::Machine;

pub fn register(m: &mut Machine) {
    reg_det(m, "$findall_begin", 1, |m| {
        m.bags.push(Bag::default());
        let id = Cell::small_int(m.bags.len() as i64 - 1);
        Ok(m.unify(m.regs[0], id))
    });
    reg_det(m, "$findall_add", 2, |m| {
        let id = bag_id(m)?;
        super::shape::check_storable(m, m.regs[1])?;
        let st = Stored::from_heap(&m.heap, m.regs[1]);
        let bag = &mut m.bags[id];
        bag.cells += st.size() + 1;
        if (bag.cells + m.heap.len()) * 8 > m.flags.stack_limit {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        bag.items.push(st);
        Ok(true)
    });
    reg_det(m, "$findall_end", 3, |m| {
        let id = bag_id(m)?;
        let bag = std::mem::take(&mut m.bags[id].items);
        m.bags.truncate(id);
        let tail = m.regs[2];
        let items: Vec<Cell> = bag.iter().map(|s| s.to_heap(&mut m.heap)).collect();
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

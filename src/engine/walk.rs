//! Walks over a term's graph that every family needs: a compound's arguments, its leaves,
//! and whether it is cyclic. Explicit stacks only (no Rust recursion over Prolog data).
//!
//! Tested by: tests/prolog/terms.pl (cyclic_term/1, copy_term/2), store.rs unit tests.

use super::cell::*;
use super::heap::Heap;
use std::collections::{HashMap, HashSet};

impl Heap {
    pub fn args_of(&self, c: Cell) -> Option<(usize, usize)> {
        match c.tag() {
            STR => Some((c.addr() + 1, self.get(c.addr()).fun_arity())),
            LIS => Some((c.addr(), 2)),
            _ => None,
        }
    }

    /// Calls `f` on the non-compound subterms of `t` (dereferenced), depth-first,
    /// left to right; stops early when `f` returns false (the result is then
    /// false). Leaves of a shared or cyclic subterm may be reported once only,
    /// so `f` must treat its input as a set.
    pub fn walk_leaves(&self, t: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
        let budget = self.len() + 8;
        let mut steps = 0usize;
        let mut seen: Option<HashSet<usize>> = None;
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            let Some((first, n)) = self.args_of(c) else {
                if !f(c) {
                    return false;
                }
                continue;
            };
            match &mut seen {
                Some(s) => {
                    if !s.insert(c.addr()) {
                        continue;
                    }
                }
                None => {
                    steps += 1;
                    if steps > budget {
                        let mut s = HashSet::new();
                        s.insert(c.addr());
                        seen = Some(s);
                    }
                }
            }
            for i in (0..n).rev() {
                stack.push(self.get(first + i));
            }
        }
        true
    }

    /// Does the term contain no cycle?
    pub fn is_acyclic(&self, t: Cell) -> bool {
        // A budgeted walk that finishes proves the term finite.
        let budget = self.len() + 8;
        let mut steps = 0usize;
        let mut stack = vec![t];
        while let Some(c) = stack.pop() {
            let c = self.deref(c);
            if let Some((first, n)) = self.args_of(c) {
                steps += 1;
                if steps > budget {
                    return self.acyclic_dfs(t);
                }
                for i in (0..n).rev() {
                    stack.push(self.get(first + i));
                }
            }
        }
        true
    }

    /// Cycle check by depth-first search with node colours (on the path / done),
    /// linear in the number of distinct compound nodes.
    fn acyclic_dfs(&self, t: Cell) -> bool {
        const ON_PATH: u8 = 1;
        const DONE: u8 = 2;
        let mut colour: HashMap<usize, u8> = HashMap::new();
        // (compound cell, index of the next argument to visit)
        let mut path: Vec<(Cell, usize)> = Vec::new();
        let root = self.deref(t);
        if self.args_of(root).is_none() {
            return true;
        }
        colour.insert(root.addr(), ON_PATH);
        path.push((root, 0));
        while let Some(top) = path.last_mut() {
            let (c, i) = *top;
            let (first, n) = self.args_of(c).unwrap_or((0, 0));
            if i == n {
                colour.insert(c.addr(), DONE);
                path.pop();
                continue;
            }
            top.1 += 1;
            let child = self.deref(self.get(first + i));
            if self.args_of(child).is_none() {
                continue;
            }
            match colour.get(&child.addr()) {
                Some(&ON_PATH) => return false,
                Some(_) => {}
                None => {
                    colour.insert(child.addr(), ON_PATH);
                    path.push((child, 0));
                }
            }
        }
        true
    }
}

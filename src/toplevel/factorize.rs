//! Acyclic copies of cyclic answer terms for the answer printer (SWI's `_S1 = f(_S1)`
//! factorisation); the cycle points come from the term walker (`term::walk`). The copy is
//! iterative and memoised, so shared subterms are copied once.
//!
//! Tested by: the unit test below, tests/repl_pipe.rs (cyclic answers).

use crate::engine::Machine;
use crate::term::cell::*;
use crate::term::heap::View;
use std::collections::HashMap;

/// Builds acyclic copies of terms on the heap, with each cycle point replaced
/// by a variable of its own (SWI's `_S1 = f(_S1)` factorisation).
///
/// The copies are scratch data above the answer's heap top: backtracking into
/// the query (or ending it) discards them, and nothing is bound or trailed.
pub struct Factorizer {
    /// Cycle point (argument address) -> the variable standing for it.
    pub points: HashMap<usize, Cell>,
    /// Cycle point (argument address) -> its term cell.
    pub cells: HashMap<usize, Cell>,
    memo: HashMap<usize, Cell>,
}

enum Work {
    Visit(Cell, bool),
    Build(Cell, usize),
}

impl Factorizer {
    pub fn new(m: &mut Machine, points: &[(usize, Cell)]) -> Factorizer {
        let cells = points.iter().copied().collect();
        let points = points.iter().map(|&(p, _)| (p, m.heap.new_var())).collect();
        Factorizer {
            points,
            cells,
            memo: HashMap::new(),
        }
    }

    /// A copy of `root`; with `expand`, a root that is a cycle point is
    /// copied one level (its definition) instead of becoming its variable.
    pub fn copy(&mut self, m: &mut Machine, root: Cell, expand: bool) -> Cell {
        let mut results: Vec<Cell> = Vec::new();
        let mut stack = vec![Work::Visit(root, expand)];
        while let Some(w) = stack.pop() {
            match w {
                Work::Visit(c, expand) => {
                    let c = m.heap.deref(c);
                    let Some((args, n)) = m.heap.args_of(c) else {
                        results.push(c);
                        continue;
                    };
                    if let Some(&v) = self.points.get(&args).filter(|_| !expand) {
                        results.push(v);
                    } else if let Some(&r) = self.memo.get(&args).filter(|_| !expand) {
                        results.push(r);
                    } else {
                        // Only the root is ever expanded, so its copy is
                        // the one result the memo must not hold.
                        stack.push(Work::Build(c, if expand { usize::MAX } else { n }));
                        for i in (0..n).rev() {
                            stack.push(Work::Visit(m.heap.get(args + i), false));
                        }
                    }
                }
                Work::Build(c, n) => {
                    let expanded = n == usize::MAX;
                    let (args, arity) = m.heap.args_of(c).unwrap_or((0, 0));
                    let kids = results.split_off(results.len() - arity);
                    let new = match m.heap.view(c) {
                        View::Compound { name, .. } if c.tag() == STR => {
                            m.heap.new_compound(name, &kids)
                        }
                        _ => m.heap.new_list(kids[0], kids[1]),
                    };
                    if !expanded {
                        self.memo.insert(args, new);
                    }
                    results.push(new);
                }
            }
        }
        results.pop().unwrap_or(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::atom::Atom;

    #[test]
    fn cycles_are_found_and_copied_away() {
        let mut m = Machine::new();
        let x = m.heap.new_var();
        let t = m.heap.new_compound(Atom::new("f"), &[x]);
        // Bind X to f(X) by hand: X = f(X).
        m.heap.set(x.addr(), t);
        let pts = m.heap.cycle_points(&[t]);
        assert_eq!(pts.len(), 1);
        let mut f = Factorizer::new(&mut m, &pts);
        let c = f.copy(&mut m, t, true);
        assert!(m.heap.cycle_points(&[c]).is_empty());
        let c2 = f.copy(&mut m, t, false);
        assert_eq!(m.heap.deref(c2).tag(), REF);
    }
}

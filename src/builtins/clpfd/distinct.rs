//! all_distinct/1's propagation (Régin's algorithm): a maximum matching of
//! variables to values proves the constraint satisfiable; a value stays in a
//! domain only if some maximum matching uses it, i.e. its edge is in the
//! matching, joins a strongly connected component of the residual graph, or
//! lies on an alternating path from a free value. Iterative throughout.
//!
//! Tested by: tests/clpfd_diff.rs (all_distinct/1 queries, the sudoku).

use super::dom::Dom;
use super::store::{dom_of, narrow, Fv, Queue};
use crate::engine::error::Res;
use crate::engine::Machine;
use std::collections::HashMap;

/// Larger value sets are left to forward checking.
const MAX_VALUES: usize = 1 << 16;

/// Narrows `xs` to the values some all-distinct assignment uses; false when none exists.
pub fn regin(m: &mut Machine, q: &mut Queue, xs: &[Fv]) -> Res<bool> {
    let doms: Vec<Dom> = xs.iter().map(|&x| dom_of(m, x)).collect();
    if doms.iter().any(|d| !d.is_finite()) {
        return Ok(true);
    }
    let total: u64 = doms.iter().map(|d| d.size().unwrap_or(0)).sum();
    if total as usize > MAX_VALUES {
        return Ok(true);
    }
    // Values numbered in order of first appearance.
    let mut index: HashMap<i64, usize> = HashMap::new();
    let mut values: Vec<i64> = Vec::new();
    let adj: Vec<Vec<usize>> = doms
        .iter()
        .map(|d| {
            d.values()
                .map(|v| {
                    *index.entry(v).or_insert_with(|| {
                        values.push(v);
                        values.len() - 1
                    })
                })
                .collect()
        })
        .collect();
    let n = xs.len();
    let nv = values.len();
    if nv < n {
        return Ok(false);
    }
    let Some(mate) = max_matching(&adj, nv) else {
        return Ok(false);
    };
    let mut owner = vec![usize::MAX; nv];
    for (i, &v) in mate.iter().enumerate() {
        owner[v] = i;
    }
    // Residual graph: variable i → its matched value (node n + v), value → the
    // variables that could take it instead.
    let node_count = n + nv;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); node_count];
    for (i, vs) in adj.iter().enumerate() {
        out[i].push(n + mate[i]);
        for &v in vs {
            if v != mate[i] {
                out[n + v].push(i);
            }
        }
    }
    let free_reach = reachable(
        &out,
        (0..nv).filter(|&v| owner[v] == usize::MAX).map(|v| n + v),
    );
    let comp = components(&out);
    for (i, vs) in adj.iter().enumerate() {
        let keep: Vec<i64> = vs
            .iter()
            .filter(|&&v| v == mate[i] || comp[i] == comp[n + v] || free_reach[n + v])
            .map(|&v| values[v])
            .collect();
        if keep.len() < vs.len() {
            let mut keep = keep;
            keep.sort_unstable();
            if !narrow(m, q, xs[i], &Dom::from_sorted(keep))? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// A matching of every variable to a distinct value (augmenting paths), if one exists.
fn max_matching(adj: &[Vec<usize>], nv: usize) -> Option<Vec<usize>> {
    let n = adj.len();
    let mut mate = vec![usize::MAX; n];
    let mut owner = vec![usize::MAX; nv];
    let mut seen = vec![0u32; nv];
    for (stamp, root) in (1u32..).zip(0..n) {
        // Depth-first search for an augmenting path from `root`; the stack
        // holds (variable, next edge to try) and `via` the value used to reach it.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        let mut via: Vec<usize> = Vec::new();
        let mut found = false;
        while let Some(&mut (x, ref mut e)) = stack.last_mut() {
            if *e >= adj[x].len() {
                stack.pop();
                via.pop();
                continue;
            }
            let v = adj[x][*e];
            *e += 1;
            if seen[v] == stamp {
                continue;
            }
            seen[v] = stamp;
            via.push(v);
            if owner[v] == usize::MAX {
                found = true;
                break;
            }
            stack.push((owner[v], 0));
        }
        if !found {
            return None;
        }
        // Flip the path: each variable on the stack takes the value after it.
        for (k, &(x, _)) in stack.iter().enumerate() {
            let v = via[k];
            mate[x] = v;
            owner[v] = x;
        }
    }
    Some(mate)
}

fn reachable(out: &[Vec<usize>], from: impl Iterator<Item = usize>) -> Vec<bool> {
    let mut seen = vec![false; out.len()];
    let mut stack: Vec<usize> = Vec::new();
    for s in from {
        if !seen[s] {
            seen[s] = true;
            stack.push(s);
        }
    }
    while let Some(a) = stack.pop() {
        for &b in &out[a] {
            if !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    seen
}

/// Strongly connected components (Tarjan's algorithm with an explicit stack):
/// the component number of each node.
fn components(out: &[Vec<usize>]) -> Vec<usize> {
    let n = out.len();
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut ncomp = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (a, ref mut e)) = call.last_mut() {
            if *e < out[a].len() {
                let b = out[a][*e];
                *e += 1;
                if index[b] == NONE {
                    index[b] = next;
                    low[b] = next;
                    next += 1;
                    stack.push(b);
                    on_stack[b] = true;
                    call.push((b, 0));
                } else if on_stack[b] {
                    low[a] = low[a].min(index[b]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                low[parent] = low[parent].min(low[a]);
            }
            if low[a] == index[a] {
                while let Some(b) = stack.pop() {
                    on_stack[b] = false;
                    comp[b] = ncomp;
                    if b == a {
                        break;
                    }
                }
                ncomp += 1;
            }
        }
    }
    comp
}

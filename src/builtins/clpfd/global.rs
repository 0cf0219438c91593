//! Global constraints: all_different/1 and all_distinct/1, circuit/1 (a
//! Hamiltonian cycle of successors: knight's tours), element/3.
//!
//! Tested by: tests/clpfd_diff.rs, tests/programs_vs_swi.rs (programs/knight_clpfd.pl).

use super::dom::Dom;
use super::props::ALLDISTINCT;
use super::store::{dom_of, exclude, fv, fv_cell, kill, narrow, Fv, Queue};
use crate::engine::error::Res;
use crate::engine::Machine;
use crate::term::FastSet;

fn now(m: &Machine, x: Fv) -> Fv {
    fv(m, fv_cell(x)).unwrap_or(x)
}

/// Removes the known values from the others' domains (repeating while that
/// binds more variables); false when two are equal. Each unknown variable
/// is narrowed once per round, by whichever is smaller: its domain looked up
/// in the known values or the known values looked up in its domain (a
/// circuit of 400 squares with 200 known would otherwise make 80,000
/// single-value removals on every run).
fn forward(m: &mut Machine, q: &mut Queue, xs: &mut [Fv]) -> Res<bool> {
    let mut known: FastSet<i64> = FastSet::default();
    for &x in xs.iter() {
        if let Fv::Int(v) = x {
            if !known.insert(v) {
                return Ok(false);
            }
        }
    }
    let mut fresh = !known.is_empty();
    while fresh {
        fresh = false;
        for x in xs.iter_mut() {
            if !matches!(x, Fv::Var(_)) {
                continue;
            }
            let d = dom_of(m, *x);
            let mut hits: Vec<i64> = match d.size() {
                Some(size) if size <= known.len() as u64 => {
                    d.values().filter(|v| known.contains(v)).collect()
                }
                _ => known.iter().copied().filter(|&v| d.contains(v)).collect(),
            };
            if hits.is_empty() {
                continue;
            }
            hits.sort_unstable();
            let keep = d.intersect(&Dom::from_sorted(hits).complement());
            if keep.is_empty() || !narrow(m, q, *x, &keep)? {
                return Ok(false);
            }
            if let now @ Fv::Int(w) = now(m, *x) {
                *x = now;
                if !known.insert(w) {
                    return Ok(false);
                }
                fresh = true;
            }
        }
    }
    Ok(true)
}

/// all_different/1 (forward checking) and all_distinct/1 (also Régin's
/// matching-based pruning, `distinct.rs`).
pub fn all_different(m: &mut Machine, q: &mut Queue, p: usize, xs: &[Fv]) -> Res<bool> {
    let mut xs = xs.to_vec();
    if !forward(m, q, &mut xs)? {
        return Ok(false);
    }
    if xs.iter().all(|x| matches!(x, Fv::Int(_))) {
        kill(m, p);
        return Ok(true);
    }
    if super::props::kind(m, p) == ALLDISTINCT {
        return super::distinct::regin(m, q, &xs);
    }
    Ok(true)
}

/// circuit/1: successor variables (1-based) forming one cycle through all
/// nodes. Besides all-different: a value no other variable can take is
/// assigned, a path of known successors may not close early, and the graph of
/// the remaining choices must stay strongly connected.
pub fn circuit(m: &mut Machine, q: &mut Queue, p: usize, xs: &[Fv]) -> Res<bool> {
    let n = xs.len();
    let mut xs = xs.to_vec();
    loop {
        if !forward(m, q, &mut xs)? {
            return Ok(false);
        }
        let doms: Vec<Dom> = xs.iter().map(|&x| dom_of(m, x)).collect();
        // Each node needs a predecessor.
        let mut count = vec![0u32; n + 1];
        let mut last = vec![0usize; n + 1];
        for (i, d) in doms.iter().enumerate() {
            for v in d.values() {
                if v >= 1 && (v as usize) <= n {
                    count[v as usize] += 1;
                    last[v as usize] = i;
                }
            }
        }
        let mut changed = false;
        for v in 1..=n {
            match count[v] {
                0 => return Ok(false),
                1 if matches!(xs[last[v]], Fv::Var(_)) => {
                    if !narrow(m, q, xs[last[v]], &Dom::single(v as i64))? {
                        return Ok(false);
                    }
                    changed = true;
                }
                _ => {}
            }
        }
        for x in xs.iter_mut() {
            *x = now(m, *x);
        }
        let known = xs.iter().filter(|x| matches!(x, Fv::Int(_))).count();
        if !no_subtours(m, q, &mut xs)? {
            return Ok(false);
        }
        // Removing a closing value can bind a variable: look again.
        if changed || xs.iter().filter(|x| matches!(x, Fv::Int(_))).count() != known {
            continue;
        }
        if xs.iter().all(|x| matches!(x, Fv::Int(_))) {
            kill(m, p);
            return Ok(true);
        }
        let doms: Vec<Dom> = xs.iter().map(|&x| dom_of(m, x)).collect();
        return Ok(strongly_connected(&doms));
    }
}

/// A chain of known successors s → ... → e shorter than the circuit may not
/// close: s leaves e's domain. A closed chain must be the whole circuit.
fn no_subtours(m: &mut Machine, q: &mut Queue, xs: &mut [Fv]) -> Res<bool> {
    let n = xs.len();
    let succ = |x: Fv| match x {
        Fv::Int(v) if v >= 1 && v as usize <= n => Some(v as usize - 1),
        _ => None,
    };
    let mut has_pred = vec![false; n];
    for &x in xs.iter() {
        if let Some(j) = succ(x) {
            has_pred[j] = true;
        }
    }
    let mut on_chain = vec![false; n];
    for s in 0..n {
        if has_pred[s] || succ(xs[s]).is_none() {
            continue;
        }
        let mut e = s;
        let mut len = 1;
        on_chain[s] = true;
        while let Some(j) = succ(xs[e]) {
            e = j;
            on_chain[e] = true;
            len += 1;
        }
        if len < n && !exclude(m, q, xs[e], s as i64 + 1)? {
            return Ok(false);
        }
        xs[e] = now(m, xs[e]);
    }
    // Known successors not on an open chain form closed cycles: each must be the whole circuit.
    for i in 0..n {
        if on_chain[i] || succ(xs[i]).is_none() {
            continue;
        }
        let mut len = 0;
        let mut j = i;
        while !on_chain[j] {
            on_chain[j] = true;
            len += 1;
            match succ(xs[j]) {
                Some(k) => j = k,
                None => break,
            }
        }
        if len < n {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Is every node reachable from node 0 and node 0 from every node?
fn strongly_connected(doms: &[Dom]) -> bool {
    let n = doms.len();
    let edges: Vec<Vec<usize>> = doms
        .iter()
        .map(|d| {
            d.values()
                .filter(|&v| v >= 1 && v as usize <= n)
                .map(|v| v as usize - 1)
                .collect()
        })
        .collect();
    let mut rev: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, es) in edges.iter().enumerate() {
        for &j in es {
            rev[j].push(i);
        }
    }
    reaches_all(&edges) && reaches_all(&rev)
}

fn reaches_all(g: &[Vec<usize>]) -> bool {
    let mut seen = vec![false; g.len()];
    let mut stack = vec![0];
    seen[0] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        for &j in &g[i] {
            if !seen[j] {
                seen[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == g.len()
}

/// element(I, Xs, V): I indexes (1-based) an element of Xs equal to V.
pub fn element(m: &mut Machine, q: &mut Queue, p: usize, i: Fv, v: Fv, xs: &[Fv]) -> Res<bool> {
    let n = xs.len() as i64;
    if !narrow(m, q, i, &Dom::range(1, n))? {
        return Ok(false);
    }
    let dv = dom_of(m, v);
    let di = dom_of(m, now(m, i));
    let mut keep = Vec::new();
    let mut reach = Dom::empty();
    for k in di.values() {
        let dx = dom_of(m, xs[k as usize - 1]);
        let common = dx.intersect(&dv);
        if !common.is_empty() {
            keep.push(k);
            reach = reach.union(&common);
        }
    }
    if !narrow(m, q, i, &Dom::from_sorted(keep))? || !narrow(m, q, v, &reach)? {
        return Ok(false);
    }
    if let Fv::Int(k) = now(m, i) {
        let x = xs[k as usize - 1];
        let dv = dom_of(m, now(m, v));
        if !narrow(m, q, x, &dv)? {
            return Ok(false);
        }
        let dx = dom_of(m, now(m, x));
        if !narrow(m, q, now(m, v), &dx)? {
            return Ok(false);
        }
        if matches!(now(m, x), Fv::Int(_)) && matches!(now(m, v), Fv::Int(_)) {
            kill(m, p);
        }
    }
    Ok(true)
}

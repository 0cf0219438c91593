//! The tracer against SWI-Prolog (issue 18): the ports trace/2 prints for
//! `tests/trace/ports.pl` (append/3, naive reverse, a cut inside `\+`, an
//! exception, backtracking between goals) are SWI-Prolog's, line for line.
//!
//! Two things legitimately differ and are normalised: variable names (`_123`
//! becomes `_G1`, `_G2`, ... in order of appearance) and depth numbers (SWI's
//! count its own wrapper frames: each depth becomes its rank among the depths
//! of its case, so nesting must agree).
//!
//! SWI-Prolog is required (CI installs `swi-prolog-nox`).

use crate::native_support::root;
use std::collections::HashMap;
use std::process::Command;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// What `prolog -q -g run -t halt tests/trace/ports.pl` prints on stderr.
fn ports(prolog: &str) -> String {
    let o = Command::new(prolog)
        .args(["-q", "-g", "run", "-t", "halt", "tests/trace/ports.pl"])
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {prolog}: {e} (CI installs swi-prolog-nox)"));
    assert!(o.status.success(), "{prolog} failed: {o:?}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Renames variables and ranks depths within each `--- N` case.
fn normalise(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut case: Vec<(i64, String)> = Vec::new();
    let flush = |case: &mut Vec<(i64, String)>, out: &mut Vec<String>| {
        let mut depths: Vec<i64> = case.iter().map(|c| c.0).collect();
        depths.sort_unstable();
        depths.dedup();
        for (d, rest) in case.drain(..) {
            let rank = depths.binary_search(&d).unwrap_or(0);
            out.push(format!("[{rank}] {rest}"));
        }
    };
    let mut vars: HashMap<String, usize> = HashMap::new();
    for line in text.lines() {
        if line.starts_with("---") {
            flush(&mut case, &mut out);
            vars.clear();
            out.push(line.to_string());
            continue;
        }
        let Some(rest) = line.strip_prefix(" T [") else {
            out.push(line.to_string());
            continue;
        };
        let (depth, rest) = rest.split_once("] ").expect("a port line");
        let mut named = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '_' && chars.peek().is_some_and(|d| d.is_ascii_alphanumeric()) {
                let mut v = String::new();
                while let Some(&d) = chars.peek().filter(|d| d.is_ascii_alphanumeric()) {
                    v.push(d);
                    chars.next();
                }
                let n = vars.len() + 1;
                let n = *vars.entry(v).or_insert(n);
                named.push_str(&format!("_G{n}"));
            } else {
                named.push(c);
            }
        }
        case.push((depth.parse().expect("a depth"), named));
    }
    flush(&mut case, &mut out);
    out
}

#[test]
fn trace2_ports_are_swi_prologs() {
    let swi = normalise(&ports("swipl"));
    let ours = normalise(&ports(KNIGHTLOG));
    // The program exercises every port trace/2 shows.
    for port in ["Call:", "Exit:", "Redo:", "Fail:"] {
        assert!(
            swi.iter().any(|l| l.contains(port)),
            "no {port} in {swi:#?}"
        );
    }
    assert!(swi.len() > 50, "{swi:#?}");
    assert_eq!(ours, swi);
}

#[test]
fn normalising_keeps_nesting_and_variable_identity() {
    let a = normalise("--- 1\n T [10] Call: f(_12, _7)\n T [19] Exit: f(_7, _7)\n");
    assert_eq!(
        a,
        ["--- 1", "[0] Call: f(_G1, _G2)", "[1] Exit: f(_G2, _G2)"]
    );
}

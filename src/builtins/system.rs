//! System predicates: op/3, flags, statistics/2, time/1 support.
//!
//! Tested by: the unit tests below; tests/prolog/flags.pl, tests/robustness.rs (statistics/2,
//! garbage_collect/0).

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use crate::term::ops::OpType;

pub fn register(m: &mut Machine) {
    reg_doc(m, "op(+Precedence, +Type, :Name)", "Declare Name (or a list of names) as an operator of Type (xfx, fy, ...) and Precedence; 0 removes it.");
    reg_det(m, "op", 3, op);
    reg_det(m, "$ops", 1, ops_list);
    reg_doc(
        m,
        "set_prolog_flag(:Key, +Value)",
        "Set the Prolog flag Key to Value.",
    );
    reg_det(m, "set_prolog_flag", 2, set_flag);
    reg_det(m, "$flags", 1, flags_list);
    reg_doc(
        m,
        "statistics(+Key, -Value)",
        "Value is the statistic Key, such as runtime, cputime, walltime or inferences.",
    );
    reg_det(m, "statistics", 2, statistics);
    reg_doc(
        m,
        "exists_file(+File)",
        "File exists and is a regular file.",
    );
    reg_det(m, "exists_file", 1, |m| {
        let name = m.get_text(m.regs[0], Atom::new("text"))?;
        Ok(std::path::Path::new(&name).is_file())
    });
    reg_doc(m, "delete_file(+File)", "Delete File from the file system.");
    reg_det(m, "delete_file", 1, delete_file);
    reg_det(m, "$gc_request", 0, |m| {
        m.request_gc();
        Ok(true)
    });
    reg_det(m, "$time_start", 1, |m| {
        let t = m.heap.new_compound(
            Atom::new("$t"),
            &[
                Cell::small_int(m.inferences as i64),
                Cell::small_int((crate::os::cpu_seconds() * 1e9) as i64),
                Cell::small_int(m.ext.start.elapsed().as_nanos() as i64),
            ],
        );
        Ok(m.unify(m.regs[0], t))
    });
    reg_det(m, "$time_report", 1, time_report);
    reg_doc(
        m,
        "get_time(-TimeStamp)",
        "TimeStamp is the current time, in seconds since 1970 as a float.",
    );
    reg_det(m, "get_time", 1, |m| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0);
        let c = m.heap.new_float(t);
        Ok(m.unify(m.regs[0], c))
    });
    reg_det(m, "$set_inference_limit", 1, |m| {
        let n = m.get_int(m.regs[0])?;
        let limit = (n > 0).then(|| m.inferences + n as u64);
        m.set_inference_limit(limit);
        Ok(true)
    });
}

fn op(m: &mut Machine) -> Res {
    let (p, t, names) = (m.arg(0), m.arg(1), m.arg(2));
    if p.tag() == REF || t.tag() == REF || names.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let pri = m.get_int(p)?;
    if !(0..=1200).contains(&pri) {
        return Err(PErr::Domain(Atom::new("operator_priority"), p));
    }
    let ty_atom = m.get_atom(t)?;
    let Some(ty) = OpType::parse(ty_atom.name()) else {
        return Err(PErr::Domain(Atom::new("operator_specifier"), t));
    };
    let list = match m.list_items(names) {
        Ok(v) if names.tag() != ATM => v,
        _ => vec![names],
    };
    for n in list {
        let a = m.get_atom(n)?;
        if let Err(e) = m.ops.add(pri as u16, ty, a) {
            let action = match e {
                crate::term::ops::OpError::Permission(act) => Atom::new(act),
                crate::term::ops::OpError::Priority => atoms::MODIFY,
            };
            return Err(PErr::Permission(
                action,
                Atom::new("operator"),
                m.heap.deref(n),
            ));
        }
    }
    Ok(true)
}

fn ops_list(m: &mut Machine) -> Res {
    let all = m.ops.all();
    let items: Vec<Cell> = all
        .into_iter()
        .map(|(a, d)| {
            let args = [
                Cell::small_int(d.priority as i64),
                Cell::atom(Atom::new(d.typ.name())),
                Cell::atom(a),
            ];
            m.heap.new_compound(Atom::new("op"), &args)
        })
        .collect();
    let l = m.make_list(&items);
    Ok(m.unify(m.regs[0], l))
}

/// The flags held in the machine rather than in `other_flags` (flags_list).
pub const MACHINE_FLAGS: &[&str] = &[
    "bounded",
    "max_integer",
    "min_integer",
    "max_tagged_integer",
    "min_tagged_integer",
    "double_quotes",
    "back_quotes",
    "unknown",
    "occurs_check",
    "stack_limit",
    "max_arity",
    "dialect",
    "verbose",
    "version",
    "last_call_optimisation",
    "integer_rounding_function",
    "prefer_rationals",
    "iso",
    "rational_syntax",
];

fn set_flag(m: &mut Machine) -> Res {
    let (f, v) = (m.arg(0), m.arg(1));
    if f.tag() == REF || v.tag() == REF {
        return Err(PErr::Instantiation);
    }
    let flag = m.get_atom(f)?;
    let bad = || PErr::Domain(flag, v);
    let atom_valued = matches!(
        flag.name(),
        "double_quotes"
            | "back_quotes"
            | "unknown"
            | "occurs_check"
            | "verbose"
            | "char_conversion"
    );
    if atom_valued && v.tag() != ATM {
        return Err(m.type_error(atoms::ATOM, v));
    }
    let atom_v = (v.tag() == ATM).then(|| v.get_atom());
    match flag.name() {
        "double_quotes" | "back_quotes" => {
            let a = atom_v.filter(|a| matches!(a.name(), "codes" | "chars" | "atom" | "string"));
            let a = a.ok_or_else(bad)?;
            if flag.name() == "double_quotes" {
                m.flags.double_quotes = a;
            } else {
                m.flags.back_quotes = a;
            }
        }
        "unknown" => {
            let a = atom_v.filter(|a| matches!(a.name(), "error" | "fail" | "warning"));
            m.flags.unknown = a.ok_or_else(bad)?;
        }
        "occurs_check" => {
            let a = atom_v.filter(|a| matches!(a.name(), "true" | "false" | "error"));
            m.flags.occurs_check = a.ok_or_else(bad)?.name() != "false";
        }
        "verbose" => {
            let a = atom_v.filter(|a| matches!(a.name(), "normal" | "silent"));
            m.ext.quiet = a.ok_or_else(bad)?.name() == "silent";
        }
        // Recorded, not applied: the reader does not convert characters
        // (tests/KNOWN_DIFFERENCES.md).
        // The top level's reaction to an uncaught error (toplevel/query.rs).
        "debug_on_error" => {
            if !atom_v.is_some_and(|a| matches!(a.name(), "true" | "false")) {
                return Err(m.type_error(Atom::new("bool"), v));
            }
            let st = crate::term::store::Stored::from_heap(&m.heap, v);
            m.ext.other_flags.insert(flag, st);
        }
        "char_conversion" => {
            if !atom_v.is_some_and(|a| matches!(a.name(), "true" | "false")) {
                return Err(m.type_error(Atom::new("bool"), v));
            }
            let st = crate::term::store::Stored::from_heap(&m.heap, v);
            m.ext.other_flags.insert(flag, st);
        }
        "prefer_rationals" | "iso" => {
            let on = match atom_v.map(|a| a.name()) {
                Some("true") => true,
                Some("false") => false,
                _ => return Err(m.type_error(Atom::new("bool"), v)),
            };
            if flag.name() == "iso" {
                m.flags.arith.iso = on;
            } else {
                m.flags.arith.prefer_rationals = on;
            }
        }
        // Only SWI's default, `compatibility`, is supported: `natural` (reading
        // `1/3` as a rational) would change the reader and writer.
        "rational_syntax" => {
            if atom_v.map(|a| a.name()) != Some("compatibility") {
                return Err(bad());
            }
        }
        "stack_limit" => {
            let n = m.get_int(v)?;
            if n < 1 << 20 {
                return Err(PErr::Domain(Atom::new("flag_value"), v));
            }
            m.flags.stack_limit = n as usize;
        }
        "bounded" | "max_integer" | "min_integer" | "max_tagged_integer" | "version"
        | "dialect" | "max_arity" => {
            return Err(PErr::Permission(atoms::MODIFY, Atom::new("flag"), f));
        }
        _ => {
            // A flag from create_prolog_flag/3 keeps its type and access.
            let v = match m.ext.flag_decls.get(&flag).copied() {
                Some(d) if d.read_only => {
                    return Err(PErr::Permission(atoms::MODIFY, Atom::new("flag"), f))
                }
                Some(d) => super::sys_globals::check_flag_value(m, d.ty, v)?,
                None => v,
            };
            let st = crate::term::store::Stored::from_heap(&m.heap, v);
            m.ext.other_flags.insert(flag, st);
        }
    }
    Ok(true)
}

fn bool_atom(b: bool) -> Atom {
    if b {
        atoms::TRUE
    } else {
        atoms::FALSE
    }
}

fn flags_list(m: &mut Machine) -> Res {
    let mut pairs: Vec<(Atom, Cell)> = vec![
        (Atom::new("bounded"), Cell::atom(atoms::FALSE)),
        (Atom::new("max_integer"), m.heap.new_int(i64::MAX)),
        (Atom::new("min_integer"), m.heap.new_int(i64::MIN)),
        (Atom::new("max_tagged_integer"), Cell::small_int(SMALL_MAX)),
        (Atom::new("min_tagged_integer"), Cell::small_int(SMALL_MIN)),
        (
            Atom::new("double_quotes"),
            Cell::atom(m.flags.double_quotes),
        ),
        (Atom::new("back_quotes"), Cell::atom(m.flags.back_quotes)),
        (Atom::new("unknown"), Cell::atom(m.flags.unknown)),
        (
            Atom::new("occurs_check"),
            Cell::atom(if m.flags.occurs_check {
                atoms::TRUE
            } else {
                atoms::FALSE
            }),
        ),
        (
            Atom::new("stack_limit"),
            m.heap.new_int(m.flags.stack_limit as i64),
        ),
        (Atom::new("max_arity"), Cell::atom(Atom::new("unbounded"))),
        (Atom::new("dialect"), Cell::atom(Atom::new("knightlog"))),
        (
            Atom::new("verbose"),
            Cell::atom(Atom::new(if m.ext.quiet { "silent" } else { "normal" })),
        ),
        (Atom::new("version"), Cell::small_int(100)),
        (Atom::new("last_call_optimisation"), Cell::atom(atoms::TRUE)),
        (
            Atom::new("integer_rounding_function"),
            Cell::atom(Atom::new("toward_zero")),
        ),
        (
            Atom::new("prefer_rationals"),
            Cell::atom(bool_atom(m.flags.arith.prefer_rationals)),
        ),
        (Atom::new("iso"), Cell::atom(bool_atom(m.flags.arith.iso))),
        (
            Atom::new("rational_syntax"),
            Cell::atom(Atom::new("compatibility")),
        ),
    ];
    let others: Vec<(Atom, crate::term::store::Stored)> = m
        .ext
        .other_flags
        .iter()
        .map(|(k, v)| (*k, v.clone()))
        .collect();
    for (k, v) in others {
        let c = v.to_heap(&mut m.heap);
        pairs.push((k, c));
    }
    let items: Vec<Cell> = pairs
        .into_iter()
        .map(|(k, v)| m.heap.new_compound(atoms::MINUS, &[Cell::atom(k), v]))
        .collect();
    let l = m.make_list(&items);
    Ok(m.unify(m.regs[0], l))
}

fn statistics(m: &mut Machine) -> Res {
    let k = m.arg(0);
    let key = m.get_atom(k)?;
    let ms = |s: f64| (s * 1000.0) as i64;
    let v = match key.name() {
        "inferences" => m.heap.new_int(m.inferences as i64),
        "cputime" | "process_cputime" => m.heap.new_float(crate::os::cpu_seconds()),
        "runtime" | "process_runtime" => {
            let now = ms(crate::os::cpu_seconds());
            let d = now - m.ext.last_runtime_ms as i64;
            m.ext.last_runtime_ms = now as u64;
            let items = [Cell::small_int(now), Cell::small_int(d)];
            m.make_list(&items)
        }
        "walltime" | "real_time" => {
            let now = m.ext.start.elapsed().as_millis() as i64;
            let d = now - m.ext.last_walltime_ms as i64;
            m.ext.last_walltime_ms = now as u64;
            let items = [Cell::small_int(now), Cell::small_int(d)];
            m.make_list(&items)
        }
        "epoch" => m.heap.new_float(0.0),
        "heapused" | "globalused" | "memory" => m.heap.new_int((m.heap.len() * 8) as i64),
        "localused" => m.heap.new_int((m.stack.len() * 8) as i64),
        "trailused" => m.heap.new_int((m.trail.len() * 16) as i64),
        "atoms" => m.heap.new_int(Atom::count() as i64),
        "garbage_collection" => {
            // SWI: [Count, Freed bytes, Time ms, Left bytes].
            let g = &m.gc;
            let items = [
                Cell::small_int(g.collections as i64),
                Cell::small_int(g.reclaimed as i64 * 8),
                Cell::small_int(g.time.as_millis() as i64),
                Cell::small_int(m.heap.len() as i64 * 8),
            ];
            m.make_list(&items)
        }
        _ => return Err(PErr::Domain(Atom::new("statistics_key"), k)),
    };
    Ok(m.unify(m.regs[1], v))
}

/// Prints SWI's time/1 line to user_error.
fn time_report(m: &mut Machine) -> Res {
    let t = m.arg(0);
    let View::Compound { args, .. } = m.heap.view(t) else {
        return Ok(true);
    };
    let get = |i: usize| m.heap.deref(m.heap.get(args + i)).get_int();
    let (i0, c0, w0) = (get(0), get(1), get(2));
    // time/1's own bookkeeping calls are not the user's inferences.
    let inf = (m.inferences as i64 - i0 - 1).max(0);
    let cpu = (crate::os::cpu_seconds() * 1e9 - c0 as f64).max(0.0) / 1e9;
    let wall = (m.ext.start.elapsed().as_nanos() as f64 - w0 as f64).max(0.0) / 1e9;
    let pct = if wall > 0.0 {
        (cpu / wall * 100.0).round() as i64
    } else {
        0
    };
    let lips = if cpu > 0.0 {
        // SWI groups the inference count but not the Lips figure.
        ((inf as f64 / cpu) as i64).to_string()
    } else {
        "Infinite".to_string()
    };
    let line = format!(
        "% {} inferences, {:.3} CPU in {:.3} seconds ({}% CPU, {} Lips)\n",
        group_digits(inf),
        cpu,
        wall,
        pct,
        lips
    );
    m.emit_error(&line);
    Ok(true)
}

/// 1234567 -> "1,234,567" (SWI's ~D).
pub fn group_digits(n: i64) -> String {
    let s = n.abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// delete_file(+File), with SWI's errors for a missing or protected file.
fn delete_file(m: &mut Machine) -> Res {
    let f = m.arg(0);
    let name = m.get_text(f, Atom::new("text"))?;
    match std::fs::remove_file(&name) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(PErr::Existence(Atom::new("file"), f))
        }
        Err(_) => Err(PErr::Permission(Atom::new("delete"), Atom::new("file"), f)),
    }
}

#[cfg(test)]
mod tests {
    /// Each goal must succeed (checked against SWI-Prolog 9.0.4); every one that does not is reported.
    #[test]
    fn goals_hold() {
        // flags, operators, statistics/2
        let failing = crate::builtins::goals_not_holding(&[
            r#"current_prolog_flag(bounded, false)"#,
            r#"current_op(P, T, mod), P == 400, T == yfx"#,
            r#"op(700, xfx, ===>), current_op(P, xfx, ===>), P == 700"#,
            r#"catch(op(1201, xfx, foo), error(E, _), true), E == domain_error(operator_priority, 1201)"#,
            r#"statistics(runtime, [T|_]), integer(T)"#,
            r#"statistics(inferences, I), integer(I)"#,
            r#"catch(current_prolog_flag(1, _), error(E, _), true), E == type_error(atom, 1)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

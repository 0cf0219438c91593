//! The predicates knightlog provides: one file per family, one registration
//! table. System predicates written in Prolog live in `lib/*.pl` and are
//! compiled into every new machine; the libraries are the floor above
//! (`library/`, src/library).
//!
//! Tested by: every test that makes a machine; `goals_not_holding` below is the families' unit-
//! test support.

pub mod alarm;
pub mod args;
pub mod arith;
pub mod arith_sys;
pub mod atoms;
pub mod attvar;
pub mod base64;
pub mod chartype;
pub mod clpfd;
pub mod consult;
pub mod control;
pub mod csv;
pub mod db;
pub mod dicts;
pub mod digest;
pub mod docs;
pub mod dwim;
pub mod files;
pub mod files_ex;
pub mod findall;
pub mod fmt_pred;
pub mod io;
pub mod json;
pub mod lists;
pub mod messages;
pub mod modules;
pub mod native;
pub mod os;
pub mod process;
pub mod read;
pub mod shape;
pub mod ssu;
pub mod state;
pub mod stream;
pub mod stream_pipe;
pub mod stream_pos;
pub mod stream_read;
pub mod sys_globals;
pub mod system;
pub mod table_store;
pub mod tabling;
pub mod term_hash;
pub mod term_sys;
pub mod terms;
pub mod text;
pub mod text_sys;
pub mod time;
pub mod trace;
pub mod trace_keys;
pub mod undefined;
pub mod user_io;
pub mod write;

use crate::engine::pred::{Control, DetFn, NondetFn, PredKind};
use crate::engine::Machine;
use crate::term::atom::{atoms as names, Atom};

/// Prolog source of the system predicates written in Prolog, loaded into
/// `system` of every machine. The libraries (`library/`, the floor above)
/// load on first use.
const SYSTEM_SOURCES: &[(&str, &str)] = &[
    ("boot.pl", include_str!("lib/boot.pl")),
    ("attvar.pl", include_str!("lib/attvar.pl")),
    ("ssu.pl", include_str!("lib/ssu.pl")),
    ("tabling.pl", include_str!("lib/tabling.pl")),
    ("trace.pl", include_str!("lib/trace.pl")),
    ("compat.pl", include_str!("lib/compat.pl")),
    ("sysio.pl", include_str!("lib/sysio.pl")),
    ("dicts.pl", include_str!("lib/dicts.pl")),
];

pub fn reg_det(m: &mut Machine, name: &str, arity: usize, f: DetFn) {
    let id = m.pred_id_in(names::SYSTEM, Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Det(f);
    p.builtin = true;
}

pub fn reg_nondet(m: &mut Machine, name: &str, arity: usize, f: NondetFn) {
    let id = m.pred_id_in(names::SYSTEM, Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Nondet(f);
    p.builtin = true;
}

fn reg_control(m: &mut Machine, name: &str, arity: usize, c: Control) {
    let id = m.pred_id_in(names::SYSTEM, Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Control(c);
    p.builtin = true;
}

/// A machine with every builtin and the library loaded.
pub fn new_machine() -> Machine {
    let mut m = Machine::new();
    m.ext = crate::engine::ext::ExtSlot::new(state::Ext::default());
    m.module = names::SYSTEM;
    for n in 1..=8u8 {
        reg_control(&mut m, "call", n as usize, Control::Call(n - 1));
    }
    docs::reg_doc(
        &mut m,
        "call(:Goal)",
        "Call Goal; a cut inside Goal is local to it.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1)",
        "Call Goal with A1 appended to its arguments.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2)",
        "Call Goal with A1 and A2 appended to its arguments.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2, ?A3)",
        "Call Goal with three extra arguments appended.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2, ?A3, ?A4)",
        "Call Goal with four extra arguments appended.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2, ?A3, ?A4, ?A5)",
        "Call Goal with five extra arguments appended.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6)",
        "Call Goal with six extra arguments appended.",
    );
    docs::reg_doc(
        &mut m,
        "call(:Goal, ?A1, ?A2, ?A3, ?A4, ?A5, ?A6, ?A7)",
        "Call Goal with seven extra arguments appended.",
    );
    reg_control(&mut m, "$catch_enter", 3, Control::CatchEnter);
    reg_control(&mut m, "$trace_enter_clause", 3, Control::EnterClause);
    docs::register(&mut m);
    control::register(&mut m);
    terms::register(&mut m);
    shape::register(&mut m);
    term_sys::register(&mut m);
    term_hash::register(&mut m);
    dicts::register(&mut m);
    json::register(&mut m);
    attvar::register(&mut m);
    clpfd::register(&mut m);
    arith::register(&mut m);
    arith_sys::register(&mut m);
    atoms::register(&mut m);
    text::register(&mut m);
    text_sys::register(&mut m);
    base64::register(&mut m);
    digest::register(&mut m);
    chartype::register(&mut m);
    lists::register(&mut m);
    findall::register(&mut m);
    db::register(&mut m);
    io::register(&mut m);
    csv::register(&mut m);
    stream_read::register(&mut m);
    stream_pos::register(&mut m);
    read::register(&mut m);
    write::register(&mut m);
    fmt_pred::register(&mut m);
    user_io::register(&mut m);
    system::register(&mut m);
    sys_globals::register(&mut m);
    native::register(&mut m);
    consult::register(&mut m);
    os::register(&mut m);
    process::register(&mut m);
    alarm::register(&mut m);
    dwim::register(&mut m);
    files::register(&mut m);
    files_ex::register(&mut m);
    time::register(&mut m);
    modules::register(&mut m);
    ssu::register(&mut m);
    tabling::register(&mut m);
    trace::register(&mut m);
    for (file, text) in SYSTEM_SOURCES {
        m.module = names::SYSTEM;
        consult::load_library(&mut m, file, text);
    }
    // The system predicates written in Prolog (catch/3, findall/3, ...) may
    // not be redefined by user files; boot.pl's dynamic tables (flag/3,
    // recorded/3, ...) stay modifiable.
    for p in m.preds.iter_mut() {
        if p.module == names::SYSTEM && matches!(p.kind, PredKind::Clauses) && !p.hidden {
            p.builtin = !p.dynamic;
        }
    }
    // The system predicates added after programs could have defined them
    // themselves (name/2, instance/2, ...): SWI lets a program redefine a
    // non-ISO system predicate, so a program's definition takes precedence.
    for &(name, arity) in REDEFINABLE {
        if let Some(&id) = m.pred_map.get(&(names::SYSTEM, Atom::new(name), arity)) {
            m.preds[id as usize].redefinable = true;
        }
    }
    m.module = names::USER;
    m.ext.consult.clear();
    m
}

/// See `Pred::redefinable`.
const REDEFINABLE: &[(&str, usize)] = &[
    ("name", 2),
    ("atomic_concat", 3),
    ("atomics_to_string", 2),
    ("atomics_to_string", 3),
    ("normalize_space", 2),
    ("collation_key", 2),
    ("string_bytes", 3),
    ("divmod", 4),
    ("nth_integer_root_and_remainder", 4),
    ("float_class", 2),
    ("float_parts", 4),
    ("bounded_number", 3),
    ("current_arithmetic_function", 1),
    ("set_random", 1),
    ("random_property", 1),
    ("copy_term", 4),
    ("copy_term_nat", 4),
    ("duplicate_term", 2),
    ("size_abstract_term", 3),
    ("term_singletons", 2),
    ("nonground", 2),
    ("is_most_general_term", 1),
    ("same_term", 2),
    ("var_number", 2),
    ("numbervars", 4),
    ("functor", 4),
    ("instance", 2),
    ("variant_sha1", 2),
    ("variant_hash", 2),
    ("get_flag", 2),
    ("set_flag", 2),
    ("current_flag", 1),
    ("create_prolog_flag", 3),
    ("current_key", 1),
    ("nb_linkval", 2),
    ("nb_linkarg", 3),
    ("nb_delete", 1),
    ("current_atom", 1),
    ("current_blob", 2),
    ("blob", 2),
];

/// Test support for the families' unit tests: runs each goal (Prolog text) on one fresh
/// machine, in order, and returns every goal that did not succeed, with what happened.
#[cfg(test)]
pub(crate) fn goals_not_holding(goals: &[&str]) -> Vec<String> {
    let mut m = new_machine();
    let mut failing = Vec::new();
    for goal in goals {
        let outcome = match m.read_text(goal) {
            Err(e) => format!("syntax error: {}", e.message),
            Ok((t, _, _)) => match m.run_once(t) {
                Ok(true) => continue,
                Ok(false) => "failed".to_string(),
                Err(crate::engine::PErr::Throw(ball)) => messages::message_text(&m, ball),
                Err(e) => format!("{e:?}"),
            },
        };
        failing.push(format!("{goal}: {outcome}"));
    }
    failing
}

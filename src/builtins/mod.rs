//! The predicates knightlog provides: one file per family, one registration
//! table. Library predicates written in Prolog live in `lib/*.pl` and are
//! compiled into every new machine.

pub mod args;
pub mod arith;
pub mod atoms;
pub mod chartype;
pub mod consult;
pub mod control;
pub mod db;
pub mod findall;
pub mod io;
pub mod lists;
pub mod messages;
pub mod native;
pub mod read;
pub mod shape;
pub mod state;
pub mod stream;
pub mod system;
pub mod terms;
pub mod text;
pub mod toplevel_preds;
pub mod write;

use crate::engine::atom::Atom;
use crate::engine::pred::{Control, DetFn, NondetFn, PredKind};
use crate::engine::Machine;

/// Prolog source of the library, loaded into every machine.
const LIBRARY: &[(&str, &str)] = &[
    ("boot.pl", include_str!("lib/boot.pl")),
    ("lists.pl", include_str!("lib/lists.pl")),
    ("apply.pl", include_str!("lib/apply.pl")),
    ("error.pl", include_str!("lib/error.pl")),
    ("yall.pl", include_str!("lib/yall.pl")),
    ("ordsets.pl", include_str!("lib/ordsets.pl")),
    ("solutions.pl", include_str!("lib/solutions.pl")),
    ("plunit.pl", include_str!("lib/plunit.pl")),
];

pub fn reg_det(m: &mut Machine, name: &str, arity: usize, f: DetFn) {
    let id = m.pred_id(Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Det(f);
    p.builtin = true;
}

pub fn reg_nondet(m: &mut Machine, name: &str, arity: usize, f: NondetFn) {
    let id = m.pred_id(Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Nondet(f);
    p.builtin = true;
}

fn reg_control(m: &mut Machine, name: &str, arity: usize, c: Control) {
    let id = m.pred_id(Atom::new(name), arity);
    let p = &mut m.preds[id as usize];
    p.kind = PredKind::Control(c);
    p.builtin = true;
}

/// A machine with every builtin and the library loaded.
pub fn new_machine() -> Machine {
    let mut m = Machine::new();
    for n in 1..=8u8 {
        reg_control(&mut m, "call", n as usize, Control::Call(n - 1));
    }
    reg_control(&mut m, "$catch_enter", 3, Control::CatchEnter);
    control::register(&mut m);
    terms::register(&mut m);
    shape::register(&mut m);
    arith::register(&mut m);
    atoms::register(&mut m);
    text::register(&mut m);
    chartype::register(&mut m);
    lists::register(&mut m);
    findall::register(&mut m);
    db::register(&mut m);
    io::register(&mut m);
    read::register(&mut m);
    write::register(&mut m);
    system::register(&mut m);
    native::register(&mut m);
    consult::register(&mut m);
    for (name, text) in LIBRARY {
        consult::load_library(&mut m, name, text);
        // boot.pl defines system predicates (catch/3, findall/3, ...), which user
        // files may not redefine; the other files are library code they may.
        let system = *name == "boot.pl";
        for p in m.preds.iter_mut() {
            if matches!(p.kind, PredKind::Clauses) && !p.hidden && !p.builtin && !p.library {
                if system {
                    p.builtin = true;
                } else {
                    p.library = true;
                }
            }
        }
    }
    m.ext.consult.clear();
    m
}

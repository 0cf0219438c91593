//! JSON for library(http/json): the natives `'$json_read'/3` and
//! `'$json_write'/3` that its predicates (library/http/json.pl) call with
//! their options already checked and gathered into one record. Native
//! because a JSON document is data of any size: parsing and layout here run
//! in time linear in the text, with no Rust recursion over the term.
//!
//! Tested by: tests/prolog/lib_json.pl (against SWI-Prolog), tests/json_swi.rs
//! (generated documents read and written by both systems, byte for byte).

mod read;
mod write;

use super::docs::reg_doc;
use super::io::{stream_id, stream_term};
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;
use read::Fault;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "$json_read(+Stream, -Term, +Options)",
        "Reads one JSON value; Options is json_read_options(Dicts, Null, True, False, StringsAs, TagKey, DefaultTag, EndOfFile).",
    );
    reg_det(m, "$json_read", 3, |m| {
        let id = stream_id(m, m.regs[0], false)?;
        let opts = ReadOptions::from_term(m, m.regs[2])?;
        let v = read::read_value(m, id, &opts).map_err(|e| no_context(m, e))?;
        Ok(m.unify(v, m.regs[1]))
    });
    reg_doc(
        m,
        "$json_write(+Stream, +Term, +Options)",
        "Writes Term as JSON; Options is json_write_options(Dicts, Width, Step, Tab, Null, True, False, TagKey, SerializeUnknown).",
    );
    reg_det(m, "$json_write", 3, |m| {
        let id = stream_id(m, m.regs[0], true)?;
        let opts = write::WriteOptions::from_term(m, m.regs[2])?;
        write::write_value(m, id, m.regs[1], &opts).map_err(|e| no_context(m, e))?;
        Ok(true)
    });
}

/// The error as thrown, without the natives' own names as its context
/// (SWI's errors here name none either).
fn no_context(m: &mut Machine, e: PErr) -> PErr {
    match e {
        PErr::Throw(_) | PErr::Halt(_) => e,
        e => PErr::Throw(e.to_term(&mut m.heap, None)),
    }
}

/// What json_read/3 or json_read_dict/3 was asked for.
pub struct ReadOptions {
    /// Objects as dicts (else `json(Pairs)`).
    pub dicts: bool,
    pub null_term: Cell,
    pub true_term: Cell,
    pub false_term: Cell,
    /// Strings as atoms (else as strings).
    pub strings_as_atoms: bool,
    /// The key whose string value becomes a dict's tag.
    pub tag_key: Option<Atom>,
    /// The tag of dicts without one (a fresh variable when None).
    pub default_tag: Option<Cell>,
    /// What the end of the input reads as (None: an error).
    pub eof_term: Option<Cell>,
}

impl ReadOptions {
    fn from_term(m: &Machine, t: Cell) -> Res<ReadOptions> {
        let a = record(m, t, "json_read_options", 8)?;
        let arg = |i: usize| m.heap.deref(m.heap.get(a + i));
        let opt_atom =
            |c: Cell| (c.tag() == ATM && c.get_atom() != atoms::NIL).then(|| c.get_atom());
        let eof = arg(7);
        Ok(ReadOptions {
            dicts: arg(0) == Cell::atom(atoms::TRUE),
            null_term: arg(1),
            true_term: arg(2),
            false_term: arg(3),
            strings_as_atoms: arg(4) == Cell::atom(atoms::ATOM),
            tag_key: opt_atom(arg(5)),
            default_tag: (arg(6).tag() != REF).then(|| arg(6)),
            eof_term: match m.heap.view(eof) {
                View::Compound { arity: 1, args, .. } => Some(m.heap.get(args)),
                _ => None,
            },
        })
    }
}

/// The arguments' address of `t`, which must be `name/arity` (the library's
/// own record: anything else is a bug in library/http/json.pl).
fn record(m: &Machine, t: Cell, name: &str, arity: usize) -> Res<usize> {
    match m.heap.view(t) {
        View::Compound {
            name: n,
            arity: a,
            args,
        } if n.name() == name && a == arity => Ok(args),
        _ => Err(m.type_error(Atom::new(name), t)),
    }
}

/// The error for a parse that stopped at the stream's current position:
/// `error(syntax_error(json(What)), stream(S, Line, LinePos, CharNo))`, as SWI.
fn syntax_error(m: &mut Machine, id: usize, fault: Fault) -> PErr {
    let what = match fault {
        Fault::Json(w) => {
            let w = Cell::atom(Atom::new(w));
            m.heap.new_compound(Atom::new("json"), &[w])
        }
        Fault::Expected(word) => {
            let w = Cell::atom(Atom::new(word));
            let e = m.heap.new_compound(Atom::new("json_expected"), &[w]);
            m.heap.new_compound(Atom::new("json"), &[e])
        }
        Fault::Number => Cell::atom(Atom::new("illegal_number")),
        Fault::DuplicateKey(k) => {
            let formal = m
                .heap
                .new_compound(Atom::new("duplicate_key"), &[Cell::atom(k)]);
            return super::dicts::error_ball(m, formal, "dict_create", 3);
        }
    };
    let (line, col, chars) = match m.ext.streams.get_mut(id) {
        Some(s) => {
            s.sync();
            (s.line, s.column, s.chars)
        }
        None => (0, 0, 0),
    };
    let formal = m.heap.new_compound(atoms::SYNTAX_ERROR, &[what]);
    let s = stream_term(m, id);
    let pos = [
        s,
        Cell::small_int(line as i64),
        Cell::small_int(col as i64),
        Cell::small_int(chars as i64),
    ];
    let ctx = m.heap.new_compound(Atom::new("stream"), &pos);
    PErr::Throw(m.heap.new_compound(atoms::ERROR, &[formal, ctx]))
}

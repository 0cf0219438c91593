//! Tabling's primitives over the table store (table_store.rs): declaring a
//! tabled predicate (its clauses are renamed to `'Name tabled'` and a wrapper
//! calls `'$tbl_call'/2`, lib/tabling.pl), finding a call's table, adding and
//! returning answers, the fixpoint passes, abolishing tables.
//!
//! Tested by: tests/prolog/tabling.pl (knightlog and SWI-Prolog), tests/tabling.rs.

use super::docs::reg_doc;
use super::table_store::{variant_key, Keep, KeyBuf, Lookup, TableId};
use super::{reg_det, reg_nondet};
use crate::engine::error::{PErr, Res};
use crate::engine::instr::PredId;
use crate::engine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;
use std::cmp::Ordering;

pub fn register(m: &mut Machine) {
    reg_det(m, "$tbl_declare", 4, declare);
    reg_det(m, "$tbl_lookup", 4, lookup);
    reg_nondet(m, "$tbl_answers", 2, answers);
    reg_det(m, "$tbl_watch", 2, |m| {
        let id = table_arg(m, 0)?;
        let w = m.ext.tables.watch(id).unwrap_or(usize::MAX);
        Ok(m.unify_int(m.regs[1], w as i64))
    });
    reg_nondet(m, "$tbl_consume", 3, consume);
    reg_det(m, "$tbl_push", 1, |m| {
        let id = table_arg(m, 0)?;
        m.ext.tables.push(id);
        Ok(true)
    });
    reg_det(m, "$tbl_pass", 0, |m| {
        m.ext.tables.start_pass();
        Ok(true)
    });
    reg_det(m, "$tbl_again", 0, |m| Ok(m.ext.tables.again()));
    reg_det(m, "$tbl_pop", 0, |m| {
        m.ext.tables.pop();
        Ok(true)
    });
    reg_det(m, "$tbl_abandon", 1, |m| {
        let id = table_arg(m, 0)?;
        m.ext.tables.abandon(id);
        Ok(true)
    });
    reg_det(m, "$tbl_complete", 1, |m| {
        let id = table_arg(m, 0)?;
        Ok(m.ext
            .tables
            .get(id)
            .is_some_and(|t| t.status == super::table_store::Status::Complete))
    });
    reg_det(m, "$tbl_add", 2, add);
    reg_det(m, "$tbl_old", 3, old_answer);
    reg_det(m, "$tbl_fresh", 2, fresh);
    reg_det(m, "$tbl_moded", 3, moded);
    reg_det(m, "$tbl_list", 1, list);
    reg_doc(
        m,
        "abolish_all_tables",
        "Throw away every table, so tabled goals are computed afresh.",
    );
    reg_det(m, "abolish_all_tables", 0, |m| {
        m.ext.tables.abolish(|_| true);
        Ok(true)
    });
    reg_det(m, "$tbl_abolish_ids", 1, abolish_ids);
}

fn table_arg(m: &Machine, i: usize) -> Res<TableId> {
    let c = m.arg(i);
    if c.tag() == INT && c.get_int() >= 0 {
        return Ok(c.get_int() as usize);
    }
    Err(m.type_error(Atom::new("table"), c))
}

/// Makes the predicate holding a tabled predicate's clauses dynamic.
pub fn set_dynamic(m: &mut Machine, p: crate::engine::instr::PredId) {
    let pred = &mut m.preds[p as usize];
    pred.dynamic = true;
    if matches!(pred.kind, crate::engine::pred::PredKind::Undefined) {
        pred.kind = crate::engine::pred::PredKind::Clauses;
    }
}

/// The name of the predicate holding a tabled predicate's clauses.
pub fn impl_name(name: Atom) -> Atom {
    Atom::new(&format!("{} tabled", name.name()))
}

/// `'$tbl_declare'(+Module, +Name, +Arity, +Mode)`: Name/Arity in Module is
/// tabled; Mode is `variant` or `moded(ArgNo, Keep)`. Defines the wrapper and
/// drops the predicate's tables and clauses (a redefinition).
fn declare(m: &mut Machine) -> Res {
    let module = m.get_atom(m.regs[0])?;
    let name = m.get_atom(m.regs[1])?;
    let arity = m.get_int(m.regs[2])? as usize;
    let mode = m.arg(3);
    let moded = if mode.tag() == STR {
        let n = m.get_int(m.heap.get(mode.addr() + 1))? as usize;
        let how = m.heap.deref(m.heap.get(mode.addr() + 2));
        let keep = match (how.tag() == ATM).then(|| how.get_atom().name()) {
            Some("min") => Keep::Min,
            Some("max") => Keep::Max,
            Some("first") => Keep::First,
            Some("last") => Keep::Last,
            _ => Keep::Joined,
        };
        let joined = Stored::from_heap(&m.heap, how);
        m.ext
            .tables
            .joins
            .insert((module, impl_name(name), arity), joined);
        Some((n - 1, keep))
    } else {
        None
    };
    let inner = impl_name(name);
    m.ext.tables.declared.insert((module, name, arity), moded);
    m.ext
        .tables
        .abolish(|t| t.module == module && t.call_name() == Some(inner));
    let saved = m.module;
    m.module = module;
    let head = m.heap.new_compound_vars(name, arity);
    let args: Vec<Cell> = (0..arity)
        .map(|i| m.heap.get(head.addr() + 1 + i))
        .collect();
    let call = if arity == 0 {
        Cell::atom(inner)
    } else {
        m.heap.new_compound(inner, &args)
    };
    let body = m
        .heap
        .new_compound(Atom::new("$tbl_call"), &[Cell::atom(module), call]);
    let clause = m.heap.new_compound(atoms::NECK, &[head, body]);
    let p = m.pred_id(name, arity);
    m.wipe_pred(p);
    let inner_p = m.pred_id(inner, arity);
    m.wipe_pred(inner_p);
    // `:- dynamic p/1` before `:- table p/1`: the clauses stay dynamic.
    if m.preds[p as usize].dynamic {
        set_dynamic(m, inner_p);
    }
    let r = m.add_clause(clause, crate::engine::db::Where::Last, None);
    m.module = saved;
    r.map(|_| true)
}

impl super::table_store::Table {
    /// The name of the call's predicate.
    pub fn call_name(&self) -> Option<Atom> {
        let mut h = crate::term::heap::Heap::new();
        let c = self.call.to_heap(&mut h);
        h.callable_key(c).map(|(n, _)| n)
    }
}

/// The variant key of `t` (see [`variant_key`]) in the store's reused buffers;
/// give them back with `m.ext.tables.scratch = buf`.
fn key_of(m: &mut Machine, module: Atom, t: Cell, skip: Option<usize>) -> Res<KeyBuf> {
    let mut buf = std::mem::take(&mut m.ext.tables.scratch);
    if !variant_key(&m.heap, module, t, skip, m.limit_cells(), &mut buf) {
        return Err(PErr::Resource(atoms::MEMORY));
    }
    Ok(buf)
}

fn check_memory(m: &Machine) -> Res<()> {
    if m.ext.tables.cells > m.limit_cells() {
        return Err(PErr::Resource(atoms::MEMORY));
    }
    Ok(())
}

/// `'$tbl_lookup'(+Module, +Call, -Table, -What)`: What is complete, consume or
/// evaluate.
fn lookup(m: &mut Machine) -> Res {
    let module = m.get_atom(m.regs[0])?;
    let call = m.arg(1);
    let key = key_of(m, module, call, None)?;
    let moded = match m.heap.callable_key(call) {
        Some((n, a)) => {
            let user = n.name().strip_suffix(" tabled").map(Atom::new);
            user.and_then(|u| {
                m.ext
                    .tables
                    .declared
                    .get(&(module, u, a))
                    .copied()
                    .flatten()
            })
        }
        None => None,
    };
    let heap = &m.heap;
    let (id, what) = m
        .ext
        .tables
        .lookup(&key.key, module, || Stored::from_heap(heap, call), moded);
    m.ext.tables.scratch = key;
    check_memory(m)?;
    let what = match what {
        Lookup::Complete => "complete",
        Lookup::Consume => "consume",
        Lookup::Evaluate => "evaluate",
    };
    Ok(m.unify_int(m.regs[2], id as i64) && m.unify(m.regs[3], Cell::atom(Atom::new(what))))
}

/// `'$tbl_answers'(+Table, ?Call)`: the answers of a complete table, in order.
fn answers(m: &mut Machine, state: Option<Cell>) -> Res {
    let id = table_arg(m, 0)?;
    let i = state.map_or(0, |s| s.get_int() as usize);
    let Some(t) = m.ext.tables.get(id) else {
        return Ok(false);
    };
    let Some(ans) = t.answers.get(i) else {
        return Ok(false);
    };
    let more = i + 1 < t.answers.len();
    let c = ans.to_heap(&mut m.heap);
    if more {
        m.push_redo(Cell::small_int(i as i64 + 1));
    }
    Ok(m.unify(m.regs[1], c))
}

/// `'$tbl_consume'(+Table, +Watch, ?Call)`: the answers of a table still being
/// evaluated, including those added while reading; at the end the watch notes
/// what it has seen.
fn consume(m: &mut Machine, state: Option<Cell>) -> Res {
    let id = table_arg(m, 0)?;
    let w = m.get_int(m.regs[1])?;
    let i = state.map_or(0, |s| s.get_int() as usize);
    let Some(t) = m.ext.tables.get(id) else {
        return Ok(false);
    };
    // A replaced answer of a min/max/first/last table is skipped: its
    // replacement comes later. Joined tables give every answer as it was
    // joined, as SWI-Prolog gives each aggregate to its consumers.
    let mut i = i;
    if !matches!(t.moded, Some((_, Keep::Joined))) {
        while t.is_dead(i) {
            i += 1;
        }
    }
    let Some(ans) = t.answers.get(i) else {
        if w >= 0 {
            m.ext.tables.seen_all(w as usize, id);
        }
        return Ok(false);
    };
    let c = ans.to_heap(&mut m.heap);
    m.push_redo(Cell::small_int(i as i64 + 1));
    Ok(m.unify(m.regs[2], c))
}

/// The table of argument 1 (None once abolished), the answer of argument 2,
/// the table's moded argument, and the answer's key in the table's index
/// (the moded argument left out): what '$tbl_add'/2 and '$tbl_old'/3 start from.
type AnswerKey = (TableId, Cell, Option<(usize, Keep)>, KeyBuf);

fn answer_key(m: &mut Machine) -> Res<Option<AnswerKey>> {
    let id = table_arg(m, 0)?;
    let ans = m.arg(1);
    let Some(t) = m.ext.tables.get(id) else {
        return Ok(None);
    };
    let (module, moded) = (t.module, t.moded);
    let key = key_of(m, module, ans, moded.map(|(i, _)| i))?;
    Ok(Some((id, ans, moded, key)))
}

/// `'$tbl_add'(+Table, +Answer)`: adds an answer (a new one, or for a moded
/// table a better one for its index arguments).
fn add(m: &mut Machine) -> Res {
    let id = table_arg(m, 0)?;
    let (limit, ans) = (m.limit_cells(), m.arg(1));
    let (heap, tables) = (&m.heap, &mut m.ext.tables);
    // A variant table (the common case): one pass through the store.
    if tables.get(id).is_some_and(|t| t.moded.is_none()) {
        if !tables.add_variant(heap, id, ans, limit) {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        check_memory(m)?;
        return Ok(true);
    }
    let Some((id, ans, moded, key)) = answer_key(m)? else {
        return Ok(true);
    };
    let old = match moded {
        Some(_) => m
            .ext
            .tables
            .answer_for(id, &key.key)
            .map(|s| s.to_heap(&mut m.heap)),
        None => None,
    };
    let replace = match (moded, old) {
        (Some((i, keep)), Some(o)) => {
            let o = m.heap.deref(o);
            let ord = m.compare(m.heap.get(o.addr() + 1 + i), m.heap.get(ans.addr() + 1 + i));
            match keep {
                Keep::Min => ord == Ordering::Greater,
                Keep::Max => ord == Ordering::Less,
                Keep::First => false,
                Keep::Last | Keep::Joined => ord != Ordering::Equal,
            }
        }
        _ => false,
    };
    let heap = &m.heap;
    m.ext
        .tables
        .add(id, &key.key, || Stored::from_heap(heap, ans), replace);
    m.ext.tables.scratch = key;
    check_memory(m)?;
    Ok(true)
}

/// `'$tbl_old'(+Table, +Answer, -Old)`: the stored answer of a moded table with
/// Answer's index arguments.
fn old_answer(m: &mut Machine) -> Res {
    let Some((id, _, _, key)) = answer_key(m)? else {
        return Ok(false);
    };
    let old = m.ext.tables.answer_for(id, &key.key).cloned();
    m.ext.tables.scratch = key;
    let Some(old) = old else {
        return Ok(false);
    };
    let c = old.to_heap(&mut m.heap);
    Ok(m.unify(m.regs[2], c))
}

/// `'$tbl_fresh'(+Table, +Answer)`: is this derivation of Answer (a joined
/// moded table's) one no earlier pass of the evaluation made?
fn fresh(m: &mut Machine) -> Res {
    let id = table_arg(m, 0)?;
    let Some(module) = m.ext.tables.get(id).map(|t| t.module) else {
        return Ok(false);
    };
    let key = key_of(m, module, m.arg(1), None)?;
    let fresh = m.ext.tables.fresh_derivation(id, &key.key);
    m.ext.tables.scratch = key;
    check_memory(m)?;
    Ok(fresh)
}

/// `'$tbl_moded'(+Table, -ArgNo, -How)`: the moded argument joined in Prolog
/// (sum, lattice, po) and how, or 0 (none, or kept by '$tbl_add'/2).
fn moded(m: &mut Machine) -> Res {
    let id = table_arg(m, 0)?;
    let Some(t) = m.ext.tables.get(id) else {
        return Ok(false);
    };
    let (module, moded) = (t.module, t.moded);
    let (n, how) = match moded {
        Some((i, Keep::Joined)) => {
            let call = t.call.to_heap(&mut m.heap);
            let key = m.heap.callable_key(call).map(|(n, a)| (module, n, a));
            let how = key.and_then(|k| m.ext.tables.joins.get(&k).cloned());
            match how {
                Some(h) => (i as i64 + 1, h.to_heap(&mut m.heap)),
                None => (0, Cell::atom(Atom::new("none"))),
            }
        }
        _ => (0, Cell::atom(Atom::new("none"))),
    };
    Ok(m.unify_int(m.regs[1], n) && m.unify(m.regs[2], how))
}

/// Renames the head of a clause of a tabled predicate (in the source module)
/// to its implementation predicate; other clauses are returned as they are.
pub fn rename_tabled(m: &mut Machine, clause: Cell) -> Cell {
    if m.ext.tables.declared.is_empty() {
        return clause;
    }
    let (head, body) = m.clause_parts(clause);
    let renamed = tabled_head(m, head);
    if renamed == head {
        return clause;
    }
    m.heap.new_compound(atoms::NECK, &[renamed, body])
}

/// The head `Name(Args)` of a tabled predicate (in the source module) as the
/// head of the predicate holding its clauses, `'Name tabled'(Args)`: where
/// assert/1, retract/1 and clause/2 find them. Other heads as they are.
pub fn tabled_head(m: &mut Machine, head: Cell) -> Cell {
    if m.ext.tables.declared.is_empty() {
        return head;
    }
    let head = m.heap.deref(head);
    let Some((name, arity)) = m.heap.callable_key(head) else {
        return head;
    };
    if !m.ext.tables.declared.contains_key(&(m.module, name, arity)) {
        return head;
    }
    let inner = impl_name(name);
    if arity == 0 {
        return Cell::atom(inner);
    }
    let args: Vec<Cell> = (0..arity)
        .map(|i| m.heap.get(head.addr() + 1 + i))
        .collect();
    m.heap.new_compound(inner, &args)
}

/// The tabled predicate `p` as listing/1 shows it (SWI-Prolog 9's form):
/// its declaration line (`:- table p/2 as variant.`, or for a moded table
/// the comment SWI-Prolog prints instead) and the predicate holding its
/// clauses, whose heads [`user_head`] names back. None if `p` is not tabled.
pub fn listing_view(m: &Machine, p: PredId) -> Option<(String, Option<PredId>)> {
    let pred = &m.preds[p as usize];
    let moded = m
        .ext
        .tables
        .declared
        .get(&(pred.module, pred.name, pred.arity))?;
    let decl = match moded {
        Some(_) => "% tabled using answer subsumption\n".to_string(),
        None => format!(
            ":- table {} as variant.\n",
            m.pi_text(pred.name, pred.arity)
        ),
    };
    let inner = m.lookup_pred_in(pred.module, impl_name(pred.name), pred.arity);
    Some((decl, inner))
}

/// Is `p` the predicate holding a tabled predicate's clauses (`'p tabled'`)?
/// Listings show its clauses under the tabled predicate, not by themselves.
pub fn is_clause_holder(m: &Machine, p: PredId) -> bool {
    let pred = &m.preds[p as usize];
    match pred.name.name().strip_suffix(" tabled") {
        Some(user) => {
            m.ext
                .tables
                .declared
                .contains_key(&(pred.module, Atom::new(user), pred.arity))
        }
        None => false,
    }
}

/// A clause `'Name tabled'(Args) :- Body` of the predicate holding a tabled
/// predicate's clauses as the user wrote it: `Name(Args) :- Body`.
pub fn user_clause(m: &mut Machine, clause: Cell, name: Atom) -> Cell {
    let (head, body) = m.clause_parts(clause);
    let head = m.heap.deref(head);
    let renamed = match m.heap.callable_key(head) {
        Some((_, 0)) => Cell::atom(name),
        Some((_, arity)) => {
            let args: Vec<Cell> = (0..arity)
                .map(|i| m.heap.get(head.addr() + 1 + i))
                .collect();
            m.heap.new_compound(name, &args)
        }
        None => head,
    };
    m.heap.new_compound(atoms::NECK, &[renamed, body])
}

/// An error naming the predicate holding a tabled predicate's clauses
/// (`'p tabled'/1`) names the tabled predicate (`p/1`), as the user wrote it.
pub fn user_pred_error(m: &mut Machine, e: PErr) -> PErr {
    let PErr::Permission(action, kind, pi) = e else {
        return e;
    };
    let pi = m.heap.deref(pi);
    let user = match m.heap.callable_key(pi) {
        Some((slash, 2)) if slash.name() == "/" => {
            let n = m.heap.deref(m.heap.get(pi.addr() + 1));
            let name = (n.tag() == ATM)
                .then(|| n.get_atom().name().strip_suffix(" tabled").map(Atom::new));
            name.flatten().map(|u| (u, m.heap.get(pi.addr() + 2)))
        }
        _ => None,
    };
    match user {
        Some((u, arity)) => {
            let pi = m.heap.new_compound(Atom::new("/"), &[Cell::atom(u), arity]);
            PErr::Permission(action, kind, pi)
        }
        None => PErr::Permission(action, kind, pi),
    }
}

/// `'$tbl_list'(-List)`: `Id-(Module:Call)` for every table.
fn list(m: &mut Machine) -> Res {
    let ids = m.ext.tables.ids();
    let mut items = Vec::new();
    for id in ids {
        let t = m.ext.tables.get(id).expect("live table");
        let module = t.module;
        let call = t.call.to_heap(&mut m.heap);
        let q = m
            .heap
            .new_compound(atoms::COLON, &[Cell::atom(module), call]);
        let pair = m
            .heap
            .new_compound(Atom::new("-"), &[Cell::small_int(id as i64), q]);
        items.push(pair);
    }
    let l = m.make_list(&items);
    Ok(m.unify(m.regs[0], l))
}

/// `'$tbl_abolish_ids'(+Ids)`: drops these tables (those complete).
fn abolish_ids(m: &mut Machine) -> Res {
    let items = m.list_items(m.regs[0]).unwrap_or_default();
    let ids: Vec<TableId> = items
        .into_iter()
        .map(|c| m.heap.deref(c))
        .filter(|c| c.tag() == INT)
        .map(|c| c.get_int() as usize)
        .collect();
    m.ext.tables.abolish_ids(&ids);
    Ok(true)
}

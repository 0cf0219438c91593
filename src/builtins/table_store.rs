//! The tables of tabled predicates (`:- table`), in their own store: each
//! table is a variant call with its answers (kept in the order they were first
//! found), and the bookkeeping of the fixpoint iteration that completes them.
//!
//! Evaluation is linear tabling with SCC completion (the Prolog side is
//! lib/tabling.pl): a new call runs its clauses in a failure-driven loop,
//! adding answers; a recursive call of a table still being evaluated reads its
//! answers as they grow. Each such read (a *watch*) records the table's
//! version when it stopped; if the table changed after that, the loop runs
//! again. A table whose watches reach no older incomplete table is the leader
//! of its strongly connected component: once its loop finds nothing new, it
//! and every table evaluated since are complete. Otherwise it stays
//! incomplete, passes its watches to its caller's evaluation, and is evaluated
//! again in the caller's next pass.
//!
//! Tested by: tests/prolog/tabling.pl (knightlog and SWI-Prolog), tests/tabling.rs.

use crate::term::atom::Atom;
use crate::term::cell::*;
use crate::term::heap::Heap;
use crate::term::store::Stored;
use crate::term::{FastMap, FastSet};
use std::collections::HashMap;

pub type TableId = usize;

/// How a moded (answer subsumption) table keeps one answer per index
/// arguments. Sum, lattice and po are joined in Prolog (lib/tabling.pl).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Keep {
    Min,
    Max,
    First,
    Last,
    /// The old answer is given to Prolog, which joins and replaces it.
    Joined,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// Created, not evaluated yet.
    Fresh,
    /// Its evaluation is running.
    Active,
    /// Evaluated, but part of a component whose leader is still running.
    Incomplete,
    Complete,
}

pub struct Table {
    pub module: Atom,
    /// The variant call (of the implementation predicate `'Name tabled'`).
    pub call: Stored,
    key: Vec<u64>,
    pub status: Status,
    /// In the order found; a moded table's better answer is appended and the
    /// one it replaces marked dead (so a reader going to the end sees every
    /// change), until the table is complete.
    pub answers: Vec<Stored>,
    /// Positions in `answers` replaced by a later answer (moded tables only).
    dead: Vec<bool>,
    /// The answer keys of a variant table (dropped once complete).
    keys: AnswerSet,
    /// A moded table's answer key (index arguments) -> position in `answers`
    /// (dropped once complete).
    at: FastMap<AnswerKey, u32>,
    /// Derivations of a joined (sum, lattice, po) table's answers already
    /// joined: a pass run again derives them again (see [`Tables::fresh_derivation`]).
    tally: FastMap<Vec<u64>, Tally>,
    /// Bumped on every new or changed answer.
    pub version: u64,
    /// Position on the completion stack while not complete.
    cpos: usize,
    /// The serial at its last evaluation's start.
    evaluated_at: u64,
    /// The moded argument (0-based) and how its answers are kept.
    pub moded: Option<(usize, Keep)>,
    cells: usize,
}

/// How often one answer (moded argument included) was derived: `total` times
/// in all passes so far, `seen` times in the pass `pass`.
#[derive(Default)]
struct Tally {
    total: u32,
    seen: u32,
    pass: u64,
}

struct Frame {
    table: TableId,
    /// The serial when the current pass started.
    pass: u64,
    /// (table, version seen) for every watch made in this pass.
    watches: Vec<(TableId, u64)>,
}

#[derive(Default)]
pub struct Tables {
    tables: Vec<Option<Table>>,
    by_key: FastMap<Vec<u64>, TableId>,
    frames: Vec<Frame>,
    /// Tables not complete, in the order their evaluations started.
    cstack: Vec<TableId>,
    serial: u64,
    /// Cells held by all tables, for the memory limit.
    pub cells: usize,
    /// `(module, name, arity)` of tabled predicates -> moded argument.
    pub declared: HashMap<(Atom, Atom, usize), Option<(usize, Keep)>>,
    /// `(module, implementation name, arity)` -> how a joined moded argument
    /// joins (sum, lattice(PI), po(PI)).
    pub joins: HashMap<(Atom, Atom, usize), Stored>,
    /// The key being built (reused: most answers found are not new).
    pub scratch: KeyBuf,
}

/// What a call of a tabled predicate does with its table.
pub enum Lookup {
    /// Return the complete answers.
    Complete,
    /// Read the answers while they grow (a recursive call).
    Consume,
    /// Run the clauses.
    Evaluate,
}

/// A key token that cannot be a cell of a term: a list cell.
const LIST: u64 = u64::MAX;

/// The words of an answer's variant key that tell it from the table's other
/// answers: every answer of a table starts with the same module and functor.
fn answer_words(key: &[u64]) -> &[u64] {
    &key[key.len().min(2)..]
}

/// An answer key in a table's index. Most are a few words: kept inline, a
/// lookup touches the hash bucket only, not a second allocation (a table
/// of a million answers is looked up ten million times in a transitive
/// closure). A key has one form: inline exactly when it fits, the unused
/// words zero, so the derived equality is the words' equality.
#[derive(Clone, PartialEq, Eq)]
enum AnswerKey {
    Inline(u8, [u64; 3]),
    Boxed(Box<[u64]>),
}

impl AnswerKey {
    fn new(words: &[u64]) -> AnswerKey {
        if words.len() <= 3 {
            let mut w = [0; 3];
            w[..words.len()].copy_from_slice(words);
            AnswerKey::Inline(words.len() as u8, w)
        } else {
            AnswerKey::Boxed(words.into())
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            AnswerKey::Inline(n, w) => &w[..*n as usize],
            AnswerKey::Boxed(w) => w,
        }
    }
}

/// A variant table's answer keys, in two levels: the first word (the first
/// argument, mostly), then the rest. Answers found one after another mostly
/// share their first argument (a transitive closure extends the paths from one
/// node at a time), so the second level looked up is small and in cache where
/// one big set would miss it on every lookup. A rest of one word (a binary
/// relation's second argument) is kept in a set of plain words: 8 bytes an
/// entry instead of 32, so four times as many stay in cache.
#[derive(Default)]
struct AnswerSet(FastMap<Option<u64>, Level>);

/// The answer keys with one first word, by the rest.
#[derive(Default)]
struct Level {
    one: FastSet<u64>,
    many: FastSet<AnswerKey>,
}

impl AnswerSet {
    /// Adds `words`; false if they were there.
    fn insert(&mut self, words: &[u64]) -> bool {
        let (first, rest) = match words.split_first() {
            Some((&first, rest)) => (Some(first), rest),
            None => (None, words),
        };
        let level = self.0.entry(first).or_default();
        match rest {
            [w] => level.one.insert(*w),
            // Most answers found are not new: look up before building the key.
            _ => !level.many.contains(rest) && level.many.insert(AnswerKey::new(rest)),
        }
    }
}

/// Hashes as its words do, so the index is looked up with a slice.
impl std::hash::Hash for AnswerKey {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.words().hash(state)
    }
}

impl std::borrow::Borrow<[u64]> for AnswerKey {
    fn borrow(&self) -> &[u64] {
        self.words()
    }
}

/// Reused buffers of [`variant_key`]: most answers found are not new, so
/// their keys are built and dropped without allocating.
#[derive(Default)]
pub struct KeyBuf {
    pub key: Vec<u64>,
    vars: Vec<usize>,
    todo: Vec<(Cell, bool)>,
}

/// Writes the variant key of `t` in `module` to `buf.key`: equal for variants,
/// different otherwise. `skip` leaves out one argument of `t` (the moded
/// argument of an answer). False when the term is larger than `limit` cells
/// (or cyclic).
pub fn variant_key(
    heap: &Heap,
    module: Atom,
    t: Cell,
    skip: Option<usize>,
    limit: usize,
    buf: &mut KeyBuf,
) -> bool {
    let KeyBuf { key, vars, todo } = buf;
    key.clear();
    vars.clear();
    todo.clear();
    key.push(Cell::atom(module).0);
    // A call or answer of atoms and small integers (most answers): its
    // words in order, without the walk.
    let t = heap.deref(t);
    if t.tag() == STR {
        let f = heap.get(t.addr());
        let arity = f.fun_arity();
        key.push(f.0);
        let flat = (0..arity).all(|i| {
            let a = heap.deref(heap.get(t.addr() + 1 + i));
            if skip != Some(i) {
                key.push(a.0);
            }
            matches!(a.tag(), ATM | INT)
        });
        if flat {
            return key.len() <= limit;
        }
        key.truncate(1);
    }
    // Variables by first occurrence; terms have few, so a list beats a map.
    todo.push((t, true));
    while let Some((c, top)) = todo.pop() {
        if key.len() > limit {
            return false;
        }
        let c = heap.deref(c);
        match c.tag() {
            REF => {
                let n = match vars.iter().position(|&v| v == c.addr()) {
                    Some(n) => n,
                    None => {
                        vars.push(c.addr());
                        vars.len() - 1
                    }
                };
                key.push(Cell::new_ref(n).0);
            }
            STR => {
                let f = heap.get(c.addr());
                key.push(f.0);
                let arity = f.fun_arity();
                for i in (0..arity).rev() {
                    // Left out: every answer of a table has the same functor,
                    // and each argument's words end where they must, so the
                    // key stays canonical without a mark.
                    if !(top && skip == Some(i)) {
                        todo.push((heap.get(c.addr() + 1 + i), false));
                    }
                }
            }
            LIS => {
                key.push(LIST);
                todo.push((heap.get(c.addr() + 1), false));
                todo.push((heap.get(c.addr()), false));
            }
            BOX => {
                let h = heap.get(c.addr());
                let n = h.hdr_words();
                for i in 0..=n {
                    key.push(heap.get(c.addr() + i).0);
                }
            }
            _ => key.push(c.0),
        }
    }
    true
}

fn stored_cells(s: &Stored, key: &[u64]) -> usize {
    s.footprint() + key.len()
}

impl Table {
    /// Is the answer at `i` replaced by a later one?
    pub fn is_dead(&self, i: usize) -> bool {
        self.dead.get(i).copied().unwrap_or(false)
    }

    /// Marks the table complete and drops what only evaluation needs (the
    /// index, the tallies, the replaced answers); the cells freed.
    fn complete(&mut self) -> usize {
        self.status = Status::Complete;
        self.keys = AnswerSet::default();
        self.at = FastMap::default();
        self.tally = FastMap::default();
        let dead = std::mem::take(&mut self.dead);
        let mut freed = 0;
        if dead.contains(&true) {
            let mut i = 0;
            self.answers.retain(|a| {
                let keep = !dead.get(i).copied().unwrap_or(false);
                if !keep {
                    freed += a.footprint();
                }
                i += 1;
                keep
            });
        }
        self.cells -= freed;
        freed
    }
}

impl Tables {
    pub fn get(&self, id: TableId) -> Option<&Table> {
        self.tables.get(id).and_then(|t| t.as_ref())
    }

    fn table(&mut self, id: TableId) -> &mut Table {
        self.tables[id].as_mut().expect("live table")
    }

    /// The table of the variant `key` (created if new, with `call()` as its
    /// call) and what the call does.
    pub fn lookup(
        &mut self,
        key: &[u64],
        module: Atom,
        call: impl FnOnce() -> Stored,
        moded: Option<(usize, Keep)>,
    ) -> (TableId, Lookup) {
        if let Some(&id) = self.by_key.get(key) {
            let pass = self.frames.last().map(|f| f.pass);
            let t = self.table(id);
            let what = match t.status {
                Status::Complete => Lookup::Complete,
                Status::Active => Lookup::Consume,
                Status::Incomplete if pass.is_some_and(|p| t.evaluated_at >= p) => Lookup::Consume,
                Status::Incomplete | Status::Fresh => Lookup::Evaluate,
            };
            return (id, what);
        }
        let call = call();
        let cells = stored_cells(&call, key) * 2;
        self.cells += cells;
        let id = self.tables.len();
        self.by_key.insert(key.to_vec(), id);
        self.tables.push(Some(Table {
            module,
            call,
            key: key.to_vec(),
            status: Status::Fresh,
            answers: Vec::new(),
            dead: Vec::new(),
            keys: AnswerSet::default(),
            at: FastMap::default(),
            tally: FastMap::default(),
            version: 0,
            cpos: 0,
            evaluated_at: 0,
            moded,
            cells,
        }));
        (id, Lookup::Evaluate)
    }

    /// Starts evaluating table `id`.
    pub fn push(&mut self, id: TableId) {
        self.serial += 1;
        let (serial, cpos) = (self.serial, self.cstack.len());
        self.cstack.push(id);
        let t = self.table(id);
        t.status = Status::Active;
        t.cpos = cpos;
        t.evaluated_at = serial;
        self.frames.push(Frame {
            table: id,
            pass: serial,
            watches: Vec::new(),
        });
    }

    /// Starts a pass of the evaluation on top.
    pub fn start_pass(&mut self) {
        self.serial += 1;
        let serial = self.serial;
        if let Some(f) = self.frames.last_mut() {
            f.pass = serial;
            f.watches.clear();
        }
    }

    /// Registers a reader of table `id` in the running pass; its handle.
    pub fn watch(&mut self, id: TableId) -> Option<usize> {
        let v = self.get(id)?.version;
        let f = self.frames.last_mut()?;
        f.watches.push((id, v));
        Some(f.watches.len() - 1)
    }

    /// The reader `w` of table `id` has seen every answer (a moded table's
    /// changed answers too: they are appended).
    pub fn seen_all(&mut self, w: usize, id: TableId) {
        let Some(t) = self.get(id) else { return };
        let v = t.version;
        if let Some(e) = self.frames.last_mut().and_then(|f| f.watches.get_mut(w)) {
            if e.0 == id {
                e.1 = v;
            }
        }
    }

    /// Does a watch of the pass on top miss answers of a table in its component?
    pub fn again(&self) -> bool {
        let Some(f) = self.frames.last() else {
            return false;
        };
        let own = self.get(f.table).map_or(0, |t| t.cpos);
        f.watches.iter().any(|&(id, v)| {
            self.get(id)
                .is_some_and(|t| t.status != Status::Complete && t.cpos >= own && t.version > v)
        })
    }

    /// Ends the evaluation on top: completes its component if it leads one.
    pub fn pop(&mut self) {
        let Some(f) = self.frames.pop() else { return };
        let own = self.get(f.table).map_or(0, |t| t.cpos);
        let leader = f.watches.iter().all(|&(id, _)| {
            self.get(id)
                .is_none_or(|t| t.status == Status::Complete || t.cpos >= own)
        });
        if leader {
            for pos in own..self.cstack.len() {
                let id = self.cstack[pos];
                if let Some(t) = self.tables[id].as_mut() {
                    if t.cpos == pos && t.status != Status::Complete {
                        let freed = t.complete();
                        self.cells -= freed;
                    }
                }
            }
            self.cstack.truncate(own);
        } else {
            self.table(f.table).status = Status::Incomplete;
            if let Some(parent) = self.frames.last_mut() {
                parent.watches.extend(f.watches);
            }
        }
    }

    /// An exception left the evaluation of `id`: its frames and the tables not
    /// complete since it started are dropped.
    pub fn abandon(&mut self, id: TableId) {
        while let Some(f) = self.frames.pop() {
            if f.table == id {
                break;
            }
        }
        let from = self.get(id).map_or(self.cstack.len(), |t| t.cpos);
        for pos in from..self.cstack.len() {
            let tid = self.cstack[pos];
            if self.get(tid).is_some_and(|t| t.status != Status::Complete) {
                self.remove(tid);
            }
        }
        self.cstack.truncate(from.min(self.cstack.len()));
    }

    /// Adds an answer (`key` without the moded argument for a moded table), or
    /// with `replace` puts it in place of the one with the same key. True if the
    /// table changed.
    pub fn add(
        &mut self,
        id: TableId,
        key: &[u64],
        answer: impl FnOnce() -> Stored,
        replace: bool,
    ) -> bool {
        let t = self.tables[id].as_mut().expect("live table");
        let words = answer_words(key);
        let at = t.answers.len();
        if t.moded.is_none() {
            if !t.keys.insert(words) {
                return false;
            }
        } else {
            match t.at.get(words) {
                None => {
                    t.at.insert(AnswerKey::new(words), at as u32);
                }
                Some(&i) if replace => {
                    t.dead.resize(at, false);
                    t.dead[i as usize] = true;
                    t.at.insert(AnswerKey::new(words), at as u32);
                }
                Some(_) => return false,
            }
        }
        let s = answer();
        let cells = stored_cells(&s, key);
        t.answers.push(s);
        t.version += 1;
        t.cells += cells;
        self.cells += cells;
        true
    }

    /// Adds `answer` (a term on `heap`) to the variant table `id` if it is
    /// new: [`variant_key`] and [`Tables::add`] in one, with the store's
    /// reused key buffers. False when the answer is larger than `limit`
    /// cells (or cyclic).
    pub fn add_variant(&mut self, heap: &Heap, id: TableId, answer: Cell, limit: usize) -> bool {
        let Some(module) = self.get(id).map(|t| t.module) else {
            return true;
        };
        let mut buf = std::mem::take(&mut self.scratch);
        let fits = variant_key(heap, module, answer, None, limit, &mut buf);
        if fits {
            self.add(id, &buf.key, || Stored::from_heap(heap, answer), false);
        }
        self.scratch = buf;
        fits
    }

    /// The answer with index arguments `key` (a moded table).
    pub fn answer_for(&self, id: TableId, key: &[u64]) -> Option<&Stored> {
        let t = self.get(id)?;
        t.at.get(answer_words(key)).map(|&i| &t.answers[i as usize])
    }

    /// Is this derivation of an answer (`key` of the whole answer, moded
    /// argument included) new, or one an earlier pass of the table's
    /// evaluation made too? A pass derives at least what the one before did,
    /// in the same order, so the n-th derivation of an answer in a pass is new
    /// when earlier passes made it fewer than n times. Joining only new ones
    /// joins every derivation once, as evaluation without passes does (sum).
    pub fn fresh_derivation(&mut self, id: TableId, key: &[u64]) -> bool {
        let pass = match self.frames.last() {
            Some(f) if f.table == id => f.pass,
            _ => return true,
        };
        let t = self.table(id);
        if !t.tally.contains_key(key) {
            t.tally.insert(key.to_vec(), Tally::default());
        }
        let n = t.tally.get_mut(key).expect("just inserted");
        if n.pass != pass {
            n.pass = pass;
            n.seen = 0;
        }
        n.seen += 1;
        if n.seen <= n.total {
            return false;
        }
        n.total += 1;
        true
    }

    fn remove(&mut self, id: TableId) {
        if let Some(t) = self.tables[id].take() {
            self.by_key.remove(&t.key);
            self.cells -= t.cells;
        }
    }

    /// Is any table being evaluated?
    pub fn evaluating(&self) -> bool {
        !self.frames.is_empty()
    }

    /// Removes the complete tables that `pick` selects.
    pub fn abolish(&mut self, mut pick: impl FnMut(&Table) -> bool) {
        let ids: Vec<TableId> = (0..self.tables.len())
            .filter(|&i| {
                self.get(i)
                    .is_some_and(|t| t.status == Status::Complete && pick(t))
            })
            .collect();
        for id in ids {
            self.remove(id);
        }
        if self.frames.is_empty() && self.tables.iter().all(|t| t.is_none()) {
            *self = Tables {
                declared: std::mem::take(&mut self.declared),
                joins: std::mem::take(&mut self.joins),
                ..Tables::default()
            };
        }
    }

    /// Removes these tables (those complete).
    pub fn abolish_ids(&mut self, ids: &[TableId]) {
        for &id in ids {
            if self.get(id).is_some_and(|t| t.status == Status::Complete) {
                self.remove(id);
            }
        }
    }

    /// The ids of the live tables.
    pub fn ids(&self) -> Vec<TableId> {
        (0..self.tables.len())
            .filter(|&i| self.get(i).is_some())
            .collect()
    }
}

//! Predicates and their clauses: kinds, first-argument indexing (invariant 4,
//! docs/ARCHITECTURE.md; the keys of a call's arguments are computed here) and
//! the logical update view for dynamic code.
//!
//! Clauses carry birth/death generations; a call sees the clauses alive at the
//! generation it started in, so `retract/1` and `assert/1` during iteration
//! behave as ISO requires. Dead clauses are removed physically only at safe
//! points (no choicepoint iterates the predicate).
//!
//! Clause selection reads only `Pred::heads` (keys and generations), through the
//! first-argument switch (`Index`) when the first argument is bound; docs/ARCHITECTURE.md,
//! "Indexing", says how a call's iteration survives `asserta/1` moving positions.
//!
//! Tested by: tests/robustness.rs (first-argument indexing of 100,000 facts),
//! tests/prolog/safety.pl (erasure under iteration), tests/prolog/update_view.pl (calls,
//! clause/2 and retract/1 while the predicate changes), the unit tests of solve.rs (an indexed
//! call leaves no choicepoint; the logical update view) and of builtins/db.rs.

use super::error::Res;
use super::instr::ClauseCode;
use super::machine::Machine;
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::store::Stored;
use crate::term::FastMap;

/// A deterministic builtin: arguments in `m.regs[0..arity]`.
pub type DetFn = fn(&mut Machine) -> Res;
/// A nondeterministic builtin: called with `None` first, then with the state it
/// saved via `Machine::push_redo` each time it is backtracked into.
pub type NondetFn = fn(&mut Machine, Option<Cell>) -> Res;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// call/N with N-1 extra arguments.
    Call(u8),
    /// '$catch_enter'(Catcher, Recovery, Ref)
    CatchEnter,
    /// '$trace_enter_clause'(Goal, ClauseRef, Height): the debugger's entry
    /// into one clause (engine/trace.rs).
    EnterClause,
}

#[derive(Copy, Clone)]
pub enum PredKind {
    Undefined,
    Clauses,
    /// A deterministic builtin that may be compiled as an inline call.
    Det(DetFn),
    Nondet(NondetFn),
    Control(Control),
    /// Linked to another module's predicate (engine/module.rs).
    Import(super::instr::PredId),
}

/// Key used for first-argument indexing; 0 means "variable" (matches all).
pub type Key = u64;

pub const KEY_VAR: Key = 0;
/// All boxed constants (floats, big integers, strings) share one key.
pub const KEY_BOX: Key = BOX;

/// How many leading arguments take part in clause selection.
pub const NKEYS: usize = 3;

/// Keys of a call's (or a clause head's) first `NKEYS` arguments.
pub type Keys = [Key; NKEYS];

pub struct Clause {
    pub code: Box<ClauseCode>,
    /// Keys of the head's first arguments (KEY_VAR for a variable or a missing argument).
    pub keys: Keys,
    pub born: u64,
    pub died: u64,
    /// The clause as a term `Head :- Body` (for clause/2, retract/1, listing/1).
    pub source: Box<Stored>,
    pub file: Option<u32>,
    /// Line of the clause in `file` (0 when not from a file): backtraces.
    pub line: u32,
}

impl Clause {
    #[inline(always)]
    pub fn visible(&self, gen: u64) -> bool {
        self.born <= gen && gen < self.died
    }

    /// First-argument key (the hash index key).
    #[inline(always)]
    pub fn key(&self) -> Key {
        self.keys[0]
    }

    /// Can this clause's head match a call with these argument keys? Checking
    /// the first few arguments (not just the first) makes calls like
    /// `verify(5, 3)` against `verify(_, -1) :- !, fail.` deterministic.
    #[inline(always)]
    pub fn matches(&self, call: &Keys) -> bool {
        keys_match(&self.keys, call)
    }
}

fn mask_of(keys: &Keys) -> u8 {
    keys.iter()
        .enumerate()
        .filter(|(_, &k)| k != KEY_VAR)
        .fold(0, |m, (i, _)| m | (1 << i))
}

/// Can a head with `head` keys match a call with `call` keys?
#[inline(always)]
pub fn keys_match(head: &Keys, call: &Keys) -> bool {
    let mut i = 0;
    while i < NKEYS {
        let (c, k) = (call[i], head[i]);
        if c != KEY_VAR && k != KEY_VAR && c != k {
            return false;
        }
        i += 1;
    }
    true
}

/// What clause selection found: the clause to run and where the next matching candidate
/// is (`next_cand` == `NO_NEXT` when none is left: the call leaves no choicepoint). Small,
/// so that it comes back in registers.
#[derive(Copy, Clone, Debug)]
pub struct Selected {
    pub clause: u32,
    /// The next candidate's position in the candidate list, and its clause position.
    pub next_cand: u32,
    pub next_pos: u32,
}

/// `Selected::next_cand` when no candidate is left.
pub const NO_NEXT: u32 = u32::MAX;

/// What clause selection reads of a clause, kept contiguous beside the clauses so that
/// scans never touch a `Clause` (its code, source and file fields are cold).
#[derive(Copy, Clone, Debug)]
pub struct Head {
    pub keys: Keys,
    pub born: u64,
    pub died: u64,
}

impl Head {
    #[inline(always)]
    pub fn visible(&self, gen: u64) -> bool {
        self.born <= gen && gen < self.died
    }
}

/// The candidate list of a call that scans every clause (no index, or an unbound first
/// argument).
pub const ALL_CLAUSES: u32 = u32::MAX;

/// Bucket of the first-argument index for keys no clause has: the variable-key clauses.
const VAR_BUCKET: u32 = 0;

/// The first-argument switch: each first-argument key has a bucket of candidate clause
/// positions (ascending; variable-key clauses are in every bucket). A call looks its key up
/// once (a short linear search over a few keys, a hash table when many) and keeps the
/// bucket number in its choicepoint, so a retry walks the bucket without looking again.
pub struct Index {
    /// The distinct keys; bucket `i + 1` is `keys[i]`'s.
    keys: Vec<Key>,
    /// Key -> bucket, once there are more than `SMALL_SWITCH` keys.
    by_key: FastMap<Key, u32>,
    /// Bucket 0 (`VAR_BUCKET`) holds the variable-key clauses only. Inline up
    /// to four positions: most keys of a fact table have one clause, and a
    /// heap block per key made rebuilding the index after compaction mostly
    /// malloc and free (retract_key).
    buckets: Vec<Bucket>,
}

/// One key's candidate positions.
type Bucket = smallvec::SmallVec<[u32; 4]>;

/// Up to this many distinct first-argument keys are looked up by a linear search.
const SMALL_SWITCH: usize = 8;

impl Index {
    fn new() -> Index {
        Index {
            keys: Vec::new(),
            by_key: FastMap::default(),
            buckets: vec![Bucket::new()],
        }
    }

    /// The bucket of first-argument key `k` (bound).
    #[inline(always)]
    pub(crate) fn bucket(&self, k: Key) -> u32 {
        if self.keys.len() <= SMALL_SWITCH {
            match self.keys.iter().position(|&x| x == k) {
                Some(i) => i as u32 + 1,
                None => VAR_BUCKET,
            }
        } else {
            self.by_key.get(&k).copied().unwrap_or(VAR_BUCKET)
        }
    }

    fn add(&mut self, key: Key, pos: u32) {
        if key == KEY_VAR {
            for b in &mut self.buckets {
                b.push(pos);
            }
            return;
        }
        let mut b = self.bucket(key);
        if b == VAR_BUCKET {
            self.keys.push(key);
            b = self.keys.len() as u32;
            let var_only = self.buckets[VAR_BUCKET as usize].clone();
            self.buckets.push(var_only);
            if self.keys.len() > SMALL_SWITCH {
                if self.by_key.is_empty() {
                    for (i, &k) in self.keys.iter().enumerate() {
                        self.by_key.insert(k, i as u32 + 1);
                    }
                } else {
                    self.by_key.insert(key, b);
                }
            }
        }
        self.buckets[b as usize].push(pos);
    }
}

pub struct Pred {
    pub name: Atom,
    pub arity: usize,
    /// The module that owns this entry (engine/module.rs).
    pub module: Atom,
    /// meta_predicate/1 argument specifiers, if declared.
    pub meta: Option<Box<[super::module::MetaArg]>>,
    /// An `Import` link made by use_module/1,2 (not by autoloading).
    pub import_explicit: bool,
    pub kind: PredKind,
    pub clauses: Vec<Clause>,
    /// The clauses' keys and generations, contiguous for fast scanning (kept in step with
    /// `clauses`).
    pub heads: Vec<Head>,
    /// The largest birth generation of any clause: a call at or after it with
    /// no dead clauses sees every clause, so visibility checks can be skipped.
    pub newest_born: u64,
    /// Bit i set: some clause has a non-variable key at argument i, so calls
    /// compute that argument's key (the others cannot discriminate).
    pub key_mask: u8,
    /// Fewer than `INDEX_MIN` clauses, each with a first-argument key of its
    /// own (app/3, nrev/2): a call whose first argument is bound runs the one
    /// clause with that key, if any, and leaves no choicepoint, whatever the
    /// other arguments (`Pred::clause_by_first`).
    pub first_decides: bool,
    pub dynamic: bool,
    pub discontiguous: bool,
    /// Declared multifile: clauses from several files (and libraries) add up.
    pub multifile: bool,
    /// Declared public/1, volatile/1, non_terminal/1: properties only (for
    /// cross-referencers and predicate_property/2).
    pub public: bool,
    pub volatile: bool,
    pub non_terminal: bool,
    /// Defined by the system (cannot be redefined by user files).
    pub builtin: bool,
    /// Defined in the Prolog library (user files may redefine it).
    pub library: bool,
    /// A system predicate that another module may define for itself, as SWI
    /// lets non-ISO system predicates be redefined: modules reach it through
    /// an import link their own definition replaces (module.rs, `pred_id_in`).
    pub redefinable: bool,
    /// Generated helper (aux predicate for control constructs, call/N bodies).
    pub hidden: bool,
    pub file: Option<u32>,
    /// Line of the first clause in `file` (for "Previously defined at").
    pub line: u32,
    pub index: Option<Index>,
    pub n_dead: usize,
    /// Bumped whenever clause positions move (asserta, compaction): an iteration that saved
    /// a position re-finds its place by the next clause's birth generation (db.rs, and
    /// `Alt::Clauses` in machine.rs). Compared modulo 2^32 there.
    pub shifts: u64,
}

/// Predicates with at least this many clauses get a first-argument switch (when some
/// clause has a first-argument key). Fewer are scanned: looking a key up and walking a
/// bucket through its positions costs more than matching two or three heads' keys
/// (tak and queens measured, docs/ARCHITECTURE.md "Indexing").
pub const INDEX_MIN: usize = 4;

impl Pred {
    pub fn new(name: Atom, arity: usize) -> Pred {
        Pred {
            name,
            arity,
            module: crate::term::atom::atoms::USER,
            meta: None,
            import_explicit: false,
            kind: PredKind::Undefined,
            clauses: Vec::new(),
            heads: Vec::new(),
            newest_born: 0,
            key_mask: 0,
            first_decides: false,
            dynamic: false,
            discontiguous: false,
            multifile: false,
            public: false,
            volatile: false,
            non_terminal: false,
            builtin: false,
            library: false,
            redefinable: false,
            hidden: false,
            file: None,
            line: 0,
            index: None,
            n_dead: 0,
            shifts: 0,
        }
    }

    pub fn is_defined(&self) -> bool {
        !matches!(self.kind, PredKind::Undefined | PredKind::Import(_)) || self.dynamic
    }

    pub fn live_clauses(&self) -> usize {
        self.clauses.len() - self.n_dead
    }

    /// Builds the hash index if the predicate is big enough and has none.
    pub fn ensure_index(&mut self) {
        if self.index.is_some() || self.clauses.len() < INDEX_MIN || self.key_mask & 1 == 0 {
            return;
        }
        let mut idx = Index::new();
        for (pos, h) in self.heads.iter().enumerate() {
            idx.add(h.keys[0], pos as u32);
        }
        self.index = Some(idx);
    }

    /// Recomputes `first_decides` after the clause list changed.
    fn update_first_decides(&mut self) {
        let heads = &self.heads;
        self.first_decides = !heads.is_empty()
            && heads.len() < INDEX_MIN
            && heads.iter().enumerate().all(|(i, h)| {
                h.keys[0] != KEY_VAR && heads[..i].iter().all(|g| g.keys[0] != h.keys[0])
            });
    }

    /// Does a call at generation `gen` see every clause (no dead one, none
    /// born after it)? Then selection needs no visibility test.
    #[inline(always)]
    pub fn all_visible(&self, gen: u64) -> bool {
        self.n_dead == 0 && gen >= self.newest_born
    }

    /// With `first_decides` and every clause visible: the position of the
    /// clause whose first-argument key is `k0` (a bound argument's key).
    #[inline(always)]
    pub fn clause_by_first(&self, k0: Key) -> Option<usize> {
        self.heads.iter().position(|h| h.keys[0] == k0)
    }

    fn head_of(clause: &Clause) -> Head {
        Head {
            keys: clause.keys,
            born: clause.born,
            died: clause.died,
        }
    }

    /// Appends a clause, keeping an existing index up to date.
    pub fn add_last(&mut self, clause: Clause) {
        let pos = self.clauses.len() as u32;
        self.heads.push(Self::head_of(&clause));
        self.key_mask |= mask_of(&clause.keys);
        self.newest_born = self.newest_born.max(clause.born);
        if let Some(idx) = &mut self.index {
            idx.add(clause.key(), pos);
        }
        self.clauses.push(clause);
        self.update_first_decides();
    }

    /// Prepends a clause (asserta); positions shift, so the index is rebuilt lazily.
    pub fn add_first(&mut self, clause: Clause) {
        self.heads.insert(0, Self::head_of(&clause));
        self.key_mask |= mask_of(&clause.keys);
        self.newest_born = self.newest_born.max(clause.born);
        self.clauses.insert(0, clause);
        self.index = None;
        self.shifts += 1;
        self.update_first_decides();
    }

    /// Marks the clause at `pos` dead from generation `gen` on (db.rs erases through this).
    pub fn kill(&mut self, pos: usize, gen: u64) -> bool {
        if self.clauses[pos].died != u64::MAX {
            return false;
        }
        self.clauses[pos].died = gen;
        self.heads[pos].died = gen;
        self.n_dead += 1;
        true
    }

    /// The candidate list a call whose first-argument key is `k0` walks: a bucket of the
    /// index (built here when the predicate is large), or `ALL_CLAUSES`.
    pub fn bucket_of(&mut self, k0: Key) -> u32 {
        if k0 == KEY_VAR {
            return ALL_CLAUSES;
        }
        self.ensure_index();
        self.index
            .as_ref()
            .map_or(ALL_CLAUSES, |idx| idx.bucket(k0))
    }

    /// The bucket's positions (None: every clause is a candidate).
    #[inline(always)]
    fn candidates(&self, bucket: u32) -> Option<&[u32]> {
        if bucket == ALL_CLAUSES {
            return None;
        }
        // An index exists while a call holds a bucket of it: dropping it moves positions
        // (`shifts`), after which the holder looks its bucket up again.
        Some(
            self.index
                .as_ref()
                .map_or(&[][..], |idx| &idx.buckets[bucket as usize]),
        )
    }

    /// Should a lookup with these keys go through the first-argument index (building it if
    /// needed)? Same rule as a call's clause selection (machine.rs).
    pub fn use_index(&mut self, keys: &Keys) -> bool {
        self.bucket_of(keys[0]) != ALL_CLAUSES
    }

    fn bucket_for(&self, keys: &Keys, indexed: bool) -> u32 {
        match (indexed, &self.index) {
            (true, Some(idx)) => idx.bucket(keys[0]),
            _ => ALL_CLAUSES,
        }
    }

    /// The candidate position of clause `pos` in the candidates of a lookup with `keys`
    /// (its position in the index bucket when `indexed`).
    pub fn candidate_of(&self, keys: &Keys, indexed: bool, pos: u32) -> Option<u32> {
        if !indexed {
            return Some(pos);
        }
        self.index.as_ref()?;
        let list = self.candidates(self.bucket_for(keys, indexed))?;
        list.binary_search(&pos).ok().map(|i| i as u32)
    }

    /// Where an iteration whose next candidate is the clause born at `born` stands after
    /// positions moved (asserta): its candidate list and position in it. None if that
    /// clause is gone.
    pub fn refind(&mut self, keys: &Keys, indexed: bool, born: u64) -> Option<(u32, u32)> {
        let pos = self.heads.iter().position(|h| h.born == born)? as u32;
        if !indexed {
            return Some((ALL_CLAUSES, pos));
        }
        let bucket = self.bucket_of(keys[0]);
        let list = self.candidates(bucket)?;
        let cand = list.binary_search(&pos).ok()? as u32;
        Some((bucket, cand))
    }

    /// Finds the first visible clause matching the call's argument `keys` at
    /// candidate position `from` or later; with `indexed`, candidates come
    /// from the first-argument hash bucket. Returns (clause position,
    /// candidate position).
    pub fn next_clause(
        &self,
        keys: &Keys,
        indexed: bool,
        from: u32,
        gen: u64,
    ) -> Option<(u32, u32)> {
        if indexed && self.index.is_none() {
            return None;
        }
        let list = self.candidates(self.bucket_for(keys, indexed));
        self.find(list, keys, from as usize, gen)
    }

    #[inline(always)]
    fn find(&self, list: Option<&[u32]>, keys: &Keys, from: usize, gen: u64) -> Option<(u32, u32)> {
        let first = if self.all_visible(gen) {
            self.scan::<false>(list, keys, from, gen, false)
        } else {
            self.scan::<true>(list, keys, from, gen, false)
        };
        first.map(|(at, _)| at)
    }

    /// The first candidate from `from` on that matches `keys` (and, with `VIS`, is visible
    /// at `gen`): (clause position, candidate position); with `two`, also the next one
    /// after it, in the same walk. The unswitched case walks the heads contiguously.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn scan<const VIS: bool>(
        &self,
        list: Option<&[u32]>,
        keys: &Keys,
        from: usize,
        gen: u64,
        two: bool,
    ) -> Option<((u32, u32), Option<(u32, u32)>)> {
        let heads = &self.heads[..];
        let hit = |h: &Head| keys_match(&h.keys, keys) && (!VIS || h.visible(gen));
        match list {
            Some(l) => {
                let ok = |i: usize| hit(&heads[l[i] as usize]);
                let (i, j) = first_two(from, l.len(), two, ok)?;
                Some(((l[i], i as u32), j.map(|j| (l[j], j as u32))))
            }
            None => {
                let (i, j) = first_two(from, heads.len(), two, |i| hit(&heads[i]))?;
                Some(((i as u32, i as u32), j.map(|j| (j as u32, j as u32))))
            }
        }
    }

    /// The first matching clause at candidate position `from` or later in the candidate
    /// list `bucket`, and the candidate position and clause position of the one after it
    /// (if any): one walk serves both the clause to run and the choicepoint decision.
    /// `keys` are `Machine::call_keys` (unbound where no clause has a key).
    #[inline(always)]
    pub fn select(&self, keys: &Keys, bucket: u32, from: u32, gen: u64) -> Option<Selected> {
        let list = self.candidates(bucket);
        let from = from as usize;
        let all_visible = self.all_visible(gen);
        // Every candidate matches when the first argument was switched on (or no clause
        // can be told apart by it) and the other arguments cannot discriminate: no clause
        // needs to be looked at.
        if all_visible
            && keys[1] == KEY_VAR
            && keys[2] == KEY_VAR
            && (list.is_some() || keys[0] == KEY_VAR)
        {
            let len = list.map_or(self.heads.len(), |l| l.len());
            if from >= len {
                return None;
            }
            let at = |i: usize| list.map_or(i as u32, |l| l[i]);
            let (next_cand, next_pos) = match from + 1 < len {
                true => ((from + 1) as u32, at(from + 1)),
                false => (NO_NEXT, NO_NEXT),
            };
            return Some(Selected {
                clause: at(from),
                next_cand,
                next_pos,
            });
        }
        self.select_scan(list, keys, from, gen, all_visible)
    }

    /// `select` when the clauses' keys must be looked at. Inlined as well: for the two or
    /// three clauses usually scanned, a call's argument passing and register saves cost
    /// more than the walk (nrev: 26 instructions a call against 23 for the scan).
    #[inline(always)]
    fn select_scan(
        &self,
        list: Option<&[u32]>,
        keys: &Keys,
        from: usize,
        gen: u64,
        all_visible: bool,
    ) -> Option<Selected> {
        let found = if all_visible {
            self.scan::<false>(list, keys, from, gen, true)
        } else {
            self.scan::<true>(list, keys, from, gen, true)
        };
        let ((clause, _), next) = found?;
        let (next_pos, next_cand) = next.unwrap_or((NO_NEXT, NO_NEXT));
        Some(Selected {
            clause,
            next_cand,
            next_pos,
        })
    }

    /// Drops dead clauses physically; the caller guarantees no choicepoint
    /// iterates this predicate. Returns the dropped code (it may still be
    /// running, so the machine keeps it until a safe point).
    pub fn compact(&mut self) -> Vec<Box<ClauseCode>> {
        if self.n_dead == 0 {
            return Vec::new();
        }
        let mut dropped = Vec::new();
        let old = std::mem::take(&mut self.clauses);
        self.heads.clear();
        for c in old {
            if c.died == u64::MAX {
                self.heads.push(Self::head_of(&c));
                self.clauses.push(c);
            } else {
                dropped.push(c.code);
            }
        }
        self.n_dead = 0;
        self.index = None;
        self.shifts += 1;
        self.update_first_decides();
        dropped
    }
}

/// The first index in `from..len` where `ok` holds and, when `two`, the next one after it:
/// one walk over the candidates.
#[inline(always)]
fn first_two(
    from: usize,
    len: usize,
    two: bool,
    ok: impl Fn(usize) -> bool,
) -> Option<(usize, Option<usize>)> {
    let mut i = from;
    while i < len && !ok(i) {
        i += 1;
    }
    if i >= len {
        return None;
    }
    if !two {
        return Some((i, None));
    }
    let mut j = i + 1;
    while j < len && !ok(j) {
        j += 1;
    }
    Some((i, (j < len).then_some(j)))
}

/// Clause-selection keys, computed from the heap.
impl Machine {
    /// Keys of the first arguments of a call (argument registers), for the arguments in
    /// `mask` (a predicate's `key_mask`: the others cannot discriminate and stay unbound;
    /// it has no bit at or past `arity`). Unrolled: it runs at every call and retry.
    #[inline(always)]
    pub(crate) fn call_keys(&self, arity: usize, mask: u8) -> Keys {
        debug_assert!(arity >= NKEYS || mask >> arity == 0);
        let mut k = [KEY_VAR; NKEYS];
        if mask & 1 != 0 {
            k[0] = self.call_key(self.regs[0]);
        }
        if mask & 2 != 0 {
            k[1] = self.call_key(self.regs[1]);
        }
        if mask & 4 != 0 {
            k[2] = self.call_key(self.regs[2]);
        }
        k
    }

    /// Argument keys of a head or goal term (for clause/2, retract/1).
    pub fn head_keys(&self, head: Cell) -> Keys {
        let mut k = [KEY_VAR; NKEYS];
        if let crate::term::heap::View::Compound { arity, args, .. } = self.heap.view(head) {
            for (i, slot) in k.iter_mut().enumerate().take(arity) {
                *slot = self.call_key(self.heap.get(args + i));
            }
        }
        k
    }

    /// Index key of one call argument.
    #[inline(always)]
    pub(crate) fn call_key(&self, a: Cell) -> Key {
        let c = self.heap.deref(a);
        match c.tag() {
            REF => KEY_VAR,
            ATM | INT => c.0,
            LIS => Cell::functor(atoms::DOT, 2).0,
            STR => self.heap.get(c.addr()).0,
            _ => KEY_BOX,
        }
    }
}

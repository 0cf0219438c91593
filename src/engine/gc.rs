//! Heap garbage collection and memory limits (invariants 1, 6, 8, docs/ARCHITECTURE.md).
//!
//! **When.** `Machine::call_pred` compares `heap + 2 * trail` with the call
//! gate, normally `gc.next` (one comparison per call, gate.rs); past
//! `gc.next`, `memory_slow_path` collects
//! and then enforces the `stack_limit` flag, raising a catchable
//! `resource_error(memory)`.
//!
//! **What.** Only the heap above the *floor* moves: the heap height saved in
//! the newest barrier choicepoint (`query_start`). Rust code only holds cells
//! from before it started its query, so everything below the floor stays put.
//! Cells below the floor point into the region only through trailed bindings
//! (every binding of an address below `hb` is trailed, and `hb >= floor`), so
//! those trail entries are roots.
//!
//! **Roots.** The argument registers of the call (`regs[..arity]`); the live
//! slots of every live environment frame, reached from `e` and from every
//! choicepoint above the barrier; choicepoints' saved arguments and redo
//! states; the trail (old values, the cells it names). A frame slot written
//! after a choicepoint was made is not restored by backtracking, so only the
//! slots initialized at the frame's suspension point are roots: slots are
//! numbered by first occurrence, and `Instr::Call(_, live)` records how many
//! are initialized there (a frame is suspended at the CP of the frame or
//! choicepoint that refers to it).
//!
//! **How.** Sliding mark-compact, order preserving (choicepoint heap marks
//! stay meaningful): a mark bitmap over the region with an explicit work stack
//! (no recursion), whole blocks marked for compounds, list cells and boxed
//! data (raw words after a HDR are never read as cells); new address = floor +
//! marked cells below (prefix counts per 64-cell word); roots and marked cells
//! are relocated while sliding. Trail entries that no choicepoint needs (the
//! bound cell is newer than the choicepoint owning the entry) are dropped first.
//!
//! Tested by: the unit tests below; tests/robustness.rs (bounded heap over long loops, memory
//! limits).

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::{Instr, NO_FRAME};
use super::machine::{Alt, ChoicePoint, Machine, FRAME_HDR};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::ATTV_MARK;
use std::time::{Duration, Instant};

/// Smallest heap growth (cells) between two collections.
pub const GC_MIN_CELLS: usize = 1 << 20;

/// A choicepoint's size in cells, for the memory limit.
const CP_CELLS: usize = std::mem::size_of::<ChoicePoint>() / 8;

/// Collector state and statistics.
#[derive(Clone, Debug)]
pub struct GcState {
    /// `heap.len() + 2 * trail.len()` above which the slow path runs.
    pub next: usize,
    /// Collect at all (the `gc` flag); the memory limit is enforced regardless.
    pub enabled: bool,
    /// Minimum growth between collections, in cells.
    pub min_cells: usize,
    pub collections: u64,
    /// Heap cells reclaimed, in total.
    pub reclaimed: u64,
    /// Trail entries dropped, in total.
    pub trail_dropped: u64,
    pub time: Duration,
    /// garbage_collect/0 asked for a collection even if `enabled` is off.
    pub requested: bool,
    /// The cells the OS lets the machine reach (refreshed on each slow path), so a
    /// `stack_limit` above what the machine has raises `resource_error(memory)` instead of
    /// an allocation failure or the OOM killer.
    pub os_cap: usize,
}

impl Default for GcState {
    fn default() -> Self {
        GcState {
            next: GC_MIN_CELLS,
            enabled: true,
            min_cells: GC_MIN_CELLS,
            collections: 0,
            reclaimed: 0,
            trail_dropped: 0,
            time: Duration::ZERO,
            requested: false,
            os_cap: usize::MAX,
        }
    }
}

/// The mark bitmap over the region `[floor, top)`, with per-word prefix
/// counts once marking is done.
struct Marks {
    floor: usize,
    top: usize,
    bits: Vec<u64>,
    prefix: Vec<usize>,
    /// Number of marked cells (after `compute_prefix`).
    live: usize,
}

impl Marks {
    fn new(floor: usize, top: usize) -> Marks {
        let words = (top - floor).div_ceil(64);
        Marks {
            floor,
            top,
            bits: vec![0; words],
            prefix: Vec::new(),
            live: 0,
        }
    }

    #[inline(always)]
    fn in_region(&self, a: usize) -> bool {
        a >= self.floor && a < self.top
    }

    /// Marks `a` (in the region); true if it was already marked.
    #[inline(always)]
    fn test_set(&mut self, a: usize) -> bool {
        let i = a - self.floor;
        let w = &mut self.bits[i >> 6];
        let m = 1u64 << (i & 63);
        let was = *w & m != 0;
        *w |= m;
        was
    }

    /// Marks everything reachable from the cells on `work`.
    /// With `attvars`, a variable cell followed by `ATTV_MARK` keeps its
    /// marker and attribute cells (engine/attvar.rs).
    fn mark(&mut self, heap: &[Cell], work: &mut Vec<Cell>, attvars: bool) {
        let last = self.top - 1;
        while let Some(c) = work.pop() {
            let a = c.addr();
            match c.tag() {
                REF if self.in_region(a) && !self.test_set(a) => {
                    push_ptr(work, heap[a]);
                    if attvars && a + 2 < self.top && heap[a + 1] == ATTV_MARK {
                        self.test_set(a + 1);
                        if !self.test_set(a + 2) {
                            push_ptr(work, heap[a + 2]);
                        }
                    }
                }
                LIS => {
                    for x in [a, a + 1] {
                        if self.in_region(x) && !self.test_set(x) {
                            push_ptr(work, heap[x]);
                        }
                    }
                }
                STR if self.in_region(a) && !self.test_set(a) => {
                    let end = (a + heap[a].fun_arity()).min(last);
                    for (x, &arg) in heap.iter().enumerate().take(end + 1).skip(a + 1) {
                        if !self.test_set(x) {
                            push_ptr(work, arg);
                        }
                    }
                }
                BOX if self.in_region(a) && !self.test_set(a) => {
                    // Raw words after the header: marked, never read as cells.
                    let end = (a + heap[a].hdr_words()).min(last);
                    for x in a + 1..=end {
                        self.test_set(x);
                    }
                }
                _ => {}
            }
        }
    }

    fn compute_prefix(&mut self) -> usize {
        let mut n = 0;
        self.prefix = Vec::with_capacity(self.bits.len());
        for &w in &self.bits {
            self.prefix.push(n);
            n += w.count_ones() as usize;
        }
        self.live = n;
        n
    }

    /// Marked cells below `a` (any `a` in the region).
    #[inline(always)]
    fn rank(&self, a: usize) -> usize {
        let i = a - self.floor;
        let w = i >> 6;
        let below = self.bits[w] & ((1u64 << (i & 63)) - 1);
        self.prefix[w] + below.count_ones() as usize
    }

    /// The new value of a heap address (or height) after compaction.
    #[inline(always)]
    fn new_addr(&self, a: usize) -> usize {
        if a < self.floor {
            a
        } else if a >= self.top {
            self.floor + self.live
        } else {
            self.floor + self.rank(a)
        }
    }

    /// Relocates a cell that points into the region.
    #[inline(always)]
    fn reloc(&self, c: Cell) -> Cell {
        match c.tag() {
            REF | STR | LIS | BOX if self.in_region(c.addr()) => {
                debug_assert!(self.is_marked(c.addr()), "pointer to unmarked cell {c:?}");
                Cell(((self.floor + self.rank(c.addr())) as u64) << 3 | c.tag())
            }
            _ => c,
        }
    }

    fn is_marked(&self, a: usize) -> bool {
        let i = a - self.floor;
        self.bits[i >> 6] & (1u64 << (i & 63)) != 0
    }
}

#[inline(always)]
fn push_ptr(work: &mut Vec<Cell>, c: Cell) {
    if matches!(c.tag(), REF | STR | LIS | BOX) {
        work.push(c);
    }
}

/// What the collector found to be live outside the heap region.
struct RootSet {
    arity: usize,
    /// Index of the newest barrier choicepoint.
    barrier: usize,
    /// Live frames and their number of live slots, sorted, one entry per frame.
    frames: Vec<(usize, u32)>,
    /// Heap addresses below the floor named by the trail (sorted, unique).
    low_trailed: Vec<usize>,
}

impl Machine {
    /// Called when `heap + 2 * trail` passed `gc.next`: collects, then
    /// enforces the memory limit. Live argument registers are `regs[..arity]`.
    pub(crate) fn memory_slow_path(&mut self, arity: usize) -> Res<()> {
        if self.gc.enabled || self.gc.requested {
            self.gc.requested = false;
            self.collect(arity);
        }
        let used = self.memory_cells();
        self.refresh_os_cap();
        self.schedule_gc();
        // Within 1/32 of the limit the next collections would reclaim next to
        // nothing, each marking everything again (thrashing): give up now.
        let limit = self.limit_cells();
        if used + limit / 32 > limit {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        Ok(())
    }

    /// Cells held by control state: the frame stack (as allocated),
    /// choicepoints and their saved arguments, and findall/3 bags. With the heap and the
    /// trail (two cells per entry) they make up the memory the limit bounds.
    pub(crate) fn control_cells(&self) -> usize {
        let bags: usize = self.bags.iter().map(|b| b.cells).sum();
        self.stack.len() + self.cps.len() * CP_CELLS + self.cp_args.len() + bags
    }

    /// Reads how much more the OS lets this process have (a file read: call it when memory
    /// has doubled, not per allocation). A quarter of it is kept back for vectors' doubling
    /// and everything the limit does not count.
    pub(crate) fn refresh_os_cap(&mut self) {
        let used = self.memory_cells();
        self.gc.os_cap = crate::os::memory_available().map_or(usize::MAX, |b| {
            used.saturating_add((b / 8) as usize / 4 * 3)
        });
    }

    /// The memory limit in cells: the `stack_limit` flag, or less if the OS has less.
    pub(crate) fn limit_cells(&self) -> usize {
        (self.flags.stack_limit / 8).min(self.gc.os_cap)
    }

    /// Everything the memory limit bounds, in cells.
    pub(crate) fn memory_cells(&self) -> usize {
        self.heap.len() + 2 * self.trail.len() + self.control_cells()
    }

    /// Sets the next slow-path point: the heap may double (at least
    /// `gc.min_cells` more) or reach the memory limit, whichever is first.
    pub(crate) fn schedule_gc(&mut self) {
        let usage = self.heap.len() + 2 * self.trail.len();
        let grow = self.gc.min_cells.max(self.heap.len());
        let limit = self.limit_cells().saturating_sub(self.control_cells());
        self.gc.next = (usage + grow).min(limit);
        // Reserve the heap's growth now: an allocation the OS refuses (`ulimit -v`) becomes
        // the memory limit instead of an abort at the next push.
        let room = self.gc.next.saturating_sub(self.heap.len());
        if self.heap.cells.try_reserve(room).is_err() {
            self.gc.os_cap = self.memory_cells();
            self.gc.next = self.gc.next.min(usage);
        }
        self.settle_gate();
    }

    /// Grows the environment stack to hold `need` cells, within the memory
    /// limit (everything `memory_slow_path` in gc.rs counts).
    pub(crate) fn grow_stack(&mut self, need: usize) -> Res<()> {
        let others = self.memory_cells() - self.stack.len();
        let room = self.limit_cells().saturating_sub(others);
        if need > room {
            return Err(PErr::Resource(atoms::MEMORY));
        }
        let new_len = need.max(self.stack.len() * 2).min(room);
        self.stack.resize(new_len, Cell(0));
        self.schedule_gc();
        Ok(())
    }

    /// garbage_collect/0 (boot.pl): collect at the next predicate call, where the live
    /// argument registers are known (a builtin runs with temporaries live).
    pub fn request_gc(&mut self) {
        self.gc.requested = true;
        self.gc.next = 0;
        self.gate.arm();
    }

    /// Runs a garbage collection now; `regs[..arity]` are live. Returns the
    /// number of heap cells reclaimed.
    pub fn collect(&mut self, arity: usize) -> usize {
        let Some(barrier) = self.cps.iter().rposition(|b| matches!(b.alt, Alt::Barrier)) else {
            return 0;
        };
        let t0 = Instant::now();
        let floor = self.cps[barrier].h;
        let top = self.heap.len();
        self.gc.trail_dropped += self.compact_trail(barrier) as u64;
        if top <= floor {
            return 0;
        }
        let roots = self.root_set(arity, barrier, floor);

        // Mark.
        let mut marks = Marks::new(floor, top);
        let mut work: Vec<Cell> = Vec::new();
        self.visit_roots(&roots, |c| push_ptr(&mut work, *c));
        let trail_from = self.cps[barrier].tr;
        for &(addr, _) in &self.trail[trail_from..] {
            if marks.in_region(addr) {
                work.push(Cell::new_ref(addr));
            }
        }
        let b_slots = self.b_global_slots(floor, top);
        work.extend(b_slots.iter().map(|&(_, a)| Cell::str_ptr(a)));
        push_ptr(&mut work, self.wake.list);
        marks.mark(&self.heap.cells, &mut work, self.wake.on);
        drop(work);
        let live = marks.compute_prefix();
        for (k, a) in b_slots {
            self.b_globals.insert(k, marks.new_addr(a));
        }

        // Relocate roots (they live outside the region).
        self.visit_roots(&roots, |c| *c = marks.reloc(*c));
        if self.wake_pending() {
            self.wake.list = marks.reloc(self.wake.list);
            self.wake.tail = marks.new_addr(self.wake.tail);
        }
        for e in &mut self.trail[trail_from..] {
            e.0 = marks.new_addr(e.0);
        }
        for b in &mut self.cps[barrier + 1..] {
            b.h = marks.new_addr(b.h);
        }

        // Slide the marked cells down, relocating their contents.
        let heap = &mut self.heap.cells;
        let mut dst = floor;
        let mut raw = 0usize;
        for (w, &bits) in marks.bits.iter().enumerate() {
            let base = floor + (w << 6);
            let mut b = bits;
            while b != 0 {
                let a = base + b.trailing_zeros() as usize;
                b &= b - 1;
                let c = heap[a];
                heap[dst] = if raw > 0 {
                    raw -= 1;
                    c
                } else if c.tag() == HDR {
                    raw = c.hdr_words();
                    c
                } else {
                    marks.reloc(c)
                };
                dst += 1;
            }
        }
        debug_assert_eq!(dst, floor + live);
        heap.truncate(floor + live);
        self.hb = self.cps.last().map_or(0, |b| b.h);

        let reclaimed = top - (floor + live);
        self.gc.collections += 1;
        self.gc.reclaimed += reclaimed as u64;
        self.gc.time += t0.elapsed();
        reclaimed
    }

    /// Drops trail entries above the barrier that no choicepoint needs: those
    /// naming a cell newer than the choicepoint whose segment holds them
    /// (backtracking there discards the cell anyway). Returns how many.
    fn compact_trail(&mut self, barrier: usize) -> usize {
        let start = self.cps[barrier].tr;
        let len = self.trail.len();
        let n = self.cps.len();
        let mut k = barrier;
        let mut w = start;
        for r in start..len {
            while k + 1 < n && self.cps[k + 1].tr <= r {
                k += 1;
                self.cps[k].tr = w;
            }
            let entry = self.trail[r];
            if entry.0 < self.cps[k].h {
                self.trail[w] = entry;
                w += 1;
            }
        }
        for b in &mut self.cps[k + 1..] {
            b.tr = w;
        }
        self.trail.truncate(w);
        len - w
    }

    /// b_setval/2 slots (`'$bglobal'(Key, Value)` structures) in the region:
    /// roots, relocated by hand since `b_globals` holds bare addresses.
    /// Entries whose slot backtracking already removed are dropped.
    fn b_global_slots(&mut self, floor: usize, top: usize) -> Vec<(Atom, usize)> {
        let slot = Cell::functor(Atom::new("$bglobal"), 2);
        let heap = &self.heap.cells;
        let live =
            |k: Atom, a: usize| a + 2 < top && heap[a] == slot && heap[a + 1] == Cell::atom(k);
        self.b_globals.retain(|&k, &mut a| a < floor || live(k, a));
        self.b_globals
            .iter()
            .filter(|&(_, &a)| a >= floor)
            .map(|(&k, &a)| (k, a))
            .collect()
    }

    fn root_set(&self, arity: usize, barrier: usize, floor: usize) -> RootSet {
        let trail_from = self.cps[barrier].tr;
        let mut low_trailed: Vec<usize> = self.trail[trail_from..]
            .iter()
            .map(|e| e.0)
            .filter(|&a| a < floor)
            .collect();
        low_trailed.sort_unstable();
        low_trailed.dedup();
        RootSet {
            arity: arity.min(self.regs.len()),
            barrier,
            frames: self.live_frames(barrier),
            low_trailed,
        }
    }

    /// Every live frame of the running query with its number of live slots.
    fn live_frames(&self, barrier: usize) -> Vec<(usize, u32)> {
        let mut visited = vec![0u64; self.stack.len().div_ceil(64)];
        let mut out: Vec<(usize, u32)> = Vec::new();
        // (frame, its continuation, its live slots if known otherwise). A
        // choicepoint inside a clause resumes in that clause's own frame, whose
        // live slots it records; a dead one never resumes.
        let starts = std::iter::once((self.e, self.cp, None)).chain(
            self.cps[barrier + 1..]
                .iter()
                .filter(|b| !matches!(b.alt, Alt::Dead))
                .map(|b| match b.alt {
                    Alt::Else { live, .. } if live != NO_FRAME => (b.e, b.cp, Some(live)),
                    _ => (b.e, b.cp, None),
                }),
        );
        for (mut e, mut cp, own) in starts {
            if let Some(live) = own {
                if e + FRAME_HDR > self.stack.len() {
                    continue;
                }
                out.push((e, live.min(self.stack[e + 3].0 as u32)));
                cp = CodeRef::from_bits(self.stack[e + 1].0);
                e = self.stack[e].0 as usize;
            }
            // Frame `e` is suspended at `cp`. A frame suspended at the query's
            // halt belongs to the code that started the query (below the floor).
            while cp != CodeRef::first(&self.halt_code) && cp != CodeRef::first(&self.fail_code) {
                if e + FRAME_HDR > self.stack.len() {
                    break;
                }
                out.push((e, self.live_slots(e, cp)));
                let (w, m) = (e >> 6, 1u64 << (e & 63));
                if visited[w] & m != 0 {
                    break;
                }
                visited[w] |= m;
                cp = CodeRef::from_bits(self.stack[e + 1].0);
                e = self.stack[e].0 as usize;
            }
        }
        out.sort_unstable();
        // Keep the largest count per frame (the same frame seen from several places).
        let mut dedup: Vec<(usize, u32)> = Vec::with_capacity(out.len());
        for (e, n) in out {
            match dedup.last_mut() {
                Some(last) if last.0 == e => last.1 = last.1.max(n),
                _ => dedup.push((e, n)),
            }
        }
        dedup
    }

    /// Slots of frame `e` initialized when it is suspended at `cp`.
    fn live_slots(&self, e: usize, cp: CodeRef<Instr>) -> u32 {
        let nslots = self.stack[e + 3].0 as u32;
        // Every continuation other than halt/fail code was set by a Call instruction to
        // the instruction after it (`pc.next()`).
        match *cp.prev().get() {
            Instr::Call(_, live) => live.min(nslots),
            _ => nslots,
        }
    }

    /// Calls `f` on every root cell outside the heap region (each exactly once).
    fn visit_roots(&mut self, r: &RootSet, mut f: impl FnMut(&mut Cell)) {
        self.regs[..r.arity].iter_mut().for_each(&mut f);
        for &(e, n) in &r.frames {
            let s = e + FRAME_HDR;
            self.stack[s..s + n as usize].iter_mut().for_each(&mut f);
        }
        for b in &mut self.cps[r.barrier + 1..] {
            self.cp_args[b.args..b.args + b.nargs]
                .iter_mut()
                .for_each(&mut f);
            if let Alt::Redo { state, .. } = &mut b.alt {
                f(state);
            }
        }
        let from = self.cps[r.barrier].tr;
        for e in &mut self.trail[from..] {
            f(&mut e.1);
        }
        for &a in &r.low_trailed {
            f(&mut self.heap.cells[a]);
        }
    }

    /// Gives memory back to the system (the vectors keep their capacity
    /// otherwise): after a resource error has been handled, and trim_stacks/0.
    pub(crate) fn trim_stacks(&mut self) {
        let top = self.env_top() + FRAME_HDR;
        let keep = (2 * top).max(1 << 12);
        if self.stack.len() > keep {
            self.stack.truncate(keep);
            self.stack.shrink_to_fit();
        }
        let h = self.heap.len();
        self.heap.cells.shrink_to((2 * h).max(1 << 16));
        let t = self.trail.len();
        self.trail.shrink_to((2 * t).max(1 << 12));
        let c = self.cps.len();
        self.cps.shrink_to((2 * c).max(1 << 10));
        let a = self.cp_args.len();
        self.cp_args.shrink_to((2 * a).max(1 << 12));
        self.schedule_gc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_terms::{parse, show, term, Vars};

    /// Cells `text` takes on the heap, and the term.
    fn build(m: &mut Machine, text: &str) -> (usize, Cell) {
        let h = m.heap.len();
        let t = parse(m, text, &mut Vars::new());
        (m.heap.len() - h, t)
    }

    /// `n` copies of a garbage term; the cells they take.
    fn garbage(m: &mut Machine, n: usize) -> usize {
        (0..n)
            .map(|_| build(m, "g(a, [1, 2.5, X], f(X, Y, X))").0)
            .sum()
    }

    #[test]
    fn a_collection_keeps_what_roots_reach_and_reclaims_the_rest() {
        let mut m = Machine::new();
        let old = m.heap.new_var(); // below the query's floor: never moves
        let q = m.query_start(Cell::atom(atoms::TRUE));
        let floor = m.heap.len();
        let mut dead = garbage(&mut m, 100);
        let (live_size, live) = build(
            &mut m,
            "f(X, [a, 1.5, \"str\" | T], g(X, T), 1152921504606846976)",
        );
        dead += garbage(&mut m, 100);
        // Reached only through the trail: an older variable bound to a new term.
        let (bound_size, h) = build(&mut m, "h(Z, Z, k)");
        m.bind(old.addr(), h);
        assert_eq!(
            m.trail.len(),
            1,
            "a binding below the barrier's heap mark is trailed"
        );
        // Only regs[..1] are live: a term in regs[1] is garbage.
        let (size1, t1) = build(&mut m, "not_an_argument(1)");
        m.regs[1] = t1;
        dead += size1 + garbage(&mut m, 50);
        m.regs[0] = live;
        let want = show(&m, live);
        let collections = m.gc.collections;

        let reclaimed = m.collect(1);

        assert_eq!(reclaimed, dead);
        assert_eq!(m.heap.len(), floor + live_size + bound_size);
        assert_eq!(show(&m, m.regs[0]), want);
        assert_eq!(show(&m, old), "h(_0,_0,k)");
        assert_eq!(m.gc.collections, collections + 1);
        assert_eq!(m.collect(1), 0, "a second collection finds nothing more");
        assert_eq!(show(&m, m.regs[0]), want);
        // The relocated term is a working term: binding its variables works.
        let x = m.heap.get(m.heap.deref(m.regs[0]).addr() + 1);
        let seven = Cell::small_int(7);
        assert!(m.unify(x, seven));
        assert!(show(&m, m.regs[0]).starts_with("f(7,[a,1.5,\"str\"|_0],g(7,_0),"));
        m.query_end(q);
        assert_eq!(m.heap.len(), floor, "query_end undoes the query");
        assert_eq!(show(&m, old), "_0");
    }

    #[test]
    fn b_setval_slots_are_roots_and_are_relocated() {
        let mut m = Machine::new();
        let q = m.query_start(Cell::atom(atoms::TRUE));
        let floor = m.heap.len();
        let dead = garbage(&mut m, 20);
        let key = Atom::new("gc_test_key");
        let h = m.heap.len();
        let value = term(&mut m, "k(V, [x, y], V)");
        let slot = m
            .heap
            .new_compound(Atom::new("$bglobal"), &[Cell::atom(key), value]);
        let slot_size = m.heap.len() - h;
        m.b_globals.insert(key, slot.addr());
        let reclaimed = m.collect(0);
        assert_eq!(reclaimed, dead);
        assert_eq!(m.heap.len(), floor + slot_size);
        let moved = m.b_globals[&key];
        assert!(moved < slot.addr(), "the slot slid down");
        assert_eq!(
            show(&m, Cell::str_ptr(moved)),
            "$bglobal(gc_test_key,k(_0,[x,y],_0))"
        );
        m.query_end(q);
    }

    #[test]
    fn nothing_is_collected_outside_a_query() {
        let mut m = Machine::new();
        garbage(&mut m, 10);
        let len = m.heap.len();
        assert_eq!(m.collect(0), 0);
        assert_eq!(m.heap.len(), len);
    }
}

//! The machine state and its run loop.
//!
//! Prolog's own control lives in vectors, never on the Rust stack (invariant 1,
//! docs/ARCHITECTURE.md): environment frames in `stack`, choicepoints in `cps`,
//! bindings to undo in `trail`. Frames are protected by choicepoints the WAM
//! way (a new frame goes above both the current frame and the newest
//! choicepoint's frame top), which gives last-call optimisation (invariant 5).
//!
//! Tested by: every test that runs Prolog; tests/engine_tests.rs, tests/robustness.rs
//! (inference and memory limits, interrupts).

use super::code::CodeRef;
use super::error::{PErr, Res};
use super::instr::{ClauseCode, Count, Instr, PredId};
use super::pred::{Control, Pred, PredKind, ALL_CLAUSES, INDEX_MIN, KEY_VAR, NO_NEXT};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::Heap;
use crate::term::ops::OpTable;
use crate::term::store::Stored;
use crate::term::FastMap;
use std::collections::HashMap;
use std::sync::Arc;

/// Environment frame layout: [prev E, CP, B0, nslots, Y0, Y1, ...].
pub const FRAME_HDR: usize = 4;

#[derive(Copy, Clone, Debug)]
pub enum Alt {
    /// Remaining clauses of a call; the argument keys are recomputed from the
    /// restored argument registers. `cand` is the next candidate's position in the
    /// candidate list `bucket` (pred.rs); `born` names that clause, so that when
    /// positions moved since (`shifts` differs: asserta) the scan finds it again.
    Clauses {
        pred: PredId,
        cand: u32,
        bucket: u32,
        shifts: u32,
        gen: u64,
        born: u64,
    },
    Redo {
        pred: PredId,
        state: Cell,
    },
    /// An active catch/3: args hold Catcher, Recovery, Ref.
    Catch {
        bags: u32,
    },
    /// Bottom of a (possibly nested) run: failing into it ends the run.
    Barrier,
    /// An alternative inside a clause (control.rs): resume at `code` with
    /// the cut barrier `b0`; `live` as in `Instr::TryElse`.
    Else {
        code: CodeRef<Instr>,
        b0: u32,
        live: u32,
    },
    /// A soft-cut disabled this alternative.
    Dead,
    /// setup_call_cleanup/3's marker; its saved argument is the cleanup goal
    /// (cleanup.rs).
    Cleanup,
}

#[derive(Clone, Debug)]
pub struct ChoicePoint {
    pub alt: Alt,
    pub h: usize,
    pub tr: usize,
    pub e: usize,
    pub cp: CodeRef<Instr>,
    pub e_top: usize,
    pub args: usize,
    pub nargs: usize,
}

/// Flags that change how the machine reads and runs code.
#[derive(Clone, Debug)]
pub struct Flags {
    pub double_quotes: Atom,
    pub back_quotes: Atom,
    /// What an unknown procedure does: error, fail or warning.
    pub unknown: Atom,
    pub occurs_check: bool,
    /// Maximum memory (bytes) for heap + stacks before resource_error(memory).
    pub stack_limit: usize,
    pub last_call_optimisation: bool,
    /// The flags `prefer_rationals` and `iso` as arithmetic sees them.
    pub arith: crate::arith::Mode,
}

impl Default for Flags {
    fn default() -> Self {
        Flags {
            double_quotes: atoms::STRING,
            back_quotes: atoms::CODES,
            unknown: atoms::ERROR,
            occurs_check: false,
            stack_limit: 1 << 30,
            last_call_optimisation: true,
            arith: crate::arith::Mode::default(),
        }
    }
}

pub struct Machine {
    pub heap: Heap,
    pub regs: Vec<Cell>,
    pub stack: Vec<Cell>,
    pub e: usize,
    pub cp: CodeRef<Instr>,
    pub pc: CodeRef<Instr>,
    /// Cut barrier of the current call: the choicepoint height at its entry.
    pub b0: usize,
    pub cps: Vec<ChoicePoint>,
    pub cp_args: Vec<Cell>,
    /// (address, old value) pairs to restore on backtracking.
    pub trail: Vec<(usize, Cell)>,
    /// Heap height of the newest choicepoint: bindings below it are trailed.
    pub hb: usize,
    /// setup_call_cleanup/3 markers that may be on the choicepoint stack: while
    /// zero, `cut` need not look for them (cleanup.rs).
    pub cleanup_markers: usize,
    /// A cleanup's exception that a cut ran into, raised after the cut.
    pub cleanup_error: Option<PErr>,
    pub preds: Vec<Pred>,
    /// (module, name, arity) -> the procedure a goal in that module reaches
    /// (engine/module.rs).
    pub pred_map: FastMap<(Atom, Atom, usize), PredId>,
    pub modules: super::module::Modules,
    /// The source module: where clauses being loaded or asserted go and
    /// where their goals are resolved (`user` outside loading).
    pub module: Atom,
    pub generation: u64,
    pub ops: OpTable,
    pub flags: Flags,
    pub inferences: u64,
    /// The failure being backtracked comes from an instruction that is not a
    /// call (`fail`, an uncounted inline test): resuming an alternative inside
    /// a clause then counts no inference (`backtrack`).
    pub(crate) quiet_fail: bool,
    /// The one word a call tests, and Ctrl-C's request (gate.rs).
    pub gate: Arc<super::gate::Gate>,
    /// Runs the goals of alarms that rang (library(time)); Err to raise.
    pub on_alarm: Option<AlarmRunner>,
    /// sig_atomic/1 depth: alarms wait while it is above 0.
    pub alarms_held: u32,
    /// Inference budget for a run (fuzzing, tests): every call past it throws
    /// `inference_limit_exceeded`; None = unlimited (`set_inference_limit`).
    inference_limit: Option<u64>,
    /// findall/3 result bags.
    pub bags: Vec<crate::term::store::Bag>,
    pub globals: HashMap<Atom, Stored>,
    /// b_setval/2 values: heap address of a `'$bglobal'(Key, Value)` slot (backtracking
    /// past its creation removes it; see builtins/db.rs). GC roots, relocated by gc.rs.
    pub b_globals: HashMap<Atom, usize>,
    /// Code of retracted clauses that may still be running.
    pub zombies: Vec<Box<ClauseCode>>,
    /// How many zombies may pile up before a running query looks for unreachable ones (db.rs).
    pub zombie_budget: usize,
    /// The builtin being executed (error context).
    pub cur_pred: PredId,
    pub(crate) halt_code: Box<[Instr]>,
    pub(crate) fail_code: Box<[Instr]>,
    pub(crate) call_cache: FastMap<Vec<u64>, PredId>,
    /// call_control's reusable buffers.
    pub(crate) control_scratch: super::call::ControlScratch,
    /// call/N's procedure lookup (call.rs).
    pub(crate) call_preds: super::call::PredCache,
    pub(crate) aux_counter: u64,
    /// Per-machine extension state (streams, loaded files, ...), owned by builtins.
    pub ext: super::ext::ExtSlot,
    /// Scratch stacks reused by unification (no allocation per call).
    pub(crate) unify_stack: Vec<(Cell, Cell)>,
    pub(crate) tpl_queue: Vec<(usize, usize, usize, bool)>,
    /// Garbage collector state (gc.rs).
    pub gc: super::gc::GcState,
    /// Attributed variables: pending wake-ups (attvar.rs).
    pub wake: super::attvar::WakeState,
    /// The debugger's hook (trace.rs).
    pub debug: super::trace::DebugHook,
}

impl Default for Machine {
    fn default() -> Self {
        Self::new()
    }
}

impl Machine {
    /// A bare machine with no builtins; the builtins floor makes full ones (`builtins::new_machine`).
    pub fn new() -> Machine {
        let halt_code: Box<[Instr]> = vec![Instr::Halt].into_boxed_slice();
        let fail_code: Box<[Instr]> = vec![Instr::Fail(false)].into_boxed_slice();
        let mut m = Machine {
            heap: Heap::new(),
            regs: vec![Cell::atom(atoms::NIL); 256],
            stack: vec![Cell(0); 1 << 12],
            e: 0,
            cp: CodeRef::first(&halt_code),
            pc: CodeRef::first(&halt_code),
            b0: 0,
            cps: Vec::with_capacity(1024),
            cp_args: Vec::with_capacity(4096),
            trail: Vec::with_capacity(4096),
            hb: 0,
            cleanup_markers: 0,
            cleanup_error: None,
            preds: Vec::new(),
            pred_map: FastMap::default(),
            modules: super::module::Modules::with_defaults(),
            module: atoms::USER,
            generation: 1,
            ops: OpTable::standard(),
            flags: Flags::default(),
            inferences: 0,
            quiet_fail: false,
            gate: super::gate::Gate::new(super::gc::GC_MIN_CELLS),
            on_alarm: None,
            alarms_held: 0,
            inference_limit: None,
            bags: Vec::new(),
            globals: HashMap::new(),
            b_globals: HashMap::new(),
            zombies: Vec::new(),
            zombie_budget: super::db::ZOMBIE_BATCH,
            cur_pred: 0,
            halt_code,
            fail_code,
            call_cache: FastMap::default(),
            control_scratch: Default::default(),
            call_preds: Default::default(),
            aux_counter: 0,
            ext: Default::default(),
            unify_stack: Vec::with_capacity(64),
            tpl_queue: Vec::with_capacity(64),
            gc: Default::default(),
            wake: Default::default(),
            debug: Default::default(),
        };
        // Root frame: no slots, continuation = halt.
        m.stack[0] = Cell(0);
        m.stack[1] = Cell(CodeRef::first(&m.halt_code).to_bits());
        m.stack[2] = Cell(0);
        m.stack[3] = Cell(0);
        m
    }

    // ----- frames -------------------------------------------------------------

    #[inline(always)]
    fn frame_end(&self, e: usize) -> usize {
        e + FRAME_HDR + self.stack[e + 3].0 as usize
    }

    /// Where the next environment frame goes.
    #[inline(always)]
    pub(crate) fn env_top(&self) -> usize {
        let end = self.frame_end(self.e);
        match self.cps.last() {
            Some(b) if b.e_top > end => b.e_top,
            _ => end,
        }
    }

    #[inline(always)]
    pub fn y(&self, slot: u32) -> Cell {
        self.stack[self.e + FRAME_HDR + slot as usize]
    }

    #[inline(always)]
    fn set_y(&mut self, slot: u32, c: Cell) {
        self.stack[self.e + FRAME_HDR + slot as usize] = c;
    }

    /// Backtracks to the newest alternative. Returns false when a barrier is reached.
    pub(crate) fn backtrack(&mut self) -> Res<bool> {
        let mut quiet = std::mem::take(&mut self.quiet_fail);
        loop {
            let i = match self.cps.len() {
                0 => return Ok(false),
                n => n - 1,
            };
            self.restore(i);
            match self.cps[i].alt {
                Alt::Barrier => return Ok(false),
                Alt::Else { code, b0, .. } => {
                    // SWI-Prolog counts an inference when a failed call (not an
                    // inline test) resumes an alternative inside a clause.
                    self.inferences += !quiet as u64;
                    // RetryElse / TrustElse at `code` update or pop the choicepoint.
                    self.b0 = b0 as usize;
                    self.pc = code;
                    return Ok(true);
                }
                Alt::Dead | Alt::Catch { .. } => self.pop_cp(),
                Alt::Cleanup => {
                    if let Err(e) = self.pop_and_run_cleanup(super::cleanup::Why::Fail) {
                        return self.throw_resume(e);
                    }
                }
                Alt::Clauses {
                    pred,
                    mut cand,
                    mut bucket,
                    shifts,
                    gen,
                    born,
                } => {
                    let p = &self.preds[pred as usize];
                    let keys = self.call_keys(p.arity, p.key_mask);
                    if p.shifts as u32 != shifts {
                        // Positions moved under the iteration: find its next clause again.
                        let p = &mut self.preds[pred as usize];
                        let Some(at) = p.refind(&keys, bucket != ALL_CLAUSES, born) else {
                            self.pop_cp();
                            continue;
                        };
                        (bucket, cand) = at;
                    }
                    let p = &self.preds[pred as usize];
                    let Some(sel) = p.select(&keys, bucket, cand, gen) else {
                        self.pop_cp();
                        continue;
                    };
                    let code = CodeRef::first(&p.clauses[sel.clause as usize].code.code);
                    if sel.next_cand == NO_NEXT {
                        self.pop_cp();
                    } else {
                        let (shifts, born) = (p.shifts as u32, p.heads[sel.next_pos as usize].born);
                        self.cps[i].alt = Alt::Clauses {
                            pred,
                            cand: sel.next_cand,
                            bucket,
                            shifts,
                            gen,
                            born,
                        };
                    }
                    self.b0 = i;
                    self.pc = code;
                    return Ok(true);
                }
                Alt::Redo { .. } => {
                    // A redo can grow memory without any call (length/2
                    // enumerating), so it checks like call_pred does.
                    if self.heap.len() + 2 * self.trail.len() > self.gc.next {
                        let nargs = self.cps[i].nargs;
                        if let Err(e) = self.memory_slow_path(nargs) {
                            self.pop_cp();
                            return self.throw_resume(e);
                        }
                    }
                    // Re-read: the collector relocates the saved state.
                    let Alt::Redo { pred, state } = self.cps[i].alt else {
                        continue;
                    };
                    self.pop_cp();
                    self.b0 = self.cps.len();
                    self.cur_pred = pred;
                    // A redo of a builtin is an inference, as in SWI-Prolog
                    // (retrying a clause is not).
                    self.inferences += 1;
                    let PredKind::Nondet(f) = self.preds[pred as usize].kind else {
                        continue;
                    };
                    // `repeat, fail` makes no calls: Ctrl-C and alarms must be
                    // seen here too.
                    if self.take_interrupt() {
                        if let Err(e) = self.interrupted() {
                            return self.throw_resume(e);
                        }
                    }
                    if let Err(e) = self.run_alarms() {
                        return self.throw_resume(e);
                    }
                    match f(self, Some(state)) {
                        Ok(true) if self.wake_pending() => return self.wake_execute(),
                        Ok(true) => {
                            self.pc = self.cp;
                            return Ok(true);
                        }
                        Ok(false) => {
                            // The builtin's redo failed: a call's failure now.
                            quiet = false;
                            continue;
                        }
                        Err(e) => return self.throw_resume(e),
                    }
                }
            }
        }
    }

    // ----- calls ---------------------------------------------------------------

    /// Calls predicate `p` with arguments in the registers; `self.cp` is the continuation.
    /// Returns Ok(false) if the call failed and backtracking reached a barrier.
    pub(crate) fn call_pred(&mut self, p: PredId) -> Res<bool> {
        self.call_inlined(p)
    }

    /// `call_pred`, inlined into the run loop's `Call` and `Execute`: a call
    /// of clauses is entered without a function call (its prologue, register
    /// saves and result passing were 20 instructions of an app/3 call in
    /// nrev); builtins and the rest go out of line.
    #[inline(always)]
    fn call_inlined(&mut self, p: PredId) -> Res<bool> {
        // Wrapping: `Uncounted` and call/N take one back before it.
        self.inferences = self.inferences.wrapping_add(1);
        // Interrupts, limits, garbage collection, wake-ups and the debugger:
        // one comparison (gate.rs).
        if self.heap.len() + 2 * self.trail.len() > self.gate.word() {
            if let Some(r) = self.call_slow_path(p) {
                return r;
            }
        }
        match self.preds[p as usize].kind {
            PredKind::Clauses => self.enter_clauses(p),
            _ => self.call_other(p),
        }
    }

    /// A call of clauses: selects the clause, pushes a choicepoint when
    /// another may match, and jumps to it.
    #[inline(always)]
    fn enter_clauses(&mut self, p: PredId) -> Res<bool> {
        let pred = &self.preds[p as usize];
        let gen = self.generation;
        // The first argument alone decides: no other key, no scan of the heads
        // (nrev: 64 instructions of an app/3 call went to selection).
        if pred.first_decides && pred.all_visible(gen) {
            let k0 = self.call_key(self.regs[0]);
            if k0 != KEY_VAR {
                let Some(i) = pred.clause_by_first(k0) else {
                    return self.fail();
                };
                self.pc = CodeRef::first(&pred.clauses[i].code.code);
                self.b0 = self.cps.len();
                return Ok(true);
            }
        }
        let keys = self.call_keys(pred.arity, pred.key_mask);
        let bucket = match &pred.index {
            _ if keys[0] == KEY_VAR => ALL_CLAUSES,
            Some(idx) => idx.bucket(keys[0]),
            None if pred.clauses.len() >= INDEX_MIN && pred.key_mask & 1 != 0 => {
                self.preds[p as usize].bucket_of(keys[0])
            }
            None => ALL_CLAUSES,
        };
        let pred = &self.preds[p as usize];
        let Some(sel) = pred.select(&keys, bucket, 0, gen) else {
            return self.fail();
        };
        let code = CodeRef::first(&pred.clauses[sel.clause as usize].code.code);
        let arity = pred.arity;
        self.b0 = self.cps.len();
        if sel.next_cand != NO_NEXT {
            let alt = Alt::Clauses {
                pred: p,
                cand: sel.next_cand,
                bucket,
                shifts: pred.shifts as u32,
                gen,
                born: pred.heads[sel.next_pos as usize].born,
            };
            self.push_cp(alt, arity);
        }
        self.pc = code;
        Ok(true)
    }

    /// `call_pred` after the gate, out of line (builtins, control, undefined).
    #[inline(never)]
    fn call_other(&mut self, p: PredId) -> Res<bool> {
        match self.preds[p as usize].kind {
            PredKind::Clauses => self.enter_clauses(p),
            PredKind::Det(f) => {
                self.cur_pred = p;
                match f(self) {
                    Ok(true) if self.wake_pending() => self.wake_execute(),
                    Ok(true) => {
                        self.pc = self.cp;
                        Ok(true)
                    }
                    Ok(false) => self.fail(),
                    Err(e) => self.throw_resume(e),
                }
            }
            PredKind::Nondet(f) => {
                self.cur_pred = p;
                self.b0 = self.cps.len();
                match f(self, None) {
                    Ok(true) if self.wake_pending() => self.wake_execute(),
                    Ok(true) => {
                        self.pc = self.cp;
                        Ok(true)
                    }
                    Ok(false) => self.fail(),
                    Err(e) => self.throw_resume(e),
                }
            }
            PredKind::Control(c) => {
                self.cur_pred = p;
                match self.control(c) {
                    Ok(true) => Ok(true),
                    Ok(false) => self.fail(),
                    Err(e) => self.throw_resume(e),
                }
            }
            PredKind::Import(_) | PredKind::Undefined => self.call_undefined(p),
        }
    }

    /// What the gate stopped a call of `p` for (gate.rs): Some(result) if the
    /// call was taken over (an error thrown, wake-ups or the debugger's box
    /// run first), None to go on with the call.
    #[cold]
    #[inline(never)]
    fn call_slow_path(&mut self, p: PredId) -> Option<Res<bool>> {
        if self.take_interrupt() {
            if let Err(e) = self.interrupted() {
                self.settle_gate();
                return Some(self.throw_resume(e));
            }
        }
        if let Err(e) = self.run_alarms() {
            self.settle_gate();
            return Some(self.throw_resume(e));
        }
        if let Some(limit) = self.inference_limit {
            if self.inferences > limit {
                // The limit stays exceeded (until reset): a catch/3 that
                // swallows the ball cannot run on unbounded.
                return Some(self.throw_resume(limit_exceeded()));
            }
        }
        if Atom::take_full() {
            self.settle_gate();
            return Some(self.throw_resume(PErr::Resource(atoms::ATOMS)));
        }
        if let Some(r) = self.wake_at_call(p) {
            return Some(r);
        }
        if self.heap.len() + 2 * self.trail.len() > self.gc.next {
            let arity = self.preds[p as usize].arity;
            if let Err(e) = self.memory_slow_path(arity) {
                self.settle_gate();
                return Some(self.throw_resume(e));
            }
        }
        self.settle_gate();
        if self.debug.on {
            return self.trace_at_call(p);
        }
        None
    }

    /// Runs the goals of the alarms that rang, in a nested run (the call
    /// that noticed goes on after them); an alarm's error is raised here.
    #[inline(always)]
    pub fn run_alarms(&mut self) -> Res<()> {
        if self.gate.alarm_rang() && self.alarms_held == 0 {
            self.run_rung_alarms()
        } else {
            Ok(())
        }
    }

    #[cold]
    #[inline(never)]
    fn run_rung_alarms(&mut self) -> Res<()> {
        match self.on_alarm {
            Some(run) => {
                let rung = self.gate.take_alarms();
                if rung.is_empty() {
                    Ok(())
                } else {
                    run(self, rung)
                }
            }
            None => Ok(()),
        }
    }

    /// The inference budget (see `set_inference_limit`).
    pub fn inference_limit(&self) -> Option<u64> {
        self.inference_limit
    }

    /// Makes every call past `limit` inferences throw
    /// `inference_limit_exceeded` (None: unlimited).
    pub fn set_inference_limit(&mut self, limit: Option<u64>) {
        self.inference_limit = limit;
        self.gate.arm();
    }

    /// Fails; Ok(true) if execution resumes at an alternative, Ok(false) at a barrier.
    #[inline]
    pub(crate) fn fail(&mut self) -> Res<bool> {
        self.backtrack()
    }

    /// Whether Ctrl-C asked the running query to stop (and forget the request).
    #[inline(always)]
    fn take_interrupt(&self) -> bool {
        self.gate.take_interrupt()
    }

    /// For builtins that wait (sleep/1): a Ctrl-C that came meanwhile is
    /// handled now (the top level's menu; Err to raise).
    pub(crate) fn handle_interrupt(&mut self) -> Res<()> {
        if self.take_interrupt() {
            self.interrupted()
        } else {
            Ok(())
        }
    }

    /// For builtins that loop over user data without making calls (member/2
    /// on a cyclic list): Ctrl-C and the inference limit must still stop them.
    pub(crate) fn poll_budget(&self) -> Res<()> {
        if self.take_interrupt() {
            // A builtin's loop cannot go on with the tracer: Ctrl-C aborts it.
            return Err(aborted());
        }
        match self.inference_limit {
            Some(limit) if self.inferences > limit => Err(limit_exceeded()),
            _ => Ok(()),
        }
    }

    /// Throws; Ok(true) if a catch/3 took it (execution resumes in the recovery goal).
    pub(crate) fn throw_resume(&mut self, e: PErr) -> Res<bool> {
        self.throw(e)?;
        Ok(true)
    }

    fn control(&mut self, c: Control) -> Res<bool> {
        match c {
            Control::Call(extra) => self.call_n(extra as usize),
            Control::EnterClause => self.enter_clause(),
            Control::CatchEnter => {
                // Catcher, Recovery, Ref are in A0..A2; the catch clause's frame is E.
                let bags = self.bags.len() as u32;
                self.push_cp(Alt::Catch { bags }, 3);
                self.pc = self.cp;
                Ok(true)
            }
        }
    }

    // ----- the run loop ----------------------------------------------------------

    /// Runs from `self.pc` until the query's continuation (`Halt`) is reached
    /// (Ok(true)), backtracking reaches the barrier (Ok(false)), or an
    /// exception is not caught (Err).
    pub fn run(&mut self) -> Res<bool> {
        // The program counter lives in a local (a register) while straight-line
        // instructions run; `self.pc` is written back before anything that
        // reads or redirects it (calls, builtins, backtracking, throw) and
        // read again after.
        let mut pc = self.pc;
        // Backtracks into the newest alternative (or leaves the run).
        macro_rules! fail {
            () => {{
                self.pc = pc;
                if !self.backtrack()? {
                    return Ok(false);
                }
                pc = self.pc;
                continue;
            }};
        }
        // A failure that is not a call's (see `quiet_fail`).
        macro_rules! fail_quiet {
            () => {{
                self.quiet_fail = true;
                fail!()
            }};
        }
        // Raises an error here: resumes in the catch/3 that takes it (or leaves
        // the run).
        macro_rules! raise {
            ($e:expr) => {{
                self.pc = pc;
                self.throw($e)?;
                pc = self.pc;
                continue;
            }};
        }
        // After a cut: raises what a cleanup it ran threw (cleanup.rs).
        macro_rules! after_cut {
            () => {{
                if let Some(e) = self.cleanup_error.take() {
                    raise!(e);
                }
            }};
        }
        // Pending wake-ups (attvar.rs) as a last call: `self.cp` is their continuation.
        macro_rules! wake_call {
            () => {{
                if !self.wake_execute()? {
                    return Ok(false);
                }
                pc = self.pc;
                continue;
            }};
        }
        // Pending wake-ups now, in a nested run (X registers are live).
        macro_rules! wake_nested {
            () => {{
                match self.wake_nested() {
                    Ok(true) => {}
                    Ok(false) => fail!(),
                    Err(e) => raise!(e),
                }
            }};
        }
        loop {
            let ins = *pc.get();
            match ins {
                Instr::Allocate(n) => {
                    let base = self.env_top();
                    let need = base + FRAME_HDR + n as usize;
                    if need > self.stack.len() {
                        if let Err(e) = self.grow_stack(need) {
                            raise!(e);
                        }
                    }
                    let frame = &mut self.stack[base..need];
                    frame[0] = Cell(self.e as u64);
                    frame[1] = Cell(self.cp.to_bits());
                    frame[2] = Cell(self.b0 as u64);
                    frame[3] = Cell(n as u64);
                    for s in &mut frame[FRAME_HDR..] {
                        *s = Cell::atom(atoms::NIL);
                    }
                    self.e = base;
                }
                Instr::Deallocate => {
                    self.cp = CodeRef::from_bits(self.stack[self.e + 1].0);
                    self.e = self.stack[self.e].0 as usize;
                }
                Instr::GetVarX(x, a) => self.regs[x as usize] = self.regs[a as usize],
                Instr::GetVarY(y, a) => self.set_y(y, self.regs[a as usize]),
                Instr::GetValX(x, a) => {
                    if !self.unify(self.regs[x as usize], self.regs[a as usize]) {
                        fail!();
                    }
                }
                Instr::GetValY(y, a) => {
                    if !self.unify(self.y(y), self.regs[a as usize]) {
                        fail!();
                    }
                }
                Instr::GetConst(c, a) => {
                    let v = self.heap.deref(self.regs[a as usize]);
                    if v != c {
                        if v.tag() == REF {
                            self.bind(v.addr(), c);
                        } else {
                            fail!();
                        }
                    }
                }
                Instr::GetTpl(t, a) => {
                    let tpl = t.get();
                    if !self.unify_tpl(tpl, self.regs[a as usize]) {
                        fail!();
                    }
                }
                Instr::PutVarX(x, a) => {
                    let v = self.heap.new_var();
                    self.regs[x as usize] = v;
                    self.regs[a as usize] = v;
                }
                Instr::PutVarY(y, a) => {
                    let v = self.heap.new_var();
                    self.set_y(y, v);
                    self.regs[a as usize] = v;
                }
                Instr::PutValX(x, a) => self.regs[a as usize] = self.regs[x as usize],
                Instr::PutValY(y, a) => self.regs[a as usize] = self.y(y),
                Instr::PutConst(c, a) => self.regs[a as usize] = c,
                Instr::PutTpl(t, a) => {
                    let tpl = t.get();
                    self.regs[a as usize] = self.build_tpl(tpl);
                }
                // One arm for both: the call inlined once.
                Instr::Call(p, _) | Instr::Execute(p) => {
                    if matches!(ins, Instr::Call(..)) {
                        self.cp = pc.next();
                    }
                    self.pc = pc;
                    if !self.call_inlined(p)? {
                        return Ok(false);
                    }
                    pc = self.pc;
                    continue;
                }
                Instr::CallInline(p, count) => {
                    self.inferences += (count == Count::Yes) as u64;
                    self.cur_pred = p;
                    if self.debug.on {
                        self.pc = pc;
                        match self.trace_inline(p) {
                            Some(Ok(true)) => {
                                pc = pc.next();
                                continue;
                            }
                            Some(Ok(false)) => fail!(),
                            Some(Err(e)) => raise!(e),
                            None => {}
                        }
                    }
                    let PredKind::Det(f) = self.preds[p as usize].kind else {
                        return Err(PErr::Existence(atoms::PROCEDURE, Cell::atom(atoms::EMPTY)));
                    };
                    self.pc = pc;
                    if self.wake_pending() {
                        // Bound by head unification or an earlier builtin call.
                        wake_nested!();
                    }
                    match f(self) {
                        Ok(true) => {}
                        Ok(false) if count == Count::Shallow => fail_quiet!(),
                        Ok(false) => fail!(),
                        Err(e) if count != Count::Yes => {
                            self.vm_goal_context(pc);
                            raise!(e)
                        }
                        Err(e) => raise!(e),
                    }
                    // Before Proceed or Deallocate no X register is live: the
                    // wake-up waits for Proceed or the last call (a full call,
                    // whose choicepoints survive).
                    if self.wake_pending()
                        && !matches!(pc.next().get(), Instr::Proceed | Instr::Deallocate)
                    {
                        wake_nested!();
                    }
                }
                Instr::Proceed => {
                    if self.wake_pending() {
                        self.pc = pc;
                        wake_call!();
                    }
                    pc = self.cp;
                    continue;
                }
                Instr::Arith(prog) => {
                    let prog = prog.get();
                    // In debug mode the goal's ordinary code runs, to be shown.
                    if self.debug.on {
                        pc = pc.next();
                        continue;
                    }
                    if let Some(ok) = self.arith_fast(prog) {
                        self.inferences += prog.counted as u64;
                        if !ok {
                            // An uncounted is/2 (into a fresh variable) cannot fail.
                            fail!();
                        }
                        // The skipped code ends with the goal's CallInline.
                        pc = pc.skip(prog.skip as usize + 1);
                        continue;
                    }
                }
                Instr::NeckCut => {
                    if self.wake_pending() {
                        // Head unification bound an attributed variable: its goals
                        // run before the cut, which then cuts their choicepoints too.
                        self.pc = pc;
                        wake_nested!();
                    }
                    self.cut(self.b0);
                    after_cut!();
                }
                Instr::CutE => {
                    self.cut(self.stack[self.e + 2].0 as usize);
                    after_cut!();
                }
                Instr::CutToX(x) => {
                    let h = self.heap.deref(self.regs[x as usize]).get_int();
                    self.cut(h as usize);
                    after_cut!();
                }
                Instr::CutToY(y) => {
                    let h = self.heap.deref(self.y(y)).get_int();
                    self.cut(h as usize);
                    after_cut!();
                }
                Instr::GetHeightX(x) => {
                    self.regs[x as usize] = Cell::small_int(self.cps.len() as i64)
                }
                Instr::GetHeightY(y) => self.set_y(y, Cell::small_int(self.cps.len() as i64)),
                Instr::SoftCutX(x) => {
                    let h = self.heap.deref(self.regs[x as usize]).get_int() as usize;
                    self.soft_cut(h);
                    after_cut!();
                }
                Instr::SoftCutY(y) => {
                    let h = self.heap.deref(self.y(y)).get_int() as usize;
                    self.soft_cut(h);
                    after_cut!();
                }
                Instr::TryElse(skip, live) => {
                    let alt = Alt::Else {
                        code: pc.skip(skip as usize),
                        b0: self.b0 as u32,
                        live,
                    };
                    self.push_cp(alt, 0);
                }
                Instr::RetryElse(skip) => {
                    if let Some(Alt::Else { code, .. }) = self.cps.last_mut().map(|b| &mut b.alt) {
                        *code = pc.skip(skip as usize);
                    }
                }
                Instr::TrustElse => self.pop_cp(),
                Instr::Jump(skip) => {
                    pc = pc.skip(skip as usize);
                    continue;
                }
                Instr::InitY(y) => {
                    let v = self.heap.new_var();
                    self.set_y(y, v);
                }
                // The next instruction is a Call or Execute, which counts one.
                Instr::Uncounted => self.inferences = self.inferences.wrapping_sub(1),
                Instr::Fail(false) => fail!(),
                Instr::Fail(true) => fail_quiet!(),
                Instr::Halt => {
                    self.pc = pc;
                    if self.wake_pending() {
                        // The query's last goal bound an attributed variable.
                        self.cp = pc;
                        wake_call!();
                    }
                    return Ok(true);
                }
            }
            // Straight-line instructions are always followed by another.
            pc = pc.next();
        }
    }
}

pub(crate) fn limit_exceeded() -> PErr {
    PErr::Throw(Cell::atom(Atom::new("inference_limit_exceeded")))
}

/// Runs the goals of the alarms that rang (numbers as the timer gave them).
pub type AlarmRunner = fn(&mut Machine, Vec<u64>) -> Res<()>;

/// The ball an interrupted query is aborted with (SWI's `'$aborted'`).
pub(crate) fn aborted() -> PErr {
    PErr::Throw(Cell::atom(Atom::new("$aborted")))
}

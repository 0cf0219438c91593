//! Compiled clause code (invariant 3, docs/ARCHITECTURE.md).
//!
//! A clause compiles to a short instruction sequence in the spirit of the WAM:
//! head arguments are matched against argument registers (`Get*`), body goals
//! load argument registers (`Put*`) and `Call`/`Execute` a predicate. Compound
//! arguments are *templates*: flat cell arrays in breadth-first layout that are
//! unified against (head) or copied onto (body) the heap in one tight loop.
//! Every variable lives on the heap; registers and environment slots only hold
//! cells, so there are no unsafe variables and no stack-to-heap binding rules.
//! `ClauseCode::listing` writes compiled code as text, one instruction per line.
//!
//! Tested by: the golden listings in compile.rs (through `ClauseCode::listing`); every test
//! that runs Prolog.

use super::code::CodeRef;
use crate::term::cell::{Cell, ATM, BOX, INT, LIS, REF, STR};

/// Index of an X register (argument registers are X0..Xn-1).
pub type Reg = u32;
/// Index of a permanent variable in the current environment frame.
pub type Slot = u32;
/// A template owned by the clause's (boxed, never moved) `ClauseCode`.
pub type Tpl = CodeRef<Template>;
/// Index of a predicate in the machine's predicate table.
pub type PredId = u32;

/// Whether an inline goal counts an inference, and whether its failure is
/// a call's (the rule is SWI-Prolog's: compile.rs, `counts_inference`;
/// a failed call that resumes an alternative inside a clause counts one,
/// machine.rs, `quiet_fail`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// One inference; it fails as a call does.
    Yes,
    /// None; an alternative of its own clause may be pending, and resuming
    /// it after this failure counts nothing.
    Shallow,
    /// None; no alternative of its own clause can be pending, so the
    /// failure leaves the clause as a failed call does.
    Deep,
}

#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Instr {
    /// Push an environment frame with `n` permanent variables; saves CP and the cut barrier.
    Allocate(u32),
    /// Pop the environment frame, restoring CP.
    Deallocate,

    GetVarX(Reg, Reg),
    GetVarY(Slot, Reg),
    GetValX(Reg, Reg),
    GetValY(Slot, Reg),
    /// Unify an argument with an atom or small integer.
    GetConst(Cell, Reg),
    /// Unify an argument with a compound or boxed literal template.
    GetTpl(Tpl, Reg),

    /// A fresh heap variable into a temporary and an argument register.
    PutVarX(Reg, Reg),
    PutVarY(Slot, Reg),
    PutValX(Reg, Reg),
    PutValY(Slot, Reg),
    PutConst(Cell, Reg),
    /// Build a template on the heap into an argument register.
    PutTpl(Tpl, Reg),

    /// Call a predicate; continue with the next instruction when it succeeds.
    /// The second field is the number of environment slots initialized at this
    /// point (a prefix, since slots are numbered by first occurrence): the
    /// garbage collector's roots in a frame suspended here (see gc.rs).
    Call(PredId, u32),
    /// Last call: jump to a predicate, keeping the current continuation.
    Execute(PredId),
    /// Call a deterministic builtin in place (no continuation change),
    /// counting as `Count` says.
    CallInline(PredId, Count),
    /// Return to the continuation.
    Proceed,
    /// Inline small-integer arithmetic for the is/2 or comparison goal whose
    /// ordinary code follows (see arith_fast.rs); skips that code on success.
    Arith(CodeRef<super::arith_fast::ArithProg>),

    /// Cut to the barrier in the cut register (no call has happened yet).
    NeckCut,
    /// Cut to the barrier saved in the environment frame.
    CutE,
    /// Cut to the choicepoint height held (as an integer) in a register / slot.
    CutToX(Reg),
    CutToY(Slot),
    /// Store the current choicepoint-stack height as an integer.
    GetHeightX(Reg),
    GetHeightY(Slot),
    /// Soft-cut: disable the alternative of the choicepoint just below the height in X / Y.
    SoftCutX(Reg),
    SoftCutY(Slot),

    /// Push a choicepoint inside the clause (control.rs) whose alternative is
    /// the instruction `skip` places on. The second field is the number of
    /// environment slots initialized here (the GC's roots in this frame when
    /// the alternative is taken), or `NO_FRAME` if the clause has no environment.
    TryElse(u32, u32),
    /// First instruction of a non-last alternative: the next one is `skip` places on.
    RetryElse(u32),
    /// First instruction of the last alternative: pops the choicepoint.
    TrustElse,
    /// Continue `skip` places on (to where a construct's branches meet).
    Jump(u32),
    /// A fresh heap variable into a slot (before a construct whose branches use it).
    InitY(Slot),

    /// The call that follows counts no inference (`arg/3` into a fresh
    /// variable, which SWI-Prolog runs in its virtual machine).
    Uncounted,
    /// Fail; `true` where an alternative of the clause may be pending (as
    /// `Count::Shallow`).
    Fail(bool),
    /// End of a top-level run: the query succeeded.
    Halt,
}

/// `Instr::TryElse`'s slot count in a clause without an environment.
pub const NO_FRAME: u32 = u32::MAX;

/// Variable references inside templates: a REF-tagged cell whose payload is
/// `(index << 2) | (is_permanent << 1) | is_first_occurrence`.
#[inline(always)]
pub fn tvar(index: u32, permanent: bool, first: bool) -> Cell {
    Cell(((((index as u64) << 2) | ((permanent as u64) << 1) | first as u64) << 3) | REF)
}

#[inline(always)]
pub fn tvar_parts(c: Cell) -> (u32, bool, bool) {
    let p = c.0 >> 3;
    ((p >> 2) as u32, p & 2 != 0, p & 1 != 0)
}

/// A compound or boxed literal in clause code.
///
/// `cells[0]` is the root (an STR/LIS/BOX cell whose address is relative to
/// `cells`); compounds are laid out breadth-first so that a FIFO walk meets
/// variables in array order, the order in which first occurrences were assigned.
#[derive(Clone, Debug, Default)]
pub struct Template {
    pub cells: Vec<Cell>,
    /// A compound whose arguments are all variables or atoms / small
    /// integers: head unification takes a loop without a work queue.
    pub flat: bool,
}

impl Template {
    pub fn new(cells: Vec<Cell>) -> Template {
        let root = cells.first().copied().unwrap_or(Cell(0));
        let args = match root.tag() {
            STR => cells.get(root.addr()).map(|f| f.fun_arity() + 1),
            LIS => Some(2),
            _ => None,
        };
        // Nothing beyond the root's own block: no nested compound or box.
        let flat = args.is_some_and(|n| cells.len() == 1 + n);
        Template { cells, flat }
    }
}

/// A clause's compiled form.
#[derive(Debug, Default)]
pub struct ClauseCode {
    pub code: Vec<Instr>,
    pub templates: Vec<Template>,
    /// Programs of `Arith` instructions (referenced by pointer, like templates).
    pub arith: Vec<super::arith_fast::ArithProg>,
    /// Highest X register used + 1.
    pub nregs: u32,
}

impl ClauseCode {
    /// The code as text, one instruction per line (for tests and debugging).
    /// `pred` names a predicate (`name/arity`). Argument registers are `A0..`,
    /// temporaries `X..`, environment slots `Y..`; in a template a variable's
    /// first occurrence is written `_X3`, later ones `X3`.
    pub fn listing(&self, pred: &dyn Fn(PredId) -> String) -> String {
        let mut out = String::new();
        for ins in &self.code {
            out.push_str(&instr_text(ins, pred));
            out.push('\n');
        }
        out
    }
}

fn const_text(c: Cell) -> String {
    match c.tag() {
        INT => c.get_int().to_string(),
        _ => c.get_atom().name().to_string(),
    }
}

fn instr_text(ins: &Instr, pred: &dyn Fn(PredId) -> String) -> String {
    use Instr::*;
    match *ins {
        Allocate(n) => format!("allocate {n}"),
        Deallocate => "deallocate".into(),
        GetVarX(x, a) => format!("get_var X{x}, A{a}"),
        GetVarY(y, a) => format!("get_var Y{y}, A{a}"),
        GetValX(x, a) => format!("get_val X{x}, A{a}"),
        GetValY(y, a) => format!("get_val Y{y}, A{a}"),
        GetConst(c, a) => format!("get_const {}, A{a}", const_text(c)),
        GetTpl(t, a) => format!("get_tpl {}, A{a}", template_text(t.get())),
        PutVarX(x, a) => format!("put_var X{x}, A{a}"),
        PutVarY(y, a) => format!("put_var Y{y}, A{a}"),
        PutValX(x, a) => format!("put_val X{x}, A{a}"),
        PutValY(y, a) => format!("put_val Y{y}, A{a}"),
        PutConst(c, a) => format!("put_const {}, A{a}", const_text(c)),
        PutTpl(t, a) => format!("put_tpl {}, A{a}", template_text(t.get())),
        Call(p, live) => format!("call {}, live {live}", pred(p)),
        Execute(p) => format!("execute {}", pred(p)),
        CallInline(p, Count::Yes) => format!("call_inline {}", pred(p)),
        CallInline(p, Count::Shallow) => format!("call_inline {}, uncounted", pred(p)),
        CallInline(p, Count::Deep) => format!("call_inline {}, uncounted deep", pred(p)),
        Proceed => "proceed".into(),
        Arith(prog) => arith_text(prog.get()),
        NeckCut => "neck_cut".into(),
        CutE => "cut_e".into(),
        CutToX(x) => format!("cut_to X{x}"),
        CutToY(y) => format!("cut_to Y{y}"),
        GetHeightX(x) => format!("get_height X{x}"),
        GetHeightY(y) => format!("get_height Y{y}"),
        SoftCutX(x) => format!("soft_cut X{x}"),
        SoftCutY(y) => format!("soft_cut Y{y}"),
        TryElse(skip, NO_FRAME) => format!("try_else +{skip}"),
        TryElse(skip, live) => format!("try_else +{skip}, live {live}"),
        RetryElse(skip) => format!("retry_else +{skip}"),
        TrustElse => "trust_else".into(),
        Jump(skip) => format!("jump +{skip}"),
        InitY(y) => format!("init Y{y}"),
        Fail(_) => "fail".into(),
        Uncounted => "uncounted".into(),
        Halt => "halt".into(),
    }
}

/// `arith <dest> := <postfix ops>, skip N` or `arith <postfix ops> <cmp>, skip N`.
fn arith_text(prog: &super::arith_fast::ArithProg) -> String {
    use super::arith_fast::{AOp, ArithKind, Dest};
    let ops: Vec<String> = prog
        .ops
        .iter()
        .map(|op| match op {
            AOp::X(x) => format!("X{x}"),
            AOp::Y(y) => format!("Y{y}"),
            AOp::Int(i) => i.to_string(),
            AOp::Add => "+".into(),
            AOp::Sub => "-".into(),
            AOp::Mul => "*".into(),
            AOp::IntDiv => "//".into(),
            AOp::Mod => "mod".into(),
            AOp::Rem => "rem".into(),
            AOp::Min => "min".into(),
            AOp::Max => "max".into(),
            AOp::Neg => "neg".into(),
            AOp::Abs => "abs".into(),
        })
        .collect();
    let ops = ops.join(" ");
    let skip = prog.skip;
    match prog.kind {
        ArithKind::Is(dest) => {
            let dest = match dest {
                Dest::SetX(x) => format!("X{x} :="),
                Dest::SetY(y) => format!("Y{y} :="),
                Dest::UnifyX(x) => format!("X{x} ="),
                Dest::UnifyY(y) => format!("Y{y} ="),
                Dest::Const(c) => format!("{} =", const_text(c)),
            };
            format!("arith {dest} {ops}, skip {skip}")
        }
        ArithKind::Cmp(accept) => {
            let cmp = match accept {
                0b001 => "<",
                0b011 => "=<",
                0b010 => "=:=",
                0b110 => ">=",
                0b100 => ">",
                _ => "=\\=",
            };
            format!("arith {ops} {cmp}, skip {skip}")
        }
    }
}

/// A template in canonical form; iterative (invariant 1), since a clause may hold a long
/// list literal.
fn template_text(t: &Template) -> String {
    use crate::term::atom::atoms;
    enum Work {
        Cell(Cell),
        /// The rest of a list after an element.
        Tail(Cell),
        Text(&'static str),
    }
    let cells = &t.cells;
    let mut out = String::new();
    let mut work = vec![Work::Cell(cells[0])];
    while let Some(w) = work.pop() {
        let c = match w {
            Work::Text(s) => {
                out.push_str(s);
                continue;
            }
            Work::Tail(c) if c.tag() == LIS => {
                out.push(',');
                work.push(Work::Tail(cells[c.addr() + 1]));
                work.push(Work::Cell(cells[c.addr()]));
                continue;
            }
            Work::Tail(c) if c == Cell::atom(atoms::NIL) => continue,
            Work::Tail(c) => {
                out.push('|');
                c
            }
            Work::Cell(c) => c,
        };
        match c.tag() {
            REF => {
                let (i, perm, first) = tvar_parts(c);
                let first = if first { "_" } else { "" };
                let kind = if perm { 'Y' } else { 'X' };
                out.push_str(&format!("{first}{kind}{i}"));
            }
            ATM | INT => out.push_str(&const_text(c)),
            LIS => {
                out.push('[');
                work.push(Work::Text("]"));
                work.push(Work::Tail(cells[c.addr() + 1]));
                work.push(Work::Cell(cells[c.addr()]));
            }
            STR => {
                let f = cells[c.addr()];
                out.push_str(f.fun_name().name());
                out.push('(');
                work.push(Work::Text(")"));
                for i in (1..=f.fun_arity()).rev() {
                    work.push(Work::Cell(cells[c.addr() + i]));
                    if i > 1 {
                        work.push(Work::Text(","));
                    }
                }
            }
            BOX => {
                let hdr = cells[c.addr()];
                match hdr.hdr_kind() {
                    crate::term::cell::BoxKind::Float => {
                        out.push_str(&format!("{:?}", f64::from_bits(cells[c.addr() + 1].0)))
                    }
                    crate::term::cell::BoxKind::Str => out.push_str("<string>"),
                    _ => out.push_str("<bigint>"),
                }
            }
            _ => out.push_str(&format!("{c:?}")),
        }
    }
    out
}

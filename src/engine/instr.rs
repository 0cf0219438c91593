//! Compiled clause code (invariant 3, docs/ARCHITECTURE.md).
//!
//! A clause compiles to a short instruction sequence in the spirit of the WAM:
//! head arguments are matched against argument registers (`Get*`), body goals
//! load argument registers (`Put*`) and `Call`/`Execute` a predicate. Compound
//! arguments are *templates*: flat cell arrays in breadth-first layout that are
//! unified against (head) or copied onto (body) the heap in one tight loop.
//! Every variable lives on the heap; registers and environment slots only hold
//! cells, so there are no unsafe variables and no stack-to-heap binding rules.

use super::code::CodeRef;
use crate::term::cell::{Cell, LIS, REF, STR};

/// Index of an X register (argument registers are X0..Xn-1).
pub type Reg = u32;
/// Index of a permanent variable in the current environment frame.
pub type Slot = u32;
/// A template owned by the clause's (boxed, never moved) `ClauseCode`.
pub type Tpl = CodeRef<Template>;
/// Index of a predicate in the machine's predicate table.
pub type PredId = u32;

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
    /// Call a deterministic builtin in place (no continuation change).
    CallInline(PredId),
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
    /// Store the clause's cut barrier as an integer into a register / slot.
    GetB0X(Reg),
    GetB0Y(Slot),
    /// Store the current choicepoint-stack height as an integer.
    GetHeightX(Reg),
    GetHeightY(Slot),
    /// Soft-cut: disable the alternative of the choicepoint just below the height in X / Y.
    SoftCutX(Reg),
    SoftCutY(Slot),

    Fail,
    /// End of a top-level run: the query succeeded.
    Halt,
}

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

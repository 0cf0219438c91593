//! `CodeRef`: the one way the engine points into compiled clause code (instructions,
//! templates, arithmetic programs) — from `pc`/`cp`, frames, choicepoints and instructions.
//!
//! The invariant, stated once: compiled code lives in a clause's boxed `ClauseCode` (and the
//! machine's own `halt_code`/`fail_code`), whose allocation never moves; it is freed only at a
//! safe point when no register, frame, choicepoint or instruction refers to it (a retracted
//! clause's code waits in `Machine::zombies` until then, see db.rs). So every `CodeRef` the
//! engine holds points at live code, and `get` is the single place that relies on it.
//! Stepping (`next`, `skip`, `prev`) is plain address arithmetic: instruction sequences end
//! in a control transfer, so a step never leaves the sequence before the next `get`.
//!
//! Tested by: every test that runs Prolog (tests/all.rs); gc.rs reads `prev` of continuations.

use std::fmt;

/// A pointer into live compiled code (see the module's invariant).
#[repr(transparent)]
pub struct CodeRef<T>(*const T);

impl<T> CodeRef<T> {
    /// A placeholder in code being compiled, replaced when the code is boxed (compile.rs
    /// links every template and arithmetic program before the code can run).
    #[inline(always)]
    pub fn unlinked() -> Self {
        CodeRef(std::ptr::null())
    }

    /// The first item of a code sequence that is kept alive by the invariant.
    #[inline(always)]
    pub fn first(code: &[T]) -> Self {
        CodeRef(code.as_ptr())
    }

    /// A reference to one item of kept-alive code.
    #[inline(always)]
    pub fn to(item: &T) -> Self {
        CodeRef(item)
    }

    /// The item pointed at.
    #[inline(always)]
    pub fn get<'a>(self) -> &'a T {
        // SAFETY: the module invariant: the code a CodeRef points into outlives every use.
        unsafe { &*self.0 }
    }

    /// The following item.
    #[inline(always)]
    pub fn next(self) -> Self {
        CodeRef(self.0.wrapping_add(1))
    }

    /// The item `n` places on.
    #[inline(always)]
    pub fn skip(self, n: usize) -> Self {
        CodeRef(self.0.wrapping_add(n))
    }

    /// The item before (a continuation's call instruction).
    #[inline(always)]
    pub fn prev(self) -> Self {
        CodeRef(self.0.wrapping_sub(1))
    }

    /// As stored in an environment frame's cell.
    #[inline(always)]
    pub fn to_bits(self) -> u64 {
        self.0 as u64
    }

    /// Back from a frame cell written by `to_bits`.
    #[inline(always)]
    pub fn from_bits(bits: u64) -> Self {
        CodeRef(bits as *const T)
    }
}

impl<T> Clone for CodeRef<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for CodeRef<T> {}

impl<T> PartialEq for CodeRef<T> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl<T> Eq for CodeRef<T> {}

impl<T> fmt::Debug for CodeRef<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CodeRef({:p})", self.0)
    }
}

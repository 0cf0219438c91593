//! The machine's slot for state owned by the floors above (streams, loaded files, flags
//! without engine meaning). The engine stores it without knowing its type, so it imports
//! nothing from the builtins; `builtins::state` gives the slot its type (`Deref` to `Ext`),
//! and `builtins::new_machine` fills it.
//!
//! Tested by: every builtin that keeps state (tests/all.rs).

use std::any::Any;

/// Type-erased per-machine state of the builtins. Empty in a bare `Machine::new()`.
pub struct ExtSlot(Box<dyn Any>);

impl ExtSlot {
    /// A slot holding `state`.
    pub fn new<T: Any>(state: T) -> ExtSlot {
        ExtSlot(Box::new(state))
    }

    /// The state, if it is a `T`.
    #[inline]
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }

    /// The state, mutably, if it is a `T`.
    #[inline]
    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.0.downcast_mut()
    }
}

impl Default for ExtSlot {
    fn default() -> Self {
        ExtSlot(Box::new(()))
    }
}

//! Per-machine state owned by the builtins (streams, consulted files, flags
//! without engine meaning), kept apart so the engine core stays small.

pub use crate::builtins::state::Ext;

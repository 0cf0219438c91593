//! The atom table: a process-wide interner mapping atom names to small ids.
//!
//! Atoms are shared by every machine in the process (the reader, writer, engine and
//! native bridge all speak in `Atom` ids). Frequently used atoms are predefined with
//! fixed ids so code can match on them as constants.
//!
//! Names are read without a lock (`Atom::name` runs per character in char_type/2 and
//! per atom written): they live in `NAMES`, segments that never move, each slot written
//! once before its id is handed out. The lock guards only the name -> id map.
//!
//! Tested by: the unit tests below; tests/robustness.rs (the atom table's bound,
//! resource_error(atoms)).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{OnceLock, RwLock};

/// Bound on the number of atoms (docs/ARCHITECTURE.md, "Memory"): atoms are
/// never collected, so the atom that reaches this count makes the next
/// predicate call raise `resource_error(atoms)`. Interning itself never
/// fails: the next `ATOM_RESERVE` atoms are allowed (handling the error and
/// going on needs some), and past them every new atom raises again.
pub const ATOM_LIMIT: usize = 1 << 21;
pub const ATOM_RESERVE: usize = 1 << 16;

static TABLE_FULL: AtomicBool = AtomicBool::new(false);
/// Called when `TABLE_FULL` is set (the engine alerts every machine's call gate).
static FULL_HOOK: OnceLock<fn()> = OnceLock::new();

/// An interned atom. Cheap to copy and compare; `name()` gives its text.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Atom(pub u32);

/// Name -> id; an atom's id is the map's size when it was added.
struct Table {
    ids: super::FastMap<&'static str, u32>,
}

fn table() -> &'static RwLock<Table> {
    static TABLE: OnceLock<RwLock<Table>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Table {
            ids: super::FastMap::with_capacity_and_hasher(4096, Default::default()),
        };
        for (i, name) in PREDEFINED.iter().enumerate() {
            names::publish(i as u32, name);
            t.ids.insert(name, i as u32);
        }
        RwLock::new(t)
    })
}

/// The names by id, an append-only store read without a lock.
mod names {
    use std::sync::OnceLock;

    /// Segment `s` holds `1 << (FIRST_BITS + s)` names and starts at id
    /// `((1 << s) - 1) << FIRST_BITS`: enough segments for every u32 id, made when first
    /// needed and never moved, so a reader holds no lock.
    const FIRST_BITS: u32 = 12;
    const SEGMENTS: usize = (32 - FIRST_BITS) as usize + 1;

    type Segment = Box<[OnceLock<&'static str>]>;
    static SEGS: [OnceLock<Segment>; SEGMENTS] = [const { OnceLock::new() }; SEGMENTS];

    /// (segment, slot) of an id.
    #[inline(always)]
    pub(super) fn place(id: u32) -> (usize, usize) {
        let s = 31 - ((id >> FIRST_BITS) + 1).leading_zeros();
        let start = ((1u32 << s) - 1) << FIRST_BITS;
        (s as usize, (id - start) as usize)
    }

    /// Stores the name of `id` (once, by the interner under its write lock, before the id
    /// is returned to anyone).
    pub(super) fn publish(id: u32, name: &'static str) {
        let (s, i) = place(id);
        let seg = SEGS[s].get_or_init(|| {
            (0..1usize << (FIRST_BITS as usize + s))
                .map(|_| OnceLock::new())
                .collect()
        });
        let _ = seg[i].set(name);
    }

    #[inline(always)]
    pub(super) fn get(id: u32) -> Option<&'static str> {
        let (s, i) = place(id);
        SEGS[s].get().and_then(|seg| seg[i].get().copied())
    }
}

impl Atom {
    /// Interns `name`, returning its atom. Atom names are leaked: the table is
    /// append-only (see docs/ARCHITECTURE.md for the atom-table policy).
    pub fn new(name: &str) -> Atom {
        {
            let t = table().read().unwrap_or_else(|e| e.into_inner());
            if let Some(&id) = t.ids.get(name) {
                return Atom(id);
            }
        }
        let mut t = table().write().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = t.ids.get(name) {
            return Atom(id);
        }
        let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
        let id = t.ids.len() as u32;
        names::publish(id, leaked);
        t.ids.insert(leaked, id);
        drop(t);
        if id as usize == ATOM_LIMIT || id as usize >= ATOM_LIMIT + ATOM_RESERVE {
            TABLE_FULL.store(true, Ordering::SeqCst);
            if let Some(hook) = FULL_HOOK.get() {
                hook();
            }
        }
        Atom(id)
    }

    /// Installs what is called when the table reaches its bound (once per process).
    pub fn on_table_full(hook: fn()) {
        let _ = FULL_HOOK.set(hook);
    }

    /// Whether an atom past the bound was made and no call has raised it yet.
    pub fn full_pending() -> bool {
        TABLE_FULL.load(Ordering::SeqCst)
    }

    /// True once after an atom was created at or past the limit.
    #[inline(always)]
    pub fn take_full() -> bool {
        TABLE_FULL.load(Ordering::Relaxed) && TABLE_FULL.swap(false, Ordering::Relaxed)
    }

    /// The atom's text (no lock taken).
    #[inline]
    pub fn name(self) -> &'static str {
        match names::get(self.0) {
            Some(n) => n,
            // Only before the table is first used: the predefined names are stored then.
            None => {
                table();
                names::get(self.0).expect("an atom id comes from the table")
            }
        }
    }

    /// Looks an atom up without creating it.
    pub fn lookup(name: &str) -> Option<Atom> {
        let t = table().read().unwrap_or_else(|e| e.into_inner());
        t.ids.get(name).map(|&id| Atom(id))
    }

    /// The atom with id `i`, if that many exist (ids are dense: current_atom/1
    /// enumerates them).
    pub fn nth(i: u32) -> Option<Atom> {
        ((i as usize) < Atom::count()).then_some(Atom(i))
    }

    /// Number of atoms interned so far.
    pub fn count() -> usize {
        table().read().unwrap_or_else(|e| e.into_inner()).ids.len()
    }

    pub fn index(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Atom({:?})", self.name())
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! predefined_atoms {
    ($($id:ident = $text:expr),* $(,)?) => {
        const PREDEFINED: &[&str] = &[$($text),*];
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[repr(u32)]
        enum PreIdx { $($id),* }
        /// Predefined atoms with fixed ids.
        pub mod atoms {
            use super::Atom;
            $(pub const $id: Atom = Atom(super::PreIdx::$id as u32);)*
        }
    };
}

predefined_atoms! {
    NIL = "[]",
    DOT = "[|]",
    CURLY = "{}",
    COMMA = ",",
    SEMICOLON = ";",
    BAR = "|",
    ARROW = "->",
    SOFT_ARROW = "*->",
    NECK = ":-",
    QUERY = "?-",
    NOT_PROVABLE = "\\+",
    CUT = "!",
    TRUE = "true",
    FAIL = "fail",
    FALSE = "false",
    CALL = "call",
    TERM_EXPANSION = "term_expansion",
    GOAL_EXPANSION = "goal_expansion",
    MINUS = "-",
    PLUS = "+",
    STAR = "*",
    SLASH = "/",
    EQUALS = "=",
    EXITED = "exited",
    CARET = "^",
    COLON = ":",
    EMPTY = "",
    ERROR = "error",
    END_OF_FILE = "end_of_file",
    VAR_FUNCTOR = "$VAR",
    ON = "on",
    OFF = "off",
    USER = "user",
    CODES = "codes",
    CHARS = "chars",
    ATOM = "atom",
    STRING = "string",
    ONE = "1",
    // ISO error vocabulary
    INSTANTIATION_ERROR = "instantiation_error",
    TYPE_ERROR = "type_error",
    DOMAIN_ERROR = "domain_error",
    EXISTENCE_ERROR = "existence_error",
    PERMISSION_ERROR = "permission_error",
    REPRESENTATION_ERROR = "representation_error",
    EVALUATION_ERROR = "evaluation_error",
    RESOURCE_ERROR = "resource_error",
    SYNTAX_ERROR = "syntax_error",
    SYSTEM_ERROR = "system_error",
    UNINSTANTIATION_ERROR = "uninstantiation_error",
    PROCEDURE = "procedure",
    CALLABLE = "callable",
    INTEGER = "integer",
    FLOAT = "float",
    NUMBER = "number",
    ATOMIC = "atomic",
    COMPOUND = "compound",
    LIST = "list",
    CHARACTER = "character",
    EVALUABLE = "evaluable",
    VARIABLE = "variable",
    BOOLEAN = "boolean",
    MEMORY = "memory",
    ATOMS = "atoms",
    ZERO_DIVISOR = "zero_divisor",
    UNDEFINED = "undefined",
    INT_OVERFLOW = "int_overflow",
    FLOAT_OVERFLOW = "float_overflow",
    UNDERFLOW = "underflow",
    NOT_LESS_THAN_ZERO = "not_less_than_zero",
    MODIFY = "modify",
    STATIC_PROCEDURE = "static_procedure",
    ACCESS = "access",
    PRIVATE_PROCEDURE = "private_procedure",
    MAX_ARITY = "max_arity",
    CONTEXT = "context",
    LEQ = "=<",
    GEQ = ">=",
    LT = "<",
    GT = ">",
    EVAL_EQ = "=:=",
    EVAL_NE = "=\\=",
    IS = "is",
    SYSTEM = "system",
    CLPFD = "clpfd",
    FD_DOM = "$d",
    // Dicts: the functor of a dict term (SWI's `C'dict'`, an atom no program
    // writes by accident) and `.`, the functor of functional notation.
    DICT = "C'dict'",
    DICT_CALL = ".",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predefined_atoms_are_stable() {
        assert_eq!(atoms::NIL.name(), "[]");
        assert_eq!(Atom::new("[]"), atoms::NIL);
        assert_eq!(Atom::new("is"), atoms::IS);
    }

    #[test]
    fn names_are_stored_across_segments() {
        // Ids past the first segment (4,096 names) land in later segments.
        let made: Vec<(Atom, String)> = (0..10_000)
            .map(|i| format!("seg_test_{i}"))
            .map(|n| (Atom::new(&n), n))
            .collect();
        assert!(Atom::count() > 4096);
        for (a, n) in &made {
            assert_eq!(a.name(), n);
        }
        for id in [4095u32, 4096, 12287, 12288] {
            let (s, i) = names::place(id);
            assert!(i < 1usize << (12 + s), "id {id}: segment {s}, slot {i}");
        }
        assert_eq!(names::place(4095), (0, 4095));
        assert_eq!(names::place(4096), (1, 0));
        assert_eq!(names::place(12288), (2, 0));
        assert_eq!(names::place(u32::MAX).0, 20);
    }

    #[test]
    fn interning_is_idempotent() {
        let a = Atom::new("knight_tour");
        let b = Atom::new("knight_tour");
        assert_eq!(a, b);
        assert_eq!(a.name(), "knight_tour");
        assert_ne!(a, Atom::new("knight_tours"));
    }
}

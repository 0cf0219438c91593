//! The live operator table (`op/3`, `current_op/3`), shared by reader and writer.
//!
//! Tested by: the unit tests below; tests/reader_tests.rs and tests/writer_options_tests.rs
//! (user-defined operators), tests/prolog/safety.pl.

use super::FastMap;
use crate::term::atom::Atom;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpType {
    Xfx,
    Xfy,
    Yfx,
    Fy,
    Fx,
    Xf,
    Yf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpClass {
    Prefix,
    Infix,
    Postfix,
}

impl OpType {
    pub fn class(self) -> OpClass {
        match self {
            OpType::Xfx | OpType::Xfy | OpType::Yfx => OpClass::Infix,
            OpType::Fy | OpType::Fx => OpClass::Prefix,
            OpType::Xf | OpType::Yf => OpClass::Postfix,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            OpType::Xfx => "xfx",
            OpType::Xfy => "xfy",
            OpType::Yfx => "yfx",
            OpType::Fy => "fy",
            OpType::Fx => "fx",
            OpType::Xf => "xf",
            OpType::Yf => "yf",
        }
    }

    pub fn parse(s: &str) -> Option<OpType> {
        Some(match s {
            "xfx" => OpType::Xfx,
            "xfy" => OpType::Xfy,
            "yfx" => OpType::Yfx,
            "fy" => OpType::Fy,
            "fx" => OpType::Fx,
            "xf" => OpType::Xf,
            "yf" => OpType::Yf,
            _ => return None,
        })
    }
}

/// One operator definition: its priority (1..=1200) and type.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpDef {
    pub priority: u16,
    pub typ: OpType,
}

impl OpDef {
    /// Maximum priority of the left argument (infix and postfix operators).
    pub fn left_max(self) -> u16 {
        match self.typ {
            OpType::Yfx | OpType::Yf => self.priority,
            _ => self.priority - 1,
        }
    }
    /// Maximum priority of the right argument (infix and prefix operators).
    pub fn right_max(self) -> u16 {
        match self.typ {
            OpType::Xfy | OpType::Fy => self.priority,
            _ => self.priority - 1,
        }
    }
}

#[derive(Debug)]
pub enum OpError {
    /// The priority is not in 0..=1200.
    Priority,
    /// Changing this operator is not allowed (`,`, or `|` below 1001 / not infix).
    Permission(&'static str),
}

#[derive(Clone)]
pub struct OpTable {
    prefix: FastMap<Atom, OpDef>,
    infix: FastMap<Atom, OpDef>,
    postfix: FastMap<Atom, OpDef>,
}

const STANDARD: &[(u16, OpType, &[&str])] = &[
    (1200, OpType::Xfx, &[":-", "-->", "=>", "==>"]),
    (1200, OpType::Fx, &[":-", "?-"]),
    (1100, OpType::Xfy, &[";"]),
    (1105, OpType::Xfy, &["|"]),
    (1050, OpType::Xfy, &["->", "*->"]),
    (1000, OpType::Xfy, &[","]),
    (800, OpType::Xfx, &[":="]),
    (900, OpType::Fy, &["\\+"]),
    (
        700,
        OpType::Xfx,
        &[
            "=", "\\=", "==", "\\==", "@<", "@>", "@=<", "@>=", "=..", "is", "=:=", "=\\=", "<",
            ">", "=<", ">=", ">:<", ":<", "as", "=@=", "\\=@=",
        ],
    ),
    (600, OpType::Xfy, &[":"]),
    (500, OpType::Yfx, &["+", "-", "/\\", "\\/"]),
    (
        400,
        OpType::Yfx,
        &[
            "*", "/", "//", "rem", "mod", "div", "<<", ">>", "rdiv", "xor",
        ],
    ),
    (200, OpType::Xfx, &["**"]),
    (200, OpType::Xfy, &["^"]),
    (200, OpType::Fy, &["-", "+", "\\"]),
    (100, OpType::Yfx, &["."]),
    (1, OpType::Fx, &["$"]),
    (
        1150,
        OpType::Fx,
        &[
            "dynamic",
            "discontiguous",
            "initialization",
            "meta_predicate",
            "module_transparent",
            "multifile",
            "public",
            "thread_local",
            "table",
            "volatile",
            "thread_initialization",
        ],
    ),
];

impl Default for OpTable {
    fn default() -> Self {
        Self::standard()
    }
}

impl OpTable {
    /// The ISO operator table plus the operators SWI-Prolog predefines.
    pub fn standard() -> OpTable {
        let mut t = OpTable {
            prefix: FastMap::default(),
            infix: FastMap::default(),
            postfix: FastMap::default(),
        };
        for &(p, typ, names) in STANDARD {
            for n in names {
                t.map_mut(typ.class())
                    .insert(Atom::new(n), OpDef { priority: p, typ });
            }
        }
        t
    }

    fn map_mut(&mut self, class: OpClass) -> &mut FastMap<Atom, OpDef> {
        match class {
            OpClass::Prefix => &mut self.prefix,
            OpClass::Infix => &mut self.infix,
            OpClass::Postfix => &mut self.postfix,
        }
    }

    pub fn prefix(&self, a: Atom) -> Option<OpDef> {
        self.prefix.get(&a).copied()
    }
    pub fn infix(&self, a: Atom) -> Option<OpDef> {
        self.infix.get(&a).copied()
    }
    pub fn postfix(&self, a: Atom) -> Option<OpDef> {
        self.postfix.get(&a).copied()
    }

    /// Is `a` an operator of any class?
    pub fn is_op(&self, a: Atom) -> bool {
        self.prefix.contains_key(&a) || self.infix.contains_key(&a) || self.postfix.contains_key(&a)
    }

    /// `op(Priority, Type, Name)`: priority 0 removes the definition.
    pub fn add(&mut self, priority: u16, typ: OpType, name: Atom) -> Result<(), OpError> {
        if priority > 1200 {
            return Err(OpError::Priority);
        }
        match name.name() {
            "," => return Err(OpError::Permission("modify")),
            "|" if typ.class() != OpClass::Infix || (priority > 0 && priority < 1001) => {
                return Err(OpError::Permission("create"))
            }
            "[]" | "{}" => return Err(OpError::Permission("create")),
            _ => {}
        }
        let map = self.map_mut(typ.class());
        if priority == 0 {
            map.remove(&name);
        } else {
            map.insert(name, OpDef { priority, typ });
        }
        Ok(())
    }

    /// Every definition, for `current_op/3` (order unspecified).
    pub fn all(&self) -> Vec<(Atom, OpDef)> {
        self.prefix
            .iter()
            .chain(self.infix.iter())
            .chain(self.postfix.iter())
            .map(|(&a, &d)| (a, d))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_table_has_iso_operators() {
        let t = OpTable::standard();
        let d = t.infix(Atom::new(":-")).unwrap();
        assert_eq!((d.priority, d.typ), (1200, OpType::Xfx));
        let m = t.prefix(Atom::new("-")).unwrap();
        assert_eq!((m.priority, m.typ), (200, OpType::Fy));
        assert_eq!(t.infix(Atom::new("-")).unwrap().left_max(), 500);
        assert_eq!(t.infix(Atom::new("-")).unwrap().right_max(), 499);
    }

    #[test]
    fn op_changes_and_removal() {
        let mut t = OpTable::standard();
        let a = Atom::new("likes");
        t.add(700, OpType::Xfx, a).unwrap();
        assert!(t.infix(a).is_some());
        t.add(0, OpType::Xfx, a).unwrap();
        assert!(t.infix(a).is_none());
        assert!(t.add(1000, OpType::Xfy, Atom::new(",")).is_err());
        assert!(t.add(1201, OpType::Xfy, a).is_err());
    }
}

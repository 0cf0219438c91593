//! `write_term/2` option lists: from a Prolog list to [`WriteOptions`], with the
//! errors SWI-Prolog 9 raises for bad lists and values.
//!
//! Tested by: tests/writer_options_tests.rs (option lists), tests/prolog/io.pl (write_term/2
//! errors).

use super::atom_text::{is_symbol_char, is_var_name};
use super::writer::{default_var_name, write_term, WriteOptions};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::Cell;
use crate::term::heap::{Heap, View};
use crate::term::ops::OpTable;
use crate::term::walk::AddrMap;

/// Why an option list was rejected; the engine raises the matching ISO error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteOptionError {
    /// `instantiation_error`: the list, an option or a value is unbound.
    Instantiation,
    /// `type_error(Expected, Culprit)`: `list`, `option`, `bool`, `integer`, `variable_assignment`.
    Type {
        expected: &'static str,
        culprit: Cell,
    },
    /// `domain_error(Domain, Culprit)`: `variable_name`, `operator_priority`, `spacing`, `write_option`.
    Domain { domain: &'static str, culprit: Cell },
}

/// A parsed option list: the writer options plus what `write_term/2` itself handles.
#[derive(Clone, Debug, Default)]
pub struct ParsedWriteOptions {
    pub options: WriteOptions,
    /// `variable_names(['X'=V, ...])`: heap address of each unbound variable and its name.
    pub variable_names: Vec<(usize, String)>,
    /// `portray(true)`: the engine should try `portray/1` (the writer itself cannot).
    pub portray: bool,
    /// `fullstop(true)`: end with ` .`/`.` and a space (a newline with `nl(true)`).
    pub fullstop: bool,
    /// `nl(true)`: end with a newline.
    pub nl: bool,
    /// `attributes(Mode)`: how attributed variables are written.
    pub attributes: AttrWrite,
}

/// SWI's `attributes(Mode)` write option. The writer itself only prints the
/// suffix the engine computes for each attributed variable (`{...}`, the
/// attribute term, or the portray hooks' text): it cannot see attributes' hooks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AttrWrite {
    /// Attributed variables look like plain variables (the default).
    #[default]
    Ignore,
    /// `_G1{...}`.
    Dots,
    /// `_G1{att(Module, Value, More)}`.
    Write,
    /// `_G1{Text}` with each module's `attr_portray_hook/2`, else `Module = ...`.
    Portray,
}

fn bool_value(heap: &Heap, v: Cell) -> Result<bool, WriteOptionError> {
    match heap.view(v) {
        View::Var(_) => Err(WriteOptionError::Instantiation),
        View::Atom(atoms::TRUE) => Ok(true),
        View::Atom(atoms::FALSE) => Ok(false),
        _ => Err(WriteOptionError::Type {
            expected: "bool",
            culprit: v,
        }),
    }
}

fn int_value(heap: &Heap, v: Cell) -> Result<i64, WriteOptionError> {
    match heap.view(v) {
        View::Var(_) => Err(WriteOptionError::Instantiation),
        View::Int(i) => Ok(i),
        _ => Err(WriteOptionError::Type {
            expected: "integer",
            culprit: v,
        }),
    }
}

/// Parses a `write_term/2` option list. Options SWI accepts but this writer does not
/// act on (`cycles`, `attributes`, `module`, `blobs`, `partial`, ...) are accepted and
/// ignored, as SWI ignores unknown `Name(Value)` options.
pub fn parse_write_options(
    heap: &Heap,
    list: Cell,
) -> Result<ParsedWriteOptions, WriteOptionError> {
    let items = match heap.list_to_vec(list) {
        Ok(items) => items,
        Err(tail) => {
            return Err(match heap.view(tail) {
                View::Var(_) => WriteOptionError::Instantiation,
                _ => WriteOptionError::Type {
                    expected: "list",
                    culprit: list,
                },
            })
        }
    };
    let mut p = ParsedWriteOptions {
        options: WriteOptions {
            numbervars: false,
            character_escapes_unicode: true,
            ..WriteOptions::write()
        },
        ..Default::default()
    };
    let mut numbervars = None;
    for opt in items {
        let (name, v) = match heap.view(opt) {
            View::Var(_) => return Err(WriteOptionError::Instantiation),
            View::Compound {
                name,
                arity: 1,
                args,
            } => (name, heap.get(args)),
            _ => {
                return Err(WriteOptionError::Type {
                    expected: "option",
                    culprit: opt,
                })
            }
        };
        let o = &mut p.options;
        match name.name() {
            "quoted" => o.quoted = bool_value(heap, v)?,
            "ignore_ops" => o.ignore_ops = bool_value(heap, v)?,
            "numbervars" => numbervars = Some(bool_value(heap, v)?),
            "portray" | "portrayed" => p.portray = bool_value(heap, v)?,
            "dotlists" => o.dotlists = bool_value(heap, v)?,
            "no_lists" => o.no_lists = bool_value(heap, v)?,
            "brace_terms" => o.brace_terms = bool_value(heap, v)?,
            "character_escapes_unicode" => o.character_escapes_unicode = bool_value(heap, v)?,
            "quote_non_ascii" => o.quote_non_ascii = bool_value(heap, v)?,
            "fullstop" => p.fullstop = bool_value(heap, v)?,
            "nl" => p.nl = bool_value(heap, v)?,
            "character_escapes" | "cycles" | "partial" => {
                bool_value(heap, v)?;
            }
            "max_depth" => {
                let n = int_value(heap, v)?;
                // SWI elides everything for a negative depth; the nearest we have is 1.
                o.max_depth = if n < 0 { 1 } else { n as usize };
            }
            "priority" => {
                let n = int_value(heap, v)?;
                if !(0..=1200).contains(&n) {
                    return Err(WriteOptionError::Domain {
                        domain: "operator_priority",
                        culprit: v,
                    });
                }
                o.priority = n as u16;
            }
            "spacing" => match heap.view(v) {
                View::Var(_) => return Err(WriteOptionError::Instantiation),
                View::Atom(a) if a.name() == "standard" => o.spacing_next_argument = false,
                View::Atom(a) if a.name() == "next_argument" => o.spacing_next_argument = true,
                _ => {
                    return Err(WriteOptionError::Domain {
                        domain: "spacing",
                        culprit: v,
                    })
                }
            },
            "variable_names" => p.variable_names = variable_names(heap, v)?,
            "attributes" => {
                p.attributes = match heap.view(v) {
                    View::Var(_) => return Err(WriteOptionError::Instantiation),
                    View::Atom(a) => match a.name() {
                        "ignore" => AttrWrite::Ignore,
                        "dots" => AttrWrite::Dots,
                        "write" => AttrWrite::Write,
                        "portray" => AttrWrite::Portray,
                        _ => return Err(bad_option(list)),
                    },
                    _ => return Err(bad_option(list)),
                }
            }
            _ => {}
        }
    }
    p.options.numbervars = numbervars.unwrap_or(p.portray);
    Ok(p)
}

/// SWI names the whole option list as the culprit of a bad `attributes(_)` value.
fn bad_option(list: Cell) -> WriteOptionError {
    WriteOptionError::Domain {
        domain: "write_option",
        culprit: list,
    }
}

fn variable_names(heap: &Heap, list: Cell) -> Result<Vec<(usize, String)>, WriteOptionError> {
    let items = heap
        .list_to_vec(list)
        .map_err(|tail| match heap.view(tail) {
            View::Var(_) => WriteOptionError::Instantiation,
            _ => WriteOptionError::Type {
                expected: "list",
                culprit: list,
            },
        })?;
    let mut out = Vec::new();
    for it in items {
        let View::Compound {
            name: atoms::EQUALS,
            arity: 2,
            args,
        } = heap.view(it)
        else {
            return Err(WriteOptionError::Type {
                expected: "variable_assignment",
                culprit: it,
            });
        };
        let name_cell = heap.get(args);
        let name: Atom = match heap.view(name_cell) {
            View::Var(_) => return Err(WriteOptionError::Instantiation),
            View::Atom(a) if is_var_name(a.name()) => a,
            _ => {
                return Err(WriteOptionError::Domain {
                    domain: "variable_name",
                    culprit: name_cell,
                })
            }
        };
        // A bound variable has no name to give (SWI skips it).
        if let View::Var(addr) = heap.view(heap.get(args + 1)) {
            out.push((addr, name.name().to_string()));
        }
    }
    Ok(out)
}

impl ParsedWriteOptions {
    /// Writes `t` as `write_term/2` with these options does, including the
    /// variable names, `fullstop` and `nl`. (`portray` is the engine's business.)
    pub fn write(&self, heap: &Heap, ops: &OpTable, t: Cell, out: &mut String) {
        self.write_with_suffixes(heap, ops, t, &AddrMap::default(), out)
    }

    /// [`Self::write`], with `suffixes[addr]` written right after the name of
    /// the variable at `addr` (the attributes of an attributed variable).
    pub fn write_with_suffixes(
        &self,
        heap: &Heap,
        ops: &OpTable,
        t: Cell,
        suffixes: &AddrMap<String>,
        out: &mut String,
    ) {
        if self.variable_names.is_empty() && suffixes.is_empty() {
            write_term(heap, ops, t, &self.options, None, out);
        } else {
            let mut names: AddrMap<&str> = AddrMap::default();
            for (addr, name) in &self.variable_names {
                names.entry(*addr).or_insert(name);
            }
            // A variable given a name is written by its name alone (as SWI).
            let namer = |a: usize| match names.get(&a) {
                Some(name) => Some(name.to_string()),
                None => suffixes
                    .get(&a)
                    .map(|suffix| format!("{}{suffix}", default_var_name(a))),
            };
            write_term(heap, ops, t, &self.options, Some(&namer), out);
        }
        if self.fullstop {
            // The end token must not glue to a symbol-char token before it: `a+ + .`
            if out.chars().next_back().is_some_and(is_symbol_char) {
                out.push(' ');
            }
            out.push('.');
            out.push(if self.nl { '\n' } else { ' ' });
        } else if self.nl {
            out.push('\n');
        }
    }
}

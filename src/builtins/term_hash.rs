//! variant_sha1/2 and variant_hash/2: a hash of a term's shape that is the same
//! for variants (variables are numbered by first occurrence) and, for the SHA-1,
//! different for anything else in practice. The term is serialized by an
//! explicit-stack walk (invariant 1) into bytes that do not depend on atom ids,
//! so hashes are stable across runs; SHA-1 (FIPS 180-4) is written here, a
//! page of code instead of a dependency. The values are not SWI's (its bytes
//! are its own internal layout); only their properties are.
//!
//! Tested by: the unit tests below; tests/prolog/sys_terms.pl.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;
use crate::term::heap::View;
use std::collections::HashMap;

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "variant_sha1(+Term, -SHA1)",
        "SHA1 is a 40-digit hex atom hashing Term so that variants hash alike; attributed variables raise.",
    );
    reg_det(m, "variant_sha1", 2, |m| {
        let bytes = serialize(m, m.regs[0], true)?;
        let hex: String = sha1(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        Ok(m.unify_atom(m.regs[1], Atom::new(&hex)))
    });
    reg_doc(
        m,
        "variant_hash(+Term, -Hash)",
        "Hash is a small non-negative integer, the same for variants of Term.",
    );
    reg_det(m, "variant_hash", 2, |m| {
        let bytes = serialize(m, m.regs[0], false)?;
        let d = sha1(&bytes);
        let h = (i64::from(d[0]) << 16) | (i64::from(d[1]) << 8) | i64::from(d[2]);
        Ok(m.unify_int(m.regs[1], h))
    });
}

fn put_text(out: &mut Vec<u8>, tag: u8, s: &str) {
    out.push(tag);
    out.extend_from_slice(&(s.len() as u64).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// The bytes hashed for `t`: `type_error(acyclic_term, T)` for a cyclic term and,
/// with `no_attvars`, `type_error(free_of_attvar, T)` for one with attributes.
fn serialize(m: &Machine, t: Cell, no_attvars: bool) -> Res<Vec<u8>> {
    let root = m.heap.deref(t);
    if !m.heap.is_acyclic(root) {
        return Err(PErr::Type(Atom::new("acyclic_term"), root));
    }
    let mut vars: HashMap<usize, u64> = HashMap::new();
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(c) = stack.pop() {
        let c = m.heap.deref(c);
        match m.heap.view(c) {
            View::Var(_) => {
                if no_attvars && m.attvar_of(c).is_some() {
                    return Err(PErr::Type(Atom::new("free_of_attvar"), root));
                }
                let n = vars.len() as u64;
                let k = *vars.entry(c.addr()).or_insert(n);
                out.push(b'V');
                out.extend_from_slice(&k.to_le_bytes());
            }
            View::Atom(a) => put_text(&mut out, b'A', a.name()),
            View::Str(s) => put_text(&mut out, b'S', s),
            View::Float(f) => {
                out.push(b'F');
                out.extend_from_slice(&f.to_bits().to_le_bytes());
            }
            View::Int(_) | View::BigInt(_) => put_text(&mut out, b'I', &m.format_number(c)),
            View::Rational(_) => put_text(&mut out, b'R', &m.format_number(c)),
            View::Compound { name, arity, args } => {
                put_text(&mut out, b'C', name.name());
                out.extend_from_slice(&(arity as u64).to_le_bytes());
                for i in (0..arity).rev() {
                    stack.push(m.heap.get(args + i));
                }
            }
        }
    }
    Ok(out)
}

/// SHA-1 of `data` (the `sha1` crate).
pub fn sha1(data: &[u8]) -> [u8; 20] {
    use sha1::Digest;
    sha1::Sha1::digest(data).into()
}

#[cfg(test)]
mod tests {
    fn hex(d: [u8; 20]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha1_test_vectors() {
        assert_eq!(
            hex(super::sha1(b"")),
            "da39a3ee5e6b4b0d3255bfef95601890afd80709"
        );
        assert_eq!(
            hex(super::sha1(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        let long = b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
        assert_eq!(
            hex(super::sha1(long)),
            "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
        );
    }

    /// Each goal must succeed; every one that does not is reported.
    #[test]
    fn goals_hold() {
        let failing = crate::builtins::goals_not_holding(&[
            r#"variant_sha1(f(X, Y, X), H), variant_sha1(f(A, _, A), H), atom_length(H, 40)"#,
            r#"variant_sha1(f(X, Y, X), H), variant_sha1(f(_, _, _), H2), H \== H2"#,
            r#"variant_sha1(f(a), H), variant_sha1(f("a"), H2), H \== H2"#,
            r#"variant_hash(g(X, X), H), variant_hash(g(Y, Y), H), integer(H)"#,
            r#"X = f(X), catch(variant_sha1(X, _), error(type_error(acyclic_term, _), _), true)"#,
            r#"put_attr(V, m, 1), catch(variant_sha1(f(V), _), error(type_error(free_of_attvar, _), _), true)"#,
        ]);
        assert!(failing.is_empty(), "\n{}", failing.join("\n"));
    }
}

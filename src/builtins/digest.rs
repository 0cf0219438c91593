//! The natives under library(sha), library(md5) and library(crypto): message
//! digests (crates sha1, sha2, sha3, md-5), HMAC (crate hmac), digests of
//! files, incremental digests and random bytes (crate getrandom). The
//! libraries check the options and name the algorithm; text becomes bytes
//! here as string_bytes/3 makes them.
//!
//! An incremental context is a string, as SWI's is: one character naming the
//! algorithm, then the hasher's serialized state (digest's SerializableState),
//! one byte per character, so contexts are plain terms that copy, compare
//! and collect like any other; a string that is no context fails.
//!
//! Tested by: tests/prolog/lib_sha.pl (under knightlog and SWI-Prolog).

use super::docs::reg_doc;
use super::reg_det;
use super::text_sys::{text_bytes, Enc};
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::term::atom::Atom;
use crate::term::cell::*;
use crate::term::heap::View;
use sha2::digest::common::hazmat::SerializableState;
use sha2::digest::{Digest, KeyInit, Mac};
use std::io::Read;

/// The algorithms, in the order of their context tag characters.
const NAMES: [&str; 10] = [
    "sha1", "sha224", "sha256", "sha384", "sha512", "md5", "sha3_224", "sha3_256", "sha3_384",
    "sha3_512",
];

/// Runs `$body` with `$D` bound to the hasher type of algorithm number `$alg`.
macro_rules! with_digest {
    ($alg:expr, $D:ident => $body:expr) => {
        match $alg {
            0 => {
                type $D = sha1::Sha1;
                $body
            }
            1 => {
                type $D = sha2::Sha224;
                $body
            }
            2 => {
                type $D = sha2::Sha256;
                $body
            }
            3 => {
                type $D = sha2::Sha384;
                $body
            }
            4 => {
                type $D = sha2::Sha512;
                $body
            }
            5 => {
                type $D = md5::Md5;
                $body
            }
            6 => {
                type $D = sha3::Sha3_224;
                $body
            }
            7 => {
                type $D = sha3::Sha3_256;
                $body
            }
            8 => {
                type $D = sha3::Sha3_384;
                $body
            }
            _ => {
                type $D = sha3::Sha3_512;
                $body
            }
        }
    };
}

pub fn register(m: &mut Machine) {
    reg_doc(
        m,
        "$digest(+Algorithm, +Data, +Encoding, -Bytes)",
        "Bytes is the digest of the bytes of text Data (Encoding utf8 or octet).",
    );
    reg_det(m, "$digest", 4, |m| {
        let alg = algorithm(m, m.regs[0])?;
        let data = data_bytes(m, m.regs[1], m.regs[2])?;
        let out = with_digest!(alg, D => D::digest(&data).to_vec());
        unify_bytes(m, m.regs[3], &out)
    });
    reg_doc(
        m,
        "$hmac(+Algorithm, +Key, +Data, +Encoding, -Bytes)",
        "Bytes is the HMAC of Data with Key (bytes of ISO Latin-1 text) using Algorithm.",
    );
    reg_det(m, "$hmac", 5, |m| {
        let alg = algorithm(m, m.regs[0])?;
        let key = text_bytes(m, m.regs[1], Enc::Latin1)?;
        let data = data_bytes(m, m.regs[2], m.regs[3])?;
        let out = with_digest!(alg, D => {
            let mut mac = <hmac::SimpleHmac<D> as KeyInit>::new_from_slice(&key)
                .map_err(|_| PErr::Domain(Atom::new("hmac_key"), m.arg(1)))?;
            mac.update(&data);
            mac.finalize().into_bytes().to_vec()
        });
        unify_bytes(m, m.regs[4], &out)
    });
    reg_doc(
        m,
        "$digest_file(+Algorithm, +Path, -Bytes)",
        "Bytes is the digest of the content of the file Path (already opened once by the library).",
    );
    reg_det(m, "$digest_file", 3, |m| {
        let alg = algorithm(m, m.regs[0])?;
        let path = m.get_text(m.regs[1], Atom::new("text"))?;
        let unreadable =
            |m: &Machine| PErr::Permission(Atom::new("read"), Atom::new("source_sink"), m.arg(1));
        let mut file = std::fs::File::open(&path).map_err(|_| unreadable(m))?;
        let mut buf = vec![0u8; 1 << 16];
        let out = with_digest!(alg, D => {
            let mut h = D::new();
            loop {
                match file.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => Digest::update(&mut h, &buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return Err(unreadable(m)),
                }
            }
            h.finalize().to_vec()
        });
        unify_bytes(m, m.regs[2], &out)
    });
    reg_doc(
        m,
        "$digest_ctx_new(+Algorithm, -Context)",
        "Context is the empty incremental digest context of Algorithm.",
    );
    reg_det(m, "$digest_ctx_new", 2, |m| {
        let alg = algorithm(m, m.regs[0])?;
        let state = with_digest!(alg, D => D::new().serialize().to_vec());
        unify_ctx(m, m.regs[1], alg, &state)
    });
    reg_doc(
        m,
        "$digest_ctx_update(+Context0, +Data, +Encoding, -Context, -Bytes)",
        "Context is Context0 after also hashing Data; Bytes is the digest so far. Fails if Context0 is no context.",
    );
    reg_det(m, "$digest_ctx_update", 5, |m| {
        let Some((alg, state)) = ctx_of(m, m.regs[0]) else {
            return Ok(false);
        };
        let data = data_bytes(m, m.regs[1], m.regs[2])?;
        let r = with_digest!(alg, D => {
            let Ok(arr) = (&state[..]).try_into() else {
                return Ok(false);
            };
            let Ok(mut h) = D::deserialize(arr) else {
                return Ok(false);
            };
            Digest::update(&mut h, &data);
            (h.serialize().to_vec(), h.finalize().to_vec())
        });
        let (state, out) = r;
        Ok(unify_ctx(m, m.regs[3], alg, &state)? && unify_bytes(m, m.regs[4], &out)?)
    });
    reg_doc(
        m,
        "$random_bytes(+N, -Bytes)",
        "Bytes is a list of N random bytes from the operating system.",
    );
    reg_det(m, "$random_bytes", 2, |m| {
        let n = m.get_nonneg(m.regs[0])?;
        let mut buf = vec![0u8; n];
        getrandom::getrandom(&mut buf).map_err(|_| PErr::Resource(Atom::new("random")))?;
        unify_bytes(m, m.regs[1], &buf)
    });
}

fn algorithm(m: &Machine, c: Cell) -> Res<usize> {
    let a = m.get_atom(c)?;
    NAMES
        .iter()
        .position(|&n| n == a.name())
        .ok_or_else(|| PErr::Domain(Atom::new("algorithm"), m.heap.deref(c)))
}

/// The bytes of text `data`: UTF-8 for `utf8`, ISO Latin-1 for `octet`.
fn data_bytes(m: &Machine, data: Cell, enc: Cell) -> Res<Vec<u8>> {
    let e = m.get_atom(enc)?;
    let enc = match e.name() {
        "utf8" => Enc::Utf8,
        "octet" => Enc::Latin1,
        _ => return Err(PErr::Domain(Atom::new("encoding"), m.heap.deref(enc))),
    };
    text_bytes(m, data, enc)
}

fn unify_bytes(m: &mut Machine, c: Cell, bytes: &[u8]) -> Res {
    let items: Vec<Cell> = bytes.iter().map(|&b| Cell::small_int(b.into())).collect();
    let l = m.make_list(&items);
    Ok(m.unify(c, l))
}

fn unify_ctx(m: &mut Machine, c: Cell, alg: usize, state: &[u8]) -> Res {
    let mut s = String::with_capacity(state.len() + 1);
    s.push(char::from(b'a' + alg as u8));
    s.extend(state.iter().map(|&b| char::from(b)));
    let st = m.heap.new_string(&s);
    Ok(m.unify(c, st))
}

/// The algorithm and state bytes of a context string.
fn ctx_of(m: &Machine, c: Cell) -> Option<(usize, Vec<u8>)> {
    let c = m.heap.deref(c);
    let View::Str(s) = m.heap.view(c) else {
        return None;
    };
    let mut chars = s.chars();
    let alg = (chars.next()? as u32).checked_sub(u32::from(b'a'))? as usize;
    if alg >= NAMES.len() {
        return None;
    }
    let state: Option<Vec<u8>> = chars.map(|ch| u8::try_from(u32::from(ch)).ok()).collect();
    Some((alg, state?))
}

#[cfg(test)]
mod tests {
    use sha2::digest::Digest;

    #[test]
    fn fips_180_abc() {
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        assert_eq!(
            hex(&sha1::Sha1::digest(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            hex(&sha2::Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

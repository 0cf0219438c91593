//! Property tests: writeq/1 and write_canonical/1 output read back gives a
//! variant of the written term (operators, quoted atoms, negative numbers,
//! strings, special floats, big integers, shared variables).

use crate::props_common;
use props_common::{check_all, term};

const CASES: u32 = 500;

#[test]
fn writeq_then_read_gives_a_variant() {
    check_all(CASES, term(), |a| {
        format!(
            "T = ({a}), format(atom(S), '~q', [T]), \
             term_to_atom(R, S), R =@= T"
        )
    });
}

#[test]
fn write_canonical_then_read_gives_a_variant() {
    check_all(CASES, term(), |a| {
        format!(
            "T = ({a}), with_output_to(string(S), write_canonical(T)), \
             term_string(R, S), R =@= T"
        )
    });
}

//! Property tests for the standard order of terms: a total order, consistent
//! with ==, and what msort/2 and sort/2 produce.

use crate::props_common;
use props_common::{check_all, term};

const CASES: u32 = 300;

/// compare/3 is antisymmetric and `=` exactly when the terms are identical.
#[test]
fn compare_is_antisymmetric_and_consistent_with_identity() {
    check_all(CASES, (term(), term()), |(a, b)| {
        format!(
            "A = ({a}), B = ({b}), compare(O1, A, B), compare(O2, B, A), opposite(O1, O2), \
             ( O1 == (=) -> A == B ; A \\== B ), compare(=, A, A)"
        )
    });
}

/// Transitivity over three terms, via sorting: msort/2 gives a list that is
/// ordered pairwise and a permutation of its input.
#[test]
fn the_order_is_total_and_transitive() {
    check_all(CASES, (term(), term(), term()), |(a, b, c)| {
        format!(
            "L = [({a}), ({b}), ({c})], msort(L, [P, Q, R]), \
             P @=< Q, Q @=< R, P @=< R, \
             msort([R, P, Q], [P1, Q1, R1]), P1 == P, Q1 == Q, R1 == R, \
             forall(member(E, L), (member(F, [P, Q, R]), E == F)), \
             sort(L, S), length(S, N), N =< 3, \
             ( (P @< Q, Q @< R) -> P @< R ; true )"
        )
    });
}

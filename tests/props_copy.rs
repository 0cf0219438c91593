//! Property tests for copy_term/2: the copy is a variant with fresh variables.

use crate::props_common;
use props_common::{check_all, term};

const CASES: u32 = 300;

#[test]
fn copy_term_gives_a_variant_with_fresh_variables() {
    check_all(CASES, term(), |a| {
        format!(
            "T = ({a}), copy_term(T, C), T =@= C, disjoint_vars(T, C), \
             term_variables(T, VT), term_variables(C, VC), \
             length(VT, N), length(VC, N), \
             ( ground(T) -> T == C ; true )"
        )
    });
}

/// Binding the copy's variables leaves the original untouched.
#[test]
fn binding_the_copy_leaves_the_original() {
    check_all(CASES, term(), |a| {
        format!(
            "T = ({a}), copy_term(T, T0), copy_term(T, C), \
             term_variables(C, Vs), maplist(=(bound), Vs), T =@= T0"
        )
    });
}

//! Property tests for unification: symmetric, the result is a unifier,
//! idempotent, and agreeing with the occurs-check variant on finite results.

use crate::props_common;
use props_common::{check_all, term};

const CASES: u32 = 300;

/// A = B and B = A give variant results (the pair is copied so both
/// directions start from the same terms, shared variables included).
#[test]
fn unification_is_symmetric() {
    check_all(CASES, (term(), term()), |(a, b)| {
        format!(
            "P = ({a})-({b}), copy_term(P, A1-B1), copy_term(P, A2-B2), \
             ( A1 = B1 -> R1 = yes(A1-B1) ; R1 = no ), \
             ( B2 = A2 -> R2 = yes(A2-B2) ; R2 = no ), \
             R1 =@= R2"
        )
    });
}

/// After A = B succeeds, A == B; unifying again binds nothing more.
#[test]
fn the_result_is_an_idempotent_unifier() {
    check_all(CASES, (term(), term()), |(a, b)| {
        format!(
            "A = ({a}), B = ({b}), \
             ( A = B -> A == B, copy_term(A-B, Before), A = B, A-B =@= Before, \
                        term_variables(A-B, V1), A = B, term_variables(A-B, V2), V1 == V2 \
             ; \\+ A = B )"
        )
    });
}

/// A term unifies with itself and with a renamed copy of itself.
#[test]
fn a_term_unifies_with_its_copy() {
    check_all(CASES, term(), |a| {
        format!("A = ({a}), copy_term(A, C), A = C, A == C, A = A")
    });
}

/// Where unify_with_occurs_check succeeds, plain unification succeeds with
/// the same result; where plain unification fails, so does the checked one.
#[test]
fn occurs_check_agrees_with_plain_unification() {
    check_all(CASES, (term(), term()), |(a, b)| {
        format!(
            "P = ({a})-({b}), copy_term(P, A1-B1), copy_term(P, A2-B2), \
             ( unify_with_occurs_check(A1, B1) -> A2 = B2, A1-B1 =@= A2-B2 \
             ; true ), \
             ( \\+ A2 = B2 -> \\+ unify_with_occurs_check(A1, B1) ; true )"
        )
    });
}

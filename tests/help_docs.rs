//! help/1's descriptions (issue 18): every builtin and library predicate a
//! user can call has a one-line mode and description, registered beside it
//! (`reg_doc` in builtins/*.rs, `'$doc'` in lib/*.pl); apropos/1 searches
//! the descriptions.

use knightlog::toplevel::session::Session;

/// The system and library predicates a user may call that have no
/// description, as `name/arity`.
fn undocumented(s: &Session) -> Vec<String> {
    let m = &s.m;
    let mut missing: Vec<String> = m
        .preds
        .iter()
        .filter(|p| {
            (p.builtin
                || p.library
                || !matches!(p.kind, knightlog::engine::pred::PredKind::Clauses))
                && p.is_defined()
                && !p.hidden
                && !p.name.name().starts_with('$')
                && knightlog::builtins::docs::doc_of(m, p.name, p.arity).is_none()
        })
        .map(|p| format!("{}/{}", p.name.name(), p.arity))
        .collect();
    missing.sort();
    missing.dedup();
    missing
}

/// The predicates still waiting for their description (issue 18): a list
/// that only shrinks. A predicate added without a description fails the
/// test; one documented must leave the list.
const BACKLOG: &str = include_str!("help_undocumented.txt");

#[test]
fn every_visible_predicate_has_a_description() {
    let s = Session::new();
    let missing = undocumented(&s);
    let backlog: Vec<&str> = BACKLOG
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('%'))
        .collect();
    let new: Vec<&String> = missing
        .iter()
        .filter(|p| !backlog.contains(&p.as_str()))
        .collect();
    let done: Vec<&&str> = backlog
        .iter()
        .filter(|p| !missing.iter().any(|m| m == **p))
        .collect();
    assert!(
        new.is_empty(),
        "predicates without a description (reg_doc beside the registration, '$doc' in lib/*.pl):\n{new:?}"
    );
    assert!(
        done.is_empty(),
        "documented now: take them out of tests/help_undocumented.txt:\n{done:?}"
    );
}

#[test]
fn apropos_searches_descriptions_not_only_names() {
    let mut s = Session::new();
    s.first("apropos('new line').");
    let out = s.output();
    assert!(
        out.contains("nl(+Stream)\n    Write a new line to Stream."),
        "{out}"
    );
    assert!(out.contains("writeln(@Term)"), "{out}");
    assert!(!out.contains("member("), "{out}");
}

#[test]
fn help_on_a_name_shows_every_arity_and_an_unknown_name_says_so() {
    let mut s = Session::new();
    s.first("help(format).");
    let out = s.output();
    let at = |t: &str| out.find(t).unwrap_or_else(|| panic!("{t} not in {out}"));
    assert!(
        at("format(+Format)\n") < at("format(+Format, :Arguments)")
            && at("format(+Format, :Arguments)") < at("format(+Output, +Format, :Arguments)"),
        "{out}"
    );
    s.first("help(no_such_thing_here).");
    assert_eq!(
        s.errors(),
        "Warning: No help for no_such_thing_here.\nWarning: Use ?- apropos(query). to search for candidates.\n"
    );
}

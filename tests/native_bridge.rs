//! The native search against the interpreter running the paper's program: the same tour and a
//! node count equal to the number of `go/3` calls, counted by a wrapper around go/3 (the
//! program's own clauses, renamed), on small boards of several shapes from every start square.
//! The 8x8 `[1,8]` case (50 s of interpretation) is part of the slow first-tour test in
//! `programs_vs_swi.rs`, which uses `counted_program` from here.
//! Also the bridge builtins `native_tour/3,4`, `native_check/3`, `tour_svg/2,3`, `tour_ps/2`.

use crate::native_support;

use knightlog::knights::solvers::dfs::{self, DfsOptions};
use knightlog::knights::{Board, Square};
use knightlog::toplevel::session::Session;
use native_support::counted_program;

/// Interpreter's first tour and go/3 calls for one start, via the counting program.
fn interpreted(s: &mut Session, file: u32, rank: u32) -> (String, u64) {
    let q = format!(
        "nb_setval(go_calls, 0), (knight_tour([{file},{rank}], T) -> true ; T = none), \
         nb_getval(go_calls, N), write(T-N)."
    );
    s.first(&q);
    let out = s.output();
    let (t, n) = out
        .rsplit_once('-')
        .unwrap_or_else(|| panic!("unexpected output of {q}: {out}"));
    (t.to_string(), n.trim().parse().expect("N is a count"))
}

fn native(w: u32, h: u32, file: u32, rank: u32) -> (String, u64) {
    let board = Board::new(w, h).unwrap();
    let r = dfs::search(board, Square::new(file, rank), &DfsOptions::default()).unwrap();
    let tour = match r.tours.first() {
        Some(t) => {
            let squares: Vec<String> = t.squares().iter().map(|s| s.to_pair()).collect();
            format!("[{}]", squares.join(","))
        }
        None => "none".to_string(),
    };
    (tour, r.nodes)
}

#[test]
#[ignore = "slow tier: the Prolog search node for node on small boards (about 8 s)"]
fn native_dfs_is_the_programs_search_node_for_node_on_small_boards() {
    let mut checked = 0;
    for (w, h) in [(3, 4), (4, 3), (4, 5), (5, 4), (5, 5)] {
        let dir = counted_program(w, h);
        let mut s = Session::new();
        let file = dir.join("knight_tour.pl");
        assert_eq!(s.first(&format!("consult('{}').", file.display())), "true");
        for rank in 1..=h {
            for file in 1..=w {
                let (want_tour, want_nodes) = native(w, h, file, rank);
                // Exhaustive searches of 5x5 from squares with no tour run to millions of
                // nodes; the interpreter checks those beyond 300,000 in the slow tests only.
                if want_nodes > 300_000 {
                    continue;
                }
                let got = interpreted(&mut s, file, rank);
                assert_eq!(
                    got,
                    (want_tour, want_nodes),
                    "{w}x{h} from [{file},{rank}]: interpreter (tour, go/3 calls) vs native"
                );
                checked += 1;
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(checked >= 50, "only {checked} start squares compared");
}

#[test]
fn native_tour_builtin_answers_like_the_library() {
    let mut s = Session::new();
    // dfs from a1 on 5x5: the native library's first tour and node count.
    let (tour, nodes) = native(5, 5, 1, 1);
    s.first("native_tour(5, a1, [nodes(N)], T), write(N/T).");
    assert_eq!(s.output(), format!("{nodes}/{tour}"));
    // No tour from b1 on 5x5 (colour argument): failure, not an error.
    assert_eq!(s.first("native_tour(5, [2,1], T)."), "false");
    // Every method gives a valid tour of the asked kind, checked by native_check/3 (the
    // methods are `knights tour --method`'s, through the same dispatch).
    crate::table::each(
        [
            ("auto", "false", "open"),
            ("auto", "true", "closed"),
            ("warnsdorff", "false", "open"),
            ("warnsdorff", "true", "closed"),
            ("divide", "true", "closed"),
            ("neural", "true", "closed"),
        ],
        |(method, closed, kind)| {
            let q = format!(
                "native_tour(6-5, [1,1], [method({method}), closed({closed})], T), \
             length(T, L), T = [F|_], native_check(6-5, T, K)."
            );
            let a = s.first(&q);
            assert!(
                a.contains("L = 30")
                    && a.contains("F = [1, 1]")
                    && a.ends_with(&format!("K = {kind}")),
                "{q}\n{a}"
            );
        },
    );
    // native_check/3 refuses a non-tour.
    assert_eq!(s.first("native_check(8, [[1,1],[1,2]], K)."), "false");
}

#[test]
fn native_builtins_validate_their_arguments() {
    let mut s = Session::new();
    crate::table::each(
        [
            ("native_tour(_, a1, T)", "instantiation_error"),
            ("native_tour(0, a1, T)", "domain_error(board_size, 0)"),
            ("native_tour(8-foo, a1, T)", "type_error(integer, foo)"),
            ("native_tour(8, j9, T)", "domain_error(square_on_board, j9)"),
            ("native_tour(8, [1], T)", "domain_error(square, [1])"),
            (
                "native_tour(8, a1, [speed(3)], T)",
                "domain_error(native_tour_option, speed(3))",
            ),
            (
                "native_tour(8, a1, [method(magic)], T)",
                "domain_error(tour_method, magic)",
            ),
            (
                "native_tour(8, a1, [closed(maybe)], T)",
                "type_error(bool, maybe)",
            ),
            ("native_tour(8, a1, foo, T)", "type_error(list, foo)"),
            (
                "tour_svg([[1,1],[3,3]], '/nonexistent/x.svg')",
                "domain_error(native_tour",
            ),
            ("tour_svg([[1,1],[2,3]], _)", "instantiation_error"),
        ],
        |(goal, error)| {
            let a = s.first(&format!("catch({goal}, error(E, _), true)."));
            assert!(a.starts_with(&format!("E = {error}")), "{goal}: {a}");
        },
    );
}

#[test]
fn tour_pictures_are_written() {
    let dir = std::env::temp_dir().join(format!("knightlog-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("t.svg");
    let ps = dir.join("t.ps");
    let mut s = Session::new();
    let q = format!(
        "native_tour(8, [1,8], T), tour_svg(T, '{}'), tour_svg(T, '{}', [numbers(false)]), \
         tour_ps(T, '{}').",
        svg.display(),
        dir.join("plain.svg").display(),
        ps.display()
    );
    assert!(s.first(&q).starts_with("T = [[1, 8], [3, 7]"));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains("from a8 to h2"),
        "{text}"
    );
    assert!(text.contains(">64<"), "move numbers drawn");
    let plain = std::fs::read_to_string(dir.join("plain.svg")).unwrap();
    assert!(!plain.contains(">64<"), "numbers(false) leaves them out");
    let page = std::fs::read_to_string(&ps).unwrap();
    assert!(page.starts_with("%!PS"));
    let _ = std::fs::remove_dir_all(&dir);
}

//! Tours between two given squares (`knights tour --end`): on small boards every pair of squares
//! against an independent brute-force enumeration of all tours; on 8 x 8 every pair the theory
//! allows; large boards; the refusals and their reasons.

use crate::knights_cli::{knights, text};
use knightlog::knights::solvers::ends;
use knightlog::knights::{Board, KnightsError, Square};
use std::collections::BTreeSet;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Every (start, end) pair of some open tour, by plain recursion over all paths.
fn brute_force_pairs(b: Board) -> BTreeSet<(u32, u32)> {
    fn walk(b: Board, path: &mut Vec<u32>, seen: &mut [bool], out: &mut BTreeSet<(u32, u32)>) {
        let last = path[path.len() - 1];
        if path.len() == b.area() as usize {
            out.insert((path[0], last));
            return;
        }
        for to in 0..b.area() {
            if !seen[to as usize] && b.is_knight_move(last, to) {
                seen[to as usize] = true;
                path.push(to);
                walk(b, path, seen, out);
                path.pop();
                seen[to as usize] = false;
            }
        }
    }
    let mut out = BTreeSet::new();
    for s in 0..b.area() {
        let mut seen = vec![false; b.area() as usize];
        seen[s as usize] = true;
        walk(b, &mut vec![s], &mut seen, &mut out);
    }
    out
}

#[test]
fn every_pair_on_small_boards_agrees_with_brute_force() {
    for (w, h) in [(3, 4), (4, 3), (4, 5), (5, 5), (3, 7)] {
        let b = board(w, h);
        let pairs = brute_force_pairs(b);
        assert!(!pairs.is_empty());
        for s in 0..b.area() {
            for e in 0..b.area() {
                let got = ends::tour(b, b.square(s), b.square(e), false);
                match (&got, pairs.contains(&(s, e))) {
                    (Ok((t, _)), true) => {
                        assert_eq!((t.start(), t.end()), (b.square(s), b.square(e)));
                    }
                    (Err(KnightsError::NoTourFromStart { .. }), false) => {}
                    (got, expected) => panic!(
                        "{b} {} -> {}: expected a tour: {expected}, got {:?}",
                        b.square(s),
                        b.square(e),
                        got.as_ref().map(|(_, note)| note)
                    ),
                }
            }
        }
    }
}

#[test]
fn every_pair_of_opposite_colours_on_8x8() {
    let b = board(8, 8);
    for s in 0..64 {
        for e in (0..64).filter(|&e| b.colour(e) != b.colour(s)) {
            let (t, _) = ends::tour(b, b.square(s), b.square(e), false)
                .unwrap_or_else(|err| panic!("{} -> {}: {err}", b.square(s), b.square(e)));
            assert_eq!((t.start(), t.end()), (b.square(s), b.square(e)));
            // A knight's move apart: the tour is closed.
            assert_eq!(t.is_closed(), b.is_knight_move(s, e));
        }
    }
}

#[test]
fn large_boards_from_corner_to_corner_and_across() {
    for (w, h, s, e) in [
        (1000, 1000, Square::new(1, 1), Square::new(1, 1000)),
        (101, 99, Square::new(1, 1), Square::new(101, 99)),
        (3, 400, Square::new(1, 1), Square::new(3, 400)),
        (4, 300, Square::new(1, 1), Square::new(4, 299)),
        (60, 60, Square::new(30, 30), Square::new(31, 32)),
    ] {
        let b = board(w, h);
        let (t, note) = ends::tour(b, s, e, false).unwrap_or_else(|err| panic!("{b}: {err}"));
        assert_eq!((t.start(), t.end()), (s, e), "{b}: {note}");
    }
}

#[test]
fn refusals_give_the_theorem() {
    let why = |w, h, s, e, closed| {
        ends::tour(board(w, h), s, e, closed)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let e = why(8, 8, Square::new(1, 1), Square::new(8, 8), false);
    assert!(
        e.contains("changes the colour") && e.contains("same colour"),
        "{e}"
    );
    let e = why(8, 8, Square::new(4, 4), Square::new(4, 5), true);
    assert!(e.contains("not a knight's move from d4"), "{e}");
    // An inner line of a side of 4 is no tour's end.
    let e = why(4, 9, Square::new(1, 1), Square::new(2, 9), false);
    assert!(
        e.contains("none ends at b9") && e.contains("side of 4"),
        "{e}"
    );
    // The minority colour of an odd board.
    let e = why(5, 5, Square::new(1, 1), Square::new(2, 1), false);
    assert!(
        e.contains("none ends at b1") && e.contains("odd number"),
        "{e}"
    );
    let e = why(5, 5, Square::new(1, 1), Square::new(1, 1), false);
    assert!(e.contains("cannot start and end there"), "{e}");
    let e = why(4, 4, Square::new(1, 1), Square::new(4, 4), false);
    assert!(e.contains("Conrad"), "{e}");
}

#[test]
fn the_command_takes_an_end_square() {
    let o = knights(&[
        "tour", "--board", "8x8", "--start", "d4", "--end", "e6", "--closed",
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("closed tour of 8x8 from d4 to e6"), "{err}");
    // d4 holds 1 and e6 holds 64 in the board of move numbers.
    let rows: Vec<Vec<u32>> = out
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .collect();
    assert_eq!((rows[8 - 4][3], rows[8 - 6][4]), (1, 64));
    let o = knights(&["tour", "--board", "8x8", "--start", "a1", "--end", "h8"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("same colour"));
    let o = knights(&[
        "tour",
        "--board",
        "8x8",
        "--end",
        "h8",
        "--method",
        "warnsdorff",
    ]);
    assert!(text(&o).1.contains("leave --method at auto"));
}

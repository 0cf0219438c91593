//! The native depth-first search against the paper and against an independent recursive
//! reference written straight from the Prolog clauses.

use knightlog::knights::solvers::dfs::{self, DfsOptions, Flow};
use knightlog::knights::{Board, MoveOrder, Square};

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// `go(Current, Path, Z)` transcribed as plain recursion over `[File,Rank]` pairs, with its own
/// bounds test and list membership, sharing no code with the library. It records every call
/// (the node's partial path, newest square last) and stops after `want` solutions.
struct Reference {
    w: i32,
    h: i32,
    moves: Vec<(i32, i32)>,
    calls: Vec<Vec<(i32, i32)>>,
    solutions: Vec<Vec<(i32, i32)>>,
    want: usize,
}

impl Reference {
    fn go(&mut self, current: (i32, i32), path: &mut Vec<(i32, i32)>) -> bool {
        path.push(current);
        self.calls.push(path.clone());
        // First clause: Z = [Current|Path]; then length(Z, W*H).
        if path.len() == (self.w * self.h) as usize {
            self.solutions.push(path.clone());
            if self.solutions.len() == self.want {
                return true;
            }
        }
        // Second clause: knight_move, \+ member, recurse.
        for i in 0..self.moves.len() {
            let (dx, dy) = self.moves[i];
            let next = (current.0 + dx, current.1 + dy);
            let on_board = next.0 >= 1 && next.0 <= self.w && next.1 >= 1 && next.1 <= self.h;
            if on_board && !path.contains(&next) && self.go(next, path) {
                return true;
            }
        }
        path.pop();
        false
    }
}

fn reference(w: u32, h: u32, start: (i32, i32), want: usize, order: MoveOrder) -> Reference {
    let mut r = Reference {
        w: w as i32,
        h: h as i32,
        moves: order.offsets().to_vec(),
        calls: Vec::new(),
        solutions: Vec::new(),
        want,
    };
    let mut path = Vec::new();
    r.go(start, &mut path);
    r
}

fn native_calls(
    b: Board,
    start: Square,
    order: MoveOrder,
    want: usize,
) -> (Vec<Vec<(i32, i32)>>, u64) {
    let mut calls = Vec::new();
    let mut found = 0;
    let (nodes, _) = dfs::walk(b, start, order, |path| {
        calls.push(
            path.iter()
                .map(|&i| {
                    let s = b.square(i);
                    (s.file as i32, s.rank as i32)
                })
                .collect(),
        );
        if path.len() == b.area() as usize {
            found += 1;
            if found == want {
                return Flow::Stop;
            }
        }
        Flow::Continue
    })
    .unwrap_or_else(|e| panic!("{e}"));
    (calls, nodes)
}

#[test]
fn visiting_order_and_node_count_match_the_recursive_reference() {
    let cases = [
        (5, 5, (1, 1), 1),
        (5, 5, (1, 1), 3),
        (5, 5, (3, 3), 2),
        (3, 4, (1, 1), 2),
        (4, 3, (2, 2), 1),
        (3, 3, (1, 1), 1),
        (4, 4, (1, 1), 1),
        (1, 1, (1, 1), 1),
        (2, 5, (1, 1), 1),
    ];
    crate::table::each(cases, |(w, h, start, want)| {
        let order = MoveOrder::default();
        let r = reference(w, h, start, want, order);
        let b = board(w, h);
        let s = Square::new(start.0 as u32, start.1 as u32);
        let (calls, nodes) = native_calls(b, s, order, want);
        assert_eq!(nodes as usize, r.calls.len(), "{w}x{h} from {start:?}");
        assert!(
            calls == r.calls,
            "visiting order differs on {w}x{h} from {start:?}"
        );
        let result = dfs::search(
            b,
            s,
            &DfsOptions {
                solutions: want,
                ..DfsOptions::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(result.nodes as usize, r.calls.len());
        assert_eq!(result.tours.len(), r.solutions.len());
        for (t, sol) in result.tours.iter().zip(&r.solutions) {
            let mine: Vec<(i32, i32)> = t
                .squares()
                .iter()
                .map(|s| (s.file as i32, s.rank as i32))
                .collect();
            assert_eq!(&mine, sol);
        }
    });
}

#[test]
fn other_move_orders_match_the_reference_too() {
    let order = MoveOrder::parse("(2,1),(1,2),(-1,2),(-2,1),(-2,-1),(-1,-2),(1,-2),(2,-1)")
        .unwrap_or_else(|e| panic!("{e}"));
    let r = reference(5, 5, (1, 1), 2, order);
    let (calls, nodes) = native_calls(board(5, 5), Square::new(1, 1), order, 2);
    assert_eq!(nodes as usize, r.calls.len());
    assert!(calls == r.calls);
}

#[test]
fn five_by_five_corner_counts() {
    // All tours from a1 on 5x5: 304 directed open tours start at a corner (1728 in all, A165134).
    let opts = DfsOptions {
        solutions: usize::MAX,
        ..DfsOptions::default()
    };
    let r = dfs::search(board(5, 5), Square::new(1, 1), &opts).unwrap_or_else(|e| panic!("{e}"));
    assert!(r.exhausted);
    assert_eq!(r.tours.len(), 304);
}

/// The paper's Figure 2: the first solution from [1,8] ends at [8,2].
#[test]
fn paper_first_tour_from_1_8_ends_at_8_2() {
    let b = board(8, 8);
    let r =
        dfs::search(b, Square::new(1, 8), &DfsOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.tours.len(), 1);
    let t = &r.tours[0];
    assert_eq!(t.start(), Square::new(1, 8));
    assert_eq!(t.end(), Square::new(8, 2));
    eprintln!("8x8 from [1,8]: first tour after {} go/3 calls", r.nodes);
}

//! Seed 001's queen-on-d5 puzzle: the optimal walk is legal, covers every safe square, and its
//! length is confirmed by a second exact method written here independently (branch and bound
//! over visiting orders with a spanning-tree bound); the fixed-order walk is the sum of its
//! legs; the greedy walk of `programs/jump_closest.pl` (58 moves) is longer.

use knightlog::knights::io::render::{walk_postscript, walk_svg, SvgOptions};
use knightlog::knights::solvers::puzzle::{distances, QueenPuzzle};
use knightlog::knights::{Board, Square};
use knightlog::toplevel::session::Session;
use std::collections::HashMap;

fn safe(x: i32, y: i32) -> bool {
    // The seed's valid/1, literally.
    (1..=8).contains(&x) && (1..=8).contains(&y) && x != 4 && y != 5 && x + y != 9 && y - x != 1
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

#[test]
fn the_optimal_walk_is_legal_and_covers_every_safe_square() {
    let s = QueenPuzzle::default()
        .solve()
        .unwrap_or_else(|e| panic!("{e}"));
    let sq = s.walk.squares();
    assert_eq!(sq[0], Square::new(8, 8));
    for w in sq.windows(2) {
        let (dx, dy) = (
            w[1].file as i32 - w[0].file as i32,
            w[1].rank as i32 - w[0].rank as i32,
        );
        assert!(KNIGHT.contains(&(dx, dy)), "{:?} -> {:?}", w[0], w[1]);
        assert!(
            safe(w[1].file as i32, w[1].rank as i32),
            "{:?} is attacked",
            w[1]
        );
    }
    let mut seen = std::collections::HashSet::new();
    seen.extend(sq.iter().map(|s| (s.file as i32, s.rank as i32)));
    let all: Vec<(i32, i32)> = (1..=8)
        .flat_map(|x| (1..=8).map(move |y| (x, y)))
        .filter(|&(x, y)| safe(x, y))
        .collect();
    assert_eq!(all.len(), 36);
    assert!(all.iter().all(|p| seen.contains(p)));
    assert_eq!(s.walk.moves(), sq.len() - 1);
    assert_eq!(s.walk.moves(), 46);
}

/// A second exact method: shortest walks visit the squares in some order along shortest
/// paths, so the optimum is the least sum of distances over visiting orders. Branch and
/// bound over orders of all 35 squares (dead ends included, no reduction), pruned by the
/// best cost seen for the same (square, set) pair and by a lower bound: a minimum spanning
/// tree over the squares left plus one move for every dead end left but one (deleting each
/// dead end's return move from a walk leaves a walk that, with the dead ends' edges, spans
/// the squares left).
fn branch_and_bound() -> usize {
    let pts: Vec<(i32, i32)> = (1..=8)
        .flat_map(|x| (1..=8).map(move |y| (x, y)))
        .filter(|&(x, y)| safe(x, y))
        .collect();
    let n = pts.len();
    let idx: HashMap<(i32, i32), usize> = pts.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let bfs = |s: usize| {
        let mut row = vec![u32::MAX; n];
        row[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            let (x, y) = pts[u];
            for (dx, dy) in KNIGHT {
                if let Some(&v) = idx.get(&(x + dx, y + dy)) {
                    if row[v] == u32::MAX {
                        row[v] = row[u] + 1;
                        queue.push_back(v);
                    }
                }
            }
        }
        row
    };
    let d: Vec<Vec<u32>> = (0..n).map(bfs).collect();
    let start = idx[&(8, 8)];
    let full: u64 = (1 << n) - 1;
    let dead_ends: u64 = (0..n)
        .filter(|&v| v != start && (0..n).filter(|&u| d[v][u] == 1).count() == 1)
        .fold(0, |m, v| m | 1 << v);
    let mst = |cur: usize, left: u64| -> u32 {
        // Prim over {cur} and the squares left.
        let mut key: Vec<u32> = (0..n).map(|v| d[cur][v]).collect();
        let mut todo = left;
        let mut total = 0;
        while todo != 0 {
            let v = (0..n)
                .filter(|&v| todo >> v & 1 == 1)
                .min_by_key(|&v| key[v])
                .unwrap_or(0);
            total += key[v];
            todo &= !(1 << v);
            for u in 0..n {
                key[u] = key[u].min(d[v][u]);
            }
        }
        total
    };
    let mut best = u32::MAX;
    let mut memo: HashMap<(usize, u64), u32> = HashMap::new();
    let mut stack = vec![(start, 1u64 << start, 0u32)];
    while let Some((cur, seen, cost)) = stack.pop() {
        if seen == full {
            best = best.min(cost);
            continue;
        }
        let left = full & !seen;
        let extra = (left & dead_ends).count_ones().saturating_sub(1);
        if cost + mst(cur, left) + extra >= best {
            continue;
        }
        match memo.get(&(cur, seen)) {
            Some(&c) if c <= cost => continue,
            _ => {
                memo.insert((cur, seen), cost);
            }
        }
        let mut next: Vec<usize> = (0..n).filter(|&v| seen >> v & 1 == 0).collect();
        // Farthest pushed first, so the nearest is tried first.
        next.sort_by_key(|&v| std::cmp::Reverse(d[cur][v]));
        for v in next {
            stack.push((v, seen | 1 << v, cost + d[cur][v]));
        }
    }
    best as usize
}

#[test]
fn a_second_exact_method_agrees_on_the_optimum() {
    let s = QueenPuzzle::default()
        .solve()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(branch_and_bound(), s.walk.moves());
}

#[test]
fn the_fixed_order_walk_is_the_sum_of_shortest_legs() {
    let p = QueenPuzzle::default();
    let f = p.fixed_order().unwrap_or_else(|e| panic!("{e}"));
    let board = Board::new(8, 8).unwrap_or_else(|e| panic!("{e}"));
    let forbidden = p.forbidden();
    // Targets right to left, top to bottom, and each leg's length is its distance.
    let mut sum = 0;
    let mut at = board.index_unchecked(Square::new(8, 8));
    let mut targets = Vec::new();
    for rank in (1..=8).rev() {
        for file in (1..=8).rev() {
            if safe(file, rank) {
                targets.push(Square::new(file as u32, rank as u32));
            }
        }
    }
    assert_eq!(f.legs.iter().map(|l| l.0).collect::<Vec<_>>(), targets);
    for t in targets {
        let ti = board.index_unchecked(t);
        sum += distances(board, &forbidden, at)[ti as usize] as usize;
        at = ti;
    }
    assert_eq!(f.walk.moves(), sum);
    assert_eq!(f.legs.iter().map(|l| l.1).sum::<usize>(), sum);
    assert!(f.walk.moves() > 46);
}

#[test]
fn the_greedy_walk_of_jump_closest_is_longer() {
    let mut s = Session::new();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/jump_closest.pl");
    assert_eq!(s.first(&format!("consult('{file}').")), "true");
    s.first("solve(X), !, length(X, N), M is N - 1, write(M).");
    let greedy: usize = s
        .output()
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{}", s.output()));
    assert_eq!(greedy, 58);
    let best = QueenPuzzle::default()
        .solve()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(best.walk.moves() < greedy);
}

#[test]
fn the_builtin_returns_the_walk_as_the_seed_writes_it() {
    let mut s = Session::new();
    s.first(
        "queen_puzzle_walk(W, L), W = [First|_], last(W, Last), length(W, N), \
         format('~w ~w ~w ~w', [L, N, First, Last]).",
    );
    let out = s.output();
    assert!(out.starts_with("46 47 8-8 "), "{out}");
    s.first("queen_puzzle_walk([fixed_order(true)], _, L), write(L).");
    assert!(s.output().trim().parse::<usize>().unwrap_or(0) > 46);
    s.first("catch(queen_puzzle_walk([start(d1)], _, _), error(E, _), (write(E), nl)).");
    assert!(s.output().contains("domain_error"), "{}", s.output());
    s.first("catch(queen_puzzle_walk([colour(red)], _, _), error(E, _), (write(E), nl)).");
    assert!(
        s.output().contains("domain_error(queen_puzzle_option"),
        "{}",
        s.output()
    );
}

#[test]
fn renderings_follow_seed_001() {
    let s = QueenPuzzle::default()
        .solve()
        .unwrap_or_else(|e| panic!("{e}"));
    let ps = walk_postscript(&s.walk).unwrap_or_default();
    assert!(ps.starts_with("%!PS-Adobe-2.0\n%%BoundingBox: 0 0 500 500\n"));
    assert_eq!(
        ps.matches("showpage").count(),
        47,
        "a page per square visited"
    );
    // d5 is attacked: red, and light (4 + 5 odd), so full red at 200 250.
    assert!(ps.contains("1 0 0 setrgbcolor 200 250 50 50 rectfill"));
    // a1 attacked? No: a1 is safe and dark, first page grey at half: 0.4.
    assert!(ps.contains("0.4 0.4 0.4 setrgbcolor 50 50 50 50 rectfill"));
    let svg = walk_svg(&s.walk, &SvgOptions::default()).unwrap_or_default();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
    assert_eq!(
        svg.matches("fill=\"#d9342b\"").count(),
        28,
        "28 attacked squares"
    );
}

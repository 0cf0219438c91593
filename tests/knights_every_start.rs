//! A tour from every start square that has one: every square of every board up to 16 x 16, and
//! start squares all along 3 x N, 4 x N, 5 x N and 6 x N for every N up to 1000, by divide and
//! conquer and by the default method (Warnsdorff's rule, then divide). Where the theorems say
//! no open tour starts, a brute-force search written here confirms it on boards small enough.
//! A `Tour` only exists once `check::validate` accepted it.

use knightlog::knights::board::exists;
use knightlog::knights::rng::Rng;
use knightlog::knights::solvers::{auto, divide};
use knightlog::knights::{Board, Square};
use std::time::Instant;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether some open tour starts at `s` (plain depth-first search, for small boards).
fn brute_force_from(b: Board, s: u32) -> bool {
    let n = b.area() as usize;
    let nbrs: Vec<Vec<u32>> = (0..b.area())
        .map(|q| (0..b.area()).filter(|&r| b.is_knight_move(q, r)).collect())
        .collect();
    let mut seen = vec![false; n];
    seen[s as usize] = true;
    let mut stack = vec![(s, 0usize)];
    while let Some(&(v, i)) = stack.last() {
        if stack.len() == n {
            return true;
        }
        match nbrs[v as usize].get(i) {
            Some(&u) => {
                let top = stack.len() - 1;
                stack[top].1 += 1;
                if !seen[u as usize] {
                    seen[u as usize] = true;
                    stack.push((u, 0));
                }
            }
            None => {
                seen[v as usize] = false;
                stack.pop();
            }
        }
    }
    false
}

/// Builds open tours from `s` by divide and (if `auto`) by the default method; checks they
/// exist exactly where the theorems allow, and that a closed tour comes wherever one exists.
fn check_start(b: Board, s: u32, auto: bool) -> bool {
    let sq = b.square(s);
    let allowed = exists::require(b, sq, false).is_ok();
    let closed = exists::closed(b).exists;
    match divide::tour(b, Some(sq), false) {
        Ok(t) => {
            assert!(allowed, "{b} from {sq}: a tour the theorems forbid");
            assert_eq!(t.start(), sq);
            assert_eq!(t.is_closed(), closed, "{b} from {sq}");
        }
        Err(e) => assert!(!allowed, "{b} from {sq}: divide failed: {e}"),
    }
    if auto {
        for want_closed in [false, true] {
            let ok = allowed && (closed || !want_closed);
            match auto::auto(b, sq, want_closed) {
                Ok((t, _)) => {
                    assert!(ok, "{b} from {sq}");
                    assert_eq!(t.start(), sq);
                    assert!(t.is_closed() || !want_closed);
                }
                Err(e) => assert!(!ok, "{b} from {sq} closed={want_closed}: auto failed: {e}"),
            }
        }
    }
    allowed
}

#[test]
#[ignore = "slow tier: a sweep of 18,496 start squares (about 2 min)"]
fn every_start_square_of_every_board_up_to_16x16() {
    let t0 = Instant::now();
    let (mut starts, mut refused, mut confirmed) = (0, 0, 0);
    for w in 1..=16 {
        for h in 1..=16 {
            let b = board(w, h);
            for s in 0..b.area() {
                starts += 1;
                if check_start(b, s, true) {
                    continue;
                }
                refused += 1;
                // A refused start on a board with open tours: confirm by brute force.
                if exists::open(b).exists && b.area() <= 28 {
                    assert!(!brute_force_from(b, s), "{b} from {}", b.square(s));
                    confirmed += 1;
                }
            }
        }
    }
    eprintln!(
        "{starts} starts, {refused} refused ({confirmed} confirmed by brute force), {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    assert_eq!(starts, 136 * 136);
    assert!(confirmed > 100, "{confirmed}");
}

/// Start squares along 3 x N .. 6 x N for N up to 1000: the four corners of every board; on
/// boards with closed tours (cheap: one circuit entered anywhere) squares near both ends, in
/// the middle and at random; on boards with open tours only (each start re-rooted) `inner` of
/// them; every other board turned, so both orientations are covered.
fn sweep_long_boards(inner: impl Fn(u32) -> usize) -> usize {
    let mut rng = Rng::new(21);
    let mut built = 0;
    for rows in 3..=6u32 {
        for n in 3..=1000u32 {
            let b = if n % 2 == 0 {
                board(rows, n)
            } else {
                board(n, rows)
            };
            let at = |along: u32, across: u32| {
                if n % 2 == 0 {
                    b.xy_index(across, along)
                } else {
                    b.xy_index(along, across)
                }
            };
            let mut picks = vec![at(0, 0), at(0, rows - 1), at(n - 1, 0), at(n - 1, rows - 1)];
            let mut more = Vec::new();
            for across in 0..rows {
                for along in [1, 2, n / 2, n - 3, n - 2] {
                    more.push(at(along.min(n - 1), across));
                }
            }
            for _ in 0..3 {
                more.push(rng.below(u64::from(b.area())) as u32);
            }
            let keep = if exists::closed(b).exists {
                more.len()
            } else {
                inner(n)
            };
            // Spread the kept ones over the list.
            let step = (more.len() / keep.max(1)).max(1);
            picks.extend(more.iter().step_by(step).take(keep));
            let auto = n <= 40 || n % 97 == 0;
            for s in picks {
                built += usize::from(check_start(b, s, auto));
            }
        }
    }
    built
}

#[test]
#[ignore = "slow tier: a sweep along 3xN to 6xN boards (about 1 min)"]
fn start_squares_along_boards_3_to_6_wide_up_to_1000_long() {
    let t0 = Instant::now();
    // Open-only boards: every start listed up to 3 x 30, then one inner start every fifth N.
    let built = sweep_long_boards(|n| match n {
        0..=30 => usize::MAX,
        _ if n % 5 == 0 => 1,
        _ => 0,
    });
    eprintln!("{built} tours, {:.1} s", t0.elapsed().as_secs_f64());
    assert!(built > 20_000, "{built}");
}

/// Every listed start along 3xN to 6xN up to N = 1000: about 20 minutes, so outside both tiers
/// (CI runs the ignored tests too and must stay within about 20 minutes on 2 cores): it runs
/// only when `KNIGHTLOG_LONG_SWEEP=1` is set, and otherwise passes at once.
#[test]
#[ignore = "about 20 minutes, in no tier: KNIGHTLOG_LONG_SWEEP=1 cargo test --release -- --ignored every_listed"]
fn every_listed_start_along_boards_3_to_6_wide_up_to_1000_long() {
    if std::env::var_os("KNIGHTLOG_LONG_SWEEP").is_none() {
        eprintln!("skipped: set KNIGHTLOG_LONG_SWEEP=1 to run this 20-minute sweep");
        return;
    }
    let t0 = Instant::now();
    let built = sweep_long_boards(|_| usize::MAX);
    eprintln!("{built} tours, {:.1} s", t0.elapsed().as_secs_f64());
}

#[test]
fn the_issue_boards_get_tours_by_default() {
    // Issue 21: the default method gave up on these (open from a corner; closed).
    crate::table::each([37, 41, 45, 49, 53, 57], |n| {
        let b = board(3, n);
        let (t, _) = auto::auto(b, Square::new(1, n), false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.start(), Square::new(1, n));
    });
    crate::table::each(
        [
            (3, 52),
            (3, 60),
            (3, 100),
            (5, 40),
            (5, 46),
            (5, 1000),
            (6, 200),
        ],
        |(w, h)| {
            let b = board(w, h);
            let (t, _) = auto::auto(b, Square::new(1, h), true).unwrap_or_else(|e| panic!("{e}"));
            assert!(t.is_closed());
        },
    );
    // Divide from squares it once refused (not corners of boards without closed tours).
    crate::table::each(
        [(5, 5, "c1"), (7, 9, "c3"), (5, 7, "c1"), (3, 8, "a2")],
        |(w, h, s)| {
            let sq = knightlog::knights::parse_square(s).unwrap_or_else(|e| panic!("{e}"));
            let t = divide::tour(board(w, h), Some(sq), false).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.start(), sq);
        },
    );
}

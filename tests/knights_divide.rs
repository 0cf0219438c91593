//! Divide and conquer on every board from 1x1 to 40x40 that has a tour, and on large boards.
//! A `Tour` only exists once `check::validate` accepted it, so building one validates it.

use knightlog::knights::board::exists;
use knightlog::knights::solvers::divide;
use knightlog::knights::{Board, KnightsError, Square};
use std::time::Instant;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_board_up_to_40x40_closed_where_possible_open_otherwise() {
    let mut built = 0;
    for w in 1..=40 {
        for h in 1..=40 {
            let b = board(w, h);
            let closed = exists::closed(b).exists;
            let open = exists::open(b).exists;
            let result = divide::tour(b, None, closed);
            match result {
                Ok(t) => {
                    assert!(open, "{b}: built a tour the theorem forbids");
                    assert_eq!(t.is_closed(), closed, "{b}: closed tour expected: {closed}");
                    assert_eq!(t.start(), Square::new(1, 1));
                    built += 1;
                }
                Err(e) => {
                    assert!(!open, "{b}: {e}");
                    assert!(matches!(e, KnightsError::NoTour { .. }), "{b}: {e}");
                }
            }
        }
    }
    eprintln!("built {built} tours");
}

#[test]
fn closed_tours_from_every_square_of_some_boards() {
    for (w, h) in [(8, 8), (10, 3), (5, 12), (13, 14)] {
        let b = board(w, h);
        for sq in 0..b.area() {
            let start = b.square(sq);
            let t =
                divide::tour(b, Some(start), true).unwrap_or_else(|e| panic!("{b} {start}: {e}"));
            assert_eq!(t.start(), start);
            assert!(t.is_closed());
        }
    }
}

#[test]
fn large_boards() {
    for (w, h) in [
        (1000, 1000),
        (1001, 1001),
        (999, 1000),
        (1000, 3),
        (3, 1001),
        (4, 1000),
        (1000, 4),
    ] {
        let b = board(w, h);
        let closed = exists::closed(b).exists;
        let t0 = Instant::now();
        let t = divide::tour(b, None, closed).unwrap_or_else(|e| panic!("{b}: {e}"));
        assert_eq!(t.is_closed(), closed);
        eprintln!("divide {b}: {:?}", t0.elapsed());
    }
}

/// 10,000 x 10,000: 10^8 squares, 400 MB for the tour; about 2 s in a release build, so it runs
/// in release test runs (`cargo test --release`) and is skipped in slow debug builds.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "10^8 squares: run with cargo test --release"
)]
fn ten_thousand_square() {
    let b = board(10_000, 10_000);
    let t0 = Instant::now();
    let t =
        divide::tour(b, Some(Square::new(5_000, 5_000)), true).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.is_closed());
    eprintln!("divide {b}: {:?}", t0.elapsed());
}

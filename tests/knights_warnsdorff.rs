//! Warnsdorff's rule with backtracking: every start square of 8x8, open and closed, and large
//! boards, each tour validated (a `Tour` only exists once `check::validate` accepted it).

use knightlog::knights::solvers::warnsdorff::{self, WarnsdorffOptions};
use knightlog::knights::{Board, Square};
use std::time::Instant;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

fn run(b: Board, start: Square, closed: bool) -> warnsdorff::WarnsdorffResult {
    let opts = WarnsdorffOptions {
        closed,
        ..WarnsdorffOptions::default()
    };
    warnsdorff::tour(b, start, &opts).unwrap_or_else(|e| panic!("{b} from {start}: {e}"))
}

#[test]
fn every_start_square_of_8x8_open_and_closed() {
    let b = board(8, 8);
    let mut backtracks = [0u64; 2];
    for file in 1..=8 {
        for rank in 1..=8 {
            let start = Square::new(file, rank);
            for closed in [false, true] {
                let r = run(b, start, closed);
                assert_eq!(r.tour.start(), start);
                assert_eq!(r.tour.indices().len(), 64);
                if closed {
                    assert!(
                        r.tour.is_closed(),
                        "closed tour from {start} does not close"
                    );
                }
                backtracks[closed as usize] += r.backtracks;
            }
        }
    }
    eprintln!(
        "8x8, 64 starts: backtracks open {}, closed {}",
        backtracks[0], backtracks[1]
    );
}

#[test]
fn rectangular_boards_from_corners_and_centres() {
    for w in 5..=16 {
        for h in 5..=16 {
            let b = board(w, h);
            for start in [
                Square::new(1, 1),
                Square::new(w.div_ceil(2), h.div_ceil(2)),
                Square::new(w, h),
            ] {
                if b.area() % 2 == 1 && b.colour(b.index_unchecked(start)) != 0 {
                    continue;
                }
                let t0 = Instant::now();
                let open = run(b, start, false);
                let closed = b.area().is_multiple_of(2).then(|| run(b, start, true));
                if let Some(c) = &closed {
                    assert!(c.tour.is_closed());
                }
                let slow = t0.elapsed();
                if slow.as_millis() > 50 {
                    eprintln!(
                        "{b} from {start}: {slow:?}, open {} attempts, closed {:?} attempts",
                        open.attempts,
                        closed.map(|c| c.attempts)
                    );
                }
            }
        }
    }
}

#[test]
fn large_board_1000x1000_open_and_closed() {
    let b = board(1000, 1000);
    for closed in [false, true] {
        let t0 = Instant::now();
        let r = run(b, Square::new(1, 1), closed);
        eprintln!(
            "1000x1000 closed={closed}: {:?}, {} backtracks, {} attempts",
            t0.elapsed(),
            r.backtracks,
            r.attempts
        );
        assert_eq!(r.tour.is_closed(), closed || r.tour.is_closed());
    }
}

#[test]
fn three_rank_boards_closed_from_every_square() {
    for n in [10, 12] {
        for b in [board(3, n), board(n, 3)] {
            for sq in 0..b.area() {
                let start = b.square(sq);
                assert!(run(b, start, true).tour.is_closed(), "{b} from {start}");
            }
        }
    }
}

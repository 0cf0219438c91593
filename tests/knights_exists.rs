//! `exists` (Schwenk 1991; Conrad et al. 1994) against search: exhaustive search on every board
//! of at most 36 squares (30 in debug builds) and on the 4 x n closed cases up to 4 x 12, and a
//! validated tour from `divide` wherever the theorems promise one, on every board up to 12 x 12.

use knightlog::knights::board::exists;
use knightlog::knights::counting::count::{self, Kind};
use knightlog::knights::solvers::divide;
use knightlog::knights::solvers::hamilton::{self, Constraints, Graph};
use knightlog::knights::Board;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Whether some Hamiltonian path (open) or circuit (closed) exists, by exhaustive search.
fn brute(b: Board, closed: bool) -> bool {
    let g = Graph::knight(b);
    let found = |start: u32| {
        let mut any = false;
        let c = Constraints {
            closed,
            start: Some(start),
            ..Constraints::default()
        };
        hamilton::search(&g, &c, u64::MAX, |_| {
            any = true;
            false
        });
        any
    };
    if closed {
        // A circuit passes through square 0.
        return found(0);
    }
    // By symmetry, starts in the lower-left quarter suffice.
    (0..b.height().div_ceil(2))
        .flat_map(|y| (0..b.width().div_ceil(2)).map(move |x| (x, y)))
        .any(|(x, y)| found(b.xy_index(x, y)))
}

/// Boards searched exhaustively: up to 36 squares in release builds (18 s, mostly proving that
/// 5 x 7 and 4 x 9 have no closed tour), 30 in slower debug builds.
const EXHAUSTIVE_LIMIT: u32 = if cfg!(debug_assertions) { 30 } else { 36 };

#[test]
#[ignore = "slow tier: exhaustive search on every small board (about 30 s)"]
fn theorems_agree_with_exhaustive_search_on_small_boards() {
    let mut checked = 0;
    for w in 1..=12 {
        for h in 1..=12 {
            let b = board(w, h);
            if b.area() > EXHAUSTIVE_LIMIT {
                continue;
            }
            assert_eq!(exists::open(b).exists, brute(b, false), "open tours on {b}");
            assert_eq!(
                exists::closed(b).exists,
                brute(b, true),
                "closed tours on {b}"
            );
            checked += 1;
        }
    }
    eprintln!("{checked} boards searched exhaustively");
}

#[test]
fn no_closed_tours_on_four_rank_boards_up_to_4x12() {
    for n in 4..=12 {
        let b = board(4, n);
        assert!(!exists::closed(b).exists);
        let c = count::count(b, Kind::ClosedUndirected, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(c.tours, 0, "{b}");
    }
}

#[test]
fn every_promised_tour_up_to_12x12_is_built() {
    for w in 1..=12 {
        for h in 1..=12 {
            let b = board(w, h);
            let (open, closed) = (exists::open(b).exists, exists::closed(b).exists);
            if open {
                let t = divide::tour(b, None, closed).unwrap_or_else(|e| panic!("{b}: {e}"));
                assert_eq!(t.is_closed(), closed, "{b}");
            } else {
                assert!(divide::tour(b, None, false).is_err());
            }
        }
    }
}

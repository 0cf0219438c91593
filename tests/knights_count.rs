//! Exhaustive counts against the published values (the library's one table,
//! `knights::counting::published`: OEIS A165134, A001230).

use knightlog::knights::counting::count::{self, Kind};
use knightlog::knights::counting::published::published;
use knightlog::knights::Board;
use std::time::Instant;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// The published count on file (a test of a board not on file is a mistake in the test).
fn on_file(w: u32, h: u32, kind: Kind) -> u64 {
    published(w, h, kind)
        .unwrap_or_else(|| panic!("{w}x{h} {kind:?} is not on file"))
        .0
}

#[test]
fn directed_open_tours_of_5x5_are_1728() {
    let c = count::count(board(5, 5), Kind::OpenDirected, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.tours, 1728);
    assert_eq!(c.tours, on_file(5, 5, Kind::OpenDirected));
}

/// About a second in release; several in a debug build.
#[test]
fn undirected_closed_tours_of_6x6_are_9862() {
    let t0 = Instant::now();
    let c =
        count::count(board(6, 6), Kind::ClosedUndirected, false).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "6x6 closed: {} tours, {} nodes, {:?}",
        c.tours,
        c.nodes,
        t0.elapsed()
    );
    assert_eq!(c.tours, on_file(6, 6, Kind::ClosedUndirected));
}

#[test]
fn small_rectangles_agree_with_a_plain_search() {
    // Against the path enumeration of `hamilton` (no shared pruning code): 3x4, 4x5, 3x7.
    use knightlog::knights::solvers::hamilton::{self, Constraints, Graph};
    for (w, h) in [(3, 4), (4, 5), (3, 7), (5, 4)] {
        let b = board(w, h);
        let g = Graph::knight(b);
        let mut total = 0u64;
        let mut closed2 = 0u64;
        for s in 0..b.area() {
            let c = Constraints {
                start: Some(s),
                ..Constraints::default()
            };
            hamilton::search(&g, &c, u64::MAX, |p| {
                total += 1;
                closed2 += u64::from(b.is_knight_move(p[p.len() - 1], p[0]));
                true
            });
        }
        let open = count::count(b, Kind::OpenDirected, false).unwrap_or_else(|e| panic!("{e}"));
        let closed =
            count::count(b, Kind::ClosedUndirected, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(open.tours, total, "{b}");
        // Each circuit appears as 2 * area directed closed paths.
        assert_eq!(closed.tours * 2 * u64::from(b.area()), closed2, "{b}");
    }
}

/// 6,637,920 directed open tours of 6x6: about 7 s in release on one core, much longer in a
/// debug build, so it is in the slow tier.
#[test]
#[ignore = "slow tier: the exhaustive count of 6x6 open tours (about 8 s)"]
fn directed_open_tours_of_6x6() {
    let c = count::count(board(6, 6), Kind::OpenDirected, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.tours, on_file(6, 6, Kind::OpenDirected));
}

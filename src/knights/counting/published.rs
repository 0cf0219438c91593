//! Published tour counts (OEIS), in one table: `knights count` prints its answer beside the
//! value on file, and the tests count against the same entries.
//!
//! Tested by: tests/knights_count.rs, tests/knights_frontier.rs, tests/knights_signals.rs (the
//! counters against the entries), tests/knights_cli.rs (`knights count` quoting them).

use crate::knights::counting::count::Kind;
use crate::knights::Board;

/// (width, height, kind, count, source). Directed open counts are twice the undirected ones
/// most sources list; a board is on file in one orientation only.
pub const PUBLISHED: &[(u32, u32, Kind, u64, &str)] = &[
    (5, 5, Kind::OpenDirected, 1_728, "OEIS A165134"),
    (6, 6, Kind::OpenDirected, 6_637_920, "OEIS A165134"),
    (7, 7, Kind::OpenDirected, 165_575_218_320, "OEIS A165134"),
    (3, 4, Kind::OpenDirected, 16, "OEIS A118067"),
    (3, 8, Kind::OpenDirected, 792, "OEIS A118067"),
    (4, 5, Kind::OpenDirected, 164, "OEIS A079137"),
    (4, 6, Kind::OpenDirected, 1_488, "OEIS A079137"),
    (4, 7, Kind::OpenDirected, 12_756, "OEIS A079137"),
    (5, 6, Kind::OpenDirected, 37_568, "OEIS A083386"),
    (5, 7, Kind::OpenDirected, 1_245_736, "OEIS A083386"),
    (6, 6, Kind::ClosedUndirected, 9_862, "OEIS A001230"),
    (
        8,
        8,
        Kind::ClosedUndirected,
        13_267_364_410_532,
        "OEIS A001230",
    ),
    (5, 6, Kind::ClosedUndirected, 8, "OEIS A175881"),
    (6, 7, Kind::ClosedUndirected, 1_067_638, "OEIS A175881"),
    (6, 8, Kind::ClosedUndirected, 55_488_142, "OEIS A175881"),
    (7, 8, Kind::ClosedUndirected, 34_524_432_316, "OEIS A193054"),
    (5, 8, Kind::ClosedUndirected, 44_202, "OEIS A383661"),
    (5, 10, Kind::ClosedUndirected, 13_311_268, "OEIS A383661"),
];

/// The published count of `width` x `height` (either orientation) and its source, if on file.
pub fn published(width: u32, height: u32, kind: Kind) -> Option<(u64, &'static str)> {
    PUBLISHED
        .iter()
        .find(|&&(w, h, k, _, _)| {
            k == kind && ((w, h) == (width, height) || (h, w) == (width, height))
        })
        .map(|&(_, _, _, n, source)| (n, source))
}

/// [`published`] for a board.
pub fn for_board(board: Board, kind: Kind) -> Option<(u64, &'static str)> {
    published(board.width(), board.height(), kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_and_kind_is_on_file_once() {
        for (i, &(w, h, k, _, _)) in PUBLISHED.iter().enumerate() {
            let same = PUBLISHED[i + 1..]
                .iter()
                .filter(|&&(a, b, kk, _, _)| kk == k && ((a, b) == (w, h) || (b, a) == (w, h)));
            assert_eq!(same.count(), 0, "{w}x{h} {k:?}");
        }
        assert_eq!(
            published(6, 5, Kind::ClosedUndirected),
            Some((8, "OEIS A175881"))
        );
        assert_eq!(published(4, 4, Kind::OpenDirected), None);
    }
}

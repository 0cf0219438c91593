//! Re-rooting: turns paths and circuits covering a board into one open tour that starts at a
//! given square, by re-deciding only the edges inside a small window around it.
//!
//! Every edge with both ends in the window is dropped. What is left outside is a set of path
//! segments, each entering the window at one or two squares (its crossing edges stay as they
//! are). Each segment becomes one virtual vertex joined to the squares it enters at, so a
//! Hamiltonian path of the window's knight graph plus the virtual vertices, from the start
//! square, is exactly a tour of the whole board from there: a virtual vertex between `x` and
//! `y` stands for the walk `x`, segment, `y`. A segment that ends outside (the end of an open
//! piece) has one such square, and must be last. The small graph is searched by [`hamilton`].
//!
//! The window must hold the start square, every end of the open pieces but at most one, and a
//! square of every piece; [`reroot`] says `false` when that is not so or the search fails.
//!
//! Tested by: tests/knights_every_start.rs (every start square of every board up to 16 x 16,
//! and of 3..6 x N up to N = 1000) and the unit test below.

use crate::knights::board::moves::neighbours;
use crate::knights::board::Board;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::solvers::links::Links;

/// A rectangle of squares, `x0..x1` by `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl Window {
    /// The rectangle grown by `m` on every side, clipped to `board`.
    pub fn grown(self, m: u32, board: Board) -> Window {
        Window {
            x0: self.x0.saturating_sub(m),
            y0: self.y0.saturating_sub(m),
            x1: (self.x1 + m).min(board.width()),
            y1: (self.y1 + m).min(board.height()),
        }
    }

    fn width(self) -> u32 {
        self.x1 - self.x0
    }

    fn area(self) -> u32 {
        self.width() * (self.y1 - self.y0)
    }

    fn local(self, board: Board, sq: u32) -> Option<u32> {
        let (x, y) = board.xy(sq);
        let inside = (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y);
        inside.then(|| (y - self.y0) * self.width() + (x - self.x0))
    }

    fn global(self, board: Board, local: u32) -> u32 {
        board.xy_index(
            self.x0 + local % self.width(),
            self.y0 + local / self.width(),
        )
    }
}

/// Node budget per search attempt, and attempts: a quick try, and a thorough one.
pub const QUICK: (u64, u32) = (20_000, 2);
pub const THOROUGH: (u64, u32) = (50_000, 16);

/// Rebuilds the edges inside `win` so that `links` becomes one open tour starting at `start`
/// (which must lie in `win`), searching with `effort` (node budget per attempt, attempts).
/// On `false`, `links` may have lost its window edges.
pub fn reroot(links: &mut Links, win: Window, start: u32, effort: (u64, u32)) -> bool {
    let board = links.board();
    let Some(s) = win.local(board, start) else {
        return false;
    };
    let n = win.area();
    let squares: Vec<u32> = (0..n).map(|l| win.global(board, l)).collect();
    for &a in &squares {
        let inner: Vec<u32> = links
            .linked(a)
            .filter(|&b| win.local(board, b).is_some())
            .collect();
        for b in inner {
            links.remove_edge(a, b);
        }
    }
    // The segments outside: (first window square, last window square or None at a free end).
    let mut segments: Vec<(u32, Option<u32>)> = Vec::new();
    let mut covered = u64::from(n);
    for (la, &a) in squares.iter().enumerate() {
        for first in links.linked(a).collect::<Vec<_>>() {
            let (mut prev, mut cur, mut len) = (a, first, 1u64);
            let last = loop {
                if let Some(lb) = win.local(board, cur) {
                    break Some(lb);
                }
                match links.linked(cur).find(|&x| x != prev) {
                    Some(next) => {
                        (prev, cur) = (cur, next);
                        len += 1;
                    }
                    None => break None,
                }
                if len > u64::from(board.area()) {
                    return false; // a malformed structure: never loop forever
                }
            };
            let la = la as u32;
            let (steps, end) = match last {
                // A segment between two window squares is met from both ends: keep it once.
                Some(lb) if (lb, prev) < (la, first) => continue,
                Some(lb) if lb == la => return false, // a loop back to the same square
                Some(lb) => (len - 1, Some(lb)),
                None => (len, None),
            };
            covered += steps;
            segments.push((la, end));
        }
    }
    // A piece that never enters the window cannot be joined.
    if covered != u64::from(board.area()) {
        return false;
    }
    let pendants: Vec<u32> = (0..segments.len() as u32)
        .filter(|&i| segments[i as usize].1.is_none())
        .collect();
    if pendants.len() > 1 {
        return false;
    }
    let mut g = Graph::empty((n as usize) + segments.len());
    for (la, &a) in squares.iter().enumerate() {
        for b in neighbours(board, a) {
            if let Some(lb) = win.local(board, b) {
                g.add_edge(la as u32, lb);
            }
        }
    }
    let mut forced = Vec::new();
    for (i, &(a, b)) in segments.iter().enumerate() {
        let v = n + i as u32;
        for x in std::iter::once(a).chain(b) {
            if !g.add_edge(v, x) {
                return false;
            }
            forced.push((v, x));
        }
    }
    let c = Constraints {
        start: Some(s),
        end: pendants.first().map(|&i| n + i),
        forced,
        ..Constraints::default()
    };
    let Some(path) = hamilton::find(&g, &c, effort.0, effort.1) else {
        return false;
    };
    for w in path.windows(2) {
        if w[0] < n && w[1] < n {
            links.add_edge(squares[w[0] as usize], squares[w[1] as usize]);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::board::check;

    #[test]
    fn a_corner_tour_is_rerooted_at_an_inner_square() {
        // An open tour of 5 x 5 from a1 (found by the small-graph search), re-rooted at c3
        // through a window of the whole board, and at e5 through the top-right 3 x 3 corner
        // after the tour was made to end there.
        let b = Board::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        let c = Constraints {
            start: Some(0),
            ..Constraints::default()
        };
        let path = hamilton::find(&Graph::knight(b), &c, 200_000, 100)
            .unwrap_or_else(|| panic!("no 5x5 tour"));
        let mut links = Links::from_path(b, &path, false);
        let whole = Window {
            x0: 0,
            y0: 0,
            x1: 5,
            y1: 5,
        };
        let centre = b.xy_index(2, 2);
        assert!(reroot(&mut links, whole, centre, THOROUGH));
        let t = links.trace(centre);
        assert!(check::validate(b, &t).is_ok(), "{t:?}");
        // The far end stays where it was when the window leaves it out.
        let end = t[t.len() - 1];
        let (ex, ey) = b.xy(end);
        let near = Window {
            x0: ex.saturating_sub(2),
            y0: ey.saturating_sub(2),
            x1: (ex + 3).min(5),
            y1: (ey + 3).min(5),
        };
        let mut moved = links.clone();
        if reroot(&mut moved, near, end, THOROUGH) {
            let t2 = moved.trace(end);
            assert!(check::validate(b, &t2).is_ok());
            assert_eq!(t2[t2.len() - 1], centre, "the far end stays");
        }
        // Two pendants and the start: refused.
        let mut l = Links::from_path(b, &path, false);
        let tiny = Window {
            x0: 2,
            y0: 2,
            x1: 3,
            y1: 3,
        };
        assert!(path[0] != centre && !reroot(&mut l, tiny, centre, THOROUGH));
    }
}

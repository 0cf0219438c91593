//! Tours of boards 3 or 4 squares wide, any length, by splicing four-file pieces onto a base.
//!
//! A *kit* for `k`-rank strips holds one to two *pattern edges* — knight's moves between the
//! last two files of a strip — a piece `k x 4`, and bases `k x L`. The piece is covered by as many
//! paths as there are pattern edges; splicing it onto a strip of length `L` whose tour contains
//! the pattern edges at its right end removes each pattern edge `a - b` and threads path `i` in
//! between: `a - s_i ... t_i - b`. A path or circuit stays one path or circuit, and the piece
//! contains the pattern edges again at its own right end, so pieces follow pieces. Bases come in
//! lengths covering each residue modulo 4.
//!
//! On three ranks one path suffices (Schwenk's extension of 3 x n circuits by four files). On
//! four ranks it cannot: every square on the two outer ranks only reaches the inner ranks, so a
//! tour alternates outer and inner squares but for one inner-inner step, and both its ends lie on
//! the outer ranks; a single spliced path would need inner ends. Two paths work.
//!
//! Kits, pieces and bases are found by [`hamilton`] search the first time they are needed.
//!
//! Tested by: the unit tests below; tests/knights_divide.rs.

use crate::knights::board::Board;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::solvers::links::Links;
use std::sync::OnceLock;

/// One pattern edge, in coordinates relative to the strip's right end: `(back, y)` is the
/// square `(L - back, y)`, with `back` 1 or 2.
type Rel = ((u32, u32), (u32, u32));

/// Everything needed to build `k`-rank strips of one kind.
#[derive(Debug)]
pub struct Kit {
    rows: u32,
    pattern: Vec<Rel>,
    /// The piece's links (`rows x 4`), its paths' ends `(s_i, t_i)` as piece-local indices.
    piece: Links,
    ends: Vec<(u32, u32)>,
    /// Bases by length: circuits for closed kits, paths from `(0,0)` for open ones.
    bases: Vec<(u32, Links)>,
}

const PIECE: u32 = 4;
const BUDGET: u64 = 200_000;
const ATTEMPTS: u32 = 200;

static KITS: [OnceLock<Option<Kit>>; 3] = [const { OnceLock::new() }; 3];

/// The kit for closed 3-rank strips (lengths 10, 12, 14, ...).
pub fn closed3() -> Option<&'static Kit> {
    KITS[0]
        .get_or_init(|| find_kit(3, true, &[10, 12]))
        .as_ref()
}

/// The kit for open 3-rank strips (lengths 4, 7, 8, 9, 11, ...).
pub fn open3() -> Option<&'static Kit> {
    KITS[1]
        .get_or_init(|| find_kit(3, false, &[4, 7, 9]))
        .as_ref()
}

/// The kit for open 4-rank strips (lengths 5, 6, 7, ...).
pub fn open4() -> Option<&'static Kit> {
    KITS[2]
        .get_or_init(|| find_kit(4, false, &[5, 6, 7, 8]))
        .as_ref()
}

impl Kit {
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Whether `build` can make a strip of this length.
    pub fn supports(&self, length: u32) -> bool {
        self.base_for(length).is_some()
    }

    fn base_for(&self, length: u32) -> Option<&(u32, Links)> {
        self.bases
            .iter()
            .find(|(l, _)| *l <= length && (length - l).is_multiple_of(PIECE))
    }

    /// The links of a `length x rows` strip (files along the length): a circuit for a closed
    /// kit, a path starting at `(0,0)` for an open one.
    pub fn build(&self, length: u32) -> Option<Links> {
        let (base_len, base) = self.base_for(length)?;
        let board = Board::new(length, self.rows).ok()?;
        let mut links = Links::new(board);
        links.place(base, 0, 0);
        let mut l = *base_len;
        while l < length {
            self.splice(&mut links, l)?;
            l += PIECE;
        }
        Some(links)
    }

    /// Threads a piece onto the strip whose first `l` files are built.
    fn splice(&self, links: &mut Links, l: u32) -> Option<()> {
        let b = links.board();
        links.place(&self.piece, l, 0);
        let pw = self.piece.board().width();
        let at = |local: u32| b.xy_index(l + local % pw, local / pw);
        for (&((ab, ay), (bb, by)), &(s, t)) in self.pattern.iter().zip(&self.ends) {
            let (a, bq) = (b.xy_index(l - ab, ay), b.xy_index(l - bb, by));
            let ok =
                links.remove_edge(a, bq) && links.add_edge(a, at(s)) && links.add_edge(bq, at(t));
            if !ok {
                return None;
            }
        }
        Some(())
    }
}

/// Knight's moves between the last two files of a `rows`-rank strip.
fn pattern_edges(rows: u32) -> Vec<Rel> {
    let mut out = Vec::new();
    for y in 0..rows.saturating_sub(2) {
        out.push(((2, y), (1, y + 2)));
        out.push(((2, y + 2), (1, y)));
    }
    out
}

fn find_kit(rows: u32, closed: bool, base_lengths: &[u32]) -> Option<Kit> {
    let edges = pattern_edges(rows);
    let mut choices: Vec<Vec<Rel>> = Vec::new();
    for &e in &edges {
        for o in [e, (e.1, e.0)] {
            choices.push(vec![o]);
        }
    }
    for (i, &e) in edges.iter().enumerate() {
        for &f in &edges[i + 1..] {
            if e.0 == f.0 || e.0 == f.1 || e.1 == f.0 || e.1 == f.1 {
                continue;
            }
            for o in [e, (e.1, e.0)] {
                for p in [f, (f.1, f.0)] {
                    choices.push(vec![o, p]);
                }
            }
        }
    }
    for pattern in choices {
        let Some((piece, ends)) = find_piece(rows, &pattern) else {
            continue;
        };
        let bases: Option<Vec<(u32, Links)>> = base_lengths
            .iter()
            .map(|&l| find_base(rows, l, closed, &pattern).map(|b| (l, b)))
            .collect();
        if let Some(bases) = bases {
            return Some(Kit {
                rows,
                pattern,
                piece,
                ends,
                bases,
            });
        }
    }
    None
}

/// A `rows x 4` piece for `pattern`: paths `s_i .. t_i` covering it, `s_i` a knight's move from
/// the pattern edge's first square and `t_i` from its second (both four files back), and the
/// pattern edges inside the piece at its right end.
///
/// Searched as one Hamiltonian path through an extended graph: vertices `X_i`, `Y_i` stand for
/// the pattern edges' ends on the strip, and extra edges `Y_i - X_(i+1)` chain the paths.
fn find_piece(rows: u32, pattern: &[Rel]) -> Option<(Links, Vec<(u32, u32)>)> {
    let board = Board::new(PIECE, rows).ok()?;
    let area = board.area();
    let knight_from = |back: u32, y: u32, sq: u32| {
        let (x, sy) = board.xy(sq);
        let dx = x + back; // files from a square `back` files before the piece
        let dy = sy.abs_diff(y);
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    };
    let m = pattern.len() as u32;
    let x = |i: u32| area + 2 * i;
    let y = |i: u32| area + 2 * i + 1;
    let knight = Graph::knight(board);
    let mut g = Graph::empty((area + 2 * m) as usize);
    for a in 0..area {
        for n in knight.neighbours(a) {
            g.add_edge(a, n);
        }
    }
    for (i, &((ab, ay), (bb, by))) in pattern.iter().enumerate() {
        for sq in 0..area {
            if knight_from(ab, ay, sq) && !g.add_edge(x(i as u32), sq) {
                return None;
            }
            if knight_from(bb, by, sq) && !g.add_edge(y(i as u32), sq) {
                return None;
            }
        }
    }
    let mut forced = Vec::new();
    for i in 0..m {
        if i + 1 < m {
            g.add_edge(y(i), x(i + 1));
            forced.push((y(i), x(i + 1)));
        }
    }
    for &((ab, ay), (bb, by)) in pattern {
        forced.push((
            board.xy_index(PIECE - ab, ay),
            board.xy_index(PIECE - bb, by),
        ));
    }
    let c = Constraints {
        start: Some(x(0)),
        end: Some(y(m - 1)),
        forced,
        ..Constraints::default()
    };
    let path = hamilton::find(&g, &c, BUDGET, ATTEMPTS)?;
    // Split at the virtual vertices into the piece's paths.
    let mut links = Links::new(board);
    let mut ends = Vec::new();
    let mut current: Vec<u32> = Vec::new();
    for &v in &path {
        if v < area {
            current.push(v);
        } else if !current.is_empty() {
            ends.push((current[0], current[current.len() - 1]));
            for w in current.windows(2) {
                links.add_edge(w[0], w[1]);
            }
            current.clear();
        }
    }
    (ends.len() == pattern.len()).then_some((links, ends))
}

/// A base `rows x length`: a circuit, or a path from `(0,0)`, with the pattern edges at its
/// right end.
fn find_base(rows: u32, length: u32, closed: bool, pattern: &[Rel]) -> Option<Links> {
    let board = Board::new(length, rows).ok()?;
    let forced = pattern
        .iter()
        .map(|&((ab, ay), (bb, by))| {
            (
                board.xy_index(length - ab, ay),
                board.xy_index(length - bb, by),
            )
        })
        .collect();
    let c = Constraints {
        closed,
        start: (!closed).then_some(0),
        forced,
        ..Constraints::default()
    };
    let path = hamilton::find(&Graph::knight(board), &c, BUDGET, ATTEMPTS)?;
    Some(Links::from_path(board, &path, closed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::board::check;

    fn check_kit(kit: &Kit, closed: bool, lengths: impl Iterator<Item = u32>) {
        for n in lengths {
            let links = kit
                .build(n)
                .unwrap_or_else(|| panic!("{}x{n} not built", kit.rows));
            let path = links.trace(0);
            let info = check::validate(links.board(), &path)
                .unwrap_or_else(|e| panic!("{n}x{}: {e}", kit.rows));
            if closed {
                assert!(info.closed, "{n}x{} not closed", kit.rows);
            }
        }
    }

    #[test]
    fn three_rank_strips() {
        let closed = closed3().unwrap_or_else(|| panic!("no closed 3-rank kit"));
        check_kit(closed, true, (10..=60).step_by(2));
        let open = open3().unwrap_or_else(|| panic!("no open 3-rank kit"));
        check_kit(
            open,
            false,
            [4, 7, 8, 9, 11, 13, 15, 17, 19, 21, 51].into_iter(),
        );
        assert!(!open.supports(5) && !open.supports(6) && !closed.supports(8));
    }

    #[test]
    fn four_rank_strips() {
        let kit = open4().unwrap_or_else(|| panic!("no open 4-rank kit"));
        check_kit(kit, false, 5..=60);
        assert!(!kit.supports(4));
    }
}

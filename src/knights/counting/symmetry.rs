//! Tours of small boards by enumeration: counts up to symmetry (geometrically distinct tours),
//! tours with half-turn or quarter-turn symmetry, and uniform random tours.
//!
//! Every tour is listed by [`hamilton::search`] (open: every directed path from every square;
//! closed: every circuit from square 0 in both directions), each undirected tour taken once.
//! * **Up to symmetry**, by Burnside's lemma: the number of classes under the board's symmetry
//!   group G (4 motions of a rectangle, 8 of a square) is the mean over g in G of the number of
//!   undirected tours g maps onto themselves. A tour is *fixed* by g when g maps every step of
//!   it onto a step of it (for a circuit, its edge set; for a path, also its ends).
//! * **Symmetric tours**: those fixed by the half turn or a quarter turn.
//! * **Uniform random tours**: the count comes first, then a uniform index into the listing,
//!   so every tour is equally likely (sampling through the count, not a biased random walk).
//!
//! Only for boards of at most [`MAX_AREA`] squares (6 x 6 open: 3.3 million undirected tours,
//! seconds); the frontier programme counts larger boards but does not list their tours.
//!
//! Tested by: tests/knights_symmetry.rs (OEIS A169777, A328341, A328340 on 3 x n and 4 x n;
//! Jelliss's 6 x 6 closed catalogue; chi-square on 5 x 5).

use crate::knights::error::KnightsError;
use crate::knights::rng::Rng;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::{Board, Tour};

/// The largest board whose tours are listed.
pub const MAX_AREA: u32 = 36;

/// A motion of the board: where each square goes.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub name: &'static str,
    pub map: Vec<u32>,
}

/// The motions of `board` onto itself: identity, half turn, two mirrors; on square boards also
/// the quarter turns and the two diagonal mirrors.
pub fn symmetries(board: Board) -> Vec<Symmetry> {
    let (w, h) = (board.width(), board.height());
    let make = |name, f: &dyn Fn(u32, u32) -> (u32, u32)| Symmetry {
        name,
        map: (0..board.area())
            .map(|sq| {
                let (x, y) = board.xy(sq);
                let (nx, ny) = f(x, y);
                board.xy_index(nx, ny)
            })
            .collect(),
    };
    let mut g = vec![
        make("identity", &|x, y| (x, y)),
        make("half turn", &|x, y| (w - 1 - x, h - 1 - y)),
        make("left-right mirror", &|x, y| (w - 1 - x, y)),
        make("top-bottom mirror", &|x, y| (x, h - 1 - y)),
    ];
    if w == h {
        g.push(make("quarter turn", &|x, y| (y, w - 1 - x)));
        g.push(make("three-quarter turn", &|x, y| (w - 1 - y, x)));
        g.push(make("diagonal mirror", &|x, y| (y, x)));
        g.push(make("antidiagonal mirror", &|x, y| (w - 1 - y, w - 1 - x)));
    }
    g
}

fn too_large(board: Board) -> Result<(), KnightsError> {
    if board.area() > MAX_AREA {
        return Err(KnightsError::Unsupported {
            what: format!(
                "listing every tour is for boards of at most {MAX_AREA} squares; {board} has {} \
                 (`knights count` counts larger boards without listing them)",
                board.area()
            ),
        });
    }
    Ok(())
}

/// Calls `f` with every undirected tour of `board` once (as one of its two directions), while
/// it returns true.
pub fn for_each_tour(
    board: Board,
    closed: bool,
    mut f: impl FnMut(&[u32]) -> bool,
) -> Result<(), KnightsError> {
    too_large(board)?;
    let starts = if closed { 1 } else { board.area() };
    for s in 0..starts {
        if !tours_from(board, closed, s, &mut f) {
            break;
        }
    }
    Ok(())
}

/// The undirected tours listed from square `s` (open: those whose other end is a larger
/// square; closed: every circuit, from square 0, in the direction of its smaller neighbour
/// of 0), to `f` while it returns true; false if `f` stopped the listing.
fn tours_from(board: Board, closed: bool, s: u32, f: &mut impl FnMut(&[u32]) -> bool) -> bool {
    let n = board.area();
    if n == 1 {
        return f(&[0]);
    }
    let c = Constraints {
        closed,
        start: Some(s),
        ..Constraints::default()
    };
    let mut go = true;
    hamilton::search(&Graph::knight(board), &c, u64::MAX, |p| {
        let keep = if closed {
            n < 3 || p[1] < p[p.len() - 1]
        } else {
            p[0] < p[p.len() - 1]
        };
        if keep {
            go = f(p);
        }
        go
    });
    go
}

/// Whether `g` maps the tour `path` (with `pos[sq]` = its place in it) onto itself.
fn fixes(g: &Symmetry, path: &[u32], pos: &[u32], closed: bool) -> bool {
    let n = path.len() as u32;
    let step = |a: u32, b: u32| {
        let (i, j) = (
            pos[g.map[a as usize] as usize],
            pos[g.map[b as usize] as usize],
        );
        let d = i.abs_diff(j);
        d == 1 || (closed && d == n - 1)
    };
    path.windows(2).all(|w| step(w[0], w[1])) && (!closed || step(path[path.len() - 1], path[0]))
}

/// Tours of a board counted up to its symmetries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distinct {
    /// Undirected tours (directed open tours / 2; closed circuits).
    pub tours: u64,
    /// Classes under the symmetry group (geometrically distinct tours).
    pub distinct: u64,
    /// For each motion, the undirected tours it maps onto themselves.
    pub fixed: Vec<(&'static str, u64)>,
}

impl Distinct {
    /// Tours fixed by the motion called `name`.
    pub fn fixed_by(&self, name: &str) -> u64 {
        self.fixed
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0, |&(_, c)| c)
    }

    /// The report `knights count --symmetry` prints.
    pub fn report(&self, board: Board, closed: bool) -> String {
        let kind = if closed { "closed" } else { "open" };
        let mut out = format!(
            "{board}: {} undirected {kind} tours, {} geometrically distinct (up to the board's \
             {} motions, Burnside's lemma)\n",
            self.tours,
            self.distinct,
            self.fixed.len()
        );
        for (name, c) in self.fixed.iter().skip(1) {
            out += &format!("  fixed by the {name}: {c}\n");
        }
        out
    }
}

/// Counts the tours of `board` up to symmetry.
pub fn distinct(board: Board, closed: bool) -> Result<Distinct, KnightsError> {
    let group = symmetries(board);
    let mut fixed = vec![0u64; group.len()];
    let mut pos = vec![0u32; board.area() as usize];
    let mut tours = 0u64;
    for_each_tour(board, closed, |p| {
        tours += 1;
        for (i, &sq) in p.iter().enumerate() {
            pos[sq as usize] = i as u32;
        }
        for (k, g) in group.iter().enumerate() {
            if fixes(g, p, &pos, closed) {
                fixed[k] += 1;
            }
        }
        true
    })?;
    Ok(Distinct {
        tours,
        distinct: fixed.iter().sum::<u64>() / group.len() as u64,
        fixed: group.iter().map(|g| g.name).zip(fixed).collect(),
    })
}

/// A tour of `board` that the motion called `symmetry` ("half turn", "quarter turn") maps onto
/// itself, or why there is none.
pub fn symmetric_tour(board: Board, closed: bool, symmetry: &str) -> Result<Tour, KnightsError> {
    let group = symmetries(board);
    let g = group
        .iter()
        .find(|g| g.name == symmetry)
        .ok_or_else(|| KnightsError::Unsupported {
            what: format!(
                "the {board} board has no {symmetry} (quarter turns need a square board)"
            ),
        })?;
    let mut pos = vec![0u32; board.area() as usize];
    let mut found: Option<Vec<u32>> = None;
    for_each_tour(board, closed, |p| {
        for (i, &sq) in p.iter().enumerate() {
            pos[sq as usize] = i as u32;
        }
        if fixes(g, p, &pos, closed) {
            found = Some(p.to_vec());
        }
        found.is_none()
    })?;
    match found {
        Some(p) => Tour::new(board, p),
        None => Err(KnightsError::NoTour {
            board,
            closed,
            why: format!("none of its tours has {symmetry} symmetry (all of them were listed)"),
        }),
    }
}

/// Uniformly random tours of one board: the tours listed from each start square are counted
/// once; each draw takes a uniform index below the total, finds its start square by the
/// counts, and lists tours from that square up to it, so every undirected tour is equally
/// likely; then either direction.
pub struct Sampler {
    board: Board,
    closed: bool,
    /// Undirected tours listed from each start square (one entry for circuits).
    per_start: Vec<u64>,
}

impl Sampler {
    pub fn new(board: Board, closed: bool) -> Result<Sampler, KnightsError> {
        too_large(board)?;
        let starts = if closed { 1 } else { board.area() };
        let per_start: Vec<u64> = (0..starts)
            .map(|s| {
                let mut count = 0u64;
                tours_from(board, closed, s, &mut |_| {
                    count += 1;
                    true
                });
                count
            })
            .collect();
        let sampler = Sampler {
            board,
            closed,
            per_start,
        };
        if sampler.count() == 0 {
            return Err(KnightsError::NoTour {
                board,
                closed,
                why: "it has none (all its tours were listed)".into(),
            });
        }
        Ok(sampler)
    }

    /// Undirected tours of the board.
    pub fn count(&self) -> u64 {
        self.per_start.iter().sum()
    }

    pub fn draw(&self, rng: &mut Rng) -> Result<Tour, KnightsError> {
        let mut target = rng.below(self.count());
        let mut s = 0;
        while target >= self.per_start[s] {
            target -= self.per_start[s];
            s += 1;
        }
        let mut i = 0u64;
        let mut chosen = Vec::new();
        tours_from(self.board, self.closed, s as u32, &mut |p| {
            if i == target {
                chosen = p.to_vec();
            }
            i += 1;
            i <= target
        });
        if rng.bit() {
            chosen.reverse();
        }
        Tour::new(self.board, chosen)
    }
}

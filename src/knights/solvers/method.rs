//! The tour methods by name, and the one dispatch from a method to its solver: `knights tour
//! --method M` and the Prolog bridge's `native_tour/4` option `method(M)` both call [`find`].
//!
//! Tested by: tests/knights_cli.rs (`knights tour --method ...`), tests/native_bridge.rs
//! (`native_tour/4`), the unit tests below.

use crate::knights::board::exists;
use crate::knights::solvers::auto;
use crate::knights::solvers::dfs::{self, DfsOptions};
use crate::knights::solvers::divide;
use crate::knights::solvers::neural::{self, NeuralOptions};
use crate::knights::solvers::warnsdorff::{self, WarnsdorffOptions};
use crate::knights::{Board, KnightsError, MoveOrder, Square, Tour};
use std::time::Instant;

/// How to find a tour (the doc comments are `knights tour --help`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Warnsdorff's rule where it succeeds, else divide and conquer (every start with a tour).
    Auto,
    /// The paper's depth-first search, node for node (small boards).
    Dfs,
    /// Warnsdorff's rule, Roth's tie-break, backtracking (any board).
    Warnsdorff,
    /// Divide and conquer from precomputed blocks, linear time (any board and start with a tour).
    Divide,
    /// The Takefuji–Lee neural network (closed tours, small boards).
    Neural,
}

impl Method {
    /// The method called `name` (`auto`, `dfs`, `warnsdorff`, `divide`, `neural`).
    pub fn from_name(name: &str) -> Option<Method> {
        <Method as clap::ValueEnum>::from_str(name, false).ok()
    }
}

/// What the search is asked for; each method reads the fields it has a use for.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// A closed tour (every method).
    pub closed: bool,
    /// dfs: the move order.
    pub order: MoveOrder,
    /// dfs: how many tours to find (at least 1).
    pub solutions: usize,
    /// dfs: stop after this many nodes.
    pub max_nodes: Option<u64>,
    /// neural: the base seed.
    pub seed: u64,
    /// neural: give up after this many trials.
    pub trials: u64,
    /// neural: a progress bar (on terminals only).
    pub progress: bool,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            closed: false,
            order: MoveOrder::default(),
            solutions: 1,
            max_nodes: None,
            seed: 1,
            trials: 10_000,
            progress: false,
        }
    }
}

/// What a method found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The tours, in the order found: one, except dfs with `solutions` above 1; dfs may find
    /// none (its search space exhausted, or `hit_limit`).
    pub tours: Vec<Tour>,
    /// The work done: dfs, nodes (the `go/3` calls the paper's program makes); warnsdorff,
    /// squares entered; divide and auto, the squares of the board; neural, the winning trial.
    pub work: u64,
    /// dfs stopped at `max_nodes`.
    pub hit_limit: bool,
    /// A line saying how the tours were found (method, effort, time).
    pub note: String,
}

/// Finds a tour of `board` from `start` by `method`. A board or start with no tour of the kind
/// asked is refused with the theorem (`NoTour`, `NoTourFromStart`); a method that gives up says
/// so (`GaveUp`).
pub fn find(
    method: Method,
    board: Board,
    start: Square,
    req: &Request,
) -> Result<Found, KnightsError> {
    let t0 = Instant::now();
    let one = |tour: Tour, work: u64, note: String| Found {
        tours: vec![tour],
        work,
        hit_limit: false,
        note,
    };
    Ok(match method {
        Method::Dfs => {
            exists::require(board, start, req.closed)?;
            let opts = DfsOptions {
                order: req.order,
                solutions: req.solutions.max(1),
                closed: req.closed,
                node_limit: req.max_nodes,
            };
            let r = dfs::search(board, start, &opts)?;
            let secs = t0.elapsed().as_secs_f64();
            let mut note = format!(
                "dfs: {} tour(s), {} nodes (go/3 calls) in {secs:.3} s, {:.1} M nodes/s",
                r.tours.len(),
                r.nodes,
                r.nodes as f64 / secs.max(1e-9) / 1e6
            );
            if r.hit_limit {
                note += "; stopped at the node limit";
            } else if r.exhausted {
                note += "; search space exhausted";
            }
            Found {
                tours: r.tours,
                work: r.nodes,
                hit_limit: r.hit_limit,
                note,
            }
        }
        Method::Auto => {
            let (t, note) = auto::auto(board, start, req.closed)?;
            one(t, u64::from(board.area()), note)
        }
        Method::Warnsdorff => {
            let opts = WarnsdorffOptions {
                closed: req.closed,
                ..WarnsdorffOptions::default()
            };
            let r = warnsdorff::tour(board, start, &opts)?;
            let note = format!(
                "warnsdorff: {} steps, {} backtracks, {} attempt(s), {} closing rotations, {:.3} s",
                r.steps,
                r.backtracks,
                r.attempts,
                r.rotations,
                t0.elapsed().as_secs_f64()
            );
            one(r.tour, r.steps, note)
        }
        Method::Divide => {
            let t = divide::tour(board, Some(start), req.closed)?;
            let note = format!("divide: {:.3} s", t0.elapsed().as_secs_f64());
            one(t, u64::from(board.area()), note)
        }
        Method::Neural => {
            let opts = NeuralOptions {
                trials: req.trials,
                seed: req.seed,
                progress: req.progress,
                ..NeuralOptions::default()
            };
            let (t, trial) = neural::tour(board, start, &opts)?;
            let note = format!(
                "neural: tour at trial {trial} (seed {}), {:.3} s",
                req.seed,
                t0.elapsed().as_secs_f64()
            );
            one(t, trial, note)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in [
            Method::Auto,
            Method::Dfs,
            Method::Warnsdorff,
            Method::Divide,
            Method::Neural,
        ] {
            let name = clap::ValueEnum::to_possible_value(&m).map(|v| v.get_name().to_string());
            assert_eq!(name.as_deref().and_then(Method::from_name), Some(m));
        }
        assert_eq!(Method::from_name("magic"), None);
    }

    #[test]
    fn every_method_finds_a_valid_tour_of_5x5() {
        let b = Board::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        for m in [
            Method::Auto,
            Method::Dfs,
            Method::Warnsdorff,
            Method::Divide,
        ] {
            let f = find(m, b, Square::new(1, 1), &Request::default())
                .unwrap_or_else(|e| panic!("{m:?}: {e}"));
            assert_eq!(f.tours.len(), 1, "{m:?}");
            assert!(f.work > 0, "{m:?}");
        }
    }
}

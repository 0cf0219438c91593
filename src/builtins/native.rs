//! The bridge to the native knight's-tour engine (`crate::knights`): a REPL user compares
//! `time(knight_tour([1,8], S))` with `native_tour(8, [1,8], [nodes(N)], T)` and draws the tour
//! with `tour_svg/2`.
//!
//! * `native_tour(+Board, +Start, -Tour)`, `native_tour(+Board, +Start, +Options, -Tour)`:
//!   Board is `N` (N x N), `W-H`, `[W,H]` or `'WxH'`; Start is `[File,Rank]` or a chess atom
//!   (`a8`); Tour is the list of `[File,Rank]` squares in visiting order (the paper's `S`).
//!   Options: `method(dfs|warnsdorff|divide|neural|auto)` (default dfs, the paper's search node
//!   for node; the methods and their dispatch are `knights tour --method`'s,
//!   [`crate::knights::solvers::method`]), `closed(Bool)`, `max_nodes(N)` (dfs), `seed(S)` and
//!   `trials(N)` (neural), `nodes(N)` unified with the work done (dfs: the number of `go/3`
//!   calls the program makes; warnsdorff: squares entered; divide and auto: the squares;
//!   neural: the winning trial). Fails when no such tour exists or none was found within the
//!   limits.
//! * `native_check(+Board, +Tour, -Kind)`: Kind is `open` or `closed`; fails for a non-tour.
//! * `tour_svg(+Tour, +File)`, `tour_svg(+Tour, +File, +Options)` (`board(B)`,
//!   `numbers(Bool)`, `path(Bool)`, `pixels(N)`), `tour_ps(+Tour, +File)`: the board is the
//!   smallest holding the tour unless `board(B)` says otherwise.
//! * `queen_puzzle_walk(-Walk, -Length)`, `queen_puzzle_walk(+Options, -Walk, -Length)`: seed
//!   001's puzzle solved optimally — Walk is the shortest knight's walk from h8 over every
//!   square a queen on d5 does not attack, as `X-Y` pairs like the seed's `solve/1`; Length is
//!   its number of moves. Options: `fixed_order(Bool)` (the web puzzle's order, right to left
//!   and top to bottom), `queen(Sq)`, `start(Sq)`.
//!
//! Tested by: tests/native_bridge.rs, tests/queen_puzzle.rs.

use super::docs::reg_doc;
use super::reg_det;
use crate::engine::error::{PErr, Res};
use crate::engine::Machine;
use crate::knights::io::render::{self, SvgOptions};
use crate::knights::solvers::method::{self, Method, Request};
use crate::knights::solvers::puzzle::QueenPuzzle;
use crate::knights::{parse_square, Board, KnightsError, Square, Tour};
use crate::term::atom::{atoms, Atom};
use crate::term::cell::*;
use crate::term::heap::View;

pub fn register(m: &mut Machine) {
    reg_doc(m, "native_tour(+Board, +Start, -Tour)", "Tour is a knight's tour of Board from Start, found by the native engine with depth-first search.");
    reg_det(m, "native_tour", 3, |m| {
        let (b, s, t) = (m.arg(0), m.arg(1), m.arg(2));
        let nil = Cell::atom(atoms::NIL);
        native_tour(m, b, s, nil, t)
    });
    reg_doc(
        m,
        "native_tour(+Board, +Start, +Options, -Tour)",
        "As native_tour/3, with Options such as method(warnsdorff), closed(true) and nodes(N).",
    );
    reg_det(m, "native_tour", 4, |m| {
        let (b, s, o, t) = (m.arg(0), m.arg(1), m.arg(2), m.arg(3));
        native_tour(m, b, s, o, t)
    });
    reg_doc(
        m,
        "native_check(+Board, +Tour, -Kind)",
        "Kind is open or closed for a valid knight's tour on Board; fails if Tour is not one.",
    );
    reg_det(m, "native_check", 3, |m| {
        let board = get_board(m, m.arg(0))?;
        let squares = get_squares(m, m.arg(1))?;
        match Tour::from_squares(board, &squares) {
            Ok(t) => {
                let kind = if t.is_closed() { "closed" } else { "open" };
                let k = m.arg(2);
                Ok(m.unify_atom(k, Atom::new(kind)))
            }
            Err(_) => Ok(false),
        }
    });
    reg_doc(
        m,
        "tour_svg(+Tour, +File)",
        "Draw the knight's tour Tour as an SVG picture in File.",
    );
    reg_det(m, "tour_svg", 2, |m| {
        let (t, f) = (m.arg(0), m.arg(1));
        write_picture(m, t, f, Cell::atom(atoms::NIL), Picture::Svg)
    });
    reg_doc(
        m,
        "tour_svg(+Tour, +File, +Options)",
        "As tour_svg/2, with Options board(B), numbers(Bool), path(Bool) and pixels(N).",
    );
    reg_det(m, "tour_svg", 3, |m| {
        let (t, f, o) = (m.arg(0), m.arg(1), m.arg(2));
        write_picture(m, t, f, o, Picture::Svg)
    });
    reg_doc(m, "queen_puzzle_walk(-Walk, -Length)", "Walk is a shortest knight's walk from h8 over every square a queen on d5 leaves unattacked; Length its moves.");
    reg_det(m, "queen_puzzle_walk", 2, |m| {
        let (w, l) = (m.arg(0), m.arg(1));
        queen_puzzle_walk(m, Cell::atom(atoms::NIL), w, l)
    });
    reg_doc(
        m,
        "queen_puzzle_walk(+Options, -Walk, -Length)",
        "As queen_puzzle_walk/2, with Options queen(Sq), start(Sq) and fixed_order(Bool).",
    );
    reg_det(m, "queen_puzzle_walk", 3, |m| {
        let (o, w, l) = (m.arg(0), m.arg(1), m.arg(2));
        queen_puzzle_walk(m, o, w, l)
    });
    reg_doc(
        m,
        "tour_ps(+Tour, +File)",
        "Draw the knight's tour Tour as a PostScript picture in File.",
    );
    reg_det(m, "tour_ps", 2, |m| {
        let (t, f) = (m.arg(0), m.arg(1));
        write_picture(m, t, f, Cell::atom(atoms::NIL), Picture::Ps)
    });
}

/// The options of `native_tour/4`, read and checked before any search starts.
struct TourOptions {
    method: Method,
    closed: bool,
    max_nodes: Option<u64>,
    seed: u64,
    trials: u64,
    nodes: Option<Cell>,
}

fn native_tour(m: &mut Machine, board: Cell, start: Cell, options: Cell, tour: Cell) -> Res {
    let board = get_board(m, board)?;
    let start_sq = get_square(m, start)?;
    if !board.contains(start_sq) {
        return Err(PErr::Domain(
            Atom::new("square_on_board"),
            m.heap.deref(start),
        ));
    }
    let o = tour_options(m, options)?;
    let request = Request {
        closed: o.closed,
        max_nodes: o.max_nodes,
        seed: o.seed,
        trials: o.trials,
        ..Request::default()
    };
    let found = refusal_is_failure(method::find(o.method, board, start_sq, &request))?
        .and_then(|f| f.tours.into_iter().next().map(|t| (t, f.work)));
    let Some((t, nodes)) = found else {
        return Ok(false);
    };
    if let Some(n) = o.nodes {
        let count = i64::try_from(nodes).unwrap_or(i64::MAX);
        if !m.unify_int(n, count) {
            return Ok(false);
        }
    }
    let list = make_tour(m, &t)?;
    Ok(m.unify(tour, list))
}

fn tour_options(m: &Machine, options: Cell) -> Res<TourOptions> {
    let mut o = TourOptions {
        method: Method::Dfs,
        closed: false,
        max_nodes: None,
        seed: 1,
        trials: 10_000,
        nodes: None,
    };
    for opt in m.get_list(options)? {
        let (name, value) = option_pair(m, opt)?;
        match name.name() {
            "method" => {
                o.method = Method::from_name(m.get_atom(value)?.name())
                    .ok_or(PErr::Domain(Atom::new("tour_method"), value))?;
            }
            "closed" => o.closed = get_bool(m, value)?,
            "max_nodes" => o.max_nodes = Some(positive(m, value)?),
            "seed" => o.seed = m.get_nonneg(value)? as u64,
            "trials" => o.trials = positive(m, value)?,
            "nodes" => o.nodes = Some(value),
            _ => return Err(PErr::Domain(Atom::new("native_tour_option"), opt)),
        }
    }
    Ok(o)
}

/// `Name(Value)` from an option list.
fn option_pair(m: &Machine, opt: Cell) -> Res<(Atom, Cell)> {
    let opt = m.heap.deref(opt);
    match m.heap.view(opt) {
        View::Var(_) => Err(PErr::Instantiation),
        View::Compound {
            name,
            arity: 1,
            args,
        } => Ok((name, m.heap.deref(m.heap.get(args)))),
        _ => Err(PErr::Domain(Atom::new("option"), opt)),
    }
}

fn get_bool(m: &Machine, c: Cell) -> Res<bool> {
    match m.get_atom(c)?.name() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(m.type_error(Atom::new("bool"), c)),
    }
}

fn positive(m: &Machine, c: Cell) -> Res<u64> {
    match m.get_int(c)? {
        n if n > 0 => Ok(n as u64),
        _ => Err(PErr::Domain(Atom::new("positive_integer"), m.heap.deref(c))),
    }
}

/// A side length: 1 up to the u32 range the native engine indexes squares with.
fn side(m: &Machine, c: Cell) -> Res<u32> {
    let n = m.get_int(c)?;
    u32::try_from(n)
        .ok()
        .filter(|&s| s > 0)
        .ok_or_else(|| PErr::Domain(Atom::new("board_size"), m.heap.deref(c)))
}

/// `N`, `W-H`, `[W,H]` or `'WxH'`.
fn get_board(m: &Machine, c: Cell) -> Res<Board> {
    let c = m.heap.deref(c);
    let bad = || PErr::Domain(Atom::new("board"), c);
    let (w, h) = match m.heap.view(c) {
        View::Var(_) => return Err(PErr::Instantiation),
        View::Int(_) => {
            let n = side(m, c)?;
            (n, n)
        }
        View::Atom(a) => return Board::parse(a.name()).map_err(|_| bad()),
        View::Compound {
            name,
            arity: 2,
            args,
        } if name.name() == "-" => (side(m, m.heap.get(args))?, side(m, m.heap.get(args + 1))?),
        _ => match m.list_items(c).ok().as_deref() {
            Some(&[w, h]) => (side(m, w)?, side(m, h)?),
            _ => return Err(bad()),
        },
    };
    Board::new(w, h).map_err(|_| bad())
}

/// `[File,Rank]` (the paper's) or a chess atom such as `a8`.
fn get_square(m: &Machine, c: Cell) -> Res<Square> {
    let c = m.heap.deref(c);
    if c.tag() == REF {
        return Err(PErr::Instantiation);
    }
    if c.tag() == ATM {
        return parse_square(c.get_atom().name()).map_err(|_| PErr::Domain(Atom::new("square"), c));
    }
    match m.list_items(c).ok().as_deref() {
        Some(&[f, r]) => Ok(Square::new(side(m, f)?, side(m, r)?)),
        _ => Err(PErr::Domain(Atom::new("square"), c)),
    }
}

fn get_squares(m: &Machine, c: Cell) -> Res<Vec<Square>> {
    m.get_list(c)?
        .into_iter()
        .map(|s| get_square(m, s))
        .collect()
}

fn make_tour(m: &mut Machine, t: &Tour) -> Res<Cell> {
    let squares = t.squares();
    let mut items = Vec::with_capacity(squares.len());
    for s in squares {
        let pair = [
            m.heap.new_int(i64::from(s.file)),
            m.heap.new_int(i64::from(s.rank)),
        ];
        items.push(m.make_list(&pair));
    }
    Ok(m.make_list(&items))
}

fn queen_puzzle_walk(m: &mut Machine, options: Cell, walk: Cell, length: Cell) -> Res {
    let mut puzzle = QueenPuzzle::default();
    let mut fixed = false;
    for opt in m.get_list(options)? {
        let (name, value) = option_pair(m, opt)?;
        match name.name() {
            "fixed_order" => fixed = get_bool(m, value)?,
            "queen" => puzzle.queen = on_board(m, puzzle.board, value)?,
            "start" => puzzle.start = on_board(m, puzzle.board, value)?,
            _ => return Err(PErr::Domain(Atom::new("queen_puzzle_option"), opt)),
        }
    }
    let found = if fixed {
        refusal_is_failure(puzzle.fixed_order())?.map(|f| f.walk)
    } else {
        refusal_is_failure(puzzle.solve())?.map(|s| s.walk)
    };
    let Some(w) = found else {
        return Ok(false);
    };
    let moves = i64::try_from(w.moves()).unwrap_or(i64::MAX);
    if !m.unify_int(length, moves) {
        return Ok(false);
    }
    let minus = Atom::new("-");
    let mut items = Vec::with_capacity(w.indices().len());
    for s in w.squares() {
        let pair = [
            m.heap.new_int(i64::from(s.file)),
            m.heap.new_int(i64::from(s.rank)),
        ];
        items.push(m.heap.new_compound(minus, &pair));
    }
    let list = m.make_list(&items);
    Ok(m.unify(walk, list))
}

/// A square on `board`, as for `native_tour/4`.
fn on_board(m: &Machine, board: Board, c: Cell) -> Res<Square> {
    let sq = get_square(m, c)?;
    if board.contains(sq) {
        Ok(sq)
    } else {
        Err(PErr::Domain(Atom::new("square_on_board"), m.heap.deref(c)))
    }
}

/// "No tour of this kind exists" is a logical answer (failure); everything else is an error.
fn refusal_is_failure<T>(r: Result<T, KnightsError>) -> Res<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(
            KnightsError::NoTour { .. }
            | KnightsError::NoTourFromStart { .. }
            | KnightsError::GaveUp { .. },
        ) => Ok(None),
        Err(e) => Err(knights_error(e)),
    }
}

/// Errors of the native engine that are not refusals (a board too large for memory, a picture
/// too large to draw): a domain error carrying the engine's explanation.
fn knights_error(e: KnightsError) -> PErr {
    PErr::Domain(
        Atom::new("native_tour"),
        Cell::atom(Atom::new(&e.to_string())),
    )
}

#[derive(Clone, Copy)]
enum Picture {
    Svg,
    Ps,
}

fn write_picture(m: &mut Machine, tour: Cell, file: Cell, options: Cell, kind: Picture) -> Res {
    let squares = get_squares(m, tour)?;
    let path = m.get_text(file, atoms::ATOM)?;
    let mut svg = SvgOptions::default();
    let mut board = None;
    for opt in m.get_list(options)? {
        let (name, value) = option_pair(m, opt)?;
        match name.name() {
            "board" => board = Some(get_board(m, value)?),
            "numbers" => svg.numbers = Some(get_bool(m, value)?),
            "path" => svg.path = get_bool(m, value)?,
            "pixels" => svg.pixels = u32::try_from(positive(m, value)?).unwrap_or(u32::MAX),
            _ => return Err(PErr::Domain(Atom::new("option"), opt)),
        }
    }
    let board = match board {
        Some(b) => b,
        None => {
            let w = squares.iter().map(|s| s.file).max().unwrap_or(1);
            let h = squares.iter().map(|s| s.rank).max().unwrap_or(1);
            Board::new(w, h).map_err(knights_error)?
        }
    };
    let t = Tour::from_squares(board, &squares).map_err(knights_error)?;
    let text = match kind {
        Picture::Svg => render::svg(&t, &svg),
        Picture::Ps => render::postscript(&t),
    }
    .map_err(knights_error)?;
    std::fs::write(&path, text).map_err(|_| {
        PErr::Permission(
            Atom::new("open"),
            Atom::new("source_sink"),
            m.heap.deref(file),
        )
    })?;
    Ok(true)
}

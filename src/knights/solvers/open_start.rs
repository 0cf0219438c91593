//! Open tours from any start square that has one, on boards without closed tours (a circuit
//! can be entered anywhere, so [`divide`] needs this only where Schwenk's theorem
//! rules circuits out): both sides odd, or a side of 3 or 4.
//!
//! * Boards of at most [`SMALL`] squares: the small-graph search of [`hamilton`] from the start.
//! * Both sides odd, at least 5: the blocks of `divide`, cut so that the one block with both
//!   sides odd (the open one) contains the start; the open tour's two ends lie in that block,
//!   and [`reroot`] re-decides its inside so the tour starts at the start square.
//! * 3 or 4 ranks (after turning the board): strips of [`strips`]. Their open tours end in their
//!   base, at one end of the strip; the board is cut at the start's file into two strips whose
//!   bases meet at the cut (the left one mirrored), and [`reroot`] joins them through a window
//!   around the cut. Near either end of the board one strip (mirrored if need be) does.
//!
//! Tested by: tests/knights_every_start.rs.

use crate::knights::board::Board;
use crate::knights::solvers::divide;
use crate::knights::solvers::hamilton::{self, Constraints, Graph};
use crate::knights::solvers::links::Links;
use crate::knights::solvers::reroot::{reroot, Window, QUICK, THOROUGH};
use crate::knights::solvers::strips;

/// Boards up to this many squares are searched directly.
pub const SMALL: u32 = 64;

/// The links of an open tour of `board` with an end at square `s`, if one was found.
pub fn links_from(board: Board, s: u32) -> Option<Links> {
    if board.area() <= SMALL {
        let c = Constraints {
            start: Some(s),
            ..Constraints::default()
        };
        let path = hamilton::find(&Graph::knight(board), &c, 200_000, 100)?;
        return Some(Links::from_path(board, &path, false));
    }
    let (m, _) = board.sides();
    if m >= 5 {
        return blocks_from(board, s);
    }
    // Strips lie along the files: turn a board that is 3 or 4 files wide.
    let turned = board.width() == m;
    let canon = if turned { board.transposed() } else { board };
    let (x, y) = board.xy(s);
    let cs = if turned { canon.xy_index(y, x) } else { s };
    let links = strip_from(canon, cs)?;
    if !turned {
        return Some(links);
    }
    let mut out = Links::new(board);
    copy_mapped(&mut out, &links, |x, y| (y, x)).then_some(out)
}

/// Adds every edge of `src` to `dst` through `map` (square coordinates of `src` to `dst`).
fn copy_mapped(dst: &mut Links, src: &Links, map: impl Fn(u32, u32) -> (u32, u32)) -> bool {
    let (sb, db) = (src.board(), dst.board());
    let at = |q: u32| {
        let (x, y) = sb.xy(q);
        let (nx, ny) = map(x, y);
        db.xy_index(nx, ny)
    };
    for q in 0..sb.area() {
        for r in src.linked(q) {
            if r > q && !dst.add_edge(at(q), at(r)) {
                return false;
            }
        }
    }
    true
}

/// Cuts of an odd side `n` into pieces of 5..=10 with one odd piece (5, 7 or 9; before it an
/// even length cut by `divide::split`, after it likewise), each with the distance from `x` to
/// the odd piece (0 when it covers `x`): those within 3, nearest first.
fn splits_around(n: u32, x: u32) -> Vec<(Vec<u32>, u32)> {
    if n <= 10 {
        return vec![(vec![n], 0)];
    }
    let mut out = Vec::new();
    for before in (0..n).step_by(2).filter(|&b| b == 0 || b >= 6) {
        for odd in [5, 7, 9] {
            let Some(rest) = n.checked_sub(before + odd) else {
                continue;
            };
            let gap = if x < before {
                before - x
            } else {
                (x + 1).saturating_sub(before + odd)
            };
            if (rest != 0 && rest < 6) || gap > 3 {
                continue;
            }
            let mut v = if before > 0 {
                divide::split(before)
            } else {
                Vec::new()
            };
            v.push(odd);
            if rest > 0 {
                v.extend(divide::split(rest));
            }
            out.push((v, gap));
        }
    }
    out.sort_by_key(|&(_, gap)| gap);
    out
}

/// Both sides odd and at least 5: the open block placed over `s`, then re-rooted.
fn blocks_from(board: Board, s: u32) -> Option<Links> {
    let (x, y) = board.xy(s);
    let (wsplits, hsplits) = (
        splits_around(board.width(), x),
        splits_around(board.height(), y),
    );
    for effort in [QUICK, THOROUGH] {
        for (widths, gx) in &wsplits {
            for (heights, gy) in &hsplits {
                let win = odd_block(widths, heights);
                let reach = *gx.max(gy);
                for margin in [reach, reach + 2] {
                    // Built afresh rather than cloned: a failed re-rooting has dropped edges.
                    let Ok(mut links) = divide::build_blocks(board, widths, heights) else {
                        break;
                    };
                    if reroot(&mut links, win.grown(margin, board), s, effort) {
                        return Some(links);
                    }
                }
            }
        }
    }
    None
}

/// The rectangle of the block with both sides odd.
fn odd_block(widths: &[u32], heights: &[u32]) -> Window {
    let span = |sides: &[u32]| {
        let i = sides.iter().position(|p| p % 2 == 1).unwrap_or(0);
        let from: u32 = sides[..i].iter().sum();
        (from, from + sides[i])
    };
    let ((x0, x1), (y0, y1)) = (span(widths), span(heights));
    Window { x0, y0, x1, y1 }
}

/// Files either side of a cut (or from a board's end) that the re-rooting window spans: the
/// bases, where the strips' open tours end, are at most 12 files long.
const STRIP_MARGIN: u32 = 12;

/// A strip of `length` files and `rows` ranks: an open tour from its `(0,0)`, or a circuit.
fn strip(rows: u32, length: u32) -> Option<Links> {
    let kits = match rows {
        3 => [strips::open3(), strips::closed3()],
        _ => [strips::open4(), None],
    };
    kits.into_iter()
        .flatten()
        .find(|k| k.supports(length))
        .and_then(|k| k.build(length))
}

/// A board 3 or 4 ranks high: one strip or two, their ends brought near `s`, then re-rooted.
fn strip_from(board: Board, s: u32) -> Option<Links> {
    for effort in [QUICK, THOROUGH] {
        if let Some(links) = strip_try(board, s, effort) {
            return Some(links);
        }
    }
    None
}

/// One try of [`strip_from`] with `effort` for each re-rooting.
fn strip_try(board: Board, s: u32, effort: (u64, u32)) -> Option<Links> {
    let (w, h) = (board.width(), board.height());
    let (cx, _) = board.xy(s);
    let mirror = |x: u32, y: u32, len: u32| (len - 1 - x, y);
    let window = |x0: u32, x1: u32| Window {
        x0,
        y0: 0,
        x1: x1.min(w),
        y1: h,
    };
    // Near an end: one strip whose base is at that end.
    if cx < STRIP_MARGIN || cx + STRIP_MARGIN >= w {
        let whole = strip(h, w)?;
        let mut links = Links::new(board);
        let win = if cx < STRIP_MARGIN {
            copy_mapped(&mut links, &whole, |x, y| (x, y)).then_some(())?;
            window(0, STRIP_MARGIN + 2)
        } else {
            copy_mapped(&mut links, &whole, |x, y| mirror(x, y, w)).then_some(())?;
            window(w.saturating_sub(STRIP_MARGIN + 2), w)
        };
        if reroot(&mut links, win, s, effort) {
            return Some(links);
        }
    }
    // Two strips meeting at a cut near the start's file.
    for d in 0..8u32 {
        for cut in [cx + d, cx.wrapping_sub(d)] {
            if cut < 4 || cut + 4 > w {
                continue;
            }
            let (Some(left), Some(right)) = (strip(h, cut), strip(h, w - cut)) else {
                continue;
            };
            let mut links = Links::new(board);
            if !(copy_mapped(&mut links, &left, |x, y| mirror(x, y, cut))
                && copy_mapped(&mut links, &right, |x, y| (cut + x, y)))
            {
                continue;
            }
            // The window: the start's file, the ends of the open pieces, and two files more.
            let near = (cut.saturating_sub(STRIP_MARGIN)..(cut + STRIP_MARGIN).min(w))
                .filter(|&x| (0..h).any(|y| links.linked(board.xy_index(x, y)).count() < 2));
            let (lo, hi) = near.fold((cx, cx), |(lo, hi), x| (lo.min(x), hi.max(x)));
            let win = window(lo.saturating_sub(2), hi + 3);
            if reroot(&mut links, win, s, effort) {
                return Some(links);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_sides_are_cut_around_the_start() {
        for n in (11..60).step_by(2) {
            for x in 0..n {
                let cuts = splits_around(n, x);
                assert!(!cuts.is_empty(), "{n} {x}");
                // Beyond the smallest boards some cut covers every square.
                assert!(n < 17 || cuts[0].1 == 0, "{n} {x}");
                for (v, gap) in cuts {
                    assert_eq!(v.iter().sum::<u32>(), n);
                    assert!(v.iter().all(|p| (5..=10).contains(p)), "{v:?}");
                    assert_eq!(v.iter().filter(|p| *p % 2 == 1).count(), 1);
                    let span = odd_block(&v, &[5])
                        .grown(gap, Board::new(n, 5).unwrap_or_else(|e| panic!("{e}")));
                    assert!((span.x0..span.x1).contains(&x), "{n} {x} {v:?}");
                }
            }
        }
    }
}

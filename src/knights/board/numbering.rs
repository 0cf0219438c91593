//! Validation of a tour written as a board of move numbers (what `knights tour --format text`
//! writes), row by row, the top rank first, in bounded memory.
//!
//! The numbers are a tour exactly when they are `1..=area`, each once, and every number but
//! the largest has its successor a knight's move away: the successor is then unique, so the
//! squares in number order are a knight's path over the whole board. A successor lies at most
//! two rows away, so the check keeps a window of five rows; telling the numbers apart takes one
//! bit a number. The board's height is known only at the end, so a problem found on the way is
//! kept (the first of each kind) and reported, with its square, by [`NumberingValidator::finish`].
//!
//! Tested by: the unit tests below; tests/knights_stream.rs (`knights check` of text boards).

use crate::knights::board::check::Summary;
use crate::knights::board::moves::KNIGHT_MOVES;
use crate::knights::board::{Board, MAX_SQUARES};
use crate::knights::error::KnightsError;
use std::collections::VecDeque;

/// A cell: its row counted from the top (0), its column from the left (0), its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    row: u64,
    col: u32,
    number: u64,
}

/// Validates a board of move numbers fed one row at a time.
pub struct NumberingValidator {
    width: u32,
    given: Option<Board>,
    /// The largest number the input can hold (from `--board`, or from its size).
    limit: u64,
    /// Up to five consecutive rows; `window[0]` is row `window_top`.
    window: VecDeque<Vec<u32>>,
    window_top: u64,
    rows: u64,
    seen: Vec<u64>,
    largest: Option<Cell>,
    one: Option<Cell>,
    out_of_range: Option<Cell>,
    twice: Option<Cell>,
    /// Cells whose successor is not a knight's move away (a tour has one: its last square).
    dead_ends: Vec<Cell>,
}

fn bad(why: String) -> KnightsError {
    KnightsError::BadTourText { why }
}

impl NumberingValidator {
    /// A validator for rows of `width` numbers; `given` is `--board`, `max_rows` a bound on the
    /// rows the input can hold (from its size), which bounds the bitset of numbers.
    pub fn new(width: u32, given: Option<Board>, max_rows: Option<u64>) -> NumberingValidator {
        let limit = match (given, max_rows) {
            (Some(b), _) => u64::from(b.area()),
            (None, Some(r)) => (u64::from(width) * r).min(MAX_SQUARES),
            (None, None) => MAX_SQUARES,
        };
        NumberingValidator {
            width,
            given,
            limit,
            window: VecDeque::with_capacity(5),
            window_top: 0,
            rows: 0,
            seen: given.map_or(Vec::new(), |b| vec![0; (b.area() as usize).div_ceil(64)]),
            largest: None,
            one: None,
            out_of_range: None,
            twice: None,
            dead_ends: Vec::new(),
        }
    }

    /// The next row (the top one first); `line` is its line in the input, for messages.
    pub fn push_row(&mut self, numbers: &[u64], line: usize) -> Result<(), KnightsError> {
        if numbers.len() != self.width as usize {
            return Err(bad(format!(
                "row {} (line {line}) has {} squares, the first row has {}",
                self.rows + 1,
                numbers.len(),
                self.width
            )));
        }
        if let Some(b) = self.given.filter(|b| b.width() != self.width) {
            return Err(bad(format!(
                "the rows have {} squares, the {b} board's have {}",
                self.width,
                b.width()
            )));
        }
        if let Some(b) = self.given.filter(|b| self.rows >= u64::from(b.height())) {
            return Err(bad(format!(
                "the text has more than the {} rows of the {b} board",
                b.height()
            )));
        }
        let row = self.rows;
        let mut kept = Vec::with_capacity(numbers.len());
        for (col, &number) in numbers.iter().enumerate() {
            let cell = Cell {
                row,
                col: col as u32,
                number,
            };
            kept.push(self.note(cell) as u32);
        }
        self.window.push_back(kept);
        self.rows += 1;
        if row >= 2 {
            self.check_row(row - 2);
        }
        if self.window.len() == 5 {
            self.window.pop_front();
            self.window_top += 1;
        }
        Ok(())
    }

    /// Records `cell`'s number; returns it, or 0 (never a successor) when it is out of range.
    fn note(&mut self, cell: Cell) -> u64 {
        let n = cell.number;
        if n == 0 || n > self.limit {
            self.out_of_range.get_or_insert(cell);
            return 0;
        }
        let bit = (n - 1) as usize;
        if self.seen.len() <= bit / 64 {
            self.seen.resize(bit / 64 + 1, 0);
        }
        if self.seen[bit / 64] >> (bit % 64) & 1 == 1 {
            self.twice.get_or_insert(cell);
        }
        self.seen[bit / 64] |= 1 << (bit % 64);
        if n == 1 {
            self.one = Some(cell);
        }
        if self.largest.is_none_or(|c| n > c.number) {
            self.largest = Some(cell);
        }
        n
    }

    fn at(&self, row: i64, col: i64) -> Option<u32> {
        let i = usize::try_from(row - self.window_top as i64).ok()?;
        let r = self.window.get(i)?;
        r.get(usize::try_from(col).ok()?).copied()
    }

    /// Looks for each number's successor among the knight's moves from its cell.
    fn check_row(&mut self, row: u64) {
        let Some(cells) = self.window.get((row - self.window_top) as usize) else {
            return;
        };
        let mut ends = Vec::new();
        for (col, &n) in cells.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let found = KNIGHT_MOVES.iter().any(|&(dx, dy)| {
                let (r, c) = (row as i64 + i64::from(dy), col as i64 + i64::from(dx));
                self.at(r, c) == Some(n.wrapping_add(1))
            });
            if !found {
                ends.push(Cell {
                    row,
                    col: col as u32,
                    number: u64::from(n),
                });
            }
        }
        // Two are enough to tell a tour (one) from a broken one.
        for c in ends {
            if self.dead_ends.len() < 2 {
                self.dead_ends.push(c);
            }
        }
    }

    /// The verdict after the last row.
    pub fn finish(mut self) -> Result<Summary, KnightsError> {
        if self.rows == 0 || self.width == 0 {
            return Err(bad("no move numbers found".into()));
        }
        for row in self.rows.saturating_sub(2)..self.rows {
            self.check_row(row);
        }
        let height = u32::try_from(self.rows)
            .map_err(|_| bad(format!("the text has {} rows", self.rows)))?;
        let board = Board::new(self.width, height)?;
        if let Some(b) = self.given.filter(|&b| b != board) {
            return Err(bad(format!("the text shows a {board} board, not {b}")));
        }
        let area = u64::from(board.area());
        let square = |c: Cell| board.square(board.xy_index(c.col, height - 1 - c.row as u32));
        let out_of_range = self
            .out_of_range
            .or(self.largest.filter(|c| c.number > area));
        if let Some(c) = out_of_range {
            return Err(bad(format!(
                "{} holds {}, outside 1..{area}",
                square(c),
                c.number
            )));
        }
        if let Some(c) = self.twice {
            return Err(bad(format!(
                "move number {} appears twice (again on {})",
                c.number,
                square(c)
            )));
        }
        // Every number 1..=area once: a dead end that is not the last number breaks the path.
        if let Some(c) = self.dead_ends.iter().find(|c| c.number != area) {
            return Err(KnightsError::InvalidTour {
                why: format!(
                    "move {} is not a knight's move from {} (move {})",
                    c.number + 1,
                    square(*c),
                    c.number
                ),
            });
        }
        let (Some(one), Some(last)) = (self.one, self.largest) else {
            return Err(bad("no move numbers found".into()));
        };
        let (first, last) = (board.index(square(one))?, board.index(square(last))?);
        Ok(Summary {
            board,
            first,
            last,
            closed: area > 1 && board.is_knight_move(last, first),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, given: Option<Board>) -> Result<Summary, String> {
        let rows: Vec<Vec<u64>> = text
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect()
            })
            .collect();
        let mut v = NumberingValidator::new(rows[0].len() as u32, given, None);
        for (i, r) in rows.iter().enumerate() {
            v.push_row(r, i + 1).map_err(|e| e.to_string())?;
        }
        v.finish().map_err(|e| e.to_string())
    }

    /// A 3x4 open tour from a1 to b1, top rank first.
    const GOOD: &str = "10  5  8\n 7  2 11\n 4  9  6\n 1 12  3\n";

    #[test]
    fn accepts_tours_and_names_their_ends() {
        let s = run(GOOD, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.board, Board::new(3, 4).unwrap_or_else(|e| panic!("{e}")));
        assert_eq!(s.board.square(s.first).to_chess(), "a1");
        assert_eq!(
            (s.board.square(s.last).to_chess(), s.closed),
            ("b1".into(), false)
        );
    }

    #[test]
    fn refuses_broken_boards_with_reasons() {
        let e = run(&GOOD.replace(" 1 12  3", " 1  3 12"), None).err();
        assert!(e.unwrap_or_default().contains("not a knight's move"));
        let e = run(&GOOD.replace(" 1 12  3", " 1 12 12"), None).err();
        assert!(e
            .unwrap_or_default()
            .contains("appears twice (again on c1)"));
        let e = run(&GOOD.replace("10  5  8", "10  5 13"), None).err();
        assert!(e.unwrap_or_default().contains("c4 holds 13, outside 1..12"));
        let e = run("1 2\n3\n", None).err();
        assert!(e
            .unwrap_or_default()
            .contains("has 1 squares, the first row has 2"));
        let e = run(GOOD, Board::new(3, 3).ok()).err();
        assert!(e.unwrap_or_default().contains("more than the 3 rows"));
        let e = run(GOOD, Board::new(4, 3).ok()).err();
        assert!(e.unwrap_or_default().contains("the rows have 3 squares"));
    }
}

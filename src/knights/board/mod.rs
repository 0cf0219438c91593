//! Rectangular boards and squares: sizes, square indices, and the two notations users type
//! (chess `a8` and the paper's `[File,Rank]`, with `[1,1]` = a1); below it, the facts about
//! boards every other part builds on: [`moves`] (knight moves and move orders), [`tour`] (a
//! validated tour) and [`check`] (the validation; [`numbering`] for boards of move numbers), [`walk`] (a validated walk, for the queen
//! puzzle), [`exists`] (which boards and starts have tours, and why).
//!
//! Internally a square is a `u32` index `(rank - 1) * width + (file - 1)`: a tour of a
//! 10,000 x 10,000 board is then 400 MB, and every module can use flat `Vec`s indexed by it.
//!
//! Tested by: the unit tests below; tests/knights_cli.rs (boards and squares as typed).

pub mod check;
pub mod exists;
pub mod moves;
pub mod numbering;
pub mod tour;
pub mod walk;

use crate::knights::error::KnightsError;
use std::fmt;

/// A board of `width` files by `height` ranks (the issue's `W x H`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u32,
    height: u32,
    /// `ceil(2^64 / width)` (0 for width 1): square index to `(x, y)` by one multiplication
    /// instead of a division, exact for all 32-bit indices (Lemire, Kaser and Kurz 2019).
    /// Solvers convert indices to coordinates at every step, and a division is ~25 cycles.
    magic: u64,
}

/// A square in the paper's coordinates: `file` 1..=width (a, b, ...), `rank` 1..=height.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u32,
    pub rank: u32,
}

impl Square {
    pub const fn new(file: u32, rank: u32) -> Square {
        Square { file, rank }
    }

    /// Chess notation with bijective base-26 file letters: a..z, aa, ab, ...
    pub fn to_chess(self) -> String {
        let mut letters = Vec::new();
        let mut f = self.file;
        while f > 0 {
            let r = (f - 1) % 26;
            letters.push(b'a' + r as u8);
            f = (f - 1) / 26;
        }
        letters.reverse();
        format!("{}{}", String::from_utf8_lossy(&letters), self.rank)
    }

    /// The paper's notation, `[File,Rank]`.
    pub fn to_pair(self) -> String {
        format!("[{},{}]", self.file, self.rank)
    }
}

impl fmt::Display for Square {
    /// Chess notation while it stays readable (files a..z), the paper's pair beyond.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (1..=26).contains(&self.file) {
            f.write_str(&self.to_chess())
        } else {
            f.write_str(&self.to_pair())
        }
    }
}

/// Parses `a8`, `aa10`, `[1,8]`, `1,8` (whitespace allowed inside the brackets).
pub fn parse_square(text: &str) -> Result<Square, KnightsError> {
    let t = text.trim();
    let bad = || KnightsError::BadSquare {
        text: text.to_string(),
    };
    if t.is_empty() {
        return Err(bad());
    }
    if t.starts_with('[') || t.as_bytes()[0].is_ascii_digit() {
        let inner = t.strip_prefix('[').unwrap_or(t);
        let inner = match inner.strip_suffix(']') {
            Some(s) => s,
            None if t.starts_with('[') => return Err(bad()),
            None => inner,
        };
        let mut parts = inner.split(',');
        let (Some(f), Some(r), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let file = f.trim().parse::<u32>().map_err(|_| bad())?;
        let rank = r.trim().parse::<u32>().map_err(|_| bad())?;
        return Ok(Square::new(file, rank));
    }
    let lower = t.to_ascii_lowercase();
    let letters = lower.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    if letters == 0 || letters == lower.len() {
        return Err(bad());
    }
    let mut file: u64 = 0;
    for b in lower.bytes().take(letters) {
        file = file * 26 + u64::from(b - b'a' + 1);
        if file > u64::from(u32::MAX) {
            return Err(bad());
        }
    }
    let rank = lower[letters..].parse::<u32>().map_err(|_| bad())?;
    Ok(Square::new(file as u32, rank))
}

/// The largest number of squares a board may have: square indices are `u32`.
pub const MAX_SQUARES: u64 = u32::MAX as u64;

impl Board {
    /// A `width x height` board; refuses empty boards and boards whose squares do not fit in u32.
    pub fn new(width: u32, height: u32) -> Result<Board, KnightsError> {
        if width == 0 || height == 0 {
            return Err(KnightsError::BadBoard {
                text: format!("{width}x{height}"),
                why: "a board needs at least one file and one rank".into(),
            });
        }
        if u64::from(width) * u64::from(height) > MAX_SQUARES {
            return Err(KnightsError::BadBoard {
                text: format!("{width}x{height}"),
                why: format!("more than {MAX_SQUARES} squares (square indices are 32-bit)"),
            });
        }
        Ok(Board::from_sides(width, height))
    }

    fn from_sides(width: u32, height: u32) -> Board {
        let magic = if width == 1 {
            0
        } else {
            (u64::MAX / u64::from(width)) + 1
        };
        Board {
            width,
            height,
            magic,
        }
    }

    /// Parses `8x8`, `8X8` or `8×8` (width first).
    pub fn parse(text: &str) -> Result<Board, KnightsError> {
        let t = text.trim();
        let bad = |why: &str| KnightsError::BadBoard {
            text: text.to_string(),
            why: why.to_string(),
        };
        let mut parts = t.split(['x', 'X', '×']);
        let (Some(w), Some(h), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad("expected WIDTHxHEIGHT, e.g. 8x8"));
        };
        let w = w
            .trim()
            .parse::<u32>()
            .map_err(|_| bad("the width is not a number"))?;
        let h = h
            .trim()
            .parse::<u32>()
            .map_err(|_| bad("the height is not a number"))?;
        Board::new(w, h)
    }

    pub fn width(self) -> u32 {
        self.width
    }

    pub fn height(self) -> u32 {
        self.height
    }

    /// Number of squares (fits in u32 by construction).
    pub fn area(self) -> u32 {
        self.width * self.height
    }

    /// `(short side, long side)`: the theorems are stated for m <= n.
    pub fn sides(self) -> (u32, u32) {
        (self.width.min(self.height), self.width.max(self.height))
    }

    /// The same board turned a quarter: width and height swapped.
    pub fn transposed(self) -> Board {
        Board::from_sides(self.height, self.width)
    }

    pub fn contains(self, sq: Square) -> bool {
        (1..=self.width).contains(&sq.file) && (1..=self.height).contains(&sq.rank)
    }

    /// The index of a square, or a clear error when it is off the board.
    pub fn index(self, sq: Square) -> Result<u32, KnightsError> {
        if !self.contains(sq) {
            return Err(KnightsError::OffBoard {
                square: sq,
                board: self,
            });
        }
        Ok(self.index_unchecked(sq))
    }

    /// Index of a square known to be on the board.
    pub fn index_unchecked(self, sq: Square) -> u32 {
        (sq.rank - 1) * self.width + (sq.file - 1)
    }

    /// Index from 0-based `(x, y)` = `(file - 1, rank - 1)`.
    pub fn xy_index(self, x: u32, y: u32) -> u32 {
        y * self.width + x
    }

    /// 0-based `(x, y)` of an index.
    pub fn xy(self, index: u32) -> (u32, u32) {
        if self.magic == 0 {
            return (0, index);
        }
        let y = ((u128::from(self.magic) * u128::from(index)) >> 64) as u32;
        (index - y * self.width, y)
    }

    pub fn square(self, index: u32) -> Square {
        let (x, y) = self.xy(index);
        Square::new(x + 1, y + 1)
    }

    /// The square reached from `index` by `(dx, dy)`, if it is on the board.
    pub fn offset(self, index: u32, dx: i32, dy: i32) -> Option<u32> {
        let (x, y) = self.xy(index);
        let nx = i64::from(x) + i64::from(dx);
        let ny = i64::from(y) + i64::from(dy);
        if nx < 0 || ny < 0 || nx >= i64::from(self.width) || ny >= i64::from(self.height) {
            return None;
        }
        Some(self.xy_index(nx as u32, ny as u32))
    }

    /// Whether two squares are a knight's move apart.
    pub fn is_knight_move(self, a: u32, b: u32) -> bool {
        let (ax, ay) = self.xy(a);
        let (bx, by) = self.xy(b);
        let dx = ax.abs_diff(bx);
        let dy = ay.abs_diff(by);
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }

    /// Square colour parity: 0 for the colour of a1 (dark), 1 for the other.
    pub fn colour(self, index: u32) -> u32 {
        let (x, y) = self.xy(index);
        (x + y) % 2
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_notations() {
        assert_eq!(parse_square("a8").ok(), Some(Square::new(1, 8)));
        assert_eq!(parse_square("[1,8]").ok(), Some(Square::new(1, 8)));
        assert_eq!(parse_square(" [ 8 , 2 ] ").ok(), Some(Square::new(8, 2)));
        assert_eq!(parse_square("H2").ok(), Some(Square::new(8, 2)));
        assert_eq!(parse_square("aa10").ok(), Some(Square::new(27, 10)));
        assert_eq!(parse_square("3,4").ok(), Some(Square::new(3, 4)));
        for bad in [
            "",
            "a",
            "8",
            "[1,8",
            "[1,2,3]",
            "a-1",
            "1,x",
            "zzzzzzzzzzzz1",
        ] {
            assert!(parse_square(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn chess_names_round_trip() {
        for file in [1, 2, 26, 27, 52, 53, 702, 703, 10_000] {
            let sq = Square::new(file, 7);
            assert_eq!(parse_square(&sq.to_chess()).ok(), Some(sq));
        }
        assert_eq!(Square::new(27, 1).to_string(), "[27,1]");
        assert_eq!(Square::new(8, 2).to_string(), "h2");
    }

    #[test]
    fn coordinates_by_multiplication_match_division() {
        for w in [
            1u32,
            2,
            3,
            5,
            7,
            8,
            10,
            641,
            10_000,
            65_535,
            65_536,
            1 << 20,
            u32::MAX,
        ] {
            let b = Board::new(w, 1).unwrap_or_else(|e| panic!("{e}"));
            let h = (u32::MAX / w).max(1);
            let tall = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            for i in [
                0u32,
                1,
                w - 1,
                w,
                w.wrapping_add(1),
                u32::MAX / 2,
                tall.area() - 1,
            ] {
                if i < tall.area() {
                    assert_eq!(tall.xy(i), (i % w, i / w), "width {w}, index {i}");
                }
            }
            assert_eq!(b.xy(w - 1), (w - 1, 0));
            let mut r = crate::knights::rng::Rng::new(u64::from(w));
            for _ in 0..20_000 {
                let i = r.below(u64::from(tall.area())) as u32;
                assert_eq!(tall.xy(i), (i % w, i / w), "width {w}, index {i}");
            }
        }
    }

    #[test]
    fn boards_are_validated() {
        assert!(Board::parse("8x8").is_ok());
        assert_eq!(
            Board::parse("5X6").map(|b| (b.width(), b.height())).ok(),
            Some((5, 6))
        );
        assert!(Board::parse("0x5").is_err());
        assert!(Board::parse("8").is_err());
        assert!(Board::parse("100000x100000").is_err());
        let b = Board::parse("8x8").unwrap_or_else(|e| panic!("{e}"));
        assert!(b.index(Square::new(9, 1)).is_err());
        assert_eq!(b.index(Square::new(1, 1)).ok(), Some(0));
        assert_eq!(b.square(63), Square::new(8, 8));
        assert!(b.is_knight_move(0, b.index_unchecked(Square::new(2, 3))));
    }
}

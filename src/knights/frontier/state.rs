//! Frontier states: the window of cells packed four bits a cell into an integer key, and the
//! transition that processes one square (see the encoding in the module header of `frontier`).

use super::plan::Step;

/// Cell codes.
pub const FREE: u8 = 0;
pub const DONE: u8 = 1;
/// An end whose fragment's other end is an end of the whole path (open paths only).
pub const DANGLING: u8 = 2;
/// Pair labels start here; the two ends of a fragment carry the same label.
pub const FIRST_LABEL: u8 = 3;

/// The most window cells a state can hold (`2w + 1` for `w <= 13`: 13 pairs, labels 3..=15).
pub const MAX_CELLS: usize = 27;

/// A packed state: `u64` holds windows of up to 15 cells (boards up to 7 wide), [`Wide`] up
/// to 27 (13 wide); 4 bits a cell plus 2 bits for the number of path ends already fixed.
pub trait Key: Copy + Ord + Eq + Send + Sync + std::fmt::Debug + 'static {
    const BYTES: usize;
    fn pack(cells: &[u8], ends: u8) -> Self;
    /// Fills `cells` and returns the number of fixed path ends.
    fn unpack(self, cells: &mut [u8]) -> u8;
    fn write_le(self, out: &mut [u8]);
    fn read_le(bytes: &[u8]) -> Self;
}

impl Key for u64 {
    const BYTES: usize = 8;
    #[inline]
    fn pack(cells: &[u8], ends: u8) -> Self {
        let mut k = u64::from(ends) << (4 * cells.len());
        for (i, &c) in cells.iter().enumerate() {
            k |= u64::from(c) << (4 * i);
        }
        k
    }
    #[inline]
    fn unpack(self, cells: &mut [u8]) -> u8 {
        for (i, c) in cells.iter_mut().enumerate() {
            *c = ((self >> (4 * i)) & 0xf) as u8;
        }
        (self >> (4 * cells.len())) as u8 & 3
    }
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        u64::from_le_bytes(b)
    }
}

/// A 128-bit key as two words, so a (key, count) entry is 24 bytes rather than the 32 a
/// 16-byte-aligned `u128` would take. Ordered by `hi`, then `lo`: the order of the `u128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide {
    hi: u64,
    lo: u64,
}

impl Wide {
    fn get(self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }
    fn new(v: u128) -> Wide {
        Wide {
            hi: (v >> 64) as u64,
            lo: v as u64,
        }
    }
}

impl Key for Wide {
    const BYTES: usize = 16;
    #[inline]
    fn pack(cells: &[u8], ends: u8) -> Self {
        let mut k = u128::from(ends) << (4 * cells.len());
        for (i, &c) in cells.iter().enumerate() {
            k |= u128::from(c) << (4 * i);
        }
        Wide::new(k)
    }
    #[inline]
    fn unpack(self, cells: &mut [u8]) -> u8 {
        let v = self.get();
        for (i, c) in cells.iter_mut().enumerate() {
            *c = ((v >> (4 * i)) & 0xf) as u8;
        }
        (v >> (4 * cells.len())) as u8 & 3
    }
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.get().to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0u8; 16];
        b.copy_from_slice(bytes);
        Wide::new(u128::from_le_bytes(b))
    }
}

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Hamiltonian circuits.
    Cycle,
    /// Hamiltonian paths (undirected).
    Path,
}

/// The state before the first square: every cell outside the board, `DONE`.
pub fn initial<K: Key>(cells: usize) -> K {
    K::pack(&vec![DONE; cells], 0)
}

/// The accepting state after the last square.
pub fn accepting<K: Key>(cells: usize, mode: Mode) -> K {
    K::pack(&vec![DONE; cells], if mode == Mode::Path { 2 } else { 0 })
}

/// The other end of the fragment whose end is at `at` (label `c`), if in the window.
fn partner(w: &[u8], at: usize, c: u8) -> Option<usize> {
    (0..w.len()).find(|&p| p != at && w[p] == c)
}

/// Joins the ends or free cells at `a` and `b` by an edge. `Err(())`: the edge closes a
/// cycle too early (or at all, for paths); `Ok(true)`: it completes the whole structure.
fn join(w: &mut [u8], a: usize, b: usize, mode: Mode, last: bool) -> Result<bool, ()> {
    const FRESH: u8 = 16;
    let (ca, cb) = (w[a], w[b]);
    match (ca, cb) {
        (FREE, FREE) => {
            w[a] = FRESH;
            w[b] = FRESH;
        }
        (FREE, end) => {
            w[b] = DONE;
            w[a] = end;
        }
        (end, FREE) => {
            w[a] = DONE;
            w[b] = end;
        }
        (DANGLING, DANGLING) => {
            w[a] = DONE;
            w[b] = DONE;
            return if last { Ok(true) } else { Err(()) };
        }
        (x, y) if x == y => {
            if mode == Mode::Path || !last {
                return Err(());
            }
            w[a] = DONE;
            w[b] = DONE;
            return Ok(true);
        }
        (DANGLING, y) | (y, DANGLING) => {
            // The labelled end's partner now leads to an end of the path.
            let at = if ca == DANGLING { b } else { a };
            let q = partner(w, at, y);
            w[a] = DONE;
            w[b] = DONE;
            if let Some(q) = q {
                w[q] = DANGLING;
            }
        }
        (x, y) => {
            let q = partner(w, b, y);
            w[a] = DONE;
            w[b] = DONE;
            if let Some(q) = q {
                w[q] = x;
            }
        }
    }
    Ok(false)
}

/// Processes one square: every way of joining it to at most two earlier neighbours, then
/// finishes the cells whose neighbours are all processed. Calls `emit` with each successor.
#[inline]
pub fn expand<K: Key>(
    key: K,
    step: &Step,
    cells: usize,
    mode: Mode,
    last: bool,
    mut emit: impl FnMut(K),
) {
    let mut old = [0u8; MAX_CELLS];
    let ends = key.unpack(&mut old[..cells]);
    // The new window has one more cell in front; the cell at `cells` is dropped at the end.
    let mut base = [0u8; MAX_CELLS + 1];
    base[1..=cells].copy_from_slice(&old[..cells]);
    base[0] = FREE;
    let mut cand = [0usize; 4];
    let mut nc = 0;
    for &k in &step.back {
        if old[k] != DONE {
            cand[nc] = k + 1;
            nc += 1;
        }
    }
    let mut finish = |w: &mut [u8]| {
        if let Some(k) = finish_step(w, ends, step, cells, mode, last) {
            emit(k);
        }
    };
    // No edge back.
    let mut zero = base;
    finish(&mut zero[..=cells]);
    for i in 0..nc {
        let mut one = base;
        let Ok(complete) = join(&mut one[..=cells], 0, cand[i], mode, last) else {
            continue;
        };
        // A second edge from a square that just completed the structure is impossible.
        let two_allowed = !complete;
        let mut alone = one;
        finish(&mut alone[..=cells]);
        if !two_allowed {
            continue;
        }
        for &c in &cand[i + 1..nc] {
            let mut two = one;
            if join(&mut two[..=cells], 0, c, mode, last).is_ok() {
                finish(&mut two[..=cells]);
            }
        }
    }
}

/// Finalises the expiring cells, prunes dead states, and packs the canonical key.
fn finish_step<K: Key>(
    w: &mut [u8],
    mut ends: u8,
    step: &Step,
    cells: usize,
    mode: Mode,
    last: bool,
) -> Option<K> {
    let mut expire = step.expire;
    while expire != 0 {
        let p = expire.trailing_zeros() as usize;
        expire &= expire - 1;
        match (w[p], mode) {
            (DONE, _) => {}
            (FREE, _) | (_, Mode::Cycle) => return None,
            (DANGLING, Mode::Path) => {
                // Both ends of this fragment are ends of the path: it is the whole path.
                ends += 1;
                w[p] = DONE;
                if !last {
                    return None;
                }
            }
            (c, Mode::Path) => {
                ends += 1;
                w[p] = DONE;
                if let Some(q) = partner(w, p, c) {
                    w[q] = DANGLING;
                }
            }
        }
    }
    if ends > 2 || w[cells] != DONE {
        return None;
    }
    // Free cells with one neighbour left can gain at most one edge.
    let mut one_left = step.one_left;
    let mut forced = 0u8;
    while one_left != 0 {
        let p = one_left.trailing_zeros() as usize;
        one_left &= one_left - 1;
        if p < cells && w[p] == FREE {
            forced += 1;
        }
    }
    match mode {
        Mode::Cycle if forced > 0 => return None,
        Mode::Path if ends + forced > 2 => return None,
        _ => {}
    }
    // Canonical labels: in order of first appearance.
    let mut map = [0u8; 32];
    let mut next = FIRST_LABEL;
    for c in w[..cells].iter_mut() {
        if *c >= FIRST_LABEL {
            let m = &mut map[*c as usize];
            if *m == 0 {
                *m = next;
                next += 1;
            }
            *c = *m;
        }
    }
    Some(K::pack(&w[..cells], ends))
}

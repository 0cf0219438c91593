//! Frontier states: the window of cells packed four bits a cell into an integer key, and the
//! transition that processes one square (see the encoding in the module header of `frontier`).
//! The transition works on the packed window itself ([`super::word`]): no cell is unpacked,
//! so its cost is a few dozen branch-free word operations per successor.
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs, tests/knights_exact.rs.

use super::plan::Step;
use super::prune::{Class, Rules, Tally};
use super::word::{self, Word};

/// Cell codes.
pub const FREE: u8 = 0;
pub const DONE: u8 = 1;
/// An end whose fragment's other end is an end of the whole path (open paths only).
pub const DANGLING: u8 = 2;
/// Pair labels start here; the two ends of a fragment carry the same label.
pub const FIRST_LABEL: u8 = 3;
/// The label of a fragment made during a step, before labels are renumbered: no other
/// fragment has it, as at most 12 pairs (labels 3..=14) are in a window of up to 26 cells.
const FRESH: u8 = 15;

/// A packed state: `u64` holds windows of up to 15 cells (boards up to 7 wide), [`Wide`] up
/// to 25 (12 wide); 4 bits a cell, then 2 bits for the number of path ends already fixed.
pub trait Key: Copy + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The integer a window is edited in: it holds one cell more than the key (the square
    /// being processed).
    type W: Word;
    const BYTES: usize;
    /// The encoding's name in a checkpoint's tag (a checkpoint is resumed only by a run with
    /// the same encoding).
    const TAG: &'static str;
    /// A well-mixed hash (every bit depends on every bit of the key).
    fn hash64(self) -> u64;
    /// The window and the number of fixed path ends.
    fn split(self, cells: usize) -> (Self::W, u8);
    fn merge(window: Self::W, ends: u8, cells: usize) -> Self;
    fn write_le(self, out: &mut [u8]);
    fn read_le(bytes: &[u8]) -> Self;
    /// The key as a number, for sorted runs on disk (order-preserving, invertible).
    fn to_bits(self) -> u128;
    fn from_bits(bits: u128) -> Self;
    /// The same state from its two-word form (a checkpoint saved with [`Wide`] keys).
    fn from_wide(wide: Wide, cells: usize) -> Self {
        let (w, ends) = wide.split(cells);
        Self::merge(Self::W::from_u128(w), ends, cells)
    }
}

/// The finaliser of MurmurHash3: a cheap bijective mix of a 64-bit word.
#[inline]
pub(super) fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ h >> 33
}

impl Key for u64 {
    type W = u64;
    const BYTES: usize = 8;
    const TAG: &'static str = "8-byte keys";
    #[inline]
    fn hash64(self) -> u64 {
        mix(self)
    }
    #[inline(always)]
    fn split(self, cells: usize) -> (u64, u8) {
        let bits = 4 * cells as u32;
        (self & ((1 << bits) - 1), (self >> bits) as u8 & 3)
    }
    #[inline(always)]
    fn merge(window: u64, ends: u8, cells: usize) -> u64 {
        window | u64::from(ends) << (4 * cells)
    }
    fn write_le(self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        u64::from_le_bytes(b)
    }
    fn to_bits(self) -> u128 {
        u128::from(self)
    }
    fn from_bits(bits: u128) -> Self {
        bits as u64
    }
}

/// A 128-bit key as two words, so a (key, count) entry is 24 bytes rather than the 32 a
/// 16-byte-aligned `u128` would take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Wide {
    hi: u64,
    lo: u64,
}

impl Key for Wide {
    type W = u128;
    const BYTES: usize = 16;
    const TAG: &'static str = "16-byte keys";
    #[inline]
    fn hash64(self) -> u64 {
        mix(self.hi ^ mix(self.lo))
    }
    #[inline(always)]
    fn split(self, cells: usize) -> (u128, u8) {
        let v = u128::from(self.hi) << 64 | u128::from(self.lo);
        let bits = 4 * cells as u32;
        (v & ((1 << bits) - 1), (v >> bits) as u8 & 3)
    }
    #[inline(always)]
    fn merge(window: u128, ends: u8, cells: usize) -> Wide {
        let v = window | u128::from(ends) << (4 * cells);
        Wide {
            hi: (v >> 64) as u64,
            lo: v as u64,
        }
    }
    fn write_le(self, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.lo.to_le_bytes());
        out[8..].copy_from_slice(&self.hi.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let word = |b: &[u8]| {
            let mut a = [0u8; 8];
            a.copy_from_slice(b);
            u64::from_le_bytes(a)
        };
        Wide {
            lo: word(&bytes[..8]),
            hi: word(&bytes[8..]),
        }
    }
    fn to_bits(self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }
    fn from_bits(bits: u128) -> Self {
        Wide {
            hi: (bits >> 64) as u64,
            lo: bits as u64,
        }
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
    K::merge(word::lows(cells), 0, cells)
}

/// The accepting state after the last square.
pub fn accepting<K: Key>(cells: usize, mode: Mode) -> K {
    K::merge(
        word::lows(cells),
        if mode == Mode::Path { 2 } else { 0 },
        cells,
    )
}

/// One step of the plan in the word form the transition uses. Cell `p` of the edited window
/// is square `i - p` (cell 0 is the square being processed, cell `cells` the one dropped).
pub struct StepCode<W> {
    cells: usize,
    /// Cells of the earlier neighbours.
    back: [u32; 4],
    nback: usize,
    /// Cells finished by this step.
    expire: W,
    /// The first `cells + 1` cells, and `v` in each of them (`rep[v]`).
    lows: W,
    rep: [W; 16],
    /// The first `cells` cells: the window that is kept.
    keep_lows: W,
    rules: Rules<W>,
    /// What joining the new square by one or two edges does to the rules' tally (index
    /// `n - 1`), and whether it expires at once (then it needs an edge).
    new_square: [Tally<W>; 2],
    new_expires: bool,
    /// What an edge to the `k`-th earlier neighbour does to the tally, when it is FREE and
    /// when it is an end.
    to_free: [Tally<W>; 4],
    to_end: [Tally<W>; 4],
    mode: Mode,
    last: bool,
}

impl<W: Word> StepCode<W> {
    pub fn new(step: &Step, cells: usize, mode: Mode, last: bool) -> StepCode<W> {
        let lows: W = word::lows(cells + 1);
        let mut back = [0u32; 4];
        for (b, &k) in back.iter_mut().zip(&step.back) {
            *b = k as u32 + 1;
        }
        let rules = Rules::new(step, cells);
        let expires = |p: u32| step.expire >> p & 1 == 1;
        // An edge makes a FREE cell an end and an end DONE; an expiring end is DONE and a path
        // end already in the parent's reference tally, so an edge to it only takes that back.
        let edge = |p: u32, from: Class| match (from, expires(p)) {
            (Class::Free, false) => rules.change(p, Class::Free, Class::End, 0),
            (Class::Free, true) => rules.change(p, Class::Free, Class::Done, 1),
            (_, false) => rules.change(p, Class::End, Class::Done, 0),
            (_, true) => rules.change(p, Class::Done, Class::Done, -1),
        };
        let to = |from: Class| std::array::from_fn(|k| edge(back[k], from));
        StepCode {
            cells,
            back,
            nback: step.back.len(),
            expire: word::spread(step.expire),
            lows,
            rep: std::array::from_fn(|v| lows * W::from_u8(v as u8)),
            keep_lows: word::lows(cells),
            new_square: [
                edge(0, Class::Free),
                rules.change(0, Class::Free, Class::Done, 0),
            ],
            new_expires: expires(0),
            to_free: to(Class::Free),
            to_end: to(Class::End),
            rules,
            mode,
            last,
        }
    }

    /// The cells of `x` holding `v`, other than `at`.
    #[inline(always)]
    fn find(&self, x: W, v: u8, at: u32) -> W {
        word::zeros(x ^ self.rep[v as usize], self.lows) & !(W::ONE << (4 * at))
    }

    /// The other end of the fragment whose end is at `at` (label `v`), if in the window.
    #[inline(always)]
    fn partner(&self, x: W, at: u32, v: u8) -> Option<u32> {
        let m = self.find(x, v, at);
        (m != W::ZERO).then(|| m.trailing_zeros() / 4)
    }

    /// Joins the ends or free cells at `a` and `b` by an edge. `None`: the edge closes a cycle
    /// too early (or at all, for paths); the flag: it completes the whole structure.
    #[inline(always)]
    fn join(&self, x: W, a: u32, b: u32) -> Option<(W, bool)> {
        let (ca, cb) = (word::get(x, a), word::get(x, b));
        let both = |x: W, va: u8, vb: u8| word::set(word::set(x, a, va), b, vb);
        let y = match (ca, cb) {
            (FREE, FREE) => both(x, FRESH, FRESH),
            (FREE, end) => both(x, end, DONE),
            (end, FREE) => both(x, DONE, end),
            (DANGLING, DANGLING) => {
                return self.last.then_some((both(x, DONE, DONE), true));
            }
            (u, v) if u == v => {
                let closes = self.mode == Mode::Cycle && self.last;
                return closes.then_some((both(x, DONE, DONE), true));
            }
            (DANGLING, v) | (v, DANGLING) => {
                // The labelled end's partner now leads to an end of the path.
                let at = if ca == DANGLING { b } else { a };
                let q = self.partner(x, at, v);
                let y = both(x, DONE, DONE);
                q.map_or(y, |q| word::set(y, q, DANGLING))
            }
            (u, v) => {
                let q = self.partner(x, b, v);
                let y = both(x, DONE, DONE);
                q.map_or(y, |q| word::set(y, q, u))
            }
        };
        Some((y, false))
    }

    /// Whether the successor that joins the new square (cell 0) to the `n` cells of `chosen`
    /// can be completed, judged by the [`Rules`] on its *shape* alone: which cells are FREE,
    /// DONE or ends after the step, and how many path ends are fixed. The shape follows from
    /// the parent's without building the successor (an edge moves a cell from FREE to end or
    /// from end to DONE; an expiring end becomes DONE and a path end), so most dead successors
    /// are dropped before the labels are edited and renumbered.
    #[cfg(test)]
    fn viable(&self, shape: &Shape<W>, chosen: W, n: u32) -> bool {
        let new = W::ONE;
        let (mut free, mut end, mut done) = (shape.free, shape.end, shape.done);
        if n > 0 {
            free = free & !(chosen | new);
            end = (end & !chosen) | (shape.free & chosen);
            done = done | (shape.end & chosen);
            if n == 1 {
                end = end | new;
            } else {
                done = done | new;
            }
        }
        if free & self.expire != W::ZERO {
            return false;
        }
        let dying = end & self.expire;
        let left = match self.mode {
            Mode::Cycle if dying != W::ZERO => return false,
            Mode::Cycle => 0,
            Mode::Path => match 2u32.checked_sub(u32::from(shape.ends) + dying.ones()) {
                Some(left) => left,
                None => return false,
            },
        };
        let lows = self.keep_lows;
        self.rules.viable(
            free & lows,
            (done | dying) & lows,
            end & !dying & lows,
            left,
        )
    }

    /// Finishes the expiring cells, drops what closes early, and packs the canonical key.
    #[inline(always)]
    fn finish<K: Key<W = W>>(&self, mut x: W, mut ends: u8) -> Option<K> {
        let done = word::zeros(x ^ self.lows, self.lows);
        let mut expire = self.expire & !done;
        while expire != W::ZERO {
            let p = expire.trailing_zeros() / 4;
            expire = expire & !(W::ONE << (4 * p));
            match (word::get(x, p), self.mode) {
                (FREE, _) | (_, Mode::Cycle) => return None,
                (DANGLING, Mode::Path) => {
                    // Both ends of this fragment are ends of the path: it is the whole path.
                    ends += 1;
                    x = word::set(x, p, DONE);
                    if !self.last {
                        return None;
                    }
                }
                (v, Mode::Path) => {
                    ends += 1;
                    let q = self.partner(x, p, v);
                    x = word::set(x, p, DONE);
                    if let Some(q) = q {
                        x = word::set(x, q, DANGLING);
                    }
                }
            }
        }
        let cells = self.cells as u32;
        if ends > 2 || word::get(x, cells) != DONE {
            return None;
        }
        let lows = self.keep_lows;
        let x = x & word::fill(lows);
        let free = word::zeros(x, lows);
        let done = word::zeros(x ^ lows, lows);
        let end = lows & !(free | done);
        // Canonical labels, in order of first appearance: the pair whose first end is lowest
        // gets the first label, and so on.
        let dangling = word::zeros(x ^ self.rep[DANGLING as usize], lows);
        let mut todo = end & !dangling;
        let mut out = x;
        let mut next = FIRST_LABEL;
        while todo != W::ZERO {
            let v = word::get(x, todo.trailing_zeros() / 4);
            let pair = word::zeros(x ^ self.rep[v as usize], lows) & todo;
            todo = todo & !pair;
            out = (out & !word::fill(pair)) | (pair * W::from_u8(next));
            next += 1;
        }
        Some(K::merge(out, ends, self.cells))
    }

    /// Processes one square: every way of joining it to at most two earlier neighbours, then
    /// finishes the cells whose neighbours are all processed. Calls `emit` with each successor.
    #[inline(always)]
    pub fn expand<K: Key<W = W>>(&self, key: K, mut emit: impl FnMut(K)) {
        let (old, ends) = key.split(self.cells);
        // The new square, FREE, in front.
        let base = old << 4;
        let free = word::zeros(base, self.lows);
        let done = word::zeros(base ^ self.lows, self.lows);
        let end = self.lows & !(free | done);
        let mut cand = [0u32; 4];
        let mut delta = [&self.to_free[0]; 4];
        let mut nc = 0;
        let mut cand_set = W::ZERO;
        // Without a branch: which neighbours are DONE is data the predictor cannot learn.
        for (k, &p) in self.back[..self.nback].iter().enumerate() {
            let open = (done >> (4 * p)).low_nibble() ^ 1;
            cand[nc] = p;
            delta[nc] =
                [&self.to_free[k], &self.to_end[k]][usize::from((end >> (4 * p)).low_nibble())];
            cand_set = cand_set | W::from_u8(open) << (4 * p);
            nc += usize::from(open);
        }
        // A FREE cell that expires now must be joined to the new square, so it must be a
        // candidate, and at most two can be.
        let must = free & self.expire & !W::ONE;
        if must & !cand_set != W::ZERO || must.ones() > 2 {
            return;
        }
        // Each choice of edges is judged by the rules before its successor is built: its
        // tally is the parent's reference plus the changes of the cells it touches.
        let cycle = self.mode == Mode::Cycle;
        let reference = self.rules.reference(free, end, done);
        let judge = |t: &Tally<W>| self.rules.judge(t, ends, cycle);
        let mut finish = |x: W| {
            if let Some(k) = self.finish(x, ends) {
                emit(k);
            }
        };
        if must == W::ZERO && !self.new_expires && judge(&reference) {
            // No edge back.
            finish(base);
        }
        let by_one = reference.apply(&self.new_square[0]);
        let by_two = reference.apply(&self.new_square[1]);
        for i in 0..nc {
            let a = W::ONE << (4 * cand[i]);
            let alone = must & !a == W::ZERO && judge(&by_one.apply(delta[i]));
            // The second edges that lead to a viable successor, as a bit per index into `cand`.
            let with_a = by_two.apply(delta[i]);
            let mut pairs = 0u32;
            for j in i + 1..nc {
                let both = a | W::ONE << (4 * cand[j]);
                if must & !both == W::ZERO && judge(&with_a.apply(delta[j])) {
                    pairs |= 1 << j;
                }
            }
            if !alone && pairs == 0 {
                continue;
            }
            let Some((one, complete)) = self.join(base, 0, cand[i]) else {
                continue;
            };
            if alone {
                finish(one);
            }
            // A second edge from a square that just completed the structure is impossible.
            if complete {
                continue;
            }
            while pairs != 0 {
                let j = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                if let Some((two, _)) = self.join(one, 0, cand[j]) {
                    finish(two);
                }
            }
        }
    }
}

#[cfg(test)]
impl<W: Word> StepCode<W> {
    /// Every choice of at most two edges from the new square that `expand` may take (the
    /// expiring FREE cells among them): the verdict of the tally, and of the rules counted
    /// afresh on the successor's shape.
    fn verdicts<K: Key<W = W>>(&self, key: K) -> Vec<(bool, bool)> {
        let (old, ends) = key.split(self.cells);
        let base = old << 4;
        let free = word::zeros(base, self.lows);
        let done = word::zeros(base ^ self.lows, self.lows);
        let end = self.lows & !(free | done);
        let shape = Shape {
            free,
            done,
            end,
            ends,
        };
        let reference = self.rules.reference(free, end, done);
        let cycle = self.mode == Mode::Cycle;
        let judge = |t: Tally<W>| self.rules.judge(&t, ends, cycle);
        let must = free & self.expire & !W::ONE;
        let open: Vec<usize> = (0..self.nback)
            .filter(|&k| done & W::ONE << (4 * self.back[k]) == W::ZERO)
            .collect();
        let delta = |k: usize| {
            if free & W::ONE << (4 * self.back[k]) != W::ZERO {
                &self.to_free[k]
            } else {
                &self.to_end[k]
            }
        };
        let bit = |k: usize| W::ONE << (4 * self.back[k]);
        let mut out = Vec::new();
        if must == W::ZERO {
            let fast = !self.new_expires && judge(reference);
            out.push((fast, self.viable(&shape, W::ZERO, 0)));
        }
        for (i, &a) in open.iter().enumerate() {
            if must & !bit(a) == W::ZERO {
                let fast = judge(reference.apply(&self.new_square[0]).apply(delta(a)));
                out.push((fast, self.viable(&shape, bit(a), 1)));
            }
            for &b in &open[i + 1..] {
                let both = bit(a) | bit(b);
                if must & !both == W::ZERO {
                    let t = reference
                        .apply(&self.new_square[1])
                        .apply(delta(a))
                        .apply(delta(b));
                    out.push((judge(t), self.viable(&shape, both, 2)));
                }
            }
        }
        out
    }
}

/// The cell classes of a parent state's edited window (cell 0 the new square, FREE), and its
/// fixed path ends.
#[cfg(test)]
struct Shape<W> {
    free: W,
    done: W,
    end: W,
    ends: u8,
}

/// Expands every state of `chunk` into `out`, each successor with its parent's count.
pub fn expand_chunk<K: Key, C: Copy>(
    chunk: &[(K, C)],
    code: &StepCode<K::W>,
    out: &mut Vec<(K, C)>,
) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the one feature `expand_chunk_popcnt` is compiled for.
        unsafe { expand_chunk_popcnt(chunk, code, out) };
        return;
    }
    expand_chunk_portable(chunk, code, out);
}

/// The same code with the `popcnt` instruction: the pruning counts cell sets, and without it
/// (the default x86-64 target) a count is a dozen instructions.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn expand_chunk_popcnt<K: Key, C: Copy>(
    chunk: &[(K, C)],
    code: &StepCode<K::W>,
    out: &mut Vec<(K, C)>,
) {
    expand_chunk_portable(chunk, code, out);
}

#[inline(always)]
fn expand_chunk_portable<K: Key, C: Copy>(
    chunk: &[(K, C)],
    code: &StepCode<K::W>,
    out: &mut Vec<(K, C)>,
) {
    for &(key, c) in chunk {
        code.expand(key, |k| out.push((k, c)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knights::counting::frontier::plan::Plan;

    /// Packs cells given oldest-last, as the window holds them (cell 0 first).
    fn key(cells: &[u8], ends: u8) -> u64 {
        let w = cells
            .iter()
            .enumerate()
            .fold(0u64, |m, (p, &c)| m | u64::from(c) << (4 * p));
        u64::merge(w, ends, cells.len())
    }

    #[test]
    fn keys_round_trip_and_wide_keys_keep_all_bits() {
        let k = key(&[0, 1, 2, 3, 4, 4, 3, 15], 2);
        assert_eq!(k.split(8), (0xf344_3210, 2));
        let w = Wide::merge(0xab << 96 | 0x5, 1, 26);
        assert_eq!(w.split(26), (0xab << 96 | 0x5, 1));
        let mut b = [0u8; 16];
        w.write_le(&mut b);
        assert_eq!(Wide::read_le(&b), w);
    }

    #[test]
    fn tallies_judge_every_choice_as_the_rules_counted_afresh() {
        // Every state of every layer, every choice of edges, open paths and circuits, in
        // both key widths: the incremental tally and the rules on the successor's shape agree.
        fn check<K: Key>(w: usize, h: usize, mode: Mode) -> (usize, usize) {
            let plan = Plan::new(w, h);
            let mut layer: Vec<K> = vec![initial(plan.cells)];
            let (mut choices, mut viable) = (0, 0);
            for (i, step) in plan.steps.iter().enumerate() {
                let code: StepCode<K::W> = StepCode::new(step, plan.cells, mode, i + 1 == plan.n);
                let mut next = Vec::new();
                for &k in &layer {
                    for (fast, slow) in code.verdicts(k) {
                        assert_eq!(fast, slow, "{w}x{h} {mode:?} square {i} state {k:?}");
                        choices += 1;
                        viable += usize::from(fast);
                    }
                    code.expand(k, |s: K| next.push(s));
                }
                let mut seen = std::collections::HashSet::new();
                next.retain(|k| seen.insert(format!("{k:?}")));
                layer = next;
            }
            (choices, viable)
        }
        for (w, h) in [(5, 6), (4, 7), (3, 8)] {
            for mode in [Mode::Path, Mode::Cycle] {
                let (choices, viable) = check::<u64>(w, h, mode);
                assert!(
                    viable > 50 && viable < choices,
                    "{w}x{h} {mode:?}: {viable}/{choices}"
                );
                assert_eq!(check::<Wide>(w, h, mode), (choices, viable));
            }
        }
    }

    #[test]
    fn every_reachable_state_has_canonical_labels() {
        // Open paths on 5 x 6: every state of every layer has its labels in order of first
        // appearance from FIRST_LABEL, each label on exactly two cells.
        let plan = Plan::new(5, 6);
        let mut layer: Vec<u64> = vec![initial(plan.cells)];
        let mut seen = 0;
        for (i, step) in plan.steps.iter().enumerate() {
            let code: StepCode<u64> = StepCode::new(step, plan.cells, Mode::Path, i + 1 == plan.n);
            let mut next = Vec::new();
            for &k in &layer {
                code.expand(k, |s: u64| next.push(s));
            }
            next.sort_unstable();
            next.dedup();
            for &k in &next {
                let (w, ends) = k.split(plan.cells);
                assert!(ends <= 2);
                let cells: Vec<u8> = (0..plan.cells as u32).map(|p| word::get(w, p)).collect();
                let mut next_label = FIRST_LABEL;
                for &c in &cells {
                    if c >= FIRST_LABEL {
                        assert!(c <= next_label, "{cells:?}");
                        next_label = next_label.max(c + 1);
                        assert_eq!(cells.iter().filter(|&&d| d == c).count(), 2, "{cells:?}");
                    }
                }
            }
            seen += next.len();
            layer = next;
        }
        assert_eq!(layer, vec![accepting::<u64>(plan.cells, Mode::Path)]);
        assert!(seen > 10_000, "{seen}");
    }
}

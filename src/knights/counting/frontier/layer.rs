//! A layer of the programme: its distinct states with their counts, split into shards by a hash
//! of the state. Successors are partitioned by shard first, so each shard's hash table is small
//! enough to stay in cache while a thread adds into it, and the shards are added in parallel.
//! When the tables pass the memory cap, every shard appends its table to its own file and
//! starts afresh; reading the shard back adds the file's entries up again. A shard is at most a
//! small part of the cap, so a layer is limited by the disk, not by memory.
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs (spilled shard tables).

use super::number::Amount;
use super::runs;
use super::state::Key;
use hashbrown::HashTable;
use rayon::prelude::*;

use std::io::{self, Write};
use std::path::PathBuf;

/// One `(state, count)` entry.
pub type Entry<K, C> = (K, C);

/// Where spilled shards go, and what was spilled.
pub struct Spill {
    dir: Option<tempfile::TempDir>,
    parent: Option<PathBuf>,
    next: u64,
    /// Shard tables written out, and their bytes.
    pub writes: u64,
    pub bytes: u64,
}

impl Spill {
    /// Spill files go to a fresh directory under `parent` (default: the system's temp dir),
    /// removed when this is dropped.
    pub fn new(parent: Option<PathBuf>) -> Spill {
        Spill {
            dir: None,
            parent,
            next: 0,
            writes: 0,
            bytes: 0,
        }
    }

    fn new_path(&mut self) -> io::Result<PathBuf> {
        let dir = match &mut self.dir {
            Some(d) => d.path().to_path_buf(),
            None => {
                let mut b = tempfile::Builder::new();
                b.prefix("knights-frontier-");
                let d = match &self.parent {
                    Some(p) => b.tempdir_in(p)?,
                    None => b.tempdir()?,
                };
                let path = d.path().to_path_buf();
                self.dir = Some(d);
                path
            }
        };
        self.next += 1;
        Ok(dir.join(format!("shard-{}.bin", self.next)))
    }
}

/// Successors of a batch, grouped by shard: shard `j`'s are `entries[start[j]..start[j + 1]]`.
pub struct Parted<K, C> {
    entries: Vec<Entry<K, C>>,
    start: Vec<u32>,
}

impl<K: Key, C: Amount> Parted<K, C> {
    /// Groups `raw` by the shard of each state (a counting sort), for a layer of `2^bits` shards.
    /// Each state is hashed once: its shard is kept for the second pass.
    pub fn new(raw: &[Entry<K, C>], bits: u32) -> Parted<K, C> {
        debug_assert!(bits <= 16, "shard indices are kept as u16");
        let shards = 1usize << bits;
        let mut start = vec![0u32; shards + 1];
        let of: Vec<u16> = raw
            .iter()
            .map(|&(k, _)| {
                let j = shard_of(k, bits);
                start[j + 1] += 1;
                j as u16
            })
            .collect();
        for j in 0..shards {
            start[j + 1] += start[j];
        }
        let mut at = start.clone();
        let mut entries = raw.first().map_or_else(Vec::new, |&e| vec![e; raw.len()]);
        for (&e, &j) in raw.iter().zip(&of) {
            entries[at[j as usize] as usize] = e;
            at[j as usize] += 1;
        }
        Parted { entries, start }
    }

    fn shard(&self, j: usize) -> &[Entry<K, C>] {
        &self.entries[self.start[j] as usize..self.start[j + 1] as usize]
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry<K, C>>() + self.start.capacity() * 4
    }
}

#[inline]
fn shard_of<K: Key>(k: K, bits: u32) -> usize {
    // The middle bits of the hash: the table itself uses the low bits and the top seven.
    ((k.hash64() >> 24) & ((1u64 << bits) - 1)) as usize
}

/// Adds `c` to the count of `k` in `table` (one probe, whether `k` is new or not).
#[inline]
fn add_to<K: Key, C: Amount>(table: &mut HashTable<Entry<K, C>>, k: K, c: C) {
    match table.entry(k.hash64(), |e| e.0 == k, |e| e.0.hash64()) {
        hashbrown::hash_table::Entry::Occupied(mut e) => {
            let e = e.get_mut();
            e.1 = e.1.plus(c);
        }
        hashbrown::hash_table::Entry::Vacant(v) => {
            v.insert((k, c));
        }
    }
}

struct Shard<K, C> {
    table: HashTable<Entry<K, C>>,
    /// Earlier tables of this shard written to disk, and their entries.
    file: Option<(PathBuf, u64)>,
}

/// The next layer while it is built.
pub struct Building<K, C> {
    shards: Vec<Shard<K, C>>,
    bits: u32,
    /// The share of successors expected to be new states (the last layer's), to size the
    /// tables once per batch instead of growing them a few times (each a rehash).
    new_share: f64,
}

impl<K: Key, C: Amount> Building<K, C> {
    /// An empty layer of `2^bits` shards, expecting `new_share` of the successors added to be
    /// distinct states (a hint: 1 reserves room for all).
    pub fn new(bits: u32, new_share: f64) -> Building<K, C> {
        Building {
            new_share: new_share.clamp(0.0, 1.0),
            shards: (0..1usize << bits)
                .map(|_| Shard {
                    table: HashTable::new(),
                    file: None,
                })
                .collect(),
            bits,
        }
    }

    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Adds a batch of successors, every shard in parallel.
    pub fn add(&mut self, parts: &[Parted<K, C>]) {
        let share = self.new_share;
        self.shards
            .par_iter_mut()
            .enumerate()
            .for_each(|(j, shard)| {
                let t = &mut shard.table;
                let more: usize = parts.iter().map(|p| p.shard(j).len()).sum();
                t.reserve((more as f64 * share) as usize, |e| e.0.hash64());
                for p in parts {
                    for &(k, c) in p.shard(j) {
                        add_to(t, k, c);
                    }
                }
            });
    }

    /// Bytes the tables hold.
    pub fn mem_bytes(&self) -> usize {
        self.shards.iter().map(|s| s.table.allocation_size()).sum()
    }

    /// Writes every shard's table to disk, merged with what the shard spilled before into
    /// one sorted run ([`super::runs`]), and empties the tables.
    pub fn spill(&mut self, spill: &mut Spill) -> io::Result<()> {
        let mut paths = Vec::with_capacity(self.shards.len());
        for shard in &self.shards {
            paths.push(if shard.table.is_empty() {
                None
            } else {
                Some(spill.new_path()?)
            });
        }
        let written: Vec<io::Result<(u64, u64)>> = self
            .shards
            .par_iter_mut()
            .zip(paths)
            .map(|(shard, path)| {
                let Some(path) = path else {
                    return Ok((0, 0));
                };
                let mut fresh: Vec<Entry<K, C>> =
                    std::mem::take(&mut shard.table).into_iter().collect();
                fresh.sort_unstable_by_key(|e| e.0.to_bits());
                let old = shard.file.take();
                let (n, bytes) =
                    runs::merge_into(&fresh, old.as_ref().map(|(p, n)| (p.as_path(), *n)), &path)?;
                shard.file = Some((path, n));
                Ok((1, bytes))
            })
            .collect();
        for w in written {
            let (runs, bytes) = w?;
            spill.writes += runs;
            spill.bytes += bytes;
        }
        Ok(())
    }

    /// The finished layer: every table in memory becomes a compact vector.
    pub fn finish(self) -> Layer<K, C> {
        let parts = self
            .shards
            .into_par_iter()
            .map(|s| Part {
                entries: s.table.into_iter().collect(),
                file: s.file,
            })
            .collect();
        Layer { parts }
    }
}

/// One shard of a finished layer.
pub struct Part<K, C> {
    entries: Vec<Entry<K, C>>,
    file: Option<(PathBuf, u64)>,
}

impl<K: Key, C: Amount> Part<K, C> {
    /// Its distinct states: the vector, with the spilled file's entries added (the file is
    /// removed once read).
    pub fn load(self) -> io::Result<Vec<Entry<K, C>>> {
        let Some((path, len)) = self.file else {
            return Ok(self.entries);
        };
        let mut table: HashTable<Entry<K, C>> =
            HashTable::with_capacity(self.entries.len() + len as usize);
        for (k, c) in self.entries {
            add_to(&mut table, k, c);
        }
        let mut input = runs::RunReader::open(&path, len)?;
        while let Some((k, c)) = input.next_entry::<K, C>()? {
            add_to(&mut table, k, c);
        }
        drop(input);
        // Give the disk space back now rather than at the end of the run.
        let _ = std::fs::remove_file(&path);
        Ok(table.into_iter().collect())
    }

    /// Bytes it holds in memory.
    pub fn mem_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry<K, C>>()
    }
}

/// One spilled or checkpointed `(state, count)` record: the key, then the count, little-endian.
fn put_record<K: Key, C: Amount>(buf: &mut [u8], k: K, c: C) {
    k.write_le(&mut buf[..K::BYTES]);
    c.write_le(&mut buf[K::BYTES..K::BYTES + C::BYTES]);
}

pub(super) fn get_record<K: Key, C: Amount>(buf: &[u8]) -> Entry<K, C> {
    (
        K::read_le(&buf[..K::BYTES]),
        C::read_le(&buf[K::BYTES..K::BYTES + C::BYTES]),
    )
}

/// A finished layer: its shards, each a vector and perhaps a file.
pub struct Layer<K, C> {
    parts: Vec<Part<K, C>>,
}

impl<K: Key, C: Amount> Layer<K, C> {
    pub fn single(entries: Vec<Entry<K, C>>) -> Layer<K, C> {
        Layer {
            parts: vec![Part {
                entries,
                file: None,
            }],
        }
    }

    pub fn mem_bytes(&self) -> usize {
        self.parts.iter().map(Part::mem_bytes).sum()
    }

    /// Distinct states in memory and on disk (an upper bound where a state was spilled twice).
    pub fn len(&self) -> u64 {
        self.parts
            .iter()
            .map(|p| p.entries.len() as u64 + p.file.as_ref().map_or(0, |f| f.1))
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn shards(&self) -> usize {
        self.parts.len()
    }

    /// The shards, to be loaded one at a time.
    pub fn into_parts(self) -> Vec<Part<K, C>> {
        self.parts
    }

    /// Writes the entries held in memory as records; returns how many.
    pub fn write_memory_records(&self, out: &mut impl Write) -> io::Result<u64> {
        let mut buf = vec![0u8; K::BYTES + C::BYTES];
        let mut n = 0;
        for p in &self.parts {
            for &(k, c) in &p.entries {
                put_record(&mut buf, k, c);
                out.write_all(&buf)?;
            }
            n += p.entries.len() as u64;
        }
        Ok(n)
    }

    /// The spill files of the shards and their records (a state may appear in several, and
    /// beside the memory entries: reading adds them up).
    pub fn spilled_files(&self) -> impl Iterator<Item = (&std::path::Path, u64)> {
        self.parts
            .iter()
            .filter_map(|p| p.file.as_ref().map(|(path, n)| (path.as_path(), *n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(layer: Layer<u64, u64>) -> Vec<Entry<u64, u64>> {
        let mut all = Vec::new();
        for p in layer.into_parts() {
            all.extend(p.load().unwrap_or_else(|e| panic!("{e}")));
        }
        all.sort_unstable();
        all
    }

    #[test]
    fn batches_add_up_in_memory_and_through_spilled_files() {
        let batches: Vec<Vec<Entry<u64, u64>>> = vec![
            vec![(1, 1), (5, 2), (9, 3), (1, 4)],
            vec![(1, 10), (6, 20)],
            vec![(0, 7), (9, u64::MAX)],
        ];
        // 3 + u64::MAX saturates: never a wrapped count.
        let want = vec![(0, 7), (1, 15), (5, 2), (6, 20), (9, u64::MAX)];
        for spill_after in [false, true] {
            let mut spill = Spill::new(None);
            let mut b: Building<u64, u64> = Building::new(2, 0.5);
            for batch in &batches {
                b.add(&[Parted::new(batch, b.bits())]);
                if spill_after {
                    b.spill(&mut spill).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            assert_eq!(spill.writes > 0, spill_after);
            let layer = b.finish();
            assert!(layer.len() >= want.len() as u64);
            assert_eq!(sorted(layer), want);
        }
    }
}

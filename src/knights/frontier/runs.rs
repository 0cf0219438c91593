//! A layer of the programme as sorted runs of `(state, count)`: in memory while they fit under
//! the cap, spilled to files when they do not. Reading a layer merges its runs (a k-way merge
//! that adds the counts of equal states), so memory holds only the runs that fit plus one
//! buffer per spilled file.

use super::state::Key;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;

/// One `(state, count)` entry.
pub type Entry<K> = (K, u64);

/// Merge the in-memory runs into one when there are more than this (keeps merges cheap).
const FAN_IN: usize = 12;

/// Where spilled runs go, and what was spilled.
pub struct Spill {
    dir: Option<tempfile::TempDir>,
    parent: Option<PathBuf>,
    next: u64,
    pub files: u64,
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
            files: 0,
            bytes: 0,
        }
    }

    fn path(&mut self) -> io::Result<PathBuf> {
        if self.dir.is_none() {
            let mut b = tempfile::Builder::new();
            b.prefix("knights-frontier-");
            self.dir = Some(match &self.parent {
                Some(p) => b.tempdir_in(p)?,
                None => b.tempdir()?,
            });
        }
        self.next += 1;
        let dir = self.dir.as_ref().map(|d| d.path().to_path_buf());
        Ok(dir
            .unwrap_or_default()
            .join(format!("run-{}.bin", self.next)))
    }
}

/// The runs of one layer.
pub struct Layer<K> {
    mem: Vec<Vec<Entry<K>>>,
    files: Vec<(PathBuf, u64)>,
}

impl<K: Key> Layer<K> {
    pub fn single(entries: Vec<Entry<K>>) -> Layer<K> {
        Layer {
            mem: vec![entries],
            files: Vec::new(),
        }
    }

    pub fn mem_bytes(&self) -> usize {
        self.mem.iter().map(|r| r.capacity()).sum::<usize>() * std::mem::size_of::<Entry<K>>()
    }

    pub fn reader(self) -> io::Result<Merged<K>> {
        let mut sources = Vec::with_capacity(self.mem.len() + self.files.len());
        for run in self.mem {
            sources.push(Source::Mem(run.into_iter()));
        }
        for (path, len) in self.files {
            let file = File::open(&path)?;
            sources.push(Source::File {
                reader: BufReader::with_capacity(1 << 20, file),
                left: len,
                path,
                buf: vec![0u8; K::BYTES + 8],
            });
        }
        Merged::new(sources)
    }
}

/// Collects the sorted runs of the next layer, keeping memory under `cap` bytes.
pub struct Builder<'s, K> {
    layer: Layer<K>,
    cap: usize,
    spill: &'s mut Spill,
}

impl<'s, K: Key> Builder<'s, K> {
    pub fn new(cap: usize, spill: &'s mut Spill) -> Builder<'s, K> {
        Builder {
            layer: Layer {
                mem: Vec::new(),
                files: Vec::new(),
            },
            cap,
            spill,
        }
    }

    pub fn mem_bytes(&self) -> usize {
        self.layer.mem_bytes()
    }

    /// Adds a sorted run without duplicates; `other` is memory held elsewhere meanwhile.
    pub fn push(&mut self, run: Vec<Entry<K>>, other: usize) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        self.layer.mem.push(run);
        if self.layer.mem.len() > FAN_IN {
            let runs = std::mem::take(&mut self.layer.mem);
            let merged = merge_all(runs)?;
            self.layer.mem.push(merged);
        }
        if self.layer.mem_bytes() + other > self.cap {
            self.spill_all()?;
        }
        Ok(())
    }

    /// Writes the in-memory runs, merged, to one file.
    fn spill_all(&mut self) -> io::Result<()> {
        let runs = std::mem::take(&mut self.layer.mem);
        let path = self.spill.path()?;
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&path)?);
        let mut merged = Merged::new(
            runs.into_iter()
                .map(|r| Source::Mem(r.into_iter()))
                .collect(),
        )?;
        let mut buf = vec![0u8; K::BYTES + 8];
        let mut len = 0u64;
        while let Some((k, c)) = merged.next_entry()? {
            k.write_le(&mut buf[..K::BYTES]);
            buf[K::BYTES..].copy_from_slice(&c.to_le_bytes());
            out.write_all(&buf)?;
            len += 1;
        }
        out.flush()?;
        self.spill.files += 1;
        self.spill.bytes += len * (K::BYTES as u64 + 8);
        self.layer.files.push((path, len));
        Ok(())
    }

    pub fn finish(self) -> Layer<K> {
        self.layer
    }
}

fn merge_all<K: Key>(runs: Vec<Vec<Entry<K>>>) -> io::Result<Vec<Entry<K>>> {
    let total = runs.iter().map(Vec::len).sum();
    let mut merged = Merged::new(
        runs.into_iter()
            .map(|r| Source::Mem(r.into_iter()))
            .collect(),
    )?;
    let mut out = Vec::with_capacity(total);
    while let Some(e) = merged.next_entry()? {
        out.push(e);
    }
    out.shrink_to_fit();
    Ok(out)
}

enum Source<K> {
    Mem(std::vec::IntoIter<Entry<K>>),
    File {
        reader: BufReader<File>,
        left: u64,
        path: PathBuf,
        buf: Vec<u8>,
    },
}

impl<K: Key> Source<K> {
    fn next(&mut self) -> io::Result<Option<Entry<K>>> {
        match self {
            Source::Mem(it) => Ok(it.next()),
            Source::File {
                reader,
                left,
                path,
                buf,
            } => {
                if *left == 0 {
                    // Done with this run: give the disk space back now.
                    let _ = std::fs::remove_file(&*path);
                    return Ok(None);
                }
                reader.read_exact(buf)?;
                *left -= 1;
                let mut c = [0u8; 8];
                c.copy_from_slice(&buf[K::BYTES..]);
                Ok(Some((K::read_le(&buf[..K::BYTES]), u64::from_le_bytes(c))))
            }
        }
    }
}

/// The merge of sorted runs, equal states combined (counts added modulo 2^64).
pub struct Merged<K> {
    sources: Vec<Source<K>>,
    heads: Vec<u64>,
    heap: BinaryHeap<Reverse<(K, usize)>>,
}

impl<K: Key> Merged<K> {
    fn new(mut sources: Vec<Source<K>>) -> io::Result<Merged<K>> {
        let mut heap = BinaryHeap::with_capacity(sources.len());
        let mut heads = vec![0; sources.len()];
        for (i, s) in sources.iter_mut().enumerate() {
            if let Some((k, c)) = s.next()? {
                heads[i] = c;
                heap.push(Reverse((k, i)));
            }
        }
        Ok(Merged {
            sources,
            heads,
            heap,
        })
    }

    pub fn next_entry(&mut self) -> io::Result<Option<Entry<K>>> {
        let Some(Reverse((key, _))) = self.heap.peek().copied() else {
            return Ok(None);
        };
        let mut count = 0u64;
        while let Some(&Reverse((k, i))) = self.heap.peek() {
            if k != key {
                break;
            }
            count = count.wrapping_add(self.heads[i]);
            match self.sources[i].next()? {
                Some((k2, c2)) => {
                    self.heads[i] = c2;
                    // Replace the top in place (one sift instead of a pop and a push).
                    if let Some(mut top) = self.heap.peek_mut() {
                        *top = Reverse((k2, i));
                    }
                }
                None => {
                    self.heap.pop();
                }
            }
        }
        Ok(Some((key, count)))
    }

    /// Up to `n` merged entries.
    pub fn batch(&mut self, n: usize) -> io::Result<Vec<Entry<K>>> {
        let mut out = Vec::with_capacity(n.min(1 << 22));
        while out.len() < n {
            match self.next_entry()? {
                Some(e) => out.push(e),
                None => break,
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spilled_and_memory_runs_merge_with_counts_added() {
        let mut spill = Spill::new(None);
        let mut b: Builder<u64> = Builder::new(64, &mut spill);
        let push = |b: &mut Builder<u64>, r: Vec<Entry<u64>>| {
            b.push(r, 0).unwrap_or_else(|e| panic!("{e}"))
        };
        push(&mut b, vec![(1, 1), (5, 2), (9, 3)]);
        push(&mut b, vec![(1, 10), (6, 20)]);
        push(&mut b, vec![(0, 7), (9, u64::MAX)]);
        let layer = b.finish();
        assert!(!layer.files.is_empty(), "a 64-byte cap spills");
        let mut r = layer.reader().unwrap_or_else(|e| panic!("{e}"));
        let all = r.batch(100).unwrap_or_default();
        assert_eq!(all, vec![(0, 7), (1, 11), (5, 2), (6, 20), (9, 2)]);
        assert!(spill.files >= 1);
    }
}

//! Sorted runs: how a shard's spilled states lie on disk. A run holds distinct states in
//! increasing key order, each as the difference from the previous key and then the count's
//! 64-bit words, all as LEB128 varints: on the 8 x 8 count a state takes about half the 16
//! bytes of a fixed record. A shard spilled again is merged with its run (equal states add
//! up), so the disk holds each state of a layer once instead of once per spill.
//!
//! Tested by: the unit tests below; tests/knights_frontier.rs (counts through spilled runs).

use super::number::Amount;
use super::state::Key;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

fn write_varint(out: &mut impl Write, mut v: u128) -> io::Result<usize> {
    let mut buf = [0u8; 19];
    let mut n = 0;
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            buf[n] = byte;
            n += 1;
            break;
        }
        buf[n] = byte | 0x80;
        n += 1;
    }
    out.write_all(&buf[..n])?;
    Ok(n)
}

fn read_varint(input: &mut impl Read) -> io::Result<u128> {
    let mut v = 0u128;
    for shift in (0..128).step_by(7) {
        let mut b = [0u8; 1];
        input.read_exact(&mut b)?;
        v |= u128::from(b[0] & 0x7f) << shift;
        if b[0] & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        "a spilled run holds a number of more than 128 bits",
    ))
}

/// Writes a run; entries must come in strictly increasing key order.
pub struct RunWriter {
    out: BufWriter<File>,
    prev: Option<u128>,
    records: u64,
    bytes: u64,
    words: Vec<u8>,
}

impl RunWriter {
    pub fn create(path: &Path) -> io::Result<RunWriter> {
        Ok(RunWriter {
            out: BufWriter::with_capacity(1 << 16, File::create(path)?),
            prev: None,
            records: 0,
            bytes: 0,
            words: Vec::new(),
        })
    }

    pub fn push<K: Key, C: Amount>(&mut self, k: K, c: C) -> io::Result<()> {
        let bits = k.to_bits();
        let delta = match self.prev {
            Some(p) if bits > p => bits - p,
            None => bits,
            Some(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "a run's states must come in increasing order",
                ))
            }
        };
        self.prev = Some(bits);
        self.bytes += write_varint(&mut self.out, delta)? as u64;
        self.words.resize(C::BYTES, 0);
        c.write_le(&mut self.words);
        for w in self.words.chunks_exact(8) {
            let mut a = [0u8; 8];
            a.copy_from_slice(w);
            self.bytes += write_varint(&mut self.out, u128::from(u64::from_le_bytes(a)))? as u64;
        }
        self.records += 1;
        Ok(())
    }

    /// Flushes the run; returns its records and bytes.
    pub fn finish(self) -> io::Result<(u64, u64)> {
        self.out.into_inner().map_err(|e| e.into_error())?;
        Ok((self.records, self.bytes))
    }
}

/// Reads a run of a known number of records.
pub struct RunReader {
    input: BufReader<File>,
    prev: u128,
    left: u64,
    words: Vec<u8>,
}

impl RunReader {
    pub fn open(path: &Path, records: u64) -> io::Result<RunReader> {
        Ok(RunReader {
            input: BufReader::with_capacity(1 << 16, File::open(path)?),
            prev: 0,
            left: records,
            words: Vec::new(),
        })
    }

    /// The next entry, `None` after the last (an error if the file has more or less).
    pub fn next_entry<K: Key, C: Amount>(&mut self) -> io::Result<Option<(K, C)>> {
        if self.left == 0 {
            let mut b = [0u8; 1];
            return match self.input.read(&mut b)? {
                0 => Ok(None),
                _ => Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a spilled run is longer than its record count",
                )),
            };
        }
        self.left -= 1;
        self.prev += read_varint(&mut self.input)?;
        self.words.clear();
        for _ in 0..C::BYTES / 8 {
            let w = read_varint(&mut self.input)?;
            let w = u64::try_from(w).map_err(|_| {
                io::Error::new(io::ErrorKind::InvalidData, "a count word past 64 bits")
            })?;
            self.words.extend_from_slice(&w.to_le_bytes());
        }
        Ok(Some((K::from_bits(self.prev), C::read_le(&self.words))))
    }
}

/// Writes `fresh` (sorted by key, distinct) merged with the run `old` (if any) as a new run
/// at `path`; equal states add their counts. Returns the new run's records and bytes; the old
/// run's file is removed.
pub fn merge_into<K: Key, C: Amount>(
    fresh: &[(K, C)],
    old: Option<(&Path, u64)>,
    path: &Path,
) -> io::Result<(u64, u64)> {
    let mut out = RunWriter::create(path)?;
    let mut reader = old.map(|(p, n)| RunReader::open(p, n)).transpose()?;
    let next_old = |r: &mut Option<RunReader>| -> io::Result<Option<(K, C)>> {
        match r {
            Some(r) => r.next_entry(),
            None => Ok(None),
        }
    };
    let mut a = next_old(&mut reader)?;
    let mut i = 0;
    loop {
        match (a, fresh.get(i)) {
            (None, None) => break,
            (Some((k, c)), None) => {
                out.push(k, c)?;
                a = next_old(&mut reader)?;
            }
            (None, Some(&(k, c))) => {
                out.push(k, c)?;
                i += 1;
            }
            (Some((ka, ca)), Some(&(kf, cf))) => match ka.to_bits().cmp(&kf.to_bits()) {
                std::cmp::Ordering::Less => {
                    out.push(ka, ca)?;
                    a = next_old(&mut reader)?;
                }
                std::cmp::Ordering::Greater => {
                    out.push(kf, cf)?;
                    i += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push(ka, ca.plus(cf))?;
                    a = next_old(&mut reader)?;
                    i += 1;
                }
            },
        }
    }
    drop(reader);
    if let Some((p, _)) = old {
        std::fs::remove_file(p)?;
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_and_read_back() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        let first: Vec<(u64, u64)> = vec![(1, 5), (300, 1), (1 << 40, 7), (u64::MAX, 2)];
        let (n, bytes) = merge_into(&first, None, &a).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n, 4);
        assert!(bytes < 4 * 16, "{bytes}");
        let second: Vec<(u64, u64)> = vec![(0, 1), (300, u64::MAX), (301, 3)];
        let (n, _) = merge_into(&second, Some((&a, 4)), &b).unwrap_or_else(|e| panic!("{e}"));
        assert!(!a.exists());
        let mut r = RunReader::open(&b, n).unwrap_or_else(|e| panic!("{e}"));
        let mut all = Vec::new();
        while let Some(e) = r.next_entry::<u64, u64>().unwrap_or_else(|e| panic!("{e}")) {
            all.push(e);
        }
        // 1 + u64::MAX saturates rather than wraps.
        let want = vec![
            (0, 1),
            (1, 5),
            (300, u64::MAX),
            (301, 3),
            (1 << 40, 7),
            (u64::MAX, 2),
        ];
        assert_eq!(all, want);
        let mut short = RunReader::open(&b, n - 1).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..n - 1 {
            assert!(short.next_entry::<u64, u64>().is_ok());
        }
        assert!(
            short.next_entry::<u64, u64>().is_err(),
            "a longer file is refused"
        );
    }

    #[test]
    fn wide_counts_go_word_by_word() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let a = dir.path().join("a");
        let fresh: Vec<(u64, [u64; 2])> = vec![(3, [u64::MAX, 1]), (9, [0, 0])];
        let (n, _) = merge_into(&fresh, None, &a).unwrap_or_else(|e| panic!("{e}"));
        let mut r = RunReader::open(&a, n).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<(u64, [u64; 2])> =
            std::iter::from_fn(|| r.next_entry().ok().flatten()).collect();
        assert_eq!(got, fresh);
    }
}

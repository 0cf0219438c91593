//! Checkpoints of a frontier count, so a run that is killed (or stopped on purpose: the 8 x 8
//! closed count takes hours) resumes where it was. After a layer is finished, at most every
//! `every`, the layer's records go to `layer-<square>.bin` in the checkpoint directory, then a
//! small text file `checkpoint` names it with the square and the run's counters (written to a
//! temporary name and renamed, so a kill at any moment leaves the previous checkpoint whole);
//! the older layer file is then removed. A run given the same directory and the same board,
//! kind and encoding starts from the saved layer; a finished run removes its files.
//!
//! Tested by: the unit test here, tests/knights_frontier.rs (a run killed by SIGKILL midway,
//! resumed, gives the uninterrupted count).

use super::layer::{get_record, Building, Entry, Layer, Parted, Spill};
use super::state::Key;
use super::FrontierCount;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const META: &str = "checkpoint";
const MAGIC: &str = "knights-frontier-checkpoint 1";

/// A checkpoint directory in use by a run.
pub struct Checkpoint {
    dir: PathBuf,
    /// What the run counts: board, kind, window cells, key bytes (a checkpoint of another
    /// run is refused, not resumed).
    tag: String,
    every: Duration,
    last: Instant,
}

/// A saved state of a run.
pub struct Saved {
    /// Squares done.
    pub square: usize,
    pub layer: PathBuf,
    pub records: u64,
    pub stats: FrontierCount,
}

impl Checkpoint {
    pub fn new(dir: &Path, tag: String, every: Duration) -> io::Result<Checkpoint> {
        std::fs::create_dir_all(dir)?;
        Ok(Checkpoint {
            dir: dir.to_path_buf(),
            tag,
            every,
            last: Instant::now(),
        })
    }

    /// The saved state in the directory, if any; an error if it belongs to another run.
    pub fn saved(&self) -> io::Result<Option<Saved>> {
        let text = match std::fs::read_to_string(self.dir.join(META)) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC) {
            return Err(bad(
                "the checkpoint file is not a knights frontier checkpoint",
            ));
        }
        let tag = lines.next().unwrap_or("");
        if tag != self.tag {
            return Err(bad(&format!(
                "the checkpoint in {} is of another count ({tag}), not {}",
                self.dir.display(),
                self.tag
            )));
        }
        let mut field = |name: &str| -> io::Result<u64> {
            lines
                .next()
                .and_then(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse().ok())
                .ok_or_else(|| bad(&format!("the checkpoint lacks {name}")))
        };
        let square = field("square")? as usize;
        let records = field("records")?;
        let stats = FrontierCount {
            max_states: field("max_states")?,
            total_states: field("total_states")?,
            transitions: field("transitions")?,
            spilled_runs: field("spilled_runs")?,
            spilled_bytes: field("spilled_bytes")?,
            peak_bytes: field("peak_bytes")?,
            ..FrontierCount::default()
        };
        Ok(Some(Saved {
            square,
            layer: self.dir.join(format!("layer-{square}.bin")),
            records,
            stats,
        }))
    }

    /// Whether the time for the next checkpoint has come.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    /// Saves `layer`, the state after `square` squares.
    pub fn save<K: Key>(
        &mut self,
        square: usize,
        layer: &Layer<K>,
        stats: &FrontierCount,
    ) -> io::Result<()> {
        let previous = self.saved().ok().flatten().map(|s| s.layer);
        let path = self.dir.join(format!("layer-{square}.bin"));
        let file = File::create(&path)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let records = layer.write_records(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        let meta = format!(
            "{MAGIC}\n{}\nsquare {square}\nrecords {records}\nmax_states {}\ntotal_states {}\n\
             transitions {}\nspilled_runs {}\nspilled_bytes {}\npeak_bytes {}\n",
            self.tag,
            stats.max_states,
            stats.total_states,
            stats.transitions,
            stats.spilled_runs,
            stats.spilled_bytes,
            stats.peak_bytes
        );
        let tmp = self.dir.join(format!("{META}.tmp"));
        std::fs::write(&tmp, meta)?;
        File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, self.dir.join(META))?;
        if let Some(p) = previous.filter(|p| *p != path) {
            let _ = std::fs::remove_file(p);
        }
        self.last = Instant::now();
        Ok(())
    }

    /// Removes the files of a finished run (the directory too, if nothing else is in it).
    pub fn clear(&self) {
        if let Ok(Some(s)) = self.saved() {
            let _ = std::fs::remove_file(s.layer);
        }
        let _ = std::fs::remove_file(self.dir.join(META));
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// Reads a saved layer back into shards of `2^bits`, spilling past `cap` like a layer being
/// built, so a layer larger than memory resumes too.
pub fn load<K: Key>(
    saved: &Saved,
    bits: u32,
    cap: usize,
    spill: &mut Spill,
) -> io::Result<Layer<K>> {
    let record = K::BYTES + 8;
    let mut input = BufReader::with_capacity(1 << 20, File::open(&saved.layer)?);
    let mut next: Building<K> = Building::new(bits, 1.0);
    let mut buf = vec![0u8; record];
    let mut left = saved.records;
    let mut batch: Vec<Entry<K>> = Vec::with_capacity(1 << 16);
    while left > 0 {
        input.read_exact(&mut buf)?;
        batch.push(get_record(&buf));
        left -= 1;
        if batch.len() == batch.capacity() || left == 0 {
            next.add(&[Parted::new(&batch, bits)]);
            batch.clear();
            if next.mem_bytes() > cap {
                next.spill(spill)?;
            }
        }
    }
    if input.fill_buf()?.is_empty() {
        Ok(next.finish())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the checkpoint's layer file is longer than its record count",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_saves_and_loads_and_other_runs_are_refused() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let at = dir.path().join("cp");
        let mut cp = Checkpoint::new(&at, "3x4 closed".into(), Duration::ZERO)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(cp.saved().ok().flatten().is_none());
        let mut b: Building<u64> = Building::new(1, 1.0);
        b.add(&[Parted::new(&[(7, 2), (9, 3), (7, 1)], 1)]);
        let stats = FrontierCount {
            total_states: 42,
            ..FrontierCount::default()
        };
        cp.save(5, &b.finish(), &stats)
            .unwrap_or_else(|e| panic!("{e}"));
        let saved = cp.saved().ok().flatten().unwrap_or_else(|| panic!("saved"));
        assert_eq!(
            (saved.square, saved.records, saved.stats.total_states),
            (5, 2, 42)
        );
        let mut spill = Spill::new(None);
        let layer: Layer<u64> =
            load(&saved, 2, 1 << 20, &mut spill).unwrap_or_else(|e| panic!("{e}"));
        let mut all: Vec<Entry<u64>> = Vec::new();
        for p in layer.into_parts() {
            all.extend(p.load().unwrap_or_default());
        }
        all.sort_unstable();
        assert_eq!(all, vec![(7, 3), (9, 3)]);
        let other = Checkpoint::new(&at, "3x4 open".into(), Duration::ZERO)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(other.saved().is_err());
        cp.clear();
        assert!(!at.exists());
    }
}

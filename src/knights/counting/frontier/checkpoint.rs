//! Checkpoints of a frontier count, so a run that is killed (or stopped on purpose: the 8 x 8
//! closed count takes hours) resumes where it was. After a layer is finished, at most every
//! `every`, the layer's records held in memory go to `layer-<square>.bin` in the checkpoint
//! directory and its spill files are hard-linked beside it as `layer-<square>.<j>.bin` (copied
//! only where a link cannot be made: another file system), so a checkpoint of a layer that
//! lives mostly on disk costs no second copy of it; then a small text file `checkpoint` names
//! them with the square, the width of the counts (a record is the key, then `count_bits / 8`
//! bytes of count) and the run's counters (written to a temporary name and renamed, so a kill
//! at any moment leaves the previous checkpoint whole); the older layer's files are then
//! removed. A checkpoint saved with the two-word key ([`Wide`]) is read by a run with the dense
//! key ([`super::dense`]) of the same board, converting each state. A run given the same
//! directory and the same board, kind and encoding starts from the saved layer, with numbers as wide as the saved ones
//! ([`count_bits`] tells the caller the width to resume at; another width is refused); a
//! finished run removes its files, and so does a run whose counts saturated.
//!
//! Tested by: the unit test here, tests/knights_frontier.rs (a run killed by SIGKILL midway,
//! resumed, gives the uninterrupted count).

use super::layer::{get_record, Building, Entry, Layer, Parted, Spill};
use super::number::Amount;
use super::runs::RunReader;
use super::state::{Key, Wide};
use super::FrontierCount;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const META: &str = "checkpoint";
/// Version 4's parts are sorted runs ([`super::runs`]); version 3 adds `part` lines (the linked
/// spill files, fixed records); version 2 the `count_bits` line; a version 1 checkpoint has
/// 64-bit counts.
const MAGIC: &str = "knights-frontier-checkpoint 4";
const MAGIC_3: &str = "knights-frontier-checkpoint 3";
const MAGIC_2: &str = "knights-frontier-checkpoint 2";
const MAGIC_1: &str = "knights-frontier-checkpoint 1";

/// A checkpoint directory in use by a run.
pub struct Checkpoint {
    dir: PathBuf,
    /// What the run counts: board, kind, window cells, key bytes (a checkpoint of another
    /// run is refused, not resumed).
    tag: String,
    /// The tag of the same count saved with [`Wide`] keys, when this run's keys are others:
    /// such a checkpoint is read by converting its states.
    wide_tag: Option<String>,
    /// Bits of each saved count.
    count_bits: usize,
    every: Duration,
    last: Instant,
}

/// A saved state of a run.
pub struct Saved {
    /// Squares done.
    pub square: usize,
    /// The files of the layer and the records in each.
    pub files: Vec<(PathBuf, u64)>,
    pub records: u64,
    pub stats: FrontierCount,
    /// Saved with [`Wide`] keys, to be converted as it is read.
    pub wide: bool,
    /// The parts (all files but the first) are sorted runs, not fixed records.
    pub parts_are_runs: bool,
}

impl Checkpoint {
    pub fn new(
        dir: &Path,
        tag: String,
        count_bits: usize,
        every: Duration,
    ) -> io::Result<Checkpoint> {
        std::fs::create_dir_all(dir)?;
        Ok(Checkpoint {
            dir: dir.to_path_buf(),
            tag,
            wide_tag: None,
            count_bits,
            every,
            last: Instant::now(),
        })
    }

    /// Also reads a checkpoint of the same count saved with [`Wide`] keys (its tag).
    pub fn reading_wide(mut self, wide_tag: String) -> Checkpoint {
        self.wide_tag = Some(wide_tag).filter(|t| *t != self.tag);
        self
    }

    /// The saved state in the directory, if any; an error if it belongs to another run.
    pub fn saved(&self) -> io::Result<Option<Saved>> {
        let text = match std::fs::read_to_string(self.dir.join(META)) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
        let parts_are_runs = text.starts_with(&format!("{MAGIC}\n"));
        let (tag, count_bits, mut lines) = header(&text)?;
        let wide = self.wide_tag.as_deref() == Some(tag);
        if tag != self.tag && !wide {
            return Err(bad(&format!(
                "the checkpoint in {} is of another count ({tag}), not {}",
                self.dir.display(),
                self.tag
            )));
        }
        if count_bits != self.count_bits {
            return Err(bad(&format!(
                "the checkpoint in {} holds {count_bits}-bit counts, not the {} bits of this run",
                self.dir.display(),
                self.count_bits
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
        let mut parts = Vec::new();
        for line in lines {
            let mut words = line.strip_prefix("part ").unwrap_or("").split(' ');
            let (Some(name), Some(n), None) = (words.next(), words.next(), words.next()) else {
                return Err(bad(&format!("a bad line in the checkpoint: {line:?}")));
            };
            let n: u64 = n
                .parse()
                .map_err(|_| bad(&format!("a bad part count: {line:?}")))?;
            if name.contains('/') || !name.starts_with("layer-") {
                return Err(bad(&format!("a bad part name: {line:?}")));
            }
            parts.push((self.dir.join(name), n));
        }
        let in_parts: u64 = parts.iter().map(|p| p.1).sum();
        let Some(own) = records.checked_sub(in_parts) else {
            return Err(bad("the checkpoint's parts hold more records than it has"));
        };
        let mut files = vec![(self.dir.join(format!("layer-{square}.bin")), own)];
        files.extend(parts);
        Ok(Some(Saved {
            square,
            files,
            records,
            stats,
            wide,
            parts_are_runs,
        }))
    }

    /// Whether the time for the next checkpoint has come.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    /// Saves `layer`, the state after `square` squares: its records in memory written, its
    /// spill files linked.
    pub fn save<K: Key, C: Amount>(
        &mut self,
        square: usize,
        layer: &Layer<K, C>,
        stats: &FrontierCount,
    ) -> io::Result<()> {
        let previous = self.saved().ok().flatten().map(|s| s.files);
        let path = self.dir.join(format!("layer-{square}.bin"));
        let file = File::create(&path)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut records = layer.write_memory_records(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        let mut parts = String::new();
        for (j, (spilled, n)) in layer.spilled_files().enumerate() {
            let name = format!("layer-{square}.{j}.bin");
            let to = self.dir.join(&name);
            let _ = std::fs::remove_file(&to);
            if std::fs::hard_link(spilled, &to).is_err() {
                std::fs::copy(spilled, &to)?;
                File::open(&to)?.sync_all()?;
            }
            parts.push_str(&format!("part {name} {n}\n"));
            records += n;
        }
        let meta = format!(
            "{MAGIC}\n{}\ncount_bits {}\nsquare {square}\nrecords {records}\nmax_states {}\ntotal_states {}\n\
             transitions {}\nspilled_runs {}\nspilled_bytes {}\npeak_bytes {}\n{parts}",
            self.tag,
            self.count_bits,
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
        // This square's files (`layer-S.bin`, `layer-S.J.bin`) stay; the previous square's go.
        let ours = format!("layer-{square}.");
        let kept = |p: &PathBuf| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&ours))
        };
        for (p, _) in previous.unwrap_or_default() {
            if !kept(&p) {
                let _ = std::fs::remove_file(p);
            }
        }
        self.last = Instant::now();
        Ok(())
    }

    /// Removes the files of a finished run (the directory too, if nothing else is in it).
    /// A kill between writing a layer and removing the previous one leaves a layer file the
    /// metadata no longer names: every `layer-*.bin` goes.
    pub fn clear(&self) {
        let ours = |name: &str| {
            name == META
                || name == format!("{META}.tmp")
                || (name.starts_with("layer-") && name.ends_with(".bin"))
        };
        for entry in std::fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            if entry.file_name().to_str().is_some_and(ours) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// The first lines of a checkpoint file: its tag, the bits of its counts, and the rest.
fn header(text: &str) -> io::Result<(&str, usize, std::str::Lines<'_>)> {
    let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
    let mut lines = text.lines();
    let version = lines.next();
    if ![MAGIC, MAGIC_3, MAGIC_2, MAGIC_1]
        .map(Some)
        .contains(&version)
    {
        return Err(bad(
            "the checkpoint file is not a knights frontier checkpoint",
        ));
    }
    let tag = lines.next().unwrap_or("");
    let count_bits = if version == Some(MAGIC_1) {
        64
    } else {
        lines
            .next()
            .and_then(|l| l.strip_prefix("count_bits"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&b| b >= 64 && b % 64 == 0 && (b / 64).is_power_of_two())
            .ok_or_else(|| bad("the checkpoint lacks a valid count_bits"))?
    };
    Ok((tag, count_bits, lines))
}

/// The bits of the counts saved in the checkpoint directory `dir` (64 if it holds none), so
/// a run that had widened its numbers resumes at that width instead of saturating again.
pub fn count_bits(dir: &Path) -> io::Result<usize> {
    match std::fs::read_to_string(dir.join(META)) {
        Ok(text) => Ok(header(&text)?.1),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(64),
        Err(e) => Err(e),
    }
}

/// Reads a saved layer back into shards of `2^bits`, spilling past `cap` like a layer being
/// built, so a layer larger than memory resumes too; stops early (with an error) once `stop`
/// is set. A layer saved with [`Wide`] keys is converted to `K` (windows of `cells` cells).
pub fn load<K: Key, C: Amount>(
    saved: &Saved,
    bits: u32,
    cap: usize,
    cells: usize,
    spill: &mut Spill,
    stop: &AtomicBool,
) -> io::Result<Layer<K, C>> {
    let key_bytes = if saved.wide { Wide::BYTES } else { K::BYTES };
    let record = key_bytes + C::BYTES;
    let mut next: Building<K, C> = Building::new(bits, 1.0);
    let mut buf = vec![0u8; record];
    let mut batch: Vec<Entry<K, C>> = Vec::with_capacity(1 << 16);
    let convert = |(w, c): Entry<Wide, C>| (K::from_wide(w, cells), c);
    let mut add = |e: Entry<K, C>, next: &mut Building<K, C>| -> io::Result<()> {
        if stop.load(Ordering::Relaxed) {
            return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
        }
        batch.push(e);
        if batch.len() == batch.capacity() {
            next.add(&[Parted::new(&batch, bits)]);
            batch.clear();
            if next.mem_bytes() > cap {
                next.spill(spill)?;
            }
        }
        Ok(())
    };
    for (i, (path, records)) in saved.files.iter().enumerate() {
        if i > 0 && saved.parts_are_runs {
            let mut run = RunReader::open(path, *records)?;
            if saved.wide {
                while let Some(e) = run.next_entry::<Wide, C>()? {
                    add(convert(e), &mut next)?;
                }
            } else {
                while let Some(e) = run.next_entry::<K, C>()? {
                    add(e, &mut next)?;
                }
            }
            continue;
        }
        let mut input = BufReader::with_capacity(1 << 20, File::open(path)?);
        for _ in 0..*records {
            input.read_exact(&mut buf)?;
            let e = if saved.wide {
                convert(get_record::<Wide, C>(&buf))
            } else {
                get_record(&buf)
            };
            add(e, &mut next)?;
        }
        if !input.fill_buf()?.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the checkpoint's layer file {} is longer than its record count",
                    path.display()
                ),
            ));
        }
    }
    next.add(&[Parted::new(&batch, bits)]);
    Ok(next.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<T, E: std::fmt::Display>(r: Result<T, E>) -> T {
        r.unwrap_or_else(|e| panic!("{e}"))
    }

    /// Saves `entries` (in one shard) as the layer after square 5 and loads it back, summed.
    fn round_trip<C: Amount + Ord>(cp: &mut Checkpoint, entries: &[(u64, C)]) -> Vec<(u64, C)> {
        let mut b: Building<u64, C> = Building::new(1, 1.0);
        b.add(&[Parted::new(entries, 1)]);
        let stats = FrontierCount {
            total_states: 42,
            ..FrontierCount::default()
        };
        ok(cp.save(5, &b.finish(), &stats));
        let saved = ok(cp.saved()).unwrap_or_else(|| panic!("saved"));
        assert_eq!((saved.square, saved.stats.total_states), (5, 42));
        let mut spill = Spill::new(None);
        let layer: Layer<u64, C> = ok(load(
            &saved,
            2,
            1 << 20,
            3,
            &mut spill,
            &AtomicBool::new(false),
        ));
        let mut all = Vec::new();
        for p in layer.into_parts() {
            all.extend(p.load().unwrap_or_default());
        }
        all.sort_unstable();
        all
    }

    #[test]
    fn a_layer_saves_and_loads_and_other_runs_are_refused() {
        let dir = ok(tempfile::tempdir());
        let at = dir.path().join("cp");
        let mut cp = ok(Checkpoint::new(
            &at,
            "3x4 closed".into(),
            64,
            Duration::ZERO,
        ));
        assert!(ok(cp.saved()).is_none());
        assert_eq!(ok(count_bits(&at)), 64);
        let all = round_trip::<u64>(&mut cp, &[(7, 2), (9, 3), (7, 1)]);
        assert_eq!(all, vec![(7, 3), (9, 3)]);
        let other = ok(Checkpoint::new(&at, "3x4 open".into(), 64, Duration::ZERO));
        assert!(other.saved().is_err());
        // Left by a kill between a save's layer and its metadata.
        ok(std::fs::write(at.join("layer-6.bin"), [0u8; 3]));
        cp.clear();
        assert!(!at.exists());
    }

    #[test]
    fn wide_counts_keep_their_width_and_another_width_is_refused() {
        let dir = ok(tempfile::tempdir());
        let at = dir.path().join("cp");
        let mut cp = ok(Checkpoint::new(
            &at,
            "8x8 closed".into(),
            128,
            Duration::ZERO,
        ));
        let big = [u64::MAX, 5];
        let all = round_trip::<[u64; 2]>(&mut cp, &[(7, big), (7, [1, 0]), (9, [2, 0])]);
        assert_eq!(all, vec![(7, [0, 6]), (9, [2, 0])]);
        assert_eq!(ok(count_bits(&at)), 128);
        let narrow = ok(Checkpoint::new(
            &at,
            "8x8 closed".into(),
            64,
            Duration::ZERO,
        ));
        let err = narrow
            .saved()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("128-bit counts"), "{err}");
        // A version 1 checkpoint (before the widths) has 64-bit counts.
        let text = ok(std::fs::read_to_string(at.join(META)));
        let old = text
            .replacen(MAGIC, MAGIC_1, 1)
            .replacen("count_bits 128\n", "", 1);
        ok(std::fs::write(at.join(META), old));
        assert_eq!(ok(count_bits(&at)), 64);
        assert!(narrow.saved().is_ok_and(|s| s.is_some()));
        cp.clear();
    }
}

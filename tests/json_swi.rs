//! library(http/json) against SWI-Prolog on generated documents: random
//! JSON (nesting, long and short strings near the layout's width, escapes,
//! non-ASCII text, integers of any size, floats of every magnitude) is read
//! and written back by tests/json/roundtrip.pl under knightlog and `swipl`,
//! in several layouts; the outputs must be the same bytes. Hand-written
//! cases, errors and options are in tests/prolog/lib_json.pl.

use crate::timed_run::run_with_limit;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// A small deterministic generator (xorshift64*): the same documents on every run.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn string(&mut self, out: &mut String) {
        const PIECES: &[&str] = &[
            "a", "b", "x", "Z", " ", "0", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r",
            "\\u0001", "\\u001f", "\\u00e9", "\\u20ac", "é", "€", "😀", "</", "'", ":", ",", "{",
            "]",
        ];
        let len = match self.below(4) {
            0 => 0,
            1 => self.below(5),
            2 => self.below(30),
            _ => 40 + self.below(50),
        };
        out.push('"');
        for _ in 0..len {
            let p = if self.below(3) == 0 {
                PIECES[self.below(PIECES.len() as u64) as usize]
            } else {
                "x"
            };
            out.push_str(p);
        }
        out.push('"');
    }

    fn number(&mut self, out: &mut String) {
        match self.below(8) {
            0 => write!(out, "{}", self.below(10)),
            1 => write!(out, "-{}", self.below(100_000)),
            2 => write!(
                out,
                "{}{:019}",
                self.below(1000) + 1,
                self.next() % 10u64.pow(19)
            ),
            3 => write!(out, "{}.{}", self.below(1000), self.below(1000)),
            4 => write!(out, "{}e{}", self.below(100), self.below(40) as i64 - 20),
            5 => write!(
                out,
                "-{}.{}E+{}",
                self.below(10),
                self.below(100),
                self.below(300)
            ),
            6 => write!(out, "{:e}", f64::from_bits(self.next() >> 2)),
            _ => write!(out, "0.{:06}", self.below(1_000_000)),
        }
        .unwrap();
    }

    fn value(&mut self, depth: u32, out: &mut String) {
        let kind = if depth >= 5 {
            self.below(4)
        } else {
            self.below(7)
        };
        match kind {
            0 => self.string(out),
            1 => self.number(out),
            2 => out.push_str(["true", "false", "null"][self.below(3) as usize]),
            3 => self.string(out),
            4 | 5 => {
                let n = if self.below(6) == 0 {
                    20 + self.below(20)
                } else {
                    self.below(5)
                };
                out.push('[');
                for i in 0..n {
                    if i > 0 {
                        out.push_str(if self.below(2) == 0 { "," } else { " ,\n " });
                    }
                    self.value(depth + 1, out);
                }
                out.push(']');
            }
            _ => {
                let n = self.below(6);
                out.push_str("{ ");
                for i in 0..n {
                    if i > 0 {
                        out.push(',');
                    }
                    // Distinct keys: a dict cannot hold one twice.
                    write!(out, "\"k{i}").unwrap();
                    let mut key = String::new();
                    self.string(&mut key);
                    out.push_str(&key[1..]);
                    out.push_str(" : ");
                    self.value(depth + 1, out);
                }
                out.push('}');
            }
        }
    }
}

#[test]
fn generated_documents_read_and_write_as_in_swi() {
    let dir = std::env::temp_dir().join(format!("knightlog_json_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let mut files = Vec::new();
    for i in 0..200 {
        let mut doc = String::new();
        g.value(0, &mut doc);
        let name = format!("doc{i:03}.json");
        std::fs::write(dir.join(&name), doc).unwrap();
        files.push(name);
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/json/roundtrip.pl");
    let run = |prolog: &str| {
        let mut cmd = Command::new(prolog);
        cmd.arg(&script).args(&files).current_dir(&dir);
        let out = run_with_limit(&mut cmd, Duration::from_secs(120));
        assert!(
            out.status.is_some_and(|s| s.success()),
            "{prolog} failed: {}",
            out.stderr
        );
        out.stdout
    };
    let ours = run(KNIGHTLOG);
    let swi = run("swipl");
    if ours != swi {
        let (o, s): (Vec<_>, Vec<_>) = (ours.lines().collect(), swi.lines().collect());
        let at = o
            .iter()
            .zip(&s)
            .position(|(a, b)| a != b)
            .unwrap_or(o.len().min(s.len()));
        let doc = s[..at.min(s.len())]
            .iter()
            .rev()
            .find(|l| l.starts_with("== "));
        panic!(
            "outputs differ at line {at} ({doc:?} in {}):\n  knightlog: {:?}\n  swipl:     {:?}",
            dir.display(),
            o.get(at),
            s.get(at)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

//! examples/csv2json.pl (issue 36) under knightlog and SWI-Prolog: CSV files
//! made here (quoted fields with separators, doubled quotes and newlines,
//! Unicode, empty cells, CRLF line ends, numbers, another separator) are
//! converted with several command lines; standard output, standard error and
//! the exit status must be the same bytes under both.

use crate::timed_run::run_with_limit;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

fn run(prolog: &str, args: &[&str], dir: &PathBuf) -> (String, String, Option<i32>) {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/csv2json.pl");
    let mut cmd = Command::new(prolog);
    cmd.arg(&script)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null());
    let out = run_with_limit(&mut cmd, Duration::from_secs(60));
    (out.stdout, out.stderr, out.status.and_then(|s| s.code()))
}

#[test]
fn csv2json_writes_the_same_json_as_under_swi() {
    let dir = std::env::temp_dir().join(format!("knightlog_csv2json_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: &[(&str, &str)] = &[
        (
            "people.csv",
            "name,age,city,note\n\"Smith, Jane\",42,Zürich,\n\"O\"\"Brien\",7,東京,\"multi\nline\"\nBob,,Paris,\"quote \"\"x\"\"\"\n",
        ),
        (
            "crlf.csv",
            "id,score,ok\r\n1,2.5,yes\r\n2,-0.25,\r\n3,1e3,\"\"\r\n",
        ),
        ("semi.csv", "a;b;c\n1;x y;😀\n;;\n"),
        ("header_only.csv", "x,y\n"),
        ("no_final_newline.csv", "k,v\nα,β"),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let cases: &[&[&str]] = &[
        &["people.csv"],
        &["--width=0", "people.csv"],
        &["-w", "30", "--tag=person", "people.csv"],
        &["crlf.csv"],
        &["--separator=;", "semi.csv"],
        &["header_only.csv"],
        &["no_final_newline.csv"],
        &["--width=x", "people.csv"],
        &["missing.csv"],
    ];
    let mut failures = Vec::new();
    for args in cases {
        let ours = run(KNIGHTLOG, args, &dir);
        let swi = run("swipl", args, &dir);
        if ours != swi {
            failures.push(format!(
                "{args:?}:\n  knightlog: {ours:?}\n  swipl:     {swi:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

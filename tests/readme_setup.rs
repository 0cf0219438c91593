//! The README's set-up is two commands: the main job, then the tests. The
//! second is the command `.ci/run` runs (so what a newcomer runs is what CI
//! runs), and (slow tier) the main job prints the paper's last square.

use crate::timed_run::run_with_limit;
use std::process::Command;
use std::time::Duration;

const KNIGHTLOG: &str = env!("CARGO_BIN_EXE_knightlog");

/// The commands of the README's set-up section: its indented code lines.
fn setup_commands() -> Vec<String> {
    let readme = include_str!("../README.md");
    let section = readme
        .split("\n## Set-up\n")
        .nth(1)
        .expect("README.md has a section `## Set-up`");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .map(str::to_string)
        .collect()
}

/// The arguments of a command line: words, and double-quoted strings.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').expect("a closing quote");
            out.push(quoted[..end].to_string());
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    out
}

#[test]
fn the_setup_is_the_main_job_and_the_ci_test_command() {
    let commands = setup_commands();
    assert_eq!(
        commands.len(),
        2,
        "the set-up has two commands: {commands:?}"
    );
    assert!(
        commands[0].starts_with("cargo run --release --bin knightlog -- "),
        "the first command runs the main job: {}",
        commands[0]
    );
    let ci = include_str!("../.ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == commands[1]),
        ".ci/run does not run the README's test command {:?}",
        commands[1]
    );
}

#[test]
#[ignore = "slow tier: the paper's first tour (about 10 s)"]
fn the_main_job_prints_the_last_square_of_the_first_tour() {
    let commands = setup_commands();
    let args = words(&commands[0]);
    let after = args
        .iter()
        .position(|a| a == "--")
        .expect("the main job passes arguments after --");
    let mut cmd = Command::new(KNIGHTLOG);
    cmd.args(&args[after + 1..])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let out = run_with_limit(&mut cmd, Duration::from_secs(300));
    assert!(
        out.status.is_some_and(|s| s.success()),
        "the main job failed: {}",
        out.stderr
    );
    assert_eq!(out.stdout, "[8,2]\n");
}

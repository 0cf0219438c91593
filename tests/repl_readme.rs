//! The REPL transcript in docs/USER_GUIDE.md ("## The REPL") is what the binary
//! prints: its queries are typed and its answer keys pressed in a
//! pseudo-terminal, and the session's output must equal the transcript.
//!
//! The terminal is `TERM=dumb`, so the line editor neither colours nor
//! redraws and the output is plain text; the pseudo-terminal does not echo,
//! so the typed text is added to the record where a terminal would show it.

use crate::repl_support;

use repl_support::{expect, press, type_line, Launch, TempDir};

/// The first code block of the user guide's REPL section.
fn transcript() -> String {
    let readme = include_str!("../docs/USER_GUIDE.md");
    let section = readme
        .split("\n## The REPL\n")
        .nth(1)
        .expect("docs/USER_GUIDE.md has a section `## The REPL`");
    let block = section
        .split("```\n")
        .nth(1)
        .expect("the REPL section has a code block");
    block.to_string()
}

/// One step of replaying the transcript.
enum Step<'a> {
    /// A prompt (`?- ` or `|    `) and the line typed after it.
    Type(&'a str, &'a str),
    /// An answer up to where the user pressed `key`.
    Answer(&'a str, &'a str),
    /// Other output: checked through the steps around it.
    Output,
}

/// The key an answer line shows it was ended with: ` ;` (next), ` .`
/// (stop), ` [write]` / ` [print]` (show again), and the answer before it.
fn answer_key(line: &str) -> Option<(&str, &str)> {
    [(";", ";"), (".", "."), ("[write]", "w"), ("[print]", "p")]
        .into_iter()
        .find_map(|(shown, key)| {
            let stem = line.strip_suffix(shown)?;
            stem.ends_with(' ').then_some((stem, key))
        })
}

fn step(line: &str) -> Step<'_> {
    for prompt in ["?- ", "|    "] {
        if let Some(text) = line.strip_prefix(prompt) {
            return Step::Type(prompt, text);
        }
    }
    match answer_key(line) {
        Some((stem, key)) => Step::Answer(stem, key),
        None => Step::Output,
    }
}

#[test]
fn readme_transcript_matches_the_binary() {
    let text = transcript();
    let (command, session) = text.split_once('\n').expect("a command line");
    let args: Vec<&str> = command
        .strip_prefix("$ knightlog")
        .expect("the block starts with `$ knightlog ...`")
        .split_whitespace()
        .collect();
    let data = TempDir::new("readme");
    let mut s = Launch {
        args: &args,
        data: data.path(),
        env: &[("TERM", "dumb")],
        timeout_ms: 30_000,
    }
    .spawn();
    let mut seen = String::new();
    for line in session.lines() {
        match step(line) {
            Step::Type(prompt, typed) => {
                seen += &expect(&mut s, prompt);
                seen += prompt;
                type_line(&mut s, typed);
                seen += typed;
                seen += "\r\n";
            }
            Step::Answer(stem, key) => {
                seen += &expect(&mut s, stem);
                seen += stem;
                press(&mut s, key);
            }
            Step::Output => {}
        }
    }
    seen += &s.exp_eof().expect("the transcript ends the session");
    assert_eq!(seen.replace("\r\n", "\n"), session);
}

#[test]
fn transcript_lines_are_understood() {
    assert!(matches!(step("?- halt."), Step::Type("?- ", "halt.")));
    assert!(matches!(step("|    B)."), Step::Type("|    ", "B).")));
    assert!(matches!(step("X = 1 ;"), Step::Answer("X = 1 ", ";")));
    assert!(matches!(step("X = [1|...] [write]"), Step::Answer(_, "w")));
    assert!(matches!(step("X = 1 ."), Step::Answer("X = 1 ", ".")));
    // A deterministic answer ends in `.` without a key.
    assert!(matches!(step("X = 1."), Step::Output));
    assert!(matches!(step("false."), Step::Output));
}

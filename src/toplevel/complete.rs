//! Tab completion for the line editor: predicate names (loaded and built-in)
//! after a lowercase prefix, and file names inside a quoted atom
//! (`['prog<TAB>` or `consult('programs/kn<TAB>`).
//!
//! Tested by: the unit tests below; tests/repl_pty.rs (Tab in the editor).

use super::highlight::{classify, Class};
use crate::engine::Machine;
use rustyline::completion::Pair;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Predicate names a user may call, each with its arities, sorted by name.
/// Generated helpers and `$`-names are internal and left out.
pub fn predicate_names(m: &Machine) -> Vec<(String, Vec<usize>)> {
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for p in &m.preds {
        let name = p.name.name();
        if p.hidden || !p.is_defined() || name.starts_with('$') || name.is_empty() {
            continue;
        }
        by_name.entry(name.to_string()).or_default().push(p.arity);
    }
    by_name
        .into_iter()
        .map(|(n, mut a)| {
            a.sort_unstable();
            a.dedup();
            (n, a)
        })
        .collect()
}

/// Where the completed text starts, and the candidates.
pub fn complete(line: &str, pos: usize, names: &[(String, Vec<usize>)]) -> (usize, Vec<Pair>) {
    let before = &line[..pos];
    // Inside an unterminated quoted atom: a file name.
    if let Some(s) = classify(before).last() {
        if s.class == Class::OpenQuote('\'') && s.end == pos {
            let start = s.start + 1;
            let mut files = complete_file(&before[start..]);
            // A finished file name closes its quote, unless the quote is there.
            if !line[pos..].starts_with('\'') {
                for f in files.iter_mut().filter(|f| !f.replacement.ends_with('/')) {
                    f.replacement.push('\'');
                }
            }
            return (start, files);
        }
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_alphanumeric() || c == '_')
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    if !word.chars().next().is_some_and(char::is_lowercase) {
        return (pos, Vec::new());
    }
    let cands = names
        .iter()
        .filter(|(n, _)| n.starts_with(word))
        .map(|(n, arities)| {
            let list: Vec<String> = arities.iter().map(|a| a.to_string()).collect();
            let open = if arities.first().is_some_and(|&a| a > 0) {
                "("
            } else {
                ""
            };
            Pair {
                display: format!("{n}/{}", list.join(",")),
                replacement: format!("{n}{open}"),
            }
        })
        .collect();
    (start, cands)
}

/// File names completing `partial` (a path as typed, relative to the working
/// directory; `~/` is the home directory). Directories end with `/`.
pub fn complete_file(partial: &str) -> Vec<Pair> {
    let (dir, prefix) = match partial.rfind('/') {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None => ("", partial),
    };
    let listed: PathBuf = if dir.is_empty() {
        PathBuf::from(".")
    } else if let (Some(rest), Some(home)) = (dir.strip_prefix("~/"), dirs::home_dir()) {
        home.join(rest)
    } else {
        PathBuf::from(dir)
    };
    let Ok(entries) = std::fs::read_dir(&listed) else {
        return Vec::new();
    };
    let mut out: Vec<Pair> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            if !name.starts_with(prefix) || (name.starts_with('.') && !prefix.starts_with('.')) {
                return None;
            }
            let is_dir = Path::new(&listed).join(&name).is_dir();
            let slash = if is_dir { "/" } else { "" };
            Some(Pair {
                display: format!("{name}{slash}"),
                replacement: format!("{dir}{name}{slash}"),
            })
        })
        .collect();
    out.sort_by(|a, b| a.display.cmp(&b.display));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<(String, Vec<usize>)> {
        vec![
            ("knight_move".into(), vec![2]),
            ("knight_tour".into(), vec![2]),
            ("halt".into(), vec![0, 1]),
        ]
    }

    #[test]
    fn predicate_names_complete_after_a_lowercase_prefix() {
        let (start, c) = complete("?- X = 1, knight_t", 18, &names());
        assert_eq!(start, 10);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].replacement, "knight_tour(");
        assert_eq!(c[0].display, "knight_tour/2");
        let (_, c) = complete("kni", 3, &names());
        assert_eq!(c.len(), 2);
        let (_, c) = complete("hal", 3, &names());
        assert_eq!(
            (c[0].replacement.as_str(), c[0].display.as_str()),
            ("halt", "halt/0,1")
        );
        assert!(complete("X", 1, &names()).1.is_empty());
        assert!(complete("'kni", 4, &names())
            .1
            .iter()
            .all(|p| p.display != "knight_move/2"));
    }

    #[test]
    fn file_names_complete_inside_quotes() {
        let dir = std::env::temp_dir().join(format!("kl_complete_{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("tour.pl"), "").unwrap();
        let typed = format!("['{}/t", dir.display());
        let (start, c) = complete(&typed, typed.len(), &names());
        assert_eq!(start, 2);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].replacement, format!("{}/tour.pl'", dir.display()));
        let (_, c) = complete(&format!("{typed}'"), typed.len(), &names());
        assert_eq!(c[0].replacement, format!("{}/tour.pl", dir.display()));
        let typed = format!("consult('{}/s", dir.display());
        let (_, c) = complete(&typed, typed.len(), &names());
        assert_eq!(c[0].display, "sub/");
        assert_eq!(c[0].replacement, format!("{}/sub/", dir.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

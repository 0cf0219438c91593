//! The house's floors hold (docs/ARCHITECTURE.md): no module of `src/` names a module on a
//! floor above its own. Reads the sources and checks every `crate::<module>` path, comments
//! included (a doc comment pointing upward is a door in the wrong wall too).

use std::path::{Path, PathBuf};

/// The crate modules each top-level module may name (its own floor and those below).
fn allowed(top: &str) -> Option<&'static [&'static str]> {
    Some(match top {
        "term" => &["term"],
        "os" => &["os"],
        "syntax" => &["term", "syntax"],
        "arith" => &["term", "arith", "os"],
        "engine" => &["term", "arith", "engine", "os"],
        "builtins" => &[
            "term", "syntax", "arith", "engine", "builtins", "os", "knights",
        ],
        "library" => &[
            "term", "syntax", "arith", "engine", "builtins", "library", "os",
        ],
        "toplevel" => &[
            "term", "syntax", "arith", "engine", "builtins", "library", "toplevel", "os",
        ],
        "knights" => &["knights", "os"],
        "bin" | "lib" => return None,
        _ => &[],
    })
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable src dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_imports_from_a_floor_above() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&src).unwrap_or(file);
        let first = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy());
        let top = first
            .as_deref()
            .unwrap_or("")
            .trim_end_matches(".rs")
            .to_string();
        let Some(ok) = allowed(&top) else { continue };
        let text = std::fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            for (i, _) in line.match_indices("crate::") {
                let name: String = line[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && !ok.contains(&name.as_str()) {
                    wrong.push(format!(
                        "{}:{}: {top} names crate::{name}",
                        rel.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(files.len() > 100, "found only {} source files", files.len());
    assert!(wrong.is_empty(), "upward imports:\n{}", wrong.join("\n"));
}

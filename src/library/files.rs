//! The library's files on disk: every `.pl` file under a directory, with its
//! library name (`library/dcg/basics.pl` is `dcg/basics`). One walk for
//! build.rs (which embeds them), the library floor (`KNIGHTLOG_LIBRARY_DIR`)
//! and tests/library.rs; build.rs includes this file by path, so it names
//! nothing of the crate.

use std::path::{Path, PathBuf};

/// (library name, path) of every `.pl` file under `dir`, sorted by name; an
/// unreadable directory contributes nothing.
pub fn library_files(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "pl") {
                let Ok(rel) = path.strip_prefix(dir) else {
                    continue;
                };
                let name = rel.with_extension("").to_string_lossy().replace('\\', "/");
                files.push((name, path));
            }
        }
    }
    files.sort();
    files
}

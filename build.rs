//! Build steps: generates the parser from grammar/*.lalrpop, and embeds the
//! Prolog library (library/**/*.pl) as a table of (name, text) that
//! src/library/mod.rs includes.
use std::path::PathBuf;

fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop failed to process grammar/");
    embed_library();
}

#[path = "src/library/files.rs"]
mod files;

/// Writes `$OUT_DIR/library_files.rs`: `LIBRARY_FILES`, sorted by library
/// name (`lists`, `dcg/basics`), each with its text included from the source.
fn embed_library() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("manifest dir"));
    let dir = root.join("library");
    println!("cargo:rerun-if-changed=library");
    let entries = files::library_files(&dir);
    let mut code =
        String::from("/// The embedded library: (name as in `library(Name)`, source text).\n");
    code.push_str("pub static LIBRARY_FILES: &[(&str, &str)] = &[\n");
    for (name, path) in &entries {
        code.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("out dir")).join("library_files.rs");
    std::fs::write(out, code).expect("write library_files.rs");
}

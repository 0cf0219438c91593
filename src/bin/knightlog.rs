//! The `knightlog` command: a Prolog top level and script runner (like `swipl`).
fn main() {
    eprintln!("knightlog: not built yet");
    std::process::exit(1);
}

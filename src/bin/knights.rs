//! The `knights` command: native knight's tour solvers, renderers and benchmarks.
fn main() {
    eprintln!("knights: not built yet");
    std::process::exit(1);
}

//! The `knightlog` command: a Prolog top level and script runner (like `swipl`).

use clap::Parser;

fn main() {
    let args = knightlog::toplevel::cli::Args::parse();
    std::process::exit(knightlog::toplevel::cli::main_with(args));
}

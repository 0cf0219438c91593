//! The `knights` command: native knight's tour solvers, counts, checks and renderings. The
//! command line and every subcommand's body live in the library (`knightlog::knights::cli`).

fn main() -> std::process::ExitCode {
    knightlog::knights::cli::main()
}

//! The Takefuji–Lee network: reproducible statistics, tours that validate.

use knightlog::knights::solvers::neural::{self, NeuralOptions};
use knightlog::knights::{Board, Square};

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn eight_by_eight_statistics_are_reproducible() {
    let opts = NeuralOptions {
        trials: 500,
        seed: 1,
        ..NeuralOptions::default()
    };
    let a = neural::run(board(8, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
    let b = neural::run(board(8, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a, b);
    eprintln!("{}", a.report(board(8, 8)));
    assert_eq!(
        a.tours + a.non_tours() + a.not_degree_two + a.divergent,
        500
    );
}

#[test]
fn the_network_finds_a_closed_tour_of_8x8() {
    let opts = NeuralOptions {
        trials: 20_000,
        seed: 1,
        ..NeuralOptions::default()
    };
    let (t, trial) =
        neural::tour(board(8, 8), Square::new(1, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
    assert!(t.is_closed());
    assert_eq!(t.start(), Square::new(1, 8));
    let (t2, trial2) =
        neural::tour(board(8, 8), Square::new(1, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((t, trial), (t2, trial2));
    eprintln!("first tour at trial {trial}");
}

#[test]
fn open_only_boards_are_refused() {
    let e = neural::tour(board(5, 5), Square::new(1, 1), &NeuralOptions::default());
    assert!(e.is_err());
}

#[test]
fn the_literal_rule_settles_in_non_tours() {
    let opts = NeuralOptions {
        trials: 300,
        seed: 1,
        rule: neural::Rule::Literal,
        ..NeuralOptions::default()
    };
    let s = neural::run(board(8, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("literal rule:\n{}", s.report(board(8, 8)));
    assert_eq!(s.tours, 0);
}

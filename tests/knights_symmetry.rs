//! Tours of small boards listed whole: counts up to symmetry against the OEIS (A169777 for
//! 3 x n, A328341 and A328340 for 4 x n, A165134 for 5 x 5 by start square) and Jelliss's catalogue of 6 x 6 closed tours, tours
//! with half-turn and quarter-turn symmetry, and uniform random tours (chi-square on 5 x 5).

use crate::knights_cli::{knights, text};
use knightlog::knights::counting::symmetry::{self, Sampler};
use knightlog::knights::rng::Rng;
use knightlog::knights::Board;
use std::collections::HashMap;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

fn distinct(w: u32, h: u32, closed: bool) -> symmetry::Distinct {
    symmetry::distinct(board(w, h), closed).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn geometrically_distinct_open_tours_of_3xn_and_4xn_match_the_oeis() {
    // A169777: 3 x n, n = 4, 7, 8, 9, 10.
    for (n, want) in [(4, 3), (7, 14), (8, 104), (9, 146), (10, 773)] {
        assert_eq!(distinct(3, n, false).distinct, want, "3x{n}");
    }
    // A328341: 4 x n, n = 3, 5, 6, 7, 8 (the orientation does not matter).
    for (n, want) in [(3, 3), (5, 22), (6, 186), (7, 1603), (8, 7772)] {
        assert_eq!(distinct(n, 4, false).distinct, want, "{n}x4");
    }
    // A328340: those of 4 x (2k-1) with (half-turn) symmetry: 4x3 2, 4x5 3, 4x7 17. A tour the
    // half turn maps onto itself is alone in its class with the mirror images of it.
    for (n, want) in [(3, 2), (5, 3), (7, 17)] {
        let d = distinct(4, n, false);
        assert_eq!(d.fixed_by("half turn") / 2, want, "4x{n}");
    }
}

#[test]
fn six_by_six_closed_tours_match_jelliss_catalogue() {
    // G. P. Jelliss, "Closed Knight's Tours of the 6 by 6 Board": 9862 tours, 1245 distinct,
    // 5 with quaternary (quarter-turn) symmetry, 17 with binary (half-turn only).
    let d = distinct(6, 6, true);
    assert_eq!((d.tours, d.distinct), (9862, 1245));
    let quarter = d.fixed_by("quarter turn");
    let half = d.fixed_by("half turn");
    // A class of quarter-turn tours shows 2 diagrams, one of half-turn-only tours 4.
    assert_eq!((quarter / 2, (half - quarter) / 4), (5, 17));
    assert_eq!(
        d.fixed_by("diagonal mirror"),
        0,
        "no tour is its own mirror image"
    );
}

#[test]
fn symmetric_tours_are_found_where_they_exist() {
    let t = symmetry::symmetric_tour(board(6, 6), true, "quarter turn")
        .unwrap_or_else(|e| panic!("{e}"));
    let turn = &symmetry::symmetries(board(6, 6))[4];
    assert_eq!(turn.name, "quarter turn");
    let pos = t.numbering();
    // Every step turned is a step of the tour.
    let n = t.indices().len() as u32;
    for w in t.indices().windows(2) {
        let d =
            pos[turn.map[w[0] as usize] as usize].abs_diff(pos[turn.map[w[1] as usize] as usize]);
        assert!(d == 1 || d == n - 1);
    }
    assert!(symmetry::symmetric_tour(board(4, 5), false, "half turn").is_ok());
    let e = symmetry::symmetric_tour(board(3, 4), false, "quarter turn").err();
    assert!(e
        .map(|e| e.to_string())
        .unwrap_or_default()
        .contains("no quarter turn"));
    let o = knights(&[
        "tour",
        "--board",
        "6x6",
        "--closed",
        "--symmetric",
        "quarter-turn",
    ]);
    assert!(o.status.success(), "{}", text(&o).1);
}

#[test]
fn random_tours_of_5x5_are_uniform() {
    // 1728 directed open tours; each drawn equally often: chi-square over all 1728 with 10
    // draws expected each (df 1727: mean 1727, sd 58.8; accepted within 5 sd).
    let b = board(5, 5);
    let sampler = Sampler::new(b, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sampler.count(), 864);
    let mut rng = Rng::new(2024);
    let draws = 17_280;
    let mut seen: HashMap<Vec<u32>, u64> = HashMap::new();
    for _ in 0..draws {
        let t = sampler.draw(&mut rng).unwrap_or_else(|e| panic!("{e}"));
        *seen.entry(t.indices().to_vec()).or_default() += 1;
    }
    assert_eq!(seen.len(), 1728, "every directed tour drawn");
    let expected = draws as f64 / 1728.0;
    let chi2: f64 = seen
        .values()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 2021.0 && chi2 > 1433.0, "chi-square {chi2}");
    let o = knights(&["tour", "--board", "5x5", "--random", "--seed", "7"]);
    assert!(o.status.success());
    assert!(text(&o)
        .1
        .contains("uniform among 864 undirected tours, seed 7"));
}

#[test]
fn directed_5x5_tours_per_start_square_match_the_oeis_table() {
    // A165134 (Coserea's example): the directed open tours of 5 x 5 by start square, 1728 in
    // all: 304 from each corner, 56 from each other square of the corners' colour, 64 from
    // the centre, none from the other colour.
    let b = board(5, 5);
    let mut from = vec![0u64; 25];
    symmetry::for_each_tour(b, false, |t| {
        from[t[0] as usize] += 1;
        from[t[t.len() - 1] as usize] += 1;
        true
    })
    .unwrap_or_else(|e| panic!("{e}"));
    #[rustfmt::skip]
    let want = [
        304, 0, 56, 0, 304,
        0, 56, 0, 56, 0,
        56, 0, 64, 0, 56,
        0, 56, 0, 56, 0,
        304, 0, 56, 0, 304,
    ];
    assert_eq!(from, want);
    assert_eq!(from.iter().sum::<u64>(), 1728);
    // Up to the board's eight symmetries: 864 undirected tours in 112 classes.
    let d = distinct(5, 5, false);
    assert_eq!((d.tours, d.distinct), (864, 112));
}

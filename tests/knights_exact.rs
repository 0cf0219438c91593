//! Exact counts past 2^64: the frontier programme against OEIS A070030 (closed tours of
//! 3 x 2n, from the generating function published with A169764) up to 3 x 100, against a
//! brute-force counter written here (no shared code) on small boards, and the `knights count`
//! output for the board the issue found wrapped (3 x 48).

use knightlog::knights::counting::frontier::{self, FrontierOptions};
use knightlog::knights::Board;
use num_bigint::{BigInt, BigUint};
use std::process::Command;

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Coefficients of z^0, z^2, ..., z^(2 * terms - 2) of a rational generating function in z^2.
fn series(num: &[i64], den: &[i64], terms: usize) -> Vec<BigInt> {
    assert_eq!(den[0], 1);
    let mut a: Vec<BigInt> = Vec::with_capacity(terms);
    for k in 0..terms {
        let mut v = BigInt::from(*num.get(k).unwrap_or(&0));
        for (j, &d) in den.iter().enumerate().skip(1).take(k) {
            v -= BigInt::from(d) * &a[k - j];
        }
        a.push(v);
    }
    a
}

/// A169764 (closed tours of 3 x n; a(2n) = A070030(n)): numerator and denominator
/// coefficients of z^0, z^2, z^4, ...
const NUM: [i64; 23] = [
    0, 0, 0, 0, 0, 16, 80, -544, -1856, 8080, 9856, -50864, -64, 152576, -130816, -214272, 245760,
    222208, 44544, -53248, -352256, 81920, 32768,
];
const DEN: [i64; 22] = [
    1, -6, -64, 200, 1000, -3016, -3488, 24256, -23776, -104168, 203408, 184704, -443392, -14336,
    151296, -145920, 263424, -317440, -36864, 966656, -573440, -131072,
];

#[test]
fn closed_tours_of_3_by_2n_match_oeis_a070030_up_to_3_by_100() {
    let want = series(&NUM, &DEN, 51);
    // The terms OEIS lists, to check the expansion itself.
    let listed: [u64; 12] = [
        16,
        176,
        1536,
        15424,
        147728,
        1448416,
        14060048,
        136947616,
        1332257856,
        12965578752,
        126169362176,
        1227776129152,
    ];
    crate::table::each(listed.iter().enumerate(), |(i, &n)| {
        assert_eq!(want[5 + i], BigInt::from(n), "3x{}", 10 + 2 * i);
    });
    let mut past_u64 = 0;
    let mut past_u128 = 0;
    for n in 1..=50u32 {
        let c = frontier::count(board(3, 2 * n), true, &FrontierOptions::default())
            .unwrap_or_else(|e| panic!("3x{}: {e}", 2 * n));
        assert_eq!(
            BigInt::from(c.count.clone()),
            want[n as usize],
            "3x{}",
            2 * n
        );
        past_u64 += usize::from(c.count.bits() > 64);
        past_u128 += usize::from(c.count.bits() > 128);
        // Counted in the narrowest numbers that hold the answer, after as many doublings.
        assert!(c.count_bits == 64 || c.count.bits() > c.count_bits as u64 / 2);
    }
    assert!(past_u64 > 20 && past_u128 > 5, "{past_u64} {past_u128}");
}

#[test]
fn the_wide_key_with_wide_numbers_counts_the_same() {
    let want = series(&NUM, &DEN, 31);
    let c = frontier::count(
        board(60, 3),
        true,
        &FrontierOptions {
            encoding: frontier::Encoding::Wide,
            ..FrontierOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((c.key_bits, c.count_bits), (128, 128));
    assert_eq!(BigInt::from(c.count), want[30]);
}

#[test]
fn spilled_wide_numbers_add_up() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let opts = FrontierOptions {
        memory_cap: Some(1 << 10),
        spill_dir: Some(dir.path().to_path_buf()),
        ..FrontierOptions::default()
    };
    let want = series(&NUM, &DEN, 41);
    let c = frontier::count(board(3, 80), true, &opts).unwrap_or_else(|e| panic!("{e}"));
    assert!(c.spilled_runs > 0 && c.count_bits >= 128, "{c:?}");
    assert_eq!(BigInt::from(c.count), want[40]);
}

/// Directed Hamiltonian paths (`closed`: undirected circuits) of the knight graph, by plain
/// depth-first search over every start square.
fn brute_force(w: i32, h: i32, closed: bool) -> u64 {
    let n = (w * h) as usize;
    let nbrs: Vec<Vec<usize>> = (0..n as i32)
        .map(|s| {
            let (x, y) = (s % w, s / w);
            [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ]
            .iter()
            .map(|&(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < w && b < h)
            .map(|(a, b)| (b * w + a) as usize)
            .collect()
        })
        .collect();
    let mut total = 0u64;
    let starts = if closed { 1 } else { n };
    for s in 0..starts {
        let mut seen = vec![false; n];
        seen[s] = true;
        // Stack of (square, index of the next neighbour to try).
        let mut stack = vec![(s, 0usize)];
        while let Some(&(v, i)) = stack.last() {
            if stack.len() == n {
                if !closed || nbrs[v].contains(&s) {
                    total += 1;
                }
                seen[v] = false;
                stack.pop();
                continue;
            }
            match nbrs[v].get(i) {
                Some(&u) => {
                    let top = stack.len() - 1;
                    stack[top].1 += 1;
                    if !seen[u] {
                        seen[u] = true;
                        stack.push((u, 0));
                    }
                }
                None => {
                    seen[v] = false;
                    stack.pop();
                }
            }
        }
    }
    if closed && n > 2 {
        total / 2 // each circuit in both directions from square 0
    } else {
        total
    }
}

#[test]
fn frontier_counts_match_a_brute_force_counter_on_small_boards() {
    crate::table::each(
        [
            (3, 4),
            (4, 3),
            (3, 5),
            (3, 6),
            (4, 4),
            (3, 7),
            (4, 5),
            (3, 8),
            (5, 5),
        ],
        |(w, h)| {
            for closed in [false, true] {
                let c = frontier::count(board(w, h), closed, &FrontierOptions::default())
                    .unwrap_or_else(|e| panic!("{e}"));
                let dp = if closed { c.count } else { c.count * 2u32 };
                let bf = brute_force(w as i32, h as i32, closed);
                assert_eq!(dp, BigUint::from(bf), "{w}x{h} closed={closed}");
            }
        },
    );
}

#[test]
fn the_cli_prints_the_count_that_once_wrapped() {
    let out = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["count", "--board", "3x48", "--closed"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // The true count, 6498627947926455296 + 5 * 2^64 (the wrapped number printed before).
    assert!(text.starts_with("3x48: 98732348316474213376 "), "{text}");
    assert!(text.contains("128-bit"), "{text}");
}

#[test]
fn a_checkpointed_count_that_saturates_starts_afresh_wider() {
    // The 64-bit run saturates; its checkpoint (of 64-bit counts) is dropped, not refused by
    // the 128-bit run that follows.
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cp = dir.path().join("cp");
    let out = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["count", "--board", "3x48", "--closed", "--checkpoint"])
        .arg(&cp)
        .args(["--checkpoint-every", "0"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}{err}");
    assert!(text.starts_with("3x48: 98732348316474213376 "), "{text}");
    assert!(!cp.exists(), "a finished count removes its checkpoint");
}

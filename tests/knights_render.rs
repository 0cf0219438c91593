//! `knights` pictures and round trips: every output format read back by `knights check`; PNGs
//! decoded by the png crate's reader and SVGs by `rsvg-convert` (librsvg, as CI installs it) at
//! 8x8, 100x100 and 1000x1000; on small boards the path is recovered from the pixels alone and
//! must visit every square once.

use super::knights_cli::{knights, text, tmp};

/// Writes a tour of `board` in `format` to a file and returns its path.
fn tour_file(board: &str, extra: &[&str], format: &str, name: &str) -> String {
    let path = tmp(name).to_string_lossy().into_owned();
    let args = [
        &["tour", "--board", board, "--format", format, "-o", &path][..],
        extra,
    ]
    .concat();
    let o = knights(&args);
    assert!(o.status.success(), "{args:?}: {}", text(&o).1);
    path
}

/// Width, height and RGB(A) pixels of a PNG file, by the png crate's decoder.
fn decode(path: &str) -> (u32, u32, usize, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut dec = png::Decoder::new(std::io::BufReader::new(file));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec.read_info().unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let channels = info.color_type.samples();
    buf.truncate(info.buffer_size());
    (info.width, info.height, channels, buf)
}

#[test]
fn every_format_round_trips_through_check() {
    crate::table::each(
        [
            ("6x6", &["--closed"][..]),
            ("5x7", &["--method", "divide"][..]),
        ],
        |(board, extra)| {
            for format in ["text", "json", "svg", "ps", "png"] {
                let f = tour_file(board, extra, format, &format!("rt_{board}.{format}"));
                let o = knights(&["check", &f]);
                let (out, err) = text(&o);
                assert!(o.status.success(), "{board} {format}: {err}");
                let kind = if extra.contains(&"--closed") {
                    "closed"
                } else {
                    "open"
                };
                let want = format!("valid {kind} knight's tour of the {board} board");
                assert!(out.contains(&want), "{board} {format}: {out}");
                // And `render` reads it too (JSON out, compared with the tour's own JSON).
                let o = knights(&["render", "--format", "json", &f]);
                let json = std::fs::read_to_string(tour_file(board, extra, "json", "rt_ref.json"))
                    .unwrap_or_default();
                assert_eq!(text(&o).0, json, "{board} {format}");
            }
        },
    );
    // JSON names its board; a conflicting --board is refused, a bare list still needs one.
    let f = tour_file("6x6", &[], "json", "named.json");
    assert!(std::fs::read_to_string(&f)
        .unwrap_or_default()
        .starts_with(r#"{"board":"6x6","closed":false,"tour":[[1,6],"#));
    let o = knights(&["check", "--board", "6x5", &f]);
    assert!(text(&o).1.contains("names the 6x6 board, not 6x5"));
}

#[test]
fn pngs_decode_at_every_size() {
    crate::table::each(
        [
            ("8x8", 800, "warnsdorff"),
            ("100x100", 800, "warnsdorff"),
            ("1000x1000", 1000, "divide"),
        ],
        |(board, side, method)| {
            let f = tour_file(board, &["--method", method], "png", &format!("{board}.png"));
            let (w, h, channels, px) = decode(&f);
            assert_eq!((w, h, channels), (side, side, 3), "{board}");
            let colours: std::collections::HashSet<&[u8]> = px.chunks(3).collect();
            assert!(colours.len() > 4, "{board}: a picture, not a blank");
            // The start is marked green at the top-left square (the default start, a8 etc.).
            let near = |x: u32, y: u32, c: [u8; 3]| {
                let i = (y * w + x) as usize * 3;
                px[i..i + 3].iter().zip(c).all(|(&a, b)| a.abs_diff(b) < 30)
            };
            let cell = side
                / board
                    .split('x')
                    .next()
                    .and_then(|s| s.parse::<u32>().ok())
                    .unwrap_or(1);
            assert!(
                near(cell / 2, cell / 2, [46, 158, 62]),
                "{board}: green start"
            );
            let o = knights(&["check", &f]);
            assert!(o.status.success(), "{board}: {}", text(&o).1);
        },
    );
}

#[test]
#[ignore = "slow tier: librsvg renders tours up to 1000x1000 (about 11 s)"]
fn svgs_render_in_librsvg_at_every_size() {
    for (board, method) in [
        ("8x8", "warnsdorff"),
        ("100x100", "warnsdorff"),
        ("1000x1000", "divide"),
    ] {
        let f = tour_file(board, &["--method", method], "svg", &format!("{board}.svg"));
        let out = tmp(&format!("{board}.svg.png"))
            .to_string_lossy()
            .into_owned();
        let o = std::process::Command::new("rsvg-convert")
            .args(["-w", "600", "-h", "600", &f, "-o", &out])
            .output()
            .unwrap_or_else(|e| panic!("rsvg-convert (apt install librsvg2-bin): {e}"));
        assert!(o.status.success(), "{board}: {}", text(&o).1);
        let (w, h, _, px) = decode(&out);
        assert_eq!((w, h), (600, 600));
        // Path blue is in the picture, not only the board's browns (on 1000x1000 the lines
        // are a fraction of a pixel), and the green start disc shows at every size.
        let count = |f: &dyn Fn(&[u8]) -> bool| px.chunks(4).filter(|p| f(p)).count();
        let blue = count(&|p| p[2] > p[0] + 40 && p[2] > p[1]);
        let green = count(&|p| p[1] > p[0] + 50 && p[1] > p[2] + 50);
        assert!(
            board == "1000x1000" || blue > 1000,
            "{board}: {blue} blue pixels"
        );
        assert!(green > 20, "{board}: {green} green pixels");
        let o = knights(&["check", &f]);
        assert!(o.status.success(), "{board}: {}", text(&o).1);
    }
    let svg = std::fs::read_to_string(tmp("1000x1000.svg")).unwrap_or_default();
    assert!(
        svg.matches("<path class=\"tour\"").count() >= 20,
        "split into chunks"
    );
    let longest = svg.split('"').map(str::len).max().unwrap_or(0);
    assert!(longest < 1_000_000, "an attribute of {longest} bytes");
}

/// Recovers the knight's path from the pixels of a PNG of a `n` x `n` board: a step between
/// two squares is drawn when the points 0.14 of the way from each end are path blue: of all
/// fractions, these keep farthest from every other knight's step (0.13 of a square; at a
/// third or a quarter, other steps pass exactly through them) and clear of the end discs. Every
/// square must then have two steps (one at the ends of an open tour), and the steps must join
/// all squares into one path: each square visited once.
fn path_from_pixels(path: &str, n: u32) -> Vec<Vec<u32>> {
    let (w, _, _, px) = decode(path);
    let cell = f64::from(w) / f64::from(n);
    let blue = |x: f64, y: f64| {
        let i = ((y as u32) * w + x as u32) as usize * 3;
        px[i..i + 3]
            .iter()
            .zip([31u8, 79, 191])
            .all(|(&a, b)| a.abs_diff(b) < 50)
    };
    let centre = |x: u32, y: u32| {
        (
            (f64::from(x) + 0.5) * cell,
            (f64::from(n - 1 - y) + 0.5) * cell,
        )
    };
    let mut steps = vec![Vec::new(); (n * n) as usize];
    for y in 0..n {
        for x in 0..n {
            for (dx, dy) in [(1i64, 2i64), (2, 1), (2, -1), (1, -2)] {
                let (x2, y2) = (i64::from(x) + dx, i64::from(y) + dy);
                if x2 < 0 || y2 < 0 || x2 >= i64::from(n) || y2 >= i64::from(n) {
                    continue;
                }
                let (a, b) = (centre(x, y), centre(x2 as u32, y2 as u32));
                let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                let (p, q) = (at(0.14), at(0.86));
                if blue(p.0, p.1) && blue(q.0, q.1) {
                    let (i, j) = (y * n + x, y2 as u32 * n + x2 as u32);
                    steps[i as usize].push(j);
                    steps[j as usize].push(i);
                }
            }
        }
    }
    steps
}

fn assert_one_path(steps: &[Vec<u32>], closed: bool) {
    let ends = steps.iter().filter(|s| s.len() == 1).count();
    assert!(
        steps.iter().all(|s| s.len() == 1 || s.len() == 2),
        "a square drawn with 0 or 3+ steps"
    );
    assert_eq!(ends, if closed { 0 } else { 2 });
    // Walk from one end (or anywhere on a cycle): it must reach every square.
    let start = steps.iter().position(|s| s.len() == 1).unwrap_or(0) as u32;
    let (mut prev, mut at, mut seen) = (u32::MAX, start, 1);
    loop {
        let next = steps[at as usize].iter().copied().find(|&s| s != prev);
        match next {
            Some(s) if s != start => {
                (prev, at) = (at, s);
                seen += 1;
            }
            _ => break,
        }
    }
    assert_eq!(
        seen,
        steps.len(),
        "the drawn steps form one path over every square"
    );
}

#[test]
fn the_drawn_path_visits_every_square_once() {
    let f = tour_file("8x8", &["--closed"], "png", "pixels8.png");
    assert_one_path(&path_from_pixels(&f, 8), true);
    let f = tour_file("12x12", &[], "png", "pixels12.png");
    assert_one_path(&path_from_pixels(&f, 12), false);
    // A window of a big board is a picture of that part only.
    let f = tour_file("300x300", &["--window", "1,281,20x20"], "png", "window.png");
    let (w, h, _, _) = decode(&f);
    assert_eq!((w, h), (800, 800));
    let o = knights(&["check", &f]);
    assert!(
        text(&o).0.contains("300x300"),
        "the whole tour travels in the PNG"
    );
    let f = tour_file("300x300", &["--window", "1,281,20x20"], "svg", "window.svg");
    let o = knights(&["check", &f]);
    assert!(
        text(&o).1.contains("only the window 1,281,20x20"),
        "{}",
        text(&o).1
    );
    // Several dfs tours: a PNG holds the last one, and says so.
    let f = tmp("three.png").to_string_lossy().into_owned();
    let args = ["tour", "--method", "dfs", "--board", "5x5", "--start", "a1"];
    let o = knights(
        &[
            &args[..],
            &["--solutions", "3", "--format", "png", "-o", &f],
        ]
        .concat(),
    );
    assert!(
        text(&o).1.contains("drawing the last of 3"),
        "{}",
        text(&o).1
    );
    let o3 = knights(&[&args[..], &["--solutions", "3", "--format", "json"]].concat());
    let last = text(&o3).0.lines().last().unwrap_or_default().to_string();
    let o = knights(&["render", "--format", "json", &f]);
    assert_eq!(text(&o).0.trim_end(), last);
    let o = knights(&[
        "tour", "--board", "8x8", "--window", "5,5,8x8", "--format", "svg",
    ]);
    assert!(text(&o).1.contains("does not lie on the 8x8 board"));
}

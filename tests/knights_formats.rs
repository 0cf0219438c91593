//! Every `--format` of `knights puzzle` does what it says (json and none printed text before;
//! png writes a PNG).

use std::process::Command;

fn puzzle_bytes(format: &str) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["puzzle", "--format", format])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "{format}");
    out.stdout
}

fn puzzle(format: &str) -> String {
    String::from_utf8_lossy(&puzzle_bytes(format)).into_owned()
}

#[test]
#[ignore = "slow tier: the queen puzzle solved once per format (about 11 s)"]
fn puzzle_formats_are_honoured() {
    let json = puzzle("json");
    assert!(json.starts_with("{\"board\": \"8x8\""), "{json}");
    assert!(json.contains("\"moves\": 46"), "{json}");
    // 47 squares in the walk, the first h8; it parses as the tour reader's JSON list does not
    // apply (a walk revisits squares), so count the quoted squares.
    let walk = &json[json.find("\"walk\"").unwrap_or(0)..];
    assert_eq!(walk.matches('"').count() / 2 - 1, 47, "{walk}");
    assert!(puzzle("none").is_empty());
    assert!(puzzle("text").starts_with("shortest walk: 46 moves"));
    assert!(puzzle("svg").contains("<svg"));
    assert!(puzzle("ps").contains("showpage"));
    let png = puzzle_bytes("png");
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{:?}",
        &png[..8.min(png.len())]
    );
}

//! examples/csv2json.pl (issue 36) under knightlog and SWI-Prolog: CSV files
//! made here (quoted fields with separators, doubled quotes and newlines,
//! Unicode, empty cells, CRLF line ends, numbers, another separator) are
//! converted with several command lines; standard output, standard error and
//! the exit status must be the same bytes under both.

use std::path::PathBuf;

#[test]
fn csv2json_writes_the_same_json_as_under_swi() {
    let files: &[(&str, &str)] = &[
        (
            "people.csv",
            "name,age,city,note\n\"Smith, Jane\",42,Zürich,\n\"O\"\"Brien\",7,東京,\"multi\nline\"\nBob,,Paris,\"quote \"\"x\"\"\"\n",
        ),
        (
            "crlf.csv",
            "id,score,ok\r\n1,2.5,yes\r\n2,-0.25,\r\n3,1e3,\"\"\r\n",
        ),
        ("semi.csv", "a;b;c\n1;x y;😀\n;;\n"),
        ("header_only.csv", "x,y\n"),
        ("no_final_newline.csv", "k,v\nα,β"),
    ];
    let cases: &[&[&str]] = &[
        &["people.csv"],
        &["--width=0", "people.csv"],
        &["-w", "30", "--tag=person", "people.csv"],
        &["crlf.csv"],
        &["--separator=;", "semi.csv"],
        &["header_only.csv"],
        &["no_final_newline.csv"],
        &["--width=x", "people.csv"],
        &["missing.csv"],
    ];
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/csv2json.pl");
    let script = script.to_str().expect("a UTF-8 path");
    let with_script: Vec<Vec<&str>> = cases
        .iter()
        .map(|args| {
            std::iter::once(script)
                .chain(args.iter().copied())
                .collect()
        })
        .collect();
    let cases: Vec<&[&str]> = with_script.iter().map(Vec::as_slice).collect();
    crate::scripts_vs_swi::same_as_swi("csv2json", files, &cases);
}

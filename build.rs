//! Generates the parser from grammar/*.lalrpop at build time.
fn main() {
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .emit_rerun_directives(true)
        .process()
        .expect("lalrpop failed to process grammar/");
}

//! Tours in and out: [`input`] (squares and tours as users type them), [`render`] (text, JSON,
//! SVG, PNG, PostScript), [`readback`] (every format `render` writes, read back), and
//! [`progress`] (progress bars, on terminals only), [`scan`] (the text formats read as a stream).
//!
//! Tested by: tests/knights_formats.rs, tests/knights_render.rs, tests/knights_cli.rs.

pub mod input;
pub mod progress;
pub mod readback;
pub mod render;
pub mod scan;

//! A small RGB canvas for the PNG pictures: filled rectangles, thick anti-aliased line
//! segments and discs, nothing more (a drawing library would be most of a crate for this).
//!
//! Tested by: the unit tests here and, through the pictures, tests/knights_render.rs.

pub type Rgb = [u8; 3];

/// Pixels row by row from the top-left, three bytes each.
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        let n = width as usize * height as usize;
        let mut data = Vec::with_capacity(n * 3);
        for _ in 0..n {
            data.extend_from_slice(&background);
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    #[cfg(test)]
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }

    /// Mixes `colour` into the pixel with weight `alpha` (0..=1); off-canvas pixels are skipped.
    fn blend(&mut self, x: i64, y: i64, colour: Rgb, alpha: f64) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 3;
        let a = alpha.clamp(0.0, 1.0);
        for (c, &v) in colour.iter().enumerate() {
            let old = f64::from(self.data[i + c]);
            self.data[i + c] = (old + (f64::from(v) - old) * a).round() as u8;
        }
    }

    /// Fills the pixels `x0..x1` by `y0..y1` (clipped).
    pub fn fill_rect(&mut self, x0: u32, y0: u32, x1: u32, y1: u32, colour: Rgb) {
        for y in y0..y1.min(self.height) {
            let row = y as usize * self.width as usize;
            for x in x0..x1.min(self.width) {
                let i = (row + x as usize) * 3;
                self.data[i..i + 3].copy_from_slice(&colour);
            }
        }
    }

    /// A segment `width` pixels thick between two points (pixel centres at +0.5), its edge
    /// softened over one pixel; the ends are round.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), width: f64, colour: Rgb) {
        let r = width / 2.0;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let (x0, x1) = (a.0.min(b.0) - r - 1.0, a.0.max(b.0) + r + 1.0);
        let (y0, y1) = (a.1.min(b.1) - r - 1.0, a.1.max(b.1) + r + 1.0);
        for py in y0.floor() as i64..=y1.ceil() as i64 {
            for px in x0.floor() as i64..=x1.ceil() as i64 {
                let (cx, cy) = (px as f64 + 0.5, py as f64 + 0.5);
                let t = if len2 == 0.0 {
                    0.0
                } else {
                    (((cx - a.0) * dx + (cy - a.1) * dy) / len2).clamp(0.0, 1.0)
                };
                let (ex, ey) = (a.0 + t * dx - cx, a.1 + t * dy - cy);
                let d = (ex * ex + ey * ey).sqrt();
                let cover = r + 0.5 - d;
                if cover > 0.0 {
                    self.blend(px, py, colour, cover);
                }
            }
        }
    }

    /// A disc of radius `r` around `c`, edge softened over one pixel.
    pub fn disc(&mut self, c: (f64, f64), r: f64, colour: Rgb) {
        self.line(c, c, 2.0 * r, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_cover_their_middle_and_not_beyond() {
        let mut c = Canvas::new(20, 10, [255, 255, 255]);
        c.line((2.0, 5.0), (18.0, 5.0), 2.0, [0, 0, 0]);
        assert_eq!(c.pixel(10, 4), [0, 0, 0]);
        assert_eq!(c.pixel(10, 5), [0, 0, 0]);
        assert_eq!(c.pixel(10, 8), [255, 255, 255]);
        c.disc((5.0, 5.0), 3.0, [200, 0, 0]);
        assert_eq!(c.pixel(4, 4), [200, 0, 0]);
        c.fill_rect(0, 0, 100, 1, [1, 2, 3]);
        assert_eq!(c.pixel(19, 0), [1, 2, 3]);
    }
}

//! Exact-area coverage of a union of polygons, kept and read out only over the columns each
//! row's edges reach: what the rebound arrow is filled with.
//!
//! Written by hand because the rasteriser of `ab_glyph_rasterizer` (which `ab_glyph` draws
//! glyphs with, and [`super::shapes::ExactCoverage`] still uses) keeps a float for every pixel
//! of the shape's box and reads every one of them out, one after another: a bishop's rebound
//! is two diagonals whose box may hold a third of the board while the arrow covers a tenth of
//! it, and that read-out was a fifth of a move's PNG (`BENCHMARKS.md`, "A lighter board
//! picture"). The edges are added exactly as that crate adds them (its `draw_line`, after
//! font-rs; Apache-2.0), each row's reach is noted on a first pass, and each row's sum starts
//! at its first reached column: the coverage is the same to a float's last bits (that crate
//! carries each row's rounding dust into the next).

use super::shapes::{Pt, bounds, counter_clockwise_edges};

/// The coverage of a union of polygons, row by row over each row's reach.
pub struct SpanRaster {
    /// Image column of the box's first column.
    pub x0: i64,
    /// Image row of the box's first row.
    pub y0: i64,
    /// Per row of the box: its first reached column and where its sums start in `deltas`.
    rows: Vec<(usize, usize)>,
    /// Each row's area deltas over its reach, rows one after another.
    deltas: Vec<f32>,
}

/// One edge, in box coordinates, as the rasteriser walks it: top point first.
struct Edge {
    top: Pt,
    bottom: Pt,
    /// +1 for an edge going down, −1 going up.
    dir: f32,
}

impl SpanRaster {
    /// Rasterises the union of polygons. Each polygon is turned counter-clockwise first: the
    /// areas add up with sign, so overlapping parts of a union then saturate at full coverage
    /// instead of cancelling out.
    pub fn of_polygons(polygons: &[Vec<Pt>]) -> Option<SpanRaster> {
        let (x0, y0, _, y1) = bounds(polygons)?;
        let height = (y1 - y0) as usize;
        let mut edges = Vec::new();
        for (a, b) in counter_clockwise_edges(polygons) {
            let a = (a.0 - x0 as f32, a.1 - y0 as f32);
            let b = (b.0 - x0 as f32, b.1 - y0 as f32);
            if (a.1 - b.1).abs() <= f32::EPSILON {
                continue;
            }
            edges.push(if a.1 < b.1 {
                Edge {
                    top: a,
                    bottom: b,
                    dir: 1.0,
                }
            } else {
                Edge {
                    top: b,
                    bottom: a,
                    dir: -1.0,
                }
            });
        }
        // First pass: each row's reach (first column, one past the last).
        let mut reach = vec![(usize::MAX, 0usize); height];
        for e in &edges {
            walk(e, height, |y, i, _| {
                let r = &mut reach[y];
                r.0 = r.0.min(i);
                r.1 = r.1.max(i + 1);
            });
        }
        let mut rows = Vec::with_capacity(height);
        let mut len = 0;
        for &(first, end) in &reach {
            rows.push((first, len));
            len += end.saturating_sub(first);
        }
        // Second pass: the deltas, each at its row's start plus its column past the reach's.
        let mut deltas = vec![0.0; len];
        for e in &edges {
            walk(e, height, |y, i, d| deltas[rows[y].1 + i - rows[y].0] += d);
        }
        Some(SpanRaster {
            x0,
            y0,
            rows,
            deltas,
        })
    }

    /// Where the coverage may be non-zero, in bands of `band` rows: `(y0, y1, x0, x1)` for each
    /// band of the box with a reach, the union of its rows' reaches (ends exclusive). What a
    /// drawing marks before it blends.
    pub fn reach(&self, band: usize) -> impl Iterator<Item = (i64, i64, i64, i64)> + '_ {
        let rows = self.rows.len();
        (0..rows.div_ceil(band)).filter_map(move |b| {
            let (from, to) = (b * band, ((b + 1) * band).min(rows));
            let (mut x0, mut x1) = (usize::MAX, 0);
            for y in from..to {
                let (first, start) = self.rows[y];
                let end = self.rows.get(y + 1).map_or(self.deltas.len(), |r| r.1);
                if start < end {
                    x0 = x0.min(first);
                    x1 = x1.max(first + end - start);
                }
            }
            (x0 < x1).then(|| {
                (
                    self.y0 + from as i64,
                    self.y0 + to as i64,
                    self.x0 + x0 as i64,
                    self.x0 + x1 as i64,
                )
            })
        })
    }

    /// Calls `f(y, x, coverage)` for every row that has any, top to bottom: its image row, the
    /// image column of its first reached pixel, and the coverage (0 to 1) of the row's reach.
    pub fn for_each_row(&self, mut f: impl FnMut(i64, i64, &[f32])) {
        let mut line = Vec::new();
        for (y, &(first, start)) in self.rows.iter().enumerate() {
            let end = self.rows.get(y + 1).map_or(self.deltas.len(), |r| r.1);
            if start == end {
                continue;
            }
            let mut acc = 0.0f32;
            line.clear();
            line.extend(self.deltas[start..end].iter().map(|d| {
                acc += d;
                acc.abs().min(1.0)
            }));
            f(self.y0 + y as i64, self.x0 + first as i64, &line);
        }
    }
}

/// `x.floor()` without the library call it compiles to for the baseline x86-64 (no SSE4.1):
/// the same value for every `x` within an `i64`, which the walk's coordinates are.
#[inline]
fn floor(x: f32) -> f32 {
    let t = x as i64 as f32;
    if t > x { t - 1.0 } else { t }
}

/// `x.ceil()`, as [`floor`].
#[inline]
fn ceil(x: f32) -> f32 {
    let t = x as i64 as f32;
    if t < x { t + 1.0 } else { t }
}

/// Walks an edge row by row as `ab_glyph_rasterizer`'s `draw_line` does, calling
/// `add(row, column, delta)` for every area delta it leaves.
fn walk(e: &Edge, height: usize, mut add: impl FnMut(usize, usize, f32)) {
    let (p0, p1, dir) = (e.top, e.bottom, e.dir);
    let dxdy = (p1.0 - p0.0) / (p1.1 - p0.1);
    let mut x = p0.0;
    let y0 = p0.1 as usize; // p0 lies in the box: no row above it
    for y in y0..height.min(ceil(p1.1) as usize) {
        let dy = ((y + 1) as f32).min(p1.1) - (y as f32).max(p0.1);
        let xnext = x + dxdy * dy;
        let d = dy * dir;
        let (x0, x1) = if x < xnext { (x, xnext) } else { (xnext, x) };
        let x0floor = floor(x0);
        let x0i = x0floor as usize;
        let x1ceil = ceil(x1);
        let x1i = x1ceil as usize;
        if x1i <= x0i + 1 {
            let xmf = 0.5 * (x + xnext) - x0floor;
            add(y, x0i, d - d * xmf);
            add(y, x0i + 1, d * xmf);
        } else {
            let s = (x1 - x0).recip();
            let x0f = x0 - x0floor;
            let a0 = 0.5 * s * (1.0 - x0f) * (1.0 - x0f);
            let x1f = x1 - x1ceil + 1.0;
            let am = 0.5 * s * x1f * x1f;
            add(y, x0i, d * a0);
            if x1i == x0i + 2 {
                add(y, x0i + 1, d * (1.0 - a0 - am));
            } else {
                let a1 = s * (1.5 - x0f);
                add(y, x0i + 1, d * (a1 - a0));
                for xi in x0i + 2..x1i - 1 {
                    add(y, xi, d * s);
                }
                let a2 = a1 + (x1i - x0i - 3) as f32 * s;
                add(y, x1i - 1, d * (1.0 - a2 - am));
            }
            add(y, x1i, d * am);
        }
        x = xnext;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shapes::{ExactCoverage, stroke};

    #[test]
    fn floor_and_ceil_are_the_library_ones() {
        let mut xs: Vec<f32> = (-40_000..40_000).map(|i| i as f32 * 0.0999).collect();
        xs.extend([
            -0.0,
            0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            1e-9,
            -1e-9,
            8_388_607.5,
            3e9,
            -3e9,
        ]);
        xs.extend((0..200).map(|i| f32::from_bits(0x3f80_0000 + i) - 1.0));
        for x in xs {
            assert_eq!(floor(x), x.floor(), "floor {x}");
            assert_eq!(ceil(x), x.ceil(), "ceil {x}");
        }
    }

    #[test]
    fn the_coverage_is_the_rasterisers_over_each_rows_reach() {
        // Two crossing thick diagonals and a triangle: overlaps, slopes both ways.
        let mut polygons = stroke(&[(10.3, 12.7), (90.1, 70.4), (20.2, 95.9)], 9.5);
        polygons.push(vec![(40.0, 5.5), (70.5, 30.25), (35.75, 28.0)]);
        let want = ExactCoverage::of_polygons(&polygons).expect("a shape");
        let got = SpanRaster::of_polygons(&polygons).expect("a shape");
        assert_eq!((got.x0, got.y0), (want.x0, want.y0));
        let mut seen = vec![0.0f32; want.cov.len()];
        got.for_each_row(|y, x, line| {
            let at = (y - want.y0) as usize * want.width + (x - want.x0) as usize;
            seen[at..at + line.len()].copy_from_slice(line);
        });
        let mut covered = 0;
        for (i, (&a, &b)) in want.cov.iter().zip(&seen).enumerate() {
            assert!((a - b).abs() < 1e-5, "pixel {i}: {a} against {b}");
            covered += usize::from(a > 0.5);
        }
        assert!(covered > 500, "{covered} pixels covered");
    }
}

/** Cuts a (possibly rotated or skewed) quad out of an image into an upright raster. */
import type { Point, Quad } from "./geometry.ts";
import { createImage, type RgbaImage } from "./raster.ts";

/** 3x3 homography, row-major, mapping the unit square to a quad (Heckbert's closed form). */
function squareToQuad(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  let g = 0;
  let h = 0;
  if (sx !== 0 || sy !== 0) {
    const den = dx1 * dy2 - dx2 * dy1;
    if (den !== 0) {
      g = (sx * dy2 - dx2 * sy) / den;
      h = (dx1 * sy - sx * dy1) / den;
    }
  }
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

/** Maps output pixel (u, v) of a w x h crop to source coordinates. */
export function quadMapper(q: Quad, w: number, h: number): (u: number, v: number) => Point {
  const m = squareToQuad(q);
  return (u, v) => {
    const s = u / w;
    const t = v / h;
    const z = m[6]! * s + m[7]! * t + m[8]!;
    return [(m[0]! * s + m[1]! * t + m[2]!) / z, (m[3]! * s + m[4]! * t + m[5]!) / z];
  };
}

/**
 * Samples the quad into a w x h raster. `samples` > 1 averages a samples x samples grid per output pixel,
 * for crops much smaller than the quad (no aliasing, no full-size intermediate). `into`, when given,
 * supplies the pixel bytes (zeroed, width x height x 4): a caller's scratch buffer for a crop it does not
 * keep.
 */
export function warpQuad(
  image: RgbaImage,
  q: Quad,
  w: number,
  h: number,
  samples = 1,
  into?: (width: number, height: number) => Uint8ClampedArray,
): RgbaImage {
  const out = outputImage(w, h, into);
  const { width, height } = out;
  if (samples > 1) return warpSupersampled(image, q, out, samples);
  const m = squareToQuad(q) as [number, number, number, number, number, number, number, number, number];
  const d = image.data;
  const o = out.data;
  const iw = image.width;
  const ih = image.height;
  // The homography's terms that depend on the column alone, once per column (the same products the
  // per-pixel expression would form, so the result is unchanged).
  const mx = new Float64Array(3 * width);
  for (let u = 0; u < width; u++) {
    const s0 = (u + 0.5) / width;
    mx[3 * u] = m[0] * s0;
    mx[3 * u + 1] = m[3] * s0;
    mx[3 * u + 2] = m[6] * s0;
  }
  for (let v = 0; v < height; v++) {
    const t0 = (v + 0.5) / height;
    const nt = m[1] * t0;
    const mt = m[4] * t0;
    const zt = m[7] * t0;
    for (let u = 0, t = v * width * 4; u < width; u++, t += 4) {
      const z = mx[3 * u + 2]! + zt + m[8];
      const sx = (mx[3 * u]! + nt + m[2]) / z;
      const sy = (mx[3 * u + 1]! + mt + m[5]) / z;
      const fx = Math.min(Math.max(sx - 0.5, 0), iw - 1);
      const fy = Math.min(Math.max(sy - 0.5, 0), ih - 1);
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      const x1 = Math.min(x0 + 1, iw - 1);
      const y1 = Math.min(y0 + 1, ih - 1);
      const wx = fx - x0;
      const wy = fy - y0;
      const a = (y0 * iw + x0) * 4;
      const b = (y0 * iw + x1) * 4;
      const c = (y1 * iw + x0) * 4;
      const e = (y1 * iw + x1) * 4;
      // Bilinear, each channel spelled out.
      let top = d[a]! + (d[b]! - d[a]!) * wx;
      let bottom = d[c]! + (d[e]! - d[c]!) * wx;
      o[t] = top + (bottom - top) * wy;
      top = d[a + 1]! + (d[b + 1]! - d[a + 1]!) * wx;
      bottom = d[c + 1]! + (d[e + 1]! - d[c + 1]!) * wx;
      o[t + 1] = top + (bottom - top) * wy;
      top = d[a + 2]! + (d[b + 2]! - d[a + 2]!) * wx;
      bottom = d[c + 2]! + (d[e + 2]! - d[c + 2]!) * wx;
      o[t + 2] = top + (bottom - top) * wy;
      top = d[a + 3]! + (d[b + 3]! - d[a + 3]!) * wx;
      bottom = d[c + 3]! + (d[e + 3]! - d[c + 3]!) * wx;
      o[t + 3] = top + (bottom - top) * wy;
    }
  }
  return out;
}

/**
 * The inverse of the square-to-quad homography (its adjugate; the scale cancels in the projective
 * division), as nine numbers: loops over many pixels evaluate it inline.
 */
export function quadInverseMatrix(q: Quad): Float64Array {
  const [a, b, c, d, e, f, g, hh, i] = squareToQuad(q) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Float64Array.of(
    e * i - f * hh,
    c * hh - b * i,
    b * f - c * e,
    f * g - d * i,
    a * i - c * g,
    c * d - a * f,
    d * hh - e * g,
    b * g - a * hh,
    a * e - b * d,
  );
}

/** The inverse of quadMapper: source coordinates to crop coordinates (u, v). */
export function quadInverseMapper(q: Quad, w: number, h: number): (x: number, y: number) => Point {
  const inv = quadInverseMatrix(q);
  return (x, y) => {
    const z = inv[6]! * x + inv[7]! * y + inv[8]!;
    return [((inv[0]! * x + inv[1]! * y + inv[2]!) / z) * w, ((inv[3]! * x + inv[4]! * y + inv[5]!) / z) * h];
  };
}

/** Pushes each side of a quad outward by `margin` along the quad's own axes. */
export function expandQuad(q: Quad, margin: number): Quad {
  const ux = q[1][0] - q[0][0];
  const uy = q[1][1] - q[0][1];
  const ul = Math.hypot(ux, uy) || 1;
  const vx = q[3][0] - q[0][0];
  const vy = q[3][1] - q[0][1];
  const vl = Math.hypot(vx, vy) || 1;
  const ax = (ux / ul) * margin;
  const ay = (uy / ul) * margin;
  const bx = (vx / vl) * margin;
  const by = (vy / vl) * margin;
  return [
    [q[0][0] - ax - bx, q[0][1] - ay - by],
    [q[1][0] + ax - bx, q[1][1] + ay - by],
    [q[2][0] + ax + bx, q[2][1] + ay + by],
    [q[3][0] - ax + bx, q[3][1] - ay + by],
  ];
}

/**
 * Samples the quad into a w x h raster by nearest pixel: every crop pixel is one of the picture's own
 * pixels. Colours read from it keep a one-pixel stroke's full contrast, which bilinear sampling at a
 * fraction of a pixel would halve. `into` as for warpQuad.
 */
export function warpQuadNearest(
  image: RgbaImage,
  q: Quad,
  w: number,
  h: number,
  into?: (width: number, height: number) => Uint8ClampedArray,
): RgbaImage {
  const out = outputImage(w, h, into);
  return warpNearest(image, q, out);
}

/** The crop's pixels: at least 1 x 1, rounded, in the caller's buffer when it gives one. */
function outputImage(
  w: number,
  h: number,
  into: ((width: number, height: number) => Uint8ClampedArray) | undefined,
): RgbaImage {
  const width = Math.max(1, Math.round(w));
  const height = Math.max(1, Math.round(h));
  return into === undefined ? createImage(width, height) : { width, height, data: into(width, height) };
}

function warpNearest(image: RgbaImage, q: Quad, out: RgbaImage): RgbaImage {
  const { width, height } = out;
  const m = squareToQuad(q) as [number, number, number, number, number, number, number, number, number];
  const d = image.data;
  const o = out.data;
  const iw = image.width;
  const ih = image.height;
  for (let v = 0; v < height; v++) {
    const t0 = (v + 0.5) / height;
    for (let u = 0, t = v * width * 4; u < width; u++, t += 4) {
      const s0 = (u + 0.5) / width;
      const z = m[6] * s0 + m[7] * t0 + m[8];
      const sx = (m[0] * s0 + m[1] * t0 + m[2]) / z;
      const sy = (m[3] * s0 + m[4] * t0 + m[5]) / z;
      const x = Math.min(iw - 1, Math.max(0, Math.floor(sx)));
      const y = Math.min(ih - 1, Math.max(0, Math.floor(sy)));
      const i = (y * iw + x) * 4;
      o[t] = d[i]!;
      o[t + 1] = d[i + 1]!;
      o[t + 2] = d[i + 2]!;
      o[t + 3] = d[i + 3]!;
    }
  }
  return out;
}

function warpSupersampled(image: RgbaImage, q: Quad, out: RgbaImage, n: number): RgbaImage {
  const { width, height } = out;
  const m = squareToQuad(q) as [number, number, number, number, number, number, number, number, number];
  const d = image.data;
  const iw = image.width;
  const ih = image.height;
  const acc = [0, 0, 0, 0];
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      acc[0] = acc[1] = acc[2] = acc[3] = 0;
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const s0 = (u + (i + 0.5) / n) / width;
          const t0 = (v + (j + 0.5) / n) / height;
          const z = m[6] * s0 + m[7] * t0 + m[8];
          const sx = (m[0] * s0 + m[1] * t0 + m[2]) / z;
          const sy = (m[3] * s0 + m[4] * t0 + m[5]) / z;
          const x = Math.min(iw - 1, Math.max(0, Math.floor(sx)));
          const y = Math.min(ih - 1, Math.max(0, Math.floor(sy)));
          const k = (y * iw + x) * 4;
          acc[0]! += d[k]!;
          acc[1]! += d[k + 1]!;
          acc[2]! += d[k + 2]!;
          acc[3]! += d[k + 3]!;
        }
      }
      const t = (v * width + u) * 4;
      const nn = n * n;
      out.data[t] = acc[0]! / nn;
      out.data[t + 1] = acc[1]! / nn;
      out.data[t + 2] = acc[2]! / nn;
      out.data[t + 3] = acc[3]! / nn;
    }
  }
  return out;
}

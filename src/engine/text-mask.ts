/**
 * Separates text from its background inside one line's upright crop. The background is modelled as a
 * smooth surface fitted to the pixels around and at the edge of the box (so gradients are followed, not
 * averaged), each pixel's distance from that surface is split by Otsu's threshold, and the text colour is
 * the median of the most distant pixels on the dominant side (so anti-aliased edges and a few texture
 * outliers do not pull it). Alpha is each pixel's position between background and text colour.
 */
import type { Rgb } from "../contract/image-translate.ts";
import { rgb } from "./color.ts";
import type { RgbaImage } from "./raster.ts";
import { scratchFloat32, scratchFloat64, scratchInt32, scratchUint8 } from "./scratch.ts";
import { selectKth } from "./select.ts";

export interface InnerRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TextMask {
  width: number;
  height: number;
  /** Text coverage per crop pixel, 0..1. */
  alpha: Float32Array;
  textColor: Rgb;
  /** The local background: the median of the fitted surface over the box. */
  bgColor: Rgb;
  /** Euclidean RGB distance between text and background colour. */
  contrast: number;
  /** How far background samples stray from the fitted surface (texture), RGB units. */
  bgNoise: number;
  /**
   * What erasing must cover, per crop pixel: the text's coverage, plus anything near the box that stands
   * out from the ground in either direction (outlines, drop shadows).
   */
  erase: Uint8Array;
  /** The sum of `alpha` (in pixel order): how much ink the crop holds. */
  ink: number;
}

type Vec3 = [number, number, number];

/** Ground noise (RGB units of residual from the fitted surface) above which a box is erased whole. */
const BUSY_GROUND = 40;

export interface MaskOptions {
  /** The source stored colour at half resolution (JPEG 4:2:0): thin strokes' chroma is diluted. */
  chromaSubsampled?: boolean;
  /**
   * Where among the stroke pixels farthest from the ground (0 to 1, by distance) the ink's brightness is
   * read. Default: by the strokes' thickness (see inkRankForThickness).
   */
  inkRank?: number;
}

export function extractTextMask(image: RgbaImage, inner: InnerRect, options: MaskOptions = {}): TextMask {
  const { width: w, height: h, data } = image;
  const lineH = Math.max(1, inner.y1 - inner.y0);
  const band = Math.max(1, Math.round(lineH * 0.08));
  // Background samples: the margin around the box and a thin band just inside its edge.
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 2500)));
  const sampleBuf = scratchInt32("mask.samples", Math.ceil(w / step) * Math.ceil(h / step), false);
  let sampleCount = 0;
  for (let y = 0; y < h; y += step) {
    const rowInside = y >= inner.y0 + band && y < inner.y1 - band;
    for (let x = 0; x < w; x += step) {
      if (!(rowInside && x >= inner.x0 + band && x < inner.x1 - band)) sampleBuf[sampleCount++] = y * w + x;
    }
  }
  const surface = fitSurface(data, w, h, sampleBuf.subarray(0, sampleCount));
  // The fitted ground at every crop pixel, computed once: the loops below read it per pixel.
  const field = surface.fill(w, h);

  // Distance of every inner pixel from the background surface.
  const iw = inner.x1 - inner.x0;
  const ih = inner.y1 - inner.y0;
  const dist = scratchFloat32("mask.dist", iw * ih, false);
  // 1 where the pixel is brighter than the ground, 0 where darker.
  const lighter = scratchUint8("mask.lighter", iw * ih, false);
  for (let y = 0; y < ih; y++) {
    for (let x = 0; x < iw; x++) {
      const px = x + inner.x0;
      const py = y + inner.y0;
      const i = (py * w + px) * 4;
      const k = (py * w + px) * 3;
      const dr = data[i]! - field[k]!;
      const dg = data[i + 1]! - field[k + 1]!;
      const db = data[i + 2]! - field[k + 2]!;
      dist[y * iw + x] = Math.sqrt(dr * dr + dg * dg + db * db);
      lighter[y * iw + x] = 0.299 * dr + 0.587 * dg + 0.114 * db >= 0 ? 1 : 0;
    }
  }
  const split = otsu(dist, 442);
  const threshold = Math.max(split, surface.noise * 3, 24);
  // The dominant polarity: text is either lighter or darker than its ground, rarely both.
  let up = 0;
  let down = 0;
  let above = 0;
  for (let p = 0; p < dist.length; p++) {
    if (dist[p]! < threshold) continue;
    above++;
    if (lighter[p]) up += dist[p]!;
    else down += dist[p]!;
  }
  const polarity = up >= down ? 1 : 0;
  const strong = scratchInt32("mask.strong", above, false);
  const isStrong = scratchUint8("mask.is-strong", iw * ih);
  let strongCount = 0;
  for (let p = 0; p < dist.length; p++) {
    if (dist[p]! >= threshold && lighter[p] === polarity) {
      strong[strongCount++] = p;
      isStrong[p] = 1;
    }
  }
  // The ground colour: the median of the background samples that fit the surface (robust to texture).
  const bgMid = surface.median;
  let text: Vec3 = [255 - bgMid[0], 255 - bgMid[1], 255 - bgMid[2]];
  if (strongCount > 0) {
    const strongPixels = strong.subarray(0, strongCount);
    // The core of the strokes: the more distant half of the text pixels (colour) and the most distant
    // 30% (brightness).
    const [core, coreLuma] = mostDistant(strongPixels, dist, [
      Math.max(1, Math.ceil(strongCount / 2)),
      Math.max(1, Math.ceil(strongCount * 0.3)),
    ]) as [Int32Array, Int32Array];
    text = coreMedian(data, w, inner, iw, core);
    const thickness = interiorShare(isStrong, iw, ih, strong.subarray(0, strongCount));
    text = unmixTextColour(
      data,
      w,
      inner,
      field,
      coreLuma,
      iw,
      text,
      options.chromaSubsampled ?? false,
      options.inkRank ?? inkRankForThickness(thickness),
    );
  }

  const alpha = new Float32Array(w * h);
  const contrast = Math.hypot(text[0] - bgMid[0], text[1] - bgMid[1], text[2] - bgMid[2]);
  // Pixels that differ from the ground by less than the ground's own texture are not text.
  const floor = Math.min(0.45, (surface.noise * 2) / Math.max(1, contrast));
  const [t0, t1, t2] = text;
  let ink = 0;
  for (let p = 0, i = 0, k = 0; p < alpha.length; p++, i += 4, k += 3) {
    const b0 = field[k]!;
    const b1 = field[k + 1]!;
    const b2 = field[k + 2]!;
    const tx = t0 - b0;
    const ty = t1 - b1;
    const tz = t2 - b2;
    const norm = tx * tx + ty * ty + tz * tz;
    if (norm < 1) continue;
    const a = ((data[i]! - b0) * tx + (data[i + 1]! - b1) * ty + (data[i + 2]! - b2) * tz) / norm;
    // The value as the array stores it decides, as it would if the floor were applied afterwards.
    const stored = Math.fround(Math.min(1, Math.max(0, a)));
    if (stored < floor) continue;
    alpha[p] = stored;
    ink += stored;
  }

  const erase = new Uint8Array(w * h);
  const reach = Math.round(lineH * 0.15);
  // Erasing leaves nothing to chance: anything standing out from the ground by Otsu's split, not by the
  // stricter test that decides what is text colour.
  const eraseThreshold = Math.max(24, Math.min(threshold, split));
  const erase2 = eraseThreshold * eraseThreshold;
  // On ground too busy to model (a 3D headline's glow and outlines, a collage), the stroke mask misses
  // layers of the lettering; the whole box is repainted instead.
  const wholeBox = surface.noise > BUSY_GROUND;
  const ex0 = Math.max(0, inner.x0 - reach);
  const ex1 = Math.min(w, inner.x1 + reach);
  const ey0 = Math.max(0, inner.y0 - reach);
  const ey1 = Math.min(h, inner.y1 + reach);
  for (let y = ey0; y < ey1; y++) {
    const rowInBox = wholeBox && y >= inner.y0 && y < inner.y1;
    for (let x = ex0; x < ex1; x++) {
      const p = y * w + x;
      if (alpha[p]! > 0.12 || (rowInBox && x >= inner.x0 && x < inner.x1)) {
        erase[p] = 1;
        continue;
      }
      const i = p * 4;
      const k = p * 3;
      const dr = data[i]! - field[k]!;
      const dg = data[i + 1]! - field[k + 1]!;
      const db = data[i + 2]! - field[k + 2]!;
      if (dr * dr + dg * dg + db * db >= erase2) erase[p] = 1;
    }
  }

  return {
    width: w,
    height: h,
    alpha,
    erase,
    textColor: rgb(text[0], text[1], text[2]),
    bgColor: rgb(bgMid[0], bgMid[1], bgMid[2]),
    contrast,
    bgNoise: surface.noise,
    ink,
  };
}

/**
 * The `counts[j]` pixels of `pixels` (ascending indices) farthest from the ground, for each j: what a
 * stable sort by falling distance would put first, found by selecting the cut-off distance instead of
 * sorting the pixels.
 */
function mostDistant(pixels: Int32Array, dist: Float32Array, counts: number[]): Int32Array[] {
  const n = pixels.length;
  const scratch = scratchFloat32("mask.distances", n, false);
  for (let k = 0; k < n; k++) scratch[k] = dist[pixels[k]!]!;
  return counts.map((count, j) => mostDistantOne(pixels, dist, scratch, count, j));
}

/** One count of `mostDistant` (module-level, so its loops are optimized once for every call). */
function mostDistantOne(
  pixels: Int32Array,
  dist: Float32Array,
  scratch: Float32Array,
  count: number,
  j: number,
): Int32Array {
  const n = pixels.length;
  const want = Math.min(n, count);
  const cut = selectKth(scratch, n - want);
  // Pixels beyond the cut all belong; of those exactly at it, the first ones (as a stable sort keeps).
  let beyond = 0;
  for (let k = 0; k < n; k++) if (scratch[k]! > cut) beyond++;
  let atCut = want - beyond;
  const out = scratchInt32(`mask.most-distant.${j}`, want, false);
  let m = 0;
  for (let k = 0; k < n; k++) {
    const p = pixels[k]!;
    const d = dist[p]!;
    if (d > cut || (d === cut && atCut-- > 0)) out[m++] = p;
  }
  return out;
}

/**
 * Which of the strongest stroke pixels tells the text's brightness depends on the strokes' width in
 * pixels. Hairlines rarely cover a whole pixel, so the farthest few from the ground (the 80th percentile)
 * are nearest the ink. Thick strokes have a plateau of fully covered pixels whose middle is the ink,
 * while its far end is JPEG ringing past it. Between the two, the rank slides with the share of interior
 * text pixels (calibrated with scripts/engine-analysis.ts).
 */
function inkRankForThickness(interior: number): number {
  return 0.8 - 0.3 * Math.min(1, Math.max(0, (interior - 0.1) / 0.2));
}

/**
 * The share of text pixels whose four neighbours are text too: near 0 for hairline strokes (one or two
 * pixels wide, every pixel an edge), above 0.4 for bold type.
 */
function interiorShare(isText: Uint8Array, iw: number, ih: number, pixels: Int32Array): number {
  if (pixels.length === 0) return 0;
  let interior = 0;
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k]!;
    const x = p % iw;
    if (x === 0 || x === iw - 1 || p < iw || p + iw >= iw * ih) continue;
    if (isText[p - 1] && isText[p + 1] && isText[p - iw] && isText[p + iw]) interior++;
  }
  return interior / pixels.length;
}

/** Per-channel median colour of inner-rect pixels (indices into the inner rect), by histogram. */
function coreMedian(
  data: Uint8ClampedArray,
  w: number,
  inner: InnerRect,
  iw: number,
  pixels: Int32Array,
): Vec3 {
  const hist = new Uint32Array(768);
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k]!;
    const y = (p / iw) | 0;
    const i = ((y + inner.y0) * w + (p - y * iw) + inner.x0) * 4;
    hist[data[i]!]!++;
    hist[256 + data[i + 1]!]!++;
    hist[512 + data[i + 2]!]!++;
  }
  const rank = pixels.length >> 1;
  const pick = (base: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[base + v]!;
      if (acc > rank) return v;
    }
    return 255;
  };
  return [pick(0), pick(256), pick(512)];
}

interface Surface {
  eval(x: number, y: number): Vec3;
  /** The surface sampled at every pixel of a w x h grid, RGB interleaved. */
  fill(w: number, h: number): Float32Array;
  /** Per-channel median of the inlier samples. */
  median: Vec3;
  /** Median absolute residual of the inlier samples. */
  noise: number;
}

/** Least-squares bilinear surface per channel, refitted twice without the outliers (text, other objects). */
function fitSurface(data: Uint8ClampedArray, w: number, h: number, samples: Int32Array): Surface {
  const sx = 2 / Math.max(1, w - 1);
  const sy = 2 / Math.max(1, h - 1);
  const n = samples.length;
  // Each sample's surface coordinates, once: every round of the fit reads them.
  const us = scratchFloat64("surface.u", n, false);
  const vs = scratchFloat64("surface.v", n, false);
  for (let k = 0; k < n; k++) {
    const p = samples[k]!;
    us[k] = (p % w) * sx - 1;
    vs[k] = Math.floor(p / w) * sy - 1;
  }
  // The active samples, as positions in `samples`; two buffers, since a failed round keeps the last set.
  const buffers = [
    scratchInt32("surface.active.0", n, false),
    scratchInt32("surface.active.1", n, false),
  ] as const;
  let current = 0;
  for (let k = 0; k < n; k++) buffers[0][k] = k;
  let active = buffers[0].subarray(0, n);
  let coef: number[][] = [
    [128, 0, 0, 0],
    [128, 0, 0, 0],
    [128, 0, 0, 0],
  ];
  let noise = 0;
  const evalAt = (x: number, y: number): Vec3 => {
    const u = x * sx - 1;
    const v = y * sy - 1;
    const out: Vec3 = [0, 0, 0];
    for (let c = 0; c < 3; c++) {
      const k = coef[c]!;
      out[c] = k[0]! + k[1]! * u + k[2]! * v + k[3]! * u * v;
    }
    return out;
  };
  const residual = scratchFloat32("surface.residual", n, false);
  const scratch = scratchFloat32("surface.select", n, false);
  for (let round = 0; round < 3; round++) {
    if (active.length < 4) break;
    coef = solveBilinear(data, samples, us, vs, active);
    const [c0, c1, c2] = coef as [number[], number[], number[]];
    for (let k = 0; k < n; k++) {
      const u = us[k]!;
      const v = vs[k]!;
      const uv = u * v;
      const i = samples[k]! * 4;
      const r = data[i]! - (c0[0]! + c0[1]! * u + c0[2]! * v + c0[3]! * uv);
      const g = data[i + 1]! - (c1[0]! + c1[1]! * u + c1[2]! * v + c1[3]! * uv);
      const b = data[i + 2]! - (c2[0]! + c2[1]! * u + c2[2]! * v + c2[3]! * uv);
      residual[k] = Math.sqrt(r * r + g * g + b * b);
    }
    // The background is the majority of the samples; its typical residual is their lower half's edge.
    scratch.set(residual);
    noise = selectKth(scratch, Math.floor(n * 0.4));
    const cut = Math.max(10, noise * 2.5);
    const next = buffers[1 - current]!;
    let inliers = 0;
    for (let k = 0; k < n; k++) if (residual[k]! <= cut) next[inliers++] = k;
    if (inliers < n * 0.3) break;
    active = next.subarray(0, inliers);
    current = 1 - current;
  }
  const fill = (fw: number, fh: number) => fillSurface(coef, sx, sy, fw, fh);
  return {
    eval: evalAt,
    fill,
    noise,
    median:
      active.length > 0
        ? [
            byteMedian(data, samples, active, 0),
            byteMedian(data, samples, active, 1),
            byteMedian(data, samples, active, 2),
          ]
        : evalAt(w / 2, h / 2),
  };
}

/**
 * The bilinear surface at every pixel of a fw x fh frame (RGB). A module-level function rather than a
 * closure per fit: V8's optimized code for a hot loop inside a fresh closure is tied to that closure, so
 * each new one ran much of its loop unoptimized, boxing every number it computed.
 */
function fillSurface(coef: number[][], sx: number, sy: number, fw: number, fh: number): Float32Array {
  const out = scratchFloat32("surface.field", fw * fh * 3, false);
  const [c0, c1, c2] = coef as [number[], number[], number[]];
  for (let y = 0; y < fh; y++) {
    const v = y * sy - 1;
    for (let x = 0; x < fw; x++) {
      const u = x * sx - 1;
      const uv = u * v;
      const k = (y * fw + x) * 3;
      out[k] = c0[0]! + c0[1]! * u + c0[2]! * v + c0[3]! * uv;
      out[k + 1] = c1[0]! + c1[1]! * u + c1[2]! * v + c1[3]! * uv;
      out[k + 2] = c2[0]! + c2[1]! * u + c2[2]! * v + c2[3]! * uv;
    }
  }
  return out;
}

/**
 * Least squares of [1, u, v, uv] against each channel over the active samples; one pass for all three,
 * the normal equations accumulated in locals.
 */
function solveBilinear(
  data: Uint8ClampedArray,
  samples: Int32Array,
  us: Float64Array,
  vs: Float64Array,
  active: Int32Array,
): number[][] {
  let m00 = 0;
  let m01 = 0;
  let m02 = 0;
  let m03 = 0;
  let m11 = 0;
  let m12 = 0;
  let m13 = 0;
  let m22 = 0;
  let m23 = 0;
  let m33 = 0;
  const rhs = new Float64Array(12);
  for (let a = 0; a < active.length; a++) {
    const k = active[a]!;
    const u = us[k]!;
    const v = vs[k]!;
    const uv = u * v;
    const i = samples[k]! * 4;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    m00 += 1;
    m01 += u;
    m02 += v;
    m03 += uv;
    m11 += u * u;
    m12 += u * v;
    m13 += u * uv;
    m22 += v * v;
    m23 += v * uv;
    m33 += uv * uv;
    rhs[0]! += r;
    rhs[1]! += u * r;
    rhs[2]! += v * r;
    rhs[3]! += uv * r;
    rhs[4]! += g;
    rhs[5]! += u * g;
    rhs[6]! += v * g;
    rhs[7]! += uv * g;
    rhs[8]! += b;
    rhs[9]! += u * b;
    rhs[10]! += v * b;
    rhs[11]! += uv * b;
  }
  // A small ridge keeps a one-row or one-column crop solvable.
  const ridge = 1e-3 * active.length;
  const M = Float64Array.of(
    m00,
    m01,
    m02,
    m03,
    m01,
    m11 + ridge,
    m12,
    m13,
    m02,
    m12,
    m22 + ridge,
    m23,
    m03,
    m13,
    m23,
    m33 + ridge,
  );
  return [0, 1, 2].map((c) => solve4(M, rhs.subarray(c * 4, c * 4 + 4)));
}

function solve4(M: Float64Array, b: Float64Array): number[] {
  const A = [0, 1, 2, 3].map((i) => [M[i * 4]!, M[i * 4 + 1]!, M[i * 4 + 2]!, M[i * 4 + 3]!, b[i]!]);
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[pivot]![col]!)) pivot = r;
    [A[col], A[pivot]] = [A[pivot]!, A[col]!];
    const d = A[col]![col]!;
    if (Math.abs(d) < 1e-9) continue;
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const factor = A[r]![col]! / d;
      for (let k = col; k < 5; k++) A[r]![k]! -= factor * A[col]![k]!;
    }
  }
  return A.map((row, i) => (Math.abs(row[i]!) < 1e-9 ? 0 : row[4]! / row[i]!));
}

const toY = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const toCb = (r: number, g: number, b: number) => -0.168736 * r - 0.331264 * g + 0.5 * b;
const toCr = (r: number, g: number, b: number) => 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * The text colour from brightness and colour separately. Brightness is stored at full resolution, so the
 * strokes' core shows it. Colour may be stored at half resolution (JPEG 4:2:0), which dilutes a 2-pixel
 * stroke's hue with its ground; so each pixel's coverage is taken from brightness, blurred the way the
 * codec blurred colour, and the text's chroma is the least-squares fit of chroma offset to that coverage.
 */
function unmixTextColour(
  data: Uint8ClampedArray,
  w: number,
  inner: InnerRect,
  field: Float32Array,
  core: Int32Array,
  iw: number,
  fallback: Vec3,
  subsampled: boolean,
  inkRank: number,
): Vec3 {
  const ih = inner.y1 - inner.y0;
  const ys = scratchFloat64("unmix.luma", core.length, false);
  for (let k = 0; k < core.length; k++) {
    const p = core[k]!;
    const y = (p / iw) | 0;
    const i = ((y + inner.y0) * w + (p - y * iw) + inner.x0) * 4;
    ys[k] = toY(data[i]!, data[i + 1]!, data[i + 2]!);
  }
  const mk = (Math.floor((inner.y0 + inner.y1) / 2) * w + Math.floor((inner.x0 + inner.x1) / 2)) * 3;
  const mid: Vec3 = [field[mk]!, field[mk + 1]!, field[mk + 2]!];
  const yMid = toY(mid[0], mid[1], mid[2]);
  // Text about as bright as its ground (red on green) carries its coverage in colour, not brightness.
  const medianLuma = selectKth(
    copyInto(scratchFloat64("unmix.luma-select", ys.length, false), ys),
    ys.length >> 1,
  );
  if (Math.abs(medianLuma - yMid) < 20) return fallback;
  const yText = nthNearest(ys, yMid, Math.floor(ys.length * inkRank));
  const n = iw * ih;
  const coverage = scratchFloat32("unmix.coverage", n, false);
  const dcb = scratchFloat32("unmix.cb", n, false);
  const dcr = scratchFloat32("unmix.cr", n, false);
  for (let y = 0; y < ih; y++) {
    for (let x = 0; x < iw; x++) {
      const px = x + inner.x0;
      const py = y + inner.y0;
      const i = (py * w + px) * 4;
      const k = (py * w + px) * 3;
      const b0 = field[k]!;
      const b1 = field[k + 1]!;
      const b2 = field[k + 2]!;
      const yb = toY(b0, b1, b2);
      const a = (toY(data[i]!, data[i + 1]!, data[i + 2]!) - yb) / (yText - yb);
      coverage[y * iw + x] = Math.min(1, Math.max(0, a));
      dcb[y * iw + x] = toCb(data[i]! - b0, data[i + 1]! - b1, data[i + 2]! - b2);
      dcr[y * iw + x] = toCr(data[i]! - b0, data[i + 1]! - b1, data[i + 2]! - b2);
    }
  }
  // How much the codec blurred colour is not known exactly (subsampling, quantization, upsampling and
  // our own resampling all add up): try a few blur widths and keep the one whose coverage explains the
  // chroma best. The least-squares residual of chroma against coverage a is sum(dc^2) - (sum(a dc))^2 /
  // sum(a^2), and its first term is the same for every width: the best width explains the most,
  // (sb^2 + sr^2) / sa, with no second pass over the pixels.
  let best = { explained: Number.NEGATIVE_INFINITY, sb: 0, sr: 0, sa: 0 };
  const blurred = scratchFloat32("unmix.blurred", n, false);
  const scratch = scratchFloat32("unmix.blur-pass", n, false);
  for (const radius of subsampled ? [0, 1, 2] : [0, 1]) {
    const chromaCoverage = radius === 0 ? coverage : blurCoverage(coverage, iw, ih, radius, blurred, scratch);
    let sa = 0;
    let sb = 0;
    let sr = 0;
    for (let p = 0; p < n; p++) {
      const a = chromaCoverage[p]!;
      sa += a * a;
      sb += a * dcb[p]!;
      sr += a * dcr[p]!;
    }
    if (sa < 1) continue;
    const explained = (sb * sb + sr * sr) / sa;
    if (explained > best.explained) best = { explained, sb, sr, sa };
  }
  const { sa, sb, sr } = best;
  if (sa < 1) return fallback;
  const cb = toCb(mid[0], mid[1], mid[2]) + sb / sa;
  const cr = toCr(mid[0], mid[1], mid[2]) + sr / sa;
  return [yText + 1.402 * cr, yText - 0.344136 * cb - 0.714136 * cr, yText + 1.772 * cb];
}

/** Copies `from` into `to` (of the same length) and returns `to`. */
function copyInto(to: Float64Array, from: Float64Array): Float64Array {
  to.set(from);
  return to;
}

/** The value of rank `rank` when `values` are ordered by their distance from `centre`. */
function nthNearest(values: Float64Array, centre: number, rank: number): number {
  const away = scratchFloat64("unmix.away", values.length, false);
  for (let k = 0; k < values.length; k++) away[k] = Math.abs(values[k]! - centre);
  const d = selectKth(away, rank);
  for (let k = 0; k < values.length; k++) if (Math.abs(values[k]! - centre) === d) return values[k]!;
  return values[0]!;
}

/**
 * A separable box blur of the given radius, applied twice (close to a Gaussian); running sums. Writes into
 * `out`, using `tmp` between passes.
 */
function blurCoverage(
  a: Float32Array,
  w: number,
  h: number,
  radius: number,
  out: Float32Array,
  tmp: Float32Array,
): Float32Array {
  let cur = a;
  for (let pass = 0; pass < 2; pass++) {
    for (let y = 0; y < h; y++) boxLine(cur, tmp, y * w, 1, w, radius);
    for (let x = 0; x < w; x++) boxLine(tmp, out, x, w, h, radius);
    cur = out;
  }
  return cur;
}

/** Mean over a window of +-radius along one row or column (edge windows are shorter). */
function boxLine(
  src: Float32Array,
  dst: Float32Array,
  start: number,
  stride: number,
  n: number,
  radius: number,
): void {
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const want = Math.min(n - 1, i + radius);
    while (hi < want) sum += src[start + ++hi * stride]!;
    const from = Math.max(0, i - radius);
    while (lo < from) sum -= src[start + lo++ * stride]!;
    dst[start + i * stride] = sum / (hi - lo + 1);
  }
}

/** Median of one byte channel over the active samples, by histogram. */
function byteMedian(
  data: Uint8ClampedArray,
  samples: Int32Array,
  active: Int32Array,
  channel: number,
): number {
  const hist = new Uint32Array(256);
  for (let a = 0; a < active.length; a++) hist[data[samples[active[a]!]! * 4 + channel]!]!++;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc * 2 >= active.length) return v;
  }
  return 255;
}

/** Otsu's threshold over values in [0, max). */
export function otsu(values: Float32Array, max: number): number {
  const bins = 128;
  const hist = new Float64Array(bins);
  for (let i = 0; i < values.length; i++)
    hist[Math.min(bins - 1, Math.floor((values[i]! / max) * bins))]! += 1;
  const total = values.length;
  let sumAll = 0;
  for (let i = 0; i < bins; i++) sumAll += i * hist[i]!;
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let bestVar = -1;
  for (let i = 0; i < bins; i++) {
    wB += hist[i]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += i * hist[i]!;
    const mB = sumB / wB;
    const mF = (sumAll - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = i;
    }
  }
  return ((best + 1) / bins) * max;
}

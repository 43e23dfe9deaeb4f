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
}

type Vec3 = [number, number, number];

/** Ground noise (RGB units of residual from the fitted surface) above which a box is erased whole. */
const BUSY_GROUND = 40;

export interface MaskOptions {
  /** The source stored colour at half resolution (JPEG 4:2:0): thin strokes' chroma is diluted. */
  chromaSubsampled?: boolean;
}

export function extractTextMask(image: RgbaImage, inner: InnerRect, options: MaskOptions = {}): TextMask {
  const { width: w, height: h, data } = image;
  const lineH = Math.max(1, inner.y1 - inner.y0);
  const band = Math.max(1, Math.round(lineH * 0.08));
  // Background samples: the margin around the box and a thin band just inside its edge.
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 2500)));
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const inside =
        x >= inner.x0 + band && x < inner.x1 - band && y >= inner.y0 + band && y < inner.y1 - band;
      if (!inside) samples.push(y * w + x);
    }
  }
  const surface = fitSurface(data, w, h, samples);
  // The fitted ground at every crop pixel, computed once: the loops below read it per pixel.
  const field = surface.fill(w, h);

  // Distance of every inner pixel from the background surface.
  const iw = inner.x1 - inner.x0;
  const ih = inner.y1 - inner.y0;
  const dist = new Float32Array(iw * ih);
  const lumSign = new Int8Array(iw * ih);
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
      lumSign[y * iw + x] = 0.299 * dr + 0.587 * dg + 0.114 * db >= 0 ? 1 : -1;
    }
  }
  const threshold = Math.max(otsu(dist, 442), surface.noise * 3, 24);
  // The dominant polarity: text is either lighter or darker than its ground, rarely both.
  let up = 0;
  let down = 0;
  for (let p = 0; p < dist.length; p++) {
    if (dist[p]! < threshold) continue;
    if (lumSign[p]! > 0) up += dist[p]!;
    else down += dist[p]!;
  }
  const polarity = up >= down ? 1 : -1;
  const strong: number[] = [];
  for (let p = 0; p < dist.length; p++) if (dist[p]! >= threshold && lumSign[p] === polarity) strong.push(p);
  // The core of the strokes: the more distant half of the text pixels.
  strong.sort((a, b) => dist[b]! - dist[a]!);
  const core = strong.slice(0, Math.max(1, Math.ceil(strong.length / 2)));
  const tr: number[] = [];
  const tg: number[] = [];
  const tb: number[] = [];
  for (const p of core) {
    const i = ((Math.floor(p / iw) + inner.y0) * w + (p % iw) + inner.x0) * 4;
    tr.push(data[i]!);
    tg.push(data[i + 1]!);
    tb.push(data[i + 2]!);
  }
  // The ground colour: the median of the background samples that fit the surface (robust to texture).
  const bgMid = surface.median;
  let text: Vec3 =
    strong.length > 0
      ? [median(tr), median(tg), median(tb)]
      : [255 - bgMid[0], 255 - bgMid[1], 255 - bgMid[2]];
  if (strong.length > 0) {
    const coreLuma = strong.slice(0, Math.max(1, Math.ceil(strong.length * 0.3)));
    text = unmixTextColour(data, w, inner, field, coreLuma, iw, text, options.chromaSubsampled ?? false);
  }

  const alpha = new Float32Array(w * h);
  const contrast = Math.hypot(text[0] - bgMid[0], text[1] - bgMid[1], text[2] - bgMid[2]);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const k = (y * w + x) * 3;
      const b0 = field[k]!;
      const b1 = field[k + 1]!;
      const b2 = field[k + 2]!;
      const tx = text[0] - b0;
      const ty = text[1] - b1;
      const tz = text[2] - b2;
      const norm = tx * tx + ty * ty + tz * tz;
      if (norm < 1) continue;
      const a = ((data[i]! - b0) * tx + (data[i + 1]! - b1) * ty + (data[i + 2]! - b2) * tz) / norm;
      alpha[y * w + x] = Math.min(1, Math.max(0, a));
    }
  }
  // Pixels that differ from the ground by less than the ground's own texture are not text.
  const floor = Math.min(0.45, (surface.noise * 2) / Math.max(1, contrast));
  if (floor > 0) for (let p = 0; p < alpha.length; p++) if (alpha[p]! < floor) alpha[p] = 0;

  const erase = new Uint8Array(w * h);
  const reach = Math.round(lineH * 0.15);
  // Erasing leaves nothing to chance: anything standing out from the ground by Otsu's split, not by the
  // stricter test that decides what is text colour.
  const eraseThreshold = Math.max(24, Math.min(threshold, otsu(dist, 442)));
  // On ground too busy to model (a 3D headline's glow and outlines, a collage), the stroke mask misses
  // layers of the lettering; the whole box is repainted instead.
  const wholeBox = surface.noise > BUSY_GROUND;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const near =
        x >= inner.x0 - reach && x < inner.x1 + reach && y >= inner.y0 - reach && y < inner.y1 + reach;
      if (!near) continue;
      const p = y * w + x;
      if (alpha[p]! > 0.12 || (wholeBox && x >= inner.x0 && x < inner.x1 && y >= inner.y0 && y < inner.y1)) {
        erase[p] = 1;
        continue;
      }
      const i = p * 4;
      const k = p * 3;
      const d2 =
        (data[i]! - field[k]!) ** 2 +
        (data[i + 1]! - field[k + 1]!) ** 2 +
        (data[i + 2]! - field[k + 2]!) ** 2;
      if (d2 >= eraseThreshold * eraseThreshold) erase[p] = 1;
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
  };
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
function fitSurface(data: Uint8ClampedArray, w: number, h: number, samples: number[]): Surface {
  const sx = 2 / Math.max(1, w - 1);
  const sy = 2 / Math.max(1, h - 1);
  let active = samples;
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
  const residual = new Float32Array(samples.length);
  for (let round = 0; round < 3; round++) {
    if (active.length < 4) break;
    coef = solveBilinear(data, w, active, sx, sy);
    const inlier: number[] = [];
    const [c0, c1, c2] = coef as [number[], number[], number[]];
    for (let k = 0; k < samples.length; k++) {
      const p = samples[k]!;
      const u = (p % w) * sx - 1;
      const v = Math.floor(p / w) * sy - 1;
      const uv = u * v;
      const i = p * 4;
      const r = data[i]! - (c0[0]! + c0[1]! * u + c0[2]! * v + c0[3]! * uv);
      const g = data[i + 1]! - (c1[0]! + c1[1]! * u + c1[2]! * v + c1[3]! * uv);
      const b = data[i + 2]! - (c2[0]! + c2[1]! * u + c2[2]! * v + c2[3]! * uv);
      residual[k] = Math.sqrt(r * r + g * g + b * b);
    }
    const sorted = Float32Array.from(residual).sort();
    // The background is the majority of the samples; its typical residual is their lower half's edge.
    noise = sorted[Math.floor(sorted.length * 0.4)] ?? 0;
    const cut = Math.max(10, noise * 2.5);
    for (let k = 0; k < samples.length; k++) if (residual[k]! <= cut) inlier.push(samples[k]!);
    if (inlier.length < samples.length * 0.3) break;
    active = inlier;
  }
  const channel = (c: number) => byteMedian(data, active, c);
  const fill = (fw: number, fh: number) => {
    const out = new Float32Array(fw * fh * 3);
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
  };
  return {
    eval: evalAt,
    fill,
    noise,
    median: active.length > 0 ? [channel(0), channel(1), channel(2)] : evalAt(w / 2, h / 2),
  };
}

/** Least squares of [1, u, v, uv] against each channel; one pass over the samples for all three. */
function solveBilinear(
  data: Uint8ClampedArray,
  w: number,
  idx: number[],
  sx: number,
  sy: number,
): number[][] {
  const M = new Float64Array(16);
  const rhs = new Float64Array(12);
  for (const p of idx) {
    const u = (p % w) * sx - 1;
    const v = Math.floor(p / w) * sy - 1;
    const uv = u * v;
    const f0 = 1;
    const f = [f0, u, v, uv] as const;
    for (let i = 0; i < 4; i++) {
      const fi = f[i]!;
      for (let j = i; j < 4; j++) M[i * 4 + j]! += fi * f[j]!;
      rhs[i]! += fi * data[p * 4]!;
      rhs[4 + i]! += fi * data[p * 4 + 1]!;
      rhs[8 + i]! += fi * data[p * 4 + 2]!;
    }
  }
  for (let i = 0; i < 4; i++) for (let j = 0; j < i; j++) M[i * 4 + j] = M[j * 4 + i]!;
  // A small ridge keeps a one-row or one-column crop solvable.
  for (let i = 1; i < 4; i++) M[i * 5]! += 1e-3 * idx.length;
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
  core: number[],
  iw: number,
  fallback: Vec3,
  subsampled: boolean,
): Vec3 {
  const ih = inner.y1 - inner.y0;
  const ys: number[] = [];
  for (const p of core) {
    const i = ((Math.floor(p / iw) + inner.y0) * w + (p % iw) + inner.x0) * 4;
    ys.push(toY(data[i]!, data[i + 1]!, data[i + 2]!));
  }
  const mk = (Math.floor((inner.y0 + inner.y1) / 2) * w + Math.floor((inner.x0 + inner.x1) / 2)) * 3;
  const mid: Vec3 = [field[mk]!, field[mk + 1]!, field[mk + 2]!];
  const yMid = toY(mid[0], mid[1], mid[2]);
  // Text about as bright as its ground (red on green) carries its coverage in colour, not brightness.
  if (Math.abs(median(ys) - yMid) < 20) return fallback;
  // Thin strokes rarely cover a whole pixel, so the brightest-covered few (not the median) are nearest the
  // true brightness; on thick strokes the two agree.
  ys.sort((a, b) => Math.abs(a - yMid) - Math.abs(b - yMid));
  const yText = ys[Math.floor(ys.length * 0.8)]!;
  const coverage = new Float32Array(iw * ih);
  const dcb = new Float32Array(iw * ih);
  const dcr = new Float32Array(iw * ih);
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
  // chroma best.
  let best = { residual: Number.POSITIVE_INFINITY, sb: 0, sr: 0, sa: 0 };
  for (const radius of subsampled ? [0, 1, 2] : [0, 1]) {
    const chromaCoverage = radius === 0 ? coverage : blurCoverage(coverage, iw, ih, radius);
    let sa = 0;
    let sb = 0;
    let sr = 0;
    for (let p = 0; p < coverage.length; p++) {
      const a = chromaCoverage[p]!;
      sa += a * a;
      sb += a * dcb[p]!;
      sr += a * dcr[p]!;
    }
    if (sa < 1) continue;
    const kb = sb / sa;
    const kr = sr / sa;
    let residual = 0;
    for (let p = 0; p < coverage.length; p++) {
      const a = chromaCoverage[p]!;
      residual += (dcb[p]! - kb * a) ** 2 + (dcr[p]! - kr * a) ** 2;
    }
    if (residual < best.residual) best = { residual, sb, sr, sa };
  }
  const { sa, sb, sr } = best;
  if (sa < 1) return fallback;
  const cb = toCb(mid[0], mid[1], mid[2]) + sb / sa;
  const cr = toCr(mid[0], mid[1], mid[2]) + sr / sa;
  return [yText + 1.402 * cr, yText - 0.344136 * cb - 0.714136 * cr, yText + 1.772 * cb];
}

/** A separable box blur of the given radius, applied twice (close to a Gaussian); running sums. */
function blurCoverage(a: Float32Array, w: number, h: number, radius: number): Float32Array {
  let cur = a;
  for (let pass = 0; pass < 2; pass++) {
    const tmp = new Float32Array(a.length);
    for (let y = 0; y < h; y++) boxLine(cur, tmp, y * w, 1, w, radius);
    const out = new Float32Array(a.length);
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

/** Median of one byte channel over a set of pixels, by histogram. */
function byteMedian(data: Uint8ClampedArray, pixels: number[], channel: number): number {
  const hist = new Uint32Array(256);
  for (const p of pixels) hist[data[p * 4 + channel]!]!++;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc * 2 >= pixels.length) return v;
  }
  return 255;
}

/** Otsu's threshold over values in [0, max). */
export function otsu(values: Float32Array, max: number): number {
  const bins = 128;
  const hist = new Float64Array(bins);
  for (const v of values) hist[Math.min(bins - 1, Math.floor((v / max) * bins))]! += 1;
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

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

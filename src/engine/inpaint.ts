/**
 * Stage 5b: fills masked pixels from their surroundings. A pull-push pyramid gives every hole a smooth
 * membrane (a harmonic fill: flat colour stays flat, gradients continue straight through), relaxed at each
 * level. Where the ground is textured, the high frequencies are then mirrored in from across the hole's
 * edge, so a photo does not show a blurred smear where the text was.
 */
import type { RgbaImage } from "./raster.ts";
import { scratchFloat32, scratchFloat64, scratchInt32, scratchUint8 } from "./scratch.ts";

export interface Window {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Inpaints `mask` (1 = fill) in place, only inside the given windows. Pixels set in `ignore` are neither
 * drawn from nor repainted (a badge's backdrop, when the ground outside the badge is being filled).
 */
export function inpaint(
  image: RgbaImage,
  mask: Uint8Array,
  windows: readonly Window[],
  ignore?: Uint8Array,
): void {
  for (const win of windows) inpaintWindow(image, mask, win, ignore);
}

function inpaintWindow(image: RgbaImage, mask: Uint8Array, win: Window, ignore?: Uint8Array): void {
  const { w, h } = win;
  if (w <= 0 || h <= 0) return;
  const n = w * h;
  const values = scratchFloat32("inpaint.values", n * 3, false);
  const known = scratchFloat32("inpaint.known", n);
  let holes = 0;
  let knownCount = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const gi = (y + win.y) * image.width + x + win.x;
      const p = y * w + x;
      if (mask[gi]) {
        holes++;
        continue;
      }
      if (ignore?.[gi]) continue;
      known[p] = 1;
      knownCount++;
      values[p * 3] = image.data[gi * 4]!;
      values[p * 3 + 1] = image.data[gi * 4 + 1]!;
      values[p * 3 + 2] = image.data[gi * 4 + 2]!;
    }
  }
  if (holes === 0 || knownCount === 0) return;
  const filled = pullPush(values, known, w, h, 0);
  addTexture(filled, values, known, w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (known[p]) continue;
      if (ignore?.[(y + win.y) * image.width + x + win.x]) continue;
      const gi = ((y + win.y) * image.width + x + win.x) * 4;
      image.data[gi] = filled[p * 3]!;
      image.data[gi + 1] = filled[p * 3 + 1]!;
      image.data[gi + 2] = filled[p * 3 + 2]!;
    }
  }
}

/**
 * Harmonic-like fill of unknown pixels: average down a pyramid, then interpolate and relax back up. Fills
 * `values` in place (known pixels keep their values) and returns it.
 */
export function pullPush(
  values: Float32Array,
  known: Float32Array,
  w: number,
  h: number,
  depth: number,
): Float32Array {
  if (w <= 1 && h <= 1) return values;
  // Pull: weighted 2x2 averages of known pixels.
  const cw = Math.max(1, Math.ceil(w / 2));
  const ch = Math.max(1, Math.ceil(h / 2));
  // Each level of the pyramid has its own buffers: a level's result is read by the level above.
  const cv = scratchFloat32(`inpaint.level-values.${depth}`, cw * ch * 3);
  const ck = scratchFloat32(`inpaint.level-known.${depth}`, cw * ch);
  for (let y = 0; y < h; y++) {
    const row = (y >> 1) * cw;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      const k = known[p]!;
      if (k === 0) continue;
      const q = row + (x >> 1);
      ck[q]! += k;
      cv[q * 3]! += values[p * 3]! * k;
      cv[q * 3 + 1]! += values[p * 3 + 1]! * k;
      cv[q * 3 + 2]! += values[p * 3 + 2]! * k;
    }
  }
  let allKnown = true;
  for (let q = 0; q < cw * ch; q++) {
    const k = ck[q]!;
    if (k > 0) {
      cv[q * 3]! /= k;
      cv[q * 3 + 1]! /= k;
      cv[q * 3 + 2]! /= k;
      ck[q] = Math.min(1, k);
    } else allKnown = false;
  }
  const coarse = allKnown || (cw === w && ch === h) ? cv : pullPush(cv, ck, cw, ch, depth + 1);
  // Push: unknown pixels take the coarse level, bilinearly. The sampling positions depend on the row or
  // the column alone, so they are worked out once per level.
  const { xs0, xs1, ax } = columnSamples(w, cw);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ay = fy - y0;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (known[p]) continue;
      const a = ax[x]!;
      const i00 = (y0 * cw + xs0[x]!) * 3;
      const i01 = (y0 * cw + xs1[x]!) * 3;
      const i10 = (y1 * cw + xs0[x]!) * 3;
      const i11 = (y1 * cw + xs1[x]!) * 3;
      for (let c = 0; c < 3; c++) {
        const top = coarse[i00 + c]! * (1 - a) + coarse[i01 + c]! * a;
        const bottom = coarse[i10 + c]! * (1 - a) + coarse[i11 + c]! * a;
        values[p * 3 + c] = top * (1 - ay) + bottom * ay;
      }
    }
  }
  relax(values, known, w, h, 6);
  return values;
}

/** For each column of a level `w` wide, the two columns of the coarser level (`cw` wide) it lies between. */
function columnSamples(w: number, cw: number): { xs0: Int32Array; xs1: Int32Array; ax: Float64Array } {
  const xs0 = new Int32Array(w);
  const xs1 = new Int32Array(w);
  const ax = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
    xs0[x] = Math.floor(fx);
    xs1[x] = Math.min(cw - 1, xs0[x]! + 1);
    ax[x] = fx - xs0[x]!;
  }
  return { xs0, xs1, ax };
}

/**
 * `pullPush` for one channel (an indicator, a weight): the same pyramid and sweeps, so a channel comes
 * out as it would as one of three, at a third of the work.
 */
export function pullPushScalar(
  values: Float32Array,
  known: Float32Array,
  w: number,
  h: number,
  depth: number,
): Float32Array {
  if (w <= 1 && h <= 1) return values;
  const cw = Math.max(1, Math.ceil(w / 2));
  const ch = Math.max(1, Math.ceil(h / 2));
  const cv = scratchFloat32(`inpaint.scalar-values.${depth}`, cw * ch);
  const ck = scratchFloat32(`inpaint.scalar-known.${depth}`, cw * ch);
  for (let y = 0; y < h; y++) {
    const row = (y >> 1) * cw;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      const k = known[p]!;
      if (k === 0) continue;
      const q = row + (x >> 1);
      ck[q]! += k;
      cv[q]! += values[p]! * k;
    }
  }
  let allKnown = true;
  for (let q = 0; q < cw * ch; q++) {
    const k = ck[q]!;
    if (k > 0) {
      cv[q]! /= k;
      ck[q] = Math.min(1, k);
    } else allKnown = false;
  }
  const coarse = allKnown || (cw === w && ch === h) ? cv : pullPushScalar(cv, ck, cw, ch, depth + 1);
  const { xs0, xs1, ax } = columnSamples(w, cw);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ay = fy - y0;
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (known[p]) continue;
      const a = ax[x]!;
      const top = coarse[y0 * cw + xs0[x]!]! * (1 - a) + coarse[y0 * cw + xs1[x]!]! * a;
      const bottom = coarse[y1 * cw + xs0[x]!]! * (1 - a) + coarse[y1 * cw + xs1[x]!]! * a;
      values[p] = top * (1 - ay) + bottom * ay;
    }
  }
  relaxScalar(values, known, w, h, 6);
  return values;
}

/**
 * The unknown pixels, in pixel order, and whether each has all four neighbours inside the window (nearly
 * all do): worked out once per relaxation rather than on every sweep.
 */
function listHoles(known: Float32Array, w: number, h: number) {
  const holes = scratchInt32("inpaint.holes", w * h, false);
  const inside = scratchUint8("inpaint.inside", w * h, false);
  let count = 0;
  for (let y = 0, p = 0; y < h; y++) {
    const rowInside = y > 0 && y < h - 1;
    for (let x = 0; x < w; x++, p++) {
      if (known[p]) continue;
      holes[count] = p;
      inside[count++] = rowInside && x > 0 && x < w - 1 ? 1 : 0;
    }
  }
  return { holes, inside, count };
}

/** `relax` for one channel. */
function relaxScalar(v: Float32Array, known: Float32Array, w: number, h: number, sweeps: number): void {
  const n = w * h;
  const { holes, inside, count } = listHoles(known, w, h);
  for (let s = 0; s < sweeps; s++) {
    for (let k = 0; k < count; k++) {
      const p = holes[k]!;
      if (inside[k]) {
        v[p] = (v[p - 1]! + v[p + 1]! + v[p - w]! + v[p + w]!) / 4;
        continue;
      }
      const x = p % w;
      let m = 0;
      let sum = 0;
      if (x > 0) {
        sum += v[p - 1]!;
        m++;
      }
      if (x < w - 1) {
        sum += v[p + 1]!;
        m++;
      }
      if (p >= w) {
        sum += v[p - w]!;
        m++;
      }
      if (p + w < n) {
        sum += v[p + w]!;
        m++;
      }
      if (m > 0) v[p] = sum / m;
    }
  }
}

/** Gauss-Seidel sweeps of the Laplace equation over the unknown pixels. */
function relax(v: Float32Array, known: Float32Array, w: number, h: number, sweeps: number): void {
  const n = w * h;
  const { holes, inside, count } = listHoles(known, w, h);
  for (let s = 0; s < sweeps; s++) {
    for (let k = 0; k < count; k++) {
      const p = holes[k]!;
      if (inside[k]) {
        // All four neighbours, in the same order as below.
        const l = (p - 1) * 3;
        const r = (p + 1) * 3;
        const u = (p - w) * 3;
        const d = (p + w) * 3;
        v[p * 3] = (v[l]! + v[r]! + v[u]! + v[d]!) / 4;
        v[p * 3 + 1] = (v[l + 1]! + v[r + 1]! + v[u + 1]! + v[d + 1]!) / 4;
        v[p * 3 + 2] = (v[l + 2]! + v[r + 2]! + v[u + 2]! + v[d + 2]!) / 4;
        continue;
      }
      const x = p % w;
      let m = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      if (x > 0) {
        r += v[(p - 1) * 3]!;
        g += v[(p - 1) * 3 + 1]!;
        b += v[(p - 1) * 3 + 2]!;
        m++;
      }
      if (x < w - 1) {
        r += v[(p + 1) * 3]!;
        g += v[(p + 1) * 3 + 1]!;
        b += v[(p + 1) * 3 + 2]!;
        m++;
      }
      if (p >= w) {
        r += v[(p - w) * 3]!;
        g += v[(p - w) * 3 + 1]!;
        b += v[(p - w) * 3 + 2]!;
        m++;
      }
      if (p + w < n) {
        r += v[(p + w) * 3]!;
        g += v[(p + w) * 3 + 1]!;
        b += v[(p + w) * 3 + 2]!;
        m++;
      }
      if (m === 0) continue;
      v[p * 3] = r / m;
      v[p * 3 + 1] = g / m;
      v[p * 3 + 2] = b / m;
    }
  }
}

/**
 * Mirrors the ground's fine detail into the hole: each filled pixel borrows the high-pass residual of the
 * known pixel at the same distance on the other side of the hole's nearest vertical edge. Skipped on flat
 * ground, where it would only add noise.
 */
function addTexture(
  filled: Float32Array,
  values: Float32Array,
  known: Float32Array,
  w: number,
  h: number,
): void {
  // A robust texture level, from a sample: the median high-pass magnitude (green channel against its
  // 5 x 5 mean) ignores the few strong edges (a badge's border, the halo just outside the hole) that an
  // RMS would count as texture. Flat ground stops here, before any full-size blur.
  const hist = new Uint32Array(256);
  let count = 0;
  const stride = Math.max(1, Math.floor((w * h) / 3000));
  for (let p = 0; p < w * h; p += stride) {
    if (!known[p]) continue;
    const x = p % w;
    const y = (p - x) / w;
    let s = 0;
    let n = 0;
    for (let yy = Math.max(0, y - 2); yy <= Math.min(h - 1, y + 2); yy++) {
      for (let xx = Math.max(0, x - 2); xx <= Math.min(w - 1, x + 2); xx++) {
        s += filled[(yy * w + xx) * 3 + 1]!;
        n++;
      }
    }
    hist[Math.min(255, Math.round(Math.abs(values[p * 3 + 1]! - s / n)))]!++;
    count++;
  }
  let acc = 0;
  let med = 0;
  for (; med < 255; med++) {
    acc += hist[med]!;
    if (acc * 2 >= count) break;
  }
  const sigma = 1.4826 * med;
  if (sigma < 3) return;
  const blur = boxBlur(filled, w, h, 2);
  const limit = 3 * sigma;
  // Mirror from a little beyond the hole's edge, past any halo the mask's dilation left.
  const skip = 2;
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (known[y * w + x]) {
        y++;
        continue;
      }
      let end = y;
      while (end < h && !known[end * w + x]) end++;
      for (let k = y; k < end; k++) {
        let src = y - 1 - skip - (k - y);
        if (src < 0 || !known[src * w + x]) src = end + skip + (end - 1 - k);
        if (src >= h || src < 0 || !known[src * w + x]) continue;
        const p = k * w + x;
        const q = src * w + x;
        for (let c = 0; c < 3; c++) {
          const hp = values[q * 3 + c]! - blur[q * 3 + c]!;
          filled[p * 3 + c]! += Math.max(-limit, Math.min(limit, hp));
        }
      }
      y = end;
    }
  }
}

/**
 * 3-channel box blur by running sums (rows, then columns). The column pass walks the rows in order with
 * one running sum per column and channel, so it reads memory in order rather than a column at a time; each
 * sum sees the same additions and subtractions in the same order as a walk down its column would.
 */
function boxBlur(v: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = scratchFloat32("inpaint.blur-pass", v.length, false);
  const out = scratchFloat32("inpaint.blur", v.length, false);
  for (let c = 0; c < 3; c++) for (let y = 0; y < h; y++) runningMean(v, tmp, y * w * 3 + c, 3, w, r);
  const sums = scratchFloat64("inpaint.blur-sums", w * 3);
  const row = w * 3;
  // Rows [lo, hi] are in every column's window when row y is written.
  let lo = 0;
  let hi = -1;
  for (let y = 0; y < h; y++) {
    const want = Math.min(h - 1, y + r);
    while (hi < want) {
      const base = ++hi * row;
      for (let k = 0; k < row; k++) sums[k]! += tmp[base + k]!;
    }
    const from = Math.max(0, y - r);
    while (lo < from) {
      const base = lo++ * row;
      for (let k = 0; k < row; k++) sums[k]! -= tmp[base + k]!;
    }
    const count = hi - lo + 1;
    const base = y * row;
    for (let k = 0; k < row; k++) out[base + k] = sums[k]! / count;
  }
  return out;
}

function runningMean(
  src: Float32Array,
  dst: Float32Array,
  start: number,
  stride: number,
  n: number,
  r: number,
): void {
  let sum = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const want = Math.min(n - 1, i + r);
    while (hi < want) sum += src[start + ++hi * stride]!;
    const from = Math.max(0, i - r);
    while (lo < from) sum -= src[start + lo++ * stride]!;
    dst[start + i * stride] = sum / (hi - lo + 1);
  }
}

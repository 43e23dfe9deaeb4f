/** The engine's one pixel type: 8-bit RGBA, row-major, unpremultiplied (what ImageData holds). */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}

/** Axis-aligned crop, clamped to the image. */
export function cropImage(image: RgbaImage, x: number, y: number, w: number, h: number): RgbaImage {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(image.width, Math.ceil(x + w));
  const y1 = Math.min(image.height, Math.ceil(y + h));
  const out = createImage(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
  for (let row = y0; row < y1; row++) {
    const src = (row * image.width + x0) * 4;
    out.data.set(image.data.subarray(src, src + (x1 - x0) * 4), (row - y0) * out.width * 4);
  }
  return out;
}

/**
 * A w x h window of the image at (x0, y0), copied into `into` (w x h x 4 bytes); where the window reaches
 * past the picture's border, the edge pixels repeat (as sampling clamped to the picture would give).
 */
export function copyWindow(
  image: RgbaImage,
  x0: number,
  y0: number,
  w: number,
  h: number,
  into: Uint8ClampedArray,
): RgbaImage {
  const { width: W, height: H, data } = image;
  const left = Math.min(w, Math.max(0, -x0));
  const right = Math.max(left, Math.min(w, W - x0));
  for (let y = 0; y < h; y++) {
    const row = Math.min(H - 1, Math.max(0, y0 + y)) * W;
    const t = y * w * 4;
    if (right > left) into.set(data.subarray((row + x0 + left) * 4, (row + x0 + right) * 4), t + left * 4);
    for (let x = 0; x < left; x++) into.set(data.subarray(row * 4, row * 4 + 4), t + x * 4);
    for (let x = right; x < w; x++) into.set(data.subarray((row + W - 1) * 4, (row + W) * 4), t + x * 4);
  }
  return { width: w, height: h, data: into };
}

/**
 * Bilinear resize. When shrinking by more than 2x it first box-averages, so small text in a big photo is
 * not aliased away before detection. `into` (width x height x 4 bytes) receives the pixels when given.
 */
export function resizeImage(
  image: RgbaImage,
  width: number,
  height: number,
  into?: Uint8ClampedArray,
): RgbaImage {
  if (width === image.width && height === image.height) {
    if (into === undefined) return cloneImage(image);
    into.set(image.data);
    return { width, height, data: into };
  }
  let src = image;
  while (src.width >= width * 2 && src.height >= height * 2) src = halve(src);
  const out: RgbaImage = into === undefined ? createImage(width, height) : { width, height, data: into };
  const sx = src.width / width;
  const sy = src.height / height;
  const d = src.data;
  const o = out.data;
  const sw = src.width;
  // Sampling positions depend on the column alone: worked out once per column.
  const cols = new Int32Array(2 * width);
  const weights = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), sw - 1);
    const x0 = Math.floor(fx);
    cols[2 * x] = x0;
    cols[2 * x + 1] = Math.min(x0 + 1, sw - 1);
    weights[x] = fx - x0;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), src.height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, src.height - 1);
    const wy = fy - y0;
    for (let x = 0, t = y * width * 4; x < width; x++, t += 4) {
      const wx = weights[x]!;
      const a = (y0 * sw + cols[2 * x]!) * 4;
      const b = (y0 * sw + cols[2 * x + 1]!) * 4;
      const c = (y1 * sw + cols[2 * x]!) * 4;
      const e = (y1 * sw + cols[2 * x + 1]!) * 4;
      for (let k = 0; k < 4; k++) {
        const top = d[a + k]! + (d[b + k]! - d[a + k]!) * wx;
        const bottom = d[c + k]! + (d[e + k]! - d[c + k]!) * wx;
        o[t + k] = top + (bottom - top) * wy;
      }
    }
  }
  return out;
}

function halve(image: RgbaImage): RgbaImage {
  const w = Math.floor(image.width / 2);
  const h = Math.floor(image.height / 2);
  const out = createImage(w, h);
  const d = image.data;
  const stride = image.width * 4;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = (2 * y * image.width + 2 * x) * 4;
      const t = (y * w + x) * 4;
      for (let k = 0; k < 4; k++) {
        out.data[t + k] = (d[a + k]! + d[a + 4 + k]! + d[a + stride + k]! + d[a + stride + 4 + k]! + 2) >> 2;
      }
    }
  }
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Composites transparent pixels over white: what a viewer shows, and what the models expect. */
export function flattenAlpha(image: RgbaImage): void {
  const d = image.data;
  // Most pictures are opaque: find the first pixel that is not, four bytes at a time where aligned.
  let first = 0;
  if (d.byteOffset % 4 === 0) {
    const words = new Uint32Array(d.buffer, d.byteOffset, d.length >> 2);
    if (LITTLE_ENDIAN) while (first < words.length && words[first]! >= 0xff000000) first++;
    first *= 4;
  }
  for (let i = first; i < d.length; i += 4) {
    const a = d[i + 3]!;
    if (a === 255) continue;
    const f = a / 255;
    d[i] = d[i]! * f + 255 * (1 - f);
    d[i + 1] = d[i + 1]! * f + 255 * (1 - f);
    d[i + 2] = d[i + 2]! * f + 255 * (1 - f);
    d[i + 3] = 255;
  }
}

/** Rotates by 90 degrees counter-clockwise (a vertical crop becomes a horizontal line). */
export function rotate90ccw(image: RgbaImage): RgbaImage {
  const out = createImage(image.height, image.width);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const s = (y * image.width + x) * 4;
      const nx = y;
      const ny = image.width - 1 - x;
      const t = (ny * out.width + nx) * 4;
      out.data[t] = image.data[s]!;
      out.data[t + 1] = image.data[s + 1]!;
      out.data[t + 2] = image.data[s + 2]!;
      out.data[t + 3] = image.data[s + 3]!;
    }
  }
  return out;
}

/** Luma (BT.601) as floats 0..255. */
export function toGray(image: RgbaImage): Float32Array {
  const out = new Float32Array(image.width * image.height);
  const d = image.data;
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    out[p] = 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;
  }
  return out;
}

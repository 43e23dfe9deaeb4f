/**
 * Stage 3a: PP-OCRv4 recognition (SVTR-LCNet with a CTC head) for Chinese and English lines. Crops are
 * scaled to 48 px high, batched by similar width (PaddleOCR's rec_batch_num idea: sort by aspect ratio so
 * little of each batch is padding) and decoded greedily.
 */
import type { OnnxSession } from "./ports.ts";
import { type RgbaImage, resizeImage } from "./raster.ts";
import { scratchPixels } from "./scratch.ts";

export interface RecognizedText {
  text: string;
  /** Mean probability of the emitted characters, 0 to 1. */
  confidence: number;
  /** Where each character of `text` was emitted, as a fraction of the crop's width. */
  positions: number[];
}

const HEIGHT = 48;
/** PaddleOCR's rec_image_shape width: batches are never narrower than 320 px. */
const MIN_WIDTH = 320;
/** Lines longer than this are squeezed rather than fed as one giant tensor. */
const MAX_WIDTH = 3200;

/** The dictionary file has one character per line; CTC index 0 is blank and the last is a space. */
export function parseDictionary(text: string): string[] {
  const lines = text.replace(/\r/g, "").split("\n");
  if (lines.at(-1) === "") lines.pop();
  return ["", ...lines, " "];
}

/**
 * Greedy CTC: best class per time step, repeats merged, blanks dropped. `allowed` masks the classes a
 * language can produce (English text never needs the 6,000 CJK classes that look like Latin letters).
 *
 * The Chinese model often runs English words together ("IT'SAGOODSTART"), yet its space class still
 * rises in the gap; between two Latin characters a space probability above SPACE_HINT restores the space.
 */
const SPACE_HINT = 0.08;
const LATIN = /[A-Za-z0-9'’%$€£¥.,!?&:;)(-]/;

export function ctcDecode(
  probs: Float32Array,
  steps: number,
  classes: number,
  offset: number,
  charset: string[],
  allowed?: Uint8Array,
): RecognizedText {
  const space = charset.length - 1;
  let text = "";
  let sum = 0;
  let n = 0;
  let prev = -1;
  let spaceSince = 0;
  const positions: number[] = [];
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base]!;
    // Probabilities sum to one: a class above one half is the argmax, and most steps are blank.
    if (bestP <= 0.5) {
      for (let c = 1; c < classes; c++) {
        if (allowed !== undefined && !allowed[c]) continue;
        const p = probs[base + c]!;
        if (p > bestP) {
          bestP = p;
          best = c;
          if (p > 0.5) break;
        }
      }
    }
    if (best !== 0 && best !== prev) {
      const ch = charset[best] ?? "";
      const last = text.at(-1);
      if (
        best !== space &&
        last !== undefined &&
        last !== " " &&
        spaceSince >= SPACE_HINT &&
        LATIN.test(last) &&
        LATIN.test(ch)
      ) {
        text += " ";
        positions.push((t + 0.5) / steps);
      }
      text += ch;
      for (let k = 0; k < ch.length; k++) positions.push((t + 0.5) / steps);
      sum += bestP;
      n++;
      spaceSince = 0;
    } else if (best === 0) {
      spaceSince = Math.max(spaceSince, probs[base + space]!);
    }
    prev = best;
  }
  return { text: text.replace(/ {2,}/g, " ").trim(), confidence: n > 0 ? sum / n : 0, positions };
}

export interface RecognizeOptions {
  signal?: AbortSignal;
  /** Limit the output to Latin letters, digits and common symbols. */
  restrict?: "latin";
}

export class TextRecognizer {
  private readonly latinMask: Uint8Array;

  constructor(
    private readonly session: OnnxSession,
    private readonly charset: string[],
    private readonly batchSize = 8,
  ) {
    this.latinMask = new Uint8Array(charset.length);
    charset.forEach((ch, i) => {
      const cp = ch.codePointAt(0) ?? 0;
      if (i > 0 && ((cp >= 0x20 && cp < 0x7f) || "¥€£°©®™±×÷·•–—‘’“”…%".includes(ch))) this.latinMask[i] = 1;
    });
  }

  /** One result per crop, in the crops' order. */
  async recognize(crops: readonly RgbaImage[], options: RecognizeOptions = {}): Promise<RecognizedText[]> {
    const { signal } = options;
    const allowed = options.restrict === "latin" ? this.latinMask : undefined;
    const order = crops
      .map((c, i) => ({ i, ratio: c.width / Math.max(1, c.height) }))
      .sort((a, b) => a.ratio - b.ratio);
    const results: RecognizedText[] = new Array(crops.length);
    for (const batch of batches(order, this.batchSize)) {
      signal?.throwIfAborted();
      const { data, width } = prepareBatch(batch.map((b) => crops[b.i]!));
      const out = await this.session.run({
        [this.session.inputNames[0]!]: { data, dims: [batch.length, 3, HEIGHT, width] },
      });
      const probs = out[this.session.outputNames[0]!]!;
      const steps = probs.dims[1]!;
      const classes = probs.dims[2]!;
      batch.forEach((b, k) => {
        const r = ctcDecode(probs.data, steps, classes, k * steps * classes, this.charset, allowed);
        // Positions come out relative to the padded batch width; make them relative to this crop.
        const share = scaledWidth(crops[b.i]!, width) / width;
        results[b.i] = { ...r, positions: r.positions.map((x) => x / share) };
      });
    }
    return results;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** x / 127.5 - 1 for every byte x: a lookup per channel instead of a division. */
const NORMALIZED = Float32Array.from({ length: 256 }, (_, v) => v / 127.5 - 1);

/** Normalized (x / 127.5 - 1) BGR tensors, right-padded with zeros to the batch's widest crop. */
export function prepareBatch(crops: readonly RgbaImage[]): { data: Float32Array; width: number } {
  const maxRatio = Math.max(MIN_WIDTH / HEIGHT, ...crops.map((c) => c.width / Math.max(1, c.height)));
  const width = Math.min(MAX_WIDTH, Math.ceil(HEIGHT * maxRatio));
  const plane = HEIGHT * width;
  const data = new Float32Array(crops.length * 3 * plane);
  for (let k = 0; k < crops.length; k++) writeCrop(crops[k]!, data, k * 3 * plane, plane, width);
  return { data, width };
}

/**
 * One crop scaled into the batch tensor at `base`. Module-level rather than a closure per batch, so its
 * loop is optimized once (V8 ties a hot loop's optimized code to the closure it runs in).
 */
function writeCrop(crop: RgbaImage, data: Float32Array, base: number, plane: number, width: number): void {
  const w = scaledWidth(crop, width);
  // Each crop is scaled into one reused buffer: only the tensor keeps its pixels.
  const scaled = resizeImage(crop, w, HEIGHT, scratchPixels("recognize.scaled", w * HEIGHT * 4, false));
  const d = scaled.data;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0, i = y * w * 4, p = base + y * width; x < w; x++, i += 4, p++) {
      data[p] = NORMALIZED[d[i + 2]!]!;
      data[plane + p] = NORMALIZED[d[i + 1]!]!;
      data[2 * plane + p] = NORMALIZED[d[i]!]!;
    }
  }
}

function scaledWidth(crop: RgbaImage, batchWidth: number): number {
  return Math.max(1, Math.min(batchWidth, Math.ceil((HEIGHT * crop.width) / Math.max(1, crop.height))));
}

/**
 * Consecutive crops (sorted by aspect ratio) share a batch only while the widest is at most 1.5 times the
 * narrowest: the model mixes context along the whole padded row, and a short line padded to a long
 * line's width loses its word spaces.
 */
export function batches<T extends { ratio: number }>(sorted: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let floor = 0;
  for (const item of sorted) {
    const r = Math.max(item.ratio, MIN_WIDTH / HEIGHT);
    if (cur.length === size || (cur.length > 0 && r > floor * 1.5)) {
      out.push(cur);
      cur = [];
    }
    if (cur.length === 0) floor = r;
    cur.push(item);
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/**
 * Stage 2: text-line detection with PP-OCRv4's DB model. Pre-processing follows PaddleOCR's
 * DetResizeForTest + NormalizeImage (longest side limited, both sides multiples of 32, ImageNet mean/std
 * on BGR channels); post-processing is in db-postprocess.ts.
 */
import { type DbOptions, DEFAULT_DB_OPTIONS, dbPostprocess } from "./db-postprocess.ts";
import { orderQuad, type Point, type Quad, rectCorners } from "./geometry.ts";
import type { OnnxSession, TensorData } from "./ports.ts";
import { type RgbaImage, resizeImage } from "./raster.ts";

export interface DetectedLine {
  quad: Quad;
  score: number;
}

export interface DetectOptions {
  /** The model sees at most maxSide x maxSide pixels' worth of image (any aspect ratio). */
  maxSide: number;
  /**
   * Images whose longest side is under this are scaled up to it: a cropped word 100 px wide is otherwise too
   * small for the model's receptive field.
   */
  minSide: number;
  db: DbOptions;
}

/**
 * 1280² pixels rather than PaddleOCR's 960: scaled down to 960², large thin display type on a big picture
 * (the Mincho わり of ふんわり on a 1536 × 839 word cloud) gave the model no response at all, and small
 * print on a tall label shrank below what it reads. Only pictures over 0.92 megapixels pay for it.
 */
export const DEFAULT_DETECT_OPTIONS: DetectOptions = { maxSide: 1280, minSide: 320, db: DEFAULT_DB_OPTIONS };

/**
 * Pictures up to this many pixels get a margin of their border colour (see prepareDetection): small ones,
 * whose text often touches the edge. A fixed size, not a share of maxSide, so that an 800 x 800 listing
 * is not padded to 1056 x 1056 (75% more pixels for the model) because the detection limit grew.
 */
const PADDED_UP_TO = 960 * 960 * 0.6;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/**
 * Each channel's normalized value for every byte, in the order the tensor holds them (B, G, R): a lookup
 * per pixel instead of arithmetic, with the same float32 values the arithmetic stored.
 */
const NORMALIZED = [0, 1, 2].map((c) => {
  const k = 1 / (255 * STD[c]!);
  const o = MEAN[c]! / STD[c]!;
  return Float32Array.from({ length: 256 }, (_, v) => v * k - o);
}) as [Float32Array, Float32Array, Float32Array];

export interface DetectionInput {
  tensor: TensorData;
  /** Where the image sits inside the tensor (after padding), in tensor pixels. */
  offsetX: number;
  offsetY: number;
  /** Tensor pixels per source pixel. */
  scaleX: number;
  scaleY: number;
}

/**
 * Resizes and normalizes. Small images get a margin of their border colour, because DB's shrunk-map
 * training leaves text that touches the image edge undetected.
 */
export function prepareDetection(
  image: RgbaImage,
  options: DetectOptions = DEFAULT_DETECT_OPTIONS,
  reuse?: Float32Array,
): DetectionInput {
  // Limit the pixel count rather than the longest side, so a long banner keeps readable text height.
  const longest = Math.max(image.width, image.height);
  const area = image.width * image.height;
  let ratio = 1;
  if (area > options.maxSide * options.maxSide) ratio = options.maxSide / Math.sqrt(area);
  else if (longest < options.minSide) ratio = options.minSide / longest;
  ratio = Math.min(ratio, (options.maxSide * 4) / longest);
  const innerW = Math.max(1, Math.round(image.width * ratio));
  const innerH = Math.max(1, Math.round(image.height * ratio));
  const padded = innerW * innerH <= PADDED_UP_TO;
  let w: number;
  let h: number;
  let scaled: RgbaImage;
  if (padded) {
    const margin = Math.round(Math.min(innerW, innerH) * 0.15) + 8;
    w = Math.ceil((innerW + 2 * margin) / 32) * 32;
    h = Math.ceil((innerH + 2 * margin) / 32) * 32;
    scaled = resizeImage(image, innerW, innerH);
  } else {
    // PaddleOCR's rounding: each side to the nearest multiple of 32, a slight stretch at most.
    w = Math.max(32, Math.round(innerW / 32) * 32);
    h = Math.max(32, Math.round(innerH / 32) * 32);
    scaled = w === image.width && h === image.height ? image : resizeImage(image, w, h);
  }
  const offsetX = Math.floor((w - scaled.width) / 2);
  const offsetY = Math.floor((h - scaled.height) / 2);
  const plane = w * h;
  // A detector reuses its input buffer between images: 8 MB typed arrays per call keep the GC busy.
  const data = reuse !== undefined && reuse.length === 3 * plane ? reuse : new Float32Array(3 * plane);
  // Channel order B, G, R: the model was trained on OpenCV's BGR images.
  const [nb, ng, nr] = NORMALIZED;
  if (padded) {
    const fill = borderColor(image);
    data.fill(nb[fill[2]]!, 0, plane);
    data.fill(ng[fill[1]]!, plane, 2 * plane);
    data.fill(nr[fill[0]]!, 2 * plane, 3 * plane);
  }
  const d = scaled.data;
  for (let y = 0; y < scaled.height; y++) {
    let i = y * scaled.width * 4;
    let p = (y + offsetY) * w + offsetX;
    for (let x = 0; x < scaled.width; x++, i += 4, p++) {
      data[p] = nb[d[i + 2]!]!;
      data[plane + p] = ng[d[i + 1]!]!;
      data[2 * plane + p] = nr[d[i]!]!;
    }
  }
  return {
    tensor: { data, dims: [1, 3, h, w] },
    offsetX,
    offsetY,
    scaleX: scaled.width / image.width,
    scaleY: scaled.height / image.height,
  };
}

function borderColor(image: RgbaImage): [number, number, number] {
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  const push = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    r.push(image.data[i]!);
    g.push(image.data[i + 1]!);
    b.push(image.data[i + 2]!);
  };
  const stepX = Math.max(1, Math.floor(image.width / 64));
  const stepY = Math.max(1, Math.floor(image.height / 64));
  for (let x = 0; x < image.width; x += stepX) {
    push(x, 0);
    push(x, image.height - 1);
  }
  for (let y = 0; y < image.height; y += stepY) {
    push(0, y);
    push(image.width - 1, y);
  }
  const med = (a: number[]) => a.sort((p, q) => p - q)[a.length >> 1] ?? 255;
  return [med(r), med(g), med(b)];
}

/** Boxes from the model's probability map, in source-image coordinates. */
export function decodeDetection(
  output: TensorData,
  input: DetectionInput,
  imageWidth: number,
  imageHeight: number,
  db: DbOptions = DEFAULT_DB_OPTIONS,
): DetectedLine[] {
  const h = output.dims[2]!;
  const w = output.dims[3]!;
  const boxes = dbPostprocess(output.data, w, h, db);
  const lines: DetectedLine[] = [];
  for (const box of boxes) {
    const corners = rectCorners(box.rect).map(
      ([x, y]): Point => [
        clamp((x - input.offsetX) / input.scaleX, 0, imageWidth),
        clamp((y - input.offsetY) / input.scaleY, 0, imageHeight),
      ],
    );
    const quad = orderQuad(corners);
    const wTop = Math.hypot(quad[1][0] - quad[0][0], quad[1][1] - quad[0][1]);
    const hLeft = Math.hypot(quad[3][0] - quad[0][0], quad[3][1] - quad[0][1]);
    if (wTop < 2 || hLeft < 2) continue;
    lines.push({ quad, score: box.score });
  }
  return sortReadingOrder(lines);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/** Top to bottom, then left to right within a band of half a line height (PaddleOCR's sorted_boxes). */
export function sortReadingOrder<T extends { quad: Quad }>(items: T[]): T[] {
  const sorted = [...items].sort((a, b) => a.quad[0][1] - b.quad[0][1] || a.quad[0][0] - b.quad[0][0]);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i; j > 0; j--) {
      const cur = sorted[j]!;
      const prev = sorted[j - 1]!;
      const band = Math.min(lineHeight(cur.quad), lineHeight(prev.quad)) / 2;
      if (Math.abs(cur.quad[0][1] - prev.quad[0][1]) < band && cur.quad[0][0] < prev.quad[0][0]) {
        sorted[j] = prev;
        sorted[j - 1] = cur;
      } else break;
    }
  }
  return sorted;
}

function lineHeight(q: Quad): number {
  return Math.max(4, Math.hypot(q[3][0] - q[0][0], q[3][1] - q[0][1]));
}

export class TextDetector {
  constructor(
    private readonly session: OnnxSession,
    private readonly options: DetectOptions = DEFAULT_DETECT_OPTIONS,
  ) {}

  private buffer: Float32Array | undefined;

  /**
   * The model's run cannot be stopped once begun (onnxruntime-node runs it on this thread), so a cancel is
   * checked on each side of it: a cancelled call neither starts the run nor decodes its map.
   */
  async detect(image: RgbaImage, signal?: AbortSignal): Promise<DetectedLine[]> {
    // Taken while a run reads it, so concurrent calls never share one buffer.
    const reuse = this.buffer;
    this.buffer = undefined;
    const input = prepareDetection(image, this.options, reuse);
    signal?.throwIfAborted();
    const out = await this.session.run({ [this.session.inputNames[0]!]: input.tensor });
    this.buffer = input.tensor.data;
    signal?.throwIfAborted();
    const prob = out[this.session.outputNames[0]!]!;
    return decodeDetection(prob, input, image.width, image.height, this.options.db);
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

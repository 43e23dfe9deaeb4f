/**
 * The ports through which the engine reaches its runtime. Everything in `src/engine` outside `node/` and
 * `browser/` sees only these interfaces, so one pipeline runs unchanged in Node (onnxruntime-node,
 * @napi-rs/canvas) and in the browser (onnxruntime-web, OffscreenCanvas).
 */
import type { RgbaImage } from "./raster.ts";

/** Formats whose header the engine reads itself; only the first three are translatable (spec, Limits). */
export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "bmp" | "tiff" | "avif" | "heic";

export interface DecodedImage {
  image: RgbaImage;
  /** True when the decoder already turned the pixels upright from the EXIF orientation. */
  orientationApplied: boolean;
}

export interface ImageCodec {
  /** Decodes bytes whose format and dimensions the engine has already checked. Rejects on corrupt data. */
  decode(bytes: Uint8Array, format: ImageFormat): Promise<DecodedImage>;
  /** JPEG bytes of an RGBA raster (alpha is flattened by the encoder). */
  encodeJpeg(image: RgbaImage, quality: number): Promise<Uint8Array>;
}

/** The subset of CanvasRenderingContext2D the renderer draws with; both runtimes provide it. */
export interface DrawingContext {
  fillStyle: string | unknown;
  strokeStyle: string | unknown;
  lineWidth: number;
  lineJoin: "round" | "bevel" | "miter";
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
}

export interface DrawingSurface {
  readonly width: number;
  readonly height: number;
  readonly context: DrawingContext;
  /** Replaces the surface's pixels with a raster of the same size. */
  putImage(image: RgbaImage): void;
  getImage(): RgbaImage;
  encodeJpeg(quality: number): Promise<Uint8Array>;
}

export interface CanvasPort {
  createSurface(width: number, height: number): DrawingSurface;
}

export interface TensorData {
  data: Float32Array;
  dims: readonly number[];
}

export interface OnnxSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, TensorData>): Promise<Record<string, TensorData>>;
  release(): Promise<void>;
}

export interface OnnxPort {
  createSession(model: Uint8Array): Promise<OnnxSession>;
}

/** Tesseract's languages the engine uses: Japanese lines, and the plain-tesseract baseline of eval:ocr. */
export type TesseractLanguage = "jpn" | "eng" | "chi_sim";

export interface OcrWorkerResult {
  text: string;
  /** 0 to 1. */
  confidence: number;
}

export interface OcrWorker {
  /**
   * Reads an image given as encoded bytes (the engine sends BMP). `line` reads one text line, `block`
   * lets tesseract find the lines itself.
   */
  recognize(image: Uint8Array, mode: "line" | "block"): Promise<OcrWorkerResult>;
  terminate(): Promise<void>;
}

export interface OcrWorkerPort {
  createWorker(language: TesseractLanguage): Promise<OcrWorker>;
}

/** Loads a bundled asset by its key in `assets.ts` (a file in Node, a URL in the browser). */
export interface AssetLoader {
  load(key: string): Promise<Uint8Array>;
}

export interface EnginePorts {
  codec: ImageCodec;
  canvas: CanvasPort;
  onnx: OnnxPort;
  ocrWorkers: OcrWorkerPort;
  assets: AssetLoader;
}

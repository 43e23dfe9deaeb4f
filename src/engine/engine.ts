/**
 * The engine: one object per process (or tab) that loads the models once and runs the stages for each
 * image. It knows its runtime only through the ports it was given.
 */
import type { OcrData, SourceLanguage } from "../contract/image-translate.ts";
import { analyzeLine } from "./analyze.ts";
import { MODEL_ASSETS } from "./assets.ts";
import { decodeImage, type SourceImage } from "./decode.ts";
import { DEFAULT_DETECT_OPTIONS, type DetectOptions, TextDetector } from "./detect.ts";
import { groupLines, type LineGroup } from "./group-lines.ts";
import type { EnginePorts, OcrWorker, TesseractLanguage } from "./ports.ts";
import { type RunControl, stage } from "./progress.ts";
import { readLines } from "./read-lines.ts";
import { parseDictionary, TextRecognizer } from "./recognize.ts";
import { toOcrRegion } from "./regions.ts";
import { normalizeSource } from "./script.ts";

export interface EngineOptions {
  detect?: Partial<DetectOptions>;
}

export interface OcrRequest extends RunControl {
  sourceLanguage: SourceLanguage;
}

/** What OCR knows about an image: the decoded pixels and the grouped, read regions. */
export interface OcrResult {
  source: SourceImage;
  groups: LineGroup[];
}

export class ImageEngine {
  private models: Promise<{ detector: TextDetector; recognizer: TextRecognizer }> | undefined;
  private readonly workers = new Map<TesseractLanguage, Promise<OcrWorker>>();

  constructor(
    readonly ports: EnginePorts,
    private readonly options: EngineOptions = {},
  ) {}

  /** Loads both ONNX sessions (once; concurrent callers share the load). */
  loadModels(): Promise<{ detector: TextDetector; recognizer: TextRecognizer }> {
    this.models ??= (async () => {
      const [det, rec, dict] = await Promise.all([
        this.ports.assets.load(MODEL_ASSETS.detection),
        this.ports.assets.load(MODEL_ASSETS.recognition),
        this.ports.assets.load(MODEL_ASSETS.dictionary),
      ]);
      const [detSession, recSession] = await Promise.all([
        this.ports.onnx.createSession(det),
        this.ports.onnx.createSession(rec),
      ]);
      const detectOptions = { ...DEFAULT_DETECT_OPTIONS, ...this.options.detect };
      return {
        detector: new TextDetector(detSession, detectOptions),
        recognizer: new TextRecognizer(recSession, parseDictionary(new TextDecoder().decode(dict))),
      };
    })();
    this.models.catch(() => {
      this.models = undefined;
    });
    return this.models;
  }

  /** A tesseract worker per language, started on first use and kept. */
  tesseract(language: TesseractLanguage): Promise<OcrWorker> {
    let worker = this.workers.get(language);
    if (worker === undefined) {
      worker = this.ports.ocrWorkers.createWorker(language);
      this.workers.set(language, worker);
      worker.catch(() => this.workers.delete(language));
    }
    return worker;
  }

  /** Decode, detect, read and group: the shared front half of OCR and translation. */
  async recognize(bytes: Uint8Array, request: OcrRequest): Promise<OcrResult> {
    const source = await stage(request, "decode", () => decodeImage(bytes, this.ports.codec));
    const { detector, recognizer } = await this.loadModels();
    const lines = await stage(request, "detect", () => detector.detect(source.image));
    const lang = normalizeSource(request.sourceLanguage);
    const read = await stage(request, "read", () =>
      readLines(
        source.image,
        lines,
        lang,
        { recognizer, japanese: () => this.tesseract("jpn") },
        request.signal,
      ),
    );
    const analyzed = await stage(request, "analyze", () =>
      read.map((line) => ({
        ...line,
        analysis: analyzeLine(source.image, line.quad, line.text, line.vertical),
      })),
    );
    return { source, groups: groupLines(analyzed) };
  }

  async ocr(bytes: Uint8Array, request: OcrRequest): Promise<OcrData> {
    const { source, groups } = await this.recognize(bytes, request);
    const regions = groups.map(toOcrRegion);
    return { regions, src_w: source.image.width, src_h: source.image.height, regions_found: regions.length };
  }

  async dispose(): Promise<void> {
    const models = this.models;
    this.models = undefined;
    if (models) {
      const m = await models.catch(() => undefined);
      await m?.detector.release();
      await m?.recognizer.release();
    }
    for (const w of this.workers.values()) await (await w.catch(() => undefined))?.terminate();
    this.workers.clear();
  }
}

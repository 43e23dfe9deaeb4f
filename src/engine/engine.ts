/**
 * The engine: one object per process (or tab) that loads the models once and runs the stages for each
 * image. It knows its runtime only through the ports it was given.
 */
import { GatewayError } from "../contract/errors.ts";
import type {
  FontWeight,
  OcrData,
  SourceLanguage,
  TextRegion,
  TranslateData,
} from "../contract/image-translate.ts";
import { DETECTED_WEIGHT_VALUES, WEIGHT_VALUES } from "../fonts/bundled.ts";
import { type FontFace, FontLibrary, type UserFontSource } from "../fonts/font-library.ts";
import { assertScriptGate, scriptSample } from "../fonts/script-gate.ts";
import type { Translator } from "../translate/port.ts";
import { finishAnalysis, isColumn, type PreparedAnalysis, prepareAnalysis } from "./analyze.ts";
import { MODEL_ASSETS } from "./assets.ts";
import { toBase64 } from "./base64.ts";
import { decodeImage, type SourceImage } from "./decode.ts";
import { DEFAULT_DETECT_OPTIONS, type DetectOptions, TextDetector } from "./detect.ts";
import { eraseText } from "./erase.ts";
import { type Quad, quadBBox } from "./geometry.ts";
import { groupLines, type LineGroup } from "./group-lines.ts";
import { KEEP_SIZE, layoutText } from "./layout.ts";
import type { EnginePorts, OcrWorker, TesseractLanguage } from "./ports.ts";
import { type RunControl, stage } from "./progress.ts";
import { readLines } from "./read-lines.ts";
import { parseDictionary, TextRecognizer } from "./recognize.ts";
import { toOcrRegion, toTextRegion } from "./regions.ts";
import { drawLayout, groundColor, guessAlign, inkStyle, regionFrame } from "./render.ts";
import { widenOverGround } from "./room.ts";
import { normalizeSource } from "./script.ts";
import { translateGroups } from "./translate-stage.ts";
import { yieldToRuntime } from "./yield.ts";

export interface EngineOptions {
  detect?: Partial<DetectOptions>;
}

export interface OcrRequest extends RunControl {
  sourceLanguage: SourceLanguage;
}

export interface TranslateRequest extends OcrRequest {
  targetLanguage: string;
  translator: Translator;
  /** A bundled font name or `user/<id>` (then `userFont` holds its bytes). Default Pretendard. */
  font?: string;
  /** Default ExtraBold (spec); `auto` follows each region's detected weight. */
  fontWeight?: FontWeight;
  /** true: the drawn JPEG; false: the data object with the erased image. Default true. */
  render?: boolean;
  userFont?: UserFontSource;
  /** JPEG quality 0..1 of what the engine encodes. */
  jpegQuality?: number;
  /** With render=true, also return the render=false data (one pass for both, as the CLI wants). */
  includeData?: boolean;
}

export type TranslateOutcome =
  | {
      kind: "image";
      /** JPEG bytes, or the original bytes untouched when no text was found. */
      image: Uint8Array;
      contentType: string;
      /** Regions translated and drawn (the X-Service-Regions-Count header); `regions` lists them. */
      regionsCount: number;
      regions: TextRegion[];
      /** Regions read but left as they were (the translator kept them); for logs and the evaluation. */
      keptCount?: number;
      /** Present when includeData was asked for. */
      data?: TranslateData;
    }
  | { kind: "data"; data: TranslateData };

/** The smallest em, as a share of the detected line's height, that drawing believes. */
const MIN_EM_OF_LINE = 0.72;

const CONTENT_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/** What OCR knows about an image: the decoded pixels and the grouped, read regions. */
export interface OcrResult {
  source: SourceImage;
  groups: LineGroup[];
}

export class ImageEngine {
  private models: Promise<{ detector: TextDetector; recognizer: TextRecognizer }> | undefined;
  private readonly workers = new Map<TesseractLanguage, Promise<OcrWorker>>();
  readonly fonts: FontLibrary;

  constructor(
    readonly ports: EnginePorts,
    private readonly options: EngineOptions = {},
  ) {
    this.fonts = new FontLibrary(ports.assets);
  }

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
    const lines = await stage(request, "detect", () => detector.detect(source.image, request.signal));
    const lang = normalizeSource(request.sourceLanguage);
    const analysisOptions = { chromaSubsampled: source.header.chromaSubsampled };
    const prepared = new Map<Quad, PreparedAnalysis>();
    const read = await stage(request, "read", async () => {
      const reading = readLines(
        source.image,
        lines,
        lang,
        { recognizer, japanese: () => this.tesseract("jpn") },
        request.signal,
      );
      // A cancel rejects `reading` while this loop yields: mark it handled now (it is still awaited
      // below), or the rejection goes unheard for a turn and takes the worker thread down with it.
      reading.catch(() => {});
      // Meanwhile this thread works out what does not need the text (masks, colours, badges): where the
      // runtime infers off this thread the two overlap; onnxruntime-node runs inference on this thread, so
      // there each yield lets a pending run go first and the work only interleaves.
      for (const line of lines) {
        request.signal?.throwIfAborted();
        prepared.set(
          line.quad,
          prepareAnalysis(source.image, line.quad, isColumn(line.quad), analysisOptions),
        );
        await yieldToRuntime();
      }
      return reading;
    });
    const analyzed = await stage(request, "analyze", () =>
      read.map((line) => ({
        ...line,
        analysis: finishAnalysis(
          prepared.get(line.quad) ?? prepareAnalysis(source.image, line.quad, line.vertical, analysisOptions),
          line.text,
        ),
      })),
    );
    return { source, groups: groupLines(analyzed) };
  }

  async ocr(bytes: Uint8Array, request: OcrRequest): Promise<OcrData> {
    const { source, groups } = await this.recognize(bytes, request);
    const regions = groups.map(toOcrRegion);
    return { regions, src_w: source.image.width, src_h: source.image.height, regions_found: regions.length };
  }

  async translate(bytes: Uint8Array, request: TranslateRequest): Promise<TranslateOutcome> {
    const render = request.render ?? true;
    const font = request.font ?? "Pretendard";
    const fontWeight = request.fontWeight ?? "ExtraBold";
    const quality = request.jpegQuality ?? 0.9;
    const source = normalizeSource(request.sourceLanguage);
    // Fonts are resolved and gated before any work on the image, so a bad font fails fast. Only the
    // chosen face is kept per weight; each region adds the fallbacks its text needs (chainCovering).
    const heads = new Map<number, FontFace>();
    const headFor = async (weight: number) => {
      let head = heads.get(weight);
      if (head === undefined) {
        [head] = await this.fonts.chain(font, weight, request.userFont, 0);
        heads.set(weight, head!);
      }
      return head!;
    };
    const chainFor = async (weight: number, text: string) =>
      this.fonts.chainCovering(await headFor(weight), text, font, weight);
    if (render) {
      const weight = fontWeight === "auto" ? 400 : WEIGHT_VALUES[fontWeight];
      const head = await headFor(weight);
      // The gate judges the faces drawing would use for the target's script: the chosen face and the
      // fallbacks its sample needs (all of them when none covers it), never loading one it does not.
      if (source !== "auto") {
        const sample = scriptSample(request.targetLanguage);
        assertScriptGate(request.targetLanguage, await this.fonts.chainCovering(head, sample, font, weight));
      }
    }

    const { source: decoded, groups } = await this.recognize(bytes, request);
    const format = decoded.header.format;
    if (groups.length === 0) {
      let empty: TranslateData | undefined;
      if (!render || request.includeData) {
        const jpeg = await stage(request, "encode", () =>
          this.ports.codec.encodeJpeg(decoded.image, quality),
        );
        empty = { inpainted_base64: toBase64(jpeg), regions: [], regions_count: 0 };
        if (!render) return { kind: "data", data: empty };
      }
      return {
        kind: "image",
        image: bytes,
        contentType: CONTENT_TYPES[format as keyof typeof CONTENT_TYPES] ?? "application/octet-stream",
        regionsCount: 0,
        regions: [],
        ...(empty ? { data: empty } : {}),
      };
    }

    const translations = await stage(request, "translate", () =>
      translateGroups(groups, source, request.targetLanguage, request.translator, request.signal),
    );
    // Regions the translator kept (brand names, numbers) or failed on stay as they are in the picture.
    const replaced = groups.filter((_, i) => translations[i]!.status === "translated");
    // The decoded pixels are not needed once analysed, so they are repainted in place.
    const erased = await stage(request, "erase", () =>
      eraseText(decoded.image, replaced, request.signal, true),
    );
    // Only replaced regions are listed: a kept one is neither erased nor drawn, so regions_count and
    // X-Service-Regions-Count both count what the picture shows translated.
    const regions = replaced.map((g) => toTextRegion(g, translations[groups.indexOf(g)]!.text));
    let dataForCaller: TranslateData | undefined;

    if (!render || request.includeData) {
      const jpeg = await stage(request, "encode", () => this.ports.codec.encodeJpeg(erased.image, quality));
      const data = { inpainted_base64: toBase64(jpeg), regions, regions_count: regions.length };
      if (!render) return { kind: "data", data };
      dataForCaller = data;
    }

    const surface = await stage(request, "render", async () => {
      const surface = this.ports.canvas.createSurface(erased.image.width, erased.image.height);
      surface.putImage(erased.image);
      for (let i = 0; i < groups.length; i++) {
        request.signal?.throwIfAborted();
        if (translations[i]!.status !== "translated") continue;
        const group = groups[i]!;
        const weight =
          fontWeight === "auto" ? DETECTED_WEIGHT_VALUES[group.weight] : WEIGHT_VALUES[fontWeight];
        const chain = await chainFor(weight, translations[i]!.text);
        let frame = regionFrame(group, groups);
        const em = group.lead.analysis.em;
        const lineSpan = frame.vertical ? frame.width : frame.height / Math.max(1, group.rows);
        // The em from the ink, kept within what the detected line allows: a mask that caught only part of
        // the strokes (gradient type, a line half on a pill) gives too small an em, and a detected CJK
        // line is never much taller than 1.4 em.
        const fromInk = em > 0 ? em * 1.05 : lineSpan;
        const maxSize = Math.max(6, Math.min(Math.max(fromInk, lineSpan * MIN_EM_OF_LINE), lineSpan * 1.1));
        const align = guessAlign(group, decoded.image.width);
        const setIn = (f: typeof frame) =>
          layoutText({
            text: translations[i]!.text,
            chain,
            width: f.width,
            height: f.height,
            align,
            maxSize,
            minSize: Math.min(maxSize, Math.max(8, maxSize * 0.35)),
            vertical: f.vertical,
          });
        let layout = setIn(frame);
        // Too long to keep its size in the original's box: off a badge, it may take plain ground beside it.
        if (!group.isBadge && layout.size < maxSize * KEEP_SIZE) {
          const others = groups.filter((g) => g !== group).map((g) => quadBBox(g.quad));
          const wide = widenOverGround(erased.image, frame, group.lead.analysis.bgColor, others, align);
          const again = wide === frame ? layout : setIn(wide);
          if (again.size > layout.size) {
            frame = wide;
            layout = again;
          }
        }
        const style = inkStyle(group.lead.analysis.textColor, groundColor(erased.image, frame), layout.size);
        try {
          drawLayout(surface.context, frame, layout, style);
        } catch (cause) {
          throw new GatewayError("RENDER_FAILED", `The translation of region ${i + 1} could not be drawn.`, {
            cause,
          });
        }
      }
      return surface;
    });
    const jpeg = await stage(request, "encode", () => surface.encodeJpeg(quality));
    return {
      kind: "image",
      image: jpeg,
      contentType: "image/jpeg",
      regionsCount: replaced.length,
      regions,
      keptCount: groups.length - replaced.length,
      ...(dataForCaller ? { data: dataForCaller } : {}),
    };
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

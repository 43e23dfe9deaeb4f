/**
 * Runs the image engine where the extension can: the offscreen document on Chrome (reason WORKERS: the
 * service worker cannot run onnxruntime-web's WASM build or start tesseract's worker), the background page
 * on Firefox. Models, wasm, fonts, traineddata and the translator's data are files of the extension
 * package; nothing is downloaded. Models and workers are created once and reused; one image at a time,
 * so memory stays bounded however many images a page asks for.
 */

import type { FontWeight } from "../contract/image-translate.ts";
import type { BrowserOnnxPort } from "../engine/browser/browser-onnx.ts";
import { createBrowserPorts } from "../engine/browser/create-browser-engine.ts";
import type { OnnxBackendChoice } from "../engine/browser/onnx-backend.ts";
import { ImageEngine } from "../engine/engine.ts";
import type { EngineStage } from "../engine/progress.ts";
import { createBuiltInTranslatorClient } from "../translate/browser/built-in-translator.ts";
import type { EmbeddedData } from "../translate/embedded/embedded-data.ts";
import { deviceTranslator, embeddedDataLoader } from "./device-translator.ts";
import { EXTENSION_ENGINE_OPTIONS } from "./engine-options.ts";
import type { EngineReply, EngineSettings, EngineStatus, UiStage } from "./protocol.ts";
import { NO_TEXT_MESSAGE } from "./shopper-messages.ts";

/** Overall progress after each engine stage ends, and the words on the ring. */
const STAGES: Record<EngineStage, { ui: UiStage; done: number }> = {
  decode: { ui: "reading", done: 0.05 },
  detect: { ui: "reading", done: 0.3 },
  read: { ui: "reading", done: 0.5 },
  analyze: { ui: "reading", done: 0.55 },
  translate: { ui: "translating", done: 0.7 },
  erase: { ui: "drawing", done: 0.85 },
  render: { ui: "drawing", done: 0.95 },
  encode: { ui: "drawing", done: 1 },
};

export type ProgressSink = (stage: UiStage, progress: number) => void;

/** The engine and its ONNX port, built for one choice of backend. */
interface HostedEngine {
  backend: OnnxBackendChoice;
  engine: ImageEngine;
  onnx: BrowserOnnxPort;
}

export class EngineHost {
  private hosted: HostedEngine | undefined;
  private readonly embeddedData: () => Promise<EmbeddedData>;
  private readonly jobs = new Map<string, AbortController>();
  private queue: Promise<unknown> = Promise.resolve();
  private translated = 0;
  private modelsLoaded = false;

  /** `base` is the extension's root URL (`runtime.getURL("/")`). */
  constructor(
    private readonly base: string,
    private readonly where: string,
  ) {
    this.embeddedData = embeddedDataLoader(base);
  }

  /**
   * The engine for this backend choice, built on first use. Changing the choice in the options builds a
   * new one (sessions are tied to their backend); the old one's sessions are released.
   */
  private engineFor(backend: OnnxBackendChoice): ImageEngine {
    if (this.hosted?.backend === backend) return this.hosted.engine;
    const old = this.hosted;
    const ports = createBrowserPorts({
      assetBase: `${this.base}engine/`,
      ortWasmBase: `${this.base}ort/`,
      onnxBackend: backend,
      tesseract: {
        workerPath: `${this.base}tesseract/worker.min.js`,
        corePath: `${this.base}tesseract-core/`,
        langPath: `${this.base}engine/tessdata`,
      },
    });
    this.hosted = { backend, engine: new ImageEngine(ports, EXTENSION_ENGINE_OPTIONS), onnx: ports.onnx };
    this.modelsLoaded = false;
    if (old) void old.engine.dispose().catch(() => undefined);
    return this.hosted.engine;
  }

  /** Loads models and fonts ahead of the first image (the first right-click is then faster). */
  async warm(backend: OnnxBackendChoice = this.hosted?.backend ?? "auto"): Promise<void> {
    await this.engineFor(backend).loadModels();
    this.modelsLoaded = true;
  }

  translate(
    jobId: string,
    image: ArrayBuffer,
    settings: EngineSettings,
    onProgress: ProgressSink,
  ): Promise<EngineReply> {
    const controller = new AbortController();
    this.jobs.set(jobId, controller);
    const run = this.queue.then(() => this.run(image, settings, controller.signal, onProgress));
    this.queue = run.catch(() => undefined);
    return run.finally(() => this.jobs.delete(jobId));
  }

  cancel(jobId: string): void {
    this.jobs.get(jobId)?.abort(new DOMException("cancelled", "AbortError"));
  }

  private async run(
    image: ArrayBuffer,
    settings: EngineSettings,
    signal: AbortSignal,
    onProgress: ProgressSink,
  ): Promise<EngineReply> {
    try {
      signal.throwIfAborted();
      const translator = await deviceTranslator(settings, this.embeddedData);
      const outcome = await this.engineFor(settings.engineBackend).translate(new Uint8Array(image), {
        sourceLanguage: "auto",
        targetLanguage: settings.targetLanguage,
        translator,
        font: settings.font,
        fontWeight: settings.fontWeight as FontWeight,
        jpegQuality: 0.92,
        signal,
        onProgress: (event) => {
          const s = STAGES[event.stage];
          if (event.progress === 1) onProgress(s.ui, s.done);
        },
      });
      if (outcome.kind !== "image") throw new Error("engine returned data instead of an image");
      this.translated++;
      this.modelsLoaded = true;
      if (outcome.regionsCount === 0) return { ok: false, code: "NO_TEXT", message: NO_TEXT_MESSAGE };
      const bytes = outcome.image;
      return {
        ok: true,
        result: {
          image: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
          mime: outcome.contentType,
          regionsCount: outcome.regionsCount,
          texts: outcome.regions.map((r) => ({ source: r.text, translated: r.text_kr })),
        },
      };
    } catch (error) {
      if (signal.aborted) return { ok: false, code: "CANCELLED", message: "cancelled" };
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        code: typeof code === "string" ? code : "INTERNAL_ERROR",
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }

  async status(): Promise<EngineStatus> {
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    const builtIn = createBuiltInTranslatorClient();
    const runtime = this.hosted?.onnx.runtimeInfo();
    return {
      where: this.where,
      backend: runtime?.description ?? "not chosen yet (WebGPU on a GPU, else WASM)",
      threads: runtime?.threads ?? 1,
      modelsLoaded: this.modelsLoaded,
      imagesTranslated: this.translated,
      ...(memory ? { memoryMB: Math.round(memory.usedJSHeapSize / 1048576) } : {}),
      builtInTranslator: (await builtIn.availability("zh", "ko")) ?? "unavailable",
    };
  }
}

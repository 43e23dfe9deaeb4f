/**
 * The page side of the Chromium harness: the same src/engine pipeline, wired to the browser ports, exposed
 * to the test as window.engineHarness.
 */
import { createBrowserPorts } from "../../../src/engine/browser/create-browser-engine.ts";
import type { OnnxBackendChoice } from "../../../src/engine/browser/onnx-backend.ts";
import { ImageEngine } from "../../../src/engine/engine.ts";
import type { ProgressEvent } from "../../../src/engine/progress.ts";
import { createDictionaryTranslator } from "../../../src/engine/testing/dictionary-translator.ts";
import { recordingOnnx } from "../../../src/engine/testing/timed-onnx.ts";

const origin = `${location.origin}/`;
const ports = createBrowserPorts({
  assetBase: `${origin}assets/`,
  ortWasmBase: `${origin}ort/`,
  onnxBackend: (new URLSearchParams(location.search).get("backend") ?? "auto") as OnnxBackendChoice,
  tesseract: {
    workerPath: `${origin}tesseract/worker.min.js`,
    corePath: `${origin}tesseract-core/`,
    langPath: `${origin}assets/tessdata`,
  },
});
const timer = recordingOnnx(ports.onnx);
const engine = new ImageEngine({ ...ports, onnx: timer.port });

function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function stageTimer() {
  const starts = new Map<string, number>();
  const stages: Record<string, number> = {};
  return {
    stages,
    onProgress(e: ProgressEvent) {
      if (e.progress === 0) starts.set(e.stage, performance.now());
      else
        stages[e.stage] =
          (stages[e.stage] ?? 0) + performance.now() - (starts.get(e.stage) ?? performance.now());
    },
  };
}

type Source = "zh" | "en" | "ja" | "auto";

const harness = {
  /** What runs the models (known once they are loaded). */
  runtime() {
    return ports.onnx.runtimeInfo() ?? null;
  },
  async warm() {
    await engine.loadModels();
    await engine.fonts.chain("Pretendard", 800);
    return { crossOriginIsolated, threads: navigator.hardwareConcurrency };
  },
  async ocr(b64: string, sourceLanguage: Source) {
    const t = stageTimer();
    timer.reset();
    const start = performance.now();
    const data = await engine.ocr(fromBase64(b64), { sourceLanguage, onProgress: t.onProgress });
    const ms = performance.now() - start;
    return { data, ms, inferenceMs: await timer.replay(), stages: t.stages };
  },
  async translate(b64: string, sourceLanguage: Source, targetLanguage: string) {
    const t = stageTimer();
    timer.reset();
    const start = performance.now();
    const translator = createDictionaryTranslator({ fallback: (text) => `[${text}]` });
    const out = await engine.translate(fromBase64(b64), {
      sourceLanguage,
      targetLanguage,
      translator,
      onProgress: t.onProgress,
    });
    const ms = performance.now() - start;
    return {
      ms,
      inferenceMs: await timer.replay(),
      stages: t.stages,
      regions: out.kind === "image" ? out.regionsCount : -1,
      bytes: out.kind === "image" ? out.image.length : 0,
    };
  },
};

(window as unknown as { engineHarness: typeof harness }).engineHarness = harness;

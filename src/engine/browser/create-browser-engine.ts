/** The engine wired to browser ports: onnxruntime-web (WebGPU or WASM), OffscreenCanvas, tesseract.js, fetch. */
import { type EngineOptions, ImageEngine } from "../engine.ts";
import type { EnginePorts } from "../ports.ts";
import { BrowserAssetLoader } from "./browser-assets.ts";
import { BrowserCanvasPort } from "./browser-canvas.ts";
import { BrowserImageCodec } from "./browser-codec.ts";
import { BrowserOnnxPort } from "./browser-onnx.ts";
import { BrowserOcrWorkerPort, type BrowserTesseractOptions } from "./browser-tesseract.ts";
import type { OnnxBackendChoice } from "./onnx-backend.ts";

export interface BrowserEngineConfig extends EngineOptions {
  /** Where asset keys (models/..., fonts/..., tessdata/...) are served; ends with a slash. */
  assetBase: string;
  /** Where onnxruntime-web's wasm files are served; ends with a slash. */
  ortWasmBase: string;
  numThreads?: number;
  /** Default auto: WebGPU on a hardware GPU adapter, else WASM. */
  onnxBackend?: OnnxBackendChoice;
  tesseract: BrowserTesseractOptions;
}

/** The ports, with the ONNX port typed as the browser one (its `runtimeInfo` says what runs the models). */
export function createBrowserPorts(config: BrowserEngineConfig): EnginePorts & { onnx: BrowserOnnxPort } {
  return {
    codec: new BrowserImageCodec(),
    canvas: new BrowserCanvasPort(),
    onnx: new BrowserOnnxPort({
      wasmPaths: config.ortWasmBase,
      numThreads: config.numThreads,
      backend: config.onnxBackend,
    }),
    ocrWorkers: new BrowserOcrWorkerPort(config.tesseract),
    assets: new BrowserAssetLoader(config.assetBase),
  };
}

export function createBrowserEngine(config: BrowserEngineConfig): ImageEngine {
  return new ImageEngine(createBrowserPorts(config), config);
}

/** The engine wired to browser ports: onnxruntime-web (WASM), OffscreenCanvas, tesseract.js, fetch. */
import { type EngineOptions, ImageEngine } from "../engine.ts";
import type { EnginePorts } from "../ports.ts";
import { BrowserAssetLoader } from "./browser-assets.ts";
import { BrowserCanvasPort } from "./browser-canvas.ts";
import { BrowserImageCodec } from "./browser-codec.ts";
import { BrowserOnnxPort } from "./browser-onnx.ts";
import { BrowserOcrWorkerPort, type BrowserTesseractOptions } from "./browser-tesseract.ts";

export interface BrowserEngineConfig extends EngineOptions {
  /** Where asset keys (models/..., fonts/..., tessdata/...) are served; ends with a slash. */
  assetBase: string;
  /** Where onnxruntime-web's wasm files are served; ends with a slash. */
  ortWasmBase: string;
  numThreads?: number;
  tesseract: BrowserTesseractOptions;
}

export function createBrowserPorts(config: BrowserEngineConfig): EnginePorts {
  return {
    codec: new BrowserImageCodec(),
    canvas: new BrowserCanvasPort(),
    onnx: new BrowserOnnxPort({ wasmPaths: config.ortWasmBase, numThreads: config.numThreads }),
    ocrWorkers: new BrowserOcrWorkerPort(config.tesseract),
    assets: new BrowserAssetLoader(config.assetBase),
  };
}

export function createBrowserEngine(config: BrowserEngineConfig): ImageEngine {
  return new ImageEngine(createBrowserPorts(config), config);
}

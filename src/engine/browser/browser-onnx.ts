/**
 * ONNX sessions on onnxruntime-web. Its .wasm files are served by the host (the extension's public/ or a
 * test server), never fetched from a CDN: `wasmPaths` must point at them.
 */
import * as ort from "onnxruntime-web/wasm";
import { adaptOrtSession } from "../ort-session.ts";
import type { OnnxPort, OnnxSession } from "../ports.ts";

export interface BrowserOnnxOptions {
  /** URL prefix where ort-wasm-simd-threaded.{mjs,wasm} are served. */
  wasmPaths: string;
  /** WASM threads; more than 1 needs a cross-origin-isolated page. */
  numThreads?: number;
}

export class BrowserOnnxPort implements OnnxPort {
  constructor(options: BrowserOnnxOptions) {
    ort.env.wasm.wasmPaths = options.wasmPaths;
    const isolated = typeof crossOriginIsolated !== "undefined" && crossOriginIsolated;
    ort.env.wasm.numThreads = isolated
      ? (options.numThreads ?? Math.min(4, navigator.hardwareConcurrency || 1))
      : 1;
  }

  async createSession(model: Uint8Array): Promise<OnnxSession> {
    const session = await ort.InferenceSession.create(model, {
      executionProviders: ["wasm"],
      graphOptimizationLevel: "all",
    });
    return adaptOrtSession(session, (data, dims) => new ort.Tensor("float32", data, dims));
  }
}

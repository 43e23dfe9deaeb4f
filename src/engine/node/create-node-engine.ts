/** The engine wired to Node's ports: onnxruntime-node, @napi-rs/canvas, tesseract.js, files on disk. */
import { type EngineOptions, ImageEngine } from "../engine.ts";
import type { EnginePorts } from "../ports.ts";
import { NodeAssetLoader } from "./node-assets.ts";
import { NodeCanvasPort } from "./node-canvas.ts";
import { NodeImageCodec } from "./node-codec.ts";
import { NodeOnnxPort } from "./node-onnx.ts";
import { NodeOcrWorkerPort } from "./node-tesseract.ts";

export interface NodePortsOptions {
  /** Threads one model run may use (onnxruntime's intra-op pool); onnxruntime's default is every core. */
  onnxThreads?: number;
}

export function createNodePorts(options: NodePortsOptions = {}): EnginePorts {
  return {
    codec: new NodeImageCodec(),
    canvas: new NodeCanvasPort(),
    onnx: new NodeOnnxPort(
      options.onnxThreads ? { intraOpNumThreads: options.onnxThreads, interOpNumThreads: 1 } : {},
    ),
    ocrWorkers: new NodeOcrWorkerPort(),
    assets: new NodeAssetLoader(),
  };
}

export function createNodeEngine(options: EngineOptions = {}, ports: NodePortsOptions = {}): ImageEngine {
  return new ImageEngine(createNodePorts(ports), options);
}

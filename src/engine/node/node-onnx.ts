/** ONNX sessions on onnxruntime-node (CPU). */
import * as ort from "onnxruntime-node";
import type { OnnxPort, OnnxSession, TensorData } from "../ports.ts";

export class NodeOnnxPort implements OnnxPort {
  constructor(private readonly options: ort.InferenceSession.SessionOptions = {}) {}

  async createSession(model: Uint8Array): Promise<OnnxSession> {
    const session = await ort.InferenceSession.create(model, {
      graphOptimizationLevel: "all",
      ...this.options,
    });
    return {
      inputNames: session.inputNames,
      outputNames: session.outputNames,
      async run(feeds: Record<string, TensorData>) {
        const inputs: Record<string, ort.Tensor> = {};
        for (const [name, t] of Object.entries(feeds))
          inputs[name] = new ort.Tensor("float32", t.data, [...t.dims]);
        const out = await session.run(inputs);
        const result: Record<string, TensorData> = {};
        for (const [name, t] of Object.entries(out))
          result[name] = { data: t.data as Float32Array, dims: t.dims };
        return result;
      },
      release: () => session.release(),
    };
  }
}

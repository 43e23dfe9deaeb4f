/** ONNX sessions on onnxruntime-node (CPU). */
import * as ort from "onnxruntime-node";
import type { OnnxPort, OnnxSession, TensorData } from "../ports.ts";

export class NodeOnnxPort implements OnnxPort {
  constructor(private readonly options: ort.InferenceSession.SessionOptions = {}) {}

  async createSession(model: Uint8Array): Promise<OnnxSession> {
    const session = await ort.InferenceSession.create(model, {
      graphOptimizationLevel: "all",
      // onnxruntime-node runs a model on the calling (main) thread plus a pool; after each run the pool's
      // threads spin for a while waiting for more work. The engine's own work between runs (cropping,
      // analysis, erasing) then shares the machine with a thread doing nothing, which on a two-core
      // server costs the pipeline more than the spin saves the next run.
      extra: { session: { intra_op: { allow_spinning: "0" }, inter_op: { allow_spinning: "0" } } },
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

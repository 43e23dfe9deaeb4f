/** ONNX sessions on onnxruntime-node (CPU). */
import * as ort from "onnxruntime-node";
import { adaptOrtSession } from "../ort-session.ts";
import type { OnnxPort, OnnxSession } from "../ports.ts";

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
    return adaptOrtSession(session, (data, dims) => new ort.Tensor("float32", data, dims));
  }
}

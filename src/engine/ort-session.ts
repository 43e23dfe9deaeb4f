/**
 * The engine's OnnxSession over an onnxruntime InferenceSession. onnxruntime-node and onnxruntime-web share
 * this API (onnxruntime-common) but are different modules, so each runtime's port passes its own session
 * and Tensor constructor; this file imports neither and stays free of runtime imports.
 */
import type { OnnxSession, TensorData } from "./ports.ts";

interface OrtSession<Tensor> {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, Tensor>): Promise<Record<string, { data: unknown; dims: readonly number[] }>>;
  release(): Promise<void>;
}

export function adaptOrtSession<Tensor>(
  session: OrtSession<Tensor>,
  tensor: (data: Float32Array, dims: number[]) => Tensor,
): OnnxSession {
  return {
    inputNames: session.inputNames,
    outputNames: session.outputNames,
    async run(feeds: Record<string, TensorData>) {
      const inputs: Record<string, Tensor> = {};
      for (const [name, t] of Object.entries(feeds)) inputs[name] = tensor(t.data, [...t.dims]);
      const out = await session.run(inputs);
      const result: Record<string, TensorData> = {};
      for (const [name, t] of Object.entries(out))
        result[name] = { data: t.data as Float32Array, dims: t.dims };
      return result;
    },
    release: () => session.release(),
  };
}

/**
 * Wraps an ONNX port to give the benchmark its reference: the bare model inference on exactly the tensors
 * a pipeline run fed the models. Every session.run is recorded; `replay` runs them again back to back,
 * with nothing else on the thread, and times that. (Timing the calls in place would not do: while the
 * pipeline overlaps its own work with inference, a run's promise settles late and would count that work.)
 */
import type { OnnxPort, OnnxSession, TensorData } from "../ports.ts";

export interface RecordingOnnx {
  port: OnnxPort;
  /** Forgets what was recorded. */
  reset(): void;
  /** Number of recorded runs. */
  runs(): number;
  /** Runs every recorded call again, in order; milliseconds. */
  replay(): Promise<number>;
}

export function recordingOnnx(inner: OnnxPort, now: () => number = () => performance.now()): RecordingOnnx {
  let calls: Array<{ session: OnnxSession; feeds: Record<string, TensorData> }> = [];
  const port: OnnxPort = {
    async createSession(model) {
      const session = await inner.createSession(model);
      return {
        inputNames: session.inputNames,
        outputNames: session.outputNames,
        run(feeds) {
          calls.push({ session, feeds });
          return session.run(feeds);
        },
        release: () => session.release(),
      };
    },
  };
  return {
    port,
    reset() {
      calls = [];
    },
    runs: () => calls.length,
    async replay() {
      const start = now();
      for (const { session, feeds } of calls) await session.run(feeds);
      return now() - start;
    },
  };
}

/**
 * Wraps an ONNX port so the time spent inside session.run is counted: the bare model inference that the
 * benchmark sets the whole pipeline against, measured on exactly the tensors the pipeline fed it.
 */
import type { OnnxPort, OnnxSession } from "../ports.ts";

export interface RunTimer {
  port: OnnxPort;
  /** Milliseconds spent in session.run since the last reset. */
  elapsed(): number;
  reset(): void;
}

export function withRunTimer(inner: OnnxPort, now: () => number = () => performance.now()): RunTimer {
  let total = 0;
  const port: OnnxPort = {
    async createSession(model) {
      const session = await inner.createSession(model);
      const timed: OnnxSession = {
        inputNames: session.inputNames,
        outputNames: session.outputNames,
        async run(feeds) {
          const start = now();
          try {
            return await session.run(feeds);
          } finally {
            total += now() - start;
          }
        },
        release: () => session.release(),
      };
      return timed;
    },
  };
  return {
    port,
    elapsed: () => total,
    reset: () => {
      total = 0;
    },
  };
}

/**
 * Generated data made step by step (a generator that yields between steps), run either at once when a
 * request needs it now, or in slices with the event loop free between them when a server warms it in
 * the background: generated in one piece, a catalog held the server's only thread for a few hundred
 * milliseconds right after start-up, and every request (even /healthz) waited behind it (issue 16 item 11).
 */
export type Steps<T> = Generator<void, T, void>;

/** How long one slice may hold the event loop. */
export const SLICE_MS = 10;

export function atOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export async function inSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let slice = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - slice > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
}

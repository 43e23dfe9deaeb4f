/**
 * Gives the event loop a turn (not just the microtask queue), so a finished inference's callback can run
 * between two pieces of work on the main thread. setImmediate where the runtime has it (Node), else a
 * MessageChannel message (browsers), both without setTimeout's clamping.
 */
export function yieldToRuntime(): Promise<void> {
  const g = globalThis as { setImmediate?: (f: () => void) => unknown };
  if (typeof g.setImmediate === "function") return new Promise((resolve) => g.setImmediate!(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

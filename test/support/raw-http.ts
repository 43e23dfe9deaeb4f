import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the connection's end. */
  ms: number;
}

/**
 * Speaks HTTP/1.1 by hand on a loopback socket, for what no HTTP client will send: oversize request
 * lines, contradictory framing, bytes trickled one at a time. `script` writes to the socket; the answer
 * is read until the server closes the connection (or `timeoutMs`, which fails).
 */
export function rawExchange(
  port: number,
  script: (socket: Socket) => void | Promise<void>,
  timeoutMs = 20_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers,
        body: split === -1 ? "" : text.slice(split + 4),
        ms: performance.now() - started,
      });
    });
    socket.once("connect", () => {
      Promise.resolve(script(socket)).catch(() => socket.destroy());
    });
  });
}

/** Writes `data` one byte every `intervalMs` while the socket stays open. */
export async function trickle(socket: Socket, data: string, intervalMs: number): Promise<void> {
  for (const byte of Buffer.from(data)) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(Buffer.from([byte]));
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

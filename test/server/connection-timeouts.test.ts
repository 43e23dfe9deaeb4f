import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Listening, listen } from "../../server/platform/http-server.ts";

/**
 * Keep-alive resets (issue 16, seen as ECONNRESET in the two-process tests): after the server's event
 * loop was held up, Node's timers judged connections before the loop read what had arrived meanwhile, so
 * a client whose whole request was already waiting was cut off for the server's own stall. The stall is
 * made here by blocking this process's loop (the request bytes are already in the kernel by then).
 */
describe("connection timeouts after a stalled event loop", () => {
  const HTTP = {
    headersTimeoutMs: 1000,
    requestTimeoutMs: 5000,
    minBodyBytesPerSecond: 100,
    bodyGraceMs: 1000,
  };
  let http: Listening | undefined;

  afterEach(async () => {
    http?.server.closeAllConnections();
    await new Promise((resolve) => http?.server.close(resolve));
  });

  const start = async () => {
    http = await listen(() => new Response("ok"), { port: 0, hostname: "127.0.0.1", http: HTTP });
    return http;
  };

  it("serves a request that was waiting on a new connection while the loop was held past the headers timeout", async () => {
    const { port, server } = await start();
    const accepted = new Promise((resolve) => server.once("connection", resolve));
    const client = await open(port);
    await accepted;
    client.socket.write(REQUEST);
    setImmediate(() => hold(HTTP.headersTimeoutMs + 1200));
    expect(await client.response()).toMatch(/^HTTP\/1\.1 200/);
    client.socket.destroy();
  });

  it("still cuts off a client whose headers trickle in slower than the headers timeout", async () => {
    const { port } = await start();
    const client = await open(port);
    client.socket.write("GET / HTTP/1.1\r\n");
    const answer = await client.response(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

const REQUEST = "GET / HTTP/1.1\r\nHost: loopback\r\n\r\n";

/** Blocks this process's event loop, as a long synchronous task in a server does. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

/** A raw keep-alive connection: each response() waits for the next complete answer (or the close). */
async function open(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffered = "";
  let failure: (Error & { code?: string }) | undefined;
  let wake: (() => void) | undefined;
  socket.on("data", (chunk) => {
    buffered += chunk.toString("latin1");
    wake?.();
  });
  socket.on("error", (error) => {
    failure = error;
    wake?.();
  });
  socket.on("close", () => wake?.());
  const response = async (timeoutMs = 3000): Promise<string> => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const answer = /^HTTP\/1\.1 [\s\S]*?\r\n\r\n/.exec(buffered);
      const length = Number(/content-length: (\d+)/i.exec(answer?.[0] ?? "")?.[1] ?? Number.NaN);
      if (answer && buffered.length >= answer[0].length + length) {
        const whole = buffered.slice(0, answer[0].length + length);
        buffered = buffered.slice(whole.length);
        return whole;
      }
      if (failure || socket.destroyed || performance.now() > deadline) {
        return `no answer (${failure?.code ?? (socket.destroyed ? "closed" : "timeout")})`;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  return { socket, response };
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { undiciTransport } from "../../server/marketplaces/shared/undici-transport.ts";
import {
  callUpstream,
  fetchTransport,
  parseJson,
  retryAfterMs,
  statusFault,
  type Transport,
} from "../../server/marketplaces/shared/upstream.ts";
import { GatewayError } from "../../src/contract/errors.ts";

/**
 * The transport layer every adapter uses, against a real socket: a timeout aborts the upstream request,
 * and each way a marketplace can fail maps to the spec's Upstream code.
 */
let server: Server;
let base = "";
let closedPort = 0;
const aborted: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.on("close", () => {
      if (!res.writableFinished) aborted.push(req.url ?? "");
    });
    switch (req.url) {
      case "/ok":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"ok":true}');
      case "/hang":
        return; // never answers
      case "/truncated":
        res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        return res.write('{"items":[1,2,3', () => res.socket?.destroy());
      case "/drop":
        return req.socket.destroy();
      case "/cut-json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"items":[{"id":1},{"id"');
      case "/html":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html><body>Bad Gateway</body></html>");
      case "/big":
        res.writeHead(200);
        return res.end(Buffer.alloc(2048, 32));
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was just bound and released: nothing listens there, the connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let transport: Transport = fetchTransport(fetch);
const target = (timeoutMs = 2000, maxBodyBytes?: number) => ({
  name: "testmarket",
  transport,
  timeoutMs,
  ...(maxBodyBytes ? { maxBodyBytes } : {}),
});
const ctx = (signal = new AbortController().signal) => ({ signal });

async function fault(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error("expected a fault");
}

describe.each([
  ["the default undici transport", undiciTransport],
  ["the built-in fetch", fetchTransport(fetch)],
] as const)("upstream transport over %s", (_name, implementation) => {
  beforeAll(() => {
    transport = implementation;
    aborted.length = 0;
  });

  it("reads a whole answer", async () => {
    const answer = await callUpstream(target(), ctx(), `${base}/ok`, { method: "GET", headers: {} });
    expect(parseJson("testmarket", answer)).toEqual({ ok: true });
  });

  it("a timeout aborts the upstream request and answers UPSTREAM_TIMEOUT", async () => {
    const started = Date.now();
    const error = await fault(
      callUpstream(target(150), ctx(), `${base}/hang`, { method: "GET", headers: {} }),
    );
    expect(error.code).toBe("UPSTREAM_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(1500);
    // The marketplace saw its request closed: no socket is left hanging after we gave up.
    await expect.poll(() => aborted.includes("/hang")).toBe(true);
  });

  it("a caller that goes away aborts the upstream request too", async () => {
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const error = await fault(
      callUpstream(target(5000), ctx(caller.signal), `${base}/hang`, { method: "GET", headers: {} }),
    );
    expect(error.code).toBe("UPSTREAM_TIMEOUT");
    await expect.poll(() => aborted.filter((u) => u === "/hang").length).toBe(2);
  });

  it("a refused or dropped connection is UPSTREAM_UNAVAILABLE", async () => {
    expect(
      (
        await fault(
          callUpstream(target(), ctx(), `http://127.0.0.1:${closedPort}/`, { method: "GET", headers: {} }),
        )
      ).code,
    ).toBe("UPSTREAM_UNAVAILABLE");
    expect(
      (await fault(callUpstream(target(), ctx(), `${base}/drop`, { method: "GET", headers: {} }))).code,
    ).toBe("UPSTREAM_UNAVAILABLE");
  });

  it("a body cut short is UPSTREAM_READ_FAILED, whether the socket dies or the JSON stops", async () => {
    expect(
      (await fault(callUpstream(target(), ctx(), `${base}/truncated`, { method: "GET", headers: {} }))).code,
    ).toBe("UPSTREAM_READ_FAILED");
    const cut = await callUpstream(target(), ctx(), `${base}/cut-json`, { method: "GET", headers: {} });
    expect(() => parseJson("testmarket", cut)).toThrowError(
      expect.objectContaining({ code: "UPSTREAM_READ_FAILED" }),
    );
  });

  it("an unusable answer (HTML, oversized) is UPSTREAM_ERROR", async () => {
    const html = await callUpstream(target(), ctx(), `${base}/html`, { method: "GET", headers: {} });
    expect(() => parseJson("testmarket", html)).toThrowError(
      expect.objectContaining({ code: "UPSTREAM_ERROR" }),
    );
    expect(
      (await fault(callUpstream(target(2000, 1024), ctx(), `${base}/big`, { method: "GET", headers: {} })))
        .code,
    ).toBe("UPSTREAM_ERROR");
  });

  it("statuses: 429 saturates the marketplace with the wait, 503 is transient, 504 a timeout, other 5xx unusable", () => {
    const h = (retry?: string) => new Headers(retry ? { "retry-after": retry } : {});
    const throttled = statusFault("m", 429, h("7"), "2001");
    expect(throttled).toMatchObject({
      code: "MARKETPLACE_SATURATED",
      status: 429,
      retryAfterMs: 7000,
      upstreamCode: "2001",
    });
    expect(statusFault("m", 503, h()).code).toBe("SERVICE_UNAVAILABLE");
    expect(statusFault("m", 504, h()).code).toBe("UPSTREAM_TIMEOUT");
    expect(statusFault("m", 500, h(), "10001")).toMatchObject({
      code: "UPSTREAM_ERROR",
      status: 502,
      upstreamCode: "10001",
    });
    expect(statusFault("m", 502, h()).code).toBe("UPSTREAM_ERROR");
    expect(retryAfterMs(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(retryAfterMs("soon")).toBe(1000);
  });
});

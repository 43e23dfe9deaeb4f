import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listening, listen } from "../../server/platform/http-server.ts";
import { HTML_CONTENT_SECURITY_POLICY } from "../../server/platform/security-headers.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { rawExchange, trickle } from "../support/raw-http.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 16 items 3, 9 and 10 at the socket: what Node refuses before the app sees a request is answered
 * in the envelope, slow clients are cut off in bounded time, and every response carries its security
 * headers. A real listening server on loopback, spoken to by hand.
 */
describe("the HTTP edge", () => {
  let t: TestApp;
  let http: Listening;
  let key: string;
  let accountId: string;
  const HTTP = {
    headersTimeoutMs: 1500,
    requestTimeoutMs: 6000,
    minBodyBytesPerSecond: 100,
    bodyGraceMs: 1000,
  };

  beforeAll(async () => {
    t = await createTestApp({
      marketplaces: { megastore: scriptedMarketplace() },
      env: { V1_ALLOWED_ORIGINS: "https://app.example.com" },
    });
    t.config.http = HTTP;
    http = await listen(t.app.fetch, { port: 0, hostname: "127.0.0.1", http: HTTP });
    ({ key, accountId } = await t.admin.customer("1.00"));
  });
  afterAll(async () => {
    http?.server.closeAllConnections();
    await new Promise((resolve) => http?.server.close(resolve));
    await t?.close();
  });

  function envelope(body: string) {
    const parsed = ErrorBodySchema.parse(JSON.parse(body));
    expect(parsed.requestId).toMatch(/^req_/);
    return parsed;
  }

  it("answers a 100 KB URL with 431 in the envelope", async () => {
    const res = await rawExchange(http.port, (s) => {
      s.write(
        `GET /v1/megastore/search?query=${"x".repeat(100 * 1024)} HTTP/1.1\r\nHost: a\r\nx-api-key: ${key}\r\n\r\n`,
      );
    });
    expect(res.status).toBe(431);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(envelope(res.body).error).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("16 KB"),
    });
  });

  it("answers a bad Content-Length, or both Content-Length and Transfer-Encoding, with 400 in the envelope", async () => {
    for (const framing of [
      "Content-Length: abc\r\n",
      "Content-Length: 5\r\nContent-Length: 6\r\n",
      "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
    ]) {
      const res = await rawExchange(http.port, (s) => {
        s.write(
          `POST /v1/megastore/search HTTP/1.1\r\nHost: a\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\n${framing}\r\n0\r\n\r\n`,
        );
      });
      expect({ framing, status: res.status }).toEqual({ framing, status: 400 });
      expect(envelope(res.body).error.code).toBe("BAD_REQUEST");
    }
  });

  it("cuts off headers that trickle in: 408 in the envelope within the headers timeout", async () => {
    const res = await rawExchange(http.port, (s) =>
      trickle(s, `GET /healthz HTTP/1.1\r\nHost: a\r\nx-slow: ${"y".repeat(40)}\r\n\r\n`, 200),
    );
    expect(res.status).toBe(408);
    expect(envelope(res.body).error.code).toBe("BAD_REQUEST");
    expect(res.ms).toBeLessThan(HTTP.headersTimeoutMs + 2500);
  });

  it("cuts off a body sent at a byte a second: 408 in the envelope, nothing charged", async () => {
    const before = (await t.admin.account(accountId)).balanceMicros;
    const body = JSON.stringify({ query: "shoes", padding: "z".repeat(60) });
    const res = await rawExchange(http.port, async (s) => {
      s.write(
        `POST /v1/megastore/search HTTP/1.1\r\nHost: a\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
      );
      await trickle(s, body, 1000);
    });
    expect(res.status).toBe(408);
    expect(envelope(res.body).error.message).toMatch(/too slowly/);
    expect(res.ms).toBeLessThan(HTTP.bodyGraceMs + 4000);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(before);
  });

  it("puts nosniff on every response, no-store on account data, CSP and DENY on HTML", async () => {
    const v1 = await t.request("/v1/megastore/search?query=x", { headers: { "x-api-key": key } });
    const refused = await t.request("/v1/megastore/search", { headers: { "x-api-key": key } });
    const admin = await t.request(`/admin/accounts/${accountId}`, { headers: t.adminHeaders });
    const health = await t.request("/healthz");
    const docs = await t.request("/docs");
    const css = await t.request("/docs/reference.css");
    for (const res of [v1, refused, admin, health, docs, css])
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    for (const res of [v1, refused, admin]) expect(res.headers.get("cache-control")).toBe("no-store");
    expect(docs.headers.get("content-security-policy")).toBe(HTML_CONTENT_SECURITY_POLICY);
    expect(docs.headers.get("x-frame-options")).toBe("DENY");
    const html = await docs.text();
    expect(html).not.toMatch(/<style|<script(?![^>]*\bsrc=)|\sstyle="/);
    expect(html).toContain('href="/docs/reference.css"');
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("refuses browser origins on /v1 by default (403, uncharged), allows only configured ones", async () => {
    const before = (await t.admin.account(accountId)).balanceMicros;
    const foreign = await t.request("/v1/megastore/search?query=x", {
      headers: { "x-api-key": key, origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await t.request("/v1/megastore/search", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(403);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(before);

    const allowed = await t.request("/v1/megastore/search?query=x", {
      headers: { "x-api-key": key, origin: "https://app.example.com" },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    const allowedPreflight = await t.request("/v1/megastore/search", {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-method": "POST" },
    });
    expect(allowedPreflight.status).toBe(204);
    expect(allowedPreflight.headers.get("access-control-allow-headers")).toContain("x-api-key");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** Spec: Errors, Platform — bad input gets the spec's code with a clear message, never a crash. */
describe("platform layer", () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp({ marketplaces: { megastore: scriptedMarketplace() } });
    ({ key, accountId } = await t.admin.customer("1.00"));
  });
  afterAll(() => t.close());

  async function errorOf(res: Response) {
    const body = ErrorBodySchema.parse(await res.json());
    expect(body.requestId).toMatch(/^req_/);
    expect(res.headers.get("x-service-request-id")).toBe(body.requestId);
    return { status: res.status, code: body.error.code, message: body.error.message, body };
  }
  const post = (body: BodyInit | null, headers: Record<string, string> = {}, path = "/v1/megastore/search") =>
    t.request(path, {
      method: "POST",
      headers: { "x-api-key": key, ...headers },
      body,
      duplex: "half",
    } as RequestInit);

  it("puts a request id on every response, successes included", async () => {
    const res = await t.request("/v1/megastore/search?query=x", { headers: { "x-api-key": key } });
    const body = (await res.json()) as { requestId: string; success: boolean };
    expect(body.success).toBe(true);
    expect(res.headers.get("x-service-request-id")).toBe(body.requestId);
    const ids = new Set(
      await Promise.all(
        [1, 2, 3].map(async () => (await t.request("/healthz")).headers.get("x-service-request-id")),
      ),
    );
    expect(ids.size).toBe(3);
  });

  it("answers /healthz without a key", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("refuses JSON sent with a wrong content type: 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const e = await errorOf(await post('{"query":"x"}', { "content-type": "text/plain" }));
    expect(e).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(e.message).toMatch(/application\/json/);
    expect((await errorOf(await post('{"query":"x"}'))).code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses malformed JSON and non-object JSON: 400 BAD_REQUEST", async () => {
    for (const body of ['{"query": "x"', "[1,2]", '"query"', "null", "\u00ff\u00fe"]) {
      const e = await errorOf(await post(body, { "content-type": "application/json" }));
      expect({ body, status: e.status, code: e.code }).toEqual({ body, status: 400, code: "BAD_REQUEST" });
    }
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]); // {"\xff"}: not UTF-8
    expect((await errorOf(await post(bytes, { "content-type": "application/json" }))).code).toBe(
      "BAD_REQUEST",
    );
  });

  it("refuses an unparseable query string on any path: 400 BAD_REQUEST", async () => {
    for (const path of [
      "/v1/megastore/search?query=%zz",
      "/v1/megastore/search?query=%E0%A4%A",
      "/healthz?x=%",
    ]) {
      const e = await errorOf(await t.request(path, { headers: { "x-api-key": key } }));
      expect({ path, status: e.status, code: e.code }).toEqual({ path, status: 400, code: "BAD_REQUEST" });
    }
  });

  it("refuses an oversize body by its declared length: 413 PAYLOAD_TOO_LARGE", async () => {
    const big = JSON.stringify({ query: "x".repeat(1024 * 1024 + 10) });
    const e = await errorOf(await post(big, { "content-type": "application/json" }));
    expect(e).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    expect(e.message).toMatch(/1 MB/);
  });

  it("cuts off an oversize streamed body while it arrives, without reading it all", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 64 * 1024 * 1024)
          controller.close(); // a safety stop far beyond the limit
        else controller.enqueue(chunk);
      },
    });
    const e = await errorOf(await post(endless, { "content-type": "application/json" }));
    expect(e).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("answers an unknown path with 404 NOT_FOUND", async () => {
    for (const path of ["/nowhere", "/v1", "/v1/megastore/search/extra"]) {
      const e = await errorOf(await t.request(path, { headers: { "x-api-key": key } }));
      expect({ path, status: e.status, code: e.code }).toEqual({ path, status: 404, code: "NOT_FOUND" });
    }
  });

  it("points an old unversioned path to its /v1 successor: 404 NOT_IN_V1 with successor and Link", async () => {
    for (const [path, successor] of [
      ["/megastore/search?query=x", "/v1/megastore/search"],
      ["/storefront/visual-search", "/v1/storefront/image-search"],
      ["/image-translate/translate", "/v1/image-translate/translate"],
      ["/marketplaces", "/v1/marketplaces"],
    ] as const) {
      const res = await t.request(path);
      const e = await errorOf(res);
      expect({ status: e.status, code: e.code, successor: e.body.successor }).toEqual({
        status: 404,
        code: "NOT_IN_V1",
        successor,
      });
      expect(res.headers.get("link")).toBe(`<${successor}>; rel="successor-version"`);
    }
  });

  it("answers an internal fault with 500 INTERNAL_ERROR that leaks nothing, and does not charge", async () => {
    const before = (await t.admin.account(accountId)).balanceMicros;
    const res = await t.request("/v1/megastore/search?query=x&upstream=crash", {
      headers: { "x-api-key": key },
    });
    const e = await errorOf(res);
    expect(e).toMatchObject({ status: 500, code: "INTERNAL_ERROR" });
    expect(JSON.stringify(e.body)).not.toMatch(/secret|srv|\.ts|at /);
    expect(e.message).toContain(e.body.requestId!);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(before);
  });
});

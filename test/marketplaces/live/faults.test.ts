import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketplaceModules } from "../../../server/marketplaces/index.ts";
import type { MarketplaceModule } from "../../../server/marketplaces/types.ts";
import { catalogOf } from "../../../server/sandbox/catalog/catalog.ts";
import type { FaultKind } from "../../../server/sandbox/index.ts";
import type { ErrorCode } from "../../../src/contract/errors.ts";
import type { Marketplace, Operation } from "../../../src/contract/marketplace.ts";
import { failure, type Live, liveModules } from "../support.ts";

/**
 * Upstream faults, injected at the socket by the sandbox, through every adapter: each maps to the
 * spec's Upstream code, with the marketplace's own error number when it gave one.
 */

const CALLS: Record<Marketplace, [Operation, Record<string, unknown>]> = {
  emporium: ["search", { query: "lamp" }],
  auction: ["search", { query: "lamp" }],
  megastore: ["search", { query: "lamp" }],
  storefront: ["search", { query: "ワイヤレス" }],
  crossborder: ["product", { productId: "" }],
};

let live: Live;
let modules: Record<Marketplace, MarketplaceModule>;
beforeAll(async () => {
  live = await liveModules();
  // Generate every sandbox catalog first, then use modules with a short timeout so held requests give up quickly.
  for (const m of ["emporium", "auction", "megastore", "storefront", "crossborder"] as const) catalogOf(m);
  modules = createMarketplaceModules({
    upstreams: live.upstreams,
    timeoutMs: 600,
    cursorSecret: "c".repeat(20),
  });
  // Warm what the modules cache (the eBay token, the category trees) before faults are queued.
  const ctx = { signal: new AbortController().signal, requestId: "warm", now: () => new Date() };
  for (const [m, [operation, params]] of Object.entries(CALLS) as [
    Marketplace,
    [Operation, Record<string, unknown>],
  ][]) {
    if (m !== "crossborder") await live.modules[m].prepare(operation, { form: "json", params }).run(ctx);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await modules.auction.prepare("search", { form: "json", params: { query: "lamp" } }).run(ctx);
      await (
        modules.auction as unknown as { taxonomy: { ensure(c: typeof ctx): Promise<void> } }
      ).taxonomy.ensure(ctx);
      break;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => live.close());

async function faulted(marketplace: Marketplace, kind: FaultKind, status?: number) {
  live.sandbox.faults.inject(marketplace, kind, 1, status);
  const [operation, params] = CALLS[marketplace];
  const p =
    marketplace === "crossborder"
      ? { productId: catalogOf("crossborder").products.find((x) => x.prohibitedCountries.length === 0)!.id }
      : params;
  const error = await failure(modules[marketplace].prepare(operation, { form: "json", params: p }));
  // A page made of two requests fails on the first fault and aborts the other; let that one land
  // before the next fault is queued, so it cannot draw it.
  let seen = -1;
  while (seen !== live.sandbox.stats(marketplace).requests) {
    seen = live.sandbox.stats(marketplace).requests;
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  live.sandbox.faults.clear(marketplace);
  return error;
}

const MARKETPLACES: Marketplace[] = ["emporium", "auction", "megastore", "storefront", "crossborder"];

describe("upstream faults through every adapter", () => {
  it.each(MARKETPLACES)(
    "%s: refused, truncated, held, garbage answers map to UPSTREAM_*",
    async (marketplace) => {
      const expected: [FaultKind, ErrorCode][] = [
        ["refuse", "UPSTREAM_UNAVAILABLE"],
        ["truncate", "UPSTREAM_READ_FAILED"],
        ["garbage", "UPSTREAM_ERROR"],
      ];
      for (const [kind, code] of expected)
        expect({ kind, code: (await faulted(marketplace, kind)).code }).toEqual({ kind, code });
      const abortedBefore = live.sandbox.stats(marketplace).aborted;
      expect((await faulted(marketplace, "timeout")).code).toBe("UPSTREAM_TIMEOUT");
      // The held request was given up on: the marketplace saw it closed.
      await expect.poll(() => live.sandbox.stats(marketplace).aborted).toBeGreaterThan(abortedBefore);
    },
  );

  it.each(MARKETPLACES)(
    "%s: 5xx answers: 503 SERVICE_UNAVAILABLE, 504 UPSTREAM_TIMEOUT, 500 UPSTREAM_ERROR",
    async (marketplace) => {
      expect((await faulted(marketplace, "error", 503)).code).toBe("SERVICE_UNAVAILABLE");
      expect((await faulted(marketplace, "error", 504)).code).toBe("UPSTREAM_TIMEOUT");
      const internal = await faulted(marketplace, "error", 500);
      expect(internal.code).toBe("UPSTREAM_ERROR");
    },
  );

  it("each marketplace's own throttle answer is MARKETPLACE_SATURATED with the wait and its code", async () => {
    const codes: Record<Marketplace, string> = {
      emporium: "TooManyRequests",
      auction: "2001",
      megastore: "429",
      storefront: "THROTTLED",
      crossborder: "ApiCallLimit",
    };
    for (const marketplace of MARKETPLACES) {
      const error = await faulted(marketplace, "throttle");
      expect({ marketplace, code: error.code, upstreamCode: error.upstreamCode }).toEqual({
        marketplace,
        code: "MARKETPLACE_SATURATED",
        upstreamCode: codes[marketplace],
      });
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.status).toBe(429);
    }
  });

  it("refused credentials: crossborder's expired session is TOKEN_EXPIRED, elsewhere an UPSTREAM_ERROR", async () => {
    expect((await faulted("crossborder", "token-expired")).code).toBe("TOKEN_EXPIRED");
    for (const marketplace of ["emporium", "megastore", "storefront"] as const) {
      expect((await faulted(marketplace, "token-expired")).code).toBe("UPSTREAM_ERROR");
    }
  });
});

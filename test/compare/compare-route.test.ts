import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crossListingTruth, type TruthListing } from "../../server/sandbox/catalog/cross-listing-truth.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import type { Live } from "../marketplaces/support.ts";
import { liveModules } from "../marketplaces/support.ts";
import { chargedUnits } from "../support/charged-units.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * POST /app/compare through the whole app: the extension's real device token and middleware, the sandbox's
 * marketplaces behind the real modules, the real ledger on a real database.
 */
let live: Live;
let t: TestApp;
/** Device tokens by account, made through the dashboard's token store. */
const tokens = new Map<string, string>();

const truth = crossListingTruth(1);
/** A product listed on four or five marketplaces, one unit everywhere, seen from its first listing. */
const group = [...truth.groups.values()].find(
  (g) => g.length >= 4 && g.every((l) => l.packSize === 1 && !l.colorDiffers),
)!;
const source = group[0]!;

beforeAll(async () => {
  live = await liveModules({ warm: true });
  t = await createTestApp({
    marketplaces: live.modules,
    env: {
      CAPACITY_PER_MARKETPLACE: "1000",
      CAPACITY_GLOBAL: "1000",
      COMPARE_DEADLINE_MS: "30000",
      COMPARE_RATE_PER_SECOND: "1000",
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await live?.close();
});

async function tokenFor(accountId: string): Promise<string> {
  let token = tokens.get(accountId);
  if (!token) {
    token = (await t.services.extensionTokens.create(accountId, "compare test")).token;
    tokens.set(accountId, token);
  }
  return token;
}

async function compare(accountId: string | undefined, body: unknown, accept = "application/json") {
  return t.request("/app/compare", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept,
      ...(accountId ? { authorization: `Bearer ${await tokenFor(accountId)}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

const chargedUnitsOf = (requestId: string) => chargedUnits(t, { requestId });

interface Answer {
  source: {
    marketplace: string;
    productId: string;
    title: string;
    price: { amount: number; currency: string };
  };
  matches: {
    marketplace: string;
    productId: string;
    title: string;
    url: string;
    price: { amount: number; currency: string };
    landed: { amount: number; currency: string };
    score: number;
    evidence: Record<string, unknown>;
    warnings: { code: string; message: string }[];
  }[];
  failed: { marketplace: string; code: string; message: string }[];
  units: number;
  pages: number;
  expand?: { pages: number; units: number };
}

function expectFound(answer: Answer, listings: TruthListing[]) {
  for (const listing of listings) {
    const top = answer.matches.find((m) => m.marketplace === listing.marketplace);
    expect(top?.productId, listing.marketplace).toBe(listing.productId);
  }
}

describe("POST /app/compare", () => {
  it("answers once with the same product on the other marketplaces, landed in the asked currency, each call charged", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const res = await compare(accountId, {
      marketplace: source.marketplace,
      productId: source.productId,
      currency: "EUR",
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.source).toMatchObject({ marketplace: source.marketplace, productId: source.productId });
    expect(answer.failed).toEqual([]);
    expectFound(answer, group.slice(1));
    const scores = answer.matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const m of answer.matches) {
      expect(m.score).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeLessThanOrEqual(1);
      expect(m.landed.currency).toBe("EUR");
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining([
          "marketplace",
          "productId",
          "title",
          "url",
          "price",
          "landed",
          "score",
          "evidence",
          "warnings",
        ]),
      );
    }
    expect(answer.matches.find((m) => m.productId === group[1]!.productId)!.score).toBeGreaterThan(0.8);
    // Every underlying call at its own price, in the ledger under this request's id.
    const requestId = res.headers.get("x-service-request-id")!;
    expect(answer.units).toBeGreaterThan(4);
    expect(await chargedUnitsOf(requestId)).toBe(answer.units);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(
      5_000_000 - answer.units * t.config.billing.unitMicros,
    );

    // The same product again: from the cache, nothing charged.
    const again = await compare(accountId, {
      marketplace: source.marketplace,
      productId: source.productId,
      currency: "USD",
    });
    const cached = (await again.json()) as Answer;
    expect(cached.units).toBe(0);
    expect(cached.matches.map((m) => m.productId)).toEqual(answer.matches.map((m) => m.productId));
    expect(cached.matches[0]!.landed.currency).toBe("USD");
    expect(await chargedUnitsOf(again.headers.get("x-service-request-id")!)).toBe(0);
  }, 60_000);

  it("says what a deeper comparison will cost before it is asked for, and charges no more than that", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const other = [...truth.groups.values()].find((g) => g.length >= 3 && g !== group)![0]!;
    const body = { marketplace: other.marketplace, productId: other.productId };
    const first = (await (await compare(accountId, body)).json()) as Answer;
    expect(first.failed).toEqual([]);
    expect(first.pages).toBe(1);
    // The same calls again, and one more search page on each of the four other marketplaces.
    expect(first.expand?.pages).toBe(2);
    expect(first.expand!.units).toBeGreaterThanOrEqual(first.units + 4);
    // From the cache the quote is the same: the deeper comparison makes its calls again.
    const cached = (await (await compare(accountId, body)).json()) as Answer;
    expect(cached.units).toBe(0);
    expect(cached.expand).toEqual(first.expand);

    const res = await compare(accountId, { ...body, pages: 2 });
    const deeper = (await res.json()) as Answer;
    expect(deeper.pages).toBe(2);
    expect(deeper.units).toBeGreaterThan(first.units);
    expect(deeper.units).toBeLessThanOrEqual(first.expand!.units);
    expect(await chargedUnitsOf(res.headers.get("x-service-request-id")!)).toBe(deeper.units);
    expect(deeper.expand?.pages).toBe(3);

    const deepest = (await (await compare(accountId, { ...body, pages: 3 })).json()) as Answer;
    expect(deepest.expand).toBeUndefined();
    expect((await compare(accountId, { ...body, pages: 4 })).status).toBe(400);
  }, 90_000);

  it("streams source, matches as they are scored, and the summary last", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const other = [...truth.groups.values()].find((g) => g.length >= 3 && g !== group)!;
    const from = other[1]!;
    const res = await compare(
      accountId,
      { marketplace: from.marketplace, productId: from.productId },
      "text/event-stream",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = parseSse(await res.text());
    expect(events[0]!.event).toBe("source");
    expect(events.at(-1)!.event).toBe("summary");
    const summary = events.at(-1)!.data as Answer;
    const streamed = events
      .filter((e) => e.event === "match")
      .map((e) => (e.data as { productId: string }).productId);
    expect(streamed.sort()).toEqual(summary.matches.map((m) => m.productId).sort());
    expectFound(
      summary,
      other.filter((l) => l !== from && l.packSize === 1 && !l.colorDiffers),
    );
    expect(await chargedUnitsOf(res.headers.get("x-service-request-id")!)).toBe(summary.units);
  }, 60_000);

  it("reports a failing marketplace in failed while the others answer, and charges nothing for its calls", async () => {
    const { accountId } = await t.admin.customer("5.00");
    const other = [...truth.groups.values()].find(
      (g) => g.length >= 4 && g !== group && g[0]!.marketplace !== "megastore",
    )!;
    const from = other[0]!;
    live.sandbox.faults.inject("megastore", "error", 50, 500);
    try {
      const res = await compare(accountId, { marketplace: from.marketplace, productId: from.productId });
      const answer = (await res.json()) as Answer;
      expect(res.status).toBe(200);
      expect(answer.failed).toEqual([
        expect.objectContaining({ marketplace: "megastore", code: "UPSTREAM_ERROR" }),
      ]);
      expect(answer.matches.some((m) => m.marketplace === "megastore")).toBe(false);
      expectFound(
        answer,
        other.filter(
          (l) => l !== from && l.marketplace !== "megastore" && l.packSize === 1 && !l.colorDiffers,
        ),
      );
      expect(await chargedUnitsOf(res.headers.get("x-service-request-id")!)).toBe(answer.units);
    } finally {
      live.sandbox.faults.clear("megastore");
    }
  }, 60_000);

  it("answers 401, 402, 429 and 400s in the gateway's error envelope", async () => {
    const body = { marketplace: source.marketplace, productId: source.productId };
    const unauthorized = await compare(undefined, body);
    expect(unauthorized.status).toBe(401);
    expect(ErrorBodySchema.parse(await unauthorized.json()).error.code).toBe("UNAUTHORIZED");
    // An API key does not open /app, nor a revoked device token.
    const { accountId: keyed, key } = await t.admin.customer("1.00");
    const withKey = await t.request("/app/compare", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    expect(withKey.status).toBe(401);
    const { tokenId, token } = await t.services.extensionTokens.create(keyed, "revoked");
    await t.services.extensionTokens.revoke(keyed, tokenId);
    const revoked = await t.request("/app/compare", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(revoked.status).toBe(401);

    const { accountId: poor } = await t.admin.customer("0.00");
    const broke = await compare(poor, { marketplace: group[1]!.marketplace, productId: group[1]!.productId });
    expect(broke.status).toBe(402);
    expect(ErrorBodySchema.parse(await broke.json()).error.code).toBe("INSUFFICIENT_BALANCE");

    const { accountId } = await t.admin.customer("1.00");
    for (const [bad, code] of [
      [{ marketplace: "nowhere", productId: "1" }, "INVALID_PARAMS"],
      [{ marketplace: "emporium" }, "INVALID_PARAMS"],
      [{ ...body, extra: 1 }, "INVALID_PARAMS"],
      [{ ...body, currency: "XYZ" }, "CURRENCY_NOT_SUPPORTED"],
    ] as const) {
      const res = await compare(accountId, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe(code);
    }
    const missing = await compare(accountId, { marketplace: "emporium", productId: "B0ZZZZZZZZ" });
    expect(missing.status).toBe(404);
    expect((await t.admin.account(accountId)).balanceMicros).toBe(1_000_000);
  }, 60_000);
});

describe("POST /app/compare rate limit", () => {
  it("is 429 RATE_LIMITED with Retry-After past the comparisons a second of one token", async () => {
    const limited = await createTestApp({
      marketplaces: live.modules,
      env: { COMPARE_RATE_PER_SECOND: "1" },
    });
    try {
      const { accountId } = await limited.admin.customer("0.00");
      const { token } = await limited.services.extensionTokens.create(accountId, "limited");
      const send = () =>
        limited.request("/app/compare", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ marketplace: "emporium", productId: "B000000001" }),
        });
      // The first is let through (and is 402: nothing to pay with); the next, within the second, is not.
      expect((await send()).status).toBe(402);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(ErrorBodySchema.parse(await refused.json()).error.code).toBe("RATE_LIMITED");
    } finally {
      await limited.close();
    }
  }, 60_000);
});

function parseSse(text: string): { event: string; data: unknown }[] {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) };
    });
}

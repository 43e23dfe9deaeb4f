import { once } from "node:events";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { Capacity } from "../../server/limits/capacity.ts";
import { KeyRateLimiter } from "../../server/limits/rate-limiter.ts";
import { randomBase62 } from "../../server/platform/ids.ts";
import { GatewayError } from "../../src/contract/errors.ts";

const REDIS_URL = process.env.REDIS_URL;
const limits = { global: 3, perScope: (scope: string) => (scope === "auction" ? 2 : 10) };

/** The refusal of an attempt (capacity in memory refuses synchronously, with Redis asynchronously). */
async function refusal(attempt: () => unknown): Promise<GatewayError> {
  try {
    await attempt();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("capacity in memory", () => {
  it("refuses past the marketplace's budget, then past the global one, and frees places on release", async () => {
    const capacity = new Capacity(limits);
    const a = await capacity.acquire("auction", "MARKETPLACE_SATURATED");
    await capacity.acquire("auction", "MARKETPLACE_SATURATED");
    const scoped = await refusal(() => capacity.acquire("auction", "MARKETPLACE_SATURATED"));
    expect(scoped).toMatchObject({ code: "MARKETPLACE_SATURATED", status: 429 });
    expect(scoped.retryAfterMs).toBeGreaterThanOrEqual(1000);
    await capacity.acquire("emporium", "MARKETPLACE_SATURATED");
    expect((await refusal(() => capacity.acquire("emporium", "MARKETPLACE_SATURATED"))).code).toBe(
      "CAPACITY_SATURATED",
    );
    a.release();
    a.release(); // twice is once
    await capacity.acquire("emporium", "MARKETPLACE_SATURATED");
  });
});

describe.skipIf(!REDIS_URL)("limits shared through Redis", () => {
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
    clients.push(c);
    return c;
  };
  afterAll(async () => {
    for (const c of clients) c.disconnect();
  });

  it("two processes' capacity share one budget", async () => {
    const keyPrefix = `ml-test-${randomBase62(8)}:`;
    const a = new Capacity(limits, { client: client(), keyPrefix });
    const b = new Capacity(limits, { client: client(), keyPrefix });
    const held = [
      await a.acquire("emporium", "MARKETPLACE_SATURATED"),
      await b.acquire("emporium", "MARKETPLACE_SATURATED"),
    ];
    await a.acquire("auction", "MARKETPLACE_SATURATED");
    expect((await refusal(() => b.acquire("emporium", "MARKETPLACE_SATURATED"))).code).toBe(
      "CAPACITY_SATURATED",
    );
    held[0]!.release();
    await expect
      .poll(async () => {
        try {
          (await b.acquire("emporium", "MARKETPLACE_SATURATED")).release();
          return "acquired";
        } catch {
          return "refused";
        }
      })
      .toBe("acquired");
  });

  it("two processes' rate limiters enforce one per-key rate", async () => {
    const keyPrefix = `ml-test-${randomBase62(8)}:`;
    // Until a client is connected, its limiter counts per process (the insurance limiter), by design.
    const [ca, cb] = [client(), client()];
    await Promise.all([ca, cb].map((c) => (c.status === "ready" ? undefined : once(c, "ready"))));
    const a = new KeyRateLimiter({ client: ca, keyPrefix });
    const b = new KeyRateLimiter({ client: cb, keyPrefix });
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).consume("key_1", 5)),
    );
    expect(decisions.filter((d) => d.allowed).length).toBe(5);
    const refused = decisions.find((d) => !d.allowed) as { retryAfterMs: number };
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
  });

  it("keeps serving on per-process counts when Redis is unreachable", async () => {
    const dead = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    dead.on("error", () => {});
    const capacity = new Capacity(limits, { client: dead, keyPrefix: "ml-dead:" });
    const held = [
      await capacity.acquire("auction", "MARKETPLACE_SATURATED"),
      await capacity.acquire("auction", "MARKETPLACE_SATURATED"),
    ];
    expect((await refusal(() => capacity.acquire("auction", "MARKETPLACE_SATURATED"))).code).toBe(
      "MARKETPLACE_SATURATED",
    );
    for (const permit of held) permit.release();
    (await capacity.acquire("auction", "MARKETPLACE_SATURATED")).release();
    const limiter = new KeyRateLimiter({ client: dead, keyPrefix: "ml-dead:" });
    expect((await limiter.consume("key_1", 2)).allowed).toBe(true);
    dead.disconnect();
  });
});

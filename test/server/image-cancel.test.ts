import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../server/platform/http-server.ts";
import { createLogger } from "../../server/platform/logger.ts";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Issue 16 item 1: callers that cancel image translations mid-processing, over real HTTP on loopback.
 * A cancel costs the caller nothing and costs everyone else nothing either: no engine worker dies (no
 * ROUTING_INCIDENT, no model reload), every capacity place comes back, and a second client's calls are
 * served promptly right after the attack.
 */
const lines: string[] = [];
let t: TestApp;
let base = "";
let close: () => Promise<void>;
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 480).toBuffer("image/jpeg", 90),
);
const PATH = "/v1/image-translate/translate?source_language=zh&target_language=ko";

beforeAll(async () => {
  t = await createTestApp({
    env: { IMAGE_WORKERS: "1" },
    logger: createLogger("warn", (line) => lines.push(line)),
  });
  await t.services.imaging.warm();
  const { server, port } = await listen(t.app.fetch, { port: 0, hostname: "127.0.0.1", http: t.config.http });
  base = `http://127.0.0.1:${port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
}, 120_000);
afterAll(async () => {
  await close?.();
  await t?.close();
});

const translate = (key: string, signal?: AbortSignal) =>
  fetch(`${base}${PATH}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "image/jpeg" },
    body: product,
    ...(signal ? { signal } : {}),
  });

/**
 * A call cancelled `afterMs` after it was sent; resolves when the caller has gone, with whether the whole
 * translated picture reached it first (a fast call can beat its cancel, and is then delivered and paid).
 */
async function cancelled(key: string, afterMs: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), afterMs);
  try {
    const res = await translate(key, controller.signal);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false; // the abort, as the attacker meant
  } finally {
    clearTimeout(timer);
  }
}

describe("cancelled image calls", () => {
  it("cost nothing, kill no worker, hold no capacity, and leave the next client served promptly", async () => {
    const attacker = await t.admin.customer("1.00");
    const bystander = await t.admin.customer("1.00");
    const before = (await t.admin.account(attacker.accountId)).balanceMicros;

    // 24 cancels at 100 to 700 ms, two at a time (one racing the other's cancel).
    let delivered = 0;
    for (let i = 0; i < 12; i++) {
      const outcomes = await Promise.all([
        cancelled(attacker.key, 100 + ((i * 53) % 600)),
        cancelled(attacker.key, 100 + ((i * 97 + 300) % 600)),
      ]);
      delivered += outcomes.filter(Boolean).length;
    }

    const timings: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await translate(bystander.key);
      await res.arrayBuffer();
      timings.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    // Served as a warm worker serves (a few hundred ms here), not after a model reload (about 10 s).
    expect(Math.max(...timings)).toBeLessThan(5_000);
    expect(lines.filter((l) => /ROUTING_INCIDENT|thread died/.test(l))).toEqual([]);
    expect(t.services.imaging.stats.crashed).toBe(0);
    expect(t.services.capacity.inFlight("image-translate")).toBe(0);
    // Only what was delivered before its cancel is paid for; a cancelled call costs nothing.
    expect(delivered).toBeLessThan(24);
    const price = t.services.prices.imageTranslateMicros;
    expect((await t.admin.account(attacker.accountId)).balanceMicros).toBe(before - delivered * price);
  }, 90_000);
});

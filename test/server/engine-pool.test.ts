import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { EnginePool } from "../../server/imaging/engine-pool.ts";
import type { EngineTask } from "../../server/imaging/engine-task.ts";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";

/**
 * Issue 16 item 1: cancelled image calls must not cost the other callers. A thread started under load
 * (the first time two calls overlapped) spent seconds loading the engine next to the calls it was meant
 * to serve; and a cancelled call keeps its thread until its model run ends, so its caller's next call
 * took the other thread, and a caller who never cancelled waited behind both.
 */
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 960).toBuffer("image/jpeg", 90),
);
const task: EngineTask = {
  kind: "translate",
  bytes: product,
  sourceLanguage: "zh",
  targetLanguage: "ko",
  font: "Pretendard",
  fontWeight: "ExtraBold",
  render: true,
};

let pool: EnginePool;
beforeAll(() => {
  pool = new EnginePool({ threads: 2, translation: loadConfig({}).translation });
});
afterAll(async () => {
  await pool?.close();
});

describe("engine pool", () => {
  it("starts every engine thread, models loaded, before the first calls", async () => {
    expect(pool.threadsStarted).toBe(0);
    await pool.warm();
    expect(pool.threadsStarted).toBe(2);
  }, 120_000);

  it("holds a caller's next call behind its cancelled one, not a caller who did not cancel", async () => {
    const controller = new AbortController();
    const cancelled = pool.run(task, controller.signal, "attacker");
    const cancelledOutcome = cancelled.then(
      () => "answered",
      (error: { code?: string }) => error.code,
    );
    // Mid-processing: the model's run under way, which no cancel stops.
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort();
    // The attacker's next call is held (the one count); the bystander's takes the free thread at once.
    const next = pool.run(task, undefined, "attacker");
    expect(pool.stats.heldBehindCancelled).toBe(1);
    const other = pool.run(task, undefined, "bystander");
    expect(pool.stats.heldBehindCancelled).toBe(1);
    await Promise.all([next, other]);
    expect(await cancelledOutcome).toBe("BAD_REQUEST");
    expect(pool.stats.crashed).toBe(0);
  }, 120_000);
});

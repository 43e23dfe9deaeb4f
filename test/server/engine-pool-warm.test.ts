import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { EnginePool } from "../../server/imaging/engine-pool.ts";

/**
 * Issue 16 item 1: a thread started under load (the first time two image calls overlapped) spent
 * seconds loading the engine next to the calls it was meant to serve. A warmed pool has them all.
 */
describe("engine pool warm-up", () => {
  it("starts every engine thread, models loaded, before the first calls", async () => {
    const pool = new EnginePool({ threads: 2, translation: loadConfig({}).translation });
    try {
      expect(pool.threadsStarted).toBe(0);
      await pool.warm();
      expect(pool.threadsStarted).toBe(2);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

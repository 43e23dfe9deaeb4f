import { describe, expect, it } from "vitest";
import { killUnderLoad } from "../support/kill-under-load.ts";

const DATABASE_URL = process.env.DATABASE_URL;

/**
 * A server process killed with SIGKILL while it leases an account's credit: the other process keeps
 * serving the account from that credit within seconds and answers 402 only when the balance (balance
 * plus every lease, as the admin API shows it) no longer covers a call. Needs Postgres (two processes).
 */
describe.skipIf(!DATABASE_URL)("credit of a killed process", () => {
  it("is usable again within 5 s, and no 402 is answered while it covers the call", async () => {
    const result = await killUnderLoad(DATABASE_URL!, { restart: false, waitMs: 15_000 });
    console.info("kill -9 under load", result);
    expect(result.wrongRefusals).toBe(0);
    expect(result.reclaimedAfterMs).not.toBeNull();
    expect(result.reclaimedAfterMs!).toBeLessThanOrEqual(5_000);
    expect(result.refusedAfterKill).toBeGreaterThan(0); // spent down to the last call, then refused
    expect(result.leftMicros).toBeLessThan(1_000);
  }, 400_000);
});

import { afterEach, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { testDatabases } from "../support/databases.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** Spec: Limits/Billing and Errors — what is charged, what is not, whatever the concurrency. */
for (const database of testDatabases()) {
  describe(`charged calls on ${database.name}`, () => {
    let t: TestApp;
    afterEach(() => t?.close());

    const search = (key: string, params = "query=shoes") =>
      t.request(`/v1/megastore/search?${params}`, { headers: { "x-api-key": key } });
    const balance = async (accountId: string) => (await t.admin.account(accountId)).balanceMicros;

    it("charges 1 unit, 2 units with brands, and nothing for a 400, a failed upstream or an off-contract answer", async () => {
      t = await createTestApp({ database, marketplaces: { megastore: scriptedMarketplace() } });
      const { accountId, key } = await t.admin.customer("1.00");
      const steps: [string, number, number][] = [
        ["query=shoes", 200, 1_000],
        ["query=shoes&brands=acme", 200, 2_000],
        ["brands=acme", 400, 0],
        ["query=shoes&upstream=fail", 502, 0],
        ["query=shoes&upstream=invalid", 502, 0],
      ];
      for (const [params, status, cost] of steps) {
        const before = await balance(accountId);
        const res = await search(key, params);
        expect({ params, status: res.status }).toEqual({ params, status });
        expect({ params, cost: before - (await balance(accountId)) }).toEqual({ params, cost });
        if (status === 200) expect(res.headers.get("x-service-units")).toBe(String(cost / 1000));
      }
      const { rows } = await t.db.query<{ kind: string; n: number }>(
        "SELECT kind, COUNT(*)::int8 AS n FROM ledger_entries WHERE account_id = $1 GROUP BY kind ORDER BY kind",
        [accountId],
      );
      // Two charges; the failed upstream call and the off-contract answer were reserved and released.
      expect(rows).toEqual([
        { kind: "charge", n: 2 },
        { kind: "release", n: 2 },
        { kind: "topup", n: 1 },
      ]);
    });

    it("serves exactly N of 500 concurrent charged calls when the balance covers N; the rest get 402", async () => {
      t = await createTestApp({
        database,
        marketplaces: { megastore: scriptedMarketplace() },
        env: {
          DEFAULT_RATE_PER_SECOND: "100000",
          CAPACITY_GLOBAL: "10000",
          CAPACITY_PER_MARKETPLACE: "10000",
        },
      });
      const covered = 173;
      const { accountId, key } = await t.admin.customer((covered / 1000).toFixed(6));
      const statuses = await Promise.all(
        Array.from({ length: 500 }, async () => (await search(key, "query=shoes&delayMs=3")).status),
      );
      expect(statuses.filter((s) => s === 200).length).toBe(covered);
      expect(statuses.filter((s) => s === 402).length).toBe(500 - covered);
      expect(await balance(accountId)).toBe(0);
      const { rows } = await t.db.query<{ kind: string; total: number; n: number }>(
        "SELECT kind, SUM(amount_micros)::int8 AS total, COUNT(*)::int8 AS n FROM ledger_entries WHERE account_id = $1 GROUP BY kind ORDER BY kind",
        [accountId],
      );
      expect(rows).toEqual([
        { kind: "charge", total: -covered * 1_000, n: covered },
        { kind: "topup", total: covered * 1_000, n: 1 },
      ]);
      const distinct = await t.db.query<{ n: number }>(
        "SELECT COUNT(DISTINCT request_id)::int8 AS n FROM ledger_entries WHERE account_id = $1 AND kind = 'charge'",
        [accountId],
      );
      expect(distinct.rows[0]!.n).toBe(covered);
    });

    it("refuses calls past the key's rate with 429 RATE_LIMITED and the real wait, without charging them", async () => {
      t = await createTestApp({ database, marketplaces: { megastore: scriptedMarketplace() } });
      const { accountId, key } = await t.admin.customer("1.00", { ratePerSecond: 3 });
      const responses = await Promise.all(Array.from({ length: 8 }, () => search(key)));
      const limited = responses.filter((r) => r.status === 429);
      expect(responses.filter((r) => r.status === 200).length).toBe(3);
      expect(limited.length).toBe(5);
      const body = ErrorBodySchema.parse(await limited[0]!.json());
      expect(body.error.code).toBe("RATE_LIMITED");
      expect(body.retryAfterMs).toBeGreaterThan(0);
      expect(body.retryAfterMs).toBeLessThanOrEqual(1000);
      expect(limited[0]!.headers.get("retry-after")).toBe("1");
      expect(await balance(accountId)).toBe(1_000_000 - 3_000);
      await new Promise((r) => setTimeout(r, body.retryAfterMs! + 20));
      expect((await search(key)).status).toBe(200);
    });

    it("refuses calls past the marketplace's capacity with 429 MARKETPLACE_SATURATED, unbilled", async () => {
      t = await createTestApp({
        database,
        marketplaces: { megastore: scriptedMarketplace() },
        env: { CAPACITY_PER_MARKETPLACE: "2" },
      });
      const { accountId, key } = await t.admin.customer("1.00");
      const slow = [search(key, "query=a&delayMs=300"), search(key, "query=b&delayMs=300")];
      await new Promise((r) => setTimeout(r, 50));
      const refused = await search(key);
      expect(refused.status).toBe(429);
      expect(ErrorBodySchema.parse(await refused.json()).error.code).toBe("MARKETPLACE_SATURATED");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await Promise.all(slow)).map((r) => r.status)).toEqual([200, 200]);
      expect(await balance(accountId)).toBe(1_000_000 - 2_000);
    });

    it("does not charge a call whose caller went away before the answer", async () => {
      const marketplace = scriptedMarketplace();
      t = await createTestApp({ database, marketplaces: { megastore: marketplace } });
      const { accountId, key } = await t.admin.customer("1.00");
      const controller = new AbortController();
      const pending = Promise.resolve(
        t.app.request(
          new Request("http://localhost/v1/megastore/search?query=x&delayMs=2000", {
            headers: { "x-api-key": key },
            signal: controller.signal,
          }),
        ),
      ).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      controller.abort();
      await pending;
      expect(marketplace.calls).toBe(1);
      expect(await balance(accountId)).toBe(1_000_000);
    });
  });
}

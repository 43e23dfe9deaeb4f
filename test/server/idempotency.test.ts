import { afterEach, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases.ts";
import { scriptedMarketplace } from "../support/scripted-marketplace.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/** Idempotency-Key on charged calls (docs/api.md): a retry after a timeout is charged once. */
for (const database of testDatabases()) {
  describe(`Idempotency-Key on ${database.name}`, () => {
    let t: TestApp;
    afterEach(() => t?.close());

    const search = (key: string, params: string, idempotencyKey?: string) =>
      t.request(`/v1/megastore/search?${params}`, {
        headers: { "x-api-key": key, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
      });
    const balance = async (accountId: string) => (await t.admin.account(accountId)).balanceMicros;
    const dataOf = async (res: Response) => ((await res.json()) as { data: unknown }).data;

    it("replays the first result to retries of the same request and charges once", async () => {
      const marketplace = scriptedMarketplace();
      t = await createTestApp({ database, marketplaces: { megastore: marketplace } });
      const { accountId, key } = await t.admin.customer("1.00");
      const first = await search(key, "query=shoes", "retry-1");
      const second = await search(key, "query=shoes", "retry-1");
      const third = await search(key, "query=shoes", "retry-1");
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      const firstData = await dataOf(first);
      expect(await dataOf(second)).toEqual(firstData);
      expect(await dataOf(third)).toEqual(firstData);
      expect(marketplace.calls).toBe(1);
      expect(await balance(accountId)).toBe(1_000_000 - 1_000);
      // Another key is another call.
      expect((await search(key, "query=shoes", "retry-2")).status).toBe(200);
      expect(await balance(accountId)).toBe(1_000_000 - 2_000);
    });

    it("refuses the same key with a different request with INVALID_PARAMS, uncharged", async () => {
      t = await createTestApp({ database, marketplaces: { megastore: scriptedMarketplace() } });
      const { accountId, key } = await t.admin.customer("1.00");
      expect((await search(key, "query=shoes", "same-key")).status).toBe(200);
      const other = await search(key, "query=boots", "same-key");
      expect(other.status).toBe(400);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe("INVALID_PARAMS");
      expect(await balance(accountId)).toBe(1_000_000 - 1_000);
    });

    it("runs concurrent duplicates once: the others wait for the first and get its result", async () => {
      const marketplace = scriptedMarketplace();
      t = await createTestApp({ database, marketplaces: { megastore: marketplace } });
      const { accountId, key } = await t.admin.customer("1.00");
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => search(key, "query=shoes&delayMs=200", "concurrent")),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(marketplace.calls).toBe(1);
      expect(await balance(accountId)).toBe(1_000_000 - 1_000);
    });

    it("frees the key of a call that delivered nothing, so a retry runs again", async () => {
      const marketplace = scriptedMarketplace();
      t = await createTestApp({ database, marketplaces: { megastore: marketplace } });
      const { accountId, key } = await t.admin.customer("1.00");
      expect((await search(key, "query=shoes&upstream=fail", "after-failure")).status).toBe(502);
      expect((await search(key, "query=shoes&upstream=fail", "after-failure")).status).toBe(502);
      expect(marketplace.calls).toBe(2);
      expect(await balance(accountId)).toBe(1_000_000);
    });

    it("refuses a malformed key with INVALID_PARAMS, and writes nothing for calls without one", async () => {
      t = await createTestApp({ database, marketplaces: { megastore: scriptedMarketplace() } });
      const { key } = await t.admin.customer("1.00");
      const bad = await search(key, "query=shoes", "x".repeat(256));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("INVALID_PARAMS");
      expect((await search(key, "query=shoes")).status).toBe(200);
      const { rows } = await t.db.query("SELECT 1 FROM idempotency_keys");
      expect(rows).toEqual([]);
    });
  });
}

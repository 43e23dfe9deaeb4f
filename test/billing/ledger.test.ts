import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountStore } from "../../server/accounts/account-store.ts";
import { Ledger } from "../../server/billing/ledger.ts";
import { priceFor } from "../../server/billing/prices.ts";
import type { Database } from "../../server/storage/database.ts";
import { GatewayError } from "../../src/contract/errors.ts";
import { testDatabases } from "../support/databases.ts";

const book = {
  unitMicros: 1_000,
  imageTranslateMicros: 5_000,
  reducedRateAfterCalls: 1_000,
  reducedRatePercent: 80,
};
const oneUnit = priceFor(book, { kind: "units", units: 1 });

async function ledgerSums(db: Database, accountId: string) {
  const { rows } = await db.query<{ kind: string; total: number; n: number }>(
    "SELECT kind, SUM(amount_micros)::int8 AS total, COUNT(*)::int8 AS n FROM ledger_entries WHERE account_id = $1 GROUP BY kind",
    [accountId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, { total: r.total, n: r.n }]));
}

for (const target of testDatabases()) {
  describe(`ledger on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let accounts: AccountStore;
    const ledgers: Ledger[] = [];
    const newLedger = async (options: ConstructorParameters<typeof Ledger>[1] = {}) => {
      const ledger = new Ledger(db, options);
      await ledger.start();
      ledgers.push(ledger);
      return ledger;
    };

    beforeEach(async () => {
      db = await target.open();
      accounts = new AccountStore(db);
    });
    afterEach(async () => {
      for (const ledger of ledgers.splice(0)) await ledger.stop().catch(() => {});
      await db.drop();
    });

    it("charges committed calls, not released ones, and records every entry with its request id", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "a@example.com" });
      await ledger.topUp(id, 10_000, "req_topup");
      const a = await ledger.reserve(id, oneUnit, { requestId: "req_a", operation: "emporium.search" });
      const b = await ledger.reserve(id, oneUnit, { requestId: "req_b", operation: "emporium.search" });
      a.commit();
      a.commit(); // a second commit must not charge twice
      b.release();
      b.commit(); // a commit after release must not charge
      expect(await ledger.balance(id)).toBe(9_000);
      const { rows } = await db.query<{ kind: string; amount_micros: number; request_id: string }>(
        "SELECT kind, amount_micros, request_id FROM ledger_entries WHERE account_id = $1 ORDER BY batch_seq, entry_no",
        [id],
      );
      expect(rows).toEqual([
        { kind: "topup", amount_micros: 10_000, request_id: "req_topup" },
        { kind: "charge", amount_micros: -1_000, request_id: "req_a" },
        { kind: "release", amount_micros: 0, request_id: "req_b" },
      ]);
    });

    it("settles entries whose texts hold the packing separator or nothing, and the settlements after them", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "odd@example.com" });
      await ledger.topUp(id, 10_000, null);
      const odd = await ledger.reserve(id, oneUnit, { requestId: "req_\x1fodd", operation: "a\x1fb" });
      odd.commit();
      expect(await ledger.balance(id)).toBe(9_000);
      const empty = await ledger.reserve(id, oneUnit, { requestId: "", operation: "auction.search" });
      empty.commit();
      expect(await ledger.balance(id)).toBe(8_000);
      const plain = await ledger.reserve(id, oneUnit, {
        requestId: "req_plain",
        operation: "auction.search",
      });
      plain.commit();
      expect(await ledger.balance(id)).toBe(7_000);
      const { rows } = await db.query<{ request_id: string; operation: string; amount_micros: number }>(
        "SELECT request_id, operation, amount_micros FROM ledger_entries WHERE account_id = $1 AND kind = 'charge' ORDER BY batch_seq, entry_no",
        [id],
      );
      expect(rows).toEqual([
        { request_id: "req_ odd", operation: "a b", amount_micros: -1_000 },
        { request_id: " ", operation: "auction.search", amount_micros: -1_000 },
        { request_id: "req_plain", operation: "auction.search", amount_micros: -1_000 },
      ]);
    });
    it("answers INSUFFICIENT_BALANCE when the balance does not cover the price", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "poor@example.com" });
      await ledger.topUp(id, 999, null);
      const refused = ledger.reserve(id, oneUnit, { requestId: "req_x", operation: "auction.search" });
      await expect(refused).rejects.toBeInstanceOf(GatewayError);
      await expect(refused).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE", status: 402 });
      expect(await ledger.balance(id)).toBe(999);
    });

    it("serves a cheaper call the balance covers right after refusing one it does not", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "cheaper@example.com" });
      await ledger.topUp(id, 1_500, null);
      const dear = ledger.reserve(id, () => 2_000, { requestId: "req_dear", operation: "x" });
      await expect(dear).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
      // Within the moment an account found short is remembered: a call it covers is still served.
      const cheap = await ledger.reserve(id, () => 1_000, { requestId: "req_cheap", operation: "x" });
      cheap.commit();
      expect(await ledger.balance(id)).toBe(500);
    });

    it("serves a call from the lease of a holder that died instead of answering 402", async () => {
      const { id } = await accounts.createAccount({ email: "stranded@example.com" });
      const survivor = await newLedger({ staleHolderMs: 600, heartbeatIntervalMs: 100, recallWaitMs: 200 });
      await survivor.topUp(id, 5_000, null);
      // A holder that heart-beat a moment ago and then died, holding all of the account's credit.
      await db.query("INSERT INTO ledger_holders (id, heartbeat_at) VALUES ('holder_killed', now())");
      await db.query("UPDATE accounts SET balance_micros = 0 WHERE id = $1", [id]);
      await db.query(
        "INSERT INTO credit_leases (account_id, holder_id, amount_micros) VALUES ($1, 'holder_killed', 5000)",
        [id],
      );
      const started = performance.now();
      const hold = await survivor.reserve(id, oneUnit, { requestId: "req_after_crash", operation: "x" });
      hold.commit();
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await survivor.balance(id)).toBe(4_000);
      const { rows } = await db.query("SELECT id FROM ledger_holders WHERE id = 'holder_killed'");
      expect(rows).toEqual([]);
    });

    it("serves exactly N of 500 concurrent calls when the balance covers N, and ends at zero", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "burst@example.com" });
      const covered = 237;
      await ledger.topUp(id, covered * 1_000, "req_topup");
      const outcomes = await Promise.allSettled(
        Array.from({ length: 500 }, async (_, i) => {
          const hold = await ledger.reserve(id, oneUnit, {
            requestId: `req_${i}`,
            operation: "megastore.search",
          });
          await new Promise((r) => setTimeout(r, Math.random() * 5)); // the upstream call
          hold.commit();
        }),
      );
      const served = outcomes.filter((o) => o.status === "fulfilled").length;
      const refused = outcomes.filter(
        (o) => o.status === "rejected" && (o.reason as GatewayError).code === "INSUFFICIENT_BALANCE",
      ).length;
      expect(served).toBe(covered);
      expect(refused).toBe(500 - covered);
      expect(await ledger.balance(id)).toBe(0);
      const sums = await ledgerSums(db, id);
      expect(sums.charge).toEqual({ total: -covered * 1_000, n: covered });
      expect(sums.topup!.total + sums.charge!.total).toBe(0);
    });

    it("serves one call when the last credit of a call's price sits in two processes' leases", async () => {
      // 250 leased by one process and 750 by the other: one call of 1,000 each, exactly one is served.
      const a = await newLedger({ settleIntervalMs: 20, maxLeaseMicros: 250 });
      const b = await newLedger({ settleIntervalMs: 20, maxLeaseMicros: 750 });
      const { id } = await accounts.createAccount({ email: "split@example.com" });
      await a.topUp(id, 1_000, null);
      (await a.reserve(id, () => 250, { requestId: "req_a0", operation: "auction.search" })).release();
      (await b.reserve(id, () => 750, { requestId: "req_b0", operation: "auction.search" })).release();
      const outcomes = await Promise.allSettled(
        [a, b].map(async (ledger, i) => {
          const hold = await ledger.reserve(id, () => 1_000, {
            requestId: `req_${i}`,
            operation: "auction.search",
          });
          hold.commit();
        }),
      );
      expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
      await a.settle();
      await b.settle();
      expect(await a.balance(id)).toBe(0);
    });

    it("keeps the guarantee across two processes sharing one account (recall of leased credit)", async () => {
      const a = await newLedger({ settleIntervalMs: 20 });
      const b = await newLedger({ settleIntervalMs: 20 });
      const { id } = await accounts.createAccount({ email: "two@example.com" });
      const covered = 150;
      await a.topUp(id, covered * 1_000, null);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 500 }, async (_, i) => {
          const ledger = i % 2 === 0 ? a : b;
          const hold = await ledger.reserve(id, oneUnit, {
            requestId: `req_${i}`,
            operation: "auction.search",
          });
          await new Promise((r) => setTimeout(r, Math.random() * 5));
          hold.commit();
        }),
      );
      expect(outcomes.filter((o) => o.status === "fulfilled").length).toBe(covered);
      await b.settle();
      expect(await a.balance(id)).toBe(0);
      expect((await ledgerSums(db, id)).charge).toEqual({ total: -covered * 1_000, n: covered });
    });

    it("reclaims the leases of a process that stopped heart-beating, and only those", async () => {
      const { id } = await accounts.createAccount({ email: "crash@example.com" });
      const survivor = await newLedger({ staleHolderMs: 200 });
      await survivor.topUp(id, 100_000, null);
      // A holder that leased credit and died: its heartbeat is old and nobody will return its lease.
      await db.query(
        "INSERT INTO ledger_holders (id, heartbeat_at) VALUES ('holder_dead', now() - interval '1 hour')",
      );
      await db.query("UPDATE accounts SET balance_micros = balance_micros - 40000 WHERE id = $1", [id]);
      await db.query(
        "INSERT INTO credit_leases (account_id, holder_id, amount_micros) VALUES ($1, 'holder_dead', 40000)",
        [id],
      );
      const live = await survivor.reserve(id, oneUnit, { requestId: "req_live", operation: "x" });
      expect(await survivor.reclaimStaleHolders()).toBe(1);
      live.commit();
      expect(await survivor.balance(id)).toBe(99_000);
      const { rows } = await db.query("SELECT holder_id FROM credit_leases WHERE account_id = $1", [id]);
      expect(rows).toEqual([{ holder_id: survivor.holderId }]);
    });

    it("hands every lease back on stop, so the whole balance is in the account again", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "stop@example.com" });
      await ledger.topUp(id, 50_000, null);
      (await ledger.reserve(id, oneUnit, { requestId: "req_1", operation: "x" })).commit();
      await ledger.stop();
      const { rows } = await db.query<{ balance_micros: number }>(
        "SELECT balance_micros FROM accounts WHERE id = $1",
        [id],
      );
      expect(rows[0]!.balance_micros).toBe(49_000);
      expect((await db.query("SELECT * FROM credit_leases")).rows).toEqual([]);
    });

    it("charges once when a settlement committed but its answer was lost, and it is retried", async () => {
      let loseNextAnswer = false;
      const flaky = {
        ...db,
        transaction: async <T>(fn: Parameters<typeof db.transaction<T>>[0]) => {
          const result = await db.transaction(fn);
          if (loseNextAnswer) {
            loseNextAnswer = false;
            throw new Error("connection lost after COMMIT");
          }
          return result;
        },
      };
      const ledger = new Ledger(flaky, { settleIntervalMs: 60_000 });
      await ledger.start();
      ledgers.push(ledger);
      const { id } = await accounts.createAccount({ email: "retry@example.com" });
      await ledger.topUp(id, 10_000, null);
      (await ledger.reserve(id, oneUnit, { requestId: "req_once", operation: "x" })).commit();
      loseNextAnswer = true;
      await expect(ledger.settle()).rejects.toThrow(/connection lost/);
      await ledger.settle(); // the retry of the same batch
      expect(await ledger.balance(id)).toBe(9_000);
      expect((await ledgerSums(db, id)).charge).toEqual({ total: -1_000, n: 1 });
    });

    it("charges the reduced rate past the daily threshold", async () => {
      const ledger = await newLedger();
      const { id } = await accounts.createAccount({ email: "busy@example.com" });
      await ledger.topUp(id, 1_000_000, null);
      const cheapAfterTwo = priceFor({ ...book, reducedRateAfterCalls: 2 }, { kind: "units", units: 1 });
      const prices: number[] = [];
      for (let i = 0; i < 4; i++) {
        const hold = await ledger.reserve(id, cheapAfterTwo, { requestId: `req_${i}`, operation: "x" });
        prices.push(hold.micros);
        hold.commit();
      }
      expect(prices).toEqual([1_000, 1_000, 800, 800]);
      expect(await ledger.balance(id)).toBe(1_000_000 - 3_600);
    });
  });
}

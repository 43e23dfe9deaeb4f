import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/storage/database.ts";
import { openTestPgliteThread } from "../support/databases.ts";

/**
 * The embedded database on its own thread answers as the in-process one does: values, errors with
 * their SQLSTATE, transactions that commit or roll back. (The ledger and charged-call tests run their
 * whole suites on it as well.)
 */
describe("PGlite on its own thread", () => {
  let db: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    db = await openTestPgliteThread();
  });
  afterAll(() => db.drop());

  it("passes parameters and parses values as the in-process driver", async () => {
    const { rows } = await db.query<{ n: number; list: string[]; at: Date }>(
      "SELECT $1::int8 AS n, $2::text[] AS list, to_timestamp(0) AS at",
      [9_007_199_254_740_991, ["a", 'b"c']],
    );
    expect(rows).toEqual([{ n: 9_007_199_254_740_991, list: ["a", 'b"c'], at: new Date(0) }]);
  });

  it("keeps an error's SQLSTATE (a duplicate email is 23505)", async () => {
    await db.query("INSERT INTO accounts (id, email) VALUES ('acc_t1', 'dup@example.com')");
    await expect(
      db.query("INSERT INTO accounts (id, email) VALUES ('acc_t2', 'dup@example.com')"),
    ).rejects.toMatchObject({ code: "23505" });
  });

  it("commits a transaction that resolves and rolls back one that throws", async () => {
    await db.query("INSERT INTO accounts (id, email) VALUES ('acc_t3', 't3@example.com')");
    const balance = async () =>
      (await db.query<{ b: number }>("SELECT balance_micros AS b FROM accounts WHERE id = 'acc_t3'")).rows[0]!
        .b;
    await expect(
      db.transaction(async (tx) => {
        await tx.query("UPDATE accounts SET balance_micros = 5 WHERE id = 'acc_t3'");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await balance()).toBe(0);
    await db.transaction((tx) => tx.query("UPDATE accounts SET balance_micros = 7 WHERE id = 'acc_t3'"));
    expect(await balance()).toBe(7);
    await expect(
      db.transaction((tx) => tx.query("UPDATE accounts SET balance_micros = -1 WHERE id = 'acc_t3'")),
    ).rejects.toMatchObject({ code: "23514" });
    expect(await balance()).toBe(7);
  });

  it("runs a statement made outside a transaction after the transaction open at the time", async () => {
    let inside!: () => void;
    const held = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query("UPDATE accounts SET balance_micros = 11 WHERE id = 'acc_t3'");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await held;
    const read = await db.query<{ b: number }>(
      "SELECT balance_micros AS b FROM accounts WHERE id = 'acc_t3'",
    );
    await transaction;
    expect(read.rows[0]!.b).toBe(11);
  });
});

import type { TestApp } from "./test-app.ts";

/**
 * Units the ledger charged, once the batched settlement has written them (every 20 ms in tests): by one
 * request's id, or all of one account's charges.
 */
export async function chargedUnits(
  t: TestApp,
  of: { requestId: string } | { accountId: string },
): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.services.ledger.settle();
  const where = "requestId" in of ? "request_id = $1" : "account_id = $1 AND kind = 'charge'";
  const { rows } = await t.db.query<{ micros: string }>(
    `SELECT coalesce(sum(-amount_micros), 0)::text AS micros FROM ledger_entries WHERE ${where}`,
    ["requestId" in of ? of.requestId : of.accountId],
  );
  return Number(rows[0]!.micros) / t.config.billing.unitMicros;
}

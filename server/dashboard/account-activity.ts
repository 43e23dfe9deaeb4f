import type { Database } from "../storage/database.ts";

export interface LedgerLine {
  at: string;
  kind: "charge" | "release" | "topup";
  amountMicros: number;
  requestId: string;
  operation: string;
  /** A top-up paid with test money (the sandbox provider, or Stripe in test mode). */
  testMoney: boolean;
}

export interface UsageRow {
  day: string;
  operation: string;
  calls: number;
  chargedMicros: number;
}

/** One account's entries, read from the batches that hold them (the GIN index on account_ids). */
const ENTRIES = `
  FROM ledger_batches b
  CROSS JOIN LATERAL unnest(b.account_ids, b.kinds, b.amounts, b.request_ids, b.operations, b.at_ms)
    AS e(account_id, kind, amount_micros, request_id, operation, at_ms)`;
const OF_ACCOUNT = "b.account_ids @> ARRAY[$1]::text[] AND e.account_id = $1";

/** What the Balance page shows: the ledger and usage per day and operation. */
export class AccountActivity {
  constructor(private readonly db: Database) {}

  async ledger(accountId: string, limit = 200): Promise<LedgerLine[]> {
    const { rows } = await this.db.query<{
      kind: LedgerLine["kind"];
      amount_micros: number;
      request_id: string;
      operation: string;
      at_ms: number;
      test_money: boolean | null;
    }>(
      `SELECT e.kind, e.amount_micros, e.request_id, e.operation, e.at_ms, p.test_money
       ${ENTRIES} LEFT JOIN payments p ON p.id = e.request_id
       WHERE ${OF_ACCOUNT}
       ORDER BY e.at_ms DESC, b.seq DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((r) => ({
      at: new Date(Number(r.at_ms)).toISOString(),
      kind: r.kind,
      amountMicros: Number(r.amount_micros),
      requestId: r.request_id,
      operation: r.operation,
      testMoney: r.test_money === true,
    }));
  }

  /** Charged calls per UTC day and operation since `days` days ago. */
  async usage(accountId: string, days: number, now: Date): Promise<UsageRow[]> {
    const since = now.getTime() - days * 86_400_000;
    const { rows } = await this.db.query<{ day: string; operation: string; calls: number; charged: number }>(
      `SELECT to_char(to_timestamp(e.at_ms / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, e.operation,
              count(*)::int8 AS calls, (-sum(e.amount_micros))::int8 AS charged
       ${ENTRIES} WHERE ${OF_ACCOUNT} AND e.kind = 'charge' AND e.at_ms >= $2
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [accountId, since],
    );
    return rows.map((r) => ({
      day: r.day,
      operation: r.operation,
      calls: Number(r.calls),
      chargedMicros: Number(r.charged),
    }));
  }
}

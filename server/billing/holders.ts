import type { Database } from "../storage/database.ts";

/**
 * The registry of lease holders (`ledger_holders`): each server process registers, heart-beats, and
 * returns the leases of holders that stopped heart-beating to their accounts' balances. Heartbeats are
 * stamped and compared with the database's clock, so processes on machines whose clocks disagree still
 * agree on who is silent.
 */
export class Holders {
  constructor(
    private readonly db: Database,
    readonly holderId: string,
    /** A holder silent for this long is presumed dead. */
    private readonly staleHolderMs: number,
  ) {}

  async register(): Promise<void> {
    await this.db.query("INSERT INTO ledger_holders (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", [
      this.holderId,
    ]);
  }

  /**
   * Stamps this holder alive. False when another process had presumed it dead and returned its leases
   * (the row was gone): it is registered again, and holds nothing.
   */
  async heartbeat(): Promise<boolean> {
    const { rowCount } = await this.db.query("UPDATE ledger_holders SET heartbeat_at = now() WHERE id = $1", [
      this.holderId,
    ]);
    if (rowCount > 0) return true;
    await this.register();
    return false;
  }

  /** Returns leases of holders that stopped heart-beating to their accounts' balances; how many holders. */
  reclaimStale(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM ledger_holders
         WHERE heartbeat_at < now() - make_interval(secs => $1::float8 / 1000) AND id <> $2
         FOR UPDATE SKIP LOCKED`,
        [this.staleHolderMs, this.holderId],
      );
      if (rows.length === 0) return 0;
      const dead = rows.map((r) => r.id);
      await tx.query(
        `UPDATE accounts a SET balance_micros = a.balance_micros + l.total
         FROM (SELECT account_id, SUM(amount_micros)::int8 AS total FROM credit_leases
               WHERE holder_id = ANY($1::text[]) GROUP BY account_id) l
         WHERE a.id = l.account_id`,
        [dead],
      );
      // The holders' lease rows go with them (ON DELETE CASCADE).
      await tx.query("DELETE FROM ledger_holders WHERE id = ANY($1::text[])", [dead]);
      return dead.length;
    });
  }

  /**
   * Unregisters. Whatever this holder still leases (a call that outlived the shutdown grace) goes back
   * to the balance first: the holder row's deletion would otherwise cascade it away.
   */
  async unregister(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE accounts a SET balance_micros = a.balance_micros + l.amount_micros
         FROM credit_leases l WHERE l.account_id = a.id AND l.holder_id = $1`,
        [this.holderId],
      );
      await tx.query("DELETE FROM ledger_holders WHERE id = $1", [this.holderId]);
    });
  }
}

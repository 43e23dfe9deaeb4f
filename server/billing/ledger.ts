import { GatewayError } from "../../src/contract/errors.ts";
import { randomBase62 } from "../platform/ids.ts";
import type { Database } from "../storage/database.ts";
import { Holders } from "./holders.ts";
import { type AccountCredit, available, Leases, UnknownAccountError } from "./lease.ts";
import { insertBatch, type SettledEntry, Settlement } from "./settlement.ts";

export { UnknownAccountError } from "./lease.ts";

/**
 * The ledger: exact money with no database write on the hot path.
 *
 * An account's balance is `accounts.balance_micros` (credit nobody holds) plus its `credit_leases`
 * (credit moved in bulk into one server process). A call reserves its price from this process's lease
 * in memory, commits or releases in memory, and committed charges are settled to `ledger_entries` in
 * batches (one transaction every `settleIntervalMs`) that also shrink the lease by what was spent. At
 * every commit of the database, Σ ledger amounts = balance_micros + Σ leases, and no column can go
 * below zero (CHECK constraints), whatever the concurrency or the number of processes.
 *
 * This class is the face of three parts: the leases (`lease.ts`: taking credit, recalls, hands-back),
 * the settlement writer (`settlement.ts`) and the holders registry (`holders.ts`: heartbeats, reclaim
 * of a dead process's leases). Leases of a process that stopped heart-beating are reclaimed by the
 * others: its unsettled charges (at most one settlement interval) are then never billed — the ledger
 * errs on the customer's side. Every time it reads comes from one clock, `now`.
 */

export interface LedgerOptions {
  holderId?: string;
  now?: () => Date;
  /** How often committed charges are written (and recalls answered). */
  settleIntervalMs?: number;
  /** Settle at once when this many entries are waiting. */
  settleBatchSize?: number;
  heartbeatIntervalMs?: number;
  /** A holder silent for this long is presumed dead and its leases are reclaimed. */
  staleHolderMs?: number;
  /** How long a process short on credit waits for other processes to hand theirs back. */
  recallWaitMs?: number;
  /** The most credit one process takes from an account at once. */
  maxLeaseMicros?: number;
  /** A lease covers at least this many calls at the account's current price... */
  minLeaseCalls?: number;
  /** ...and about this long of the account's spending at its current pace. */
  leaseHorizonMs?: number;
  /** Hand back leases of accounts that made no call for this long. */
  idleReturnMs?: number;
}

export interface ReserveMeta {
  requestId: string;
  operation: string;
}

/** A hold on an account's credit for one call: commit it when the call delivered, release it otherwise. */
export interface Reservation {
  readonly requestId: string;
  readonly accountId: string;
  readonly micros: number;
  /** Charges the held amount; a no-op after the first commit or release. */
  commit(): void;
  /** Gives the held amount back; a no-op after the first commit or release. */
  release(): void;
}

/** Prices a call given how many calls the account made today (for the reduced daily rate). */
export type PriceFn = (callsToday: number) => number;

const DEFAULTS = {
  settleIntervalMs: 100,
  settleBatchSize: 2_000,
  heartbeatIntervalMs: 1_000,
  staleHolderMs: 30_000,
  recallWaitMs: 1_000,
  maxLeaseMicros: 20_000_000,
  minLeaseCalls: 100,
  leaseHorizonMs: 2_000,
  idleReturnMs: 60_000,
};

export class Ledger {
  readonly holderId: string;
  private readonly options: typeof DEFAULTS;
  /** The one clock, in epoch milliseconds (no Date made per call unless a test injected a clock). */
  private readonly nowMs: () => number;
  private readonly leases: Leases;
  private readonly settlement: Settlement;
  private readonly holders: Holders;
  private timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(
    private readonly db: Database,
    options: LedgerOptions = {},
  ) {
    this.holderId = options.holderId ?? `holder_${randomBase62(16)}`;
    const injected = options.now;
    this.nowMs = injected ? () => injected().getTime() : Date.now;
    this.options = { ...DEFAULTS, ...stripUndefined(options) };
    this.settlement = new Settlement(db, this.holderId, this.options.settleBatchSize, (entries) =>
      this.settled(entries),
    );
    this.leases = new Leases(db, this.holderId, this.options, this.nowMs, () => this.settle());
    this.holders = new Holders(db, this.holderId, this.options.staleHolderMs);
  }

  /** Registers this process as a lease holder and starts settling, heart-beating and reclaiming. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.holders.register();
    await this.holders.reclaimStale();
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => void task().catch(() => {}), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.settleIntervalMs, () => this.tick());
    every(this.options.heartbeatIntervalMs, () => this.heartbeat());
    every(Math.max(1_000, this.options.staleHolderMs / 3), () => this.holders.reclaimStale());
  }

  /**
   * Holds the call's price on the account; throws INSUFFICIENT_BALANCE when the balance does not cover
   * it. Resolves without touching the database while this process's lease covers the call.
   */
  reserve(accountId: string, price: PriceFn, meta: ReserveMeta): Reservation | Promise<Reservation> {
    if (!this.started) throw new Error("Ledger.reserve before start()");
    const credit = this.leases.creditOf(accountId);
    const micros = priceOf(price, credit);
    // The hot path: this process's lease covers the call, so no promise and no database.
    if (available(credit) >= micros) return this.hold(accountId, credit, micros, meta);
    return this.reserveAfterAcquiring(accountId, credit, price, micros, meta);
  }

  private async reserveAfterAcquiring(
    accountId: string,
    credit: AccountCredit,
    price: PriceFn,
    firstPrice: number,
    meta: ReserveMeta,
  ): Promise<Reservation> {
    let micros = firstPrice;
    if (!this.leases.isExhausted(credit)) {
      await this.leases.acquire(accountId, credit, micros);
      // The acquisition read today's call count; the reduced rate only ever lowers the price.
      micros = priceOf(price, credit);
    }
    if (available(credit) < micros) {
      throw new GatewayError(
        "INSUFFICIENT_BALANCE",
        `The balance does not cover this call (price $${(micros / 1e6).toFixed(6)}). Top up the balance in the dashboard under Balance; retrying does not help.`,
      );
    }
    return this.hold(accountId, credit, micros, meta);
  }

  private hold(accountId: string, credit: AccountCredit, micros: number, meta: ReserveMeta): Reservation {
    credit.reserved += micros;
    credit.inflightCalls += 1;
    credit.spentSinceAcquire += micros;
    credit.lastUsed = this.nowMs();
    return new Hold(this, accountId, credit, micros, meta);
  }

  /** Adds credit to an account; returns the new balance. */
  async topUp(accountId: string, micros: number, requestId: string | null): Promise<number> {
    if (!Number.isSafeInteger(micros) || micros <= 0)
      throw new RangeError("a top-up must be a positive amount");
    await this.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        "UPDATE accounts SET balance_micros = balance_micros + $2 WHERE id = $1",
        [accountId, micros],
      );
      if (rowCount === 0) throw new UnknownAccountError(accountId);
      await insertBatch(tx, `topup:${randomBase62(20)}`, this.holderId, [
        {
          accountId,
          kind: "topup",
          amount: micros,
          reserved: 0,
          requestId: requestId ?? "",
          operation: "topup",
          atMs: this.nowMs(),
        },
      ]);
    });
    const credit = this.leases.accounts.get(accountId);
    if (credit) credit.exhaustedUntil = 0;
    return this.balance(accountId);
  }

  /** The account's balance: credit not yet charged, wherever it is held. Settles our charges first. */
  async balance(accountId: string): Promise<number> {
    await this.settle();
    const { rows } = await this.db.query<{ balance: number | null }>(
      `SELECT a.balance_micros + COALESCE((SELECT SUM(amount_micros) FROM credit_leases l WHERE l.account_id = a.id), 0)::int8 AS balance
       FROM accounts a WHERE a.id = $1`,
      [accountId],
    );
    const row = rows[0];
    if (!row || row.balance === null) throw new UnknownAccountError(accountId);
    return row.balance;
  }

  /** Writes every committed charge and release waiting in memory. */
  settle(): Promise<void> {
    return this.settlement.settle();
  }

  /** Settles, hands every lease back and unregisters. Calls still in flight should have finished. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (!this.started) return;
    await this.settle();
    await this.leases.returnAll();
    await this.holders.unregister();
    this.started = false;
  }

  /** Returns leases of holders that stopped heart-beating to their accounts' balances. */
  reclaimStaleHolders(): Promise<number> {
    return this.holders.reclaimStale();
  }

  /** Called once per hold by Hold.finish: moves the money in memory and queues the ledger entry. */
  finishHold(hold: Hold, credit: AccountCredit, kind: "charge" | "release"): void {
    credit.reserved -= hold.micros;
    credit.inflightCalls -= 1;
    if (kind === "charge") {
      credit.unsettled += hold.micros;
      credit.callsToday += 1;
    }
    this.settlement.record({
      accountId: hold.accountId,
      kind,
      amount: kind === "charge" ? -hold.micros : 0,
      reserved: hold.micros,
      requestId: hold.requestId,
      operation: hold.operation,
      atMs: this.nowMs(),
    });
  }

  /** A batch is durable: its charges have left the lease row, so they leave the lease in memory. */
  private settled(entries: readonly SettledEntry[]): void {
    for (const entry of entries)
      if (entry.kind === "charge") this.leases.settled(entry.accountId, entry.reserved);
  }

  /** Periodic work: settle, answer recalls, hand back idle leases. */
  private async tick(): Promise<void> {
    await this.settle();
    await this.leases.answerRecalls();
    await this.leases.returnIdle();
  }

  private async heartbeat(): Promise<void> {
    if (!(await this.holders.heartbeat())) this.leases.forgetAll();
  }
}

/** A reservation (a class rather than closures: one is made on every call). */
class Hold implements Reservation {
  private open = true;
  readonly requestId: string;
  readonly operation: string;

  constructor(
    private readonly ledger: Ledger,
    readonly accountId: string,
    private readonly credit: AccountCredit,
    readonly micros: number,
    meta: ReserveMeta,
  ) {
    this.requestId = meta.requestId;
    this.operation = meta.operation;
  }

  commit(): void {
    this.finish("charge");
  }

  release(): void {
    this.finish("release");
  }

  private finish(kind: "charge" | "release"): void {
    if (!this.open) return;
    this.open = false;
    this.ledger.finishHold(this, this.credit, kind);
  }
}

function priceOf(price: PriceFn, credit: AccountCredit): number {
  const micros = price(credit.callsToday + credit.inflightCalls);
  if (!Number.isSafeInteger(micros) || micros < 0) throw new RangeError(`bad price ${micros}`);
  return micros;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

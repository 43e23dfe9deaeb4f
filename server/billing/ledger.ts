import { GatewayError } from "../../src/contract/errors.ts";
import { randomBase62 } from "../platform/ids.ts";
import type { Database, Sql } from "../storage/database.ts";

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
 * When a process runs short on an account it takes more credit from the balance; when the balance is
 * empty but other processes still hold leases on the account, it asks them to hand back what they do not
 * need (a recall flag they poll) and waits briefly before answering 402, so a caller with credit left is
 * not refused because the credit sits in another process. Leases of a process that stopped
 * heart-beating are reclaimed by the others: its unsettled charges (at most one settlement interval)
 * are then never billed — the ledger errs on the customer's side.
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

interface PendingEntry {
  accountId: string;
  kind: "charge" | "release";
  amount: number;
  reserved: number;
  requestId: string;
  operation: string;
  atMs: number;
}

/** A settlement batch keeps its id across retries, which makes writing it idempotent. */
interface PendingBatch {
  id: string;
  entries: PendingEntry[];
}

interface AccountCredit {
  /** What our lease row holds, as of the last settlement. */
  leased: number;
  /** Held by calls in flight. */
  reserved: number;
  /** Committed but not yet settled (still inside `leased`). */
  unsettled: number;
  /** Days since the epoch (UTC) that callsToday counts. */
  day: number;
  /** Calls charged today as last read from the database, plus ours since. */
  callsToday: number;
  inflightCalls: number;
  /** Until when we take only what a call needs, because other processes ran short. */
  contendedUntil: number;
  /**
   * Until when a call short of credit is refused without asking the database again: the balance was
   * empty and no other process held any. Short, so a top-up made by another process is seen quickly.
   */
  exhaustedUntil: number;
  lastUsed: number;
  /** Spending since the last acquisition, to size the next lease to the account's pace. */
  spentSinceAcquire: number;
  lastAcquireAt: number;
  /** Serializes lease acquisition per account so 500 concurrent calls take one lease, not 500. */
  acquiring: Promise<unknown>;
  /**
   * This process's hands-back of the account's credit still being written: their credit has left
   * memory but is not in the balance yet, so a call short of credit waits for them before giving up.
   */
  returning: Promise<unknown>;
}

const EXHAUSTED_RECHECK_MS = 200;

/** Joins a settlement's columns for ledger_settle_packed (migration 0003), which splits them again. */
const PACKED_SEPARATOR = "\x1f";

/**
 * One column as ledger_settle_packed takes it. Ids and operation names are the server's own and hold no
 * control characters; one that did would shift its column, be refused by ledger_batches' CHECK, and
 * hold every later settlement back, so it is written with a space instead. (A lone empty text would
 * split into no element at all: it is written as a space too.)
 */
function packColumn(column: unknown[]): string {
  const joined = column.join(PACKED_SEPARATOR);
  if (joined.length === 0) return column.length === 0 ? "" : column.map(() => " ").join(PACKED_SEPARATOR);
  if (countOf(joined, PACKED_SEPARATOR) === column.length - 1) return joined;
  return column.map((v) => String(v).replaceAll(PACKED_SEPARATOR, " ")).join(PACKED_SEPARATOR);
}

function countOf(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

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
  private readonly now: () => Date;
  private readonly nowMs: () => number;
  private readonly accounts = new Map<string, AccountCredit>();
  private pending: PendingEntry[] = [];
  private unwritten: PendingBatch[] = [];
  private batchCount = 0;
  private settling: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(
    private readonly db: Database,
    options: LedgerOptions = {},
  ) {
    this.holderId = options.holderId ?? `holder_${randomBase62(16)}`;
    this.now = options.now ?? (() => new Date());
    // Read on every call: no Date made per call unless a test injected a clock.
    const injected = options.now;
    this.nowMs = injected ? () => injected().getTime() : Date.now;
    this.options = { ...DEFAULTS, ...stripUndefined(options) };
  }

  /** Registers this process as a lease holder and starts settling, heart-beating and reclaiming. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.db.query("INSERT INTO ledger_holders (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", [
      this.holderId,
    ]);
    await this.reclaimStaleHolders();
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => void task().catch(() => {}), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.settleIntervalMs, () => this.tick());
    every(this.options.heartbeatIntervalMs, () => this.heartbeat());
    every(Math.max(1_000, this.options.staleHolderMs / 3), () => this.reclaimStaleHolders());
  }

  /**
   * Holds the call's price on the account; throws INSUFFICIENT_BALANCE when the balance does not cover
   * it. Resolves without touching the database while this process's lease covers the call.
   */
  reserve(accountId: string, price: PriceFn, meta: ReserveMeta): Reservation | Promise<Reservation> {
    if (!this.started) throw new Error("Ledger.reserve before start()");
    const credit = this.creditOf(accountId);
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
    if (Date.now() >= credit.exhaustedUntil) {
      await this.acquire(accountId, credit, micros);
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
    credit.lastUsed = Date.now();
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
    const credit = this.accounts.get(accountId);
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
    // One settlement at a time; a caller arriving during one waits for it and then runs its own.
    // Writes what was committed up to now, then stops: looping until nothing is pending would, under
    // steady traffic, turn into back-to-back tiny batches (one every few calls) instead of one a tick.
    const run = async (): Promise<void> => {
      if (this.pending.length > 0) {
        this.unwritten.push({ id: `${this.holderId}:${++this.batchCount}`, entries: this.pending });
        this.pending = [];
      }
      while (this.unwritten.length > 0) {
        await this.writeBatch(this.unwritten[0]!);
        this.unwritten.shift();
      }
    };
    const next = (this.settling ?? Promise.resolve()).catch(() => {}).then(run);
    this.settling = next;
    return next;
  }

  /** Settles, hands every lease back and unregisters. Calls still in flight should have finished. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (!this.started) return;
    await this.settle();
    for (const [accountId, credit] of this.accounts) await this.returnLease(accountId, credit, true);
    // Whatever is still leased (a call that outlived the shutdown grace) goes back to the balance: the
    // holder row's deletion would otherwise cascade it away.
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE accounts a SET balance_micros = a.balance_micros + l.amount_micros
         FROM credit_leases l WHERE l.account_id = a.id AND l.holder_id = $1`,
        [this.holderId],
      );
      await tx.query("DELETE FROM ledger_holders WHERE id = $1", [this.holderId]);
    });
    this.started = false;
  }

  /** Returns leases of holders that stopped heart-beating to their accounts' balances. */
  async reclaimStaleHolders(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM ledger_holders
         WHERE heartbeat_at < now() - make_interval(secs => $1::float8 / 1000) AND id <> $2
         FOR UPDATE SKIP LOCKED`,
        [this.options.staleHolderMs, this.holderId],
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
      await tx.query("DELETE FROM ledger_holders WHERE id = ANY($1::text[])", [dead]);
      return dead.length;
    });
  }

  /** Called once per hold by Hold.finish: moves the money in memory and queues the ledger entry. */
  finishHold(hold: Hold, credit: AccountCredit, kind: "charge" | "release"): void {
    credit.reserved -= hold.micros;
    credit.inflightCalls -= 1;
    if (kind === "charge") {
      credit.unsettled += hold.micros;
      credit.callsToday += 1;
    }
    this.pending.push({
      accountId: hold.accountId,
      kind,
      amount: kind === "charge" ? -hold.micros : 0,
      reserved: hold.micros,
      requestId: hold.requestId,
      operation: hold.operation,
      atMs: this.nowMs(),
    });
    if (this.pending.length >= this.options.settleBatchSize) void this.settle().catch(() => {});
  }

  private creditOf(accountId: string): AccountCredit {
    let credit = this.accounts.get(accountId);
    const today = dayNumber(this.nowMs());
    if (!credit) {
      credit = {
        leased: 0,
        reserved: 0,
        unsettled: 0,
        day: today,
        callsToday: 0,
        inflightCalls: 0,
        contendedUntil: 0,
        exhaustedUntil: 0,
        lastUsed: Date.now(),
        spentSinceAcquire: 0,
        lastAcquireAt: Date.now(),
        acquiring: Promise.resolve(),
        returning: Promise.resolve(),
      };
      this.accounts.set(accountId, credit);
    } else if (credit.day !== today) {
      credit.day = today;
      credit.callsToday = 0;
    }
    return credit;
  }

  /** Takes more credit into this process's lease, one acquisition per account at a time. */
  private acquire(accountId: string, credit: AccountCredit, micros: number): Promise<void> {
    const run = async () => {
      if (available(credit) >= micros) return; // a call ahead of us already took enough
      if (Date.now() < credit.exhaustedUntil) return; // a call ahead of us found no credit anywhere
      const shortfall = micros - available(credit);
      await this.takeFromBalance(accountId, credit, shortfall);
      if (available(credit) >= micros) return;
      // The balance is empty here; credit may sit in other processes' leases. Ask for it back.
      const othersHold = await this.requestRecall(accountId);
      if (!othersHold) {
        await this.takeAfterOwnReturns(accountId, credit, micros);
        if (available(credit) < micros) credit.exhaustedUntil = Date.now() + EXHAUSTED_RECHECK_MS;
        return;
      }
      credit.contendedUntil = Date.now() + 5_000;
      const deadline = Date.now() + this.options.recallWaitMs;
      while (available(credit) < micros && Date.now() < deadline) {
        await sleep(20);
        await this.takeFromBalance(accountId, credit, micros - available(credit));
        if (available(credit) >= micros) return;
        if (!(await this.othersHold(accountId))) {
          // What they held may have reached the balance since our take (a recalled lease handed back
          // in between), and so may our own: one last take before giving up.
          await this.takeAfterOwnReturns(accountId, credit, micros);
          break;
        }
      }
      if (available(credit) < micros) credit.exhaustedUntil = Date.now() + EXHAUSTED_RECHECK_MS;
    };
    const next = credit.acquiring.catch(() => {}).then(run);
    credit.acquiring = next;
    return next;
  }

  /** Takes again once this process's own hands-back in flight have reached the balance. */
  private async takeAfterOwnReturns(accountId: string, credit: AccountCredit, micros: number): Promise<void> {
    await credit.returning;
    await this.takeFromBalance(accountId, credit, micros - available(credit));
  }

  private async takeFromBalance(accountId: string, credit: AccountCredit, shortfall: number): Promise<void> {
    // A call ahead of us may have freed what we were short of while we waited (the recall loop).
    if (shortfall <= 0) return;
    const contended = Date.now() < credit.contendedUntil;
    const now = Date.now();
    const pace = credit.spentSinceAcquire / Math.max(50, now - credit.lastAcquireAt); // micros per ms
    const sized = Math.max(
      Math.max(shortfall, 1) * this.options.minLeaseCalls,
      pace * this.options.leaseHorizonMs,
    );
    const want = contended
      ? shortfall
      : Math.max(shortfall, Math.min(this.options.maxLeaseMicros, Math.ceil(sized)));
    credit.spentSinceAcquire = 0;
    credit.lastAcquireAt = now;
    const day = utcDay(this.now());
    const taken = await this.db.transaction(async (tx) => {
      // Lock the account first, then decide, then write. One statement that locked the row in a CTE
      // and updated it in its main part sometimes subtracted more than the balance it had read (Postgres,
      // read committed, another process's transactions on the same row): the balance's CHECK refused
      // it, and the call failed with a database error instead of being served or refused with 402.
      const { rows } = await tx.query<{ balance: number; calls: number | null }>(
        `SELECT balance_micros AS balance,
           (SELECT calls FROM usage_daily WHERE account_id = $1 AND day = $2::date) AS calls
         FROM accounts WHERE id = $1 FOR NO KEY UPDATE`,
        [accountId, day],
      );
      const row = rows[0];
      if (!row) throw new UnknownAccountError(accountId);
      // Nothing unless the balance covers the whole shortfall: a part would only split the last credit
      // into pieces no process can serve a call with (two processes short of 1,000 holding 250 and 750
      // answered 402 to both). Left in the balance, it is there for whichever process can complete a call.
      // Otherwise take what we want, but never more than half of what is left beyond our shortfall, so
      // several processes share the last of a balance instead of one hoarding it.
      const amount =
        row.balance < shortfall
          ? 0
          : Math.min(
              row.balance,
              Math.max(shortfall, Math.min(want, Math.floor((row.balance + shortfall) / 2))),
            );
      if (amount > 0) {
        await tx.query("UPDATE accounts SET balance_micros = balance_micros - $2 WHERE id = $1", [
          accountId,
          amount,
        ]);
        await tx.query(
          `INSERT INTO credit_leases (account_id, holder_id, amount_micros) VALUES ($1, $2, $3)
           ON CONFLICT (account_id, holder_id) DO UPDATE SET amount_micros = credit_leases.amount_micros + EXCLUDED.amount_micros`,
          [accountId, this.holderId, amount],
        );
      }
      return { amount, calls: row.calls };
    });
    credit.leased += taken.amount;
    // Other processes' calls today, as settled; ours since our last settlement are in callsToday already.
    if (taken.calls !== null) credit.callsToday = Math.max(credit.callsToday, taken.calls);
  }

  /** Flags other holders' leases on this account for return; true when any holds credit. */
  private async requestRecall(accountId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE credit_leases SET recall_requested_at = now()
       WHERE account_id = $1 AND holder_id <> $2 AND amount_micros > 0`,
      [accountId, this.holderId],
    );
    return rowCount > 0;
  }

  private async othersHold(accountId: string): Promise<boolean> {
    const { rows } = await this.db.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM credit_leases WHERE account_id = $1 AND holder_id <> $2 AND amount_micros > 0) AS held`,
      [accountId, this.holderId],
    );
    return rows[0]?.held ?? false;
  }

  /** Periodic work: settle, answer recalls, hand back idle leases. */
  private async tick(): Promise<void> {
    await this.settle();
    if (this.accounts.size === 0) return;
    const { rows } = await this.db.query<{ account_id: string }>(
      "SELECT account_id FROM credit_leases WHERE holder_id = $1 AND recall_requested_at IS NOT NULL",
      [this.holderId],
    );
    for (const { account_id } of rows) {
      const credit = this.accounts.get(account_id);
      if (credit) {
        credit.contendedUntil = Date.now() + 5_000;
        await this.returnLease(account_id, credit, false);
      } else {
        await this.db.query(
          "UPDATE credit_leases SET recall_requested_at = NULL WHERE account_id = $1 AND holder_id = $2",
          [account_id, this.holderId],
        );
      }
    }
    const idleSince = Date.now() - this.options.idleReturnMs;
    for (const [accountId, credit] of this.accounts) {
      if (credit.lastUsed < idleSince && credit.reserved === 0) {
        await this.returnLease(accountId, credit, true);
        if (credit.reserved === 0 && credit.leased === 0) this.accounts.delete(accountId);
      }
    }
  }

  /** Hands back what no call in flight holds (settling first so the lease row is exact). */
  private async returnLease(accountId: string, credit: AccountCredit, deleteRow: boolean): Promise<void> {
    await this.settle();
    // Never wait for this account's acquisitions here: one may be waiting for another process to answer
    // its recall while that process waits for ours. Both row updates are relative, so they commute.
    // Taken out of memory before the first await, so a call reserving meanwhile cannot spend it.
    const giveBack = Math.max(0, available(credit));
    credit.leased -= giveBack;
    const writing = this.db.transaction(async (tx) => {
      if (giveBack > 0) {
        // Accounts before leases, the lock order of every ledger transaction.
        await tx.query("UPDATE accounts SET balance_micros = balance_micros + $2 WHERE id = $1", [
          accountId,
          giveBack,
        ]);
        await tx.query(
          "UPDATE credit_leases SET amount_micros = amount_micros - $3 WHERE account_id = $1 AND holder_id = $2",
          [accountId, this.holderId, giveBack],
        );
      }
      if (deleteRow && credit.reserved === 0 && credit.unsettled === 0) {
        await tx.query(
          "DELETE FROM credit_leases WHERE account_id = $1 AND holder_id = $2 AND amount_micros = 0",
          [accountId, this.holderId],
        );
      } else {
        await tx.query(
          "UPDATE credit_leases SET recall_requested_at = NULL WHERE account_id = $1 AND holder_id = $2",
          [accountId, this.holderId],
        );
      }
    });
    credit.returning = Promise.all([credit.returning, writing.catch(() => {})]);
    try {
      await writing;
    } catch (error) {
      credit.leased += giveBack;
      throw error;
    }
  }

  private async writeBatch(batch: PendingBatch): Promise<void> {
    const spent = new Map<string, number>();
    const usage = new Map<string, { accountId: string; day: number; calls: number; micros: number }>();
    for (const entry of batch.entries) {
      if (entry.kind !== "charge") continue;
      spent.set(entry.accountId, (spent.get(entry.accountId) ?? 0) + entry.reserved);
      const day = dayNumber(entry.atMs);
      const key = `${entry.accountId}|${day}`;
      const u = usage.get(key) ?? { accountId: entry.accountId, day, calls: 0, micros: 0 };
      usage.set(key, u);
      u.calls += 1;
      u.micros += entry.reserved;
    }
    // Accounts in id order: the lock order of every ledger transaction, so settlements, acquisitions
    // and returns on one account never wait on each other in a cycle.
    const ids = [...spent.keys()].sort();
    const days = [...usage.values()];
    // One statement (server/storage/migrations.ts, ledger_settle): the batch row, unless a batch with
    // this id was written before; then the lease shrunk by what was spent and the day's usage counted.
    // The entries go as delimited texts (ledger_settle_packed), far cheaper to pass than arrays.
    const packed = entryColumns(batch.entries).map(packColumn);
    await this.db.transaction((tx) =>
      tx.query(
        "SELECT ledger_settle_packed($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        [
          batch.id,
          this.holderId,
          ...packed,
          ids,
          ids.map((id) => spent.get(id)!),
          days.map((u) => u.accountId),
          days.map((u) => utcDay(new Date(u.day * 86_400_000))),
          days.map((u) => u.calls),
          days.map((u) => u.micros),
        ],
      ),
    );
    // Only now that the batch is durable does memory move the money out of the lease.
    for (const entry of batch.entries) {
      if (entry.kind !== "charge") continue;
      const credit = this.accounts.get(entry.accountId);
      if (!credit) continue;
      credit.unsettled -= entry.reserved;
      credit.leased -= entry.reserved;
    }
  }

  private async heartbeat(): Promise<void> {
    const { rowCount } = await this.db.query("UPDATE ledger_holders SET heartbeat_at = now() WHERE id = $1", [
      this.holderId,
    ]);
    if (rowCount === 0) {
      // Presumed dead by another process, which returned our leases to the balances: we hold nothing.
      // Calls in flight and unsettled charges now show as a negative availability, so the next call
      // takes that much back from the balance before it is served.
      await this.db.query("INSERT INTO ledger_holders (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", [
        this.holderId,
      ]);
      for (const credit of this.accounts.values()) credit.leased = 0;
    }
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

export class UnknownAccountError extends Error {
  override name = "UnknownAccountError";
  constructor(accountId: string) {
    super(`no account ${accountId}`);
  }
}

/** Writes one batch of entries as one row; false when a batch with this id was written before. */
async function insertBatch(
  tx: Sql,
  id: string,
  holderId: string,
  entries: readonly (Omit<PendingEntry, "kind"> & { kind: string })[],
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO ledger_batches (id, holder_id, account_ids, kinds, amounts, reserved, request_ids, operations, at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, holderId, ...entryColumns(entries)],
  );
  return rows.length === 1;
}

/** A batch's entries as the parallel arrays of a ledger_batches row, in its column order. */
function entryColumns(entries: readonly (Omit<PendingEntry, "kind"> & { kind: string })[]): unknown[][] {
  const columns: unknown[][] = [[], [], [], [], [], [], []];
  for (const e of entries) {
    columns[0]!.push(e.accountId);
    columns[1]!.push(e.kind);
    columns[2]!.push(e.amount);
    columns[3]!.push(e.reserved);
    columns[4]!.push(e.requestId);
    columns[5]!.push(e.operation);
    columns[6]!.push(e.atMs);
  }
  return columns;
}

function priceOf(price: PriceFn, credit: AccountCredit): number {
  const micros = price(credit.callsToday + credit.inflightCalls);
  if (!Number.isSafeInteger(micros) || micros < 0) throw new RangeError(`bad price ${micros}`);
  return micros;
}

function available(credit: AccountCredit): number {
  return credit.leased - credit.reserved - credit.unsettled;
}

function dayNumber(ms: number): number {
  return Math.floor(ms / 86_400_000);
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

import type { Database } from "../storage/database.ts";
import { dayNumber, utcDayOf } from "./settlement.ts";

/**
 * This process's leases: credit moved in bulk from an account's balance (`accounts.balance_micros`)
 * into a `credit_leases` row this process holds, so calls reserve and commit in memory. A process short
 * on credit takes more from the balance; when the balance is empty but other processes hold leases on
 * the account, it flags them for recall and waits for them to hand back what no call of theirs holds.
 */

export interface LeaseOptions {
  /** How long a process short on credit waits for other processes to hand theirs back. */
  recallWaitMs: number;
  /** The most credit one process takes from an account at once. */
  maxLeaseMicros: number;
  /** A lease covers at least this many calls at the account's current price... */
  minLeaseCalls: number;
  /** ...and about this long of the account's spending at its current pace. */
  leaseHorizonMs: number;
  /** Hand back leases of accounts that made no call for this long. */
  idleReturnMs: number;
}

export interface AccountCredit {
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
const RECALL_POLL_MS = 20;
const CONTENDED_MS = 5_000;

/** Credit this process can hold for new calls on the account. */
export function available(credit: AccountCredit): number {
  return credit.leased - credit.reserved - credit.unsettled;
}

export class Leases {
  readonly accounts = new Map<string, AccountCredit>();

  constructor(
    private readonly db: Database,
    private readonly holderId: string,
    private readonly options: LeaseOptions,
    private readonly nowMs: () => number,
    /** Writes this process's committed charges, so the lease row is exact before a hand-back. */
    private readonly settle: () => Promise<void>,
  ) {}

  /** The account's credit in this process, made on first use; today's call count reset at midnight UTC. */
  creditOf(accountId: string): AccountCredit {
    let credit = this.accounts.get(accountId);
    const now = this.nowMs();
    const today = dayNumber(now);
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
        lastUsed: now,
        spentSinceAcquire: 0,
        lastAcquireAt: now,
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

  /** Whether a call short of credit is refused without asking the database (see exhaustedUntil). */
  isExhausted(credit: AccountCredit): boolean {
    return this.nowMs() < credit.exhaustedUntil;
  }

  /** Takes more credit into this process's lease, one acquisition per account at a time. */
  acquire(accountId: string, credit: AccountCredit, micros: number): Promise<void> {
    const run = async () => {
      if (available(credit) >= micros) return; // a call ahead of us already took enough
      if (this.isExhausted(credit)) return; // a call ahead of us found no credit anywhere
      await this.takeFromBalance(accountId, credit, micros - available(credit));
      if (available(credit) >= micros) return;
      // The balance is empty here; credit may sit in other processes' leases. Ask for it back.
      if (await this.requestRecall(accountId)) {
        credit.contendedUntil = this.nowMs() + CONTENDED_MS;
        await this.waitForRecall(accountId, credit, micros);
      } else {
        await this.takeAfterOwnReturns(accountId, credit, micros);
      }
      if (available(credit) < micros) credit.exhaustedUntil = this.nowMs() + EXHAUSTED_RECHECK_MS;
    };
    const next = credit.acquiring.catch(() => {}).then(run);
    credit.acquiring = next;
    return next;
  }

  /** Takes from the balance as other holders hand their credit back, up to recallWaitMs. */
  private async waitForRecall(accountId: string, credit: AccountCredit, micros: number): Promise<void> {
    // Counted in polls rather than read from the clock, which a test may have stopped.
    for (let polls = Math.ceil(this.options.recallWaitMs / RECALL_POLL_MS); polls > 0; polls--) {
      await sleep(RECALL_POLL_MS);
      await this.takeFromBalance(accountId, credit, micros - available(credit));
      if (available(credit) >= micros) return;
      if (!(await this.othersHold(accountId))) {
        // What they held may have reached the balance since our take (a recalled lease handed back
        // in between), and so may our own: one last take before giving up.
        await this.takeAfterOwnReturns(accountId, credit, micros);
        return;
      }
    }
  }

  /** Takes again once this process's own hands-back in flight have reached the balance. */
  private async takeAfterOwnReturns(accountId: string, credit: AccountCredit, micros: number): Promise<void> {
    await credit.returning;
    await this.takeFromBalance(accountId, credit, micros - available(credit));
  }

  private async takeFromBalance(accountId: string, credit: AccountCredit, shortfall: number): Promise<void> {
    // A call ahead of us may have freed what we were short of while we waited (the recall loop).
    if (shortfall <= 0) return;
    const now = this.nowMs();
    const contended = now < credit.contendedUntil;
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
    const day = utcDayOf(now);
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

  /** Hands back what other processes asked for (their recall flags on our leases). */
  async answerRecalls(): Promise<void> {
    if (this.accounts.size === 0) return;
    const { rows } = await this.db.query<{ account_id: string }>(
      "SELECT account_id FROM credit_leases WHERE holder_id = $1 AND recall_requested_at IS NOT NULL",
      [this.holderId],
    );
    for (const { account_id } of rows) {
      const credit = this.accounts.get(account_id);
      if (credit) {
        credit.contendedUntil = this.nowMs() + CONTENDED_MS;
        await this.returnLease(account_id, credit, false);
      } else {
        await this.db.query(
          "UPDATE credit_leases SET recall_requested_at = NULL WHERE account_id = $1 AND holder_id = $2",
          [account_id, this.holderId],
        );
      }
    }
  }

  /** Hands back the leases of accounts that made no call for idleReturnMs. */
  async returnIdle(): Promise<void> {
    const idleSince = this.nowMs() - this.options.idleReturnMs;
    for (const [accountId, credit] of this.accounts) {
      if (credit.lastUsed < idleSince && credit.reserved === 0) {
        await this.returnLease(accountId, credit, true);
        if (credit.reserved === 0 && credit.leased === 0) this.accounts.delete(accountId);
      }
    }
  }

  /** Hands every lease back (shutdown). */
  async returnAll(): Promise<void> {
    for (const [accountId, credit] of this.accounts) await this.returnLease(accountId, credit, true);
  }

  /** Another process presumed us dead and returned our leases: we hold nothing. */
  forgetAll(): void {
    // Calls in flight and unsettled charges now show as a negative availability, so the next call
    // takes that much back from the balance before it is served.
    for (const credit of this.accounts.values()) credit.leased = 0;
  }

  /** Moves settled charges out of the lease in memory (the batch shrank the lease row). */
  settled(accountId: string, micros: number): void {
    const credit = this.accounts.get(accountId);
    if (!credit) return;
    credit.unsettled -= micros;
    credit.leased -= micros;
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
}

export class UnknownAccountError extends Error {
  override name = "UnknownAccountError";
  constructor(accountId: string) {
    super(`no account ${accountId}`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

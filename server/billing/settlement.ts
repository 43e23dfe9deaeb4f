import type { Database, Sql } from "../storage/database.ts";

/**
 * The batched settlement writer: committed charges and releases wait in memory and are written to
 * `ledger_batches` in one statement per batch (one every settlement interval, or sooner when a batch
 * fills up), which also shrinks the lease by what was spent and counts the day's usage.
 */

export interface SettledEntry {
  accountId: string;
  kind: "charge" | "release";
  /** What the entry moves: minus the price for a charge, 0 for a release. */
  amount: number;
  /** What the call held. */
  reserved: number;
  requestId: string;
  operation: string;
  atMs: number;
}

/** A settlement batch keeps its id across retries, which makes writing it idempotent. */
interface PendingBatch {
  id: string;
  entries: SettledEntry[];
}

/** Joins a settlement's columns for ledger_settle_packed (migration 0003), which splits them again. */
const PACKED_SEPARATOR = "\x1f";

export class Settlement {
  private pending: SettledEntry[] = [];
  private unwritten: PendingBatch[] = [];
  private batchCount = 0;
  private settling: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly holderId: string,
    private readonly batchSize: number,
    /** Called once a batch is durable, so memory moves the money out of the lease only then. */
    private readonly onDurable: (entries: readonly SettledEntry[]) => void,
  ) {}

  /** Queues one entry; settles at once when a batch's worth is waiting. */
  record(entry: SettledEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= this.batchSize) void this.settle().catch(() => {});
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
          days.map((u) => utcDayOf(u.day * 86_400_000)),
          days.map((u) => u.calls),
          days.map((u) => u.micros),
        ],
      ),
    );
    this.onDurable(batch.entries);
  }
}

/** Writes one batch of entries as one row; false when a batch with this id was written before. */
export async function insertBatch(
  tx: Sql,
  id: string,
  holderId: string,
  entries: readonly (Omit<SettledEntry, "kind"> & { kind: string })[],
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO ledger_batches (id, holder_id, account_ids, kinds, amounts, reserved, request_ids, operations, at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, holderId, ...entryColumns(entries)],
  );
  return rows.length === 1;
}

/** A batch's entries as the parallel arrays of a ledger_batches row, in its column order. */
function entryColumns(entries: readonly (Omit<SettledEntry, "kind"> & { kind: string })[]): unknown[][] {
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

/** Days since the epoch (UTC). */
export function dayNumber(ms: number): number {
  return Math.floor(ms / 86_400_000);
}

/** The UTC date of an instant, as Postgres reads a `date`. */
export function utcDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

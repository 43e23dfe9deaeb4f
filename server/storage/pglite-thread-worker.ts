import { parentPort, workerData } from "node:worker_threads";
import type { Database, QueryResult, Sql } from "./database.ts";
import { openPglite } from "./pglite-driver.ts";
import type { ThreadReply, ThreadRequest, ThreadWorkerData } from "./pglite-thread.ts";

/**
 * The embedded database's own thread (server/storage/pglite-thread.ts is the other side): PGlite opened
 * by pglite-driver.ts, as in process; it answers queries and holds transactions open between messages.
 * Started through pglite-thread-worker.mjs, which loads this module with tsx.
 */
const port = parentPort!;
const { dataDir, loadDataDir } = workerData as ThreadWorkerData;

interface OpenTransaction {
  sql?: Sql;
  end?(commit: boolean): void;
  done?: Promise<void>;
}

/** Transactions open on behalf of the other side, by number. */
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;
const ROLLBACK = Symbol("rollback");

function errorFields(error: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (error && typeof error === "object") {
    for (const [name, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") fields[name] = value;
    }
  }
  fields.message = error instanceof Error ? error.message : String(error);
  return fields;
}

function begin(db: Database): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = ++lastTransaction;
    const open: OpenTransaction = {};
    open.done = db
      .transaction(
        (sql) =>
          new Promise<void>((commit, rollback) => {
            open.sql = sql;
            open.end = (ok) => (ok ? commit() : rollback(ROLLBACK));
            transactions.set(id, open);
            resolve(id);
          }),
      )
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    // A transaction that could not begin never registered: its error is the begin's answer.
    open.done.catch(reject);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open?.end) throw new Error(`no open transaction ${id}`);
  open.end(commit);
  await open.done;
}

function handle(db: Database, request: ThreadRequest): Promise<QueryResult<unknown> | number | undefined> {
  switch (request.kind) {
    case "query": {
      const sql = request.transaction === undefined ? db : transactions.get(request.transaction)?.sql;
      if (!sql) return Promise.reject(new Error(`no open transaction ${request.transaction}`));
      return sql.query(request.text, request.params);
    }
    case "begin":
      return begin(db);
    case "end":
      return end(request.transaction, request.commit).then(() => undefined);
    case "close":
      return db.close().then(() => undefined);
    default:
      return Promise.reject(new Error(`unknown request ${(request as { kind?: unknown }).kind}`));
  }
}

let db: Database;
try {
  db = await openPglite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: errorFields(error) } satisfies ThreadReply);
  throw error;
}
port.on("message", (request: ThreadRequest) => {
  handle(db, request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies ThreadReply),
    (error) =>
      port.postMessage({ id: request.id, ok: false, error: errorFields(error) } satisfies ThreadReply),
  );
});
port.postMessage({ id: 0, ok: true, result: "ready" } satisfies ThreadReply);

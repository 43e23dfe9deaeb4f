// The embedded database's own thread (server/storage/pglite-thread.ts is the other side). Plain
// JavaScript so that the thread starts without a TypeScript loader: it opens PGlite as
// server/storage/pglite-driver.ts does (same parsers), answers queries and holds transactions open
// between messages.
import { mkdir } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";

const INT8_OID = 20;
/** INT8 columns come back as JS numbers (as parseInt8 in database.ts): amounts stay below 2^53. */
function parseInt8(value) {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value out of safe range: ${value}`);
  return n;
}

const port = parentPort;
/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer }} */
const { dataDir, loadDataDir } = workerData;
/** @type {PGlite} */
let db;
try {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    parsers: { [INT8_OID]: parseInt8, [types.NUMERIC]: Number },
  });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: errorFields(error) });
  throw error;
}

/** Transactions open on behalf of the other side, by number. */
const transactions = new Map();
let lastTransaction = 0;
const ROLLBACK = Symbol("rollback");

function errorFields(error) {
  const fields = {};
  if (error && typeof error === "object") {
    for (const [name, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") fields[name] = value;
    }
  }
  fields.message = error instanceof Error ? error.message : String(error);
  return fields;
}

async function query(sql, text, params) {
  const result = await sql.query(text, params);
  return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
}

function begin() {
  return new Promise((resolve, reject) => {
    const id = ++lastTransaction;
    const entry = {};
    entry.done = db
      .transaction(
        (sql) =>
          new Promise((commit, rollback) => {
            entry.sql = sql;
            entry.end = (ok) => (ok ? commit() : rollback(ROLLBACK));
            transactions.set(id, entry);
            resolve(id);
          }),
      )
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(id));
    // A transaction that could not begin never registered: its error is the begin's answer.
    entry.done.catch(reject);
  });
}

async function end(id, commit) {
  const entry = transactions.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  entry.end(commit);
  await entry.done;
}

async function handle(request) {
  switch (request.kind) {
    case "query": {
      const sql = request.transaction === undefined ? db : transactions.get(request.transaction)?.sql;
      if (!sql) throw new Error(`no open transaction ${request.transaction}`);
      return query(sql, request.text, request.params);
    }
    case "begin":
      return begin();
    case "end":
      return end(request.transaction, request.commit);
    case "close":
      await db.close();
      return undefined;
    default:
      throw new Error(`unknown request ${request.kind}`);
  }
}

port.on("message", (request) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result }),
    (error) => port.postMessage({ id: request.id, ok: false, error: errorFields(error) }),
  );
});
port.postMessage({ id: 0, ok: true, result: "ready" });

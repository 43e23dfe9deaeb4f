import { Worker } from "node:worker_threads";
import type { Database, QueryResult, Sql } from "./database.ts";
import type { PgliteOptions } from "./pglite-driver.ts";

/**
 * The embedded PGlite on a thread of its own. PGlite runs the database engine synchronously on the
 * thread that calls it: in-process, every settlement of the ledger (a few milliseconds of engine work
 * every 100 ms under load) held up every request behind it, and its CPU came out of the event loop's.
 * Here the event loop only posts the statement and its parameters; the SQL, the transactions and the
 * guarantees are the same (server/storage/pglite-thread-worker.ts opens PGlite with pglite-driver.ts).
 */
export interface ThreadWorkerData {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
}

type Request =
  | { kind: "query"; text: string; params: readonly unknown[]; transaction?: number }
  | { kind: "begin" }
  | { kind: "end"; transaction: number; commit: boolean }
  | { kind: "close" };

export type ThreadRequest = Request & { id: number };

export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

declare const MARKETLENS_BUNDLED: boolean | undefined;
/**
 * The thread's module: in the build (dist/, scripts/build-server.ts) the bundled one, plain JavaScript;
 * under tsx the source, through a shim that loads it with tsx (a thread starts without the loader).
 */
const THREAD_MODULE =
  typeof MARKETLENS_BUNDLED === "boolean"
    ? new URL("../../dist/pglite-thread-worker.js", import.meta.url)
    : new URL("./pglite-thread-worker.mjs", import.meta.url);

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export async function openPgliteThread(options: PgliteOptions = {}): Promise<Database> {
  const data: ThreadWorkerData = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
  };
  const worker = new Worker(THREAD_MODULE, {
    workerData: data,
    transferList: data.loadDataDir ? [data.loadDataDir] : [],
  });
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the database thread exited (${code})`)));
  worker.on("message", (reply: ThreadReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    // The thread keeps the process alive only while an answer is awaited, as an in-process database.
    if (pending.size === 0) worker.unref();
    if (reply.ok) p.resolve(reply.result);
    else p.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  });

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = ++lastId;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  // The thread answers id 0 once PGlite is open (or fails to open).
  await new Promise((resolve, reject) => pending.set(0, { resolve, reject }));

  const query =
    (transaction?: number) =>
    <T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> =>
      send({ kind: "query", text, params, ...(transaction === undefined ? {} : { transaction }) });

  return {
    kind: "pglite",
    query: query(),
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const transaction = await send<number>({ kind: "begin" });
      let result: T;
      try {
        result = await fn({ query: query(transaction) });
      } catch (error) {
        await send({ kind: "end", transaction, commit: false }).catch(() => {});
        throw error;
      }
      await send({ kind: "end", transaction, commit: true });
      return result;
    },
    async close() {
      if (!failure) await send({ kind: "close" });
      await worker.terminate();
    },
  };
}

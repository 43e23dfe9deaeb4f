import { mkdir } from "node:fs/promises";
import { PGlite, types } from "@electric-sql/pglite";
import { type Database, INT8_OID, parseInt8, type QueryResult, type Sql } from "./database.ts";

export interface PgliteOptions {
  /** Directory of the database files; omitted means in memory. */
  dataDir?: string;
  /** A dump made by dumpDataDir(), loaded instead of initializing a new cluster (much faster). */
  loadDataDir?: Blob;
}

const parsers = { [INT8_OID]: parseInt8, [types.NUMERIC]: Number };

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers,
  });
  const wrap = (q: Pick<PGlite, "query">): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(text, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  });
  const sql = wrap(pglite);
  return {
    kind: "pglite",
    pglite,
    query: sql.query,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}

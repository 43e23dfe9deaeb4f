import pg from "pg";
import { type Database, INT8_OID, parseInt8, type QueryResult, type Sql } from "./database.ts";

export interface PostgresOptions {
  url: string;
  /** Schema to work in (created if missing); tests give each file its own. */
  schema?: string;
  maxConnections?: number;
}

const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID) return parseInt8;
    if (oid === 1700) return Number; // NUMERIC: only used for sums that stay integral
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function openPostgres(options: PostgresOptions): Promise<Database & { pool: pg.Pool }> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`bad schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A pool emits errors of idle clients (a restarted server); without a listener they crash the process.
  pool.on("error", () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const wrap = (q: Pick<pg.Pool, "query">): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query(text, params as unknown[]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  const sql = wrap(pool);
  return {
    kind: "postgres",
    pool,
    query: sql.query,
    async transaction(fn) {
      // Postgres may abort a transaction as the victim of a deadlock or a serialization conflict; the
      // work itself was right, so it is run again (our transactions touch nothing outside the database).
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const result = await fn(wrap(client));
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          if (attempt >= 5 || !isRetryable(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 * Math.random()));
        } finally {
          client.release();
        }
      }
    },
    close: () => pool.end(),
  };
}

/** deadlock_detected, serialization_failure */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === "40P01" || code === "40001";
}

/**
 * What the rest of the server sees of a database: parameterized queries and transactions. Two drivers
 * implement it with the same SQL (PGlite embedded, Postgres by DATABASE_URL), so every module and every
 * storage test runs unchanged on both.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Sql {
  readonly kind: "pglite" | "postgres";
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** INT8 columns come back as JS numbers: micro-dollar amounts stay far below 2^53. */
export const INT8_OID = 20;
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value out of safe range: ${value}`);
  return n;
}

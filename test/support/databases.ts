import { readFile } from "node:fs/promises";
import { randomBase62 } from "../../server/platform/ids.ts";
import type { Database } from "../../server/storage/database.ts";
import { migrate } from "../../server/storage/migrations.ts";
import { openPglite } from "../../server/storage/pglite-driver.ts";
import { openPgliteThread } from "../../server/storage/pglite-thread.ts";
import { openPostgres } from "../../server/storage/postgres-driver.ts";
import { PGLITE_DUMP_PATH } from "./paths.ts";

/**
 * The databases every storage-facing test runs against: the embedded PGlite always, and Postgres when
 * DATABASE_URL is set (CI sets it, and there an unreachable server fails the run rather than skipping).
 */
export interface TestDatabase {
  name: "pglite" | "pglite on its own thread" | "postgres";
  open(): Promise<Database & { drop(): Promise<void> }>;
}

/** A migrated PGlite loaded from the dump made once by the global setup (0.5 s instead of 4 to 20 s). */
export async function openTestPglite(): Promise<Database & { drop(): Promise<void> }> {
  const dump = new Blob([await readFile(PGLITE_DUMP_PATH)]);
  const db = await openPglite({ loadDataDir: dump });
  await migrate(db); // no-op unless migrations were added after the dump
  return Object.assign(db, { drop: () => db.close() });
}

/** The same, on its own thread, as the server runs it (server/storage/pglite-thread.ts). */
export async function openTestPgliteThread(): Promise<Database & { drop(): Promise<void> }> {
  const db = await openPgliteThread({ loadDataDir: new Blob([await readFile(PGLITE_DUMP_PATH)]) });
  await migrate(db);
  return Object.assign(db, { drop: () => db.close() });
}

/** A migrated Postgres schema of its own, dropped by drop(). */
export async function openTestPostgres(url: string): Promise<Database & { drop(): Promise<void> }> {
  const schema = `t_${randomBase62(10).toLowerCase()}`;
  const db = await openPostgres({ url, schema, maxConnections: 20 });
  await migrate(db);
  return Object.assign(db, {
    async drop() {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  });
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { name: "pglite", open: openTestPglite },
    { name: "pglite on its own thread", open: openTestPgliteThread },
  ];
  const url = process.env.DATABASE_URL;
  if (url) list.push({ name: "postgres", open: () => openTestPostgres(url) });
  else console.warn("DATABASE_URL is not set: Postgres variants of storage tests are skipped");
  return list;
}

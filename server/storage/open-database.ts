import { join } from "node:path";
import type { Database } from "./database.ts";
import { migrate } from "./migrations.ts";
import { openPgliteThread } from "./pglite-thread.ts";
import { hasCluster, unpackSchemaDump } from "./schema-dump.ts";

export interface StorageSettings {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Postgres when DATABASE_URL is set, else the embedded PGlite in DATA_DIR on its own thread (so its
 * engine work never holds up the event loop); migrated either way. A DATA_DIR without a cluster gets
 * the shipped schema dump unpacked into it (schema-dump.ts) instead of initializing one: then PGlite
 * opens it as existing data.
 */
export async function openDatabase(settings: StorageSettings): Promise<Database> {
  if (settings.databaseUrl) {
    // Loaded only when used: the embedded default never needs the pg driver.
    const { openPostgres } = await import("./postgres-driver.ts");
    const db = await openPostgres({ url: settings.databaseUrl });
    await migrate(db);
    return db;
  }
  const dataDir = join(settings.dataDir, "pglite");
  if (!(await hasCluster(dataDir))) await unpackSchemaDump(dataDir);
  const db = await openPgliteThread({ dataDir });
  await migrate(db);
  return db;
}

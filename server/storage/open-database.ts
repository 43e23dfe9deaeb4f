import { join } from "node:path";
import type { Database } from "./database.ts";
import { migrate } from "./migrations.ts";
import { openPgliteThread } from "./pglite-thread.ts";
import { hasCluster, readSchemaDump } from "./schema-dump.ts";

export interface StorageSettings {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Postgres when DATABASE_URL is set, else the embedded PGlite in DATA_DIR on its own thread (so its
 * engine work never holds up the event loop); migrated either way. A DATA_DIR without a cluster starts
 * from the shipped schema dump (schema-dump.ts) instead of initializing one: under a second, not 8 to 14.
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
  const dump = (await hasCluster(dataDir)) ? undefined : await readSchemaDump();
  const db = await openPgliteThread({ dataDir, ...(dump ? { loadDataDir: dump } : {}) });
  await migrate(db);
  return db;
}

import { join } from "node:path";
import type { Database } from "./database.ts";
import { migrate } from "./migrations.ts";
import { openPgliteThread } from "./pglite-thread.ts";
import { openPostgres } from "./postgres-driver.ts";

export interface StorageSettings {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Postgres when DATABASE_URL is set, else the embedded PGlite in DATA_DIR on its own thread (so its
 * engine work never holds up the event loop); migrated either way.
 */
export async function openDatabase(settings: StorageSettings): Promise<Database> {
  const db = settings.databaseUrl
    ? await openPostgres({ url: settings.databaseUrl })
    : await openPgliteThread({ dataDir: join(settings.dataDir, "pglite") });
  await migrate(db);
  return db;
}

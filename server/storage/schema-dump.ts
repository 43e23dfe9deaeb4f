import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The initialized, migrated schema as a PGlite dump (issue 16 item 11): a new PGlite cluster takes 4 to
 * 20 s to initialize, loading this takes well under a second. A fresh DATA_DIR starts from it; `migrate`
 * then applies any migration newer than the dump. Regenerate with `npm run db:dump`.
 */
const HERE = fileURLToPath(new URL("./schema-dump/", import.meta.url));
export const SCHEMA_DUMP_FILE = join(HERE, "pglite.tar.gz");
/** `{migrations: [ids]}`: what the dump holds, for the staleness test. */
export const SCHEMA_DUMP_MANIFEST = join(HERE, "pglite.json");

/** Whether a PGlite data directory already holds a cluster (PostgreSQL writes PG_VERSION first). */
export async function hasCluster(dataDir: string): Promise<boolean> {
  try {
    await access(join(dataDir, "PG_VERSION"));
    return true;
  } catch {
    return false;
  }
}

/** The dump as PGlite's loadDataDir takes it; undefined when none was shipped. */
export async function readSchemaDump(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(SCHEMA_DUMP_FILE)], { type: "application/x-gzip" });
  } catch {
    return undefined;
  }
}

/**
 * `npm run db:dump`: regenerates the initialized schema that a fresh `npm start` loads instead of
 * initializing PGlite (seconds) — server/storage/schema-dump/pglite.tar.gz, with the ids of the
 * migrations it holds beside it (pglite.json). Run it after adding a migration; until then a fresh start
 * loads the older dump and `migrate` applies the newer migrations on top (a test says when it is stale).
 */
import { writeFile } from "node:fs/promises";
import { MIGRATIONS, migrate } from "../server/storage/migrations.ts";
import { openPglite } from "../server/storage/pglite-driver.ts";
import { SCHEMA_DUMP_FILE, SCHEMA_DUMP_MANIFEST } from "../server/storage/schema-dump.ts";

const db = await openPglite();
await migrate(db);
await db.query("VACUUM FULL");
// A checkpoint last, so the first start from the dump has no WAL to replay (0.5 s of CPU less there).
await db.query("CHECKPOINT");
const dump = await db.pglite.dumpDataDir("gzip");
await writeFile(SCHEMA_DUMP_FILE, new Uint8Array(await dump.arrayBuffer()));
await writeFile(
  SCHEMA_DUMP_MANIFEST,
  `${JSON.stringify({ migrations: MIGRATIONS.map((m) => m.id) }, null, 2)}\n`,
);
await db.close();
console.log(`${SCHEMA_DUMP_FILE}: ${(dump.size / 1024).toFixed(0)} KB, ${MIGRATIONS.length} migrations`);

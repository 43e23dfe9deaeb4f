import { mkdir, rename, writeFile } from "node:fs/promises";
import { migrate } from "../../server/storage/migrations.ts";
import { openPglite } from "../../server/storage/pglite-driver.ts";
import { PGLITE_DUMP_PATH, TEST_ARTIFACTS_DIR } from "./paths.ts";

/**
 * Runs once before all test files: initializes one PGlite cluster, migrates it and dumps it, so each
 * test loads a ready database in about half a second instead of initializing its own.
 */
export default async function setup(): Promise<void> {
  await mkdir(TEST_ARTIFACTS_DIR, { recursive: true });
  const db = await openPglite();
  await migrate(db);
  const dump = await db.pglite.dumpDataDir("none");
  // Written aside and renamed: another test run on this machine may be reading the previous dump.
  const partial = `${PGLITE_DUMP_PATH}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, PGLITE_DUMP_PATH);
  await db.close();
}

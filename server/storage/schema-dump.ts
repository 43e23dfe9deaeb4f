import { access, mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { readTar } from "./tar.ts";

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

/** The dump as PGlite's loadDataDir takes it (tests' in-memory databases); undefined when none was shipped. */
export async function readSchemaDump(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(SCHEMA_DUMP_FILE)], { type: "application/x-gzip" });
  } catch {
    return undefined;
  }
}

/**
 * Writes the dump's cluster into `dataDir` as PGlite would have left it, so PGlite opens it as existing
 * data. PGlite's own loadDataDir writes the files one by one through its emulated file system (some 3 s of
 * its thread for the dump's 1,350 files here); written by Node, the unpacking is I/O on libuv's pool. It is
 * unpacked beside `dataDir` and renamed into place, so a start interrupted half-way leaves no half cluster
 * (hasCluster stays false and the next start unpacks again). False when no dump was shipped.
 */
export async function unpackSchemaDump(dataDir: string, dumpFile = SCHEMA_DUMP_FILE): Promise<boolean> {
  let gzipped: Buffer;
  try {
    gzipped = await readFile(dumpFile);
  } catch {
    return false;
  }
  const entries = readTar(await promisify(gunzip)(gzipped));
  const staging = `${dataDir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    for (const entry of entries) {
      if (entry.type === "directory")
        await mkdir(join(staging, entry.path), { recursive: true, mode: entry.mode });
    }
    const files = entries.filter((e) => e.type === "file");
    await Promise.all(
      files.map(async (e) => {
        const path = join(staging, e.path);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, e.data, { mode: e.mode });
      }),
    );
    // An empty directory in the way (made by an earlier start that failed before its cluster) is
    // replaced; anything else in it is left alone and the rename fails.
    await rmdir(dataDir).catch(() => {});
    await mkdir(dirname(dataDir), { recursive: true });
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return true;
}

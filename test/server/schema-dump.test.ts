import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../server/storage/migrations.ts";
import { openDatabase } from "../../server/storage/open-database.ts";
import { hasCluster, SCHEMA_DUMP_MANIFEST, unpackSchemaDump } from "../../server/storage/schema-dump.ts";

/** The schema dump a fresh `npm start` loads (issue 16 item 11). */
describe("shipped schema dump", () => {
  it("holds every migration of the list (else run npm run db:dump)", async () => {
    const manifest = JSON.parse(await readFile(SCHEMA_DUMP_MANIFEST, "utf8")) as { migrations: string[] };
    expect(manifest.migrations, "the schema dump is stale: run npm run db:dump").toEqual(
      MIGRATIONS.map((m) => m.id),
    );
  });

  it("starts a fresh DATA_DIR from the dump, migrated, and opens it again as existing data", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "marketlens-dump-"));
    try {
      expect(await hasCluster(join(dataDir, "pglite"))).toBe(false);
      const db = await openDatabase({ databaseUrl: undefined, dataDir });
      const applied = await db.query<{ id: string }>("SELECT id FROM schema_migrations ORDER BY id");
      expect(applied.rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id).sort());
      await db.query("INSERT INTO accounts (id, email) VALUES ('acc_dumptest', 'dump@example.com')");
      await db.close();
      expect(await hasCluster(join(dataDir, "pglite"))).toBe(true);
      const again = await openDatabase({ databaseUrl: undefined, dataDir });
      expect((await again.query("SELECT id FROM accounts WHERE id = 'acc_dumptest'")).rows).toHaveLength(1);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("unpacks the dump onto disk as a cluster PGlite opens as existing data, after an interrupted start too", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "marketlens-unpack-"));
    const cluster = join(dataDir, "pglite");
    try {
      // What an earlier start killed half-way leaves: an empty data directory and its staging copy.
      await mkdir(cluster);
      await mkdir(`${cluster}.unpacking-${process.pid}`);
      await writeFile(join(`${cluster}.unpacking-${process.pid}`, "half"), "x");
      expect(await unpackSchemaDump(cluster)).toBe(true);
      expect(await hasCluster(cluster)).toBe(true);
      expect(await readdir(dataDir)).toEqual(["pglite"]);
      expect(await readdir(join(cluster, "base"))).not.toHaveLength(0);
      const db = await openDatabase({ databaseUrl: undefined, dataDir });
      const applied = await db.query<{ id: string }>("SELECT id FROM schema_migrations ORDER BY id");
      expect(applied.rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id).sort());
      await db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("leaves a data directory that holds something else alone", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "marketlens-unpack-"));
    try {
      await writeFile(join(dataDir, "notes.txt"), "mine");
      await expect(unpackSchemaDump(dataDir)).rejects.toThrow();
      expect(await readFile(join(dataDir, "notes.txt"), "utf8")).toBe("mine");
      expect(await readdir(join(dataDir, ".."))).not.toContain(
        `${dataDir.split("/").pop()}.unpacking-${process.pid}`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../server/storage/migrations.ts";
import { openDatabase } from "../../server/storage/open-database.ts";
import { hasCluster, SCHEMA_DUMP_MANIFEST } from "../../server/storage/schema-dump.ts";

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
});

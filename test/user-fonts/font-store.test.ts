/**
 * User-font storage on every database the server runs on: rows and files, one file per hash, deletion
 * keeping the row (FONT_NOT_READY) and dropping the unused file, and two server processes' font services
 * on one database: a font deleted through one stops resolving on the other at the next call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountStore } from "../../server/accounts/account-store.ts";
import { FontChecker } from "../../server/fonts/font-checker.ts";
import { UserFontStore } from "../../server/fonts/font-store.ts";
import { UserFonts } from "../../server/fonts/user-fonts.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import type { Database } from "../../server/storage/database.ts";
import { isGatewayError } from "../../src/contract/errors.ts";
import { testDatabases } from "../support/databases.ts";
import { fontBytes } from "./support.ts";

const facts = {
  family: "Test Sans",
  weight: 700,
  italic: true,
  format: "ttf" as const,
  glyphCoverage: {
    latin: true,
    hangul: true,
    kana: false,
    han: false,
    cyrillic: false,
    hebrew: false,
    arabic: false,
  },
};

for (const database of testDatabases()) {
  describe(`user fonts on ${database.name}`, () => {
    let db: Database & { drop(): Promise<void> };
    let store: UserFontStore;
    let accountId = "";
    beforeAll(async () => {
      db = await database.open();
      store = new UserFontStore(db);
      accountId = (await new AccountStore(db).createAccount({ email: `f${Date.now()}@example.com` })).id;
    });
    afterAll(() => db.drop());

    const create = (hash: string, bytes: Uint8Array = new Uint8Array([1, 2, 3])) =>
      store.create({
        accountId,
        displayName: "T",
        facts,
        hash,
        sfnt: bytes,
        uploadBytes: bytes.length,
        limit: 50,
      });

    it("stores the facts and the file, once per hash", async () => {
      const a = await create("h1", new Uint8Array([9, 8, 7]));
      const b = await create("h1", new Uint8Array([9, 8, 7]));
      expect(a.font).toMatchObject({ ...facts, ref: `user/${a.font.id}`, displayName: "T" });
      expect((await store.list(accountId)).map((s) => s.font.id)).toEqual([a.font.id, b.font.id]);
      expect(Array.from((await store.file("h1"))!)).toEqual([9, 8, 7]);
      const files = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM font_files WHERE hash = 'h1'",
      );
      expect(files.rows[0]!.n).toBe(1);

      expect(await store.delete(accountId, a.font.id, new Date())).toBe(true);
      expect(await store.file("h1")).toBeDefined(); // still used by b
      expect(await store.delete(accountId, b.font.id, new Date())).toBe(true);
      expect(await store.file("h1")).toBeUndefined();
      expect((await store.get(a.font.id))?.state).toBe("deleted");
      expect(await store.delete(accountId, a.font.id, new Date())).toBe(false);
      expect(await store.delete("acc_someoneelse", b.font.id, new Date())).toBe(false);
    });

    it("refuses past the limit, even for uploads racing each other", async () => {
      const racing = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          store.create({
            accountId,
            displayName: `r${i}`,
            facts,
            hash: `r${i}`,
            sfnt: new Uint8Array([i]),
            uploadBytes: 1,
            limit: 4,
          }),
        ),
      );
      expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(4);
      expect((await store.list(accountId)).length).toBe(4);
    });

    it("a font deleted through one process stops resolving on another at once", async () => {
      const bytes = fontBytes("hannaTtf");
      const stored = await create("shared", bytes);
      const options = {
        softCap: 50,
        cacheBytes: 32 * 1024 * 1024,
        now: () => new Date(),
        logger: silentLogger,
      };
      const checker = new FontChecker();
      const processA = new UserFonts(new UserFontStore(db), checker, options);
      const processB = new UserFonts(new UserFontStore(db), checker, options);
      const call = { targetLanguage: "ko", render: true };
      const resolved = await processA.resolveForCall(accountId, stored.font.ref, call);
      expect(resolved.bytes.length).toBe(bytes.length); // now cached in A
      expect(await processB.delete(accountId, stored.font.id)).toBe(true);
      const error = await processA.resolveForCall(accountId, stored.font.ref, call).catch((e: unknown) => e);
      expect(isGatewayError(error) && error.code).toBe("FONT_NOT_READY");
      await checker.close();
    });
  });
}

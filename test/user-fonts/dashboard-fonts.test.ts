/**
 * The dashboard's fonts API (the sub-app the dashboard mounts at /dashboard/api/fonts): uploads checked
 * in a worker and described from the file, refusals in words, the soft cap, deletion, previews drawn by
 * the engine's renderer, files stored once per hash, and one account's fonts invisible to another.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserFontSchema } from "../../src/contract/image-translate.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { fontBytes, fontsApi } from "./support.ts";

let t: TestApp;
let api: ReturnType<typeof fontsApi>;
let alice = "";
let bob = "";
const hanna = fontBytes("hannaTtf");

beforeAll(async () => {
  t = await createTestApp();
  api = fontsApi(t.services);
  alice = await t.admin.createAccount(`alice${Date.now()}@example.com`, "1.00");
  bob = await t.admin.createAccount(`bob${Date.now()}@example.com`, "1.00");
});
afterAll(() => t.close());

async function refusal(res: Response) {
  const body = (await res.json()) as { success: boolean; error: { code: string; message: string } };
  expect(body.success).toBe(false);
  return { status: res.status, code: body.error.code, message: body.error.message };
}

describe("uploading a font", () => {
  it("describes a TTF from the file itself", async () => {
    const res = await api.upload(alice, hanna, "Hanna for badges");
    expect(res.status).toBe(201);
    const font = UserFontSchema.parse(await res.json());
    expect(font).toMatchObject({
      ref: `user/${font.id}`,
      displayName: "Hanna for badges",
      family: expect.stringMatching(/hanna/i),
      weight: 400,
      italic: false,
      format: "ttf",
    });
    expect(font.glyphCoverage).toMatchObject({ latin: true, hangul: true, han: false, arabic: false });
  });

  it("reads OTF and WOFF2 (decompressed for the renderer), weight from the file", async () => {
    const otf = UserFontSchema.parse(await (await api.upload(alice, fontBytes("pretendardOtf"), "P")).json());
    expect(otf).toMatchObject({ family: "Pretendard", format: "otf", weight: 400 });
    const woff2 = await api.upload(alice, fontBytes("pretendardBoldWoff2"), "P bold");
    expect(woff2.status).toBe(201);
    const bold = UserFontSchema.parse(await woff2.json());
    expect(bold).toMatchObject({ family: "Pretendard", format: "woff2", weight: 700 });
    expect(bold.glyphCoverage).toMatchObject({ latin: true, hangul: true });
  });

  it("takes the family as the name when none is given, and keeps markup as text", async () => {
    const unnamed = UserFontSchema.parse(await (await api.upload(alice, hanna, "")).json());
    expect(unnamed.displayName).toBe(unnamed.family);
    const markup = UserFontSchema.parse(
      await (await api.upload(alice, hanna, "<img src=x onerror=alert(1)>")).json(),
    );
    expect(markup.displayName).toBe("<img src=x onerror=alert(1)>");
  });

  it("stores a file once however many fonts use it", async () => {
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM font_files f JOIN user_fonts u ON u.file_hash = f.hash WHERE u.account_id = $1 AND u.family ILIKE '%hanna%'",
      [alice],
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
    const files = await t.db.query<{ n: number }>(
      "SELECT count(DISTINCT f.hash)::int AS n FROM font_files f JOIN user_fonts u ON u.file_hash = f.hash WHERE u.family ILIKE '%hanna%'",
    );
    expect(files.rows[0]!.n).toBe(1);
  });

  it("refuses what is not a single usable font, saying why", async () => {
    const truncated = hanna.slice(0, 40_000);
    const collection = new Uint8Array(hanna.length + 16);
    collection.set(new TextEncoder().encode("ttcf"), 0);
    collection.set(hanna, 16);
    const woff1 = new Uint8Array(hanna);
    woff1.set(new TextEncoder().encode("wOFF"), 0);
    const brokenWoff2 = fontBytes("pretendardBoldWoff2").slice(0, 5_000);
    const oversized = new Uint8Array(10 * 1024 * 1024 + 1);
    oversized.set(hanna, 0);
    const cases: [string, Uint8Array, number, string, RegExp][] = [
      [
        "a text file",
        new TextEncoder().encode("hello, this is not a font"),
        415,
        "FONT_FORMAT_UNSUPPORTED",
        /not a font/,
      ],
      ["a collection", collection, 415, "FONT_FORMAT_UNSUPPORTED", /collection \(TTC or OTC\)/],
      ["WOFF 1", woff1, 415, "FONT_FORMAT_UNSUPPORTED", /WOFF \(version 1\)/],
      ["a truncated TTF", truncated, 422, "FONT_INVALID", /truncated/],
      ["a truncated WOFF2", brokenWoff2, 422, "FONT_INVALID", /WOFF2 .*corrupt or truncated/],
      [
        "a font with no whole script",
        fontBytes("pretendardSubsetWoff2"),
        422,
        "FONT_INVALID",
        /no usable glyphs/,
      ],
      ["an empty file", new Uint8Array(0), 422, "FONT_INVALID", /empty/],
      ["over 10 MiB", oversized, 413, "FONT_TOO_LARGE", /10 MiB/],
    ];
    for (const [what, bytes, status, code, message] of cases) {
      const got = await refusal(await api.upload(bob, bytes));
      expect({ what, status: got.status, code: got.code }).toEqual({ what, status, code });
      expect(got.message).toMatch(message);
    }
    expect(await (await api.list(bob)).json()).toEqual([]);
  });

  it("refuses a request without a file, or not multipart", async () => {
    const form = new FormData();
    form.set("displayName", "nothing");
    const none = await refusal(await api.raw(bob, "", { method: "POST", body: form }));
    expect(none).toMatchObject({ status: 400, code: "BAD_REQUEST" });
    expect(none.message).toMatch(/file/);
    const json = await api.raw(bob, "", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await refusal(json)).toMatchObject({ status: 400, code: "BAD_REQUEST" });
  });

  it("holds an account to the soft cap of 50 fonts", async () => {
    const carol = await t.admin.createAccount(`carol${Date.now()}@example.com`, "1.00");
    const first = UserFontSchema.parse(await (await api.upload(carol, hanna)).json());
    const { rows } = await t.db.query<{ file_hash: string }>(
      "SELECT file_hash FROM user_fonts WHERE id = $1",
      [first.id],
    );
    for (let i = 1; i < 50; i++) {
      await t.db.query(
        `INSERT INTO user_fonts (id, account_id, display_name, family, weight, italic, format, glyph_coverage, file_hash)
         SELECT $1, account_id, display_name, family, weight, italic, format, glyph_coverage, file_hash FROM user_fonts WHERE id = $2`,
        [`fnt_cap${i}x${Date.now()}`, first.id],
      );
    }
    expect(rows[0]!.file_hash).toBeTruthy();
    const over = await refusal(await api.upload(carol, hanna));
    expect(over).toMatchObject({ status: 409, code: "FONT_LIMIT_REACHED" });
    expect(over.message).toMatch(/50 fonts/);
    expect(await api.delete(carol, first.id).then((r) => r.status)).toBe(204);
    expect((await api.upload(carol, hanna)).status).toBe(201);
  });
});

describe("listing, previews and deletion", () => {
  let fontId = "";
  beforeAll(async () => {
    fontId = UserFontSchema.parse(await (await api.upload(alice, hanna, "To delete")).json()).id;
  });

  it("lists only the caller's own fonts, with every field of the spec's User font", async () => {
    const mine = (await (await api.list(alice)).json()) as unknown[];
    expect(mine.length).toBeGreaterThanOrEqual(2);
    for (const font of mine) expect(() => UserFontSchema.strict().parse(font)).not.toThrow();
    expect(mine.map((f) => (f as { id: string }).id)).toContain(fontId);
    const theirs = (await (await api.list(bob)).json()) as { id: string }[];
    expect(theirs.map((f) => f.id)).not.toContain(fontId);
  });

  it("draws a preview of each covered script with the engine's renderer", async () => {
    const res = await api.preview(alice, fontId, "hangul");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const image = await loadImage(Buffer.from(await res.arrayBuffer()));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) ink++;
    expect(ink).toBeGreaterThan(500); // text was drawn, not an empty card
    expect((await api.preview(alice, fontId)).status).toBe(200);
    expect(await refusal(await api.preview(alice, fontId, "arabic"))).toMatchObject({
      status: 422,
      code: "FONT_GLYPH_COVERAGE",
    });
    expect((await refusal(await api.preview(alice, fontId, "klingon"))).status).toBe(400);
  });

  it("shows and deletes nothing of another account's", async () => {
    expect(await refusal(await api.preview(bob, fontId))).toMatchObject({
      status: 404,
      code: "FONT_NOT_FOUND",
    });
    expect(await refusal(await api.delete(bob, fontId))).toMatchObject({
      status: 404,
      code: "FONT_NOT_FOUND",
    });
  });

  it("deletes a font: gone from the list, a second delete is 404", async () => {
    expect((await api.delete(alice, fontId)).status).toBe(204);
    const mine = (await (await api.list(alice)).json()) as { id: string }[];
    expect(mine.map((f) => f.id)).not.toContain(fontId);
    expect((await api.delete(alice, fontId)).status).toBe(404);
    expect((await api.preview(alice, fontId)).status).toBe(404);
  });
});

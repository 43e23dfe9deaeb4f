/**
 * User fonts through /v1: listed in supported-fonts, drawn by translate with `font=user/<id>` (pixels
 * compared with the same text in bundled fonts), and every FONT_* code in its case, none of them charged.
 */
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { successEnvelope } from "../../src/contract/envelope.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import { FontsRegistrySchema, type UserFont, UserFontSchema } from "../../src/contract/image-translate.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { fontBytes, fontsApi } from "./support.ts";

let t: TestApp;
let api: ReturnType<typeof fontsApi>;
let owner: { accountId: string; key: string };
let stranger: { accountId: string; key: string };
let hanna: UserFont;
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 480).toBuffer("image/jpeg", 90),
);
const translatePath = (query: string) => `/v1/image-translate/translate?source_language=zh&${query}`;

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_WORKERS: "1" } });
  api = fontsApi(t.services);
  owner = await t.admin.customer("1.00");
  stranger = await t.admin.customer("1.00");
  hanna = UserFontSchema.parse(
    await (await api.upload(owner.accountId, fontBytes("hannaTtf"), "Hanna")).json(),
  );
  await t.services.imaging.warm();
}, 180_000);
afterAll(() => t.close());

const balance = async (accountId: string) => (await t.admin.account(accountId)).balanceMicros;

/** `key` null sends no x-api-key. */
function translate(query: string, key: string | null = owner.key) {
  return t.request(translatePath(query), {
    method: "POST",
    headers: { "content-type": "image/jpeg", ...(key ? { "x-api-key": key } : {}) },
    body: product,
  });
}

async function errorOf(res: Response) {
  const body = ErrorBodySchema.parse(await res.json());
  return { status: res.status, code: body.error.code, message: body.error.message };
}

async function pixels(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/jpeg");
  const image = await loadImage(Buffer.from(await res.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

/** Mean absolute difference per channel over the image, and the share of pixels that differ clearly. */
function compare(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  let sum = 0;
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    sum += d / 3;
    if (d / 3 > 40) changed++;
  }
  return { mean: sum / (a.length / 4), changedShare: changed / (a.length / 4) };
}

describe("supported-fonts", () => {
  it("lists the caller's fonts in userFonts with every field of the spec, and no one else's", async () => {
    const res = await t.request("/v1/image-translate/supported-fonts", {
      headers: { "x-api-key": owner.key },
    });
    const { data } = successEnvelope(FontsRegistrySchema).parse(await res.json());
    expect(data.userFonts).toEqual([hanna]);
    for (const font of data.userFonts) expect(() => UserFontSchema.strict().parse(font)).not.toThrow();
    expect(data.allFonts).toEqual(["Pretendard", "BMHANNAPro", "NotoSansKR", "NotoSansSC"]);
    const theirs = await t.request("/v1/image-translate/supported-fonts", {
      headers: { "x-api-key": stranger.key },
    });
    expect(successEnvelope(FontsRegistrySchema).parse(await theirs.json()).data.userFonts).toEqual([]);
  });
});

describe("translate with font=user/<id>", () => {
  it("draws the translation with the uploaded font's glyphs", async () => {
    // The uploaded file is BM Hanna, which is also bundled: its drawing must match the bundled
    // BMHANNAPro and differ from Pretendard where the glyphs differ.
    const weight = "font_weight=Regular&target_language=ko";
    const user = await pixels(await translate(`${weight}&font=${hanna.ref}`));
    const sameGlyphs = await pixels(await translate(`${weight}&font=BMHANNAPro`));
    const otherGlyphs = await pixels(await translate(`${weight}&font=Pretendard`));
    const same = compare(user, sameGlyphs);
    const other = compare(user, otherGlyphs);
    expect(same.mean).toBeLessThan(0.5);
    expect(other.changedShare).toBeGreaterThan(0.002);
    expect(other.mean).toBeGreaterThan(10 * Math.max(same.mean, 0.05));
  });
});

describe("FONT_* codes", () => {
  it("FONT_NOT_FOUND for a missing id and for another account's font, told apart by nothing", async () => {
    const missing = await errorOf(await translate("target_language=ko&font=user/fnt_doesnotexist0000"));
    const foreign = await errorOf(await translate(`target_language=ko&font=${hanna.ref}`, stranger.key));
    expect(missing).toMatchObject({ status: 404, code: "FONT_NOT_FOUND" });
    expect(foreign).toMatchObject({ status: 404, code: "FONT_NOT_FOUND" });
    expect(foreign.message.replace(hanna.id, "ID")).toBe(
      missing.message.replace("fnt_doesnotexist0000", "ID"),
    );
  });

  it("FONT_AUTH_REQUIRED (401) for a user font named without a key; a bundled font without a key is UNAUTHORIZED", async () => {
    expect(await errorOf(await translate(`target_language=ko&font=${hanna.ref}`, null))).toMatchObject({
      status: 401,
      code: "FONT_AUTH_REQUIRED",
    });
    expect(await errorOf(await translate("target_language=ko&font=Pretendard", null))).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("FONT_GLYPH_COVERAGE before any rendering, naming the script and the target; free", async () => {
    const before = await balance(owner.accountId);
    const err = await errorOf(await translate(`target_language=zh-CN&font=${hanna.ref}`));
    expect(err).toMatchObject({ status: 422, code: "FONT_GLYPH_COVERAGE" });
    expect(err.message).toMatch(/han/);
    expect(err.message).toMatch(/zh-CN/);
    expect((await errorOf(await translate(`target_language=ru&font=${hanna.ref}`))).message).toMatch(
      /cyrillic.*ru/,
    );
    // A target without a required script has no gate; render=false draws nothing, so nothing to gate.
    const data = await translate(`target_language=zh-CN&render=false&font=${hanna.ref}`);
    expect(data.status).toBe(200);
    expect(before - (await balance(owner.accountId))).toBe(5_000);
  });

  it("FONT_NOT_READY once deleted, at once, and for a rejected font", async () => {
    const doomed = UserFontSchema.parse(
      await (await api.upload(owner.accountId, fontBytes("hannaTtf"))).json(),
    );
    expect((await translate(`target_language=ko&render=false&font=${doomed.ref}`)).status).toBe(200);
    expect((await api.delete(owner.accountId, doomed.id)).status).toBe(204);
    const before = await balance(owner.accountId);
    expect(await errorOf(await translate(`target_language=ko&font=${doomed.ref}`))).toMatchObject({
      status: 409,
      code: "FONT_NOT_READY",
    });
    const rejected = UserFontSchema.parse(
      await (await api.upload(owner.accountId, fontBytes("hannaTtf"))).json(),
    );
    await t.services.fonts.store.reject(rejected.id, "its licence forbids embedding");
    const err = await errorOf(await translate(`target_language=ko&font=${rejected.ref}`));
    expect(err).toMatchObject({ status: 409, code: "FONT_NOT_READY" });
    expect(err.message).toMatch(/licence/);
    expect(await balance(owner.accountId)).toBe(before);
  });

  it("FONT_RESOLVE_ERROR (500) when the stored bytes cannot be loaded; not charged", async () => {
    // A file of its own (a trailing byte changes the hash), so no cache holds good bytes for it.
    const bytes = fontBytes("hannaTtf");
    const own = new Uint8Array(bytes.length + 4);
    own.set(bytes);
    const font = UserFontSchema.parse(await (await api.upload(owner.accountId, own)).json());
    await t.db.query(
      "UPDATE font_files SET sfnt = $1 WHERE hash = (SELECT file_hash FROM user_fonts WHERE id = $2)",
      [new TextEncoder().encode("no longer a font, the storage was damaged"), font.id],
    );
    const before = await balance(owner.accountId);
    expect(await errorOf(await translate(`target_language=ko&font=${font.ref}`))).toMatchObject({
      status: 500,
      code: "FONT_RESOLVE_ERROR",
    });
    expect(await balance(owner.accountId)).toBe(before);
  });
});

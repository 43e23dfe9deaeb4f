import { createCanvas } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../server/sandbox/catalog/catalog.ts";
import { drawProductImage } from "../../server/sandbox/images/render.ts";
import { successEnvelope } from "../../src/contract/envelope.ts";
import { ErrorBodySchema } from "../../src/contract/errors.ts";
import {
  FontsRegistrySchema,
  OcrDataSchema,
  TranslateDataSchema,
} from "../../src/contract/image-translate.ts";
import { pngHeader } from "../engine/support/images.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

/**
 * /v1/image-translate through HTTP, with the real engine in its worker threads: the spec's outputs, the
 * image-translate rate charged only for delivered work, and every bad input answered with its code.
 */
const PRICE = 5_000; // $0.005, the default image-translate rate

let t: TestApp;
let key = "";
let accountId = "";
const product = new Uint8Array(
  drawProductImage(catalogOf("crossborder").products[1]!, 0, "zh", 480).toBuffer("image/jpeg", 90),
);

beforeAll(async () => {
  t = await createTestApp({ env: { IMAGE_WORKERS: "1" } });
  ({ key, accountId } = await t.admin.customer("1.00"));
  await t.services.imaging.warm();
}, 120_000);
afterAll(() => t.close());

const balance = async () => (await t.admin.account(accountId)).balanceMicros;
const post = async (path: string, body: Uint8Array<ArrayBuffer> | string, type = "image/jpeg") =>
  t.request(path, { method: "POST", headers: { "x-api-key": key, "content-type": type }, body });

async function errorOf(res: Response) {
  const text = await res.text();
  if (!res.headers.get("content-type")?.includes("json"))
    return { status: res.status, code: `not JSON: ${res.headers.get("content-type")}` };
  return { status: res.status, code: ErrorBodySchema.parse(JSON.parse(text)).error.code };
}

describe("image translation", () => {
  it("translates a product image into a JPEG with the regions count, at the image-translate rate", async () => {
    const before = await balance();
    const res = await post("/v1/image-translate/translate?source_language=zh&target_language=ko", product);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Number(res.headers.get("x-service-regions-count"))).toBeGreaterThanOrEqual(2);
    expect(res.headers.get("x-service-request-id")).toMatch(/^req_/);
    const jpeg = new Uint8Array(await res.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(Buffer.compare(jpeg, product)).not.toBe(0);
    expect(before - (await balance())).toBe(PRICE);
  });

  it("answers render=false with the erased image and every region as the spec describes", async () => {
    const res = await post(
      "/v1/image-translate/translate?source_language=zh&target_language=ko&render=false&font=NotoSansKR",
      product,
    );
    expect(res.status).toBe(200);
    const { data } = successEnvelope(TranslateDataSchema).parse(await res.json());
    expect(data.regions_count).toBe(data.regions.length);
    expect(data.regions.map((r) => r.text)).toContain("热卖");
    const badge = data.regions.find((r) => r.text === "热卖")!;
    expect(badge.text_kr).toMatch(/[가-힣]/);
    expect(badge.is_badge).toBe(true);
    const erased = Buffer.from(data.inpainted_base64, "base64");
    expect([erased[0], erased[1]]).toEqual([0xff, 0xd8]);
  });

  it("counts the same regions in X-Service-Regions-Count and in regions_count", async () => {
    const path = "/v1/image-translate/translate?source_language=zh&target_language=ko";
    const drawn = await post(path, product);
    const json = await post(`${path}&render=false`, product);
    const { data } = successEnvelope(TranslateDataSchema).parse(await json.json());
    expect(Number(drawn.headers.get("x-service-regions-count"))).toBe(data.regions_count);
    expect(data.regions.every((r) => r.text_kr !== r.text)).toBe(true);
  });

  it("reads text without changing anything on OCR", async () => {
    const res = await post("/v1/image-translate/ocr?source_language=auto", product);
    const { data } = successEnvelope(OcrDataSchema).parse(await res.json());
    expect([data.src_w, data.src_h]).toEqual([480, 480]);
    expect(data.regions_found).toBe(data.regions.length);
    expect(data.regions.some((r) => r.text.includes("45.30"))).toBe(true);
  });

  it("returns an image without text untouched, with count 0", async () => {
    const canvas = createCanvas(200, 120);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#3a7bd5";
    ctx.fillRect(0, 0, 200, 120);
    const png = new Uint8Array(canvas.toBuffer("image/png"));
    const res = await post(
      "/v1/image-translate/translate?source_language=en&target_language=ko",
      png,
      "image/png",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-regions-count")).toBe("0");
    expect(Buffer.compare(new Uint8Array(await res.arrayBuffer()), png)).toBe(0);
  });

  it("lists the fonts registry free of charge", async () => {
    const before = await balance();
    const res = await t.request("/v1/image-translate/supported-fonts", { headers: { "x-api-key": key } });
    const { data } = successEnvelope(FontsRegistrySchema).parse(await res.json());
    expect(data.fontsByLanguage.ko).toEqual(["Pretendard", "BMHANNAPro", "NotoSansKR"]);
    expect(data.defaultByLanguage["zh-CN"]).toBe("NotoSansSC");
    expect(data.allFonts).toEqual(["Pretendard", "BMHANNAPro", "NotoSansKR", "NotoSansSC"]);
    expect(data.userFonts).toEqual([]);
    expect(await balance()).toBe(before);
    expect((await t.request("/v1/image-translate/supported-fonts")).status).toBe(401);
  });
});

describe("image translation bad input", () => {
  const translate = "/v1/image-translate/translate?source_language=zh&target_language=ko";

  it("answers each with its code and charges none of them", async () => {
    const before = await balance();
    const cases: [string, () => Promise<Response>, number, string][] = [
      [
        "JSON instead of bytes",
        () => post(translate, '{"image":"..."}', "application/json"),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
      ["empty body", () => post(translate, new Uint8Array(0)), 400, "BAD_REQUEST"],
      [
        "no source_language",
        () => post("/v1/image-translate/translate?target_language=ko", product),
        400,
        "BAD_REQUEST",
      ],
      ["unknown source_language", () => post(translate.replace("=zh", "=xx"), product), 400, "BAD_REQUEST"],
      ["unknown parameter", () => post(`${translate}&quality=90`, product), 400, "BAD_REQUEST"],
      [
        "a target language no translator here writes",
        () => post(translate.replace("=ko", "=fr"), product),
        400,
        "BAD_REQUEST",
      ],
      ["unknown font", () => post(`${translate}&font=Comic`, product), 400, "BAD_REQUEST"],
      ["render not a boolean", () => post(`${translate}&render=maybe`, product), 400, "BAD_REQUEST"],
      [
        "a user font that does not exist",
        () => post(`${translate}&font=user/abc123`, product),
        404,
        "FONT_NOT_FOUND",
      ],
      ["not an image", () => post(translate, new TextEncoder().encode("hello, world")), 422, "INVALID_IMAGE"],
      ["a truncated JPEG", () => post(translate, product.slice(0, 600)), 422, "INVALID_IMAGE"],
      [
        "9000 x 9000 pixels",
        () => post(translate, pngHeader(9000, 9000), "image/png"),
        413,
        "IMAGE_TOO_LARGE",
      ],
      ["over 20 MB", () => post(translate, new Uint8Array(20 * 1024 * 1024 + 1)), 413, "PAYLOAD_TOO_LARGE"],
    ];
    for (const [what, send, status, code] of cases) {
      expect({ what, ...(await errorOf(await send())) }).toEqual({ what, status, code });
    }
    expect(await balance()).toBe(before);
  });

  it("names the parameter and the limits in its messages", async () => {
    const res = await post("/v1/image-translate/translate?target_language=ko", product);
    expect(ErrorBodySchema.parse(await res.json()).error.message).toMatch(/source_language/);
    const fr = await post(translate.replace("=ko", "=fr"), product);
    expect(ErrorBodySchema.parse(await fr.json()).error.message).toMatch(/"fr".*ko, en, ja, zh-CN, zh-TW/);
    const big = await post(translate, pngHeader(9000, 100), "image/png");
    expect(ErrorBodySchema.parse(await big.json()).error.message).toMatch(/9000x100.*8192x8192/);
  });

  it("answers wrong methods with NOT_FOUND saying which method to use", async () => {
    const res = await t.request("/v1/image-translate/translate", { headers: { "x-api-key": key } });
    expect(res.status).toBe(404);
    expect(ErrorBodySchema.parse(await res.json()).error.message).toMatch(/POST/);
  });
});

describe("image translation under concurrency", () => {
  it("serves concurrent calls, each charged once, and releases a call whose caller went away", async () => {
    const before = await balance();
    const path = "/v1/image-translate/translate?source_language=zh&target_language=en";
    const statuses = await Promise.all(
      Array.from({ length: 4 }, async () => (await post(path, product)).status),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(before - (await balance())).toBe(4 * PRICE);

    const controller = new AbortController();
    const gone = Promise.resolve(
      t.app.request(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "x-api-key": key, "content-type": "image/jpeg" },
          body: product,
          signal: controller.signal,
        }),
      ),
    ).catch(() => undefined);
    setTimeout(() => controller.abort(), 30);
    await gone;
    expect(before - (await balance())).toBe(4 * PRICE);
    // The pool keeps working after a task was abandoned.
    expect((await post(path, product)).status).toBe(200);
  });
});

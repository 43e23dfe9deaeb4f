/**
 * What the engine owes a user whatever the translator returns: a line it could not translate stays in
 * the picture exactly as it was (never half-erased, never two scripts in one line), TRANSLATION_FAILED
 * when nothing at all was translated, and one count of replaced regions in the header and the data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TextRegion } from "../../src/contract/image-translate.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { NodeImageCodec } from "../../src/engine/node/node-codec.ts";
import type { RgbaImage } from "../../src/engine/raster.ts";
import type { TranslationResult, Translator } from "../../src/translate/port.ts";
import { drawImage } from "./support/images.ts";

const engine = createNodeEngine();
const codec = new NodeImageCodec();
let poster: Uint8Array;

beforeAll(async () => {
  await engine.loadModels();
  const bold = await engine.fonts.bundled("NotoSansSC", 700);
  poster = await drawImage(
    520,
    360,
    [
      { text: "全场包邮", x: 40, y: 80, size: 44, face: bold, color: "#c81e1e" },
      { text: "新品上市", x: 40, y: 190, size: 40, face: bold, color: "#1a3c8c" },
      { text: "限时特价", x: 320, y: 300, size: 30, face: bold, color: "#ffffff", badge: "#d0302a" },
    ],
    { format: "jpeg" },
  );
});

afterAll(() => engine.dispose());

/** Translates what its table knows; keeps (or, with `mode: "failed"`, fails) everything else. */
function tableTranslator(table: Record<string, string>, mode: "kept" | "failed" = "kept"): Translator {
  return {
    name: "table",
    async translateBatch(texts): Promise<TranslationResult[]> {
      return texts.map((text) =>
        table[text] !== undefined
          ? { text: table[text]!, status: "translated", provider: "table" }
          : { text, status: mode, provider: "table", reason: mode === "failed" ? "offline" : undefined },
      );
    },
  };
}

async function decode(bytes: Uint8Array): Promise<RgbaImage> {
  return (await codec.decode(bytes, bytes[0] === 0xff ? "jpeg" : "png")).image;
}

/** Mean absolute channel difference inside a box. */
function meanDifference(a: RgbaImage, b: RgbaImage, box: TextRegion["bbox"]): number {
  let sum = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * a.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      n += 3;
    }
  }
  return sum / n;
}

describe("a line the translator could not translate", () => {
  it("stays in the picture as it was, not erased, while its neighbours are replaced", async () => {
    const translator = tableTranslator({ 全场包邮: "전 품목 무료 배송", 限时特价: "기간 한정 특가" });
    const ocr = await engine.ocr(poster, { sourceLanguage: "zh" });
    const kept = ocr.regions.find((r) => r.text === "新品上市");
    expect(kept).toBeDefined();
    const out = await engine.translate(poster, {
      sourceLanguage: "zh",
      targetLanguage: "ko",
      translator,
      includeData: true,
    });
    if (out.kind !== "image" || !out.data) throw new Error("expected an image with data");
    const before = await decode(poster);
    const drawn = await decode(out.image);
    const erased = await decode(Buffer.from(out.data.inpainted_base64, "base64"));
    // Only JPEG noise inside the kept line's box, in the erased picture and in the drawn one.
    expect(meanDifference(before, erased, kept!.bbox)).toBeLessThan(3);
    expect(meanDifference(before, drawn, kept!.bbox)).toBeLessThan(3);
    // And the translated neighbour really was repainted.
    const replaced = out.regions.find((r) => r.text === "全场包邮")!;
    expect(meanDifference(before, drawn, replaced.bbox)).toBeGreaterThan(10);
  });

  it("is left as it was when the translation still carries source characters, not drawn in two scripts", async () => {
    const translator = tableTranslator({
      全场包邮: "전 품목 무료 배송",
      新品上市: "신상품 上市",
      限时特价: "기간 한정 특가",
    });
    const out = await engine.translate(poster, {
      sourceLanguage: "zh",
      targetLanguage: "ko",
      translator,
      render: false,
    });
    if (out.kind !== "data") throw new Error("expected data");
    expect(out.data.regions.map((r) => r.text).sort()).toEqual(["全场包邮", "限时特价"]);
    expect(out.data.regions.every((r) => !/[\u4e00-\u9fff]/.test(r.text_kr))).toBe(true);
  });
});

describe("TRANSLATION_FAILED", () => {
  it("when every text was kept: a target the translator does not write gives no picture with the source in it", async () => {
    const translator = tableTranslator({});
    await expect(
      engine.translate(poster, { sourceLanguage: "zh", targetLanguage: "fr", translator }),
    ).rejects.toMatchObject({
      code: "TRANSLATION_FAILED",
      message: expect.stringContaining("into fr"),
    });
  });

  it("when every text failed, with the translator's reason", async () => {
    await expect(
      engine.translate(poster, {
        sourceLanguage: "zh",
        targetLanguage: "ko",
        translator: tableTranslator({}, "failed"),
      }),
    ).rejects.toMatchObject({ code: "TRANSLATION_FAILED", message: expect.stringContaining("offline") });
  });
});

describe("region counts", () => {
  it("agree between the drawn picture's count and the data's regions_count when a region was kept", async () => {
    const translator = tableTranslator({ 全场包邮: "전 품목 무료 배송", 限时特价: "기간 한정 특가" });
    const request = { sourceLanguage: "zh" as const, targetLanguage: "ko", translator };
    const drawn = await engine.translate(poster, request);
    const data = await engine.translate(poster, { ...request, render: false });
    if (drawn.kind !== "image" || data.kind !== "data") throw new Error("expected both kinds");
    expect(drawn.regionsCount).toBe(2);
    expect(drawn.keptCount).toBe(1);
    expect(data.data.regions_count).toBe(2);
    expect(data.data.regions.length).toBe(2);
    expect(drawn.regions.map((r) => r.text).sort()).toEqual(data.data.regions.map((r) => r.text).sort());
  });
});

/**
 * The engine end to end in Node with the real models: OCR results and translate outputs in the spec's
 * shapes, Japanese through tesseract, progress and cancellation, translation failures and the font gate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OcrDataSchema, TranslateDataSchema } from "../../src/contract/image-translate.ts";
import { ImageEngine } from "../../src/engine/engine.ts";
import { normalizeForScoring } from "../../src/engine/eval/text-metrics.ts";
import { quadAngle } from "../../src/engine/geometry.ts";
import { createNodeEngine, createNodePorts } from "../../src/engine/node/create-node-engine.ts";
import { NodeImageCodec } from "../../src/engine/node/node-codec.ts";
import type { EngineStage } from "../../src/engine/progress.ts";
import { createDictionaryTranslator } from "../../src/engine/testing/dictionary-translator.ts";
import type { FontFace } from "../../src/fonts/font-library.ts";
import type { Translator } from "../../src/translate/port.ts";
import { drawImage } from "./support/images.ts";

const engine = createNodeEngine();
let sc: FontFace;
let scBold: FontFace;
let poster: Uint8Array;

beforeAll(async () => {
  await engine.loadModels();
  sc = await engine.fonts.bundled("NotoSansSC", 400);
  scBold = await engine.fonts.bundled("NotoSansSC", 700);
  poster = await drawImage(480, 320, [
    { text: "全场包邮", x: 40, y: 80, size: 44, face: scBold, color: "#c81e1e" },
    { text: "Free Shipping", x: 40, y: 170, size: 34, face: sc },
    { text: "限时特价", x: 300, y: 270, size: 30, face: scBold, color: "#ffffff", badge: "#d0302a" },
  ]);
});

afterAll(() => engine.dispose());

const dictionary = createDictionaryTranslator({
  entries: { 全场包邮: "Free shipping storewide", 限时特价: "Limited offer" },
  byTarget: { ko: { "Free Shipping": "무료 배송" } },
});

describe("OCR", () => {
  it("reads Chinese and English lines into the spec's OCR data", async () => {
    const data = await engine.ocr(poster, { sourceLanguage: "zh" });
    expect(() => OcrDataSchema.parse(data)).not.toThrow();
    expect(data).toMatchObject({ src_w: 480, src_h: 320, regions_found: data.regions.length });
    const texts = data.regions.map((r) => normalizeForScoring(r.text));
    expect(texts).toEqual(expect.arrayContaining(["全场包邮", "freeshipping", "限时特价"]));
    for (const r of data.regions) {
      expect(r.confidence).toBeGreaterThan(0.8);
      for (const [x, y] of r.polygon) {
        expect(x).toBeGreaterThanOrEqual(r.bbox.x - 1);
        expect(x).toBeLessThanOrEqual(r.bbox.x + r.bbox.w + 1);
        expect(y).toBeGreaterThanOrEqual(r.bbox.y - 1);
        expect(y).toBeLessThanOrEqual(r.bbox.y + r.bbox.h + 1);
      }
    }
    // The badge text sits where it was drawn.
    const badge = data.regions.find((r) => r.text === "限时特价")!;
    expect(badge.bbox.x).toBeGreaterThan(280);
    expect(badge.bbox.y).toBeGreaterThan(220);
  });

  it("finds rotated and small text with polygons in original coordinates", async () => {
    const image = await drawImage(520, 360, [
      { text: "新品上市", x: 60, y: 120, size: 40, face: scBold, rotate: 18 },
      { text: "正品保证 七天无理由退换", x: 40, y: 320, size: 14, face: sc },
    ]);
    const { groups } = await engine.recognize(image, { sourceLanguage: "zh" });
    const rotated = groups.find((g) => g.text.includes("新品上市"));
    expect(rotated, groups.map((g) => g.text).join("|")).toBeDefined();
    expect((quadAngle(rotated!.quad) * 180) / Math.PI).toBeCloseTo(18, -0.5);
    expect(groups.some((g) => normalizeForScoring(g.text).includes("正品保证"))).toBe(true);
  });

  it("keeps English readings in Latin letters for source en", async () => {
    const image = await drawImage(400, 120, [{ text: "SALE 50% OFF", x: 30, y: 80, size: 44, face: scBold }]);
    const data = await engine.ocr(image, { sourceLanguage: "en" });
    expect(data.regions.map((r) => r.text)).toEqual(["SALE 50% OFF"]);
  });

  it("reads Japanese lines with tesseract, for ja and for auto", async () => {
    const image = await drawImage(460, 140, [
      { text: "送料無料セール", x: 30, y: 90, size: 48, face: scBold },
    ]);
    for (const sourceLanguage of ["ja", "auto"] as const) {
      const data = await engine.ocr(image, { sourceLanguage });
      expect(normalizeForScoring(data.regions.map((r) => r.text).join(""))).toBe("送料無料セール");
    }
  });
});

describe("translate", () => {
  it("returns the render=false data in the spec's shape with the translations", async () => {
    const out = await engine.translate(poster, {
      sourceLanguage: "zh",
      targetLanguage: "en",
      translator: dictionary,
      render: false,
    });
    if (out.kind !== "data") throw new Error("expected data");
    expect(() => TranslateDataSchema.parse(out.data)).not.toThrow();
    expect(out.data.regions_count).toBe(out.data.regions.length);
    const byText = Object.fromEntries(out.data.regions.map((r) => [r.text, r]));
    expect(byText.全场包邮?.text_kr).toBe("Free shipping storewide");
    expect(byText.限时特价).toMatchObject({ text_kr: "Limited offer", is_badge: true, font_weight: "Bold" });
    expect(byText.全场包邮?.is_badge).toBe(false);
    // The erased image is a JPEG of the same size.
    const jpeg = Uint8Array.from(atob(out.data.inpainted_base64), (c) => c.charCodeAt(0));
    const decoded = await new NodeImageCodec().decode(jpeg, "jpeg");
    expect([decoded.image.width, decoded.image.height]).toEqual([480, 320]);
  });

  it("draws a JPEG, reporting regions replaced, with progress in stage order", async () => {
    const stages: EngineStage[] = [];
    const out = await engine.translate(poster, {
      sourceLanguage: "zh",
      targetLanguage: "en",
      translator: dictionary,
      onProgress: (e) => {
        if (e.progress === 0) stages.push(e.stage);
      },
    });
    if (out.kind !== "image") throw new Error("expected an image");
    expect(out.contentType).toBe("image/jpeg");
    expect([out.image[0], out.image[1]]).toEqual([0xff, 0xd8]);
    // "Free Shipping" is not in the dictionary for en: kept, so not replaced.
    expect(out.regionsCount).toBe(2);
    expect(stages).toEqual(["decode", "detect", "read", "analyze", "translate", "erase", "render", "encode"]);
  });

  it("returns the original bytes untouched when there is no text", async () => {
    const blank = await drawImage(200, 150, [], { background: "#88aacc" });
    const out = await engine.translate(blank, {
      sourceLanguage: "zh",
      targetLanguage: "en",
      translator: dictionary,
    });
    expect(out).toMatchObject({ kind: "image", regionsCount: 0, contentType: "image/png" });
    if (out.kind === "image") expect(out.image).toBe(blank);
  });

  it("is TRANSLATION_FAILED only when nothing could be translated", async () => {
    const failing: Translator = {
      name: "down",
      translateBatch: async (texts) =>
        texts.map((text) => ({ text, status: "failed" as const, provider: "down", reason: "offline" })),
    };
    await expect(
      engine.translate(poster, { sourceLanguage: "zh", targetLanguage: "en", translator: failing }),
    ).rejects.toMatchObject({ code: "TRANSLATION_FAILED", message: expect.stringContaining("offline") });
  });

  it("stops on an AbortSignal, before or during the work", async () => {
    const before = new AbortController();
    before.abort();
    await expect(engine.ocr(poster, { sourceLanguage: "zh", signal: before.signal })).rejects.toThrow(
      /abort/i,
    );
    const during = new AbortController();
    const seen: EngineStage[] = [];
    await expect(
      engine.translate(poster, {
        sourceLanguage: "zh",
        targetLanguage: "en",
        translator: dictionary,
        signal: during.signal,
        onProgress: (e) => {
          seen.push(e.stage);
          if (e.stage === "detect" && e.progress === 1) during.abort();
        },
      }),
    ).rejects.toThrow(/abort/i);
    expect(seen).not.toContain("render");
  });

  it("checks the script gate before any work on the image", async () => {
    const stages: EngineStage[] = [];
    const hanna = new Uint8Array(await engine.ports.assets.load("fonts/BMHANNAPro.ttf"));
    await expect(
      engine.translate(poster, {
        sourceLanguage: "zh",
        targetLanguage: "ar",
        translator: dictionary,
        font: "user/hanna",
        userFont: { ref: "user/hanna", bytes: hanna },
        onProgress: (e) => stages.push(e.stage),
      }),
    ).rejects.toMatchObject({ code: "FONT_GLYPH_COVERAGE" });
    expect(stages).toEqual([]);
  });

  it("draws a Korean translation of a Chinese picture without loading the Chinese fallback font", async () => {
    const loaded: string[] = [];
    const base = createNodePorts();
    const counting = new ImageEngine({
      ...base,
      onnx: engine.ports.onnx,
      assets: {
        load: (key) => {
          loaded.push(key);
          return base.assets.load(key);
        },
      },
    });
    const korean = createDictionaryTranslator({
      entries: {},
      byTarget: {
        ko: { 全场包邮: "전 품목 무료 배송", "Free Shipping": "무료 배송", 限时特价: "기간 한정 특가" },
      },
    });
    const out = await counting.translate(poster, {
      sourceLanguage: "zh",
      targetLanguage: "ko",
      translator: korean,
    });
    expect(out).toMatchObject({ kind: "image" });
    if (out.kind === "image") expect(out.regionsCount).toBeGreaterThan(0);
    expect(loaded.filter((key) => key.startsWith("fonts/"))).not.toEqual([]);
    // NotoSansSC is two 8 MB faces kept for the life of the process: only a text with Han needs them.
    expect(loaded.filter((key) => key.includes("NotoSansSC"))).toEqual([]);
  });
});

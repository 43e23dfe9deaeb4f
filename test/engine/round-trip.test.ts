/**
 * Round trip: the engine's own OCR reads the English it drew, and finds almost nothing of the original
 * text on the erased image. Scenes are generated (Chinese text on plain, gradient and photo-like grounds,
 * some on badges); the translator is a dictionary, since the translator is not what is tested here.
 */
import { afterAll, describe, expect, it } from "vitest";
import { normalizeForScoring, scoreLines } from "../../src/engine/eval/text-metrics.ts";
import { createNodeEngine } from "../../src/engine/node/create-node-engine.ts";
import { createDictionaryTranslator } from "../../src/engine/testing/dictionary-translator.ts";
import { SceneGenerator } from "./support/synthetic-scenes.ts";

const ENGLISH: Record<string, string> = {
  限时特价: "Limited Offer",
  新品上市: "New Arrival",
  全场包邮: "Free Shipping",
  正品保证: "Genuine",
  热卖推荐: "Best Seller",
  买一送一: "Buy One Get One",
  今日特惠: "Today Only",
  品质保障: "Top Quality",
  限時特價: "Limited Offer",
  品質保證: "Top Quality",
  熱賣推薦: "Best Seller",
};

const engine = createNodeEngine();
afterAll(() => engine.dispose());

describe("round trip", () => {
  it("reads back the drawn translations and finds at most 10% of the originals after erasing", async () => {
    const generator = new SceneGenerator();
    const translator = createDictionaryTranslator({ entries: ENGLISH });
    let originals = 0;
    let stillFound = 0;
    const expected: string[] = [];
    const read: string[] = [];
    for (const [i, ground] of (
      ["plain", "gradient", "photo", "plain", "gradient", "photo"] as const
    ).entries()) {
      const scene = await generator.scene(9100 + i, ground, 640, 480, { hanOnly: true });
      const common = { sourceLanguage: "zh" as const, targetLanguage: "en", translator, font: "Pretendard" };
      const data = await engine.translate(scene.jpeg, { ...common, render: false });
      if (data.kind !== "data") throw new Error("expected data");
      const before = data.data.regions.filter((r) => ENGLISH[normalizeForScoring(r.text)] !== undefined);
      originals += before.length;
      const erased = Uint8Array.from(atob(data.data.inpainted_base64), (c) => c.charCodeAt(0));
      const after = await engine.ocr(erased, { sourceLanguage: "zh" });
      const afterText = normalizeForScoring(after.regions.map((r) => r.text).join(""));
      stillFound += before.filter((r) => scoreLines([r.text], [afterText])[0]!.found).length;

      const drawn = await engine.translate(scene.jpeg, common);
      if (drawn.kind !== "image") throw new Error("expected an image");
      const back = await engine.ocr(drawn.image, { sourceLanguage: "en" });
      expected.push(...before.map((r) => ENGLISH[normalizeForScoring(r.text)]!));
      read.push(...back.regions.map((r) => r.text));
    }
    console.info(
      `round trip: ${originals} original regions, ${stillFound} still found after erasing; read back ${JSON.stringify(read)} for ${JSON.stringify(expected)}`,
    );
    expect(originals).toBeGreaterThanOrEqual(10);
    expect(stillFound / originals).toBeLessThanOrEqual(0.1);
    const scores = scoreLines(expected, read);
    const cer = scores.reduce((s, x) => s + x.errors, 0) / scores.reduce((s, x) => s + x.chars, 0);
    expect(scores.filter((s) => s.found).length / scores.length).toBeGreaterThanOrEqual(0.9);
    expect(cer).toBeLessThanOrEqual(0.1);
  }, 240_000);
});

import { beforeAll, describe, expect, it } from "vitest";
import { translateMatchTitles } from "../../src/extension/compare/match-titles.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { Translator } from "../../src/translate/port.ts";

/** The side panel's match titles through the embedded translator the extension carries. */
let translator: Translator;
beforeAll(async () => {
  translator = createEmbeddedTranslator({ data: await loadEmbeddedDataFromDisk() });
}, 60_000);

const CHINESE = "2024新款 Everpeak 连衣裙 轻便 耐用 礼盒装 灰色 NZ-6104";
const JAPANESE = "Everpeak ワンピース ギフト対応 丈夫で長持ち 軽量 グレー NZ-6104";
const ENGLISH = "Everpeak Summer Dress Lightweight, Durable Gray NZ-6104";

describe("match titles in the seller's language", () => {
  it("translates Chinese, Japanese and English titles into Korean, keeping the brand and model number", async () => {
    const titles = await translateMatchTitles([CHINESE, JAPANESE, ENGLISH, CHINESE], translator, "ko");
    expect(titles.size).toBe(3);
    for (const source of [CHINESE, JAPANESE, ENGLISH]) {
      const korean = titles.get(source)!;
      expect(korean, source).toMatch(/원피스/);
      expect(korean).toContain("Everpeak");
      expect(korean).toContain("NZ-6104");
      expect(korean).not.toMatch(/[\u3040-\u30ff]|连衣裙/);
    }
  });

  it("translates into English for an English-speaking seller and leaves English titles as written", async () => {
    const titles = await translateMatchTitles([CHINESE, ENGLISH], translator, "en");
    expect(titles.get(CHINESE)).toMatch(/Everpeak Dress/);
    expect(titles.has(ENGLISH)).toBe(false);
  });
});

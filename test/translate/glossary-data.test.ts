import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toSimplified } from "../../src/translate/embedded/chinese-variants.ts";
import { DATA_FILES } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { sameSense } from "../../src/translate/embedded/lexicon.ts";
import { DATA_DIR } from "../../src/translate/node/load-embedded-data.ts";
import { isCoherent } from "../../src/translate/scripts.ts";
import { embeddedData } from "./support.ts";

describe("the shipped glossary and dictionaries", () => {
  it("parse without a single malformed line", async () => {
    const data = await embeddedData();
    expect(data.issues).toEqual([]);
    expect(DATA_FILES.glossaries.length).toBeGreaterThan(5);
  });

  it("hold thousands of reviewed source forms per source language", async () => {
    const data = await embeddedData();
    expect(data.glossaryEntries.zh).toBeGreaterThanOrEqual(2000);
    expect(data.glossaryEntries.ja).toBeGreaterThanOrEqual(2000);
    expect(data.glossaryEntries.en).toBeGreaterThanOrEqual(2000);
  });

  it("write every Korean and English cell in its own script", async () => {
    const data = await embeddedData();
    const bad: string[] = [];
    for (const lexicon of Object.values(data.lexicons)) {
      for (const [key, entry] of lexicon.entries) {
        if (entry.kind !== "glossary") continue;
        if (entry.out.ko !== undefined && !isCoherent(entry.out.ko, "ko"))
          bad.push(`${key} -> ${entry.out.ko}`);
        if (entry.out.en !== undefined && !isCoherent(entry.out.en, "en"))
          bad.push(`${key} -> ${entry.out.en}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("fall back to the dictionaries for words outside the glossary", async () => {
    const data = await embeddedData();
    expect(data.lexicons.zh.entries.get("鹦鹉")?.out.en).toBe("parrot");
    expect(data.lexicons.ja.entries.get("価格")?.kind).toBe("glossary");
    expect(data.lexicons.ja.entries.get("材料")?.out.ko).toBe("재료");
  });
});

describe("the regional Chinese table (zh-regional.tsv)", () => {
  it("reads each Taiwan or Hong Kong word as its mainland row, keyed as OpenCC reads the shop's spelling", async () => {
    const data = await embeddedData();
    const text = await readFile(join(DATA_DIR, DATA_FILES.zhRegional), "utf8");
    const rows = text
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"))
      .map((l) => l.split("\t"));
    expect(rows.length).toBeGreaterThan(50);
    const wrong = rows.filter(([form = "", mainland = "", written = ""]) => {
      const entry = data.lexicons.zh.entries.get(form);
      return (
        toSimplified(written) !== form || entry?.out.ko !== data.lexicons.zh.entries.get(mainland)?.out.ko
      );
    });
    expect(wrong).toEqual([]);
  });

  it("lets traditional shop wording through the mainland glossary", async () => {
    const translator = createEmbeddedTranslator({ data: await embeddedData() });
    const texts = ["洗髮精", "智慧型手機支架", "運費另計", "衞生紙", "高CP值"];
    const out = await translator.translateBatch(texts, "zh", "ko");
    expect(out.map((r) => r.text)).toEqual([
      "샴푸",
      "스마트폰 거치대",
      "배송비 별도",
      "화장지",
      "높은 가성비",
    ]);
  });
});

describe("the Sino-Korean fallback for Chinese", () => {
  it("skips false friends whose Japanese spelling means something else", async () => {
    const data = await embeddedData();
    // 手纸 is toilet paper in Chinese, 手紙 a letter in Japanese; 勉强 is "reluctantly", 勉強 "study".
    expect(data.lexicons.zh.entries.get("手纸")?.out.ko).toBeUndefined();
    expect(data.lexicons.zh.entries.get("勉强")?.out.ko).toBeUndefined();
    expect(sameSense("stage", "stairs")).toBe(false);
    expect(sameSense("material", "materials; ingredients")).toBe(true);
    // Shared words with the same sense keep their reading.
    expect(data.lexicons.zh.entries.get("价格")?.out.ko).toBe("가격");
  });
});

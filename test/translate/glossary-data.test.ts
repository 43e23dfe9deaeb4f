import { describe, expect, it } from "vitest";
import { DATA_FILES } from "../../src/translate/embedded/embedded-data.ts";
import { sameSense } from "../../src/translate/embedded/lexicon.ts";
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

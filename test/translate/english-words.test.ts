import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { englishStems } from "../../src/translate/embedded/transfer/word-transfer.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { Translator } from "../../src/translate/port.ts";

/**
 * English words no glossary row or rule knows, read through the general word list built from kengdic
 * (resources/transfer/en-ko-kengdic.tsv, src/translate/node/build-english-korean.ts): each behaviour from
 * its table of examples. Words are from the development sets and the list itself, never the held-out sets.
 */
let data: EmbeddedData;
let translator: Translator;
beforeAll(async () => {
  data = await loadEmbeddedDataFromDisk();
  translator = createEmbeddedTranslator({ data });
});

const ko = async (text: string) => {
  const [r] = await translator.translateBatch([text], "en", "ko");
  return r!;
};

describe("the stems an inflected word is looked up by", () => {
  it.each([
    ["victories", "victory"],
    ["shoes", "shoe"],
    ["boxes", "box"],
    ["requested", "request"],
    ["used", "use"],
    ["stopped", "stop"],
    ["copied", "copy"],
    ["warning", "warn"],
    ["making", "make"],
    ["running", "run"],
  ])("%s -> %s", (word, stem) => {
    expect(englishStems(word)).toContain(stem);
  });

  it("never a stem of one letter, never longer than the word", () => {
    for (const w of ["bed", "is", "used", "sing"])
      for (const stem of englishStems(w)) {
        expect(stem.length).toBeGreaterThanOrEqual(2);
        expect(stem.length).toBeLessThanOrEqual(w.length);
      }
    expect(englishStems("is")).toEqual(["is"]);
  });
});

describe("words through the general list", () => {
  it.each([
    // nouns as they are, plural and past forms by their stem
    ["victories", "승리"],
    ["agriculture", "농업"],
    ["requested copies", "부탁 복사"],
    // adjectives as modifiers before a noun, -ly as the adjective's adverb
    ["elegant comb", "우아한 빗"],
    ["sadly", "슬프게"],
    // a line in capitals: words Korean has are written, its function words left out
    ["IT'S A GOOD START", "좋은 시작입니다"],
    ["Quick Start Guide", "빠른 시작 가이드"],
    // a known word's possessive is the word with 의; a name's possessive is the name in Hangul
    ["NATURE'S GIFT", "자연의 선물"],
    ["MACDONALD'S", "막도날드"],
    // "point" is the word, not the Japanese badge row POINT
    ["12 point text", "12 포인트 텍스트"],
  ])("%s -> %s", async (text, expected) => {
    const r = await ko(text);
    expect(r.status).toBe("translated");
    expect(r.text).toBe(expected);
  });

  it("says the words came from word-level transfer", async () => {
    const r = await ko("sadly");
    expect(r.origin?.words).toBe(1);
  });
});

describe("care-label wording (en-words.tsv care labels; except after its noun)", () => {
  it.each([
    ["DRY CLEAN ANY", "드라이클리닝 모든"],
    ["DO NOT TUMBLE DRY", "건조기 사용 금지"],
    ["Dry Clean Only", "드라이클리닝만 가능"],
    ["DRY CLEAN ANY SOLVENT EXCEPT TRICHLOROETHYLENE", "모든 용제로 드라이클리닝 트리클로로에틸렌 제외"],
    ["Except Sundays", "일요일 제외"],
    // warnings: Do Not + the act, as Korean labels write them
    ["DO NOT TOUCH", "만지지 마세요"],
    ["Do Not Use", "사용 금지"],
  ])("%s -> %s", async (text, expected) => {
    expect((await ko(text)).text).toBe(expected);
  });
});

describe("what stays in Latin, as Korean shops print it", () => {
  it.each([
    // a lone capital letter is a grade or a size, not the article
    ["Grade A", /A$/],
    // a brand the lists do not know, a model code
    ["Anker Power Bank", /^Anker /],
    ["Model X200", /X200$/],
    // a name with a surname that is also a word (not Octavia 언덕), alone or in a sentence
    ["Octavia Hill", /^Octavia Hill$/],
    ["Established by Octavia Hill in 1887", /^1887년 Octavia Hill이 설립$/],
  ])("%s", async (text, expected) => {
    expect((await ko(text)).text).toMatch(expected);
  });
});

describe("the list as shipped", () => {
  const file = new URL("../../src/translate/resources/transfer/en-ko-kengdic.tsv", import.meta.url);
  const rows = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"));

  it("is small enough for the extension and well formed", () => {
    expect(readFileSync(file).length).toBeLessThan(2_000_000);
    expect(rows.length).toBeGreaterThan(3000);
    for (const [en, korean, kind, adverb, level] of rows) {
      expect(en).toMatch(/^[a-z][a-z'-]*$/);
      expect(korean).toMatch(/^\p{Script=Hangul}+$/u);
      expect(["n", "m", "a"]).toContain(kind);
      expect(adverb === "-" || /^\p{Script=Hangul}+$/u.test(adverb ?? "")).toBe(true);
      expect("ABCD").toContain(level);
    }
  });
});

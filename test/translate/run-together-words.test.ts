/**
 * English lines the OCR read without some of their spaces, and English words a Korean translation must
 * not carry: each rule from its table of examples.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedData } from "../../src/translate/embedded/embedded-data.ts";
import { createEmbeddedTranslator } from "../../src/translate/embedded/embedded-translator.ts";
import { leftoverEnglish } from "../../src/translate/embedded/leftover-english.ts";
import { restoreWordSpaces } from "../../src/translate/embedded/run-together-words.ts";
import { loadEmbeddedDataFromDisk } from "../../src/translate/node/load-embedded-data.ts";
import type { Translator } from "../../src/translate/port.ts";

let data: EmbeddedData;
let translator: Translator;
beforeAll(async () => {
  data = await loadEmbeddedDataFromDisk();
  translator = createEmbeddedTranslator({ data });
});

describe("spaces restored in run-together English (the WHO poster of easyocr_english.png, as read)", () => {
  it.each([
    ["Cover noseand mouthwhencoughing and", "Cover nose and mouth when coughing and"],
    ["oralcohol-basedhandrub", "or alcohol-based hand rub"],
    ["coldorflu-likesymptoms", "cold or flu-like symptoms"],
    ["Reduceyourriskof", "Reduce your risk of"],
    ["thisisatest", "this is a test"],
    // Left alone: known words, names that spell two words, short runs, lines in capitals.
    ["dishwasher safe", "dishwasher safe"],
    ["unbreakable", "unbreakable"],
    ["Greenstead", "Greenstead"],
    ["ipx7", "ipx7"],
    ["WATERPROOFCASE", "WATERPROOFCASE"],
  ])("%s -> %s", (read, restored) => {
    expect(restoreWordSpaces(read, data.lexicons.en.englishWords!)).toBe(restored);
  });

  it("translates the restored words rather than spelling the run in Hangul", async () => {
    const [r] = await translator.translateBatch(["Cleanhandswithsoapandwater"], "en", "ko");
    expect(r).toMatchObject({ status: "translated" });
    expect(r!.text).toContain("비누");
    expect(r!.text).toContain("손");
  });
});

describe("English words left in a Korean translation", () => {
  it.each([
    ["또는 술 바닥 손 rub", "or alcohol-based hand rub", ["rub"]],
    ["최대 50 lbs 지지", "Holds Up to 50 lbs", []],
    ["순중량 16 oz", "Net Wt 16 oz", []],
    ["Amazon.co.uk 지금 배송", "Amazon.co.uk now delivers", []],
    ["Anker PowerCore 10000 휴대용 충전기", "Anker PowerCore 10000 Portable Charger", []],
  ] as const)("%s (from %s) leaves %j", (output, source, left) => {
    expect(leftoverEnglish(output, source)).toEqual(left);
  });

  it("keeps a line the transfer could only half translate, rather than draw it in two scripts", async () => {
    const [r] = await translator.translateBatch(["oralcohol-basedhandrub"], "en", "ko");
    expect(r).toMatchObject({ status: "kept", text: "oralcohol-basedhandrub" });
  });
});

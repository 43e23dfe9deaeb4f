import { describe, expect, it } from "vitest";
import type { LineGroup } from "../../src/engine/group-lines.ts";
import { translateGroups } from "../../src/engine/translate-stage.ts";
import type { TranslationResult, Translator } from "../../src/translate/port.ts";

/** Only the texts matter to the translate stage; the geometry and analysis of a real group are not read. */
function group(...lines: string[]): LineGroup {
  const text = lines.join("");
  return { lines: lines.map((l) => ({ text: l })), text } as unknown as LineGroup;
}

/** A phrase translator that knows whole phrases only, and records every batch it is sent. */
function phrases(known: Record<string, string>, opts: { throwOnCall?: number } = {}) {
  const batches: string[][] = [];
  const translator: Translator = {
    name: "phrases",
    translateBatch: async (texts) => {
      batches.push([...texts]);
      if (batches.length === opts.throwOnCall) throw new Error("provider down");
      return texts.map(
        (text): TranslationResult =>
          known[text] !== undefined
            ? { text: known[text]!, status: "translated", provider: "phrases" }
            : { text, status: "kept", provider: "phrases", reason: "unknown phrase" },
      );
    },
  };
  return { translator, batches };
}

const CARE = { 不可漂白: "표백 금지", 悬挂晾干: "걸어서 건조", 常规程序: "표준 코스" };

describe("translate stage: a region of several lines", () => {
  it("is sent whole first, and takes its lines' translations when the whole is unknown", async () => {
    const { translator, batches } = phrases(CARE);
    const [care] = await translateGroups([group("常规程序", "不可漂白", "悬挂晾干")], "zh", "ko", translator);
    expect(care).toEqual({
      text: "표준 코스 표백 금지 걸어서 건조",
      status: "translated",
      provider: "phrases",
    });
    expect(batches).toEqual([["常规程序不可漂白悬挂晾干"], ["常规程序", "不可漂白", "悬挂晾干"]]);
  });

  it("keeps the whole translation when there is one (a badge's two lines are one phrase)", async () => {
    const { translator, batches } = phrases({ ...CARE, 限时特价: "기간 한정 특가" });
    const [badge] = await translateGroups([group("限时", "特价")], "zh", "ko", translator);
    expect(badge!.text).toBe("기간 한정 특가");
    expect(batches).toHaveLength(1);
  });

  it("runs the lines together for Chinese and Japanese targets", async () => {
    const { translator } = phrases({ 不可漂白: "漂白不可", 悬挂晾干: "吊り干し" });
    const [care] = await translateGroups([group("不可漂白", "悬挂晾干")], "zh", "ja", translator);
    expect(care!.text).toBe("漂白不可吊り干し");
  });

  it("lets a Latin line stand beside translated ones, never a line still in Chinese", async () => {
    const { translator } = phrases(CARE);
    const [brand, mixed] = await translateGroups(
      [group("Meters/bonwe", "不可漂白"), group("不可漂白", "洗涤说明书附后")],
      "zh",
      "ko",
      translator,
    );
    expect(brand).toMatchObject({ text: "Meters/bonwe 표백 금지", status: "translated" });
    expect(mixed).toMatchObject({ text: "不可漂白洗涤说明书附后", status: "kept" });
  });

  it("does not ask again for a region whose translation failed (a provider error would repeat)", async () => {
    const batches: string[][] = [];
    const flaky: Translator = {
      name: "flaky",
      translateBatch: async (texts) => {
        batches.push([...texts]);
        return texts.map((text, k) =>
          k === 0
            ? { text, status: "failed" as const, provider: "flaky", reason: "timeout" }
            : { text: "특가", status: "translated" as const, provider: "flaky" },
        );
      },
    };
    const out = await translateGroups([group("常规程序", "不可漂白"), group("特价")], "zh", "ko", flaky);
    expect(out.map((r) => r.status)).toEqual(["failed", "translated"]);
    expect(batches).toHaveLength(1);
  });

  it("leaves single lines and translated regions alone, and survives a failing retry", async () => {
    const { translator, batches } = phrases(CARE, { throwOnCall: 2 });
    const out = await translateGroups(
      [group("洗涤说明书附后"), group("常规程序", "不可漂白"), group("不可漂白")],
      "zh",
      "ko",
      translator,
    );
    expect(out.map((r) => r.status)).toEqual(["kept", "kept", "translated"]);
    // Only the two-line region was retried, and the retry's failure did not fail the call.
    expect(batches[1]).toEqual(["常规程序", "不可漂白"]);
  });
});

describe("translate stage: an English line only partly translated", () => {
  const partly = phrases({
    "DRY CLEAN ANY": "DRY 깨끗한 ANY",
    "www.example.com": "www. 이그잼플. com",
    "SOLVENT EXCEPT": "용제 이외",
    "Made in Korea": "Made in Korea",
    "Anker PowerCore 10000 Portable Charger": "Anker PowerCore 10000 휴대용 충전기",
    "USB-C Fast Charging Cable": "USB-C 고속 충전 케이블",
    "Reduceyourriskof infection": "Reduceyourriskof 감염",
  }).translator;

  it("is left as it was when its own words stand beside Hangul, never drawn in two scripts", async () => {
    const out = await translateGroups(
      [group("DRY CLEAN ANY"), group("www.example.com"), group("SOLVENT EXCEPT")],
      "en",
      "ko",
      partly,
    );
    expect(out.map((r) => [r.text, r.status])).toEqual([
      ["DRY CLEAN ANY", "kept"],
      ["www.example.com", "kept"],
      ["용제 이외", "translated"],
    ]);
  });

  it("is drawn when the words it keeps are names a Korean shop prints in Latin too", async () => {
    const out = await translateGroups(
      [
        group("Anker PowerCore 10000 Portable Charger"),
        group("USB-C Fast Charging Cable"),
        group("Reduceyourriskof infection"),
      ],
      "en",
      "ko",
      partly,
    );
    expect(out.map((r) => [r.text, r.status])).toEqual([
      ["Anker PowerCore 10000 휴대용 충전기", "translated"],
      ["USB-C 고속 충전 케이블", "translated"],
      // A word in lower case is never a name: the line was only partly translated.
      ["Reduceyourriskof infection", "kept"],
    ]);
  });

  it("is drawn as translated into a Latin target, and the same words count under auto", async () => {
    const [en] = await translateGroups([group("DRY CLEAN ANY")], "en", "en", partly);
    expect(en!.status).toBe("translated");
    const [auto] = await translateGroups(
      [group("DRY CLEAN ANY"), group("SOLVENT EXCEPT")],
      "auto",
      "ko",
      partly,
    );
    expect(auto!.status).toBe("kept");
  });
});

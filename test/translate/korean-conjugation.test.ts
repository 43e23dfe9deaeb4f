import { describe, expect, it } from "vitest";
import {
  copula,
  koreanDerivations,
  koreanForm,
  koreanVerb,
  passiveOf,
  verbForm,
} from "../../src/translate/embedded/korean-conjugation.ts";

// One conjugation serves the English sentences and the Japanese verb forms: the forms of both, and the
// irregular stems (bieup, digeut, siot) that either used to handle on its own.
describe("Korean conjugation", () => {
  it.each([
    ["배송하다", "polite", "배송합니다"],
    ["배송하다", "politePast", "배송했습니다"],
    ["낮추다", "request", "낮춰 주세요"],
    ["보관하다", "honorific", "보관하세요"],
    ["읽다", "honorific", "읽으세요"],
    ["만지다", "prohibit", "만지지 마세요"],
    ["사용하다", "can", "사용할 수 있습니다"],
    ["열다", "can", "열 수 있습니다"],
    ["씻다", "cannot", "씻을 수 없습니다"],
    ["기침하다", "when", "기침할 때"],
    ["읽다", "cond", "읽으면"],
    ["사용하다", "afterDone", "사용한 후에"],
    ["돕다", "cond", "도우면"],
    ["듣다", "cond", "들으면"],
    ["듣다", "polite", "듣습니다"],
    ["걷다", "request", "걸어 주세요"],
    ["쉽다", "adjectiveModifier", "쉬운"],
    ["덥다", "casual", "더워"],
    ["되다", "politePast", "되었습니다"],
  ])("%s in %s is %s", (dictionary, form, expected) => {
    expect(verbForm(dictionary, form as Parameters<typeof verbForm>[1])).toBe(expected);
  });

  it("puts the ending on the auxiliary of a derived predicate", () => {
    const use = koreanVerb("사용하다");
    if (!use) throw new Error("사용하다 is a verb");
    const derive = koreanDerivations;
    expect(koreanForm(derive.negative!(derive.potential!(use)), "polite")).toBe("사용할 수 없습니다");
    expect(koreanForm(derive.progressive!(use), "polite")).toBe("사용하고 있습니다");
  });

  it("gives a Sino-Korean act its passive, the copula, and refuses what is not a verb", () => {
    expect(passiveOf("배송하다", {})).toBe("배송되다");
    expect(passiveOf("열다", { 열다: "열리다" })).toBe("열리다");
    expect(passiveOf("열다", {})).toBeUndefined();
    expect(copula(false)).toEqual(["~입니다"]);
    expect(verbForm("Amazon", "polite")).toBeUndefined();
    expect(verbForm("다", "polite")).toBeUndefined();
  });
});

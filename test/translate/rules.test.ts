import { describe, expect, it } from "vitest";
import { finalConsonant, pickParticle } from "../../src/translate/embedded/hangul.ts";
import {
  parseChineseNumeral,
  percentOffToZhe,
  zheToPercentOff,
} from "../../src/translate/embedded/numbers.ts";
import { matchRules } from "../../src/translate/embedded/rules.ts";
import { normalizeSource, normalizeTarget } from "../../src/translate/languages.ts";
import { parseRoutes, RouteSyntaxError, routeFor } from "../../src/translate/routes.ts";
import { isCoherent } from "../../src/translate/scripts.ts";

describe("numbers", () => {
  it("reads Chinese numerals", () => {
    expect(parseChineseNumeral("两")).toBe(2);
    expect(parseChineseNumeral("十五")).toBe(15);
    expect(parseChineseNumeral("三百")).toBe(300);
    expect(parseChineseNumeral("一万二千")).toBe(12000);
    expect(parseChineseNumeral("包")).toBeUndefined();
  });

  it("turns Chinese discounts into percentages off and back", () => {
    expect(zheToPercentOff("8")).toBe(20);
    expect(zheToPercentOff("8.5")).toBe(15);
    expect(zheToPercentOff("88")).toBe(12);
    expect(zheToPercentOff("0")).toBeUndefined();
    expect(zheToPercentOff("12.5")).toBeUndefined();
    expect(percentOffToZhe(20)).toBe("8");
    expect(percentOffToZhe(15)).toBe("8.5");
  });
});

describe("promotion rules", () => {
  const render = (text: string, family: "zh" | "ja" | "en", lang: "ko" | "en" | "ja" | "zh") =>
    matchRules(text, 0, family)
      .find((m) => m.length === text.length)
      ?.render(lang);

  it("reads Taiwan and Hong Kong shop wording: counts passed, capacities, instalments, units, sizes", () => {
    const cases: Array<[string, string | undefined]> = [
      ["破10万", "10만 돌파"],
      ["破90%", "90% 돌파"],
      ["破万", "1만 돌파"],
      ["64G", "64G"],
      ["分12期0利率", "12개월 무이자 할부"],
      ["分6期", "6개월 할부"],
      ["3期", undefined],
      ["170公分", "170cm"],
      ["500公克", "500g"],
      ["2公升", "2L"],
      ["55吋", "55인치"],
      ["8坪", "8평"],
      ["350c.c.", "350ml"],
      ["120x60x75公分", "120x60x75cm"],
      ["30*20*10cm", "30*20*10cm"],
      ["满$999免运", "$999 이상 무료배송"],
      ["NT$1,290", "NT$1,290"],
      ["突破10万组", "10만 세트 돌파"],
      ["二选一", "2종 중 택1"],
    ];
    expect(cases.map(([text]) => render(text, "zh", "ko"))).toEqual(cases.map(([, ko]) => ko));
    expect(render("突破百万", "zh", "en")).toBe("Over 1,000,000");
    expect(matchRules("64GU盘", 0, "zh").some((m) => m.length === 3)).toBe(true);
  });

  it("renders Chinese promotions as shops in each market write them", () => {
    expect(render("每满300减50", "zh", "ko")).toBe("300위안마다 50위안 할인");
    // 满99包邮 without 元 is still yuan: no shop counts pieces without saying 件.
    expect(render("满99包邮", "zh", "ko")).toBe("99위안 이상 무료배송");
    expect(render("满99元包邮", "zh", "ko")).toBe("99위안 이상 무료배송");
    expect(render("2件包邮", "zh", "en")).toBe("Free shipping on 2+ items");
    expect(render("第2件0元", "zh", "ko")).toBe("두 번째 상품 무료");
    expect(render("88折", "zh", "ko")).toBe("12% 할인");
  });

  it("renders Japanese and English promotions", () => {
    expect(render("3点で1,000円", "ja", "ko")).toBe("3개 1,000엔");
    expect(render("500円OFF", "ja", "en")).toBe("¥500 OFF");
    expect(render("buy 3 get 1 free", "en", "ja")).toBe("3点購入で1点無料");
    expect(render("30% Off", "en", "zh")).toBe("7折");
  });

  it("keeps electrical units and square metres whole, also in a range", () => {
    expect(render("2A", "zh", "ko")).toBe("2A");
    expect(render("15-30m2", "zh", "ko")).toBe("15-30m2");
    expect(render("20m2", "zh", "ko")).toBe("20m2");
  });
});

describe("Korean particles", () => {
  it("choose the form from the last sound", () => {
    expect(pickParticle("책", "을/를")).toBe("을");
    expect(pickParticle("시계", "을/를")).toBe("를");
    expect(pickParticle("서울", "으로/로")).toBe("로");
    expect(pickParticle("집", "으로/로")).toBe("으로");
    expect(pickParticle("열", "으로부터/로부터")).toBe("로부터");
    expect(pickParticle("햇빛", "으로부터/로부터")).toBe("으로부터");
    expect(pickParticle("3", "이/가")).toBe("이");
    // A percentage is read "percent": it ends in a vowel.
    expect(pickParticle("면 100%", "으로/로")).toBe("로");
    expect(pickParticle("항균", "률/율")).toBe("율");
    expect(pickParticle("합격", "률/율")).toBe("률");
    expect(pickParticle("제거", "률/율")).toBe("율");
    expect(finalConsonant("")).toBeUndefined();
  });
});

describe("language codes", () => {
  it("accepts the spec's source aliases and maps targets onto the closed set", () => {
    expect(
      ["ch", "zh", "zh-CN", "zh-TW", "chinese_cht", "ja", "japan", "en", "auto"].map(normalizeSource),
    ).toEqual(["zh", "zh", "zh", "zh-TW", "zh-TW", "ja", "ja", "en", "auto"]);
    expect(normalizeSource("fr")).toBeUndefined();
    expect(["ko", "KO", "zh", "zh-Hant", "ja-JP", "en_US"].map(normalizeTarget)).toEqual([
      "ko",
      "ko",
      "zh-CN",
      "zh-TW",
      "ja",
      "en",
    ]);
    expect(normalizeTarget("tlh")).toBeUndefined();
  });

  it("tells coherent output from mixed scripts", () => {
    expect(isCoherent("무료배송 iPhone 15", "ko")).toBe(true);
    expect(isCoherent("무료配送", "ko")).toBe(false);
    expect(isCoherent("Free 配送", "en")).toBe(false);
    expect(isCoherent("送料無料", "ja")).toBe(true);
  });
});

describe("provider routes", () => {
  it("parses per-pair rules and picks the first match", () => {
    const rules = parseRoutes("zh>ko=papago, ja>ko=papago|deepl, *>en=deepl, *=google|embedded");
    expect(routeFor(rules, "zh", "ko")).toEqual(["papago"]);
    expect(routeFor(rules, "ja", "ko")).toEqual(["papago", "deepl"]);
    expect(routeFor(rules, "zh-TW", "en")).toEqual(["deepl"]);
    expect(routeFor(rules, "en", "ja")).toEqual(["google"]);
    expect(routeFor(parseRoutes(undefined), "zh", "ko")).toEqual([]);
  });

  it("rejects a rule it cannot read or a provider that is not configured", () => {
    expect(() => parseRoutes("zh->ko papago")).toThrow(RouteSyntaxError);
    expect(() => parseRoutes("xx>ko=papago")).toThrow(/unknown source/);
    expect(() => parseRoutes("zh>ko=papago", ["deepl"])).toThrow(/unknown provider "papago"/);
  });
});

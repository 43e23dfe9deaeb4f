// Unit tests of the held-out translation scorer (scripts/eval-translate.ts): the rules that decide
// "acceptable" must themselves be right, or the eval misreports the translator. No translator, no network.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHRF_THRESHOLD,
  chrF,
  extractNumbers,
  findCli,
  judge,
  keptInSourceScript,
  mixesScripts,
  normalize,
  numbersAgree,
  numeralWords,
} from "../../scripts/eval-translate.ts";

const sorted = (s: Set<string>) => [...s].sort();

describe("normalize", () => {
  it("ignores Korean spacing, which shops vary freely", () => {
    expect(normalize("무료 배송", "ko")).toBe(normalize("무료배송", "ko"));
    expect(normalize("  전 상품   무료배송 ", "ko")).toBe("전상품무료배송");
  });

  it("folds case and collapses spaces for English", () => {
    expect(normalize("  Free   SHIPPING ", "en")).toBe("free shipping");
    expect(normalize("Free Shipping!", "en")).toBe(normalize("free shipping", "en"));
  });

  it("applies NFKC, so full-width forms equal their plain forms", () => {
    expect(normalize("１０％ＯＦＦ", "en")).toBe(normalize("10%OFF", "en"));
    expect(normalize("ポイント１０倍", "en")).toBe("ポイント10倍");
    expect(normalize("￥１２９９", "ko")).toBe("¥1299");
  });

  it("drops brackets and decorative marks but keeps %, degrees and numbers intact", () => {
    expect(normalize("【전국 무료배송】", "ko")).toBe("전국무료배송");
    expect(normalize("★4.5", "ko")).toBe("4.5");
    expect(normalize("최고 세탁 온도 30°C", "ko")).toBe("최고세탁온도30°c");
    expect(normalize("할인율 20%!", "ko")).toBe("할인율20%");
  });

  it("writes numbers one way: no thousands separators, ranges with ~, x for ×", () => {
    expect(normalize("¥1,980", "en")).toBe("¥1980");
    expect(normalize("1,000,000+ sold", "en")).toBe("1000000+ sold");
    expect(normalize("6.01-6.03", "ko")).toBe(normalize("6.01~6.03", "ko"));
    expect(normalize("22.5〜25.0cm", "ko")).toBe("22.5~25.0cm");
    expect(normalize("100매 × 3팩", "ko")).toBe(normalize("100매 x 3팩", "ko"));
  });

  it("keeps decimal points and time colons between digits, drops sentence punctuation", () => {
    expect(normalize("Order by 14:00.", "en")).toBe("order by 14:00");
    expect(normalize("Bluetooth 5.3", "en")).toBe("bluetooth 5.3");
  });
});

describe("chrF", () => {
  it("is 1 for identical strings and 0 for strings with no character in common", () => {
    expect(chrF("무료배송", "무료배송")).toBe(1);
    expect(chrF("abc", "xyz")).toBe(0);
    expect(chrF("", "abc")).toBe(0);
  });

  it("matches hand-computed values (precision and recall averaged over the orders both strings have)", () => {
    // n=1: P=R=1/2; n=2: P=R=0 -> P=R=1/4 -> F=1/4
    expect(chrF("ab", "ac")).toBeCloseTo(0.25, 6);
    // n=1: 3/3, 3/4; n=2: 2/2, 2/3; n=3: 1/1, 1/2; n=4: hypothesis has none.
    // P=1, R=(3/4+2/3+1/2)/3=0.638889, F=5PR/(4P+R)=0.688623
    expect(chrF("abc", "abcd")).toBeCloseTo(0.688623, 5);
    // The other way round: P=0.638889, R=1 -> F=5PR/(4P+R)=0.898438
    expect(chrF("abcd", "abc")).toBeCloseTo(0.898438, 5);
  });

  it("ignores whitespace, like sacrebleu's default", () => {
    expect(chrF("free shipping", "freeshipping")).toBe(1);
  });

  it("weights recall: dropping words costs more than adding them", () => {
    const ref = "정품보장";
    expect(chrF("정품보장100%", ref)).toBeGreaterThan(chrF("정품", ref));
  });

  // The calibration behind CHRF_THRESHOLD: paraphrases a shop would accept (but not in a reference list)
  // on one side, wrong translations that share most characters on the other.
  const score = (h: string, r: string, t: "ko" | "en") => chrF(normalize(h, t), normalize(r, t));
  it.each([
    ["200위안 이상 구매하면 30위안 할인", "200위안 이상 구매 시 30위안 할인", "ko"],
    ["어린이 손이 닿지 않는 곳에 보관하십시오", "어린이 손이 닿지 않는 곳에 보관하세요", "ko"],
    ["촬영 조명에 따라 색상 차이가 있을 수 있어요", "촬영 조명에 따라 색상 차이가 있을 수 있습니다", "ko"],
    [
      "한 사이즈 작게 나오니 한 사이즈 큰 것을 주문하세요",
      "한 사이즈 작게 나오니 한 사이즈 크게 주문하세요",
      "ko",
    ],
    ["Free shipping on all orders over ¥99", "Free shipping on orders over ¥99", "en"],
    ["Keep out of the reach of children", "Keep out of reach of children", "en"],
    ["Ships within 24 hrs", "Ships within 24 hours", "en"],
  ] as const)("accepts the paraphrase %s ~ %s", (h, r, t) => {
    expect(score(h, r, t)).toBeGreaterThanOrEqual(CHRF_THRESHOLD);
  });

  it.each([
    ["무료 반품", "무료 배송", "ko"],
    ["7일 이내 무료 교환", "7일 이내 무료 반품", "ko"],
    ["정품 세일", "정품 보장", "ko"],
    ["세탁기 사용 금지", "세탁기 사용 가능", "ko"],
    ["24시간 내 도착", "24시간 내 발송", "ko"],
    ["Free returns", "Free shipping", "en"],
    ["Machine washable", "Hand washable", "en"],
    ["Ships within 24 hours", "Delivered within 24 hours", "en"],
    ["Long-lasting battery", "Long-lasting fragrance", "en"],
  ] as const)("rejects the wrong translation %s for %s", (h, r, t) => {
    expect(score(h, r, t)).toBeLessThan(CHRF_THRESHOLD);
  });
});

describe("numbers", () => {
  it("reads digit numbers by value", () => {
    expect(sorted(extractNumbers("¥1,980（税込）"))).toEqual(["1980"]);
    expect(sorted(extractNumbers("10.0起"))).toEqual(["10"]);
    expect(sorted(extractNumbers("6.01-6.03"))).toEqual(["6.01", "6.03"]);
    expect(sorted(extractNumbers("满２００减３０"))).toEqual(["200", "30"]);
    expect(sorted(extractNumbers("You Save: $20.00 (33%)"))).toEqual(["20", "33"]);
  });

  it("scales a number by the magnitude that follows it, so every notation of a count agrees", () => {
    for (const t of ["月销10万+", "월 판매 10만+", "100K+ sold monthly", "100,000+ sold per month"]) {
      expect(sorted(extractNumbers(t)), t).toEqual(["100000"]);
    }
    expect(sorted(extractNumbers("Over 1 million sold"))).toEqual(["1000000"]);
    expect(sorted(extractNumbers("누적 판매 100만 개 돌파"))).toEqual(["1000000"]);
    expect(sorted(extractNumbers("Ten-billion-yuan subsidy"))).toEqual(
      sorted(extractNumbers("100억 보조금")),
    );
    expect(sorted(extractNumbers("1.5万"))).toEqual(["15000"]);
  });

  it("does not take units or following words for magnitudes", () => {
    expect(sorted(extractNumbers("5kg"))).toEqual(["5"]);
    expect(sorted(extractNumbers("2kW"))).toEqual(["2"]);
    expect(sorted(extractNumbers("100% 만족 보장"))).toEqual(["100"]);
    expect(sorted(extractNumbers("100 천연 소재"))).toEqual(["100"]);
  });

  it("reads number words in translations: English cardinals and ordinals, Korean counted numerals", () => {
    expect(sorted(extractNumbers("Buy one, get one free"))).toEqual(["1"]);
    expect(sorted(extractNumbers("Second item half price"))).toEqual(["2"]);
    expect(sorted(extractNumbers("두 번째 상품 반값"))).toEqual(["2"]);
    expect(sorted(extractNumbers("세 번째 상품 반값"))).toEqual(["3"]);
    expect(sorted(extractNumbers("하나 사면 하나 더"))).toEqual(["1"]);
    expect(sorted(extractNumbers("한 사이즈 크게 주문하세요"))).toEqual(["1"]);
  });

  it("does not see numbers inside ordinary words", () => {
    expect(extractNumbers("한정 수량").size).toBe(0);
    expect(extractNumbers("세탁기 사용 가능").size).toBe(0);
    expect(extractNumbers("두께 업").size).toBe(0);
    expect(extractNumbers("가슴둘레").size).toBe(0);
    expect(extractNumbers("Someone's favorite, done right").size).toBe(0);
    // A duration, not an ordinal.
    expect(sorted(extractNumbers("3-second heating"))).toEqual(["3"]);
  });

  it("knows the source's numeral characters", () => {
    expect(sorted(numeralWords("第二件半价"))).toEqual(["2"]);
    expect(sorted(numeralWords("买一送一"))).toEqual(["1"]);
    expect(numeralWords("送料無料").size).toBe(0);
  });

  it("accepts numbers kept unchanged", () => {
    expect(numbersAgree("满200减30", "200위안 이상 30위안 할인", "200위안 이상 구매 시 30위안 할인")).toBe(
      true,
    );
    expect(numbersAgree("¥1,980", "1980엔", "1,980엔")).toBe(true);
  });

  it("rejects a dropped, changed or invented number", () => {
    const ref = "200위안 이상 구매 시 30위안 할인";
    expect(numbersAgree("满200减30", "200위안 이상 구매 시 할인", ref)).toBe(false);
    expect(numbersAgree("满200减30", "200위안 이상 구매 시 20위안 할인", ref)).toBe(false);
    expect(numbersAgree("包邮", "99위안 이상 무료배송", "무료배송")).toBe(false);
  });

  it("follows the reference where a shop converts the number (8折 is 20% off)", () => {
    const ref = "3개 구매 시 20% 할인";
    expect(numbersAgree("3件8折", "3개 구매 시 20% 할인", ref)).toBe(true);
    expect(numbersAgree("3件8折", "3개 구매 시 8% 할인", ref)).toBe(false);
    expect(numbersAgree("3件8折", "3개 구매 시 80% 할인", ref)).toBe(false);
  });

  it("lets digits stand for the source's numeral characters, but not for other numbers", () => {
    expect(numbersAgree("第二件半价", "2번째 상품 반값", "두 번째 상품 반값")).toBe(true);
    expect(numbersAgree("第二件半价", "세 번째 상품 반값", "두 번째 상품 반값")).toBe(false);
    expect(numbersAgree("买一送一", "1+1", "하나 사면 하나 더")).toBe(true);
  });
});

describe("findCli", () => {
  it("finds nothing where neither scripts/translate-cli.ts nor an npm script translate exists", () => {
    const root = mkdtempSync(join(tmpdir(), "eval-translate-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: { test: "vitest" } }));
    expect(findCli(root)).toBeNull();
    writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: { translate: "tsx x.ts" } }));
    expect(findCli(root)?.describe).toBe("npm run --silent translate");
    rmSync(root, { recursive: true, force: true });
  });
});

describe("script mixing", () => {
  it("flags Hangul mixed with Han or kana for a Korean target", () => {
    expect(mixesScripts("전국 包邮", "ko")).toBe(true);
    expect(mixesScripts("送料 무료", "ko")).toBe(true);
    expect(mixesScripts("포인트 10배 ポイント", "ko")).toBe(true);
  });

  it("accepts Korean with Latin, digits and symbols", () => {
    expect(mixesScripts("【전국 무료배송】", "ko")).toBe(false);
    expect(mixesScripts("50% OFF 세일 ¥1,980 ★4.5 ℃ ～", "ko")).toBe(false);
    expect(mixesScripts("Made in USA", "ko")).toBe(false);
  });

  it("does not call a wholly untranslated Korean-target output mixed, but reports it as kept", () => {
    expect(mixesScripts("送料無料", "ko")).toBe(false);
    expect(keptInSourceScript("送料無料", "ko")).toBe(true);
    expect(keptInSourceScript("무료배송", "ko")).toBe(false);
  });

  it("flags any Han, kana or Hangul left in an English target", () => {
    expect(mixesScripts("Free shipping 包邮", "en")).toBe(true);
    expect(mixesScripts("送料無料", "en")).toBe(true);
    expect(mixesScripts("Free ポイント", "en")).toBe(true);
    expect(mixesScripts("무료 shipping", "en")).toBe(true);
    expect(mixesScripts("Free shipping on orders over ¥99 — 100% ✓", "en")).toBe(false);
  });

  it("reports an English-target output that is the source left whole as kept, and anything less as mixed", () => {
    expect(keptInSourceScript("送料無料", "en", "送料無料")).toBe(true);
    expect(mixesScripts("送料無料", "en", "送料無料")).toBe(false);
    expect(keptInSourceScript("iPhone 15 保护壳", "en", "iPhone 15 保护壳")).toBe(true);
    expect(mixesScripts("iPhone 15 保护壳", "en", "iPhone 15 保护壳")).toBe(false);
    expect(mixesScripts("iPhone 15 case 保护", "en", "iPhone 15 保护壳")).toBe(true);
    expect(mixesScripts("Free 送料", "en", "送料無料")).toBe(true);
    expect(keptInSourceScript("Free shipping", "en", "送料無料")).toBe(false);
  });
});

describe("judge", () => {
  const refs = ["200위안 이상 구매 시 30위안 할인", "200위안 이상 30위안 할인"];

  it("accepts an exact match after normalization", () => {
    const v = judge("满200减30", "200위안 이상 30위안 할인!", refs, "ko");
    expect(v).toMatchObject({ acceptable: true, reason: "exact", closest: refs[1] });
  });

  it("accepts a close wording through chrF", () => {
    const v = judge("满200减30", "200위안 이상 구매하면 30위안 할인", refs, "ko");
    expect(v.acceptable).toBe(true);
    expect(v.reason).toBe("chrF");
    expect(v.score).toBeGreaterThanOrEqual(CHRF_THRESHOLD);
  });

  it("rejects right wording with a wrong number", () => {
    expect(judge("满200减30", "200위안 이상 구매 시 20위안 할인", refs, "ko")).toMatchObject({
      acceptable: false,
      reason: "numbers",
    });
  });

  it("never accepts mixed scripts, even when the rest matches", () => {
    expect(judge("满200减30", "200위안 이상 구매 시 30위안 할인 包邮", refs, "ko")).toMatchObject({
      acceptable: false,
      reason: "mixed-scripts",
    });
  });

  it("rejects empty output and unrelated wording, naming the closest reference", () => {
    expect(judge("满200减30", "   ", refs, "ko")).toMatchObject({ acceptable: false, reason: "empty" });
    const v = judge("满200减30", "무료배송", refs, "ko");
    expect(v).toMatchObject({ acceptable: false, reason: "wording" });
    expect(refs).toContain(v.closest);
  });

  it("accepts the source kept as it is only when a reference keeps it too", () => {
    expect(judge("S M L XL XXL", "S M L XL XXL", ["S M L XL XXL"], "ko").acceptable).toBe(true);
    expect(judge("送料無料", "送料無料", ["무료배송", "무료 배송"], "ko").acceptable).toBe(false);
  });
});
